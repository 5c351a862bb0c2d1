"""`autobot solve`: a helper for a person playing elsewhere, or one simulated game (--answer)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from autobot.app.options import (
    add_boards_option,
    add_game_options,
    add_solver_options,
    solver_config,
)
from autobot.app.request import Request
from autobot.app.solve_sessions import HELP, ROWS, interact, render_row, simulate
from autobot.cli import games
from autobot.cli.boards import run_solve
from autobot.cli.request import request_from
from autobot.errors import AutobotError
from autobot.games import find_game, runner_for
from autobot.games.player import make_player


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


def run(args: argparse.Namespace) -> int:
    """Interactive helper (stdin/stdout) or one simulated game."""
    request = request_from(args)
    return runner_for("solve", request.game.name)(request)  # the game's own helper


def solve_word_game(request: Request) -> int:
    """A word game: the shipped solver's helper, or the game strategy's session."""
    chosen = request.game
    game = find_game(chosen.name, chosen.length)
    if game.solver is None:
        return games.solve(request)  # the generic game strategy's session
    if chosen.boards is not None:
        return run_solve(request)
    if chosen.answer is not None:
        answer = chosen.answer.strip().lower()
        if len(answer) != game.length or not answer.isalpha():  # any alphabet: größe, año
            raise AutobotError(f"--answer {chosen.answer!r} is not a five-letter word")
    solver = make_player(game, solver_config(chosen, request.lists))
    styled = sys.stdout.isatty()
    if chosen.answer is not None:
        return simulate(solver, answer, chosen.hard, sys.stdout, styled)
    return interact(solver, chosen.hard, sys.stdin, sys.stdout, styled)


__all__ = ["HELP", "ROWS", "interact", "register", "render_row", "run", "simulate"]
