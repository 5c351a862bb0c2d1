"""How one guess splits every open board's candidates: per (guess, board) figures, compiled.

The boards' candidate columns are concatenated (`cols`), board b owning
`cols[offsets[b]:offsets[b + 1]]`. For each guess row and board the kernel counts the colour
groups and returns four figures of the split (all over equally likely candidates):
entropy (bits), the expected number of candidates left (sum of squared group sizes / n),
the chance the board is settled after the guess (the share of candidates alone in their group:
the colours then name the answer, or the guess was it), and the expected cost still ahead,
`table[size]` per group (the all-green group, a board solved by this guess, costs nothing).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from autobot.wordle import ALL_GREEN, PATTERN_COUNT


@dataclass(frozen=True)
class BoardSplits:
    """Per (guess row, board): bits, expected candidates left, chance settled, cost ahead."""

    entropy: np.ndarray  # (rows, boards)
    expected_left: np.ndarray  # (rows, boards)
    settled: np.ndarray  # (rows, boards)
    cost: np.ndarray  # (rows, boards): expected table[group size], solved groups free


def no_table(boards: list[np.ndarray]) -> np.ndarray:
    """A cost table of zeros, long enough for these boards (when only the other figures count)."""
    return np.zeros(max((len(c) for c in boards), default=0) + 1)


def board_splits_reference(
    matrix: np.ndarray, rows: np.ndarray, boards: list[np.ndarray],
    table: np.ndarray | None = None,
) -> BoardSplits:
    """The slow, obviously-correct version: a Counter of colour codes per guess and board."""
    from collections import Counter

    table = no_table(boards) if table is None else table
    shape = (len(rows), len(boards))
    entropy, left, settled, cost = (np.zeros(shape) for _ in range(4))
    for i, row in enumerate(rows):
        for b, cols in enumerate(boards):
            n = len(cols)
            groups = Counter(int(matrix[row, c]) for c in cols)
            for code, size in groups.items():
                p = size / n
                entropy[i, b] -= p * np.log2(p)
                left[i, b] += size * p
                settled[i, b] += p if size == 1 else 0.0
                cost[i, b] += 0.0 if code == ALL_GREEN else p * table[size]
    return BoardSplits(entropy, left, settled, cost)


def _kernel_py(
    matrix: np.ndarray, rows: np.ndarray, cols: np.ndarray, offsets: np.ndarray,
    table: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The kernel's loop (compiled by numba when it is installed)."""
    n_rows = rows.shape[0]
    n_boards = offsets.shape[0] - 1
    entropy = np.zeros((n_rows, n_boards))
    left = np.zeros((n_rows, n_boards))
    settled = np.zeros((n_rows, n_boards))
    cost = np.zeros((n_rows, n_boards))
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
            k = 0
            for j in range(lo, hi):
                code = matrix[row, cols[j]]
                if counts[code] == 0:
                    touched[k] = code
                    k += 1
                counts[code] += 1
            e = 0.0
            sq = 0
            ones = 0
            ahead = 0.0
            for t in range(k):
                c = counts[touched[t]]
                e -= c * np.log2(c / n)
                sq += c * c
                if c == 1:
                    ones += 1
                if touched[t] != ALL_GREEN:
                    ahead += c * table[c]
                counts[touched[t]] = 0
            entropy[r, b] = e / n
            left[r, b] = sq / n
            settled[r, b] = ones / n
            cost[r, b] = ahead / n
    return entropy, left, settled, cost


@cache
def _kernel() -> Any:
    """numba's compiled kernel, or the Python loop where numba is missing."""
    try:
        from numba import njit
    except ImportError:
        return _kernel_py
    return njit(cache=True, nogil=True)(_kernel_py)


def board_splits(
    matrix: np.ndarray, rows: np.ndarray, boards: list[np.ndarray],
    table: np.ndarray | None = None,
) -> BoardSplits:
    """How each guess row splits each board's candidate columns (the fast version).

    `table[n]` is the cost ahead of a board left with n candidates (default zeros).
    """
    table = np.ascontiguousarray(no_table(boards) if table is None else table, dtype=np.float64)
    sizes = np.array([len(c) for c in boards], dtype=np.int64)
    offsets = np.zeros(len(boards) + 1, dtype=np.int64)
    np.cumsum(sizes, out=offsets[1:])
    cols = (
        np.concatenate(boards).astype(np.int64) if boards else np.zeros(0, dtype=np.int64)
    )
    rows = np.ascontiguousarray(rows, dtype=np.int64)
    return BoardSplits(*_kernel()(matrix, rows, cols, offsets, table))

