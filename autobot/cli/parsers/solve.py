"""The `autobot solve` parser (its runner: `autobot.cli.solve`, imported when it runs)."""

from __future__ import annotations

from typing import Any

from autobot.app.options import (
    add_boards_option,
    add_game_options,
    add_solver_options,
)


def register(subparsers: Any) -> None:
    """Add `autobot solve`."""
    parser = subparsers.add_parser(
        "solve", help="suggest guesses for a game you play elsewhere",
        description="Prints a guess, asks for the colours the game showed, repeats. "
                    "With --answer WORD, plays one game against WORD and prints it.",
    )
    add_solver_options(parser)
    parser.add_argument("--answer", default=None, metavar="WORD",
                        help="simulate one game against this answer and print it")
    add_boards_option(parser, "solve")

    add_game_options(parser, puzzles=True)
    parser.add_argument("--puzzle", default=None, metavar="ID",
                        help="with --game ohhi|sudoku: the puzzle, as an Unruly/Solo game ID "
                             "(or 81 digits for Sudoku)")
