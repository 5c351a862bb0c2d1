"""The board in the candidates: the best lattice of same-size tiles with one consistent pitch
(five wide, or as wide as the tiles run; 1..12 rows), refitted by least squares.

Medians of a few dozen numbers use `statistics.median`: np.median costs ~40 us a call.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from autobot.vision.locate.candidates import Box


@dataclass(frozen=True)
class Lattice:
    """A fitted board lattice in search-image pixels (tile (0,0) top-left + pitches)."""

    x: float
    y: float
    pitch_x: float
    pitch_y: float
    tile: float  # tile width
    rows: int
    cols: int
    hits: int  # candidates that sit on lattice cells
    cells: frozenset[tuple[int, int]]  # (row, col) cells that had a candidate
    tile_h: float = 0.0  # tile height (0: as wide as high)
    round: bool = False  # most tiles are circles

    @property
    def height(self) -> float:
        """Tile height."""
        return self.tile_h or self.tile


MAX_ROWS = 12  # Wordle has 6; variants 5 to 8, a few up to a dozen
WIDTHS = range(4, 12)  # word lengths a board may be found at without being told (4..11)
SQUARE_ENOUGH = (0.8, 1.25)  # width / height of the tiles of a board of any width


def fit_lattice(
    boxes: list[Box], max_rows: int = MAX_ROWS, cols: int | None = None,
    width: float | None = None,
) -> Lattice | None:
    """The best lattice `cols` wide of same-size candidates with one consistent pitch.

    Without `cols`: five wide (Wordle) or as wide as the tiles run (4..11 letters, which needs
    two complete rows so a few squares in a line are not a board), whichever holds more tiles
    (five on a tie): outlines a pixel apart in size may leave only some columns in one group.
    """
    if len(boxes) < 3:
        return None
    widths = (5, 0) if cols is None else (cols,)
    best: dict[int, Lattice | None] = dict.fromkeys(widths)
    sizes = sorted({(round(b.w), round(b.h)) for b in boxes}, key=lambda s: -(s[0] + s[1]))
    tried: set[bytes] = set()  # size groups (their members' flags) fitted already
    bw = np.array([b.w for b in boxes])
    bh = np.array([b.h for b in boxes])
    outlines = _Outlines.of(boxes)
    # Same width and same height: keyboard keys as tall as tiles but narrower stay apart.
    # (Every size's members in one matrix, not a few numpy calls per size.)
    ref = np.array(sizes, float).reshape(-1, 2)
    same_all = (np.abs(bw[None, :] - ref[:, :1]) <= 0.15 * ref[:, :1]) & \
        (np.abs(bh[None, :] - ref[:, 1:]) <= 0.15 * ref[:, 1:])
    fitted_groups: list[np.ndarray] = []
    # The groups with the most members first (sizes biggest first among equals): the board's
    # is then fitted first, and the smaller groups (a thick border's outer traces, keys)
    # cannot hold more tiles than it did and are not fitted at all.
    counts = same_all.sum(axis=1)
    order = np.argsort(-counts, kind="stable")
    for same in same_all[order[counts[order] >= 3]]:
        members = same.tobytes()
        if members in tried:
            continue
        tried.add(members)
        # A lattice holds at most its group: a group smaller than every best one cannot win.
        size = int(same.sum())
        open_widths = [c for c in widths if (b := best[c]) is None or size >= b.hits]
        if not open_widths or any(_nearly_same(same, done) for done in fitted_groups):
            continue
        fitted_groups.append(same)
        group = [boxes[i] for i in np.flatnonzero(same).tolist()]
        anchored = _anchor_group(group, outlines)
        if anchored is None:
            continue
        fitted: dict[int, Lattice | None] = {}
        for c in open_widths:
            # "As wide as the tiles run" that comes to a width just fitted is that fit: the
            # same lattice (the call with a width fixed is the same steps after the width).
            run = _run_width(anchored) if c == 0 else c
            if c == 0 and run is not None and run in fitted:
                lat = fitted[run]
            elif c == 0 and run is None:
                lat = None
            else:
                lat = _lattice_for_group(group, anchored, max_rows, c, width)
            fitted[c] = lat
            if lat is not None and ((b := best[c]) is None or _score(lat) > _score(b)):
                best[c] = lat
    if cols is not None:
        return best[cols]
    five, wide = best[5], best[0]
    if five is None or (wide is not None and _score(wide) > _score(five)):
        return wide
    return five


def _nearly_same(group: np.ndarray, fitted: np.ndarray) -> bool:
    """Two size groups (member flags) that differ by at most one outline in ten: the same
    tiles, sized a pixel apart (29, 30 and 31 px tiles of one board make three groups), whose
    lattice is the one already fitted."""
    return int(np.count_nonzero(group != fitted)) <= max(1, int(0.1 * fitted.sum()))


def _score(lat: Lattice) -> float:
    """Prefer lattices with more tiles, then bigger tiles."""
    return lat.hits * 1000 + lat.tile


@dataclass(frozen=True)
class _Anchored:
    """A size group placed on its own lattice: pitches and the cells seen from the anchor."""

    side: float
    pitch_x: float
    pitch_y: float
    rows_seen: bool  # two tiles one above the other (else the row pitch is the columns')
    aspect: float
    anchor: Box
    cells: dict[tuple[int, int], Box]  # off the misfit rows (see _misfit_rows)
    fx: np.ndarray  # each member's position in pitches from the anchor
    fy: np.ndarray
    heights: np.ndarray


@dataclass(frozen=True)
class _Outlines:
    """Every candidate of the frame as arrays (made once per search, not per size group)."""

    boxes: Sequence[Box]
    w: np.ndarray
    h: np.ndarray
    cx: np.ndarray
    cy: np.ndarray

    @staticmethod
    def of(boxes: Sequence[Box]) -> _Outlines:
        """The arrays of `boxes`."""
        return _Outlines(boxes, np.array([b.w for b in boxes], float),
                         np.array([b.h for b in boxes], float),
                         np.array([b.cx for b in boxes], float),
                         np.array([b.cy for b in boxes], float))


def _anchor_group(group: list[Box], others: _Outlines | None = None) -> _Anchored | None:
    """Pitches of one size group, and the candidate whose lattice holds the most others.

    `others`: every candidate of the frame; outlines as tall as the tiles but of another
    width, between the lattice's columns on one of its rows, make that row a keyboard's.
    """
    side, side_h = _tile_size(group)  # side: the width, which the cut-column test needs
    cx = np.array([b.cx for b in group])
    cy = np.array([b.cy for b in group])
    pitch_x = _pitch(cx, cy, side, side_h)
    pitch_y = _pitch(cy, cx, side_h, side)
    if pitch_x is None and pitch_y is None:
        return None
    rows_seen = pitch_y is not None
    pitch_x = pitch_x or pitch_y
    pitch_y = pitch_y or pitch_x
    assert pitch_x is not None and pitch_y is not None
    aspect = statistics.median([b.w / b.h for b in group])
    if not 0.85 <= (pitch_x / pitch_y) / aspect ** 0.5 <= 1.18:  # wide tiles, wider pitch
        return None
    anchor = group[_best_anchor(cx, cy, pitch_x, pitch_y)]
    fx = (cx - anchor.cx) / pitch_x
    fy = (cy - anchor.cy) / pitch_y
    ix, iy = np.round(fx), np.round(fy)
    misfits = _misfit_rows(fx, fy)
    if others is not None and len(others.boxes):
        ow, oh = others.w, others.h
        ox = (others.cx - anchor.cx) / pitch_x
        oy = (others.cy - anchor.cy) / pitch_y
        # Keys of another width than the tiles (bordered keys right under the board) are not
        # in the size group; a key as wide as a tile that is would seem a lone board tile.
        tall = (np.abs(oh - side_h) <= 0.2 * side_h) & (ow >= 0.5 * side) & (ow <= 1.5 * side)
        if tall.any():
            misfits |= _misfit_rows(ox[tall], oy[tall])
    cells: dict[tuple[int, int], Box] = {}
    on = (np.abs(fx - ix) < 0.15) & (np.abs(fy - iy) < 0.15)
    for k in np.flatnonzero(on).tolist():
        if int(iy[k]) not in misfits:
            cells.setdefault((int(iy[k]), int(ix[k])), group[k])
    if others is not None and len(others.boxes):
        # The same board's tiles traced at another size: a thick border's outside around a
        # filled tile, its inside around an empty one (2 px of a 48 px tile: 52 vs 44). Of
        # the tiles' shape and centred on a cell, they are tiles of this lattice.
        kx, ky = np.round(ox), np.round(oy)
        # (Sizes a size group of their own would hold are that group's: only those beyond.)
        near = ((ow >= 0.75 * side) & (ow <= 1.3 * side) & (oh >= 0.75 * side_h)
                & (oh <= 1.3 * side_h) & (np.abs(ow / oh - aspect) <= 0.1 * aspect)
                & ((np.abs(ow - side) > 0.15 * side) | (np.abs(oh - side_h) > 0.15 * side_h))
                & (np.abs(ox - kx) < 0.1) & (np.abs(oy - ky) < 0.1))
        for k in np.flatnonzero(near).tolist():
            if int(ky[k]) not in misfits:
                cells.setdefault((int(ky[k]), int(kx[k])), others.boxes[k])
    if not cells:
        return None
    return _Anchored(side, pitch_x, pitch_y, rows_seen, aspect, anchor, cells, fx, fy,
                     np.array([b.h for b in group]))


def _best_anchor(cx: np.ndarray, cy: np.ndarray, pitch_x: float, pitch_y: float) -> int:
    """The first candidate whose lattice holds the most distinct cells, scanning in order and
    stopping once one holds 90% of the group (what a loop over anchors would pick).

    The first candidate alone is tried first: on a board seen whole it already holds 90%,
    and the group's every-anchor matrix (`_best_anchor_of_all`) is not needed.
    """
    if _distinct_cells(cx, cy, pitch_x, pitch_y, 1)[0] >= 0.9 * len(cx):
        return 0
    return _best_anchor_of_all(cx, cy, pitch_x, pitch_y)


def _distinct_cells(cx: np.ndarray, cy: np.ndarray, pitch_x: float, pitch_y: float,
                    anchors: int) -> np.ndarray:
    """For each of the first `anchors` candidates, the distinct cells of its lattice that
    the group's candidates sit on."""
    fx = (cx[None, :] - cx[:anchors, None]) / pitch_x  # row: the anchor, column: the candidate
    fy = (cy[None, :] - cy[:anchors, None]) / pitch_y
    ix, iy = np.round(fx), np.round(fy)
    on = (np.abs(fx - ix) < 0.15) & (np.abs(fy - iy) < 0.15)
    span = int(2 * max(np.abs(ix).max(), 1) + 3)  # more than the columns seen: keys distinct
    keys = np.where(on, iy * span + ix, np.inf)
    ordered = np.sort(keys, axis=1)
    new = np.isfinite(ordered)
    new[:, 1:] &= ordered[:, 1:] != ordered[:, :-1]
    return new.sum(axis=1)


def _best_anchor_of_all(cx: np.ndarray, cy: np.ndarray, pitch_x: float, pitch_y: float
                           ) -> int:
    """`_best_anchor` with every candidate's lattice counted (what it falls back to)."""
    counts = _distinct_cells(cx, cy, pitch_x, pitch_y, len(cx))
    running = np.maximum.accumulate(counts)
    done = np.flatnonzero(running >= 0.9 * len(cx))
    last = int(done[0]) if len(done) else len(cx) - 1
    return int(np.argmax(counts[: last + 1]))


def _lattice_for_group(
    group: list[Box], anchored: _Anchored, max_rows: int, cols: int, width: float | None = None
) -> Lattice | None:
    """Fit a lattice `cols` wide (0: as wide as the tiles run) to one anchored size group;
    None if it is not a board.

    With the frame `width`, a board whose first or last column is cut by the frame edge still
    counts: four columns plus one that would run off the frame.
    """
    side, pitch_x, pitch_y = anchored.side, anchored.pitch_x, anchored.pitch_y
    rows_seen = anchored.rows_seen
    best_anchor, best_cells = anchored.anchor, anchored.cells
    keys = best_cells.keys()
    col_ids = sorted({c for _, c in keys})
    if cols == 0:  # any width: the columns the tiles span
        run = _run_width(anchored)
        if run is None:
            return None
        cols = run
    # The board is exactly `cols` wide: choose the window with the most hits.
    c0 = _best_window(Counter(c for _, c in keys), col_ids[0], col_ids[-1], cols)
    inside = {k: v for k, v in best_cells.items() if c0 <= k[1] < c0 + cols}
    used_cols = {c for _, c in inside}
    if len(used_cols) == cols - 1 and width is not None:
        lo, hi = min(used_cols), max(used_cols)
        gap = pitch_x - side
        # Room between the four columns and each frame edge: a cut tile leaves a sliver
        # (a quarter tile or more) but less than a whole tile.
        left_room = best_anchor.cx + lo * pitch_x - side / 2 - gap
        right_room = width - (best_anchor.cx + hi * pitch_x + side / 2) - gap
        fits = [room for room in (left_room, right_room) if 0.25 * side <= room < side]
        if hi - lo != cols - 2 or not fits:
            return None
        c0 = lo - 1 if left_room == max(fits) else lo
        inside = {k: v for k, v in best_cells.items() if c0 <= k[1] < c0 + cols}
    elif len(used_cols) < cols:
        return None  # fewer than 5 columns: not a Wordle row
    row_ids = _board_rows(sorted({r for r, _ in inside}), [r for r, _ in inside], rows_seen)
    # Pick up to max_rows consecutive rows with the most hits.
    board_rows = set(row_ids)
    per_row_in = Counter(r for r, _ in inside if r in board_rows)
    best_r0 = _best_window(per_row_in, row_ids[0], row_ids[-1], max_rows)
    rows_in = [r for r in row_ids if best_r0 <= r < best_r0 + max_rows]
    r_lo, r_hi = rows_in[0], rows_in[-1]
    if _other_rows(anchored, range(c0, c0 + cols), (r_lo, r_hi)):
        return None  # a tutorial's example rows (text between them), or several boards
    final = {k: v for k, v in inside.items() if r_lo <= k[0] <= r_hi}
    # Same-lattice squares beside the 5 columns, on the board's rows: a wider grid, not a board.
    outside = [k for k in best_cells if r_lo <= k[0] <= r_hi and not c0 <= k[1] < c0 + cols]
    if len(outside) >= 2:
        return None
    # At least one (nearly) complete row: a board row is 5 tiles side by side.
    per_row: dict[int, int] = {}
    for r, _ in final:
        per_row[r] = per_row.get(r, 0) + 1
    if max(per_row.values()) < cols - 1:
        return None
    # Least-squares origin from every hit (tiles cut by the image edge only if need be).
    whole = {k: b for k, b in final.items() if not b.edge}
    measured = whole if len(whole) >= 3 else final
    xs = [b.cx - (c - c0) * pitch_x for (r, c), b in measured.items()]
    ys = [b.cy - (r - r_lo) * pitch_y for (r, c), b in measured.items()]
    tile_w, tile_h = _tile_size(list(measured.values()))
    x0 = statistics.median(xs) - tile_w / 2
    y0 = statistics.median(ys) - tile_h / 2
    cells_rel = frozenset((r - r_lo, c - c0) for r, c in final)
    return Lattice(x0, y0, pitch_x, pitch_y, tile_w, r_hi - r_lo + 1, cols, len(final),
                   cells_rel, tile_h, _mostly_round(list(final.values())))


def _run_width(anchored: _Anchored) -> int | None:
    """The board width an anchored group's tiles span (None: not a board of any width)."""
    # Only square-ish tiles: rows of keyboard keys (taller than wide, ten to a row on
    # AZERTY) are a lattice too, and five-wide boards keep their own shapes (letreco's 48x40).
    if not SQUARE_ENOUGH[0] <= anchored.aspect <= SQUARE_ENOUGH[1]:
        return None
    return _spanned_cols(anchored.cells)


def _best_window(counts: Counter[int], lo: int, hi: int, size: int) -> int:
    """The first start of `size` consecutive indices holding the most counts, among windows
    that touch lo..hi."""
    first = lo - size + 1
    prefix = [0]
    for i in range(first, hi + size):
        prefix.append(prefix[-1] + counts.get(i, 0))
    sums = [prefix[k + size] - prefix[k] for k in range(hi - first + 1)]
    return first + sums.index(max(sums))


def _spanned_cols(cells: dict[tuple[int, int], Box]) -> int | None:
    """The board width the cells show: columns side by side, 4..11 of them, two rows complete."""
    col_ids = sorted({c for _, c in cells})
    n = col_ids[-1] - col_ids[0] + 1
    if n != len(col_ids) or n not in WIDTHS:
        return None
    per_row: dict[int, int] = {}
    for r, _ in cells:
        per_row[r] = per_row.get(r, 0) + 1
    return n if sum(1 for k in per_row.values() if k == n) >= 2 else None


def _other_rows(anchored: _Anchored, cols: range, rows: tuple[int, int]) -> bool:
    """Another row of (nearly) 5 tiles in the board's columns but above or below its rows:
    "How to play" example rows (a word, then text, then the next word), not one board."""
    fx, fy = anchored.fx, anchored.fy
    ix = np.round(fx)
    keep = (
        (np.abs(fx - ix) < 0.15) & (ix >= cols.start) & (ix < cols.stop)
        & ~((rows[0] - 0.5 <= fy) & (fy <= rows[1] + 0.5))
    )
    found: list[tuple[float, set[int]]] = []  # (centre y, columns) per row of outlines
    # Top to bottom (a stable sort by centre, as the outlines' own order breaks ties).
    for k in sorted(np.flatnonzero(keep).tolist(), key=lambda k: fy[k]):
        y = fy[k] * anchored.pitch_y
        if found and y - found[-1][0] < 0.25 * anchored.heights[k]:
            found[-1][1].add(int(ix[k]))
        else:
            found.append((y, {int(ix[k])}))
    return any(len(c) >= len(cols) - 1 for _, c in found)


def _misfit_rows(fx: np.ndarray, fy: np.ndarray) -> set[int]:
    """Lattice rows holding two or more same-size outlines between the lattice's columns
    (positions `fx`, `fy` in pitches from the anchor): a keyboard row (keys at their own
    pitch), not a board row."""
    iy = np.round(fy)
    between = (np.abs(fy - iy) < 0.2) & (np.abs(fx - np.round(fx)) >= 0.15)
    # A Counter of the few rows, not np.unique: its sort cost more than the rest of the test.
    return {row for row, n in Counter(iy[between].astype(int).tolist()).items() if n >= 2}


def _board_rows(row_ids: list[int], hits: list[int], bridge: bool = True) -> list[int]:
    """The run of lattice rows that is the board: rows one after another (a toast may hide
    one row, if `bridge`), the run with the most hits; a keyboard or a second grid further
    down is not part of it."""
    runs: list[list[int]] = [[row_ids[0]]]
    missing = 0  # rows without a tile inside the current run
    for r in row_ids[1:]:
        gap = r - runs[-1][-1] - 1
        # A bounce or a toast hides one row; rows spaced out with text between are not one
        # board, however even the spacing. Only a lattice whose rows were seen side by side
        # somewhere may skip one: rows never seen adjacent ("How to play" example words two
        # pitches apart, text between) give no row pitch to hold a skipped row to.
        if gap == 0 or (gap == 1 and missing == 0 and bridge):
            runs[-1].append(r)
            missing += gap
        else:
            runs.append([r])
            missing = 0
    return max(runs, key=lambda run: sum(1 for h in hits if run[0] <= h <= run[-1]))


def _tile_size(boxes: list[Box]) -> tuple[float, float]:
    """Median width and height of the tiles' outlines."""
    return statistics.median([b.w for b in boxes]), statistics.median([b.h for b in boxes])


def _mostly_round(boxes: list[Box]) -> bool:
    """Most of the board's outlines are circles."""
    return 2 * sum(b.round for b in boxes) > len(boxes)


def _pitch(along: np.ndarray, across: np.ndarray, side: float, other: float) -> float | None:
    """Typical centre distance between neighbours on the same line (tile side .. 1.45 side);
    `side` is the tiles' extent along the line, `other` across it."""
    a = np.asarray(along, dtype=float)
    c = np.asarray(across, dtype=float)
    d = a[None, :] - a[:, None]  # d[i, j]: how far j lies along from i
    ok = (np.abs(c[None, :] - c[:, None]) < 0.25 * other) & (d > 0.9 * side) & (d < 1.5 * side)
    nearest = np.where(ok, d, np.inf).min(axis=1)
    gaps = nearest[np.isfinite(nearest)]
    if len(gaps) < 2:
        return None
    return float(statistics.median(gaps.tolist()))


def _line(index: np.ndarray, pos: np.ndarray) -> tuple[float, float] | None:
    """Least-squares pitch and origin of positions on integer lattice indices (None: one index).

    Closed form on sums, not np.linalg: LAPACK/BLAS threads fight OpenCV's for the two cores.
    """
    if len(index) < 2 or index.min() == index.max():
        return None
    mi, mp = index.mean(), pos.mean()
    di = index - mi
    slope = float((di * (pos - mp)).sum() / (di * di).sum())
    return slope, float(mp - slope * mi)


def _one_trace(
    ok: np.ndarray, bw: np.ndarray, bh: np.ndarray, ir: np.ndarray, ic: np.ndarray
) -> np.ndarray:
    """Of the candidates in `ok`, those of the smallest outline size (to a pixel) that alone
    span two rows and two columns. Empty and filled circles are traced apart (a soft
    shadow on one side only): a fit over both mixes them by row and tilts the pitch (96.9
    px for 96); the smallest trace is the tile itself."""
    if ok.sum() < 3:
        return ok
    for w, h in sorted({(float(a), float(b)) for a, b in zip(bw[ok], bh[ok], strict=True)}):
        same = ok & (np.abs(bw - w) <= max(1.0, 0.03 * w)) & (np.abs(bh - h) <= max(1.0, 0.03 * h))
        rows, cols = set(ir[same].tolist()), set(ic[same].tolist())
        if same.sum() >= 3 and len(rows) >= 2 and len(cols) >= 2:
            return same
    return ok


def resized_lattice(boxes: list[Box], lat: Lattice) -> Lattice:
    """`lat` with its tile size measured again from the outlines centred on its cells (same
    centres); `lat` itself if fewer than three are.

    A tile size from a coarse search is a few pixels off, more than a thin border's two
    traces apart: at 1/2 a 45 px tile with a 2 px border shows only its 20 px inner trace
    (40 px), 15% under the 46 px outline a finer look traces. The caller bounds the sizes
    (`find_candidates`' `sides`), so letters are not among `boxes`.
    """
    cx = np.array([b.cx for b in boxes]) if boxes else np.zeros(0)
    cy = np.array([b.cy for b in boxes]) if boxes else np.zeros(0)
    fc = (cx - lat.x - lat.tile / 2) / lat.pitch_x
    fr = (cy - lat.y - lat.height / 2) / lat.pitch_y
    ic, ir = np.round(fc), np.round(fr)
    on = ((np.abs(fc - ic) < 0.1) & (np.abs(fr - ir) < 0.1)
          & (ic >= 0) & (ic < lat.cols) & (ir >= 0) & (ir < lat.rows)).tolist()
    centred = [b for b, keep in zip(boxes, on, strict=True) if keep and not b.edge]
    if len(centred) < 3:
        return lat
    w, h = _tile_size(centred)
    return Lattice(lat.x + (lat.tile - w) / 2, lat.y + (lat.height - h) / 2, lat.pitch_x,
                   lat.pitch_y, w, lat.rows, lat.cols, lat.hits, lat.cells, h, lat.round)


def refit_lattice(boxes: list[Box], lat: Lattice) -> Lattice | None:
    """Least-squares pitch and origin from every candidate on a cell of `lat` (same pixels).

    A median of neighbour gaps snaps to the search image's half pixels (17.5 for 16.75 at
    4K/4), which is 3 px per tile in the frame; a fit over all tiles of a 5x6 board does not.
    Candidates off their cell by more than a few percent (a shaking row) are left out of the
    fit. None if fewer than three candidates sit on the lattice.
    """
    if not boxes:
        return None
    cx, cy, bw, bh = _box_arrays(boxes)
    fc = (cx - lat.x - lat.tile / 2) / lat.pitch_x
    fr = (cy - lat.y - lat.height / 2) / lat.pitch_y
    ic, ir = np.round(fc), np.round(fr)
    ok = (
        (np.abs(fc - ic) < 0.25) & (np.abs(fr - ir) < 0.25)
        & (ic >= 0) & (ic < lat.cols) & (ir >= 0) & (ir < lat.rows)
        & (np.abs(bw - lat.tile) < 0.15 * lat.tile) & (np.abs(bh - lat.height) < 0.15 * lat.height)
    )
    whole = ok & ~np.array([b.edge for b in boxes])
    if whole.sum() >= 3:  # tiles cut by the image edge would pull the fit inwards
        ok = whole
    if lat.round:  # square tiles' traces differ on all sides alike: their centres agree
        ok = _one_trace(ok, bw, bh, ir, ic)
    fit = None
    for _ in range(2):  # fit, drop what sits clearly off the fitted cells, fit again
        if ok.sum() < 3:
            return None
        fx, fy = _line(ic[ok], cx[ok]), _line(ir[ok], cy[ok])
        px = fx[0] if fx else (fy[0] if fy else lat.pitch_x)
        py = fy[0] if fy else px
        if not (0.85 * lat.pitch_x < px < 1.15 * lat.pitch_x
                and 0.85 * lat.pitch_y < py < 1.15 * lat.pitch_y):
            return None
        ox = fx[1] if fx else float(statistics.median((cx[ok] - ic[ok] * px).tolist()))
        oy = fy[1] if fy else float(statistics.median((cy[ok] - ir[ok] * py).tolist()))
        fit = (px, py, ox, oy)
        off = np.maximum(np.abs(cx - ox - ic * px) / px, np.abs(cy - oy - ir * py) / py)
        keep = ok & (off < 0.06)
        if keep.sum() == ok.sum() or keep.sum() < 3:
            break
        ok = keep
    assert fit is not None
    return _fitted(boxes, lat, ok, ic, ir, fit)


def _box_arrays(boxes: list[Box]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Centre x, centre y, width and height of each box."""
    return (np.array([b.cx for b in boxes]), np.array([b.cy for b in boxes]),
            np.array([b.w for b in boxes]), np.array([b.h for b in boxes]))


def _fitted(boxes: list[Box], lat: Lattice, ok: np.ndarray, ic: np.ndarray, ir: np.ndarray,
            fit: tuple[float, float, float, float]) -> Lattice:
    """The refitted lattice: pitches and origin `fit`, tile size and cells of the outlines
    in `ok`."""
    px, py, ox, oy = fit
    on = [b for b, keep in zip(boxes, ok.tolist(), strict=True) if keep]
    tile_w, tile_h = _tile_size(on)
    cells = frozenset((int(r), int(c)) for r, c in zip(ir[ok], ic[ok], strict=True))
    return Lattice(ox - tile_w / 2, oy - tile_h / 2, px, py, tile_w, lat.rows, lat.cols,
                   int(ok.sum()), cells, tile_h, _mostly_round(on))
