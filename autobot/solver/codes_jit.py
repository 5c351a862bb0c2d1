"""Colour codes computed on the spot, compiled with numba (the fallback list has no matrix).

Imported lazily by `autobot.solver.offlist`; compiled code is cached next to this file. Same
rules as `autobot.wordle.score` and `score_lenient` (tests compare them).
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def code_block(
    guesses: np.ndarray, answers: np.ndarray, lenient: bool, width: int
) -> np.ndarray:
    """Codes (uint8, tile i worth digit * 3**i) of letter rows `guesses` x `answers` (k, 5);
    letters are numbers below `width`."""
    out = np.empty((guesses.shape[0], answers.shape[0]), dtype=np.uint8)
    spare = np.zeros(width, dtype=np.int64)
    for r in range(guesses.shape[0]):
        g = guesses[r]
        for c in range(answers.shape[0]):
            a = answers[c]
            code = 0
            for i in range(5):
                if g[i] != a[i]:
                    spare[a[i]] += 1
            power = 1
            for i in range(5):
                if g[i] == a[i]:
                    code += 2 * power
                elif spare[g[i]] > 0:
                    code += power
                    if not lenient:
                        spare[g[i]] -= 1
                power *= 3
            for i in range(5):
                spare[a[i]] = 0
            out[r, c] = code
    return out
