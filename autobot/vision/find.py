"""Find the board on a frame: a lattice of tiles, refined, or re-found near its last place."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace

import cv2
import numpy as np

from autobot.vision import locate
from autobot.vision.model import Grid


def locate_grid(frame: np.ndarray, hint: Grid | None = None, cols: int | None = None
                ) -> tuple[Grid | None, list[str]]:
    """Find the board; with a hint, only search around last frame's board first. `cols`: the
    word length the game is known to have, tried first (a one-row board under a keyboard of
    ten keys a row: the keys make the wider lattice); any width when none is that wide."""
    if cols is not None:
        found = _locate(frame, hint, cols)
        if found[0] is not None:
            return found
    return _locate(frame, hint, None)


def _locate(frame: np.ndarray, hint: Grid | None, cols: int | None
            ) -> tuple[Grid | None, list[str]]:
    if hint is not None:
        grid = _locate_near(frame, hint)
        if grid is not None:
            return grid, []
    scale = locate.search_scale(frame.shape)
    if locate.too_small(frame.shape, scale):
        return None, []  # a sliver (2000x1, 8000x3): no tile fits in it
    # Grey once: the search and the looks again at the board are crops of it.
    full_grey = cv2.cvtColor(frame, cv2.COLOR_RGB2GRAY)
    grey = locate.to_search_grey(full_grey, scale)
    boxes = locate.find_candidates(grey)
    lat = locate.fit_lattice(boxes, cols=cols, width=grey.shape[1])
    if lat is None and cols is not None:
        lat = _fit_one_size(boxes, cols, grey.shape[1])
    if lat is None:
        return None, []
    lat = locate.refit_lattice(boxes, lat) or lat
    moved = _displaced(boxes, lat, scale)
    # With no tile off its cell, every outline lies near where the search saw the tiles.
    refined = _refine(full_grey, _grid_from(lat, scale, 0, 0), scale,
                      None if moved else lat.hits)
    if refined is not None:
        return refined
    return _grid_from(lat, scale, 0, 0), moved


ONE_SIZE = 0.06  # the outlines of one board's tiles differ in size by less than this


def _fit_one_size(boxes: list[locate.Box], cols: int, width: int) -> locate.Lattice | None:
    """A lattice `cols` wide of outlines of one size only (the size groups the lattice search
    makes let keys a few pixels narrower and taller than the tiles join them, and the keys'
    lattice then hides a one-row board), most outlines first."""
    sizes = Counter((round(b.w), round(b.h)) for b in boxes)
    for (w, h), _ in sizes.most_common():
        alike = [b for b in boxes if abs(b.w - w) <= ONE_SIZE * w and abs(b.h - h) <= ONE_SIZE * h]
        lat = locate.fit_lattice(alike, cols=cols, width=width)
        if lat is not None:
            return lat
    return None


REFINE_TILE = 30  # px: tile size at which the grid is measured again (see _refine)
REFINE_LEAST = 0.8 * REFINE_TILE  # px: tiles the search saw smaller may have lost thin borders


def _refine(frame: np.ndarray, grid: Grid, searched: float, banded: int | None = None
            ) -> tuple[Grid, list[str]] | None:
    """The grid measured again on the board alone, with tiles of REFINE_TILE px or more
    (`frame`: RGB or its grey).

    The whole-frame search sees a 62 px tile at 15 px on a 4K frame, where its pitch is only
    known to a few frame pixels per tile; here every tile's outline is found again at >= 30 px
    and the lattice is least-squares fitted to all of them. None if the search image (at
    scale `searched`) was already that fine, or too little was found.
    `banded`: the tiles the search saw on the lattice, none off it: outlines are then traced
    on bands around the search's tile edges only (big square tiles: a fifth of the pixels),
    and on the whole board if fewer tiles than that are found there.
    """
    # 1/n keeps OpenCV on its fast integer downscale.
    scale = 1.0 / max(1, int(min(grid.tile, grid.height) // REFINE_TILE))
    if grid.tile * searched >= REFINE_LEAST and scale <= searched:
        return None  # the search already saw the tiles big enough
    pad = 0.5 * grid.pitch_x
    x0, y0, x1, y1 = grid.bbox()
    h, w = frame.shape[:2]
    cx0, cy0 = max(0, int(x0 - pad)), max(0, int(y0 - pad))
    cx1, cy1 = min(w, int(x1 + pad)), min(h, int(y1 + pad))
    if cx1 - cx0 < 10 or cy1 - cy0 < 10:
        return None
    grey = locate.to_search_grey(frame[cy0:cy1, cx0:cx1], scale)
    start = locate.Lattice(
        (grid.x - cx0) * scale, (grid.y - cy0) * scale, grid.pitch_x * scale,
        grid.pitch_y * scale, grid.tile * scale, grid.rows, grid.cols, 0, frozenset(),
        grid.height * scale, grid.round,
    )
    sides = _tile_sides(grid.tile * scale, grid.height * scale)
    # Round tiles' outlines cross the cut between bands (a circle is in no band at 30°).
    bands = None if grid.round or banded is None else _edge_bands(start, grey.shape)
    lat = None
    if bands is not None:
        boxes = locate.find_candidates(grey, sides, bands)
        lat = locate.refit_lattice(boxes, locate.resized_lattice(boxes, start))
        if lat is not None and banded is not None and lat.hits < banded:
            lat = None  # an outline left the bands (a tile moved): look at the whole board
    if lat is None:
        boxes = locate.find_candidates(grey, sides)
        lat = locate.refit_lattice(boxes, locate.resized_lattice(boxes, start))
    if lat is None:
        return None
    # Again from the better lattice: outlines the first guess missed by a quarter tile join.
    lat = locate.refit_lattice(boxes, lat) or lat
    refined = _grid_from(lat, scale, cx0, cy0)
    if min(grid.tile, grid.height) * searched < REFINE_LEAST:
        # Tiles seen this small lose a thin border: a row of empty tiles (a 62 px tile's
        # 2 px outline at 1/4 on a 4K desktop) may not have been found beside the others.
        refined = _grow_rows(frame, refined, scale)
    return refined, _displaced(boxes, lat, scale)


# Of a tile: how far from the search's tile edges the refine looks. The search may trace a
# thin border's inside (a 64 px tile measured 58 px at 1/2): 3 px, and a blur and an edge
# test of 3x3 px each beyond that are well inside 0.2 x 58 = 11 px.
EDGE_BAND = 0.2


def _edge_bands(lat: locate.Lattice, shape: tuple[int, ...]
                ) -> tuple[np.ndarray, np.ndarray] | None:
    """The rows and columns of an image within EDGE_BAND of a tile's edge of `lat`, or None
    when they are most of it (small tiles: nothing to save)."""
    band = EDGE_BAND * min(lat.tile, lat.height)
    picked = []
    for n, origin, pitch, side, size in ((lat.rows, lat.y, lat.pitch_y, lat.height, shape[0]),
                                         (lat.cols, lat.x, lat.pitch_x, lat.tile, shape[1])):
        keep = np.zeros(size, bool)
        for i in range(n):
            for edge in (origin + i * pitch, origin + i * pitch + side):
                keep[max(0, math.floor(edge - band)):max(0, math.ceil(edge + band) + 1)] = True
        if keep.mean() > 0.7 or not keep.any():
            return None
        picked.append(np.flatnonzero(keep))
    return picked[0], picked[1]


def _grow_rows(frame: np.ndarray, grid: Grid, scale: float) -> Grid:
    """The board with the rows of tiles right below or above it that the coarse search
    missed: each a whole row (all columns but one) of outlines of the board's tile size on
    the board's own lattice, looked for at `scale`."""
    while grid.rows < locate.MAX_ROWS:
        for row in (grid.rows, -1):
            if _row_at(frame, grid, row, scale):
                grid = replace(grid, rows=grid.rows + 1, y=grid.y + min(row, 0) * grid.pitch_y)
                break
        else:
            return grid
    return grid


def _row_at(frame: np.ndarray, grid: Grid, row: int, scale: float) -> bool:
    """Row `row` of the board's lattice (-1: the one above) holds its tiles' outlines."""
    pad = 0.25 * min(grid.pitch_x, grid.pitch_y)
    x0, y0 = grid.x - pad, grid.y + row * grid.pitch_y - pad
    x1 = grid.x + (grid.cols - 1) * grid.pitch_x + grid.tile + pad
    y1 = y0 + grid.height + 2 * pad
    h, w = frame.shape[:2]
    if y0 < 0 or y1 > h:
        return False
    cx0, cy0, cx1, cy1 = max(0, int(x0)), int(y0), min(w, int(x1) + 1), int(y1) + 1
    grey = locate.to_search_grey(frame[cy0:cy1, cx0:cx1], scale)
    boxes = locate.find_candidates(grey, _tile_sides(grid.tile * scale, grid.height * scale))
    cols = set()
    for b in boxes:
        fx = (b.cx / scale + cx0 - grid.x - grid.tile / 2) / grid.pitch_x
        fy = (b.cy / scale + cy0 - grid.y - grid.height / 2) / grid.pitch_y - row
        if abs(b.w / scale - grid.tile) <= 0.15 * grid.tile and \
                abs(b.h / scale - grid.height) <= 0.15 * grid.height and \
                abs(fx - round(fx)) < 0.1 and abs(fy) < 0.1 and 0 <= round(fx) < grid.cols:
            cols.add(round(fx))
    return len(cols) >= grid.cols - 1


def _locate_near(frame: np.ndarray, hint: Grid) -> Grid | None:
    """Re-fit the lattice in a window around the hinted board; None if it moved or changed."""
    pad = hint.pitch_x
    x0, y0, x1, y1 = hint.bbox()
    h, w = frame.shape[:2]
    cx0, cy0 = max(0, int(x0 - pad)), max(0, int(y0 - pad))
    cx1, cy1 = min(w, int(x1 + pad)), min(h, int(y1 + pad))
    if cx1 - cx0 < 10 or cy1 - cy0 < 10:
        return None
    crop = frame[cy0:cy1, cx0:cx1]
    # Tiles of 24-48 px are plenty to find; 1/n keeps OpenCV on its fast downscale path.
    scale = 1.0 / max(1, int(hint.tile // 24))
    grey = locate.to_search_grey(crop, scale)
    boxes = locate.find_candidates(grey, _tile_sides(hint.tile * scale, hint.height * scale))
    lat = locate.fit_lattice(boxes)
    if lat is None:
        return None
    lat = locate.refit_lattice(boxes, lat) or lat
    grid = _grid_from(lat, scale, cx0, cy0)
    if grid.rows > hint.rows and abs(grid.y - hint.y) <= 0.2 * hint.pitch_y:
        # A row more than last time is a growing board's new row: all its empty tiles show.
        # A row of a few outlines cut by the crop is the top of what lies below (keys).
        new = Counter(r for r, _ in lat.cells if r >= hint.rows)
        if any(new.get(r, 0) < grid.cols - 1 for r in range(hint.rows, grid.rows)):
            grid = replace(grid, rows=hint.rows)
    if (
        grid.rows < hint.rows
        or abs(grid.x - hint.x) > 0.2 * hint.pitch_x
        or abs(grid.y - hint.y) > 0.2 * hint.pitch_y
        or abs(grid.pitch_x - hint.pitch_x) > 0.1 * hint.pitch_x
        or _displaced(boxes, lat, scale)
    ):
        return None
    # Re-fitted on a downscaled crop the outline may jump a thick border (letreco's active
    # row) or trace a thin one's inside (the 64 px tiles of a 1280 px frame read 56-58 at
    # 1/2), and its place is known to a step of that scale: when the lattice is the same (same
    # pitch, same columns, centres within NEAR_CENTRE px) the board is the hint's, measured
    # finer. (Re-fitted at 1/3, Lingle's 84 px tiles came 1.6 px right: the tilde of its Ã
    # then reached the end of the ring's top side, and the tile read "moving" for good.)
    same = grid.cols == hint.cols and abs(grid.pitch_x - hint.pitch_x) <= 0.02 * hint.pitch_x \
        and abs(grid.pitch_y - hint.pitch_y) <= 0.02 * hint.pitch_y
    dx = grid.x + grid.tile / 2 - (hint.x + hint.tile / 2)
    dy = grid.y + grid.height / 2 - (hint.y + hint.height / 2)
    if same and max(abs(dx), abs(dy)) <= NEAR_CENTRE:
        return replace(hint, rows=grid.rows)
    if abs(grid.tile - hint.tile) > 0.03 * hint.tile or \
            abs(grid.height - hint.height) > 0.03 * hint.height:
        return None  # another size, not the same lattice: measured again
    return grid


NEAR_CENTRE = 2.0  # px: tile centres of a re-fit this close to the hint's are the same board


def _tile_sides(tile: float, height: float) -> tuple[float, float]:
    """Outline sizes worth checking when the tile size is known (an outline traced just inside
    or outside the border, rounding of a rescaled frame)."""
    return 0.75 * min(tile, height) - 1, 1.3 * max(tile, height) + 1


def _grid_from(lat: locate.Lattice, scale: float, ox: int, oy: int) -> Grid:
    """Search-image lattice -> frame-pixel Grid."""
    return Grid(
        x=lat.x / scale + ox,
        y=lat.y / scale + oy,
        pitch_x=lat.pitch_x / scale,
        pitch_y=lat.pitch_y / scale,
        tile=lat.tile / scale,
        cols=lat.cols,
        rows=lat.rows,
        tile_h=lat.height / scale,
        round=lat.round,
    )


def _displaced(boxes: list[locate.Box], lat: locate.Lattice, scale: float) -> list[str]:
    """Tile-sized squares inside the board but off the lattice: a bounce or a moving tile."""
    found = []
    for b in boxes:
        if abs(b.w - lat.tile) > 0.12 * lat.tile or abs(b.h - lat.height) > 0.12 * lat.height:
            continue
        fx = (b.x - lat.x) / lat.pitch_x
        fy = (b.y - lat.y) / lat.pitch_y
        if not (-0.5 < fx < lat.cols - 0.5 and -0.5 < fy < lat.rows - 0.5):
            continue
        if abs(fy - round(fy)) > 0.12 or abs(fx - round(fx)) > 0.12:
            found.append(f"tile {round(fy) + 1},{round(fx) + 1} off the grid (bounce or shake)")
    return found
