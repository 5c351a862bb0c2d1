"""The whole read of an on-screen keyboard: the steps of the package in order."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from autobot.vision import colour, glyphs
from autobot.vision.keyboard.keys import Key, KeyboardRead, not_found
from autobot.vision.keyboard.labels import (
    KeyCache,
    key_faces,
    name_specials,
    read_labels,
    special_keys,
)
from autobot.vision.keyboard.layout import find_keyboard, wide_keys
from autobot.vision.keyboard.marks import board_tile_colours, key_marks, page_lab
from autobot.vision.palette import Palette

if TYPE_CHECKING:
    from autobot.vision.model import Grid


def read_keyboard(
    frame: np.ndarray,
    grid: Grid | None = None,
    *,
    palette: Palette | None = None,
    templates: glyphs.Templates | None = None,
    cache: KeyCache | None = None,
) -> KeyboardRead:
    """Read the on-screen keyboard of an HxWx3 uint8 RGB frame.

    `grid` is the board's Grid if known: the keyboard is then looked for below the board and
    the key colours are matched to its tiles' colours. `palette` is the board read's learned
    palette (`BoardRead.palette`): key colours then mean what the board's do (else a palette
    is learned from the tiles' colours alone). `cache` (a dict the caller keeps for the game)
    skips the ink measure of keys whose pixels did not change.
    """
    rows = find_keyboard(frame, grid)
    if rows is None:
        return not_found("no rows of key-shaped faces")
    templates = templates or glyphs.load_templates()
    boxes = [b for r in rows for b in r]
    tiles, face_rgb = key_faces(frame, boxes, wide_keys(rows))
    ends = {i for i, b in enumerate(boxes) for r in rows if len(r) <= 3 or b in (r[0], r[-1])}
    labels = dict(zip(boxes, read_labels(tiles, face_rgb, templates, cache, ends), strict=True))
    specials = special_keys(rows, labels)
    names, reasons, swapped = name_specials(specials, labels)
    page = page_lab(frame, rows)
    faces = colour.rgb_to_lab(face_rgb)
    board = board_tile_colours(frame, grid) if grid is not None and palette is None else None
    marks = key_marks(list(faces), page, board, palette)
    keys, alternatives = [], []
    for b, mark in zip(boxes, marks, strict=True):
        if b in names:
            label, mark = names[b], "."
        else:
            text, _, kind, _ = labels[b]
            label = text if kind == "letter" and text != "?" else "?"
        keys.append(Key(label, b, mark))
        if b in swapped:
            alternatives.append(Key(swapped[b], b, "."))
    unread = sum(k.label == "?" for k in keys)
    if unread:
        reasons.append(f"{unread} key(s) unreadable")
    return KeyboardRead(True, tuple(keys), tuple(reasons), tuple(alternatives))
