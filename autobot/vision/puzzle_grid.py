"""A square lattice of cells on the screen (a puzzle grid: 0h h1 / Unruly, Sudoku / Solo), found
from the pixels in any theme, and each cell's colour or glyph.

Cells are the flat-coloured squares the grid lines cut the board into: regions of pixels with
no edge between neighbours, square, all of one size, lined up in rows and columns. A cell that
holds a digit or a bevel is still one region around it, so its bounding box is the cell.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class Lattice:
    """Cells' top-left corners in frame pixels: column lefts `xs`, row tops `ys`, cell side."""

    xs: tuple[int, ...]
    ys: tuple[int, ...]
    side: int
    x_ends: tuple[int, ...] = ()  # each column's right edge (exclusive): line widths between
    y_ends: tuple[int, ...] = ()

    @property
    def cols(self) -> int:
        """Cells per row."""
        return len(self.xs)

    @property
    def rows(self) -> int:
        """Cells per column."""
        return len(self.ys)

    def box(self, row: int, col: int) -> tuple[int, int, int, int]:
        """(x0, y0, x1, y1) of one cell."""
        x, y = self.xs[col], self.ys[row]
        return x, y, x + self.side, y + self.side

    def centre(self, row: int, col: int) -> tuple[int, int]:
        """The middle of one cell (where a click goes)."""
        x, y = self.xs[col], self.ys[row]
        return x + self.side // 2, y + self.side // 2

    def crop(self, frame: np.ndarray, row: int, col: int, inset: float = 0.0) -> np.ndarray:
        """One cell's pixels, `inset` of its side trimmed off each edge."""
        x0, y0, x1, y1 = self.box(row, col)
        k = int(round(self.side * inset))
        return frame[y0 + k:y1 - k, x0 + k:x1 - k]


def _steps(frame: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each pixel's biggest channel difference to its right and to its lower neighbour."""
    f = np.ascontiguousarray(frame, dtype=np.uint8)

    def biggest(d: np.ndarray) -> np.ndarray:  # per-channel maximum, without a slow reduce
        return np.maximum(np.maximum(d[..., 0], d[..., 1]), d[..., 2])

    # cv2.absdiff on uint8 is the exact |a - b| (no wrap-around), and fast.
    right = biggest(cv2.absdiff(np.ascontiguousarray(f[:, 1:]), np.ascontiguousarray(f[:, :-1])))
    down = biggest(cv2.absdiff(f[1:, :], f[:-1, :]))
    return right, down


def _edges(frame: np.ndarray, step: int = 24,
           steps: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray:
    """Pixels that differ from their right or lower neighbour by more than `step` (any channel)."""
    right, down = _steps(frame) if steps is None else steps
    e = np.zeros(frame.shape[:2], bool)
    e[:, :-1] |= right > step
    e[:-1, :] |= down > step
    return e


def _runs(values: list[int], tol: int) -> list[int]:
    """Distinct positions of `values`, those within `tol` of each other merged (their median)."""
    out: list[list[int]] = []
    for v in sorted(values):
        if out and v - out[-1][-1] <= tol:
            out[-1].append(v)
        else:
            out.append([v])
    return [int(np.median(g)) for g in out]


# Edge steps tried in turn: a clear line first; then a faint one, as pale cells on a white page
# have (their anti-aliased rounded corners fade in steps below the first, joining the page).
EDGE_STEPS = (24, 8)


def find_lattice(frame: np.ndarray, min_side: int = 8, min_cells: int = 4) -> Lattice | None:
    """The biggest square lattice of equal cells in an RGB frame, or None."""
    best: Lattice | None = None
    steps = _steps(frame)  # once for every edge step
    for step in EDGE_STEPS:
        lat = _find_lattice(frame, min_side, min_cells, step, steps)
        if lat is not None and (best is None or lat.rows * lat.cols > best.rows * best.cols):
            best = lat
    return best


def _find_lattice(frame: np.ndarray, min_side: int, min_cells: int, step: int,
                  steps: tuple[np.ndarray, np.ndarray]) -> Lattice | None:
    """The biggest lattice whose cells are regions with no edge of `step` inside."""
    flat = (~_edges(frame, step, steps)).astype(np.uint8)
    n, _, stats, _ = cv2.connectedComponentsWithStats(flat, connectivity=4)
    boxes = []
    for x, y, w, h, area in stats[1:]:
        if w >= min_side and abs(w - h) <= max(1, w // 12) and area >= 0.3 * w * h:
            boxes.append((int(x), int(y), int(w), int(h)))
    if len(boxes) < min_cells:
        return None
    # The most common side (within a pixel) is the cell; bevels' inner squares are fewer.
    sides = np.array([b[2] for b in boxes])
    best_side, best_count = 0, 0
    for s in np.unique(sides):
        count = int(np.sum(np.abs(sides - s) <= 1))
        if count > best_count or (count == best_count and s > best_side):
            best_side, best_count = int(s), count
    cells = [b for b in boxes if abs(b[2] - best_side) <= 1]
    if len(cells) < min_cells:
        return None
    tol = max(2, best_side // 4)
    xs, ys = _runs([b[0] for b in cells], tol), _runs([b[1] for b in cells], tol)
    # Keep one lattice: the columns/rows evenly spaced around the bulk of the cells.
    xs, ys = _evenly(xs, best_side), _evenly(ys, best_side)
    if len(xs) < 2 or len(ys) < 2:
        return None
    x_ends = [_end([b[0] + b[2] for b in cells if abs(b[0] - x) <= tol], x + best_side)
              for x in xs]
    y_ends = [_end([b[1] + b[3] for b in cells if abs(b[1] - y) <= tol], y + best_side)
              for y in ys]
    return Lattice(tuple(xs), tuple(ys), best_side, tuple(x_ends), tuple(y_ends))


def _end(values: list[int], default: int) -> int:
    return int(np.median(values)) if values else default


def box_groups(lattice: Lattice) -> tuple[int, int]:
    """(box width, box height) in cells from the thicker lines between boxes ((cols, rows)
    when every line is alike)."""
    def size(starts: tuple[int, ...], ends: tuple[int, ...]) -> int:
        gaps = [starts[k + 1] - ends[k] for k in range(len(starts) - 1)]
        if not gaps or max(gaps) - min(gaps) < 1:
            return len(starts)
        thick = [k + 1 for k, g in enumerate(gaps) if g > min(gaps) + (max(gaps) - min(gaps)) / 2]
        return thick[0] if thick else len(starts)
    return size(lattice.xs, lattice.x_ends), size(lattice.ys, lattice.y_ends)


def _evenly(starts: list[int], side: int) -> list[int]:
    """The longest chain of starts each one pitch (side plus a line, < 1.5 sides) apart."""
    best: list[int] = []
    for i in range(len(starts)):
        chain = [starts[i]]
        for v in starts[i + 1:]:
            gap = v - chain[-1]
            if side <= gap <= 1.5 * side:
                chain.append(v)
            elif gap > 1.5 * side:
                break
        if len(chain) > len(best):
            best = chain
    return best


def cell_colours(frame: np.ndarray, lattice: Lattice, inset: float = 0.35) -> np.ndarray:
    """Each cell's middle colour (median RGB of its centre), shape (rows, cols, 3) float."""
    out = np.zeros((lattice.rows, lattice.cols, 3), np.float32)
    for r in range(lattice.rows):
        for c in range(lattice.cols):
            out[r, c] = np.median(lattice.crop(frame, r, c, inset).reshape(-1, 3), axis=0)
    return out


def group_colours(colours: np.ndarray, tol: float = 40.0) -> tuple[np.ndarray, list[np.ndarray]]:
    """Cells grouped by colour (within `tol` per channel of a group's first cell), biggest group
    first: (label per cell, each group's mean colour)."""
    flat = colours.reshape(-1, 3)
    refs: list[np.ndarray] = []
    labels: np.ndarray = np.zeros(len(flat), int)
    for i, c in enumerate(flat):
        for k, ref in enumerate(refs):
            if np.abs(c - ref).max() <= tol:
                labels[i] = k
                break
        else:
            refs.append(c)
            labels[i] = len(refs) - 1
    order = sorted(range(len(refs)), key=lambda k: -int(np.sum(labels == k)))
    rank = {k: n for n, k in enumerate(order)}
    labels = np.array([rank[k] for k in labels]).reshape(colours.shape[:2])
    means = [flat[labels.ravel() == n].mean(axis=0) for n in range(len(refs))]
    return labels, means


@dataclass(frozen=True)
class Glyph:
    """What one cell shows: its ink cropped (0..1, ink high) and the ink's colour, or nothing."""

    crop: np.ndarray | None
    ink: tuple[int, int, int] | None


def cell_glyph(frame: np.ndarray, lattice: Lattice, row: int, col: int) -> Glyph:
    """The glyph drawn in a cell on its own background (None when the cell is blank)."""
    return glyph_of(lattice.crop(frame, row, col, 0.12))


def glyph_of(pixels: np.ndarray) -> Glyph:
    """The glyph drawn on a patch's own background (its border's colour), or nothing."""
    part = pixels.astype(np.int16)
    if part.shape[0] < 3 or part.shape[1] < 3:
        return Glyph(None, None)
    edge = np.concatenate([part[0], part[-1], part[:, 0], part[:, -1]])
    bg = np.median(edge, axis=0)
    diff = np.abs(part - bg).max(axis=2)
    strong = diff > 80
    if strong.sum() < max(6, part.shape[0] * part.shape[1] // 150):
        return Glyph(None, None)
    ys, xs = np.nonzero(strong)
    crop = diff[ys.min():ys.max() + 1, xs.min():xs.max() + 1].astype(np.float32)
    crop = np.clip(crop / max(1.0, float(np.percentile(diff[strong], 90))), 0, 1)
    ink = np.median(part[strong], axis=0)
    return Glyph(crop, (int(ink[0]), int(ink[1]), int(ink[2])))
