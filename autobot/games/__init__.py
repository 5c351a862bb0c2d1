"""Games as a parameter: Wordle of 4..11 letters, Absurdle, Jotto, Tuble and Fibble, each a `Game`.

`find_game("wordle", length=6)` gives the rules, board shape, rows and lists of one game;
`GAMES` maps each name to its maker (like python-chess's variants). Grid puzzles (0h h1,
Sudoku) are `Puzzle` entries in `autobot.games.puzzles`; `find_game("ohhi")` gives one too.
"""

from __future__ import annotations

from collections.abc import Callable

from autobot.errors import BadInput
from autobot.games import absurdle, fibble, jotto, puzzles, tuble, wordle
from autobot.games.base import Game
from autobot.games.lists import LENGTHS, length_lists
from autobot.games.puzzles import ALIASES, PUZZLES, Puzzle, find_puzzle
from autobot.games.runs import COMMANDS, WORD_RUNS, Runner, Runs

GAMES: dict[str, Callable[[int], Game]] = {
    "wordle": wordle.make_registered,
    "absurdle": absurdle.make,
    "jotto": jotto.make,
    "tuble": tuble.make,
    "fibble": fibble.make,
}

# How each game is run by each command (play, live, solve, bench, read), by dotted path.
RUNS: dict[str, Runs] = {
    "wordle": WORD_RUNS,
    "absurdle": WORD_RUNS,
    "jotto": WORD_RUNS,
    "tuble": tuble.RUNS,
    "fibble": WORD_RUNS,
    **{name: puzzles.RUNS for name in PUZZLES},
}


def runs_of(name: str) -> Runs:
    """How the game called `name` (or a puzzle's alias) is run, or a clear error (exit 2)."""
    key = str(name).lower()
    runs = RUNS.get(ALIASES.get(key, key))
    if runs is None:
        names = ", ".join([*GAMES, *PUZZLES])
        raise BadInput(f"unknown game {name!r} (choose from {names})")
    return runs


def runner_for(command: str, name: str) -> Runner:
    """The function that runs `command` (play, live, solve, bench, read) for game `name`."""
    return runs_of(name).runner(command, name)


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


__all__ = ["COMMANDS", "GAMES", "LENGTHS", "PUZZLES", "RUNS", "Game", "Puzzle", "Runs",
           "find_game", "find_puzzle", "length_lists", "runner_for", "runs_of"]
