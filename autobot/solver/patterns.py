"""The pattern matrix: the colour code of every guess against every answer, cached on disk."""

from __future__ import annotations

import os
from collections.abc import Sequence
from functools import cache
from pathlib import Path

import numpy as np

from autobot.wordle import WORD_LENGTH, code_to_marks, score
from autobot.words import WordList


def _letters(words: Sequence[str]) -> np.ndarray:
    """Words as a (n, 5) array of code points (any alphabet: only equality is used)."""
    raw = np.frombuffer("".join(words).encode("utf-32-le"), dtype=np.uint32)
    return raw.reshape(len(words), WORD_LENGTH)


def compute_matrix(
    guesses: Sequence[str], answers: Sequence[str], lenient: bool = False
) -> np.ndarray:
    """Codes for all guesses x answers (uint8, base 3), vectorised; same rule as `score`.

    Tile i is yellow when it is not green and the answer has more spare copies of the letter
    (copies not matched by a green) than the guess has already used on non-green tiles to its
    left: that is exactly the game's left-to-right hand-out of yellows. `lenient` colours like
    `score_lenient` instead: yellow whenever any spare copy exists.
    """
    g = _letters(guesses)
    a = _letters(answers)
    n = len(answers)
    out = np.empty((len(guesses), n), dtype=np.uint8)
    # ~1M cells per block keeps the 25 comparison planes in cache-friendly, small arrays.
    block = max(1, 1_000_000 // max(1, n))
    for start in range(0, len(guesses), block):
        gb = g[start : start + block]
        # eq[i][k]: guess letter i equals answer letter k, shape (b, n) each.
        eq = [[gb[:, i, None] == a[None, :, k] for k in range(WORD_LENGTH)]
              for i in range(WORD_LENGTH)]
        green = [eq[k][k] for k in range(WORD_LENGTH)]
        not_green = [~x for x in green]
        code = np.zeros((gb.shape[0], n), dtype=np.uint8)
        for i in range(WORD_LENGTH):
            spare = np.zeros((gb.shape[0], n), dtype=np.uint8)
            for k in range(WORD_LENGTH):
                spare += eq[i][k] & not_green[k]
            used = np.zeros((gb.shape[0], n), dtype=np.uint8)
            for j in range(0 if lenient else i):
                same = gb[:, j] == gb[:, i]  # (b,): guess letters j and i agree
                used += same[:, None] & not_green[j]
            yellow = not_green[i] & (spare > used)
            code += np.uint8(3**i) * (2 * green[i] + yellow).astype(np.uint8)
        out[start : start + block] = code
    return out


def reference_matrix(
    guesses: Sequence[str], answers: Sequence[str], lenient: bool = False
) -> np.ndarray:
    """The slow, obviously-correct matrix from `score` (tests compare it with `compute_matrix`)."""
    from autobot.wordle import marks_to_code, score_lenient

    rule = score_lenient if lenient else score
    return np.array(
        [[marks_to_code(rule(g, a)) for a in answers] for g in guesses], dtype=np.uint8
    ).reshape(len(guesses), len(answers))


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
