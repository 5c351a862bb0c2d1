"""`autobot solve`: a helper for a person playing elsewhere, or one simulated game (--answer)."""

from __future__ import annotations

import argparse
import sys

from autobot.app.options import (
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


__all__ = ["HELP", "ROWS", "interact", "render_row", "run", "simulate"]
