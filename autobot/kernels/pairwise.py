"""numpy's order of adding up a sum (its pairwise summation), for kernels that must give
numpy's very floats: blocks of at most PAIRWISE_BLOCK values summed in LANES running sums,
longer runs split in two (at a multiple of LANES) and the halves' sums added.

`pairwise_plan` lays that order out as steps a compiled loop follows (numpy's split is
recursive, and numba's cache cannot reload a recursive kernel); `np_sum` is a float64 array's
sum by it. The tests compare both with numpy's own sums.
"""

from __future__ import annotations

import numpy as np

from autobot.kernels.jit import jit

PAIRWISE_BLOCK = 128
LANES = 8


@jit
def pairwise_plan(n: int) -> np.ndarray:
    """numpy's split of an n-long sum as steps (lo, count), in order: a block of `count`
    values from `lo` to sum and push; count -1: add the top two sums (left + right)."""
    steps = np.empty((2 * (n // LANES) + 2, 2), np.int64)
    made = 0
    todo = np.empty((128, 3), np.int64)  # parts pending: lo, count, halves done (0 / 1)
    todo[0, 0], todo[0, 1], todo[0, 2] = 0, n, 0
    top = 1
    while top:
        top -= 1
        lo, count, halved = todo[top, 0], todo[top, 1], todo[top, 2]
        if count <= PAIRWISE_BLOCK:
            steps[made, 0], steps[made, 1] = lo, count
            made += 1
        elif halved:
            steps[made, 0], steps[made, 1] = 0, -1
            made += 1
        else:
            half = count // 2
            half -= half % LANES
            todo[top, 2] = 1  # added up once both halves are
            todo[top + 1, 0], todo[top + 1, 1], todo[top + 1, 2] = lo + half, count - half, 0
            todo[top + 2, 0], todo[top + 2, 1], todo[top + 2, 2] = lo, half, 0
            top += 3
    return steps[:made]


@jit
def _block_sum(a: np.ndarray, lo: int, n: int) -> float:
    """numpy's sum of a[lo:lo + n], n <= PAIRWISE_BLOCK: in order below LANES values, else
    in LANES running sums added pairwise, then the rest in order."""
    if n < LANES:
        total = -0.0
        for i in range(lo, lo + n):
            total += a[i]
        return total
    lanes = a[lo:lo + LANES].copy()
    i = LANES
    while i < n - n % LANES:
        for j in range(LANES):
            lanes[j] += a[lo + i + j]
        i += LANES
    total = ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3])) + \
        ((lanes[4] + lanes[5]) + (lanes[6] + lanes[7]))
    while i < n:
        total += a[lo + i]
        i += 1
    return total


@jit
def np_sum(a: np.ndarray) -> float:
    """`a.sum()` of a 1-D float64 array, to the bit."""
    if len(a) <= PAIRWISE_BLOCK:
        return _block_sum(a, 0, len(a))
    plan = pairwise_plan(len(a))
    sums = np.empty(len(plan) + 1, np.float64)
    top = 0
    for s in range(len(plan)):
        if plan[s, 1] >= 0:
            sums[top] = _block_sum(a, plan[s, 0], plan[s, 1])
            top += 1
        else:
            sums[top - 2] = sums[top - 2] + sums[top - 1]
            top -= 1
    return sums[0]
