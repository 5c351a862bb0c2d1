"""Tile candidates in a frame: squares, rounded squares, circles or the shadowed half of one,
tiles a little wider or taller than high, found on a downscaled grey search image."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np

from autobot.kernels.outlines import KIND_ARC, KIND_TILE, arc_circles, judge_outlines, unique_boxes

# Search image long side (at most): big enough that a 62 px tile on a 4K frame keeps ~12 px.
SEARCH_SIDE = 1000
MIN_TILE = 9  # px in the search image
MAX_TILE_FRAC = 0.3  # of the search image's short side (a single-row strip is ~0.9 tall)


@dataclass(unsafe_hash=True, slots=True)
class Box:
    """A square-ish candidate in search-image pixels (never changed once made).

    Not frozen: a frozen dataclass sets each field through object.__setattr__, and a search
    makes a hundred or two of these (6 us each against 1.3 us, a fiftieth of a read).
    """

    x: float
    y: float
    w: float
    h: float
    round: bool = False  # a circle (or ellipse) outline, not a (rounded) rectangle
    edge: bool = False  # touches the image edge: maybe cut, its centre and size are unsure

    # Mean side length and centre, set once: the lattice fit reads them hundreds of times a
    # frame, and a property's call was a tenth of the fit.
    side: float = field(init=False, repr=False, compare=False)
    cx: float = field(init=False, repr=False, compare=False)
    cy: float = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.side = (self.w + self.h) / 2
        self.cx = self.x + self.w / 2
        self.cy = self.y + self.h / 2


def search_scale(shape: tuple[int, ...]) -> float:
    """Downscale factor for the search image: 1/n (OpenCV's fast path is 70x quicker)."""
    return 1.0 / math.ceil(max(shape[0], shape[1]) / SEARCH_SIDE)


def to_search_grey(frame: np.ndarray, scale: float) -> np.ndarray:
    """Grey, downscaled copy of an RGB (or already grey) frame for locating (never less than
    1x1: a sliver of a frame, 8000x3, stays a sliver, in which no tile is found).

    A grey frame is the RGB one's `cv2.cvtColor` (per pixel): a crop of it is the crop's grey,
    so one conversion serves the search and every look again at a part of the frame.
    """
    grey = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_RGB2GRAY)
    if scale < 1.0:
        h, w = grey.shape[:2]
        if round(h * scale) < 1 or round(w * scale) < 1:
            return cv2.resize(grey, (max(1, round(w * scale)), max(1, round(h * scale))),
                              interpolation=cv2.INTER_AREA)
        # fx/fy, not a size: OpenCV keeps its exact 1/n fast path only so.
        grey = cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    return grey


def too_small(shape: tuple[int, ...], scale: float | None = None) -> bool:
    """Whether a frame's short side, as searched, cannot hold one tile (a 2000x1 strip)."""
    scale = search_scale(shape) if scale is None else scale
    return min(shape[0], shape[1]) * scale < MIN_TILE


EDGE_PAD = 5  # px added around the search image: 3 repeated, 2 contrasting (_pad_contrasting)
CONTRAST_PAD = 2  # px of EDGE_PAD's outer edge drawn in the contrasting shade
CANNY = (12, 36)  # Canny's thresholds (L2 gradient)
# Width / height of a tile outline: square, or a little wider or taller (48x40 tiles are 1.2).
ASPECT = (0.7, 1.43)


def _pad_contrasting(grey: np.ndarray) -> np.ndarray:
    """The image with its edge pixels repeated 3 px out, then 2 px of black beside light
    pixels and white beside dark ones.

    A board cropped tight has tiles touching the image edge; their outline is open there (no
    edge between a tile and nothing). Any border colour would match some tile, so each
    border pixel takes the opposite of the pixel it extends: every tile at the edge closes.
    The repeated pixels keep that new edge apart from a tile's own side 1 px in from the edge.
    """
    p, f = EDGE_PAD, CONTRAST_PAD
    out = cv2.copyMakeBorder(grey, p, p, p, p, cv2.BORDER_REPLICATE)
    # Views into `out`, each pixel in one of them (the corners in the row strips only).
    for strip in (out[:f], out[-f:], out[f:-f, :f], out[f:-f, -f:]):
        strip[...] = np.where(strip < 128, 255, 0)
    return out


def search_edges(image: np.ndarray, canny: tuple[float, float] = CANNY) -> np.ndarray:
    """The outlines' pixels of a grey search image, `EDGE_PAD` px bigger each way: blurred,
    padded (`_pad_contrasting`), Canny's edges (L2 gradient), 1-px breaks closed."""
    p = 2 * EDGE_PAD
    if image.size == 0:  # OpenCV refuses an empty image; no edges in one
        return np.zeros((image.shape[0] + p, image.shape[1] + p), np.uint8)
    # A light blur first: sensor/JPEG noise would otherwise break outlines into fragments.
    smooth = _pad_contrasting(cv2.GaussianBlur(image, (3, 3), 0))
    edges = cv2.Canny(smooth, *canny, L2gradient=True)
    # Close 1-px breaks (JPEG, a pointer, antialiasing) without bridging the 5 px tile gap.
    return cv2.morphologyEx(edges, cv2.MORPH_CLOSE, np.ones((2, 2), np.uint8))


def trace_outlines(edges: np.ndarray, offset: tuple[int, int] = (0, 0)
                   ) -> tuple[np.ndarray, np.ndarray]:
    """Every outline of an edge image (`cv2.findContours`, list, simple chains): the points
    (x, y) + `offset` one outline after another as an (n, 2) int64 array, and each outline's
    point count (the shape the compiled judge takes)."""
    if edges.size == 0:
        return np.zeros((0, 2), np.int64), np.zeros(0, np.int64)
    contours, _ = cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE, offset=offset)
    if not contours:
        return np.zeros((0, 2), np.int64), np.zeros(0, np.int64)
    return (np.concatenate(contours).reshape(-1, 2).astype(np.int64),
            np.fromiter(map(len, contours), np.int64, len(contours)))


def find_candidates(grey: np.ndarray, sides: tuple[float, float] | None = None,
                    only: tuple[np.ndarray, np.ndarray] | None = None) -> list[Box]:
    """Tile outlines (filled tiles and bordered empty tiles; square, rounded or round) in a
    grey search image.

    `sides`: only outlines with both sides in this range (px), when the tile size is known;
    letters and icons are then dropped before the costly per-outline checks.
    `only`: (rows, columns) of `grey`, ascending, none empty: outlines are traced on just
    these rows and columns put side by side (bands around where a known board's tile edges
    lie), then mapped back. A straight-sided outline inside the bands comes out as in the
    whole image (but for a pixel where the edge test linked its trace through pixels cut
    out), for the pixels of the bands alone; boxes on a seam are left out (`_off_seams`).
    """
    # Rows, then columns: two plain takes are 6x quicker than one np.ix_ index.
    image = grey if only is None else grey[only[0]][:, only[1]]
    edges = search_edges(image)
    outlines = trace_outlines(edges, (-EDGE_PAD, -EDGE_PAD))
    max_side = MAX_TILE_FRAC * max(grey.shape) if min(grey.shape) > 0 else 0
    max_side = max(max_side, 0.95 * min(grey.shape))
    lo, hi = (max(MIN_TILE, sides[0]), min(max_side, sides[1])) if sides else (MIN_TILE, max_side)
    found, arcs = _judged(outlines, lo, hi, only, grey.shape)
    circles = _arc_circles(arcs, lo, hi)
    if circles:
        more = np.array([(*rect, 1) for rect in circles], np.int64)
        if only is not None:
            more = more[_off_seams(more, *only, grey.shape)]
        found = np.concatenate([found, more])
    return _clipped_unique(found, grey.shape[1], grey.shape[0])


def _mapped_back(pts: np.ndarray, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """Outline points (x, y) traced on the rows `rows` and columns `cols` of an image put
    side by side, in that image's pixels (a point in the padding keeps its distance)."""
    p = np.arange(1, EDGE_PAD + 1)
    xs = np.concatenate([cols[0] - p[::-1], cols, cols[-1] + p])
    ys = np.concatenate([rows[0] - p[::-1], rows, rows[-1] + p])
    return np.stack([xs[pts[:, 0] + EDGE_PAD], ys[pts[:, 1] + EDGE_PAD]], axis=1)


def _off_seams(rects: np.ndarray, rows: np.ndarray, cols: np.ndarray,
               shape: tuple[int, ...]) -> np.ndarray:
    """Per box (x, y, w, h rows of `rects`): no side lies on a seam of the `rows` and `cols`
    kept of an image of `shape`: between two bands, or at or past a first or last band that
    stops short of the image's edge. An outline that runs to a seam may have joined another
    across the pixels cut out (a bouncing tile's with the row below), or been closed by the
    padding put round the cut."""
    def seams(kept: np.ndarray, size: int) -> np.ndarray:  # at [i + 1]: pixel i is on one
        cut = np.flatnonzero(np.diff(kept) > 1)
        seam = np.zeros(size + 2, bool)  # and one either side: off the image (padding)
        seam[kept[cut] + 1] = seam[kept[cut + 1] + 1] = True
        if kept[0] > 0:  # a band stops short of the edge: up to it and past it is cut too
            seam[:kept[0] + 2] = True
        if kept[-1] < size - 1:
            seam[kept[-1] + 1:] = True
        return seam
    across, down = seams(cols, shape[1]), seams(rows, shape[0])
    x, y = rects[:, 0] + 1, rects[:, 1] + 1
    x1, y1 = x + rects[:, 2] - 1, y + rects[:, 3] - 1
    return ~(across.take(x, mode="clip") | across.take(x1, mode="clip")
             | down.take(y, mode="clip") | down.take(y1, mode="clip"))


def _judged(outlines: tuple[np.ndarray, np.ndarray], lo: float, hi: float,
            only: tuple[np.ndarray, np.ndarray] | None = None, shape: tuple[int, ...] = (0, 0)
            ) -> tuple[np.ndarray, list[np.ndarray]]:
    """The outlines (`trace_outlines`' points and counts) that are tiles (rows x, y, w, h,
    round (0/1) of an int64 array, in the order found) and the open curves that may be half a
    round tile, judged by the compiled kernel.

    `only`: the outlines were traced on these (rows, columns) of an image of `shape` (see
    `find_candidates`): judged in the image's pixels, boxes on a seam left out.
    """
    pts, lens = outlines
    if not len(lens):
        return np.zeros((0, 5), np.int64), []
    if only is not None:
        pts = _mapped_back(pts, *only)
    judged = judge_outlines(pts, lens, float(lo), float(hi), ARC_SPAN, ARC_POINTS, *ASPECT)
    kind = judged[:, 4]
    tile = kind == KIND_TILE
    closed_square = (judged[:, 6] != 0) & (judged[:, 5] != 0)
    round_ = judged[:, 7] != 0
    kept = tile & (closed_square | round_)
    if only is not None:
        kept &= _off_seams(judged[:, :4], *only, shape)
    found = np.column_stack([judged[kept, :4], (round_ & ~closed_square)[kept]])
    # Curves that may be half a round tile, then tile-sized outlines that are neither square
    # nor round: a round tile's open outline is one too.
    failed = tile & ~(closed_square | round_) & (lens >= ARC_POINTS)
    ends = np.cumsum(lens)
    starts, ends = (ends - lens).tolist(), ends.tolist()
    return found, [pts[starts[i]:ends[i]] for i in np.flatnonzero(kind == KIND_ARC).tolist()
                   + np.flatnonzero(failed).tolist()]


def _clipped_unique(found: np.ndarray, iw: int, ih: int) -> list[Box]:
    """`_dedupe` of the `_clipped` boxes (rows x, y, w, h, round), worked on arrays: only
    the boxes kept are made (a hundred Box objects and their sort were a tenth of a search)."""
    if not len(found):
        return []
    r = found[:, :4].astype(np.float64)
    rounds = (found[:, 4] != 0).tolist()
    x0, y0 = np.maximum(r[:, 0], 0), np.maximum(r[:, 1], 0)
    x1, y1 = np.minimum(r[:, 0] + r[:, 2], iw), np.minimum(r[:, 1] + r[:, 3], ih)
    edge = ((x0 <= 0) | (y0 <= 0) | (x1 >= iw) | (y1 >= ih)).tolist()
    w, h = x1 - x0, y1 - y0
    order = np.argsort(-(w + h) / 2, kind="stable")  # biggest first, as `concentric`
    keep = np.flatnonzero(unique_boxes(x0[order] + w[order] / 2, y0[order] + h[order] / 2,
                                       (w[order] + h[order]) / 2))
    xl, yl, wl, hl = x0.tolist(), y0.tolist(), w.tolist(), h.tolist()
    return [Box(xl[i], yl[i], wl[i], hl[i], rounds[i], edge[i]) for i in order[keep].tolist()]


Outlines = tuple[list[np.ndarray], list[tuple[int, int, int, int]], list[bool], list[np.ndarray]]


# A neumorphic round tile (page-coloured fill, light rim on one side, shadow on the other)
# shows its outline only where the light is strong: the half in shadow. Edges where light
# and shadow cross are too faint to trace at any threshold, so the circle is never closed.
ARC_SPAN = 0.6  # of the smallest tile side: the least extent of a half-circle's box
ARC_POINTS = 12  # contour points, at least: shorter curves are letters' strokes and corners
ARC_COVER = 135.0  # degrees of its circle an open outline must run round
ARC_FIT = 0.06  # of the radius: how far (at most) any of its points may lie off the circle


def _arc_circles(
    arcs: list[np.ndarray], lo: float, hi: float
) -> list[tuple[int, int, int, int]]:
    """Boxes of the circles that open outlines run round for ARC_COVER degrees or more,
    tightly (a least-squares circle through all of the points; a stadium's or a letter's
    outline has straight parts or several curves and fits no circle), fitted by the compiled
    kernel (a few dozen numpy calls on a few hundred points cost ten times the work)."""
    if not arcs:
        return []
    lens = np.fromiter(map(len, arcs), np.int64, len(arcs))
    pts = np.concatenate(arcs).reshape(-1, 2).astype(np.float64)
    fitted = arc_circles(pts, lens, float(lo), float(hi), ARC_FIT, ARC_COVER)
    return [(round(cx - r), round(cy - r), round(2 * r), round(2 * r))
            for cx, cy, r in fitted[fitted[:, 0] != 0, 1:].tolist()]


def concentric(boxes: list[Box]) -> tuple[list[Box], np.ndarray]:
    """The boxes biggest first, and near[k, i]: box i's centre lies within a fifth of box k's
    side of box k's centre (two traces of one outline, or an outline inside another)."""
    boxes = sorted(boxes, key=lambda b: -b.side)
    cx = np.array([b.cx for b in boxes])
    cy = np.array([b.cy for b in boxes])
    side = np.array([b.side for b in boxes])
    near = (np.abs(cx[:, None] - cx[None, :]) < 0.2 * side[:, None]) & \
        (np.abs(cy[:, None] - cy[None, :]) < 0.2 * side[:, None])
    return boxes, near


def _dedupe(boxes: list[Box]) -> list[Box]:
    """Merge near-identical boxes (the inner and outer trace of the same outline)."""
    if not boxes:
        return []
    boxes = sorted(boxes, key=lambda b: -b.side)
    keep = unique_boxes(np.array([b.cx for b in boxes]), np.array([b.cy for b in boxes]),
                        np.array([b.side for b in boxes]))
    return [boxes[i] for i in np.flatnonzero(keep).tolist()]
