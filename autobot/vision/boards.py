"""Many boards in one frame (Dordle, Quordle ... Duotrigordle): find every board, read each.

Pure steps on an RGB frame: tile outlines at full resolution (the tiles of 32 boards are small)
-> the tile size most outlines share -> outlines linked to their row and column neighbours one
tile pitch away (the gap between two boards is wider than the gap between two tiles) -> each
linked group is one board's lattice -> boards in reading order (board rows top to bottom, left
to right) -> each board read by the single-board reader at its grid.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from autobot.vision import colour, locate
from autobot.vision.colour import delta_e
from autobot.vision.locate.candidates import concentric
from autobot.vision.model import BoardRead, Grid
from autobot.vision.read import read_grid
from autobot.vision.tiles import RING, THIN_RING

SIZE_AGREE = 0.15  # an outline within this share of the common tile size is a tile
TRACE_RATIO = 1.5  # an outline this much larger, on the same centre, traces the same border
PITCH_AGREE = 0.1  # a neighbour this close (share of the pitch) to one pitch away is linked
LINE_AGREE = 0.3  # share of a tile: centres this close are in one row (or column)
MAX_SIDE = 160.0  # px: the largest tile looked for (62 px tiles at a 2x pixel ratio fit)
BAND_PX = 64  # px: the full-size search runs on bands this tall at least (plus an overlap)


@dataclass(frozen=True)
class BoardGeometry:
    """One board of many: its tiles' lattice in frame pixels (x, y: tile (0, 0) top-left)."""

    x: float
    y: float
    pitch_x: float
    pitch_y: float
    tile: float
    tile_h: float
    rows: int
    cols: int
    found: int  # tile outlines seen on the lattice
    cells: frozenset[tuple[int, int]] = field(default=frozenset(), compare=False)
    # A board whose rows are not one lattice (its current row drawn taller): its lattices top
    # to bottom, each read on its own; () for one lattice.
    parts: tuple[BoardGeometry, ...] = field(default=(), compare=False)

    def bbox(self) -> tuple[int, int, int, int]:
        """x0, y0, x1, y1 of the whole board."""
        if self.parts:
            boxes = [p.bbox() for p in self.parts]
            return (min(b[0] for b in boxes), min(b[1] for b in boxes),
                    max(b[2] for b in boxes), max(b[3] for b in boxes))
        x1 = self.x + (self.cols - 1) * self.pitch_x + self.tile
        y1 = self.y + (self.rows - 1) * self.pitch_y + self.tile_h
        return round(self.x), round(self.y), round(x1), round(y1)


def _common_size(boxes: Sequence[locate.Box]) -> float | None:
    """The tile side most outlines agree on (ties: the larger, a board over its letters)."""
    if not boxes:
        return None
    sides = np.array([b.side for b in boxes])
    support = (np.abs(sides[None, :] - sides[:, None]) <= SIZE_AGREE * sides[:, None]).sum(1)
    best = sides[np.lexsort((sides, support))[-1]]
    return float(np.median(sides[np.abs(sides - best) <= SIZE_AGREE * best]))


def _pitch(centres: np.ndarray, across: np.ndarray, side: float) -> float | None:
    """The commonest distance from a tile to its next neighbour on its line (along one axis)."""
    steps = []
    for i in range(len(centres)):
        same = (np.abs(across - across[i]) < LINE_AGREE * side) \
            & (centres > centres[i] + 0.5 * side)
        if same.any():
            step = float(np.min(centres[same] - centres[i]))
            if step < 1.6 * side:
                steps.append(step)
    return float(np.median(steps)) if steps else None


def _groups(links: list[tuple[int, int]], n: int) -> list[list[int]]:
    """Connected groups of linked outlines (union-find)."""
    parent = list(range(n))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for a, b in links:
        parent[root(a)] = root(b)
    out: dict[int, list[int]] = {}
    for i in range(n):
        out.setdefault(root(i), []).append(i)
    return list(out.values())


def _lines(values: np.ndarray, tol: float) -> list[float]:
    """Centres of the rows (or columns) that these tile centres fall on."""
    lines: list[list[float]] = []
    for v in sorted(values):
        if lines and v - lines[-1][-1] < tol:
            lines[-1].append(v)
        else:
            lines.append([v])
    return [float(np.mean(line)) for line in lines]


def _fit(pos: np.ndarray, index: np.ndarray, step: float, fixed: bool = False
         ) -> tuple[float, float]:
    """Least-squares start and step of tile centres `pos` at whole `index` steps (with
    `fixed`, the step is known and only the start is fitted)."""
    if fixed or len(set(index.tolist())) < 2:
        return float(np.mean(pos - index * step)), step
    slope, start = np.polyfit(index, pos, 1)
    return float(start), float(slope)


def _lattice(xs: np.ndarray, ys: np.ndarray, side: float, pitch_x: float, pitch_y: float,
             cols: int, fixed: bool = False) -> list[BoardGeometry]:
    """One linked group's board(s): `cols` columns each (touching boards are cut apart), its
    lattice fitted to every tile centre (a pixel off shows on 27 px tiles)."""
    col_lines = _lines(xs, LINE_AGREE * side)
    row_lines = _lines(ys, LINE_AGREE * side)
    if len(col_lines) < cols:
        return []  # part of a board (cut by the frame's side) or something else
    if len(col_lines) % cols:
        # Boards side by side are whole boards: a row of 9 or 7 squares (a keyboard's) is not.
        return []
    top = row_lines[0]
    tile = side  # the outline's size: the sampling rings are placed from it
    row_of = np.round((ys - top) / pitch_y).astype(int)
    y0, step_y = _fit(ys, row_of, pitch_y, fixed)
    rows = int(row_of.max()) + 1
    out = []
    for start in range(0, len(col_lines) - cols + 1, cols):
        chunk = col_lines[start:start + cols]
        inside = (xs > chunk[0] - pitch_x / 2) & (xs < chunk[-1] + pitch_x / 2)
        col_of = np.round((xs[inside] - chunk[0]) / pitch_x).astype(int)
        x0, step_x = _fit(xs[inside], col_of, pitch_x, fixed)
        if abs(step_x - pitch_x) > PITCH_AGREE * pitch_x:
            continue
        cells = frozenset(zip(row_of[inside].tolist(), col_of.tolist(), strict=True))
        out.append(BoardGeometry(x0 - tile / 2, y0 - tile / 2, step_x, step_y, tile, tile, rows,
                                 cols, len(cells), cells))
    return out


def _outlines(frame: np.ndarray, side: float | None = None) -> list[locate.Box]:
    """Tile outlines at full size (the tiles of 32 boards are small, their gaps 1-2 px: at
    half size they would merge).

    Without `side` (the tile size found in an earlier frame) the whole frame is searched for
    outlines of any tile size; with it only outlines of about that size are kept, band by
    band, which keeps the locator's pairwise steps small.
    """
    grey = cv2.cvtColor(frame, cv2.COLOR_RGB2GRAY)
    if side is None:
        return _outermost(locate.find_candidates(grey, (float(locate.MIN_TILE), MAX_SIDE)))
    sides = (0.75 * side - 1, 1.3 * side + 1)
    band = max(BAND_PX, int(2 * sides[1]))
    overlap = int(1.2 * sides[1]) + 2
    boxes: list[locate.Box] = []
    for top in range(0, grey.shape[0], band):
        y0 = max(0, top - overlap)
        part = locate.find_candidates(grey[y0:min(grey.shape[0], top + band + overlap)], sides)
        boxes += [replace(b, y=b.y + y0) for b in part if top <= b.cy + y0 < top + band]
    return _outermost(boxes)


def _outermost(boxes: list[locate.Box]) -> list[locate.Box]:
    """One outline per tile: the outer trace of a bordered tile, not also its inner one."""
    if not boxes:
        return []
    boxes, near = concentric(boxes)
    # A larger (earlier) outline shares its centre and is a trace of the same border (not
    # much larger): a square of 5 x 5 tiles (a board of five rows) does not hide its middle
    # tile.
    side = np.array([b.side for b in boxes])
    near &= side[:, None] < TRACE_RATIO * side[None, :]
    inner = np.asarray(np.triu(near, 1).any(0)).tolist()
    return [b for b, dropped in zip(boxes, inner, strict=True) if not dropped]


def find_boards(frame: np.ndarray, cols: int = 5, side: float | None = None
                ) -> list[BoardGeometry]:
    """Every board of `cols`-letter rows in the frame, in reading order (board rows top to
    bottom, each left to right); [] if there is no tile lattice. `side`: the tile size seen
    in an earlier frame, if any (a quicker search)."""
    boxes = _outlines(frame, side)
    side = _common_size(boxes)
    if side is None:
        return []
    tiles = [b for b in boxes if abs(b.w - side) <= SIZE_AGREE * side
             and abs(b.h - side) <= SIZE_AGREE * side]
    xs = np.array([b.cx for b in tiles])
    ys = np.array([b.cy for b in tiles])
    pitch_x = _pitch(xs, ys, side)
    pitch_y = _pitch(ys, xs, side) or pitch_x
    if pitch_x is None or pitch_y is None:
        return []
    links = []
    for i in range(len(tiles)):
        dx, dy = xs - xs[i], ys - ys[i]
        beside = (np.abs(dy) < LINE_AGREE * side) & (np.abs(dx - pitch_x) < PITCH_AGREE * pitch_x)
        below = (np.abs(dx) < LINE_AGREE * side) & (np.abs(dy - pitch_y) < PITCH_AGREE * pitch_y)
        links += [(i, int(j)) for j in np.flatnonzero(beside | below)]
    found: list[BoardGeometry] = []
    groups = _groups(links, len(tiles))
    for group in groups:
        found += _lattice(xs[group], ys[group], side, pitch_x, pitch_y, cols)
    if len(found) >= 3:
        # Every board has the same tiles: one pitch fitted over all of them is far surer
        # than each small board's own (a pixel off shows on 27 px tiles), so fit again with it.
        pitch_x = float(np.median([b.pitch_x for b in found]))
        steps_y = [b.pitch_y for b in found if b.rows > 1]
        pitch_y = float(np.median(steps_y)) if steps_y else pitch_y
        found, short = [], []
        for group in groups:
            got = _lattice(xs[group], ys[group], side, pitch_x, pitch_y, cols, fixed=True)
            found += got
            if not got and len(group) >= cols - 1:  # a tile hidden under a badge
                short.append(group)
        # A board whose outlines were missed in a whole column (faint tiles by the next
        # board) lines up with the boards above or below it: it takes their columns.
        for group in short:
            done = _in_columns(xs[group], ys[group], side, pitch_y, found)
            if done is None:
                done = _in_row_of_boards(xs[group], ys[group], side, pitch_x, pitch_y, found,
                                         cols)
            found += [done] if done is not None else []
    boards = _merge_split_rows(_not_keys(found, xs, ys, side))
    return reading_order(with_odd_rows(frame, [_grown(b, xs, ys, side, boards) for b in boards]))


TALL_SPAN = (1.15, 2.6)  # of a tile's height: a row of tiles this much taller is an odd row
EDGE_DIFF = 8  # (max over RGB) a tile's edge differs from the page by more than this
EDGE_SHARE = 0.8  # of a tile's width: its top and bottom edges show across this much


def _page_rgb(frame: np.ndarray, b: BoardGeometry) -> np.ndarray:
    """The page's colour in the gaps between a board's columns."""
    x0, y0, x1, y1 = b.bbox()
    strips = [frame[max(0, y0):y1, round(b.x + c * b.pitch_x + (b.tile + b.pitch_x) / 2)]
              for c in range(b.cols - 1)]
    return np.median(np.concatenate(strips), axis=0).astype(int)


def _odd_row(frame: np.ndarray, b: BoardGeometry, below: bool) -> BoardGeometry | None:
    """The row of tiles one gap below (or above) a board's lattice, in its columns but taller
    than its tiles (a page that draws the row being played larger), as a one-row lattice; None
    if there is none. Measured along each tile's left edge: the run of pixels off the page."""
    h, w = frame.shape[:2]
    if b.cols < 2:
        return None
    gap = b.pitch_y - b.tile_h
    x0, y0, x1, y1 = b.bbox()
    page = _page_rgb(frame, b)
    reach = round(TALL_SPAN[1] * b.tile_h + gap + 3)
    if below:
        ys = np.arange(y1, min(h, y1 + reach))
    else:
        ys = np.arange(y0 - 1, max(-1, y0 - 1 - reach), -1)
    if len(ys) < gap + 3:
        return None  # at the frame's edge
    starts, lengths = [], []
    for c in range(b.cols):
        xl = round(b.x + c * b.pitch_x)
        if xl - 1 < 0 or xl + 3 > w:
            return None
        off = (np.abs(frame[ys, xl - 1:xl + 3].astype(int) - page).max(axis=2) > EDGE_DIFF).any(1)
        first = int(np.argmax(off)) if off.any() else -1
        if first < 0 or first > gap + 3:
            return None
        run = int(np.argmin(off[first:])) if not off[first:].all() else len(off) - first
        if first + run >= len(off):
            return None  # runs past what was looked at (or cut by the frame's edge)
        starts.append(first)
        lengths.append(run)
    if max(starts) - min(starts) > 2 or max(lengths) - min(lengths) > 2:
        return None
    tall = float(np.median(lengths))
    if not TALL_SPAN[0] * b.tile_h <= tall <= TALL_SPAN[1] * b.tile_h:
        return None
    start = float(np.median(starts))
    top = y1 + start if below else y0 - 1 - start - tall + 1
    # Its top and bottom edges run across each tile (not a bar or a scroll thumb).
    for edge in (round(top), round(top + tall - 1)):
        for c in range(b.cols):
            xl = round(b.x + c * b.pitch_x)
            line = frame[edge, xl:xl + round(b.tile)].astype(int)
            if (np.abs(line - page).max(axis=1) > EDGE_DIFF).mean() < EDGE_SHARE:
                return None
    cells = frozenset((0, c) for c in range(b.cols))
    return BoardGeometry(b.x, top, b.pitch_x, tall + gap, b.tile, tall, 1, b.cols, b.cols, cells)


def _joined(parts: list[BoardGeometry]) -> BoardGeometry:
    """One board of lattices stacked top to bottom (its rows numbered through them all)."""
    lattice = max(parts, key=lambda p: p.rows)
    cells: set[tuple[int, int]] = set()
    row = 0
    for p in parts:
        cells |= {(r + row, c) for r, c in p.cells}
        row += p.rows
    first = parts[0]
    return BoardGeometry(first.x, first.y, lattice.pitch_x, lattice.pitch_y, lattice.tile,
                         lattice.tile_h, row, first.cols, len(cells), frozenset(cells),
                         tuple(parts))


def with_odd_rows(frame: np.ndarray, boards: Sequence[BoardGeometry]) -> list[BoardGeometry]:
    """The boards with a taller row just above or below them (the row being played, drawn
    larger), and the lattice past that row in the same columns, joined into one board each."""
    out: list[BoardGeometry] = []
    used: set[int] = set()
    order = sorted(range(len(boards)), key=lambda i: boards[i].y)
    for i in order:
        if i in used:
            continue
        b = boards[i]
        parts = [b]
        odd = _odd_row(frame, b, below=False)
        if odd is not None:
            parts.insert(0, odd)
        odd = _odd_row(frame, b, below=True)
        if odd is not None:
            parts.append(odd)
            gap = b.pitch_y - b.tile_h
            after = odd.y + odd.tile_h + gap
            nxt = next((j for j in order if j not in used and j != i
                        and abs(boards[j].x - b.x) < LINE_AGREE * b.tile
                        and abs(boards[j].y - after) <= max(3.0, gap / 2)), None)
            if nxt is not None:
                used.add(nxt)
                parts.append(boards[nxt])
        out.append(_joined(parts) if len(parts) > 1 else b)
    return out


def _grown(b: BoardGeometry, xs: np.ndarray, ys: np.ndarray, side: float,
           others: Sequence[BoardGeometry] = ()) -> BoardGeometry:
    """The board with the rows just above and below it whose tiles sit on its lattice (two
    or more on its columns one pitch out): a row of tiles whose outlines link to nothing
    below them (tiles of a colour near the page's, under a row of others) is still its row."""
    cols = b.x + b.tile / 2 + np.arange(b.cols) * b.pitch_x

    def on_row(y: float) -> set[int]:
        if any(o is not b and o.bbox()[1] - side / 2 < y < o.bbox()[3] + side / 2
               and o.bbox()[0] < cols[-1] and cols[0] < o.bbox()[2] for o in others):
            return set()  # another board's row
        near = np.abs(ys - y) < PITCH_AGREE * b.pitch_y  # on the lattice's own pitch
        out = set()
        for x in xs[near]:
            c = int(np.argmin(np.abs(cols - x)))
            if abs(cols[c] - x) < LINE_AGREE * side:
                out.add(c)
        return out

    while len(got := on_row(b.y + b.tile_h / 2 - b.pitch_y)) >= 2:
        cells = {(r + 1, c) for r, c in b.cells} | {(0, c) for c in got}
        b = replace(b, y=b.y - b.pitch_y, rows=b.rows + 1, found=len(cells),
                    cells=frozenset(cells))
    while len(got := on_row(b.y + b.tile_h / 2 + b.rows * b.pitch_y)) >= 2:
        cells = set(b.cells) | {(b.rows, c) for c in got}
        b = replace(b, rows=b.rows + 1, found=len(cells), cells=frozenset(cells))
    return b


def _not_keys(boards: list[BoardGeometry], xs: np.ndarray, ys: np.ndarray, side: float
              ) -> list[BoardGeometry]:
    """The boards that are not rows of keys: a keyboard's rows are staggered (a row of squares
    a pitch above or below, across the same columns, set off by part of a pitch), a board's
    rows and the boards of a grid of boards line up."""
    out = []
    for b in boards:
        x0, y0, x1, y1 = b.bbox()
        near = (xs > x0 - b.pitch_x / 2) & (xs < x1 + b.pitch_x / 2) & (
            (np.abs(ys - (y0 + b.tile_h / 2 - b.pitch_y)) < LINE_AGREE * side)
            | (np.abs(ys - (y1 - b.tile_h / 2 + b.pitch_y)) < LINE_AGREE * side))
        off = np.abs(((xs[near] - b.x - b.tile / 2) / b.pitch_x + 0.5) % 1.0 - 0.5)
        if (off > 0.2).sum() >= 2:
            continue
        out.append(b)
    return out


def many_boards(frame: np.ndarray, cols: int = 5, side: float | None = None
                ) -> list[BoardGeometry]:
    """The boards of a many-board page (two or more boards of the same tiles), in reading
    order; [] for one board or none (the one-board reader's case)."""
    boards = find_boards(frame, cols, side)
    if len(boards) < 2:
        return []
    tile = float(np.median([b.tile for b in boards]))
    same = [b for b in boards if abs(b.tile - tile) <= SIZE_AGREE * tile]
    return same if len(same) >= 2 else []


def _in_columns(xs: np.ndarray, ys: np.ndarray, side: float, pitch_y: float,
                boards: Sequence[BoardGeometry]) -> BoardGeometry | None:
    """These tiles as a board in the columns of a board found above or below them, if every
    tile sits in one of its columns; else None."""
    for b in boards:
        centres = b.x + side / 2 + np.arange(b.cols) * b.pitch_x
        col_of = np.round((xs - centres[0]) / b.pitch_x).astype(int)
        off = np.abs(xs - centres[0] - col_of * b.pitch_x)
        if col_of.min() < 0 or col_of.max() >= b.cols or off.max() > LINE_AGREE * side:
            continue
        top = min(ys)
        row_of = np.round((ys - top) / pitch_y).astype(int)
        y0, _ = _fit(ys, row_of, pitch_y, True)
        cells = frozenset(zip(row_of.tolist(), col_of.tolist(), strict=True))
        return BoardGeometry(b.x, y0 - side / 2, b.pitch_x, pitch_y, b.tile, b.tile_h,
                             int(row_of.max()) + 1, b.cols, len(cells), cells)
    return None


def _in_row_of_boards(xs: np.ndarray, ys: np.ndarray, side: float, pitch_x: float,
                      pitch_y: float, boards: Sequence[BoardGeometry], cols: int
                      ) -> BoardGeometry | None:
    """Tiles one column short of a board (its last or first column's outlines hidden: a
    scroll bar over them) as a board at a place of the row of boards beside it, if the boards
    of that row stand at whole steps of one board pitch and one of those places fits; else
    None."""
    col_lines = _lines(xs, LINE_AGREE * side)
    if len(col_lines) != cols - 1 or len(set(np.round((ys - ys.min()) / pitch_y))) < 2:
        return None
    beside = [b for b in boards if b.bbox()[1] < ys.max() and ys.min() < b.bbox()[3]]
    lefts = sorted(b.x for b in beside)
    steps = [b - a for a, b in zip(lefts, lefts[1:], strict=False) if b - a > cols * pitch_x]
    if not steps:
        return None
    step = min(steps)
    first = col_lines[0] - side / 2
    for x in (first, first - pitch_x):  # the missing column on the right, or on the left
        at = (x - lefts[0]) / step
        if abs(at - round(at)) * step > LINE_AGREE * side \
                or any(abs(b.x - x) < pitch_x for b in beside):
            continue
        col_of = np.round((xs - x - side / 2) / pitch_x).astype(int)
        row_of = np.round((ys - ys.min()) / pitch_y).astype(int)
        y0, _ = _fit(ys, row_of, pitch_y, True)
        cells = frozenset(zip(row_of.tolist(), col_of.tolist(), strict=True))
        return BoardGeometry(x, y0 - side / 2, pitch_x, pitch_y, side, side,
                             int(row_of.max()) + 1, cols, len(cells), cells)
    return None


def _merge_split_rows(boards: list[BoardGeometry]) -> list[BoardGeometry]:
    """A board whose middle rows showed no outline (dim tiles), or whose rows did not link
    (tiles of one colour whose 1 px gaps blur into one blob), or that was found twice, is
    one board: join lattices in the same columns whose rows overlap on one lattice or go on
    at whole pitches, 1 to 3 rows after the last."""
    out: list[BoardGeometry] = []
    for b in sorted(boards, key=lambda b: b.y):
        # The nearest lattice above in the same column (columns are matched within a share
        # of a tile: the boards of one column differ by fractions of a pixel in x).
        above = [i for i, o in enumerate(out) if abs(o.x - b.x) < LINE_AGREE * b.tile]
        if above:
            i = max(above, key=lambda i: out[i].y)
            prev = out[i]
            # b's first row as a row of prev's lattice: within prev (the same board found
            # twice, or a row off), or 1 to 3 rows after its last.
            at = (b.y - prev.y) / prev.pitch_y
            row = round(at)
            if row <= prev.rows + 2 and abs(at - row) < PITCH_AGREE:
                rows = max(prev.rows, row + b.rows)
                cells = prev.cells | {(r + row, c) for r, c in b.cells}
                out[i] = BoardGeometry(prev.x, prev.y, prev.pitch_x, prev.pitch_y, prev.tile,
                                       prev.tile_h, rows, prev.cols, len(cells), cells)
                continue
        out.append(b)
    return out


def reading_order(boards: Sequence[BoardGeometry]) -> list[BoardGeometry]:
    """Board rows top to bottom (tops within half a pitch are one board row), left to right."""
    rows: list[list[BoardGeometry]] = []
    for b in sorted(boards, key=lambda b: b.y):
        if rows and abs(b.y - rows[-1][0].y) < 0.5 * b.pitch_y:
            rows[-1].append(b)
        else:
            rows.append([b])
    return [b for row in rows for b in sorted(row, key=lambda b: b.x)]


def board_grid(b: BoardGeometry) -> Grid:
    """The single-board reader's grid for one board."""
    return Grid(b.x, b.y, b.pitch_x, b.pitch_y, b.tile, b.cols, b.rows, b.tile_h)


@dataclass(frozen=True)
class BoardsRead:
    """What one frame of a many-board game shows: each board found, read in today's format."""

    found: bool
    settled: bool  # every board read settled
    boards: tuple[BoardRead, ...]  # in reading order
    geometry: tuple[BoardGeometry, ...] = field(default=(), compare=False)
    reasons: tuple[str, ...] = ()

    @property
    def rows(self) -> tuple[tuple[str, str], ...]:
        """Every board's rows one after another: any change anywhere shows (for the loop)."""
        return tuple(row for b in self.boards if b.found for row in b.rows)

    @property
    def grid(self) -> None:
        """No one grid: each board has its own (`geometry`)."""
        return None

    @property
    def theme(self) -> str | None:
        """The page's theme, as the first board read saw it."""
        return next((b.theme for b in self.boards if b.found), None)

    @property
    def high_contrast(self) -> bool:
        """Any board read in a high-contrast palette."""
        return any(b.high_contrast for b in self.boards)

    def to_json(self) -> dict:
        """The `autobot read --boards --json` dict: one entry per board, as `autobot read`."""
        boards = [b.to_json() for b in self.boards]
        return {"count": len(boards), "boards": boards, "found": self.found,
                "settled": self.settled, "theme": self.theme,
                "high_contrast": self.high_contrast, "reasons": list(self.reasons)}


FILL_DE = 8.0  # Lab distance within which a tile shows the empty-tile fill
FILL_SAME_DE = 1.0  # Lab distance under which a fill learned again is the one already known
NUDGES = ((0, 0), (0, 1), (0, -1), (1, 0), (-1, 0))  # px a board's grid is tried off
BOARD_CACHE_MAX = 512  # board reads kept by their pixels; a long game clears them


def _digest(pixels: np.ndarray) -> bytes:
    """A fingerprint of some pixels (lossless captures repeat exactly)."""
    return hashlib.blake2b(np.ascontiguousarray(pixels).tobytes(), digest_size=16).digest()


def _with_filled_row(frame: np.ndarray, g: BoardGeometry, fill: np.ndarray) -> BoardGeometry:
    """The board with the row under it when that row is empty tiles filled with the page's
    empty-tile colour (not page): their faint outlines on a dark page are easily missed."""
    y = g.y + g.rows * g.pitch_y
    if g.parts or y + g.tile_h > frame.shape[0]:
        return g
    # A band just inside each tile's top edge: above any letter typed or hinted in it.
    top, bottom = max(1, round(g.tile / 12)), max(2, round(g.tile / 6))
    patches, sides = [], []
    for c in range(g.cols):
        x = round(g.x + c * g.pitch_x)
        patches.append(frame[round(y) + top:round(y) + bottom, x + top:x + round(g.tile) - top])
        # And a strip just inside its left edge, top to bottom, left of most letters: a row
        # cut by what lies over the page (a keyboard over a board's scrolling box, in keys
        # of nearly the fill's colour) shows page colour across it somewhere.
        sides.append(frame[round(y) + top:round(y + g.tile_h) - top, x + top:x + bottom])
    gap = frame[round(y + g.tile_h / 2), round(g.x - g.pitch_x / 2):round(g.x) - 1]
    labs = colour.rgb_to_lab(np.array([np.median(p.reshape(-1, 3), axis=0) for p in patches]
                                      + ([np.median(gap, axis=0)] if gap.size else []),
                                      np.uint8))
    near = colour.delta_e(labs, fill) < FILL_DE
    if gap.size and near[-1]:
        return g  # the fill is the page itself: nothing to tell an empty row by
    if not near[:g.cols].all():
        return g
    lines = colour.rgb_to_lab(np.concatenate([np.median(s, axis=1) for s in sides])
                              .astype(np.uint8))
    # Page colour across the strip, where the page is seen beside the row; a letter typed in
    # small tiles may reach the strip (Duotrigordle's D and M in 27 px tiles), and ink is not
    # page. With no page beside the row, every line must show the fill.
    if gap.size:
        cut = bool((colour.delta_e(lines, labs[-1]) < FILL_DE).any())
    else:
        cut = not (colour.delta_e(lines, fill) < FILL_DE).all()
    if cut:
        return g
    return replace(g, rows=g.rows + 1)


def _fill_lab(frame: np.ndarray, geometry: Sequence[BoardGeometry]) -> np.ndarray:
    """The Lab colour of the middle of every tile of these boards (their common fill)."""
    patches = []
    for g in geometry:
        for r in range(g.rows):
            for c in range(g.cols):
                x = round(g.x + c * g.pitch_x + g.tile / 4)
                y = round(g.y + r * g.pitch_y + g.tile_h / 4)
                q = max(1, round(g.tile / 2))
                patches.append(frame[y:y + q, x:x + q].reshape(-1, 3))
    rgb = np.median(np.concatenate(patches), axis=0).astype(np.uint8)
    return colour.rgb_to_lab(rgb[None])[0]


def renumbered(why: str, offset: int) -> str:
    """A vision reason with its row numbers ("tile 3,2", "row 4") moved down `offset` rows."""
    return re.sub(r"\b(tile |row )(\d+)", lambda m: f"{m[1]}{int(m[2]) + offset}", why)


def joined_read(reads: Sequence[BoardRead], rows: Sequence[int], grid: Grid) -> BoardRead:
    """One board's read from the reads of its stacked lattices (`rows` each, top to bottom)."""
    if not all(r.found for r in reads):
        return next(r for r in reads if not r.found)
    out_rows: list[tuple[str, str]] = []
    reasons: list[str] = []
    for r, n in zip(reads, rows, strict=True):
        reasons += [renumbered(why, len(out_rows)) for why in r.reasons]
        out_rows += list(r.rows[:n])
    main = max(reads, key=lambda r: len(r.rows))
    cuts = sorted({c for r in reads if r.cut for c in r.cut.split(",")})
    return BoardRead(True, all(r.settled for r in reads), main.theme, main.high_contrast,
                     tuple(out_rows), grid, tuple(reasons), palette=main.palette,
                     cut=",".join(cuts) or None)


def _unreadable(read: BoardRead) -> int:
    """Tiles a read could not tell (occluded, unknown colour or letter)."""
    if not read.found:
        return 10**6
    return sum(m.count("?") for _, m in read.rows) + sum(lt.count("?") for lt, _ in read.rows)


class BoardsReader:
    """Reads every board of a frame; remembers, for one game, where tile colours sample well.

    Most pages leave a margin between a tile's edge and its letter (the reader's usual ring);
    some (Duotrigordle) fill small tiles with big letters: the ring just inside the edge is
    tried when the usual one finds tiles it cannot tell, and kept when it reads better.
    """

    def __init__(self, cols: int = 5, profile: object | None = None) -> None:
        self.cols = cols
        self.profile = profile
        self.cache: dict = {}  # one glyph cache for all boards: same pixels, same letter
        self.rings = [RING, THIN_RING]
        self.side: float | None = None  # the tile size last seen
        self.blank: list[np.ndarray] = []  # Lab of empty tiles filled with a colour (not page)
        self._frame: tuple[bytes, BoardsRead] | None = None  # the last frame and its read
        self._boards: dict[tuple, BoardRead] = {}  # a board's pixels -> its read

    def read_board_at(self, frame: np.ndarray, geometry: BoardGeometry) -> BoardRead:
        """One board, with the ring that reads best (the last good one first); a board whose
        pixels are the same as in an earlier frame is not read again."""
        x0, y0, x1, y1 = geometry.bbox()
        pad = round(geometry.pitch_x)  # the read also looks just outside the tiles
        region = frame[max(0, y0 - pad):y1 + pad, max(0, x0 - pad):x1 + pad]
        key = (geometry.bbox(), geometry.rows, _digest(region))
        if key not in self._boards:
            if len(self._boards) > BOARD_CACHE_MAX:
                self._boards.clear()
            self._boards[key] = self._read_board_at(frame, geometry)
        return self._boards[key]

    def _read_board_at(self, frame: np.ndarray, geometry: BoardGeometry) -> BoardRead:
        if geometry.parts:
            return joined_read([self.read_board_at(frame, p) for p in geometry.parts],
                               [p.rows for p in geometry.parts], board_grid(geometry))
        grid = board_grid(geometry)
        best: BoardRead | None = None
        # Small tiles leave a pixel or two between the sampling ring and a big letter: a grid a
        # pixel off (an outline measured a pixel out) is tried too before giving up on a tile.
        for dx, dy in NUDGES:
            nudged = replace(grid, x=grid.x + dx, y=grid.y + dy)
            for ring in list(self.rings):
                read = read_grid(frame, nudged, profile=self.profile, cache=self.cache,
                                 ring=ring, blank=self.blank)
                if best is None or _unreadable(read) < _unreadable(best):
                    if best is not None and ring != self.rings[0]:
                        self.rings = [ring] + [r for r in self.rings if r != ring]
                    best = read
                if best.found and _unreadable(best) == 0:
                    return best
        assert best is not None
        return best

    def __call__(self, frame: np.ndarray, *, hint: object = None) -> BoardsRead:
        """Find and read every board in the frame (`hint` is for the one-board reader's
        signature: boards are looked for afresh unless the frame did not change at all)."""
        digest = _digest(frame[::2, ::2])  # any change to a tile shows at half the pixels
        if self._frame is not None and self._frame[0] == digest:
            return self._frame[1]
        geometry = find_boards(frame, self.cols, self.side)
        if not geometry and self.side is not None:
            geometry = find_boards(frame, self.cols)  # the page zoomed or changed
        if not geometry:
            return BoardsRead(False, False, (), (), ("no lattice of tiles",))
        self.side = float(np.median([g.tile for g in geometry]))
        if self.blank:
            geometry = [_with_filled_row(frame, g, self.blank[0]) for g in geometry]
        reads = tuple(self.read_board_at(frame, g) for g in geometry)
        if not any(letters for r in reads for letters, _ in r.rows):
            # Not one letter on any board: a game not begun. Whatever fills these empty tiles
            # (the page, or a colour of its own: Duotrigordle) means "empty" from now on;
            # learned again from every such frame, as a page fading in shows a darker fill
            # in its first frames than once it is still.
            fill = _fill_lab(frame, geometry)
            if not self.blank or float(delta_e(fill[None], self.blank[0])[0]) >= FILL_SAME_DE:
                self.blank = [fill]
                self._boards.clear()
                reads = tuple(self.read_board_at(frame, g) for g in geometry)
        shown = [r for r in reads if r.found]
        reasons = tuple(f"board {i + 1}: {why}" for i, r in enumerate(reads) if r.found
                        for why in r.reasons)
        read = BoardsRead(bool(shown), bool(shown) and all(r.settled for r in shown), reads,
                          tuple(geometry), reasons)
        self._frame = (digest, read)
        return read


def read_boards(frame: np.ndarray, cols: int = 5, profile: object | None = None) -> BoardsRead:
    """Every board in one frame, found and read (a new reader: nothing kept between frames)."""
    return BoardsReader(cols, profile)(frame)
