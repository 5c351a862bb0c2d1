"""A page's buttons, found by shape: filled bars (or tiles) of one colour unlike the page, or
outlines round the page's colour, with something written on them. The word is never read to
choose a button (any language will do); only a digit pad's glyphs are matched, against the
digit templates, to learn which is which.

Used where a puzzle page opens on a menu (a title screen with a Play button, then a row of
sizes or levels) and where a Sudoku page takes its digits from an on-screen pad.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from autobot.vision import glyphs
from autobot.vision.puzzle_grid import Glyph, glyph_of

Box = tuple[int, int, int, int]  # x0, y0, x1, y1 in frame pixels (x1/y1 exclusive)
Point = tuple[int, int]

INK = 40  # max channel difference from the page's colour that makes a button's pixel
SQUARE_FILL = 0.85  # a button's outline (its word's holes filled) covers this of its box
ONE_COLOUR = 0.5  # share of its box in the fill's one colour (a word on it, little else)
WORD = (0.01, 0.5)  # share of its box its word covers
MIN_HEIGHT = 14  # px: smaller marks are text or icons, not buttons
OUTLINE = 0.35  # a button's own pixels cover less than this of its box: an outline, no fill
SOLID = 0.12  # a button's fill is this thick somewhere (of its shorter side): not a stroke
SAME_FILL = 30.0  # per channel: buttons of one set share their fill colour
NEW_MARK = 0.2  # share of a mark's box changed since the frame before: it has just appeared


@dataclass(frozen=True)
class Button:
    """A filled button on the page: its box and its fill colour (RGB)."""

    box: Box
    fill: tuple[int, int, int]

    @property
    def centre(self) -> Point:
        """Where a click goes."""
        x0, y0, x1, y1 = self.box
        return (x0 + x1) // 2, (y0 + y1) // 2

    @property
    def area(self) -> int:
        """Its size in pixels."""
        return (self.box[2] - self.box[0]) * (self.box[3] - self.box[1])


def page_colour(frame: np.ndarray) -> np.ndarray:
    """The page's background: the commonest colour along the frame's border, else its median."""
    edge = np.concatenate([frame[0], frame[-1], frame[:, 0], frame[:, -1]]).astype(np.int16)
    return np.median(edge, axis=0)


def find_buttons(frame: np.ndarray, skip: Sequence[Box] = (),
                 background: np.ndarray | None = None, depth: int = 1) -> list[Button]:
    """Every button (filled, or an outline) in an RGB frame (none overlapping a box of `skip`),
    largest first; `background`: the page's colour when `frame` is a part of the page. A panel
    (a card) holding buttons of its own is looked into (`depth` levels): its buttons count,
    not the panel."""
    h, w = frame.shape[:2]
    pixels = frame.astype(np.int16)
    page = page_colour(frame) if background is None else background
    ink = (np.abs(pixels - page).max(axis=2) >= INK).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=4)
    out: list[Button] = []
    for i in range(1, count):
        bx, by, bw, bh, _ = (int(v) for v in stats[i])
        # On the page a button is a fraction of its height; in a card, most of the card's.
        if bh < MIN_HEIGHT or bw < MIN_HEIGHT or bw > 0.9 * w or bh > (0.4 if depth else 0.9) * h:
            continue
        if not 0.5 <= bw / bh <= 12:
            continue
        box = (bx, by, bx + bw, by + bh)
        if any(_overlap(box, other) for other in skip):
            continue
        mask = (labels[by:by + bh, bx:bx + bw] == i).astype(np.uint8)
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        filled = np.zeros_like(mask)
        cv2.drawContours(filled, contours, -1, 1, thickness=cv2.FILLED)
        if filled.mean() < SQUARE_FILL or not _corners_filled(filled):
            continue  # a letter, a ring, a picture: not a bar
        part = pixels[by:by + bh, bx:bx + bw]
        fill = _edge_colour(part, mask.astype(bool))
        if depth > 0 and bw >= 3 * MIN_HEIGHT and bh >= 3 * MIN_HEIGHT:
            inner = find_buttons(frame[by:by + bh, bx:bx + bw],
                                 [(a - bx, b - by, c - bx, d - by) for a, b, c, d in skip],
                                 fill, depth - 1)
            inner = [b for b in inner if b.area < 0.5 * bw * bh]
            if len(inner) >= 2:  # a card of buttons: the buttons, not the card
                out += [Button((x0 + bx, y0 + by, x1 + bx, y1 + by), b.fill)
                        for b in inner for x0, y0, x1, y1 in [b.box]]
                continue
        if mask.mean() < OUTLINE and _outlined(mask, ink[by:by + bh, bx:bx + bw], filled):
            out.append(Button(box, (int(fill[0]), int(fill[1]), int(fill[2]))))
            continue
        same = np.abs(part - fill).max(axis=2) <= 24
        word = filled.astype(bool) & ~same
        if same.mean() < ONE_COLOUR or not WORD[0] <= word.mean() <= WORD[1]:
            continue  # many colours (a grid, a picture), or nothing written on it (a tile)
        solid = cv2.distanceTransform((same & mask.astype(bool)).astype(np.uint8),
                                      cv2.DIST_L2, 3)
        if solid.max() < SOLID * min(bw, bh):
            continue  # strokes round a hole (a bold O, a 0): a glyph, not a fill round a word
        out.append(Button(box, (int(fill[0]), int(fill[1]), int(fill[2]))))
    return sorted(out, key=lambda b: -b.area)


def _edge_colour(part: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """A shape's own colour: the median of its pixels along its box's edges (a card's, not
    the buttons' on it; a button's fill, not its word's)."""
    k = max(1, min(part.shape[:2]) // 10)
    band = np.zeros_like(mask)
    band[:k], band[-k:], band[:, :k], band[:, -k:] = True, True, True, True
    edge = part[band & mask]
    return np.median(edge if len(edge) else part[mask], axis=0)


def _outlined(ring: np.ndarray, ink: np.ndarray, filled: np.ndarray) -> bool:
    """An outlined button: its outline only near its box's edge (not a grid's lines across
    it), and a word inside in ink of its own, the rest the page."""
    h, w = ring.shape
    k = max(2, int(0.2 * min(h, w)))
    if ring[k:h - k, k:w - k].mean() > 0.02:
        return False  # lines through the middle: a grid, a picture
    word = filled.astype(bool) & ~cv2.dilate(ring, np.ones((3, 3), np.uint8)).astype(bool) \
        & ink.astype(bool)
    return bool(WORD[0] <= word.mean() <= 0.4)


def _corners_filled(filled: np.ndarray, inset: float = 0.12) -> bool:
    """A bar's (even a pill's) outline holds the points `inset` in from its box's corners; a
    round glyph's (O, 0) does not."""
    h, w = filled.shape
    ys, xs = (int(inset * h), h - 1 - int(inset * h)), (int(inset * w), w - 1 - int(inset * w))
    return all(filled[y, x] for y in ys for x in xs)


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def alike(a: Button, b: Button) -> bool:
    """Two buttons of one set (sizes, levels, digits): one fill, about one size, in a line (or
    in neighbouring rows)."""
    (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = a.box, b.box
    if np.abs(np.subtract(a.fill, b.fill)).max() > SAME_FILL:
        return False
    ah, bh, aw, bw = ay1 - ay0, by1 - by0, ax1 - ax0, bx1 - bx0
    if abs(ah - bh) > 0.15 * max(ah, bh) or abs(aw - bw) > 0.35 * max(aw, bw):
        return False
    dx, dy = abs((ax0 + ax1) - (bx0 + bx1)) / 2, abs((ay0 + ay1) - (by0 + by1)) / 2
    in_row = dy <= 0.5 * max(ah, bh)
    in_column = dx <= 0.5 * max(aw, bw)
    # A block of rows (a pad wrapped onto a second, centred row): the next row down.
    next_row = dy <= 1.8 * max(ah, bh) and dx <= 12 * max(aw, bw)
    return in_row or in_column or next_row


def button_sets(buttons: Sequence[Button]) -> list[list[Button]]:
    """Buttons grouped into sets of alike ones (each in reading order), biggest set first."""
    sets: list[list[Button]] = []
    for button in buttons:
        for group in sets:
            if any(alike(button, other) for other in group):
                group.append(button)
                break
        else:
            sets.append([button])
    for group in sets:
        group.sort(key=lambda b: (b.box[1] // max(1, (b.box[3] - b.box[1]) // 2), b.box[0]))
    return sorted(sets, key=lambda g: -len(g))


CHOICE_SET = 3  # this many alike buttons make a screen of choices (sizes, levels)


def menu_order(buttons: Sequence[Button]) -> list[Button]:
    """The buttons in the order to try them on a menu screen: a set of alike choices (sizes,
    levels) gives its first (the smallest, the easiest); else the largest button (the primary,
    PLAY), then the others by size."""
    sets = button_sets(buttons)
    if sets and len(sets[0]) >= CHOICE_SET:
        first = sets[0][0]
        return [first, *sorted((b for b in buttons if b is not first), key=lambda b: -b.area)]
    return sorted(buttons, key=lambda b: -b.area)


def button_glyph(frame: np.ndarray, button: Button) -> Glyph:
    """What is written on a button (its rounded corners trimmed off)."""
    x0, y0, x1, y1 = button.box
    k = max(1, (y1 - y0) // 8)
    return glyph_of(frame[y0 + k:y1 - k, x0 + k:x1 - k])


def bare_glyphs(frame: np.ndarray, skip: Sequence[Box] = (), min_height: int = 10,
                max_height: int = 200, background: np.ndarray | None = None) -> list[Button]:
    """Marks drawn straight on the page (no button round them: a pad of plain numerals), each
    as a `Button` whose fill is its ink colour; those overlapping `skip` left out."""
    pixels = frame.astype(np.int16)
    page = page_colour(frame) if background is None else background
    ink = (np.abs(pixels - page).max(axis=2) >= 2 * INK).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    out: list[Button] = []
    for i in range(1, count):
        bx, by, bw, bh, area = (int(v) for v in stats[i])
        if not min_height <= bh <= max_height or bw > 1.2 * bh or area < 0.1 * bw * bh:
            continue
        box = (bx, by, bx + bw, by + bh)
        if any(_overlap(box, other) for other in skip):
            continue
        colour = np.median(pixels[by:by + bh, bx:bx + bw][labels[by:by + bh, bx:bx + bw] == i],
                           axis=0)
        out.append(Button(box, (int(colour[0]), int(colour[1]), int(colour[2]))))
    return out


def _in_line(a: Button, b: Button) -> bool:
    """Two glyphs of one row (or column) of numerals: one ink, one height, lined up."""
    (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = a.box, b.box
    if np.abs(np.subtract(a.fill, b.fill)).max() > SAME_FILL:
        return False
    ah, bh = ay1 - ay0, by1 - by0
    if abs(ah - bh) > 0.15 * max(ah, bh):
        return False
    return (abs((ay0 + ay1) - (by0 + by1)) / 2 <= 0.5 * max(ah, bh)
            or abs((ax0 + ax1) - (bx0 + bx1)) / 2 <= max(ah, bh))


def _read_digits(frame: np.ndarray, marks: Sequence[Button], templates: Any, values: int,
                 padded: bool) -> list[tuple[int, float, Button]]:
    """The marks that read as digits 1..`values`: (digit, score, mark) each."""
    out: list[tuple[int, float, Button]] = []
    h, w = frame.shape[:2]
    for mark in marks:
        if padded:  # a bare glyph: its box grown a little, so its border is the page
            x0, y0, x1, y1 = mark.box
            glyph = glyph_of(frame[max(0, y0 - 3):min(h, y1 + 3), max(0, x0 - 3):min(w, x1 + 3)])
        else:
            glyph = button_glyph(frame, mark)
        if glyph.crop is None:
            continue
        symbol, score = templates.match([glyphs.normalise(glyph.crop)])[0]
        if symbol.isdigit() and 1 <= int(symbol) <= values and score >= glyphs.MIN_SCORE:
            out.append((int(symbol), score, mark))
    return out


def _groups(marks: Sequence[Button], together: Any) -> list[list[Button]]:
    """Marks joined into groups where `together(a, b)` links any two."""
    sets: list[list[Button]] = []
    for mark in marks:
        linked = [g for g in sets if any(together(mark, other) for other in g)]
        for g in linked:
            sets.remove(g)
        sets.append([mark, *(m for g in linked for m in g)])
    return sets


def find_pad(frame: np.ndarray, templates: Any, values: int, skip: Sequence[Box] = (),
             glyph_height: tuple[int, int] = (10, 200),
             before: np.ndarray | None = None) -> dict[int, Point]:
    """An on-screen digit pad: each digit 1..`values` -> where to click it, read with the digit
    templates, outside `skip` (the grid): digit buttons (a word on a fill), else numerals drawn
    straight on the page (`glyph_height`: their height range in pixels). The pad is the set of
    alike buttons (or the line of numerals) that shows the most distinct digits; empty when it
    shows fewer than half of them (numerals: fewer than all but one). With `before` (the frame
    before a cell was clicked), only marks that appeared since count: a pad that pops up by
    the cell, over the grid."""
    page = page_colour(frame)
    fresh = None if before is None or before.shape != frame.shape else (
        np.abs(frame.astype(np.int16) - before.astype(np.int16)).max(axis=2) > INK)
    if fresh is not None:
        # Only what changed, and a margin round it, is searched (a popup is small: fast).
        ys, xs = np.nonzero(fresh)
        if not len(ys):
            return {}
        h, w = frame.shape[:2]
        x0, y0 = max(0, int(xs.min()) - 8), max(0, int(ys.min()) - 8)
        x1, y1 = min(w, int(xs.max()) + 9), min(h, int(ys.max()) + 9)
        part = _pad_in(frame[y0:y1, x0:x1], templates, values,
                       [(a - x0, b - y0, c - x0, d - y0) for a, b, c, d in skip],
                       glyph_height, fresh[y0:y1, x0:x1], page)
        return {d: (x + x0, y + y0) for d, (x, y) in part.items()}
    return _pad_in(frame, templates, values, skip, glyph_height, fresh, page)


def _pad_in(frame: np.ndarray, templates: Any, values: int, skip: Sequence[Box],
            glyph_height: tuple[int, int], fresh: np.ndarray | None,
            page: np.ndarray) -> dict[int, Point]:
    """`find_pad` in one frame (or part of one, `page` the page's colour): marks with less
    than NEW_MARK of `fresh` (pixels that changed) in their box are left out."""
    for padded in (False, True):
        marks = (bare_glyphs(frame, skip, *glyph_height, background=page) if padded
                 else find_buttons(frame, skip, background=page))
        if fresh is not None:
            marks = [m for m in marks if fresh[m.box[1]:m.box[3], m.box[0]:m.box[2]].mean()
                     >= NEW_MARK]
        read = _read_digits(frame, marks, templates, values, padded)
        if not read:
            continue
        digit_of = {id(mark): (digit, score) for digit, score, mark in read}
        groups = _groups([mark for _, _, mark in read], _in_line if padded else alike)
        best_group = max(groups, key=lambda g: len({digit_of[id(m)][0] for m in g}))
        found: dict[int, tuple[float, Point]] = {}
        for mark in best_group:
            digit, score = digit_of[id(mark)]
            if digit not in found or score > found[digit][0]:
                found[digit] = (score, mark.centre)
        # Buttons are a strong sign: half the digits will do (a pad may hide used-up ones);
        # bare numerals could be letters of any text read as digits: all but one are needed.
        if (len(found) >= values - 1) if padded else (2 * len(found) >= values):
            return {d: point for d, (_, point) in found.items()}
    return {}


__all__ = ["Button", "alike", "bare_glyphs", "button_glyph", "button_sets", "find_buttons",
           "find_pad",
           "menu_order", "page_colour"]
