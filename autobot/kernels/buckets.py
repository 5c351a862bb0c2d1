"""How one guess splits candidates: its codes counted into colour buckets (the one bucket kernel).

Every strategy scores a guess by the buckets its feedback codes fall into over the candidates:
entropy, sizes, the largest, how many. `count_buckets` is the loop they all share, compiled and
called from the other compiled loops (the solver's split, the tree search, the any-length
games, the many-board split and rollouts); each caller then reads the few touched buckets.
Buckets are flat arrays indexed by code, zero between calls; the kernel notes which it touched,
first seen first, so clearing them costs the number of buckets, not the number of codes.
The slow, obviously-correct reference is a `collections.Counter` (in `tests/references.py`).
"""

from __future__ import annotations

import numpy as np

from autobot.kernels.jit import jit, jit_inline


@jit_inline
def count_buckets(
    codes: np.ndarray, row: int, cols: np.ndarray | None, lo: int, hi: int, counts: np.ndarray,
    touched: np.ndarray, weights: np.ndarray | None = None, mass: np.ndarray | None = None,
) -> int:
    """Counts the codes `codes[row, cols[j]]` for j in lo..hi-1 (`codes[row, j]` when `cols` is
    None) into `counts`, and adds `weights[j]` to `mass` when both are given; returns how many
    buckets are used, their codes in touched[:k] in the order first seen.

    `counts` (and `mass`) must be zero on every code on entry; `touched` needs room for every
    code that can occur.
    """
    k = 0
    for j in range(lo, hi):
        code = codes[row, j] if cols is None else codes[row, cols[j]]
        if counts[code] == 0:
            touched[k] = code
            k += 1
        counts[code] += 1
        if weights is not None and mass is not None:
            mass[code] += weights[j]
    return k


@jit
def clear_buckets(counts: np.ndarray, touched: np.ndarray, k: int) -> None:
    """Zeroes the k touched buckets again (only those: the rest are still zero)."""
    for t in range(k):
        counts[touched[t]] = 0


@jit
def _count_rows(block: np.ndarray, out: np.ndarray) -> None:
    """Each row of `block` counted into the same row of `out` (zeroed), by `count_buckets`."""
    touched = np.empty(out.shape[1], dtype=np.int64)
    for r in range(block.shape[0]):
        count_buckets(block, r, None, 0, block.shape[1], out[r], touched)


def bucket_sizes(block: np.ndarray, n_codes: int) -> np.ndarray:
    """Per row of a code block: how many of its codes fall in each bucket, shape (rows, n_codes)."""
    out = np.zeros((block.shape[0], n_codes), dtype=np.int64)
    if block.size:
        _count_rows(np.ascontiguousarray(block), out)
    return out


__all__ = ["bucket_sizes", "clear_buckets", "count_buckets"]
