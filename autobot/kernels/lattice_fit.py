"""The least-squares refit of a board lattice, compiled: numpy's very floats, a third the time.

`lattice.refit_lattice` is called three or four times a read on a few dozen outlines, where
numpy's per-call cost was nearly all of it (~0.1 ms a call). These are its steps over the
same float64 arrays in the same order, sums added up in numpy's own order (`pairwise.np_sum`),
so every mean, slope and origin is numpy's to the bit. `lattice._refit_lattice_reference` is
the numpy version; the tests compare the two.
"""

from __future__ import annotations

import numpy as np

from autobot.kernels.jit import jit
from autobot.kernels.pairwise import np_sum


@jit
def _line(index: np.ndarray, pos: np.ndarray) -> tuple[bool, float, float]:
    """`lattice._line`: (fitted, slope, origin) of positions on lattice indices."""
    n = len(index)
    if n < 2 or index.min() == index.max():
        return False, 0.0, 0.0
    mi = np_sum(index) / n
    mp = np_sum(pos) / n
    di = index - mi
    slope = np_sum(di * (pos - mp)) / np_sum(di * di)
    return True, slope, mp - slope * mi


@jit
def _median(values: np.ndarray) -> float:
    """`statistics.median` of a non-empty float64 array."""
    ordered = np.sort(values)
    n = len(ordered)
    if n % 2:
        return ordered[n // 2]
    return (ordered[n // 2 - 1] + ordered[n // 2]) / 2


@jit
def cells_on(cx: np.ndarray, cy: np.ndarray, bw: np.ndarray, bh: np.ndarray,
             edge: np.ndarray, x: float, y: float, tile: float, height: float, pitch_x: float,
             pitch_y: float, rows: int, cols: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Which outlines sit on a cell of the lattice (its size, a quarter pitch from the cell's
    centre; the whole ones only if three are), and each one's column and row."""
    fc = (cx - x - tile / 2) / pitch_x
    fr = (cy - y - height / 2) / pitch_y
    ic, ir = np.rint(fc), np.rint(fr)
    ok = ((np.abs(fc - ic) < 0.25) & (np.abs(fr - ir) < 0.25) & (ic >= 0) & (ic < cols)
          & (ir >= 0) & (ir < rows) & (np.abs(bw - tile) < 0.15 * tile)
          & (np.abs(bh - height) < 0.15 * height))
    whole = ok & ~edge
    if whole.sum() >= 3:
        ok = whole
    return ok, ic, ir


@jit
def fit_cells(cx: np.ndarray, cy: np.ndarray, ic: np.ndarray, ir: np.ndarray, ok: np.ndarray,
              pitch_x: float, pitch_y: float
              ) -> tuple[bool, np.ndarray, float, float, float, float]:
    """The least-squares pitches and origin over the outlines in `ok`, fitted again without
    those clearly off their cells: (fitted, the outlines kept, pitch x, pitch y, x, y);
    not fitted with fewer than three, or a pitch 15% off the lattice's."""
    px = py = ox = oy = 0.0
    for _ in range(2):
        if ok.sum() < 3:
            return False, ok, 0.0, 0.0, 0.0, 0.0
        cols, xs, rows, ys = ic[ok], cx[ok], ir[ok], cy[ok]
        has_x, slope_x, origin_x = _line(cols, xs)
        has_y, slope_y, origin_y = _line(rows, ys)
        px = slope_x if has_x else (slope_y if has_y else pitch_x)
        py = slope_y if has_y else px
        if not (0.85 * pitch_x < px < 1.15 * pitch_x and 0.85 * pitch_y < py < 1.15 * pitch_y):
            return False, ok, 0.0, 0.0, 0.0, 0.0
        ox = origin_x if has_x else _median(xs - cols * px)
        oy = origin_y if has_y else _median(ys - rows * py)
        off = np.maximum(np.abs(cx - ox - ic * px) / px, np.abs(cy - oy - ir * py) / py)
        keep = ok & (off < 0.06)
        if keep.sum() == ok.sum() or keep.sum() < 3:
            break
        ok = keep
    return True, ok, px, py, ox, oy
