"""Read a Wordle page's on-screen keyboard from pixels: where each key is, its label, its colour.

A chain of pure steps on an RGB frame, like the board's, one module each: `layout` (flat key
faces: connected regions without edges, of key size; rows of same-height faces side by side,
stacked rows, an extra row of one to three keys such as a separate ⌫ / ✓ pair) -> `labels`
(the board's glyph templates; a word is read letter by letter; ENTER / BACK: wide or unreadable
keys at the row ends, named by their word, else by position) -> `marks` (each key's colour
matched to the board's tile colours). `read` runs the chain; `keys` holds the result and uses
the keys as a second witness for the board's marks (`mark_conflicts`).
"""

from autobot.vision.keyboard.keys import Box, Key, KeyboardRead, best_marks, mark_conflicts
from autobot.vision.keyboard.labels import icon_shape, name_specials, word_role
from autobot.vision.keyboard.layout import (
    find_keyboard,
    group_rows,
    key_boxes,
    pick_keyboard,
    wide_keys,
)
from autobot.vision.keyboard.marks import key_marks, sample_median, tiles_palette
from autobot.vision.keyboard.read import read_keyboard

__all__ = [
    "Box", "Key", "KeyboardRead", "best_marks", "find_keyboard", "group_rows", "icon_shape",
    "key_boxes", "key_marks", "mark_conflicts", "name_specials", "pick_keyboard", "read_keyboard",
    "sample_median", "tiles_palette", "wide_keys", "word_role",
]
