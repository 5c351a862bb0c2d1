"""Games as a parameter: Wordle of 4..11 letters, Absurdle, Jotto, Tuble and Fibble, each a `Game`.

`find_game("wordle", length=6)` gives the rules, board shape, rows and lists of one game;
`GAMES` maps each name to its maker (like python-chess's variants). Grid puzzles (0h h1,
Sudoku) are `Puzzle` entries in `autobot.games.puzzles`; `find_game("ohhi")` gives one too.
"""

from __future__ import annotations

from collections.abc import Callable

from autobot.errors import BadInput
from autobot.games import absurdle, fibble, jotto, tuble, wordle
from autobot.games.base import Game
from autobot.games.lists import LENGTHS, length_lists
from autobot.games.puzzles import ALIASES, PUZZLES, Puzzle, find_puzzle

GAMES: dict[str, Callable[[int], Game]] = {
    "wordle": wordle.make_registered,
    "absurdle": absurdle.make,
    "jotto": jotto.make,
    "tuble": tuble.make,
    "fibble": fibble.make,
}


def find_game(name: str, length: int = 5) -> Game | Puzzle:
    """The game called `name` with words of `length` letters (a grid puzzle by its name:
    ohhi, sudoku, or an alias such as unruly or solo), or a clear error (exit 2)."""
    key = name.lower()
    if key in PUZZLES or key in ALIASES:
        return find_puzzle(key)
    maker = GAMES.get(key)
    if maker is None:
        names = ", ".join([*GAMES, *PUZZLES])
        raise BadInput(f"unknown game {name!r} (choose from {names})")
    return maker(length)


__all__ = ["GAMES", "LENGTHS", "PUZZLES", "Game", "Puzzle", "find_game", "find_puzzle",
           "length_lists"]
