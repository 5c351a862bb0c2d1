"""The solver's hot loop, compiled with numba: how each guess splits the candidates.

Imported lazily by `autobot.solver` (numba takes a moment to load); compiled code is cached
next to this file, so only the first run on a machine pays for compilation.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def split_stats(
    matrix: np.ndarray, rows: np.ndarray, cols: np.ndarray, weights: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each guess row: entropy (bits), sum of squared group masses, largest group mass."""
    n_rows = rows.shape[0]
    entropy = np.empty(n_rows)
    sum_sq = np.empty(n_rows)
    max_p = np.empty(n_rows)
    mass = np.zeros(243)
    seen = np.zeros(243, dtype=np.bool_)
    touched = np.empty(243, dtype=np.int64)
    for r in range(n_rows):
        row = rows[r]
        count = 0
        for j in range(cols.shape[0]):
            code = matrix[row, cols[j]]
            if not seen[code]:
                seen[code] = True
                touched[count] = code
                count += 1
            mass[code] += weights[j]
        e = 0.0
        s = 0.0
        m = 0.0
        for i in range(count):
            code = touched[i]
            p = mass[code]
            if p > 0.0:
                e -= p * np.log2(p)
            s += p * p
            if p > m:
                m = p
            mass[code] = 0.0
            seen[code] = False
        entropy[r] = e
        sum_sq[r] = s
        max_p[r] = m
    return entropy, sum_sq, max_p
