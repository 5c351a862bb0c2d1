"""Fibble (fibble.xyz): Wordle where every row's colours tell exactly one lie, in 9 rows.

Each scored row shows the true Wordle colours with exactly one tile changed to one of the two
other colours. The winning row is all green and tells the truth, so a lie never makes a row all
green either: an all-green row is a win, and only a win. The solver keeps every answer whose
true colours differ from each shown row in exactly one tile (`consistent`), and splits that set
as for Wordle; four rows more than Wordle's pay for the lies.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from autobot.games.base import Game
from autobot.games.wordle import make as make_wordle


def lies(code: int, length: int) -> tuple[int, ...]:
    """The codes a row of true code `code` can show: one tile's digit changed to another
    colour, never all green; the all-green (won) row shows itself."""
    win = 3**length - 1
    if code == win:
        return (win,)
    out: list[int] = []
    for i in range(length):
        digit = (code // 3**i) % 3
        for other in range(3):
            shown = code + (other - digit) * 3**i
            if other != digit and shown != win:
                out.append(shown)
    return tuple(out)


def tiles_differing(codes: np.ndarray, shown: int, length: int) -> np.ndarray:
    """How many tiles of each of `codes` differ in colour from `shown` (base-3 digits)."""
    codes = np.asarray(codes, dtype=np.int64)
    out = np.zeros(codes.shape, dtype=np.int64)
    for i in range(length):
        out += (codes // 3**i) % 3 != (shown // 3**i) % 3
    return out


def fibble_consistent(codes: np.ndarray, shown: int, length: int) -> np.ndarray:
    """Which true `codes` a row showing `shown` can come from: the win from the win only,
    any other from a non-winning row one tile away (the same relation as `lies`, for arrays)."""
    codes = np.asarray(codes)
    win = 3**length - 1
    if shown == win:
        return codes == win
    return (tiles_differing(codes, shown, length) == 1) & (codes != win)


def make(length: int = 5) -> Game:
    """Fibble: Wordle's tiles and lists, one lie per row, length + 4 rows (9 for five letters)."""
    return replace(
        make_wordle(length), name="fibble", rows=length + 4, page_mode="fibble",
        shows=lambda code: lies(code, length),
        consistent=lambda codes, shown: fibble_consistent(codes, shown, length),
    )


__all__ = ["fibble_consistent", "lies", "make", "tiles_differing"]
