"""A page's buttons, found by shape: filled bars (or tiles) of one colour unlike the page, with
something written on them. The word is never read to choose a button (any language will do);
only a digit pad's glyphs are matched, against the digit templates, to learn which is which.

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
from autobot.vision.lattice import Glyph, glyph_of

Box = tuple[int, int, int, int]  # x0, y0, x1, y1 in frame pixels (x1/y1 exclusive)
Point = tuple[int, int]

INK = 40  # max channel difference from the page's colour that makes a button's pixel
SQUARE_FILL = 0.85  # a button's outline (its word's holes filled) covers this of its box
ONE_COLOUR = 0.5  # share of its box in the fill's one colour (a word on it, little else)
WORD = (0.01, 0.5)  # share of its box its word covers
MIN_HEIGHT = 14  # px: smaller marks are text or icons, not buttons
SOLID = 0.12  # a button's fill is this thick somewhere (of its shorter side): not a stroke
SAME_FILL = 30.0  # per channel: buttons of one set share their fill colour


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


def find_buttons(frame: np.ndarray, skip: Sequence[Box] = ()) -> list[Button]:
    """Every filled button in an RGB frame (none overlapping a box of `skip`), largest first."""
    h, w = frame.shape[:2]
    pixels = frame.astype(np.int16)
    ink = (np.abs(pixels - page_colour(frame)).max(axis=2) >= INK).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=4)
    out: list[Button] = []
    for i in range(1, count):
        bx, by, bw, bh, _ = (int(v) for v in stats[i])
        if bh < MIN_HEIGHT or bw < MIN_HEIGHT or bw > 0.9 * w or bh > 0.4 * h:
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
        fill = np.median(part[mask.astype(bool)], axis=0)
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


def _corners_filled(filled: np.ndarray, inset: float = 0.12) -> bool:
    """A bar's (even a pill's) outline holds the points `inset` in from its box's corners; a
    round glyph's (O, 0) does not."""
    h, w = filled.shape
    ys, xs = (int(inset * h), h - 1 - int(inset * h)), (int(inset * w), w - 1 - int(inset * w))
    return all(filled[y, x] for y in ys for x in xs)


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def alike(a: Button, b: Button) -> bool:
    """Two buttons of one set (sizes, levels, digits): one fill, about one size, in a line."""
    (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = a.box, b.box
    if np.abs(np.subtract(a.fill, b.fill)).max() > SAME_FILL:
        return False
    ah, bh, aw, bw = ay1 - ay0, by1 - by0, ax1 - ax0, bx1 - bx0
    if abs(ah - bh) > 0.15 * max(ah, bh) or abs(aw - bw) > 0.35 * max(aw, bw):
        return False
    in_row = abs((ay0 + ay1) - (by0 + by1)) / 2 <= 0.5 * max(ah, bh)
    in_column = abs((ax0 + ax1) - (bx0 + bx1)) / 2 <= 0.5 * max(aw, bw)
    return in_row or in_column


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


def find_pad(frame: np.ndarray, templates: Any, values: int, skip: Sequence[Box] = (),
             ) -> dict[int, Point]:
    """An on-screen digit pad: each digit 1..`values` -> the centre of the button that shows
    it (read with the digit templates), among the buttons outside `skip` (the grid). Empty when
    fewer than half the digits are found, each on its own button, in one set of alike ones."""
    best: dict[int, tuple[float, Button]] = {}
    for button in find_buttons(frame, skip):
        glyph = button_glyph(frame, button)
        if glyph.crop is None:
            continue
        symbol, score = templates.match([glyphs.normalise(glyph.crop)])[0]
        if not symbol.isdigit() or not 1 <= int(symbol) <= values or score < glyphs.MIN_SCORE:
            continue
        digit = int(symbol)
        if digit not in best or score > best[digit][0]:
            best[digit] = (score, button)
    if not best:
        return {}
    # The pad is the one set most of the digits' buttons belong to (a stray digit elsewhere,
    # a level's "9x9" button, is not part of it).
    sets = button_sets([b for _, b in best.values()])
    pad = {id(b) for b in sets[0]}
    found = {d: b.centre for d, (_, b) in best.items() if id(b) in pad}
    return found if 2 * len(found) >= values else {}


__all__ = ["Button", "alike", "button_glyph", "button_sets", "find_buttons", "find_pad",
           "menu_order", "page_colour"]
