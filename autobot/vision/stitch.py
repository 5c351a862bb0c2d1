"""Boards that scroll: frames of one scrolling box (or page) at several scroll positions, put
together into one tall frame in the box's own coordinates, as if the view were tall enough.

Pure steps on RGB frames: the region that moved between two frames (what the wheel scrolled)
-> how far its content moved (the shift that makes the two frames agree over their overlap,
measured from the pixels, never assumed from the wheel) -> every frame pasted at its offset.
A board seen in two frames then lands on the same place of the tall frame: the same board.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

CHANGED = 12  # grey levels: a pixel that differs by more moved
CHANGED_SHARE = 0.01  # of a row (column): this many moved pixels make it part of the region
AGREE = 6  # grey levels: two pixels this close show the same thing
ROW_AGREE = 0.95  # of a row's pixels: a row of the overlap that shows the same thing
STITCH_AGREE = 0.8  # of the overlap's rows: at least this share must agree for a shift to count
MIN_OVERLAP = 24  # px of overlap a shift must leave to be measured
Region = tuple[int, int, int, int]  # x0, y0, x1, y1 (x1, y1 exclusive)


def grey(frame: np.ndarray) -> np.ndarray:
    """A frame as grey levels (int16: differences do not wrap)."""
    if frame.ndim == 2:
        return frame.astype(np.int16)
    return cv2.cvtColor(frame, cv2.COLOR_RGB2GRAY).astype(np.int16)


def moved_region(before: np.ndarray, after: np.ndarray) -> Region | None:
    """The box around what changed between two frames of the same size (None: nothing did,
    or the frames differ in size)."""
    if before.shape != after.shape:
        return None
    diff = np.abs(grey(before) - grey(after)) > CHANGED
    rows = np.flatnonzero(diff.mean(1) >= CHANGED_SHARE)
    cols = np.flatnonzero(diff.mean(0) >= CHANGED_SHARE)
    if not len(rows) or not len(cols):
        return None
    return int(cols[0]), int(rows[0]), int(cols[-1]) + 1, int(rows[-1]) + 1


def union(a: Region | None, b: Region | None) -> Region | None:
    """The box around two regions (either may be None)."""
    if a is None or b is None:
        return a or b
    return min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])


def agreement(before: np.ndarray, after: np.ndarray, region: Region, shift: int) -> float:
    """Share of the overlap's rows that agree (ROW_AGREE of their pixels) when `after` shows
    `before`'s content of the region moved up by `shift` px (grey frames). Rows, not pixels:
    what a page keeps fixed at the box's edge (an input row stuck to its bottom, a fade) is
    a band of rows that disagree, not noise spread over all of them."""
    x0, y0, x1, y1 = region
    if shift < 0 or y1 - y0 - shift < MIN_OVERLAP:
        return 0.0
    a = before[y0 + shift:y1, x0:x1]
    b = after[y0:y1 - shift, x0:x1]
    return float(((np.abs(a - b) <= AGREE).mean(1) >= ROW_AGREE).mean())


def scroll_shift_slow(before: np.ndarray, after: np.ndarray, region: Region) -> int | None:
    """How far (px, up > 0) the region's content moved: every shift tried at full size, the
    one whose overlap agrees best (None: none agrees STITCH_AGREE). The reference."""
    g0, g1 = grey(before), grey(after)
    best, where = 0.0, None
    for shift in range(region[3] - region[1]):
        got = agreement(g0, g1, region, shift)
        if got > best:
            best, where = got, shift
    return where if best >= STITCH_AGREE else None


def scroll_shift(before: np.ndarray, after: np.ndarray, region: Region,
                 expect: int | None = None) -> int | None:
    """As `scroll_shift_slow`, quicker: the shift the wheel asked for is tried first (a box
    that scrolled all the way moved exactly that much); else every shift on every 4th column,
    the best few checked again at full size."""
    g0, g1 = grey(before), grey(after)
    if expect is not None and agreement(g0, g1, region, expect) >= STITCH_AGREE:
        # A periodic page (rows of empty tiles) may agree at another shift too; the wheel's
        # own amount, when it agrees, is the one.
        return expect
    x0, y0, x1, y1 = region
    s0 = np.ascontiguousarray(g0[:, x0:x1:4])
    s1 = np.ascontiguousarray(g1[:, x0:x1:4])
    thin = (0, y0, s0.shape[1], y1)
    scores = np.array([agreement(s0, s1, thin, s) for s in range(y1 - y0)])
    best, where = 0.0, None
    for shift in np.argsort(scores)[::-1][:5].tolist():
        got = agreement(g0, g1, region, shift)
        if got > best:
            best, where = got, shift
    return where if best >= STITCH_AGREE else None


def stitch(frames: Sequence[np.ndarray], shifts: Sequence[int], region: Region) -> np.ndarray:
    """One tall frame: the first frame down to the region's bottom, then the region of each
    later frame pasted `shifts[i]` px lower (its content's offset from the first frame's);
    beside the region the page's colour at the region's bottom goes on down.

    Each row comes from the frame that showed it farthest from the box's edges: a later
    frame is pasted from the middle of its overlap with the one before, so what a page keeps
    at the box's edge (an input row stuck to its bottom) is left out."""
    x0, y0, x1, y1 = region
    first = frames[0]
    depth = max(shifts)
    canvas = np.empty((y1 + depth, *first.shape[1:]), first.dtype)
    canvas[:y1] = first[:y1]
    canvas[y1:] = first[y1 - 1]
    for k in range(1, len(frames)):
        shift, step = shifts[k], shifts[k] - shifts[k - 1]
        top = y0 + max(0, y1 - y0 - step) // 2  # the middle of the overlap, in frame k
        canvas[top + shift:y1 + shift, x0:x1] = frames[k][top:y1, x0:x1]
    return canvas
