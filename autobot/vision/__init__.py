"""Read a Wordle board from pixels: locate the grid, classify tile colours, read the letters.

A readable chain of pure steps on an RGB frame (no I/O except loading glyph templates):
`locate` (square candidates -> 5-wide lattice, least-squares refitted on the board at >= 24 px
tiles) -> `sample` (each tile's ring colour, the page background) -> `colour` roles -> `glyphs`
(template matching; a caller-owned cache skips tiles whose pixels did not change) -> settled
checks.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, field, replace
from pathlib import Path

import cv2
import numpy as np

from autobot.errors import AutobotError
from autobot.vision import colour, glyphs, locate
from autobot.vision import palette as palette_mod

TILE_PX = 48  # every tile is resampled to this square before its colours are measured
GLYPH_TILE_PX = 96  # ... and to this one (grey) for its letter: small letters need the pixels
RING = (4, 10)  # ring between these insets (of TILE_PX): inside the border, outside the letter
RING_AGREE = 0.7  # share of ring pixels that must match the ring's median colour
RING_AGREE_DE = 22.0


@dataclass(frozen=True)
class Grid:
    """Board geometry in frame pixels."""

    x: float  # top-left of tile (0, 0)
    y: float
    pitch_x: float
    pitch_y: float
    tile: float  # tile width in px (its side, for square tiles)
    cols: int = 5
    rows: int = 6
    tile_h: float = 0.0  # tile height in px; 0: as tall as wide (square tiles)
    round: bool = False  # the tiles are circles: sample a round ring, not a square one

    @property
    def height(self) -> float:
        """Tile height in px."""
        return self.tile_h or self.tile

    def tile_box(self, row: int, col: int) -> tuple[int, int, int, int]:
        """x0, y0, x1, y1 of one tile (x1/y1 exclusive)."""
        x0 = self.x + col * self.pitch_x
        y0 = self.y + row * self.pitch_y
        return round(x0), round(y0), round(x0 + self.tile), round(y0 + self.height)

    def bbox(self) -> tuple[int, int, int, int]:
        """x0, y0, x1, y1 of the whole board."""
        x0, y0, _, _ = self.tile_box(0, 0)
        _, _, x1, y1 = self.tile_box(self.rows - 1, self.cols - 1)
        return x0, y0, x1, y1


@dataclass(frozen=True)
class BoardRead:
    """What one frame shows: the rows in labels.json format, or why no board was read."""

    found: bool
    settled: bool
    theme: str | None  # "light" | "dark"
    high_contrast: bool
    rows: tuple[tuple[str, str], ...]  # (LETTERS, MARKS) per board row
    grid: Grid | None
    reasons: tuple[str, ...] = ()
    scores: tuple[tuple[float, ...], ...] = field(default=(), compare=False)  # letter scores
    # The tile colours learned from this board and what they mean (keys can use it too).
    palette: palette_mod.Palette | None = field(default=None, compare=False)
    # Frame edges that cut board tiles: "top", "bottom", "left", "right" joined by ","
    # ("bottom": scroll down to see the rest of the board), or None when all is on view.
    cut: str | None = None

    def to_json(self) -> dict:
        """The `autobot read --json` dict."""
        return {
            "found": self.found,
            "settled": self.settled,
            "theme": self.theme,
            "high_contrast": self.high_contrast,
            "rows": [[letters, marks] for letters, marks in self.rows],
            "reasons": list(self.reasons),
            "cut": self.cut,
        }


NOT_FOUND = BoardRead(False, False, None, False, (), None, ("no 5-wide grid of square tiles",))


def _not_found(reason: str) -> BoardRead:
    """A read that found no board, with the reason."""
    return BoardRead(False, False, None, False, (), None, (reason,))


def load_image(path: str | Path) -> np.ndarray:
    """PNG/JPEG/GIF (first frame) -> HxWx3 uint8 RGB; AutobotError(exit 2) if unreadable."""
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(path) as img:
            img.seek(0)
            return np.asarray(img.convert("RGB"), dtype=np.uint8).copy()
    except FileNotFoundError:
        raise AutobotError(f"no such image: {path}", 2) from None
    except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError) as exc:
        raise AutobotError(f"cannot read image {path}: {exc}", 2) from None


def locate_grid(frame: np.ndarray, hint: Grid | None = None) -> tuple[Grid | None, list[str]]:
    """Find the board; with a hint, only search around last frame's board first."""
    if hint is not None:
        grid = _locate_near(frame, hint)
        if grid is not None:
            return grid, []
    scale = locate.search_scale(frame.shape)
    grey = locate.to_search_grey(frame, scale)
    boxes = locate.find_candidates(grey)
    lat = locate.fit_lattice(boxes, width=grey.shape[1])
    if lat is None:
        return None, []
    lat = locate.refit_lattice(boxes, lat) or lat
    refined = _refine(frame, _grid_from(lat, scale, 0, 0), scale)
    if refined is not None:
        return refined
    return _grid_from(lat, scale, 0, 0), _displaced(boxes, lat, scale)


REFINE_TILE = 30  # px: tile size at which the grid is measured again (see _refine)


def _refine(frame: np.ndarray, grid: Grid, searched: float) -> tuple[Grid, list[str]] | None:
    """The grid measured again on the board alone, with tiles of REFINE_TILE px or more.

    The whole-frame search sees a 62 px tile at 15 px on a 4K frame, where its pitch is only
    known to a few frame pixels per tile; here every tile's outline is found again at >= 30 px
    and the lattice is least-squares fitted to all of them. None if the search image (at
    scale `searched`) was already that fine, or too little was found.
    """
    # 1/n keeps OpenCV on its fast integer downscale.
    scale = 1.0 / max(1, int(min(grid.tile, grid.height) // REFINE_TILE))
    if grid.tile * searched >= 0.8 * REFINE_TILE and scale <= searched:
        return None  # the search already saw the tiles big enough
    pad = 0.5 * grid.pitch_x
    x0, y0, x1, y1 = grid.bbox()
    h, w = frame.shape[:2]
    cx0, cy0 = max(0, int(x0 - pad)), max(0, int(y0 - pad))
    cx1, cy1 = min(w, int(x1 + pad)), min(h, int(y1 + pad))
    if cx1 - cx0 < 10 or cy1 - cy0 < 10:
        return None
    grey = locate.to_search_grey(frame[cy0:cy1, cx0:cx1], scale)
    boxes = locate.find_candidates(grey, _tile_sides(grid.tile * scale, grid.height * scale))
    start = locate.Lattice(
        (grid.x - cx0) * scale, (grid.y - cy0) * scale, grid.pitch_x * scale,
        grid.pitch_y * scale, grid.tile * scale, grid.rows, grid.cols, 0, frozenset(),
        grid.height * scale, grid.round,
    )
    lat = locate.refit_lattice(boxes, start)
    if lat is None:
        return None
    # Again from the better lattice: outlines the first guess missed by a quarter tile join.
    lat = locate.refit_lattice(boxes, lat) or lat
    return _grid_from(lat, scale, cx0, cy0), _displaced(boxes, lat, scale)


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
    if (
        grid.rows < hint.rows
        or abs(grid.x - hint.x) > 0.2 * hint.pitch_x
        or abs(grid.y - hint.y) > 0.2 * hint.pitch_y
        or abs(grid.pitch_x - hint.pitch_x) > 0.1 * hint.pitch_x
        or _displaced(boxes, lat, scale)
    ):
        return None
    if abs(grid.tile - hint.tile) > 0.03 * hint.tile or \
            abs(grid.height - hint.height) > 0.03 * hint.height:
        # Re-fitted on a downscaled crop the outline may jump a thick border (letreco's active
        # row): a tile size that moved is measured again by the full search.
        return None
    return grid


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


@dataclass(frozen=True)
class TileSample:
    """Measurements of one tile."""

    ring_lab: np.ndarray
    ring_grey: float
    agree: float  # share of ring pixels near the ring median
    ink: bool  # something in the middle stands out from the ring: a letter (or debris)
    squash: float  # short / long extent of the tile's non-background outline (1 = whole)
    cut: bool  # partly outside the frame
    contrast: float = 0.0  # grey levels the strongest ink stands out (+ lighter, - darker)


def glyph_tile(crop: np.ndarray) -> np.ndarray:
    """A tile crop (RGB, any size) as the GLYPH_TILE_PX grey square letters are read from."""
    grey = cv2.cvtColor(crop, cv2.COLOR_RGB2GRAY)
    interp = cv2.INTER_AREA if grey.shape[0] > GLYPH_TILE_PX else cv2.INTER_LINEAR
    return cv2.resize(grey, (GLYPH_TILE_PX, GLYPH_TILE_PX), interpolation=interp)


def _ring_mask(round_: bool = False) -> np.ndarray:
    """Boolean TILE_PX x TILE_PX mask of the sampling ring (square, or round for circles).

    The square ring leaves out its corners: a rounded square's corners are page, not tile.
    """
    yy, xx = np.mgrid[0:TILE_PX, 0:TILE_PX]
    if round_:
        d = TILE_PX / 2 - np.hypot(xx - (TILE_PX - 1) / 2, yy - (TILE_PX - 1) / 2)
        return (d >= RING[0]) & (d < RING[1])
    d = np.minimum(np.minimum(xx, yy), np.minimum(TILE_PX - 1 - xx, TILE_PX - 1 - yy))
    corner = np.minimum(xx, TILE_PX - 1 - xx) + np.minimum(yy, TILE_PX - 1 - yy)
    return (d >= RING[0]) & (d < RING[1]) & (corner >= 2 * RING[1] + 2)


def _disc(h: int, w: int, share: float) -> np.ndarray:
    """Boolean h x w mask of the centred ellipse `share` of the box's size across."""
    yy, xx = np.mgrid[0:h, 0:w]
    return np.hypot((xx - (w - 1) / 2) / w, (yy - (h - 1) / 2) / h) <= share / 2


_MIDDLE_DISC = _disc(TILE_PX - 2 * RING[1], TILE_PX - 2 * RING[1], 1.0)
ROUND_LETTER_SHARE = 0.72  # of a circle's diameter: its letter, without the rim's shadows


def _round_letters(tiles: list[np.ndarray], rings: list[float]) -> list[np.ndarray]:
    """The middle of round tiles, where the letter is, with the rest of that square set to the
    tile colour (the rim's shadows and the page in the corners would read as ink)."""
    out = []
    for tile, ring in zip(tiles, rings, strict=True):
        h, w = tile.shape[:2]
        dy, dx = round(h * (1 - ROUND_LETTER_SHARE) / 2), round(w * (1 - ROUND_LETTER_SHARE) / 2)
        middle = tile[dy : h - dy, dx : w - dx].copy()
        middle[~_disc(*middle.shape[:2], 1.0)] = round(ring)
        out.append(middle)
    return out


# Every other ring pixel is plenty for a median and an agreement share, at half the cost.
_CHECKER = np.add.outer(np.arange(TILE_PX), np.arange(TILE_PX)) % 2 == 0
_RINGS = {r: _ring_mask(r) for r in (False, True)}
_RINGS_SPARSE = {r: m & _CHECKER for r, m in _RINGS.items()}


def _ring_sides(mask: np.ndarray) -> np.ndarray:
    """Which side (0 top, 1 right, 2 bottom, 3 left) each pixel of a ring mask is on."""
    yy, xx = np.nonzero(mask)
    dx, dy = xx - (TILE_PX - 1) / 2, yy - (TILE_PX - 1) / 2
    return np.where(np.abs(dy) >= np.abs(dx), np.where(dy < 0, 0, 2), np.where(dx > 0, 1, 3))


_RING_SIDES = {r: _ring_sides(m) for r, m in _RINGS_SPARSE.items()}


@dataclass(frozen=True)
class BoardView:
    """The board region resampled once so that one tile is `px` x `px` pixels (a tile wider
    than high is squeezed to a square: colours and letters are read the same way)."""

    image: np.ndarray
    scale: float  # view px per frame px, across
    ox: int  # frame x of image column 0
    oy: int
    px: int  # tile width in the view
    scale_y: float = 0.0  # view px per frame px, down (0: as across)
    px_h: int = 0  # tile height in the view (0: as wide)

    def tile(self, grid: Grid, row: int, col: int, pad: int = 0) -> np.ndarray | None:
        """One tile (plus `pad` px around it), or None where it leaves the view."""
        x = round((grid.x + col * grid.pitch_x - self.ox) * self.scale) - pad
        y = round((grid.y + row * grid.pitch_y - self.oy) * (self.scale_y or self.scale)) - pad
        n, m = self.px + 2 * pad, (self.px_h or self.px) + 2 * pad
        if x < 0 or y < 0 or x + n > self.image.shape[1] or y + m > self.image.shape[0]:
            return None
        return self.image[y : y + m, x : x + n]


def cut_sides(grid: Grid, shape: tuple[int, ...]) -> str | None:
    """The frame edges that cut board tiles ("top,left", "bottom", ...), or None."""
    h, w = shape[:2]
    x0, y0, x1, y1 = grid.bbox()
    slack = edge_slack(grid)
    sides = [name for name, out in (("top", -y0), ("bottom", y1 - h), ("left", -x0),
                                     ("right", x1 - w)) if out > slack]
    return ",".join(sides) or None


CUT_ROW_MIN = 3  # px of a row cut by the frame that must be on view to be told from page


def with_cut_rows(frame: np.ndarray, grid: Grid, bg_lab: np.ndarray) -> Grid:
    """The grid with a row the frame's top or bottom edge cuts through added, when that
    sliver shows tiles (4 of 5 tile columns off the page colour, the gaps on it): the board
    goes on past the edge (below the fold)."""
    h = frame.shape[0]
    below = grid.y + grid.rows * grid.pitch_y
    above = grid.y - grid.pitch_y
    if h - CUT_ROW_MIN >= below > h - grid.height and _sliver_shows_tiles(
        frame, grid, round(below), h, bg_lab
    ):
        grid = replace(grid, rows=grid.rows + 1)
    if 0 > above > CUT_ROW_MIN - grid.height and _sliver_shows_tiles(
        frame, grid, 0, round(above + grid.height), bg_lab
    ):
        grid = replace(grid, y=above, rows=grid.rows + 1)
    return grid


def _sliver_shows_tiles(
    frame: np.ndarray, grid: Grid, ya: int, yb: int, bg_lab: np.ndarray
) -> bool:
    """Rows ya..yb of the frame show the board's tile columns (and page between them)."""
    if yb - ya < CUT_ROW_MIN or grid.cols < 2:
        return False
    w = frame.shape[1]
    # A 3x3 median: sensor noise off the page colour is not a tile; a 2 px border stays.
    band = cv2.medianBlur(np.ascontiguousarray(frame[max(0, ya) : yb]), 3)
    off = colour.delta_e(colour.rgb_to_lab(band), bg_lab) > colour.BLANK_DISTANCE
    tiles = gaps = 0
    side = max(2, round(0.12 * grid.tile))
    gap = grid.pitch_x - grid.tile
    for c in range(grid.cols):
        tx0 = round(grid.x + c * grid.pitch_x)
        tx1 = tx0 + round(grid.tile)
        # Both sides of a tile are off the page colour all the way down the sliver (an empty
        # tile's side borders, a filled tile's colour); a header line or text is not.
        strips = [off[:, max(0, xa) : min(w, xb)] for xa, xb in ((tx0, tx0 + side),
                                                                  (tx1 - side, tx1))]
        if all(st.shape[1] and st.any(axis=1).mean() >= 0.8 for st in strips):
            tiles += 1
        if c + 1 < grid.cols and gap >= 1.5:  # the middle of the gap is page
            mid = round(tx0 + grid.tile + gap / 2)
            if 0 <= mid < w and off[:, mid].mean() < 0.4:
                gaps += 1
    return tiles >= grid.cols - 1 and (gap < 1.5 or gaps >= grid.cols - 2)


def edge_slack(grid: Grid) -> float:
    """How far (px) a tile may reach past the frame and still count as whole: the outline
    is traced up to a pixel outside the tile, and a tile's outer 5% is border, not colour."""
    return max(1.0, 0.05 * min(grid.tile, grid.height))


def board_view(
    frame: np.ndarray, grid: Grid, px: int, grey: bool = False, keep_aspect: bool = False
) -> BoardView:
    """Resample the board (with a margin) in one call: many small resizes cost far more.

    Tiles become `px` square; with `keep_aspect` (letters: a squeezed letter is another
    letter) `px` is the longer side and the tile keeps its shape.
    """
    h, w = frame.shape[:2]
    x0, y0, x1, y1 = grid.bbox()
    pad = max(2, round(0.15 * grid.pitch_x))
    rx0, ry0 = max(0, x0 - pad), max(0, y0 - pad)
    rx1, ry1 = min(w, x1 + pad), min(h, y1 + pad)
    region = frame[ry0:ry1, rx0:rx1]
    # A board cropped at its tiles: its outer tiles may reach a pixel or two past the frame
    # (an outline traced just outside the tile); they are read with their edge repeated.
    more = math.ceil(edge_slack(grid)) + 2
    left, top = min(more, rx0 - (x0 - pad)), min(more, ry0 - (y0 - pad))
    right, bottom = min(more, x1 + pad - rx1), min(more, y1 + pad - ry1)
    if left or top or right or bottom:
        region = cv2.copyMakeBorder(region, top, bottom, left, right, cv2.BORDER_REPLICATE)
        rx0, ry0 = rx0 - left, ry0 - top
    if grey:
        region = cv2.cvtColor(region, cv2.COLOR_RGB2GRAY)
    sx, sy = px / max(grid.tile, 1.0), px / max(grid.height, 1.0)
    px_w = px_h = px
    if keep_aspect:
        sx = sy = min(sx, sy)
        px_w, px_h = round(grid.tile * sx), round(grid.height * sy)
    size = (max(1, round(region.shape[1] * sx)), max(1, round(region.shape[0] * sy)))
    interp = cv2.INTER_AREA if min(sx, sy) < 1 else cv2.INTER_LINEAR
    image = cv2.resize(region, size, interpolation=interp)
    return BoardView(image, sx, rx0, ry0, px_w, sy, px_h)


def sample_tiles(
    frame: np.ndarray, grid: Grid, bg_lab: np.ndarray, view: BoardView | None = None
) -> dict[tuple[int, int], TileSample]:
    """Measure every tile at once: ring colour and uniformity, ink, outline shape."""
    h, w = frame.shape[:2]
    view = view or board_view(frame, grid, TILE_PX)
    keys, stack = [], []
    out: dict[tuple[int, int], TileSample] = {}
    for r in range(grid.rows):
        for c in range(grid.cols):
            x0, y0, x1, y1 = grid.tile_box(r, c)
            tile = view.tile(grid, r, c)
            out_by = max(-x0, -y0, x1 - w, y1 - h)
            if out_by > edge_slack(grid) or tile is None:
                out[r, c] = TileSample(bg_lab, 0.0, 0.0, False, 1.0, True)
            else:
                keys.append((r, c))
                stack.append(tile)
    if not keys:
        return out
    tiles = np.stack(stack)  # (n, TILE_PX, TILE_PX, 3)
    ring = tiles[:, _RINGS_SPARSE[grid.round]]  # (n, m, 3)
    med = np.median(ring, axis=1).astype(np.uint8)
    ring_lab = colour.rgb_to_lab(med)
    near = colour.delta_e(colour.rgb_to_lab(ring), ring_lab[:, None]) < RING_AGREE_DE
    # The worst side: a tile bouncing up over the lower part of its neighbour leaves most of
    # that ring the neighbour's own colour, but not its bottom side.
    sides = _RING_SIDES[grid.round]
    agree = np.min([near[:, sides == k].mean(1) for k in range(4)], axis=0)
    n = len(keys)
    grey = cv2.cvtColor(tiles.reshape(n * TILE_PX, TILE_PX, 3), cv2.COLOR_RGB2GRAY)
    grey = grey.reshape(n, TILE_PX, TILE_PX)
    ring_grey = np.median(grey[:, _RINGS[grid.round]], axis=1)
    lo, hi = RING[1], TILE_PX - RING[1]
    middle = grey[:, lo:hi, lo:hi].astype(np.int16)
    # > 32: white letters on a light grey tile drifted +12 keep only ~39 levels of contrast
    diff = middle - ring_grey[:, None, None]
    if grid.round:  # a circle's inner shadow reaches the middle square's corners
        diff = diff * _MIDDLE_DISC
    lighter, darker = diff.max(axis=(1, 2)), -diff.min(axis=(1, 2))
    contrast = np.where(lighter >= darker, lighter, -darker)  # + light ink, - dark ink
    ink = np.abs(contrast) > 32
    # Every tile: one squashed by a flip may show only page in its ring and middle.
    squash = _squash(view, grid, keys, bg_lab)
    for i, key in enumerate(keys):
        out[key] = TileSample(
            ring_lab[i], float(ring_grey[i]), float(agree[i]), bool(ink[i]),
            squash.get(key, 1.0), False, float(contrast[i]),
        )
    return out


SQUASH_PAD = 3  # px (of TILE_PX) around a tile, so a full-height tile's outline is inside


def _squash(
    view: BoardView, grid: Grid, keys: list[tuple[int, int]], bg_lab: np.ndarray
) -> dict[tuple[int, int], float]:
    """Height / width of each tile's non-background extent through its centre lines (all
    tiles in one go: per-tile medians and colour conversions cost more than the work)."""
    pad = SQUASH_PAD
    crops = {key: view.tile(grid, *key, pad=pad) for key in keys}
    keys = [k for k, t in crops.items() if t is not None]
    if not keys:
        return {}
    tiles = np.stack([crops[k] for k in keys])  # (n, side, side, 3)
    mid, band = pad + TILE_PX // 2, TILE_PX // 8
    vert = np.median(tiles[:, :, mid - band : mid + band], axis=2)  # (n, side, 3)
    horiz = np.median(tiles[:, mid - band : mid + band, :], axis=1)
    lines = np.stack([vert, horiz], axis=1).astype(np.uint8)  # (n, 2, side, 3)
    off = colour.delta_e(colour.rgb_to_lab(lines), bg_lab) > colour.BLANK_DISTANCE
    side = off.shape[2]
    first = off.argmax(axis=2)
    last = side - 1 - off[:, :, ::-1].argmax(axis=2)
    extent = np.where(off.any(axis=2), last - first + 1, 0)  # (n, 2): vertical, horizontal
    return {key: _squash_of(v / TILE_PX, h / TILE_PX)
            for key, (v, h) in zip(keys, extent.tolist(), strict=True)}


def _squash_of(tall: float, wide: float) -> float:
    """Short / long extent of a tile seen through its centre lines, as shares of the tile.

    A flip on either axis leaves one extent whole and shrinks the other; a tile that only
    shows a letter (no outline, no fill) has neither whole and tells nothing (1.0). A tile
    left a little rotated or scaled after its reveal keeps both nearly whole. A flip caught
    edge-on shows next to nothing and is not told from an empty tile here.
    """
    if max(tall, wide) < 0.85 or min(tall, wide) < 0.15:
        return 1.0  # nothing whole, or nothing across: an outline just outside the box
    return min(tall, wide) / max(tall, wide)


def background_lab(frame: np.ndarray, grid: Grid) -> np.ndarray:
    """Median colour of the page behind the board (gaps between tiles + a margin), in Lab."""
    h, w = frame.shape[:2]
    x0, y0, x1, y1 = grid.bbox()
    cy0, cy1, cx0, cx1 = max(0, y0), min(h, y1), max(0, x0), min(w, x1)
    samples = []
    gap_x, gap_y = grid.pitch_x - grid.tile, grid.pitch_y - grid.height
    # A gap of 2 px or more has a clean middle column: a board cropped at its tiles has no
    # margin, and its gaps are then the only page on view.
    if gap_x >= 1.5:
        for c in range(grid.cols - 1):
            gx = round(grid.x + c * grid.pitch_x + grid.tile + gap_x / 2)
            if 0 <= gx < w:
                samples.append(frame[cy0:cy1, gx])
    if gap_y >= 1.5:
        for r in range(grid.rows - 1):
            gy = round(grid.y + r * grid.pitch_y + grid.height + gap_y / 2)
            if 0 <= gy < h:
                samples.append(frame[gy, cx0:cx1])
    # Margins just outside the board on all four sides (clipped to the frame).
    near, far = max(2, round(0.08 * grid.pitch_x)), max(4, round(0.3 * grid.pitch_x))
    for xa, xb in ((x0 - far, x0 - near), (x1 + near, x1 + far)):
        xa, xb = max(0, xa), min(w, xb)
        if xb > xa:
            samples.append(frame[cy0:cy1, xa:xb].reshape(-1, 3))
    for ya, yb in ((y0 - far, y0 - near), (y1 + near, y1 + far)):
        ya, yb = max(0, ya), min(h, yb)
        if yb > ya:
            samples.append(frame[ya:yb, cx0:cx1].reshape(-1, 3))
    if not samples:
        samples.append(frame.reshape(-1, 3))
    pix = np.concatenate(samples, axis=0)
    return colour.rgb_to_lab(np.median(pix, axis=0).astype(np.uint8)[None])[0]


def find_toasts(view: BoardView, grid: Grid, theme: str) -> list[tuple[int, int, int, int]]:
    """Toast pills over the board: wide flat blobs, black on light pages, pale on dark ones."""
    hsv = cv2.cvtColor(view.image, cv2.COLOR_RGB2HSV)
    value, sat = hsv[:, :, 2], hsv[:, :, 1]
    if theme == "light":
        mask = value < 30  # near black
    else:
        mask = (value > 195) & (sat < 40)  # near white, unsaturated
    n, _, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    tile, s, sy = view.px, view.scale, view.scale_y or view.scale
    boxes = []
    for i in range(1, n):
        bx, by, bw, bh, area = stats[i]
        if bw >= 1.3 * tile and 0.25 * tile <= bh <= 1.6 * tile and area >= 0.45 * bw * bh:
            boxes.append((
                view.ox + round(bx / s), view.oy + round(by / sy),
                view.ox + round((bx + bw) / s), view.oy + round((by + bh) / sy),
            ))
    return boxes


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> int:
    """Intersection area of two boxes."""
    return max(0, min(a[2], b[2]) - max(a[0], b[0])) * max(0, min(a[3], b[3]) - max(a[1], b[1]))


def _template_dirs(profile: object | None) -> tuple[Path, ...]:
    """A calibration profile's own glyph folder (if any) first, then the default set."""
    get = getattr(profile, "templates_dir", None)
    extra = get() if callable(get) else get
    if extra and Path(extra).is_dir():
        return (Path(extra), glyphs.DEFAULT_DIR)
    return (glyphs.DEFAULT_DIR,)


GlyphCache = dict[tuple, object]  # what read_letters may reuse from earlier frames
GLYPH_CACHE_MAX = 4096  # entries; a long session clears it rather than grow without end
CHECK_SCORE = 0.6  # letter score above which a letter is sure enough to check the rules with


def classify_colours(
    samples: dict[tuple[int, int], TileSample],
    bg: np.ndarray,
    profile: object | None = None,
    letters: dict[tuple[int, int], tuple[str, float]] | None = None,
    cache: GlyphCache | None = None,
) -> tuple[dict[tuple[int, int], str], palette_mod.Palette]:
    """Per tile 'blank' (empty or typed), 'hint' (a faint hint letter in an empty tile) or
    its mark (G/Y/X, '?' unsure), and the palette learned from this board.

    Tiles whose ring is the page colour are blank; the rest are clustered and their roles
    learned (`palette.learn_palette`), using the letters read so far to check the game's
    rules. A calibration profile's measured colours overrule the cues where a tile is close.
    With a `cache` (read_board's), a board whose filled tiles did not change is not learned
    again.
    """
    measured = colour.profile_palette(profile)
    families = {v: k for k, v in colour.PROFILE_FAMILIES.items()}
    known = {palette_mod.ROLE_OF[families[f]]: lab for f, lab in measured.items()}
    tolerance = float(getattr(profile, "tolerances", {}).get("colour", 14.0)) if known else 14.0
    letters = letters or {}
    roles: dict[tuple[int, int], str] = {}
    filled: list[palette_mod.TileColour] = []
    keys = list(samples)
    rings = np.array([samples[k].ring_lab for k in keys], np.float32).reshape(-1, 3)
    near_bg = colour.delta_e(rings, bg) < colour.PAGE_DISTANCE
    for key, blank in zip(keys, near_bg.tolist(), strict=True):
        s = samples[key]
        if s.cut or blank:
            roles[key] = "blank"
        else:
            # Only steady, clearly read letters may vote on the game's rules.
            letter, score = letters.get(key, ("", 0.0))
            steady = s.agree >= RING_AGREE and s.squash >= 0.8 and score >= CHECK_SCORE
            filled.append(palette_mod.TileColour(key, s.ring_lab, s.ink, letter if steady else ""))
    labs = np.array([t.lab for t in filled], np.float32).reshape(-1, 3)
    name = ("palette", labs.tobytes(), tuple((t.key, t.ink, t.letter) for t in filled),
            id(profile))
    learned = cache.get(name) if cache is not None else None
    if not isinstance(learned, palette_mod.Palette):
        learned = palette_mod.learn_palette(filled, known, tolerance)
        if cache is not None:
            cache[name] = learned
    for t, mark in zip(filled, learned.tile_marks(labs), strict=True):
        roles[t.key] = mark
    # Hint letters: faint next to the letters the page writes anywhere on its tiles.
    text = palette_mod.page_text_share([(s.contrast, s.ring_grey) for s in samples.values()
                                        if s.ink and not s.cut])
    for key, s in samples.items():
        if roles[key] == "blank" and s.ink and palette_mod.is_hint(s.contrast, s.ring_grey, text):
            roles[key] = "hint"
    # Letters are typed from the left: a faint letter left of a typed one was typed too (a
    # thin I drawn in soft ink), while a hint only ever waits right of what is typed.
    for row, col in [k for k, v in roles.items() if v == "hint"]:
        if any(roles.get((row, c)) == "blank" and samples[row, c].ink
               for c in range(col + 1, max(c for _, c in samples) + 1)):
            roles[row, col] = "blank"
    return roles, learned




def read_letters(
    frame: np.ndarray,
    grid: Grid,
    samples: dict[tuple[int, int], TileSample],
    templates: glyphs.Templates,
    cache: GlyphCache | None = None,
) -> dict[tuple[int, int], tuple[str, float]]:
    """(letter, score) of every tile with ink; the letter view is made once, only if needed.

    With a `cache` (the caller's dict, kept between frames of one game), a tile whose pixels
    are the same as in an earlier frame is not cut out and matched again: settled rows stay
    pixel-identical in lossless captures, and only the new row needs the work.
    """
    inked = [k for k, s in samples.items() if s.ink and not s.cut]
    if not inked:
        return {}
    letters_view = board_view(frame, grid, GLYPH_TILE_PX, grey=True, keep_aspect=True)
    if cache is not None and len(cache) > GLYPH_CACHE_MAX:
        cache.clear()
    found = [(key, t) for key in inked if (t := letters_view.tile(grid, *key)) is not None]
    rings = [samples[key].ring_grey for key, _ in found]
    digests: list[tuple | None] = [None] * len(found)
    fresh = list(range(len(found)))
    got: list[np.ndarray | None] = [None] * len(found)
    if cache is not None:
        digests = [(hashlib.blake2b(t.tobytes(), digest_size=16).digest(), ring)
                   for (_, t), ring in zip(found, rings, strict=True)]
        fresh = [i for i, d in enumerate(digests) if ("glyph", d) not in cache]
        for i, d in enumerate(digests):
            got[i] = cache.get(("glyph", d))  # type: ignore[assignment]
    todo = [found[i][1] for i in fresh]
    if grid.round:
        todo = _round_letters(todo, [rings[i] for i in fresh])
    extracted = glyphs.extract_glyphs(todo, [rings[i] for i in fresh])
    for i, crop in zip(fresh, extracted, strict=True):
        got[i] = crop
        if cache is not None:
            cache["glyph", digests[i]] = crop
    kept = [i for i, crop in enumerate(got) if crop is not None]
    keys = [found[i][0] for i in kept]
    crops = [got[i] for i in kept]
    digests = [digests[i] for i in kept]
    cap = glyphs.cap_height(crops)
    if cache is None:
        return dict(zip(keys, templates.read(crops, cap), strict=True))
    # A letter depends on its glyph, the board's cap height and the template set.
    names = [("letter", d, cap, id(templates)) for d in digests]
    todo = [i for i, n in enumerate(names) if n not in cache]
    for i, letter in zip(todo, templates.read([crops[i] for i in todo], cap), strict=True):
        cache[names[i]] = letter
    return {key: cache[n] for key, n in zip(keys, names, strict=True)}  # type: ignore[misc]


def _assemble_rows(
    grid: Grid,
    samples: dict[tuple[int, int], TileSample],
    roles: dict[tuple[int, int], str],
    matched: dict[tuple[int, int], tuple[str, float]],
    toasts: list[tuple[int, int, int, int]],
    reasons: list[str],
) -> tuple[list[tuple[str, str]], list[tuple[float, ...]]]:
    """Rows in labels format from per-tile colour roles and letters; appends why-not-settled
    reasons (cut, toast, occluded, mid-flip, mid-reveal) to `reasons`."""
    covered = {
        key: max(_overlap(grid.tile_box(*key), t) for t in toasts) / (grid.tile * grid.height)
        for key in samples
    } if toasts else {}
    touched = {key for key, share in covered.items() if share > 0.02}
    # A toast that only clips a tile's edge leaves its colour and letter readable.
    under_toast = {key for key, share in covered.items() if share > 0.2}
    rows = []
    scores = []
    for r in range(grid.rows):
        letters, marks, row_scores = [], [], []
        for c in range(grid.cols):
            s = samples[r, c]
            role = roles[r, c]
            letter, score = matched.get((r, c), ("", 0.0))
            where = f"{r + 1},{c + 1}"
            if s.cut:
                mark, letter = "?", "?"
                reasons.append(f"tile {where} cut off by the frame edge")
            elif (r, c) in under_toast:
                mark, letter = "?", "?"
                reasons.append(f"toast over the board (tile {where})")
            elif s.agree < RING_AGREE:
                mark, letter = "?", "?"
                reasons.append(f"tile {where} occluded or moving")
            elif role == "hint":
                mark, letter = ".", ""  # a faint hint letter in an empty tile: not typed
            elif role == "blank":
                mark = "t" if letter else "."
            else:
                mark = role
                if not letter:
                    letter = "?"
            if (r, c) in touched - under_toast:
                reasons.append(f"toast over the board (tile {where})")
            if s.squash < 0.8 and mark != "?":
                # Squashed by a flip: what it shows is still its old (typed) or already its
                # new face, so say it, but the frame is not settled.
                reasons.append(f"tile {where} mid-flip")
            if mark != ".":
                letters.append(letter or "?")
            marks.append(mark)
            row_scores.append(round(score, 3))
        row_marks = "".join(marks)
        if "." in row_marks.rstrip("."):
            # Letters fill a row from the left: an empty tile before a filled one is a tile
            # caught edge-on in a flip, or hidden.
            reasons.append(f"row {r + 1} has an empty tile before a filled one (mid-flip?)")
        if "t" in row_marks and any(m in "GYX" for m in row_marks):
            reasons.append(f"row {r + 1} mid-reveal (coloured and typed tiles together)")
        rows.append(("".join(letters), row_marks))
        scores.append(tuple(row_scores))
    return rows, scores


def read_board(
    frame: np.ndarray,
    *,
    hint: Grid | None = None,
    profile: object | None = None,
    cache: GlyphCache | None = None,
) -> BoardRead:
    """Read the board in an HxWx3 uint8 RGB frame.

    For speed in a game loop: `hint` is last frame's grid, `cache` a dict the caller keeps
    for the game (letters of tiles whose pixels did not change are not matched again).
    """
    if frame.ndim != 3 or frame.shape[2] != 3 or frame.dtype != np.uint8:
        raise AutobotError("frame must be an HxWx3 uint8 RGB array", 2)
    if hint is None and callable(getattr(profile, "hint_grid", None)):
        hint = profile.hint_grid()  # type: ignore[union-attr]
    grid, reasons = locate_grid(frame, hint)
    if grid is None:
        return NOT_FOUND
    templates = glyphs.load_templates(_template_dirs(profile))
    bg = background_lab(frame, grid)
    theme = colour.theme_of(bg)
    grid = with_cut_rows(frame, grid, bg)

    view = board_view(frame, grid, TILE_PX)
    samples = sample_tiles(frame, grid, bg, view)

    matched = read_letters(frame, grid, samples, templates, cache)
    roles, learned = classify_colours(samples, bg, profile, matched, cache)
    high_contrast = learned.high_contrast or bool(
        colour.profile_palette(profile) and getattr(profile, "high_contrast", False)
    )
    filled = [k for k, v in roles.items() if v not in ("blank", "hint")]
    lettered = [k for k in filled if k in matched]
    if len(filled) >= 3 and len(lettered) < len(filled) / 2:
        return _not_found("coloured squares without letters (a share grid, not a live board)")

    reasons = list(reasons)
    toasts = find_toasts(view, grid, theme)
    reasons += learned.reasons
    rows, scores = _assemble_rows(grid, samples, roles, matched, toasts, reasons)
    settled = not reasons and all("?" not in m and "?" not in lt for lt, m in rows)
    if not settled and not reasons:
        reasons.append("unreadable tile")
    return BoardRead(
        True, settled, theme, high_contrast, tuple(rows), grid, tuple(reasons), tuple(scores),
        palette=learned, cut=cut_sides(grid, frame.shape),
    )


def board_glyphs(
    frame: np.ndarray, read: BoardRead, cells: list[tuple[int, int]]
) -> dict[tuple[int, int], np.ndarray]:
    """Normalised glyphs of these tiles of a found board, cut and scaled exactly as
    `read_board` reads them (for calibration's template harvest)."""
    if not read.found or read.grid is None:
        return {}
    grid = read.grid
    samples = sample_tiles(frame, grid, background_lab(frame, grid))
    view = board_view(frame, grid, GLYPH_TILE_PX, grey=True, keep_aspect=True)
    crops: dict[tuple[int, int], np.ndarray] = {}
    for key, s in samples.items():
        tile = view.tile(grid, *key) if s.ink and not s.cut else None
        if tile is not None and grid.round:
            tile = _round_letters([tile], [s.ring_grey])[0]
        crop = glyphs.extract_glyph(tile, s.ring_grey) if tile is not None else None
        if crop is not None:
            crops[key] = crop
    cap = glyphs.cap_height(list(crops.values()))  # the whole board's capitals, as read_board
    return {k: glyphs.normalise(crops[k], cap) for k in cells if k in crops}


def frames_agree(a: BoardRead, b: BoardRead) -> bool:
    """Two reads show the same board (used for "two consecutive reads agree")."""
    return a.found == b.found and a.rows == b.rows


def render_board(read: BoardRead) -> str:
    """Plain-text board: one line per row, letters in brackets then the marks."""
    if not read.found:
        return "no board"
    lines = []
    for letters, marks in read.rows:
        it = iter(letters)
        cells = []
        for m in marks:
            ch = " " if m == "." else next(it, "?")
            cells.append(f"[{ch}]")
        lines.append("".join(cells) + "  " + marks)
    state = "settled" if read.settled else "not settled: " + "; ".join(read.reasons)
    lines.append(f"({read.theme}{', high contrast' if read.high_contrast else ''}; {state})")
    return "\n".join(lines)


__all__ = [
    "BoardRead",
    "Grid",
    "board_glyphs",
    "frames_agree",
    "load_image",
    "read_board",
    "render_board",
]
