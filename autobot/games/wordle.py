"""Wordle of any word length: coloured tiles, N+1 rows, lists per length."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from autobot.games.base import Game
from autobot.games.lists import length_lists
from autobot.kernels.feedback import word_codes
from autobot.wordle import code_to_marks, marks_to_code, score


def wordle_codes(guesses: Sequence[str], answers: Sequence[str]) -> np.ndarray:
    """Wordle's codes for any length (int32 base 3), fast: the one feedback kernel."""
    return word_codes(guesses, answers)


def wordle_feedback(guess: str, answer: str) -> int:
    """Wordle's code from the reference `score` (duplicate letters handled as the game does)."""
    return marks_to_code(score(guess, answer))


def make(length: int = 5) -> Game:
    """Wordle with words of `length` letters and length + 1 rows."""
    answers, guesses = length_lists(length)
    return Game(
        name="wordle", length=length, rows=length + 1, page="tiles",
        answers=answers, guesses=guesses, feedback=wordle_feedback, block=wordle_codes,
        win_code=3**length - 1, n_codes=3**length,
        describe=lambda code: code_to_marks(code, length),
    )
