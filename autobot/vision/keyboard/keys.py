"""The keyboard as data (keys, their labels and marks), and the keys as a second witness of the
board's marks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

MARK_RANK = {"G": 3, "Y": 2, "X": 1}
Box = tuple[int, int, int, int]  # x0, y0, x1, y1 in frame pixels (x1/y1 exclusive)


@dataclass(frozen=True)
class Key:
    """One on-screen key: its label, where it is, and the mark its colour shows."""

    label: str  # "A".."Z", "Ä" etc., "ENTER", "BACK", or "?" (unreadable)
    box: Box
    mark: str  # "G" / "Y" / "X" from the key colour, "." unused, "?" colour of no known role

    @property
    def center(self) -> tuple[int, int]:
        """The pixel to click."""
        x0, y0, x1, y1 = self.box
        return (x0 + x1) // 2, (y0 + y1) // 2


@dataclass(frozen=True)
class KeyboardRead:
    """The keyboard one frame shows, or why none was read.

    `alternatives` holds ENTER/BACK keys again with the other label when only their position
    told them apart (two icons): the caller may try the second reading if the first misfires.
    """

    found: bool
    keys: tuple[Key, ...]
    reasons: tuple[str, ...] = ()
    alternatives: tuple[Key, ...] = ()

    def key(self, label: str) -> Key | None:
        """The key with this label (in any case: "a", "Ä", "ß", "enter"), or None."""
        want = _label(label)
        return next((k for k in self.keys if k.label == want), None)

    def candidates(self, label: str) -> tuple[Key, ...]:
        """Every key that may be `label`: the best reading first, then the alternatives."""
        want = _label(label)
        return tuple(k for k in (*self.keys, *self.alternatives) if k.label == want)

    def marks(self) -> dict[str, str]:
        """Letter -> mark of every letter key read."""
        return {k.label: k.mark for k in self.keys if is_letter(k.label)}


def _label(text: str) -> str:
    """A key label as keys carry it: capitals, but ß stays ß (its upper case is "SS")."""
    up = text.upper()
    return up if len(up) == 1 or up in ("ENTER", "BACK") else text


def not_found(reason: str) -> KeyboardRead:
    """A read that found no keyboard, with the reason."""
    return KeyboardRead(False, (), (reason,))


def is_letter(label: str) -> bool:
    """A letter key's label (not ENTER, BACK or '?')."""
    return len(label) == 1 and label.isalpha()


def best_marks(rows: Sequence[tuple[str, str]]) -> dict[str, str]:
    """Letter -> best mark it got on the board (G over Y over X), from rows in labels format."""
    best: dict[str, str] = {}
    for letters, marks in rows:
        it = iter(letters)
        for m in marks:
            if m == ".":
                continue
            letter = next(it, "?")
            if m in MARK_RANK and letter != "?" and \
                    MARK_RANK[m] > MARK_RANK.get(best.get(letter, ""), 0):
                best[letter] = m
    return best


def mark_conflicts(keys: Sequence[Key], rows: Sequence[tuple[str, str]]) -> list[str]:
    """Where the keyboard's colours disagree with the board's rows (labels format).

    A key shows the best mark its letter got on the board; an unused key is a letter the
    board never scored. Keys or rows that could not be read ('?') are no evidence.
    """
    best = best_marks(rows)
    conflicts = []
    for k in keys:
        if not is_letter(k.label) or k.mark not in (".", *MARK_RANK):
            continue
        want = best.get(k.label, ".")
        if k.mark != want:
            conflicts.append(f"key {k.label} shows {k.mark}, the board {want}")
    return conflicts
