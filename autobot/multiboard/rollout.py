"""Rollouts: finish a game from here with the plain greedy player, for sampled answers, compiled.

The joint strategy tries a few promising guesses and, for each, plays the rest of the game
against answers drawn from the boards' candidates with the baseline's rule (a certain answer
first, else the pool row with most summed bits), counting the guesses. The guess with the
fewest on average wins: one step of policy improvement over the greedy player.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np

from autobot.rules import ALL_GREEN, PATTERN_COUNT

LOST_PENALTY = 10  # guesses a rollout that runs out of guesses is charged on top of the limit


def _rollout_py(
    matrix: np.ndarray, answer_rows: np.ndarray, pool: np.ndarray, cols: np.ndarray,
    offsets: np.ndarray, first: int, targets: np.ndarray, left: int, hit_bits: float,
) -> int:
    """Guesses to finish (`first`, then greedy over `pool`); left + LOST_PENALTY when lost.

    Board b's candidates are `cols[offsets[b]:offsets[b + 1]]`, its answer `targets[b]`.
    """
    n_boards = offsets.shape[0] - 1
    cand = cols.copy()
    size = np.empty(n_boards, dtype=np.int64)
    for b in range(n_boards):
        size[b] = offsets[b + 1] - offsets[b]
    open_ = np.ones(n_boards, dtype=np.bool_)
    counts = np.zeros(PATTERN_COUNT, dtype=np.int64)
    touched = np.empty(PATTERN_COUNT, dtype=np.int64)
    guess = first
    used = 0
    while True:
        used += 1
        remaining = 0
        for b in range(n_boards):
            if not open_[b]:
                continue
            code = matrix[guess, targets[b]]
            if code == ALL_GREEN:
                open_[b] = False
                continue
            lo = offsets[b]
            k = 0
            for j in range(lo, lo + size[b]):
                if matrix[guess, cand[j]] == code:
                    cand[lo + k] = cand[j]
                    k += 1
            size[b] = k
            remaining += 1
        if remaining == 0:
            return used
        if used >= left:
            return left + LOST_PENALTY
        guess = -1
        for b in range(n_boards):
            if open_[b] and size[b] == 1:
                guess = answer_rows[cand[offsets[b]]]
                break
        if guess >= 0:
            continue
        best = -1.0
        for r in range(pool.shape[0]):
            row = pool[r]
            total = 0.0
            for b in range(n_boards):
                if not open_[b]:
                    continue
                lo = offsets[b]
                n = size[b]
                k = count_buckets(matrix, row, cand, lo, lo + n, counts, touched)
                e = hit_bits if counts[ALL_GREEN] > 0 else 0.0  # it may solve the board now
                for t in range(k):
                    c = counts[touched[t]]
                    e -= c * np.log2(c / n)
                    counts[touched[t]] = 0
                total += e / n
            if total > best + 1e-9:
                best = total
                guess = row


def _rollouts_py(
    matrix: np.ndarray, answer_rows: np.ndarray, pool: np.ndarray, cols: np.ndarray,
    offsets: np.ndarray, firsts: np.ndarray, targets: np.ndarray, left: int, hit_bits: float,
) -> np.ndarray:
    """Guesses to finish for every (first guess, sampled answer set): shape (firsts, samples)."""
    out = np.zeros((firsts.shape[0], targets.shape[0]), dtype=np.int64)
    for i in range(firsts.shape[0]):
        for s in range(targets.shape[0]):
            out[i, s] = _rollout(
                matrix, answer_rows, pool, cols, offsets, firsts[i], targets[s], left, hit_bits
            )
    return out


_rollout: Any = _rollout_py
count_buckets: Any = None  # the one bucket kernel, imported with numba on first use (_compiled)


@cache
def _compiled() -> Any:
    """numba's compiled rollouts, or the Python loops where numba is missing."""
    global _rollout, count_buckets
    from autobot.kernels.buckets import count_buckets

    try:
        from numba import njit
    except ImportError:
        return _rollouts_py
    _rollout = njit(cache=True, nogil=True)(_rollout_py)
    return njit(cache=True, nogil=True)(_rollouts_py)


def rollouts(
    matrix: np.ndarray, answer_rows: np.ndarray, pool: np.ndarray, boards: list[np.ndarray],
    firsts: np.ndarray, targets: np.ndarray, left: int, hit_bits: float = 0.0,
) -> np.ndarray:
    """Guesses each first guess needs to finish against each sampled answer set (one column per
    open board in `targets`), the greedy player choosing from `pool` after it: most summed bits,
    `hit_bits` more per board whose answer the row may be (weighed by that chance)."""
    offsets = np.zeros(len(boards) + 1, dtype=np.int64)
    np.cumsum([len(c) for c in boards], out=offsets[1:])
    cols = np.concatenate(boards).astype(np.int64)
    return _compiled()(
        matrix, np.ascontiguousarray(answer_rows, dtype=np.int64),
        np.ascontiguousarray(pool, dtype=np.int64), cols, offsets,
        np.ascontiguousarray(firsts, dtype=np.int64),
        np.ascontiguousarray(targets, dtype=np.int64), int(left), float(hit_bits),
    )


def sample_targets(boards: list[np.ndarray], samples: int, seed: int) -> np.ndarray:
    """Answer sets to play out, one candidate per board: every combination when there are at
    most `samples` of them (equally likely: the exact average), else `samples` drawn uniformly
    (seeded: the same every time)."""
    sizes = [len(c) for c in boards]
    if int(np.prod(sizes, dtype=np.float64)) <= samples:
        grid = np.meshgrid(*boards, indexing="ij")
        return np.stack([g.ravel() for g in grid], axis=1).astype(np.int64)
    rng = np.random.default_rng(seed)
    return np.stack([rng.choice(c, samples) for c in boards], axis=1).astype(np.int64)


def rollout_reference(
    matrix: np.ndarray, answer_rows: np.ndarray, pool: np.ndarray, boards: list[np.ndarray],
    first: int, targets: np.ndarray, left: int, hit_bits: float = 0.0,
) -> int:
    """The slow, obviously-correct rollout: lists, a Counter per board, the same rule."""
    cands = [[int(c) for c in b] for b in boards]
    open_boards = list(range(len(boards)))
    guess, used = int(first), 0
    while True:
        used += 1
        still = []
        for b in open_boards:
            code = matrix[guess, targets[b]]
            if code != ALL_GREEN:
                cands[b] = [c for c in cands[b] if matrix[guess, c] == code]
                still.append(b)
        open_boards = still
        if not open_boards:
            return used
        if used >= left:
            return left + LOST_PENALTY
        certain = [b for b in open_boards if len(cands[b]) == 1]
        if certain:
            guess = int(answer_rows[cands[certain[0]][0]])
            continue

        values = [_greedy_value(matrix, int(r), [cands[b] for b in open_boards], hit_bits)
                  for r in pool]
        top = max(values)
        guess = int(pool[next(i for i, v in enumerate(values) if v > top - 1e-9)])


def _greedy_value(matrix: np.ndarray, row: int, cands: list[list[int]], hit_bits: float) -> float:
    """The reference greedy player's value of a row: summed bits, plus hit_bits per 1/n chance."""
    from collections import Counter

    total = 0.0
    for board in cands:
        n = len(board)
        groups = Counter(int(matrix[row, c]) for c in board)
        total += sum(-k / n * np.log2(k / n) for k in groups.values())
        total += hit_bits / n if ALL_GREEN in groups else 0.0
    return total
