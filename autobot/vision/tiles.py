"""Cut the board into tiles: each tile's ring colour, its letter pixels, the page behind it."""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, replace

import cv2
import numpy as np

from autobot.kernels.median import byte_medians, window_medians
from autobot.vision import colour
from autobot.vision.model import Grid

TILE_PX = 48  # every tile is resampled to this square before its colours are measured
GLYPH_TILE_PX = 96  # ... and to this one (grey) for its letter: small letters need the pixels
RING = (4, 10)  # ring between these insets (of TILE_PX): inside the border, outside the letter
# For letters that nearly fill their tile (Duotrigordle's small tiles): just inside the edge.
THIN_RING = (2, 6)
RING_AGREE = 0.7  # share of ring pixels that must match the ring's median colour
RING_AGREE_DE = 22.0


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
    ringed: bool = False  # its colour is a thick border's around the page (not a fill)


def glyph_tile(crop: np.ndarray) -> np.ndarray:
    """A tile crop (RGB, any size) as the GLYPH_TILE_PX grey square letters are read from."""
    grey = cv2.cvtColor(crop, cv2.COLOR_RGB2GRAY)
    interp = cv2.INTER_AREA if grey.shape[0] > GLYPH_TILE_PX else cv2.INTER_LINEAR
    return cv2.resize(grey, (GLYPH_TILE_PX, GLYPH_TILE_PX), interpolation=interp)


def _ring_mask(round_: bool = False, ring: tuple[int, int] = RING) -> np.ndarray:
    """Boolean TILE_PX x TILE_PX mask of the sampling ring (square, or round for circles).

    The square ring leaves out its corners: a rounded square's corners are page, not tile.
    """
    yy, xx = np.mgrid[0:TILE_PX, 0:TILE_PX]
    if round_:
        d = TILE_PX / 2 - np.hypot(xx - (TILE_PX - 1) / 2, yy - (TILE_PX - 1) / 2)
        return (d >= ring[0]) & (d < ring[1])
    d = np.minimum(np.minimum(xx, yy), np.minimum(TILE_PX - 1 - xx, TILE_PX - 1 - yy))
    corner = np.minimum(xx, TILE_PX - 1 - xx) + np.minimum(yy, TILE_PX - 1 - yy)
    return (d >= ring[0]) & (d < ring[1]) & (corner >= 2 * ring[1] + 2)


def _disc(h: int, w: int, share: float) -> np.ndarray:
    """Boolean h x w mask of the centred ellipse `share` of the box's size across."""
    yy, xx = np.mgrid[0:h, 0:w]
    return np.hypot((xx - (w - 1) / 2) / w, (yy - (h - 1) / 2) / h) <= share / 2


_MIDDLE_DISC = _disc(TILE_PX - 2 * RING[1], TILE_PX - 2 * RING[1], 1.0)
ROUND_LETTER_SHARE = 0.72  # of a circle's diameter: its letter, without the rim's shadows


def round_letters(tiles: list[np.ndarray], rings: list[float]) -> list[np.ndarray]:
    """The middle of round tiles, where the letter is, with the rest of that square set to the
    tile colour (the rim's shadows and the page in the corners would read as ink)."""
    out = []
    for tile, ring in zip(tiles, rings, strict=True):
        h, w = tile.shape[:2]
        dy, dx = round(h * (1 - ROUND_LETTER_SHARE) / 2), round(w * (1 - ROUND_LETTER_SHARE) / 2)
        middle = tile[dy : h - dy, dx : w - dx].copy()
        middle[~_disc(middle.shape[0], middle.shape[1], 1.0)] = round(ring)
        out.append(middle)
    return out


# Every other ring pixel is plenty for a median and an agreement share, at half the cost.
_CHECKER = np.add.outer(np.arange(TILE_PX), np.arange(TILE_PX)) % 2 == 0
RINGS = {r: _ring_mask(r) for r in (False, True)}
_RINGS_SPARSE = {r: m & _CHECKER for r, m in RINGS.items()}


def _ring_sides(mask: np.ndarray) -> np.ndarray:
    """Which side (0 top, 1 right, 2 bottom, 3 left) each pixel of a ring mask is on."""
    yy, xx = np.nonzero(mask)
    dx, dy = xx - (TILE_PX - 1) / 2, yy - (TILE_PX - 1) / 2
    return np.where(np.abs(dy) >= np.abs(dx), np.where(dy < 0, 0, 2), np.where(dx > 0, 1, 3))


_RING_SIDES = {r: _ring_sides(m) for r, m in _RINGS_SPARSE.items()}


def _top_ends(mask: np.ndarray, sides: np.ndarray) -> np.ndarray:
    """Which pixels of a ring mask (in `sides`' order) are the ends of its top side: out of
    the middle ACCENT_MIDDLE of the tile's width, where an accent over a letter reaches."""
    _, xx = np.nonzero(mask)
    return (sides == 0) & (np.abs(xx - (TILE_PX - 1) / 2) > ACCENT_MIDDLE * TILE_PX / 2)


def _bottom_ends(mask: np.ndarray, sides: np.ndarray) -> np.ndarray:
    """Which pixels of a ring mask are the ends of its bottom side (as `_top_ends`, below)."""
    _, xx = np.nonzero(mask)
    return (sides == 2) & (np.abs(xx - (TILE_PX - 1) / 2) > ACCENT_MIDDLE * TILE_PX / 2)


@functools.cache
def _ring_set(ring: tuple[int, int], round_: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A sampling ring's mask, its sparse half and the side of each sparse pixel."""
    if ring == RING:
        return RINGS[round_], _RINGS_SPARSE[round_], _RING_SIDES[round_]
    full = _ring_mask(round_, ring)
    sparse = full & _CHECKER
    return full, sparse, _ring_sides(sparse)


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
        at = self.origin(grid, row, col, pad)
        if at is None:
            return None
        x, y = at
        return self.image[y : y + (self.px_h or self.px) + 2 * pad, x : x + self.px + 2 * pad]

    def origin(self, grid: Grid, row: int, col: int, pad: int = 0) -> tuple[int, int] | None:
        """View (x, y) of a tile's top left corner (`pad` px out), or None where the tile
        (plus `pad`) leaves the view."""
        x = round((grid.x + col * grid.pitch_x - self.ox) * self.scale) - pad
        y = round((grid.y + row * grid.pitch_y - self.oy) * (self.scale_y or self.scale)) - pad
        n, m = self.px + 2 * pad, (self.px_h or self.px) + 2 * pad
        if x < 0 or y < 0 or x + n > self.image.shape[1] or y + m > self.image.shape[0]:
            return None
        return x, y


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
    if min(sx, sy) < 1:
        image = area_resize(region, size)
    else:
        image = cv2.resize(region, size, interpolation=cv2.INTER_LINEAR)
    return BoardView(image, sx, rx0, ry0, px_w, sy, px_h)


def area_resize(image: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """`cv2.resize(image, size, interpolation=cv2.INTER_AREA)` of a uint8 image, the same
    pixels, sooner.

    Shrunk by no whole factor, OpenCV sums each pixel's share in float and rounds it the same
    for uint8 and float32 images, but its float32 pass is quicker (a 1280x1024 board's colour
    view at 3/4: 0.69 ms with both conversions against 0.85; ~0.1 ms of a read, the float
    copy's memory costing some back). A whole factor takes OpenCV's integer path, which
    rounds otherwise: that one is left to OpenCV, as is any enlarging.
    """
    h, w = image.shape[:2]
    # OpenCV's own test: each axis's scale from the inverse of its inverse, within DBL_EPSILON.
    scale_x, scale_y = 1.0 / (size[0] / w), 1.0 / (size[1] / h)
    whole = abs(scale_x - round(scale_x)) < EPSILON and abs(scale_y - round(scale_y)) < EPSILON
    if whole or scale_x < 1 or scale_y < 1:
        return cv2.resize(image, size, interpolation=cv2.INTER_AREA)
    shrunk = cv2.resize(image.astype(np.float32), size, interpolation=cv2.INTER_AREA)
    return cv2.convertScaleAbs(shrunk)  # OpenCV's rounding to uint8 (sums are never < 0)


EPSILON = float(np.finfo(np.float64).eps)


def sample_tiles(
    frame: np.ndarray, grid: Grid, bg_lab: np.ndarray, view: BoardView | None = None,
    ring_insets: tuple[int, int] = RING,
) -> dict[tuple[int, int], TileSample]:
    """Measure every tile at once: ring colour and uniformity, ink, outline shape.

    `ring_insets`: where the colour is sampled (THIN_RING for letters that fill the tile).
    """
    ring_full, ring_sparse, sides = _ring_set(ring_insets, grid.round)
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
    ring = tiles[:, ring_sparse]  # (n, m, 3)
    med = byte_medians(ring).astype(np.uint8)
    ring_lab = colour.rgb_to_lab(med)
    near = colour.delta_e(colour.rgb_to_lab(ring), ring_lab[:, None]) < RING_AGREE_DE
    # The worst side: a tile bouncing up over the lower part of its neighbour leaves most of
    # that ring the neighbour's own colour, but not its bottom side.
    by_side = np.stack([near[:, sides == k].mean(1) for k in range(4)], axis=1)
    agree = by_side.min(1)
    n = len(keys)
    grey = cv2.cvtColor(tiles.reshape(n * TILE_PX, TILE_PX, 3), cv2.COLOR_RGB2GRAY)
    grey = grey.reshape(n, TILE_PX, TILE_PX)
    ring_grey = byte_medians(grey[:, ring_full][:, :, None])[:, 0]
    lo, hi = RING[1], TILE_PX - RING[1]
    middle = grey[:, lo:hi, lo:hi].astype(np.int16)
    # > 32: white letters on a light grey tile drifted +12 keep only ~39 levels of contrast
    diff = middle - ring_grey[:, None, None]
    if grid.round:  # a circle's inner shadow reaches the middle square's corners
        diff = diff * _MIDDLE_DISC
    lighter, darker = diff.max(axis=(1, 2)), -diff.min(axis=(1, 2))
    contrast = np.where(lighter >= darker, lighter, -darker)  # + light ink, - dark ink
    ink = np.abs(contrast) > 32
    # A lettered tile whose inside is the page may be an evaluated tile drawn as a thick ring
    # of its colour: its colour is that border's.
    inside_page = colour.delta_e(ring_lab, bg_lab) < colour.PAGE_DISTANCE
    # A text cursor drawn as a bar along the bottom of the empty tile it will type into
    # (the row being typed): the three other sides agree, the ring is the page's colour.
    cursor = inside_page & ~ink & (by_side[:, 2] < RING_AGREE) \
        & (np.delete(by_side, 2, axis=1).min(1) >= RING_AGREE)
    agree = np.where(cursor, np.delete(by_side, 2, axis=1).min(1), agree)
    # An accent over a big letter (Ã, É) reaches up into the top of the ring: only the top
    # side differs, and the tile has a letter. An accent sits over the letter's middle, so
    # the ends of the top side stay the tile's colour; a tile bouncing up moves all of it.
    # (On small tiles a tilde's blur covers most of the top side's middle: a share of the
    # whole side would call it moving.)
    ends = near[:, _top_ends(ring_sparse, sides)].mean(1)
    accent = ink & (by_side[:, 0] < RING_AGREE) & (ends >= RING_AGREE) \
        & (by_side[:, 1:].min(1) >= RING_AGREE)
    agree = np.where(accent, np.minimum(by_side[:, 1:].min(1), ends), agree)
    # A cedilla (Ç) hangs below its letter into the bottom side's middle the same way.
    low = near[:, _bottom_ends(ring_sparse, sides)].mean(1)
    others = by_side[:, [0, 1, 3]].min(1)
    below = ink & (by_side[:, 2] < RING_AGREE) & (low >= RING_AGREE) & (others >= RING_AGREE)
    agree = np.where(below, np.minimum(others, low), agree)
    # A big letter in a small tile (a bold M, a grid a pixel off) reaches into the inner half
    # of the ring on a side or two; the outer half, next to the tile's edge, is still all the
    # tile's colour. A tile that moves moves its edge: the outer half shows it.
    reach = np.flatnonzero(ink & (agree < RING_AGREE))
    if len(reach) and ring_insets[1] - ring_insets[0] >= 4:
        outer_ring = (ring_insets[0], (ring_insets[0] + ring_insets[1]) // 2)
        _, outer_sparse, outer_sides = _ring_set(outer_ring, grid.round)
        px = tiles[reach][:, outer_sparse]
        close = colour.delta_e(colour.rgb_to_lab(px), ring_lab[reach][:, None]) < RING_AGREE_DE
        outer = np.stack([close[:, outer_sides == k].mean(1) for k in range(4)], 1).min(1)
        agree[reach] = np.maximum(agree[reach], outer)
    ringed = np.flatnonzero(inside_page & ink).tolist()
    by_ring: set[int] = set()
    if ringed:  # (the empty tiles of the last rows first: the farthest from any letter)
        plain = [keys[i] for i in np.flatnonzero(inside_page & ~ink)[::-1].tolist()]
        found = ring_colours(view, grid, [keys[i] for i in ringed], plain, bg_lab)
        for i, lab in zip(ringed, found, strict=True):
            if lab is not None:
                ring_lab[i] = lab
                by_ring.add(i)
    # Every tile: one squashed by a flip may show only page in its ring and middle.
    squash = _squash(view, grid, keys, bg_lab)
    # A small tile drawn on the page's colour shows its edges only by a thin outline, which
    # the frame blurs to a pixel or two of half its contrast, often no more than the page's
    # own noise: its extent tells only a deep flip (a typed row of 28 px tiles measured
    # 0.77-0.87 and read "mid-flip"; a tile half way through its flip measures under 0.5).
    # A shallower flip still shows: its row is then half coloured, half typed.
    faint = min(grid.tile, grid.height) < FAINT_OUTLINE_TILE
    for i, key in enumerate(keys):
        flat = faint and bool(inside_page[i]) and i not in by_ring \
            and squash.get(key, 1.0) >= FAINT_SQUASH
        out[key] = TileSample(
            ring_lab[i], float(ring_grey[i]), float(agree[i]), bool(ink[i]),
            1.0 if flat else squash.get(key, 1.0), False, float(contrast[i]), i in by_ring,
        )
    return out


BORDER_PAD = 3  # px (of TILE_PX) outside a tile's box where its border may start
BORDER_DEPTH = RING[1]  # px (of TILE_PX) into the tile its border is measured to
# px (of TILE_PX): a border at least this thick may be the tile's colour (6%; the plain
# borders of empty and typed tiles are 2 px on 62 px tiles, 3%; a coloured ring 5 px, 8%) ...
BORDER_THICK = 2.75
BORDER_MORE = 1.0  # ... and at least this much thicker than the board's empty tiles' borders
CORE_SHARE = 0.8  # of a border's full contrast: its pixels that give its colour
PLAIN_SAMPLES = 3  # empty tiles of other rows whose borders are measured for that
INK_DARK = 25.0  # Lab L: a neutral ring darker than this on a light page is print
# Half the run of each side's middle the profile is taken from: short, so that a circle's
# side is nearly straight in it.
BORDER_SIDE = TILE_PX // 16


def ring_colours(
    view: BoardView, grid: Grid, keys: list[tuple[int, int]], plain: list[tuple[int, int]],
    bg_lab: np.ndarray,
) -> list[np.ndarray | None]:
    """Per lettered tile whose inside is the page (`keys`), the colour (Lab) of its border
    when that is a ring of the tile's colour: on three sides thicker than BORDER_THICK and
    by BORDER_MORE than the border of empty tiles (`plain`; those of its own row if it has
    any: a page may draw the row being typed with a thicker border). None otherwise.

    An evaluated tile drawn as a ring of its colour and a typed tile both show a letter on
    the page colour; only the ring tells them apart (typed tiles keep the empty tiles'
    border, whose colour may be as grey as the absent one). A ring as dark as print on a
    light page is the page's ink marking the row being typed, not a tile colour.
    """
    if not keys:
        return []
    rows = {r for r, _ in keys}
    mine = [k for k in plain if k[0] in rows]
    others = [k for k in plain if k[0] not in rows][:PLAIN_SAMPLES]
    runs, cores = _border_runs(view, grid, keys + mine + others, bg_lab)
    measured = dict(zip(mine + others, runs[len(keys):], strict=True))

    def base(row: int) -> float:
        """The empty tiles' border thickness: of this row's, else of the board's."""
        for pick in ([k for k in mine if k[0] == row], others):
            got = [np.sort(t)[1] for k in pick if (t := measured[k]) is not None]
            if got:
                return float(np.median(got))
        return 0.0

    light_page = float(bg_lab[0]) >= 50
    out: list[np.ndarray | None] = []
    for key, run, core in zip(keys, runs[: len(keys)], cores, strict=False):
        need = max(BORDER_THICK, base(key[0]) + BORDER_MORE)
        thick = run >= need if run is not None else np.zeros(4, bool)
        if thick.sum() < 3 or core is None:
            out.append(None)
            continue
        med = byte_medians(np.concatenate([core[j] for j in np.flatnonzero(thick)])[None])[0]
        lab = colour.rgb_to_lab(med.astype(np.uint8)[None])[0]
        inky = float(lab[0]) < INK_DARK and math.hypot(float(lab[1]), float(lab[2])) < \
            colour.NEUTRAL_CHROMA
        out.append(None if light_page and inky else lab)
    return out


@functools.cache
def _border_lines(size: int, reach: int, half: int) -> np.ndarray:
    """`window_medians` lines of `_border_runs`: each side's middle, `reach` px from its edge
    (top, bottom, left, right; the bottom and right ones run outwards)."""
    mid = size // 2
    arr = np.array([(0, mid - half, reach, 2 * half, 1),
                    (size - reach, mid - half, reach, 2 * half, 1),
                    (mid - half, 0, 2 * half, reach, 0),
                    (mid - half, size - reach, 2 * half, reach, 0)], np.int64)
    arr.flags.writeable = False
    return arr


def _border_runs(
    view: BoardView, grid: Grid, keys: list[tuple[int, int]], bg_lab: np.ndarray
) -> tuple[list[np.ndarray | None], list[list[np.ndarray] | None]]:
    """Per tile, its border's thickness on each side (px of TILE_PX: top, bottom, left,
    right) and the colour pixels of each side's border core; None for a tile off the view.

    Each side's middle is read from just outside the box inwards (the box may be a pixel or
    two off the tile's edge): the longest run of non-page pixels that starts near the edge is
    the border; its core, the pixels not blended with the page.
    """
    pad, depth, half = BORDER_PAD, BORDER_DEPTH, BORDER_SIDE
    at = {i: xy for i, key in enumerate(keys) if (xy := view.origin(grid, *key, pad=pad))}
    found = list(at)
    runs_out: list[np.ndarray | None] = [None] * len(keys)
    cores_out: list[list[np.ndarray] | None] = [None] * len(keys)
    if not found:
        return runs_out, cores_out
    size = view.px + 2 * pad  # the view's tiles are square
    reach = pad + depth
    # (n, 4 sides, reach, 3): top, bottom, left, right, each from outside inwards.
    sides = window_medians(
        view.image, np.array([y for _, y in at.values()], np.int64),
        np.array([x for x, _ in at.values()], np.int64), _border_lines(size, reach, half), reach,
    )
    sides[:, 1::2] = sides[:, 1::2, ::-1]  # bottom and right were read from the inside out
    far = colour.delta_e(colour.rgb_to_lab(sides), bg_lab)
    off = far > colour.BLANK_DISTANCE
    # Length of the run of off-page pixels from each depth on; the longest run that starts
    # within the pad's reach of the box edge (the neighbour's border may show before it).
    run = np.zeros(off.shape, np.intp)
    for d in range(reach - 1, -1, -1):
        run[..., d] = off[..., d] * (1 + (run[..., d + 1] if d + 1 < reach else 0))
    first = run[..., : 2 * pad + 1].argmax(axis=2)[..., None]  # (n, 4, 1)
    length = np.take_along_axis(run, first, axis=2)
    depth_at = np.arange(reach)[None, None]
    on = (depth_at >= first) & (depth_at < first + length)
    # Its thickness: its contrast summed over its pixels, in pixels of its full contrast (the
    # resampling shares an edge pixel between border and page; the sum keeps the share).
    mine = np.where(on, far, 0.0)
    peak = mine.max(axis=2)
    thickness = mine.sum(axis=2) / np.maximum(peak, 1e-6)
    core = on & (mine >= CORE_SHARE * peak[..., None])
    for k, i in enumerate(found):
        runs_out[i] = thickness[k]
        cores_out[i] = [sides[k, j][core[k, j]] for j in range(4)]
    return runs_out, cores_out


SQUASH_PAD = 3  # px (of TILE_PX) around a tile, so a full-height tile's outline is inside
# px (frame): below this a tile's 1 px outline on the page's colour is too faint to measure
FAINT_OUTLINE_TILE = 36.0
FAINT_SQUASH = 0.65  # ... and there only a squash under this is a flip (0.5x flip fixture: 0.47)
SQUASH_LINES = (0.3, 0.5, 0.7)  # of a tile: where its extent is measured across (and down)


@functools.cache
def _squash_lines(side: int, pad: int, band: int) -> np.ndarray:
    """`window_medians` lines of `_squash`: per SQUASH_LINES place, down then across."""
    lines = []
    for at in SQUASH_LINES:
        mid = pad + round(at * TILE_PX)
        lines += [(0, mid - band, side, 2 * band, 1), (mid - band, 0, 2 * band, side, 0)]
    arr = np.array(lines, np.int64)
    arr.flags.writeable = False
    return arr


def _squash(
    view: BoardView, grid: Grid, keys: list[tuple[int, int]], bg_lab: np.ndarray
) -> dict[tuple[int, int], float]:
    """Height / width of each tile's non-background extent through its centre lines (all
    tiles in one go: per-tile medians and colour conversions cost more than the work)."""
    pad = SQUASH_PAD
    at = {key: xy for key in keys if (xy := view.origin(grid, *key, pad=pad)) is not None}
    keys = list(at)
    if not keys:
        return {}
    side = view.px + 2 * pad  # the view's tiles are square
    band = TILE_PX // 8
    # Lines through the middle and either side of it: a flip shrinks the whole tile, so
    # every line; a letter of the page's colour touching the tile's edge (an accent over a
    # light letter on a small tile) shortens only the lines it crosses. The longest counts.
    # Each line's median across its band of pixels, read in place: (n, lines, 2, side, 3),
    # vertical then horizontal.
    stack = window_medians(
        view.image, np.array([y for _, y in at.values()], np.int64),
        np.array([x for x, _ in at.values()], np.int64), _squash_lines(side, pad, band), side,
    ).reshape(len(keys), len(SQUASH_LINES), 2, side, 3)
    off = colour.delta_e(colour.rgb_to_lab(stack), bg_lab) > colour.BLANK_DISTANCE
    side = off.shape[3]
    first_all = off.argmax(axis=3)
    last_all = side - 1 - off[..., ::-1].argmax(axis=3)
    long_all = np.where(off.any(axis=3), last_all - first_all + 1, 0)  # (n, lines, 2)
    pick = long_all.argmax(axis=1)[:, None]  # (n, 1, 2): the longest line on each axis
    first = np.take_along_axis(first_all, pick, axis=1)[:, 0]
    last = np.take_along_axis(last_all, pick, axis=1)[:, 0]
    extent = np.take_along_axis(long_all, pick, axis=1)[:, 0]  # (n, 2): vertical, horizontal
    # A flip shrinks a tile about its middle; a band along one edge only (a text cursor's
    # bar under an empty tile whose faint outline does not show) is no flip.
    offset = np.abs((first + last) / 2 - (side - 1) / 2) / TILE_PX  # (n, 2)
    out = {}
    for key, (v, h), (ov, oh) in zip(keys, extent.tolist(), offset.tolist(), strict=True):
        squash = _squash_of(v / TILE_PX, h / TILE_PX)
        short_off = ov if v < h else oh
        out[key] = 1.0 if squash < 0.8 and short_off > SQUASH_OFF_CENTRE else squash
    return out


ACCENT_MIDDLE = 1 / 3  # of the tile's width: the middle of the top side an accent may cover
SQUASH_OFF_CENTRE = 0.25  # of a tile: a shrunken extent centred this far off is not a flip


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
    return colour.rgb_to_lab(byte_medians(pix[None]).astype(np.uint8))[0]


def find_toasts(view: BoardView, grid: Grid, theme: str) -> list[tuple[int, int, int, int]]:
    """Toast pills over the board: wide flat blobs, black on light pages, pale on dark ones."""
    mask = _toast_mask(view, theme)
    # A blob's columns are one run (8-connected pixels step at most one column), so no run of
    # columns with mask pixels as wide as a toast means no toast: a board's letters, apart
    # from each other, leave gaps between the tile columns (the labelling was a twentieth of
    # a read). The tests' reference labels every frame.
    if _longest_run(np.asarray(mask.any(axis=0))) < TOAST_WIDTH * view.px:
        return []
    return _toast_boxes(view, mask)


TOAST_WIDTH = 1.3  # tiles: a toast is at least this wide


def _toast_mask(view: BoardView, theme: str) -> np.ndarray:
    """Pixels of the board view a toast may be: near black on light pages, near white on dark."""
    hsv = cv2.cvtColor(view.image, cv2.COLOR_RGB2HSV)
    value, sat = hsv[:, :, 2], hsv[:, :, 1]
    if theme == "light":
        return value < 30  # near black
    return (value > 195) & (sat < 40)  # near white, unsaturated


def _longest_run(flags: np.ndarray) -> int:
    """The length of the longest run of True in a 1-D boolean array."""
    edges = np.flatnonzero(np.diff(np.concatenate(([0], flags.view(np.int8), [0]))))
    return int((edges[1::2] - edges[::2]).max(initial=0))


def _toast_boxes(view: BoardView, mask: np.ndarray) -> list[tuple[int, int, int, int]]:
    """Frame boxes of the wide flat blobs of a toast mask of the board view."""
    n, _, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    tile, s, sy = view.px, view.scale, view.scale_y or view.scale
    boxes = []
    for i in range(1, n):
        bx, by, bw, bh, area = stats[i]
        if bw >= TOAST_WIDTH * tile and 0.25 * tile <= bh <= 1.6 * tile \
                and area >= 0.45 * bw * bh:
            boxes.append((
                view.ox + round(bx / s), view.oy + round(by / sy),
                view.ox + round((bx + bw) / s), view.oy + round((by + bh) / sy),
            ))
    return boxes


def overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> int:
    """Intersection area of two boxes."""
    return max(0, min(a[2], b[2]) - max(a[0], b[0])) * max(0, min(a[3], b[3]) - max(a[1], b[1]))
