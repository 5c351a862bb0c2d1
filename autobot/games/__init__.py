"""Games as a parameter: Wordle of 4..11 letters, Absurdle, Jotto and Tuble, each a `Game` value.

`find_game("wordle", length=6)` gives the rules, board shape, rows and lists of one game;
`GAMES` maps each name to its maker (like python-chess's variants).
"""

from __future__ import annotations

from collections.abc import Callable

from autobot.errors import AutobotError
from autobot.games import absurdle, jotto, tuble, wordle
from autobot.games.base import Game
from autobot.games.lists import LENGTHS, length_lists

GAMES: dict[str, Callable[[int], Game]] = {
    "wordle": wordle.make,
    "absurdle": absurdle.make,
    "jotto": jotto.make,
    "tuble": tuble.make,
}


def find_game(name: str, length: int = 5) -> Game:
    """The game called `name` with words of `length` letters, or a clear error (exit 2)."""
    maker = GAMES.get(name.lower())
    if maker is None:
        raise AutobotError(f"unknown game {name!r} (choose from {', '.join(GAMES)})", 2)
    return maker(length)


__all__ = ["GAMES", "LENGTHS", "Game", "find_game", "length_lists"]
