"""The solver's hot loop, compiled with numba: how each guess splits the candidates.

Imported lazily by `autobot.solver` (numba takes a moment to load); compiled code is cached
next to this file, so only the first run on a machine pays for compilation. The buckets are
counted by the one bucket kernel, `autobot.kernels.buckets.count_buckets`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from autobot.kernels.buckets import clear_buckets, count_buckets
from autobot.rules import PATTERN_COUNT


@njit(cache=True, nogil=True)
def split_stats(
    matrix: np.ndarray, rows: np.ndarray, cols: np.ndarray, weights: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each guess row: entropy (bits), sum of squared group masses, largest group mass."""
    n_rows = rows.shape[0]
    entropy = np.empty(n_rows)
    sum_sq = np.empty(n_rows)
    max_p = np.empty(n_rows)
    counts = np.zeros(PATTERN_COUNT, dtype=np.int32)
    mass = np.zeros(PATTERN_COUNT)
    touched = np.empty(PATTERN_COUNT, dtype=np.int64)
    for r in range(n_rows):
        k = count_buckets(matrix, rows[r], cols, 0, cols.shape[0], counts, touched, weights, mass)
        e = 0.0
        s = 0.0
        m = 0.0
        for i in range(k):
            code = touched[i]
            p = mass[code]
            if p > 0.0:
                e -= p * np.log2(p)
            s += p * p
            if p > m:
                m = p
            mass[code] = 0.0
        clear_buckets(counts, touched, k)
        entropy[r] = e
        sum_sq[r] = s
        max_p[r] = m
    return entropy, sum_sq, max_p
