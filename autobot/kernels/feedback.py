"""Wordle's feedback codes of letter rows: the one code kernel (any word length, any alphabet).

A code is a base-3 integer, tile i worth digit * 3**i (X=0, Y=1, G=2), the same code as
`autobot.rules.marks_to_code`: 243 codes for five letters, 177,147 for eleven. Words are rows of
letter numbers (`encode`); `feedback_code` is the rule for one guess and answer, which
`fill_codes` (a guesses x answers block) and the fused split loops call per cell. The slow,
obviously-correct reference is `autobot.rules.score` / `score_lenient` (`reference_block`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from autobot.kernels.jit import jit, jit_inline
from autobot.rules import marks_to_code, score, score_lenient


def encode(*lists: Sequence[str]) -> tuple[list[np.ndarray], int]:
    """Each list as an (n, N) int32 array of letter numbers shared by all lists, and the width.

    Letters are Unicode code points (utf-32), so any alphabet works; they are renumbered 0..width-1.
    """
    points = [
        np.frombuffer("".join(words).encode("utf-32-le"), dtype=np.uint32) for words in lists
    ]
    alphabet, inverse = np.unique(np.concatenate(points), return_inverse=True)
    out: list[np.ndarray] = []
    start = 0
    for words, raw in zip(lists, points, strict=True):
        part = inverse[start : start + len(raw)].astype(np.int32)
        start += len(raw)
        length = len(words[0]) if words else 1
        out.append(part.reshape(len(words), length))
    return out, max(1, len(alphabet))


@jit_inline
def feedback_code(
    guesses: np.ndarray, r: int, answers: np.ndarray, c: int, spare: np.ndarray, lenient: bool
) -> int:
    """Wordle's code of guess row `guesses[r]` against answer row `answers[c]`.

    Greens first; then, left to right, a letter is yellow while the answer has a spare copy of it
    (one not matched by a green), each yellow using one up (`lenient`: yellow whenever a spare
    copy exists, as pages that do not count copies colour it). `spare` is scratch: one zero per
    letter number, left zeroed. (Rows by index: a row view per cell would cost more than the
    rule.)
    """
    n = guesses.shape[1]
    for i in range(n):
        if guesses[r, i] != answers[c, i]:
            spare[answers[c, i]] += 1
    code = 0
    power = 1
    for i in range(n):
        g = guesses[r, i]
        if g == answers[c, i]:
            code += 2 * power
        elif spare[g] > 0:
            code += power
            if not lenient:
                spare[g] -= 1
        power *= 3
    for i in range(n):
        spare[answers[c, i]] = 0
    return code


@jit
def fill_codes(
    guesses: np.ndarray, answers: np.ndarray, width: int, lenient: bool, out: np.ndarray
) -> None:
    """Writes the code of every guess row x answer row into `out` (its dtype: uint8 holds 5
    letters' 243 codes, int32 any length)."""
    spare = np.zeros(width, dtype=np.int64)
    for r in range(guesses.shape[0]):
        for c in range(answers.shape[0]):
            out[r, c] = feedback_code(guesses, r, answers, c, spare, lenient)


def feedback_block(
    guesses: np.ndarray, answers: np.ndarray, width: int, lenient: bool = False,
    dtype: type = np.int32,
) -> np.ndarray:
    """Codes of letter rows `guesses` x `answers` (letter numbers below `width`), fast."""
    out = np.empty((guesses.shape[0], answers.shape[0]), dtype=dtype)
    if out.size:
        fill_codes(guesses, answers, width, lenient, out)
    return out


def word_codes(
    guesses: Sequence[str], answers: Sequence[str], lenient: bool = False, dtype: type = np.int32
) -> np.ndarray:
    """Codes of words `guesses` x `answers` (any length, any alphabet), fast."""
    (g, a), width = encode(guesses, answers)
    return feedback_block(g, a, width, lenient, dtype)


def reference_block(
    guesses: Sequence[str], answers: Sequence[str], lenient: bool = False, dtype: type = np.int32
) -> np.ndarray:
    """The slow, obviously-correct codes from `score` / `score_lenient` (tests compare them)."""
    rule = score_lenient if lenient else score
    return np.array(
        [[marks_to_code(rule(g, a)) for a in answers] for g in guesses], dtype=dtype
    ).reshape(len(guesses), len(answers))


__all__ = ["encode", "feedback_block", "feedback_code", "fill_codes", "reference_block",
           "word_codes"]
