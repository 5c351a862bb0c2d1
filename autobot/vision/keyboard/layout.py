"""Where the keys are: flat key faces of key size, grouped in rows side by side, the rows
stacked evenly (plus a short row of one to three keys: a separate ⌫ / ✓ pair)."""

from __future__ import annotations

import statistics
from typing import TYPE_CHECKING

import cv2
import numpy as np

from autobot.vision.keyboard.keys import Box

if TYPE_CHECKING:
    from autobot.vision.model import Grid

EDGE = 8  # grey levels: a 3x3 morphological gradient above this is a key's outline or label
# Looks tried in turn until one shows a whole keyboard: (gaussian blur sigma, edge level).
# Clean captures need the first; JPEG ringing breaks key faces apart at that level, and only
# a blur and a higher edge level join them again; a dark bevel (keys the page's colour with
# a light edge of 3 levels a pixel) needs a lower level, which JPEG noise would break.
LOOKS = ((0.0, EDGE), (1.0, 20.0), (0.0, 5.0))
FULL_KEYBOARD = 28  # keys: 26 letters, ENTER and BACK; fewer and the next look may find more
MIN_KEY = 8  # px (search image): smaller flat regions are letter counters, not keys
SAME_HEIGHT = 0.15  # keys of one row (and of one keyboard) differ this much in height at most
MAX_PITCH = 1.45  # key heights from one row of keys to the next, at most
WIDE = 1.12  # a key this much wider than the row's letter keys is ENTER or BACK


def search_area(frame_shape: tuple[int, ...], grid: Grid | None) -> tuple[int, int, int, int]:
    """The frame part the keyboard is looked for in first: below the board if it is known."""
    h, w = frame_shape[:2]
    if grid is None:
        return 0, 0, w, h
    bx0, _, bx1, by1 = grid.bbox()
    # Keyboards seen are at most twice the board's width and end within eight tile pitches
    # of it, even on tall phone screens a little further: ten pitches and three widths.
    pitch = grid.pitch_y
    cx, bw = (bx0 + bx1) / 2, bx1 - bx0
    x0, x1 = max(0, int(cx - 1.5 * bw)), min(w, int(cx + 1.5 * bw))
    y0 = max(0, min(h - 2 * MIN_KEY, int(by1)))
    return x0, y0, x1, min(h, int(by1 + 10 * pitch))


def search_scale(area: tuple[int, int, int, int], grid: Grid | None) -> float:
    """1/n downscale so keys keep >= ~24 px of height (OpenCV's fast integer path)."""
    if grid is not None and grid.tile > 0:  # keys are about as tall as tiles (0.8-1.0)
        return 1.0 / max(1, int(grid.tile // 26))
    return 1.0 / max(1, int(max(area[2] - area[0], area[3] - area[1]) // 1000))


def key_boxes(grey: np.ndarray, edge: float = EDGE) -> list[Box]:
    """Faces of key-like regions in a grey image: connected, edge-free, rectangular-ish.

    A key's outline (fill edge, border, bevel light or shadow) and its label are edges; the
    face in between is flat and closed, whatever its colour. The page background is flat too
    but touches the image border, and letter counters are too small.
    """
    grad = cv2.morphologyEx(grey, cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8))
    flat = (grad < edge).astype(np.uint8)
    n, _, stats, _ = cv2.connectedComponentsWithStats(flat, connectivity=4)
    if n <= 1:
        return []
    st = stats[1:].astype(np.int64)
    x, y, w, h, area = (st[:, i] for i in range(5))
    gh, gw = grey.shape
    ok = (
        (w >= MIN_KEY) & (h >= MIN_KEY) & (h <= 0.3 * max(gh, gw)) & (w <= 0.3 * gw)
        & (w >= 0.3 * h) & (w <= 4.0 * h)
        & (area >= 0.5 * w * h)  # labels take a bite out of the face, not half of it
        & (x > 0) & (y > 0) & (x + w < gw) & (y + h < gh)
    )
    # The gradient eats one pixel on each side of the face: give it back.
    return [(int(a) - 1, int(b) - 1, int(a + c) + 1, int(b + d) + 1)
            for a, b, c, d in zip(x[ok], y[ok], w[ok], h[ok], strict=True)]


def _drop_nested(boxes: list[Box]) -> list[Box]:
    """Boxes not inside a bigger box (a counter of a label inside its key's face)."""
    boxes = sorted(boxes, key=lambda b: (b[2] - b[0]) * (b[3] - b[1]), reverse=True)
    kept: list[Box] = []
    for b in boxes:
        if not any(k[0] <= b[0] and k[1] <= b[1] and b[2] <= k[2] and b[3] <= k[3] for k in kept):
            kept.append(b)
    return kept


def group_rows(boxes: list[Box]) -> list[list[Box]]:
    """Rows of same-height boxes on one line, each next to the last (left to right)."""
    rows: list[list[Box]] = []
    for b in sorted(boxes, key=lambda b: b[0]):
        h = b[3] - b[1]
        cy = (b[1] + b[3]) / 2
        for row in rows:
            last = row[-1]
            lh = last[3] - last[1]
            gap = b[0] - last[2]
            if (abs(h - lh) <= SAME_HEIGHT * lh and abs(cy - (last[1] + last[3]) / 2) <= 0.2 * lh
                    and -0.05 * lh <= gap <= 0.6 * lh):
                row.append(b)
                break
        else:
            rows.append([b])
    return sorted(rows, key=lambda r: r[0][1])


def _row_height(row: list[Box]) -> float:
    return statistics.median(b[3] - b[1] for b in row)


def _row_cy(row: list[Box]) -> float:
    return statistics.median((b[1] + b[3]) / 2 for b in row)


def _stacks(a: list[Box], b: list[Box], max_pitch: float) -> bool:
    """Row b sits right under row a: same key height, one row pitch down, overlapping in x."""
    ha, hb = _row_height(a), _row_height(b)
    pitch = _row_cy(b) - _row_cy(a)
    overlap = min(a[-1][2], b[-1][2]) - max(a[0][0], b[0][0])
    return (abs(ha - hb) <= 0.2 * ha and 0.9 * ha <= pitch <= max_pitch * ha
            and overlap > 0.5 * min(a[-1][2] - a[0][0], b[-1][2] - b[0][0]))


def _pitch_agrees(a: list[Box], b: list[Box], c: list[Box]) -> bool:
    """Rows a, b, c are evenly spaced (a keyboard's rows are; a board above it is not)."""
    p1, p2 = _row_cy(b) - _row_cy(a), _row_cy(c) - _row_cy(b)
    return abs(p1 - p2) <= 0.15 * max(p1, p2)


def pick_keyboard(rows: list[list[Box]]) -> list[list[Box]] | None:
    """The keyboard's rows, top to bottom: the biggest stack of rows of >= 3 keys with one row
    of >= 7, plus a row of one to three keys just above or below it (a separate ⌫ / ✓ pair)."""
    main = [r for r in rows if len(r) >= 3]
    best: list[list[Box]] | None = None
    for i, first in enumerate(main):
        stack = [first]
        for r in main[i + 1 :]:
            if _stacks(stack[-1], r, MAX_PITCH) and (
                    len(stack) < 2 or _pitch_agrees(stack[-2], stack[-1], r)):
                stack.append(r)
        if len(stack) < 2 or max(len(r) for r in stack) < 7:
            continue
        if best is None or sum(map(len, stack)) > sum(map(len, best)):
            best = stack
    if best is None:
        return None
    extras = [r for r in rows if 1 <= len(r) <= 3 and r not in best]
    x0, x1 = min(r[0][0] for r in best), max(r[-1][2] for r in best)
    for r in extras:
        inside = x0 - 2 <= r[0][0] and r[-1][2] <= x1 + 2
        if inside and _loosely_stacks(r, best[0]):
            best = [r, *best]
        elif inside and _loosely_stacks(best[-1], r):
            best = [*best, r]
    return best


def _loosely_stacks(a: list[Box], b: list[Box]) -> bool:
    """Row b is just under row a with keys of about the same height (a separate key pair)."""
    ha, hb = _row_height(a), _row_height(b)
    gap = min(x[1] for x in b) - max(x[3] for x in a)
    return abs(ha - hb) <= 0.3 * max(ha, hb) and -2 <= gap <= 0.8 * max(ha, hb)



def wide_keys(rows: list[list[Box]]) -> set[int]:
    """Indices (rows read in order) of keys wider than WIDE x their row's median key."""
    out, i = set(), 0
    for r in rows:
        mw = statistics.median(b[2] - b[0] for b in r)
        out |= {i + j for j, b in enumerate(r) if b[2] - b[0] > WIDE * mw}
        i += len(r)
    return out



def find_keyboard(frame: np.ndarray, grid: Grid | None = None) -> list[list[Box]] | None:
    """The keyboard's rows of key boxes (frame pixels), top to bottom; None if none is seen.

    With the board known, below it first (where every page seen puts it), then everywhere:
    if nothing was found there, or keys reach the edge of that area (there may be more).
    """
    area = search_area(frame.shape, grid)
    rows = _find_in(frame, grid, area)
    if grid is not None and (rows is None or _at_edge(rows, area, frame.shape)):
        everywhere = _find_in(frame, grid, search_area(frame.shape, None))
        if everywhere is not None and (rows is None or _count(everywhere) > _count(rows)):
            rows = everywhere
    return rows


def _at_edge(rows: list[list[Box]], area: tuple[int, int, int, int],
             shape: tuple[int, ...]) -> bool:
    """Keys come within a key of a side or the bottom of the search area (where it is not
    the frame's): a key cut by the area's edge is dropped, so its neighbour is that close."""
    x0, _, x1, y1 = area
    h, w = shape[:2]
    boxes = [b for r in rows for b in r]
    margin = 1.5 * max(statistics.median(b[2] - b[0] for b in boxes),
                       statistics.median(b[3] - b[1] for b in boxes))
    return ((x0 > 0 and min(b[0] for b in boxes) - x0 < margin)
            or (x1 < w and x1 - max(b[2] for b in boxes) < margin)
            or (y1 < h and y1 - max(b[3] for b in boxes) < margin))


def _find_in(
    frame: np.ndarray, grid: Grid | None, area: tuple[int, int, int, int]
) -> list[list[Box]] | None:
    """`find_keyboard` in one part of the frame: at the search scale, then a finer one if
    that shows less than a whole keyboard (keys much smaller than the board's tiles, or a
    label that fills its key, break apart when downscaled that far)."""
    ax0, ay0, ax1, ay1 = area
    s = search_scale((ax0, ay0, ax1, ay1), grid)
    best = None
    while True:
        rows = _find_at(frame, grid, area, s)
        if rows is not None and (best is None or _count(rows) > _count(best)):
            best = rows
        if s >= 1 or (best is not None and _count(best) >= FULL_KEYBOARD):
            return best
        s = 1.0 / (round(1 / s) - 1)


def _find_at(
    frame: np.ndarray, grid: Grid | None, area: tuple[int, int, int, int], s: float
) -> list[list[Box]] | None:
    """`find_keyboard` in one part of the frame downscaled by `s`, in each look in turn."""
    ax0, ay0, ax1, ay1 = area
    grey = cv2.cvtColor(frame[ay0:ay1, ax0:ax1], cv2.COLOR_RGB2GRAY)
    if s < 1:
        grey = cv2.resize(grey, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
    best = None
    for sigma, edge in LOOKS:
        seen = cv2.GaussianBlur(grey, (0, 0), sigma) if sigma else grey
        boxes = [(round(b[0] / s) + ax0, round(b[1] / s) + ay0, round(b[2] / s) + ax0,
                  round(b[3] / s) + ay0) for b in _drop_nested(key_boxes(seen, edge))]
        if grid is not None:
            bx0, by0, bx1, by1 = grid.bbox()
            boxes = [b for b in boxes
                     if b[2] <= bx0 or b[0] >= bx1 or b[3] <= by0 or b[1] >= by1]
        rows = pick_keyboard(group_rows(boxes))
        if rows is not None and (best is None or _count(rows) > _count(best)):
            best = rows
        if best is not None and _count(best) >= FULL_KEYBOARD:
            break
    return best


def _count(rows: list[list[Box]]) -> int:
    return sum(map(len, rows))
