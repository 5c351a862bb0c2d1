"""Dialogs over the game: find a modal panel in a frame and where to click to close it.

A "How to play" or statistics dialog is a large panel with straight edges (a step in
brightness, or a soft shadow) that does not span the whole frame, often with a small X near its
top-right corner, and often a button (PLAY, Fermer, OK, Continue: a filled bar wider than tall
with a word on it; the word is never read, any language will do). Pure numpy/OpenCV on one RGB
frame; the turn loop decides what to do with it.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

Box = tuple[int, int, int, int]  # x0, y0, x1, y1 in frame pixels (x1/y1 exclusive)
Point = tuple[int, int]

EDGE_STEP = 3  # grey levels between neighbouring pixels that make an edge (soft shadows: ~3-8)
MIN_SIDE = 0.2  # a panel side spans at least this share of the frame's width / height
MAX_LINES = 40  # horizontal edges paired into panels (the longest)
EDGE_GAP = 2  # px: breaks this short in an edge are bridged (tiles are >= 4 px apart)
INK = 40  # grey levels from the panel's colour that make a glyph's stroke


@dataclass(frozen=True)
class Overlay:
    """A dialog panel over the page, and where a person would click to close it."""

    panel: Box
    close: Point | None  # the centre of an X glyph near the panel's top-right corner
    outside: Point | None  # a point on the backdrop, beside the panel (click to dismiss)
    button: Point | None = None  # the centre of the panel's main button (PLAY, OK, Fermer ...)

    def covers(self, box: Box) -> bool:
        """Does the panel overlap `box` (e.g. the board's last known place)?"""
        x0, y0, x1, y1 = self.panel
        return x0 < box[2] and box[0] < x1 and y0 < box[3] and box[1] < y1


def _runs(mask: np.ndarray, min_len: int) -> list[tuple[int, int, int]]:
    """Runs of True along axis 1 at least `min_len` long: (line, start, end exclusive)."""
    padded = np.zeros((mask.shape[0], mask.shape[1] + 2), dtype=np.int8)
    padded[:, 1:-1] = mask
    diff = np.diff(padded, axis=1)
    out = []
    for line in np.flatnonzero(mask.sum(axis=1) >= min_len):
        starts = np.flatnonzero(diff[line] == 1)
        ends = np.flatnonzero(diff[line] == -1)
        out += [(int(line), int(s), int(e)) for s, e in zip(starts, ends, strict=True)
                if e - s >= min_len]
    return out


def _lines(grey: np.ndarray, min_len: int) -> list[tuple[int, int, int]]:
    """Long straight edges across axis 0 (horizontal in `grey`): (y, x0, x1), merged by y."""
    step = np.abs(np.diff(grey, axis=0)) >= EDGE_STEP
    # Bridge short breaks: a glyph under a dim backdrop whose antialiased edge matches the
    # panel's grey (a page title behind the dialog's top edge) must not cut the edge in two.
    step = cv2.morphologyEx(step.astype(np.uint8), cv2.MORPH_CLOSE,
                            np.ones((1, EDGE_GAP + 1), np.uint8)).astype(bool)
    runs = _runs(step, min_len)
    # A soft shadow is several adjacent edge rows: keep the longest run of each cluster.
    runs.sort(key=lambda r: (r[1] // 8, r[0]))
    merged: list[tuple[int, int, int]] = []
    for y, x0, x1 in sorted(runs):
        for i, (my, mx0, mx1) in enumerate(merged):
            if abs(y - my) <= 12 and abs(x0 - mx0) <= 24 and abs(x1 - mx1) <= 24:
                if x1 - x0 > mx1 - mx0:
                    merged[i] = (y, x0, x1)
                break
        else:
            merged.append((y, x0, x1))
    return merged


def find_panel(frame: np.ndarray) -> Box | None:
    """The largest rectangle of straight edges that is not the whole frame (a dialog), or None."""
    h, w = frame.shape[:2]
    grey = cv2.cvtColor(frame, cv2.COLOR_RGB2GRAY).astype(np.int16)
    # The longest edges only: a busy page has many, a dialog's are among the longest.
    horizontal = sorted(_lines(grey, int(MIN_SIDE * w)), key=lambda r: r[1] - r[2])[:MAX_LINES]
    vertical = _lines(grey.T, int(MIN_SIDE * h))
    best: Box | None = None
    for top in horizontal:
        for bottom in horizontal:
            if bottom[0] - top[0] < MIN_SIDE * h:
                continue
            # Rounded corners shorten the edges: the two sides must agree within a margin.
            x0, x1 = min(top[1], bottom[1]), max(top[2], bottom[2])
            if abs(top[1] - bottom[1]) > 0.05 * w or abs(top[2] - bottom[2]) > 0.05 * w:
                continue
            if x0 <= 2 and x1 >= w - 2:
                continue  # a page-wide rule (a header line), not a panel
            y0, y1 = top[0], bottom[0]
            span = y1 - y0
            sides = [
                v for v in vertical
                if min(v[2], y1) - max(v[1], y0) >= 0.6 * span
                and (abs(v[0] - x0) <= 0.03 * w or abs(v[0] - x1) <= 0.03 * w)
            ]
            if not (any(abs(v[0] - x0) <= 0.03 * w for v in sides)
                    and any(abs(v[0] - x1) <= 0.03 * w for v in sides)):
                continue
            box = (x0, y0 + 1, x1, y1 + 1)
            if best is None or _area(box) > _area(best):
                best = box
    return best


def _area(box: Box) -> int:
    return (box[2] - box[0]) * (box[3] - box[1])


def find_close(frame: np.ndarray, panel: Box) -> Point | None:
    """The centre of a small X glyph in the panel's top-right corner, or None."""
    x0, y0, x1, y1 = panel
    pw, ph = x1 - x0, y1 - y0
    cx0, cy1 = x1 - max(int(0.25 * pw), 8), y0 + max(int(0.2 * ph), 8)
    corner = frame[y0:cy1, cx0:x1]
    if corner.size == 0:
        return None
    grey = cv2.cvtColor(corner, cv2.COLOR_RGB2GRAY).astype(np.int16)
    inside = cv2.cvtColor(frame[y0:y1, x0:x1], cv2.COLOR_RGB2GRAY)
    background = int(np.median(inside))
    ink = (np.abs(grey - background) >= INK).astype(np.uint8)
    count, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    best: tuple[float, Point] | None = None
    small, large = max(5, int(0.01 * pw)), max(12, int(0.12 * pw))
    for i in range(1, count):
        bx, by, bw, bh, area = (int(v) for v in stats[i])
        if not (small <= bw <= large and small <= bh <= large and 0.6 <= bw / bh <= 1.6):
            continue
        if not (_is_x(ink[by:by + bh, bx:bx + bw])
                or _is_x_on_a_key(grey[by:by + bh, bx:bx + bw])):
            continue
        centre = (cx0 + bx + bw // 2, y0 + by + bh // 2)
        # The nearest to the top-right corner wins (a title glyph could be X-like too).
        dist = float(np.hypot(x1 - centre[0], centre[1] - y0))
        if best is None or dist < best[0]:
            best = (dist, centre)
    return best[1] if best else None


def _is_x_on_a_key(patch: np.ndarray) -> bool:
    """An X drawn on a small filled square or disc (a close key: a grey square, a white x):
    the strokes differ from the key's own fill, not from the panel's colour."""
    h, w = patch.shape
    if h < 10 or w < 10:
        return False
    inner = patch[h // 8: h - h // 8, w // 8: w - w // 8]
    fill = float(np.median(inner))
    away = np.abs(inner - fill)
    if away.max() < INK:
        return False
    # Halfway to the strokes' own level: antialiased edges of thick strokes stay out.
    strokes = (away >= max(INK, away.max() / 2)).astype(np.uint8)
    count, _, stats, _ = cv2.connectedComponentsWithStats(strokes, connectivity=8)
    if count < 2:
        return False
    biggest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    bx, by, bw, bh, _ = (int(v) for v in stats[biggest])
    if bw < 5 or bh < 5 or not 0.6 <= bw / bh <= 1.6 or bw < 0.3 * inner.shape[1]:
        return False
    return _is_x(strokes[by:by + bh, bx:bx + bw])


def _is_x(glyph: np.ndarray) -> bool:
    """Two crossing diagonal strokes: ink along both diagonals, little elsewhere."""
    h, w = glyph.shape
    if glyph.mean() > 0.6:
        return False  # a filled blob, not strokes (a small bold X fills half its box)
    steps = max(h, w)
    t = np.linspace(0.1, 0.9, steps)
    ys = np.clip((t * (h - 1)).round().astype(int), 0, h - 1)
    xs = np.clip((t * (w - 1)).round().astype(int), 0, w - 1)
    padded = cv2.dilate(glyph, np.ones((3, 3), np.uint8))
    down = padded[ys, xs].mean()
    up = padded[ys, w - 1 - xs].mean()
    # The middle of the edges (an O or a square's sides) must be mostly bare.
    mid = [glyph[0, w // 2], glyph[h - 1, w // 2], glyph[h // 2, 0], glyph[h // 2, w - 1]]
    return bool(down >= 0.8 and up >= 0.8 and sum(int(v) for v in mid) <= 1)


def outside_point(frame_shape: tuple[int, ...], panel: Box) -> Point | None:
    """A point on the backdrop in the widest margin beside the panel, or None if none is left."""
    h, w = frame_shape[:2]
    x0, y0, x1, y1 = panel
    margins = [
        (x0, ((x0) // 2, (y0 + y1) // 2)),
        (w - x1, ((x1 + w) // 2, (y0 + y1) // 2)),
        (y0, ((x0 + x1) // 2, y0 // 2)),
        (h - y1, ((x0 + x1) // 2, (y1 + h) // 2)),
    ]
    size, point = max(margins, key=lambda m: m[0])
    return point if size >= 16 else None


BUTTON_INK = 40  # a button's fill differs from the panel's colour by this much (max channel)
BUTTON_FILL = 0.8  # share of its box a button's fill covers, its word's holes filled
BUTTON_LOW = 0.4  # a button's centre lies below this share of the panel's height
BUTTON_COLOUR = 0.55  # share of its box in the fill's one colour (a word on it, little else)


def find_button(frame: np.ndarray, panel: Box) -> Point | None:
    """The centre of the button that closes the panel, or None.

    A lone button is the way out (PLAY, OK, Fermer). Beside others, the plainest one is: a
    dialog that offers something (Découvrir, Subscribe, Share) paints that button in a strong
    colour and its way out in grey or as an outline; among equally plain ones the largest, then
    the lowest.
    """
    buttons = find_buttons(frame, panel)
    if not buttons:
        return None
    plainest = min(buttons, key=lambda b: (b.chroma // CHROMA_STEP, -b.area, -b.centre[1]))
    return plainest.centre


CHROMA_STEP = 24  # fills whose colourfulness differs by less than this are equally plain


@dataclass(frozen=True)
class Button:
    """A button in a panel: where to click, its size and how colourful its fill is."""

    centre: Point
    area: int
    chroma: int  # max - min channel of its fill (0 grey .. 255 pure colour)


def find_buttons(frame: np.ndarray, panel: Box) -> list[Button]:
    """Every button of the panel.

    A button is a filled bar of one colour unlike the panel's (or a bar's outline), wider than
    tall, not at the panel's edge, with something written on it (its word is not read: any
    language). Square tiles (a tutorial's example rows) and lines of text are not bars.
    """
    x0, y0, x1, y1 = panel
    inside = frame[y0:y1, x0:x1].astype(np.int16)
    ph, pw = inside.shape[:2]
    if ph < 40 or pw < 40:
        return []
    background = np.median(inside.reshape(-1, 3), axis=0)
    ink = (np.abs(inside - background).max(axis=2) >= BUTTON_INK).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=4)
    found: list[Button] = []
    for i in range(1, count):
        bx, by, bw, bh, _ = (int(v) for v in stats[i])
        if not (bw >= 1.8 * bh and 0.15 * pw <= bw <= 0.95 * pw and 0.03 * ph <= bh <= 0.25 * ph
                and bh >= 12):
            continue
        if bx <= 1 or by <= 1 or bx + bw >= pw - 1 or by + bh >= ph - 1:
            continue  # the panel's own edge or a band across it, not a button
        if by + bh / 2 < BUTTON_LOW * ph:
            continue  # a dialog's buttons sit at its foot; a bar near its top is a banner, a tip
        mask = (labels[by:by + bh, bx:bx + bw] == i).astype(np.uint8)
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        filled = np.zeros_like(mask)
        cv2.drawContours(filled, contours, -1, 1, thickness=cv2.FILLED)
        if filled.mean() < BUTTON_FILL:
            continue  # a ring, a line of text, a shape that is not a bar
        box = inside[by:by + bh, bx:bx + bw]
        colour = np.median(box[mask.astype(bool)], axis=0)
        if mask.mean() < 0.5:
            # An outlined button: a ring in the panel's colour inside, a word in it (the
            # word's own ink, not the ring's).
            ring = cv2.dilate(mask, np.ones((3, 3), np.uint8)).astype(bool)
            word = filled.astype(bool) & ~ring & ink[by:by + bh, bx:bx + bw].astype(bool)
            if word.mean() < 0.01 or word.mean() > 0.4:
                continue
        else:
            fill = np.median(box[mask.astype(bool)], axis=0)
            same = (np.abs(box - fill).max(axis=2) <= 24)
            word = filled.astype(bool) & ~same
            if same.mean() < BUTTON_COLOUR or word.mean() < 0.01:
                continue  # many colours (a picture), or nothing written on it (a plain bar)
        found.append(Button((x0 + bx + bw // 2, y0 + by + bh // 2), bw * bh,
                            int(colour.max() - colour.min())))
    return found


SEARCH_SIDE = 1400  # larger frames are searched for panels at 1/2, 1/3, ... (edges survive)


def find_overlay(frame: np.ndarray) -> Overlay | None:
    """A dialog panel over the page (with its close X and a backdrop point), or None."""
    h, w = frame.shape[:2]
    shrink = max(1, -(-max(h, w) // SEARCH_SIDE))
    if shrink > 1:
        small = cv2.resize(frame, (w // shrink, h // shrink), interpolation=cv2.INTER_AREA)
        found = find_panel(small)
        panel = None if found is None else (
            found[0] * shrink, found[1] * shrink,
            min(w, found[2] * shrink), min(h, found[3] * shrink),
        )
    else:
        panel = find_panel(frame)
    if panel is None:
        return None
    return Overlay(panel, find_close(frame, panel), outside_point(frame.shape, panel),
                   find_button(frame, panel))
