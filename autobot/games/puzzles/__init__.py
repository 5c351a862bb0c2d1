"""Grid puzzles as registry entries: 0h h1 (Takuzu, played in Unruly) and Sudoku (Solo).

Unlike the word games they have no word lists and no feedback rule: a `Puzzle` names its
parser (an app's game ID -> givens), its fast solver and its slow reference checker.
`find_puzzle("ohhi")`, `find_puzzle("unruly")` and `find_puzzle("solo")` give the entries.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from autobot.errors import BadInput
from autobot.games.puzzles import sudoku, takuzu
from autobot.games.runs import Runs


@dataclass(frozen=True)
class Puzzle:
    """One grid puzzle: how an ID is read, solved, checked and shown as text."""

    name: str  # registry name ("ohhi", "sudoku")
    app: str  # the desktop app that plays it (sgt-puzzles' "unruly", "solo")
    parse_id: Callable[[str], Any]  # the app's game ID -> the puzzle's givens
    solve: Callable[[Any], Any]  # fast: puzzle -> Solution (status, cells, by_propagation)
    check: Callable[[Any, Sequence[int]], list[str]]  # slow reference: rules a grid breaks
    render: Callable[..., str]  # puzzle (and cells) -> text
    bench_sets: str  # the solver benchmark's puzzle sets (autobot.bench.puzzles --sets)
    player: str  # "module:function" that fills its grid on a screen (frames in, clicks out)
    read_grid: str  # "module:function": (frame, lattice) -> (rows as text, extra JSON fields)
    parse_text: Callable[[str], Any] | None = None  # another way to write a puzzle (no ":")
    text_help: str = ""  # that way, in words, for --puzzle's error

    def parse(self, text: str) -> Any:
        """The givens of an app's game ID (or of the puzzle's plain-text form, if it has one)."""
        text = text.strip()
        if self.parse_text is not None and ":" not in text:
            return self.parse_text(text)
        return self.parse_id(text)


PUZZLES: dict[str, Puzzle] = {
    "ohhi": Puzzle("ohhi", "unruly", takuzu.parse_unruly, takuzu.solve, takuzu.check,
                   takuzu.render, "unruly", "autobot.engines.puzzle_window:play_unruly",
                   "autobot.engines.puzzle_window:read_unruly_grid"),
    "sudoku": Puzzle("sudoku", "solo", sudoku.parse_solo, sudoku.solve, sudoku.check,
                     sudoku.render, "solo,kaidoku", "autobot.engines.puzzle_window:play_solo",
                     "autobot.engines.puzzle_window:read_solo_grid", sudoku.parse_text,
                     "81 digits with 0 or . for empty"),
}
# Other names people use for the same rules (the apps' own names among them).
ALIASES = {"0hh1": "ohhi", "takuzu": "ohhi", "binairo": "ohhi", "unruly": "ohhi",
           "solo": "sudoku"}

# The grid puzzles' commands: a page or an app window played by clicks and keys.
RUNS = Runs(
    play="autobot.engines.puzzle_page:run_play",
    live="autobot.cli.puzzles:run_live_puzzle",
    solve="autobot.cli.puzzles:solve_puzzle",
    bench="autobot.cli.bench:bench_puzzle",
    read="autobot.cli.read:read_grid_puzzle",
)


def find_puzzle(name: str) -> Puzzle:
    """The puzzle called `name` (or one of its aliases), or a clear error (exit 2)."""
    key = name.lower()
    puzzle = PUZZLES.get(ALIASES.get(key, key))
    if puzzle is None:
        names = ", ".join([*PUZZLES, *ALIASES])
        raise BadInput(f"unknown puzzle {name!r} (choose from {names})")
    return puzzle


__all__ = ["ALIASES", "PUZZLES", "RUNS", "Puzzle", "find_puzzle", "sudoku", "takuzu"]
