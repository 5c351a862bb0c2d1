"""The pattern matrix: the colour code of every guess against every answer, cached on disk."""

from __future__ import annotations

import os
from collections.abc import Sequence
from functools import cache
from pathlib import Path

import numpy as np

from autobot.kernels.feedback import reference_block, word_codes
from autobot.rules import code_to_marks
from autobot.words import WordList


def compute_matrix(
    guesses: Sequence[str], answers: Sequence[str], lenient: bool = False
) -> np.ndarray:
    """Codes for all guesses x answers (uint8, base 3) from the one feedback kernel
    (`autobot.kernels.feedback`); same rule as `score` (`lenient`: as `score_lenient`)."""
    return word_codes(guesses, answers, lenient, np.uint8)


def reference_matrix(
    guesses: Sequence[str], answers: Sequence[str], lenient: bool = False
) -> np.ndarray:
    """The slow, obviously-correct matrix from `score` (tests compare it with `compute_matrix`)."""
    return reference_block(guesses, answers, lenient, np.uint8)


def cache_dir() -> Path:
    """Where big derived data lives (AUTOBOT_CACHE overrides the platformdirs default)."""
    env = os.environ.get("AUTOBOT_CACHE")
    if env:
        return Path(env)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("autobot"))


@cache
def pattern_matrix(guesses: WordList, answers: WordList) -> np.ndarray:
    """The cached matrix for these lists (rows = guesses, columns = answers)."""
    path = cache_dir() / f"patterns-{guesses.digest}-{answers.digest}.npy"
    try:
        matrix = np.load(path, mmap_mode=None)
        if matrix.shape == (len(guesses), len(answers)):
            return matrix
    except (OSError, ValueError):
        pass
    matrix = compute_matrix(guesses.words, answers.words)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp.npy")
        np.save(tmp, matrix)
        os.replace(tmp, path)
    except OSError:
        pass  # a read-only cache only costs time
    return matrix


__all__ = ["code_to_marks", "compute_matrix", "pattern_matrix", "reference_matrix", "cache_dir"]
