"""The letter reader's two hot loops, compiled: a tile's ink level and a glyph's correlation
with every template.

Both give exactly what their numpy references below give (the tests compare them bit for bit
on random and real glyphs): a letter's score is rounded into the read, and a near tie between
two letters must fall the same way whichever version ran.
"""

from __future__ import annotations

import functools

import numpy as np

from autobot.kernels.jit import jit
from autobot.kernels.pairwise import LANES, pairwise_plan


@jit
def _block_scores(columns: np.ndarray, glyph: np.ndarray, lo: int, n: int,
                  out: np.ndarray) -> None:
    """Sum of columns[lo:lo+n] * glyph[lo:lo+n] for every template at once (n <= 128), in the
    order numpy adds one template's products: 8 lanes, then the rest one by one."""
    t = columns.shape[1]
    if n < LANES:
        for b in range(t):
            out[b] = np.float32(-0.0)
        for i in range(n):
            g = glyph[lo + i]
            for b in range(t):
                out[b] += columns[lo + i, b] * g
        return
    lanes = np.empty((LANES, t), np.float32)
    for j in range(LANES):
        g = glyph[lo + j]
        for b in range(t):
            lanes[j, b] = columns[lo + j, b] * g
    i = LANES
    end = n - n % LANES
    while i < end:
        for j in range(LANES):
            g = glyph[lo + i + j]
            for b in range(t):
                lanes[j, b] += columns[lo + i + j, b] * g
        i += LANES
    for b in range(t):
        out[b] = ((lanes[0, b] + lanes[1, b]) + (lanes[2, b] + lanes[3, b])) + \
            ((lanes[4, b] + lanes[5, b]) + (lanes[6, b] + lanes[7, b]))
    while i < n:
        g = glyph[lo + i]
        for b in range(t):
            out[b] += columns[lo + i, b] * g
        i += 1


@functools.cache
def _pairwise_plan(n: int) -> np.ndarray:
    """numpy's pairwise split of an n-long sum (`pairwise.pairwise_plan`), made once per
    length and shared read-only by every call of that length."""
    plan = pairwise_plan(n)
    plan.flags.writeable = False
    return plan


@jit
def _template_scores(columns: np.ndarray, glyphs: np.ndarray, plan: np.ndarray) -> np.ndarray:
    """`template_scores` with its pairwise plan."""
    t = columns.shape[1]
    out = np.empty((glyphs.shape[0], t), np.float32)
    sums = np.empty((plan.shape[0] + 1, t), np.float32)  # a stack of partial sums
    for a in range(glyphs.shape[0]):
        top = 0
        for s in range(plan.shape[0]):
            lo, count = plan[s, 0], plan[s, 1]
            if count >= 0:
                _block_scores(columns, glyphs[a], lo, count, sums[top])
                top += 1
            else:
                for b in range(t):
                    sums[top - 2, b] = sums[top - 2, b] + sums[top - 1, b]
                top -= 1
        out[a] = sums[0]
    return out


def template_scores(columns: np.ndarray, glyphs: np.ndarray) -> np.ndarray:
    """Correlation of each glyph (rows of `glyphs`, float32) with each template (columns of
    `columns`, float32, one template per column): `template_scores_reference`, exactly.

    The templates are columns so that one pass adds a product to every template's sum at
    once (SIMD across templates), keeping each sum's own order of additions.
    """
    return _template_scores(columns, glyphs, _pairwise_plan(columns.shape[0]))


def template_scores_reference(matrix: np.ndarray, glyphs: np.ndarray) -> np.ndarray:
    """The plain way: each glyph's products with each template's row, summed by numpy."""
    return np.stack([(matrix * v).sum(axis=1) for v in glyphs]) if len(glyphs) else \
        np.empty((0, matrix.shape[0]), np.float32)


@jit
def kth_largest_diff(stack: np.ndarray, ring: np.ndarray, k: int) -> np.ndarray:
    """Per uint8 tile of `stack` (n, h, w), the k-th largest |pixel - ring| (float32, as numpy
    computes it): a histogram of the tile's levels, walked from the levels farthest from the
    ring inwards. Equal distances on either side give the same value whichever comes first."""
    n = stack.shape[0]
    out = np.empty(n, np.float32)
    counts = np.empty(256, np.int64)
    for a in range(n):
        counts[:] = 0
        for y in range(stack.shape[1]):
            for x in range(stack.shape[2]):
                counts[stack[a, y, x]] += 1
        r = ring[a]
        lo, hi = 0, 255
        seen = 0
        value = np.float32(0.0)
        while lo <= hi:
            d_lo = np.abs(np.float32(lo) - r)
            d_hi = np.abs(np.float32(hi) - r)
            if d_lo >= d_hi:
                seen += counts[lo]
                value = d_lo
                lo += 1
            else:
                seen += counts[hi]
                value = d_hi
                hi -= 1
            if seen >= k:
                break
        out[a] = value
    return out
