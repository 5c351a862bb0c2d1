"""How one guess splits every open board's candidates: per (guess, board) figures, compiled.

The boards' candidate columns are concatenated (`cols`), board b owning
`cols[offsets[b]:offsets[b + 1]]`. For each guess row and board the kernel counts the colour
groups and returns three figures of the split (all over equally likely candidates):
entropy (bits), the expected number of candidates left (sum of squared group sizes / n), and
the chance the board is settled after the guess (the share of candidates alone in their group:
the colours then name the answer, or the guess was it).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from autobot.rules import PATTERN_COUNT

# The one bucket kernel, imported with numba on first use (`_kernel`): importing numba takes time.
count_buckets: Any = None


@dataclass(frozen=True)
class BoardSplits:
    """Per (guess row, board): entropy bits, expected candidates left, chance of being settled."""

    entropy: np.ndarray  # (rows, boards)
    expected_left: np.ndarray  # (rows, boards)
    settled: np.ndarray  # (rows, boards)


def board_splits_reference(
    matrix: np.ndarray, rows: np.ndarray, boards: list[np.ndarray]
) -> BoardSplits:
    """The slow, obviously-correct version: a Counter of colour codes per guess and board."""
    from collections import Counter

    shape = (len(rows), len(boards))
    entropy, left, settled = np.zeros(shape), np.zeros(shape), np.zeros(shape)
    for i, row in enumerate(rows):
        for b, cols in enumerate(boards):
            n = len(cols)
            groups = Counter(int(matrix[row, c]) for c in cols)
            for size in groups.values():
                p = size / n
                entropy[i, b] -= p * np.log2(p)
                left[i, b] += size * p
                settled[i, b] += p if size == 1 else 0.0
    return BoardSplits(entropy, left, settled)


def _kernel_py(
    matrix: np.ndarray, rows: np.ndarray, cols: np.ndarray, offsets: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The kernel's loop (compiled by numba when it is installed; the buckets are counted by
    the one bucket kernel, `autobot.kernels.buckets.count_buckets`)."""
    n_rows = rows.shape[0]
    n_boards = offsets.shape[0] - 1
    entropy = np.zeros((n_rows, n_boards))
    left = np.zeros((n_rows, n_boards))
    settled = np.zeros((n_rows, n_boards))
    counts = np.zeros(PATTERN_COUNT, dtype=np.int64)
    touched = np.empty(PATTERN_COUNT, dtype=np.int64)
    for r in range(n_rows):
        row = rows[r]
        for b in range(n_boards):
            lo = offsets[b]
            hi = offsets[b + 1]
            n = hi - lo
            if n == 0:
                continue
            k = count_buckets(matrix, row, cols, lo, hi, counts, touched)
            e = 0.0
            sq = 0
            ones = 0
            for t in range(k):
                c = counts[touched[t]]
                e -= c * np.log2(c / n)
                sq += c * c
                if c == 1:
                    ones += 1
                counts[touched[t]] = 0
            entropy[r, b] = e / n
            left[r, b] = sq / n
            settled[r, b] = ones / n
    return entropy, left, settled


@cache
def _kernel() -> Any:
    """numba's compiled kernel, or the Python loop where numba is missing."""
    global count_buckets
    from autobot.kernels.buckets import count_buckets

    try:
        from numba import njit
    except ImportError:
        return _kernel_py
    return njit(cache=True, nogil=True)(_kernel_py)


def board_splits(matrix: np.ndarray, rows: np.ndarray, boards: list[np.ndarray]) -> BoardSplits:
    """How each guess row splits each board's candidate columns (the fast version)."""
    sizes = np.array([len(c) for c in boards], dtype=np.int64)
    offsets = np.zeros(len(boards) + 1, dtype=np.int64)
    np.cumsum(sizes, out=offsets[1:])
    cols = (
        np.concatenate(boards).astype(np.int64) if boards else np.zeros(0, dtype=np.int64)
    )
    rows = np.ascontiguousarray(rows, dtype=np.int64)
    return BoardSplits(*_kernel()(matrix, rows, cols, offsets))

