"""The pattern matrix: the colour code of every guess against every answer, cached on disk."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

import numpy as np

from autobot.wordle import WORD_LENGTH, code_to_marks, score
from autobot.words import WordList


def _letters(words: tuple[str, ...]) -> np.ndarray:
    """Words as a (n, 5) uint8 array of letters 0..25."""
    raw = np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8)
    return (raw.reshape(len(words), WORD_LENGTH) - ord("a")).astype(np.uint8)


def compute_matrix(guesses: tuple[str, ...], answers: tuple[str, ...]) -> np.ndarray:
    """Codes for all guesses x answers (uint8, base 3), vectorised; same rule as `score`."""
    g = _letters(guesses)
    a = _letters(answers)
    out = np.empty((len(guesses), len(answers)), dtype=np.uint8)
    powers = (3 ** np.arange(WORD_LENGTH)).astype(np.uint8)
    block = max(1, 2_000_000 // max(1, len(answers)))
    for start in range(0, len(guesses), block):
        gb = g[start : start + block, None, :]  # (b, 1, 5)
        green = gb == a[None, :, :]  # (b, n, 5)
        # Spare copies of each letter in the answer: answer letters not matched by a green.
        spare = np.zeros((gb.shape[0], len(answers), 26), dtype=np.int8)
        ai = np.broadcast_to(a[None, :, :], green.shape)
        b_idx, n_idx, p_idx = np.nonzero(~green)
        np.add.at(spare, (b_idx, n_idx, ai[b_idx, n_idx, p_idx]), 1)
        digits = np.where(green, 2, 0).astype(np.uint8)
        gl = np.broadcast_to(gb, green.shape)
        for i in range(WORD_LENGTH):  # left to right, as the game hands out yellows
            letter = gl[:, :, i]
            rows, cols = np.nonzero(~green[:, :, i])
            lt = letter[rows, cols]
            has = spare[rows, cols, lt] > 0
            rows, cols, lt = rows[has], cols[has], lt[has]
            digits[rows, cols, i] = 1
            spare[rows, cols, lt] -= 1
        out[start : start + block] = (digits * powers).sum(axis=2, dtype=np.uint16).astype(np.uint8)
    return out


def reference_matrix(guesses: tuple[str, ...], answers: tuple[str, ...]) -> np.ndarray:
    """The slow, obviously-correct matrix from `score` (tests compare it with `compute_matrix`)."""
    from autobot.wordle import marks_to_code

    return np.array(
        [[marks_to_code(score(g, a)) for a in answers] for g in guesses], dtype=np.uint8
    )


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
