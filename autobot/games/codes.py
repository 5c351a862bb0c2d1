"""How guesses split candidates in games of any word length and any feedback (the games' split).

Built on the two kernels of `autobot.kernels`: Wordle's codes of any length come from the one
feedback kernel (3**N codes: 243 for five letters, 177,147 for eleven, so codes are int32 here)
and are folded straight into bucket counts by the one bucket kernel, nothing stored per guess x
answer; other games (Jotto's 0..N) split a ready code block.
"""

from __future__ import annotations

import numpy as np

from autobot.kernels.buckets import bucket_sizes, clear_buckets, count_buckets
from autobot.kernels.feedback import feedback_code
from autobot.kernels.jit import jit


@jit
def wordle_split(
    guesses: np.ndarray, answers: np.ndarray, width: int, n_codes: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per guess: sum of n*log(n) over its buckets (entropy), largest bucket, bucket count."""
    nlogn = np.empty(guesses.shape[0], dtype=np.float64)
    largest = np.empty(guesses.shape[0], dtype=np.int64)
    buckets = np.empty(guesses.shape[0], dtype=np.int64)
    spare = np.zeros(width, dtype=np.int64)
    counts = np.zeros(n_codes, dtype=np.int64)
    touched = np.empty(answers.shape[0], dtype=np.int64)
    codes = np.empty((1, answers.shape[0]), dtype=np.int64)
    for r in range(guesses.shape[0]):
        for c in range(answers.shape[0]):
            codes[0, c] = feedback_code(guesses, r, answers, c, spare, False)
        used = count_buckets(codes, 0, None, 0, answers.shape[0], counts, touched)
        total = 0.0
        top = 0
        for k in range(used):
            n = counts[touched[k]]
            total += n * np.log(n)
            top = max(top, n)
        clear_buckets(counts, touched, used)
        nlogn[r] = total
        largest[r] = top
        buckets[r] = used
    return nlogn, largest, buckets


def block_split(block: np.ndarray, n_codes: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The same figures as `wordle_split` from a ready code block (few codes: Jotto's 0..6)."""
    counts = bucket_sizes(block, n_codes)
    safe = np.maximum(counts, 1)
    nlogn = (counts * np.log(safe)).sum(axis=1)
    return nlogn, counts.max(axis=1), (counts > 0).sum(axis=1)


__all__ = ["block_split", "wordle_split"]
