"""Feedback codes of any word length, any alphabet, computed on the spot with numba.

Wordle's colours as base-3 integers (tile i worth digit * 3**i, X=0 Y=1 G=2, the same code as
`autobot.wordle.marks_to_code`) for words of N letters: 3**N codes, 243 for five letters and
177,147 for eleven, so codes are int32 here. Nothing is stored per guess x answer: the kernels
fold the codes straight into bucket counts, which is what every strategy needs.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numba import njit


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


@njit(cache=True, nogil=True)
def _code(g: np.ndarray, a: np.ndarray, spare: np.ndarray) -> int:
    """Wordle's code of guess row `g` against answer row `a` (greens first, then yellows)."""
    n = g.shape[0]
    for i in range(n):
        if g[i] != a[i]:
            spare[a[i]] += 1
    code = 0
    power = 1
    for i in range(n):
        if g[i] == a[i]:
            code += 2 * power
        elif spare[g[i]] > 0:
            code += power
            spare[g[i]] -= 1
        power *= 3
    for i in range(n):
        spare[a[i]] = 0
    return code


@njit(cache=True, nogil=True)
def wordle_block(guesses: np.ndarray, answers: np.ndarray, width: int) -> np.ndarray:
    """Codes (int32) of letter rows `guesses` x `answers`, any word length."""
    out = np.empty((guesses.shape[0], answers.shape[0]), dtype=np.int32)
    spare = np.zeros(width, dtype=np.int64)
    for r in range(guesses.shape[0]):
        for c in range(answers.shape[0]):
            out[r, c] = _code(guesses[r], answers[c], spare)
    return out


@njit(cache=True, nogil=True)
def wordle_split(
    guesses: np.ndarray, answers: np.ndarray, width: int, n_codes: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per guess: sum of n*log(n) over its buckets (entropy), largest bucket, bucket count."""
    nlogn = np.empty(guesses.shape[0], dtype=np.float64)
    largest = np.empty(guesses.shape[0], dtype=np.int64)
    buckets = np.empty(guesses.shape[0], dtype=np.int64)
    spare = np.zeros(width, dtype=np.int64)
    counts = np.zeros(n_codes, dtype=np.int64)
    seen = np.empty(answers.shape[0], dtype=np.int64)
    for r in range(guesses.shape[0]):
        used = 0
        for c in range(answers.shape[0]):
            code = _code(guesses[r], answers[c], spare)
            if counts[code] == 0:
                seen[used] = code
                used += 1
            counts[code] += 1
        total = 0.0
        top = 0
        for k in range(used):
            n = counts[seen[k]]
            total += n * np.log(n)
            top = max(top, n)
            counts[seen[k]] = 0
        nlogn[r] = total
        largest[r] = top
        buckets[r] = used
    return nlogn, largest, buckets


def block_split(block: np.ndarray, n_codes: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The same figures as `wordle_split` from a ready code block (few codes: Jotto's 0..6)."""
    counts = np.stack([(block == c).sum(axis=1) for c in range(n_codes)], axis=1)
    safe = np.maximum(counts, 1)
    nlogn = (counts * np.log(safe)).sum(axis=1)
    return nlogn, counts.max(axis=1), (counts > 0).sum(axis=1)


__all__ = ["block_split", "encode", "wordle_block", "wordle_split"]
