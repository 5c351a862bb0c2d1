"""Wordle of any word length: coloured tiles, N+1 rows, lists per length."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from autobot.errors import AutobotError
from autobot.games.base import Game
from autobot.games.lists import length_lists
from autobot.kernels.feedback import word_codes
from autobot.rules import code_to_marks, marks_to_code, score, upper_word
from autobot.solver import make_solver


def wordle_codes(guesses: Sequence[str], answers: Sequence[str]) -> np.ndarray:
    """Wordle's codes for any length (int32 base 3), fast: the one feedback kernel."""
    return word_codes(guesses, answers)


def wordle_feedback(guess: str, answer: str) -> int:
    """Wordle's code from the reference `score` (duplicate letters handled as the game does)."""
    return marks_to_code(score(guess, answer))


def classic_solver(config: Any) -> Any:
    """Five-letter Wordle's own solver for a `SolverConfig` (the pattern matrix, the optimal
    trees, frequency priors, the off-list fallback and other languages' lists); a --start it
    would never play is bad input, as for every other game."""
    solver = make_solver(config)
    if config.start and not solver.is_allowed(config.start):
        raise AutobotError(f"--start: {upper_word(config.start)} is not an allowed guess")
    return solver


def make(length: int = 5) -> Game:
    """Wordle with words of `length` letters and length + 1 rows (the rules other games derive
    from: they get the generic strategy)."""
    answers, guesses = length_lists(length)
    return Game(
        name="wordle", length=length, rows=length + 1, page="tiles",
        answers=answers, guesses=guesses, feedback=wordle_feedback, block=wordle_codes,
        win_code=3**length - 1, n_codes=3**length,
        describe=lambda code: code_to_marks(code, length),
    )


def make_registered(length: int = 5) -> Game:
    """The registry's Wordle: five letters are played by the classic solver, other lengths by
    the generic strategy (games made from `make`, like Absurdle, keep the generic one)."""
    from dataclasses import replace

    game = make(length)
    return replace(game, solver=classic_solver) if length == 5 else game
