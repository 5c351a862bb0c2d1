"""Splits: how a guess's colours divide the candidates' probability mass (every info strategy)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache

import numpy as np

from autobot.rules import PATTERN_COUNT


@dataclass(frozen=True)
class SplitStats:
    """Per guess row: how its colours split the candidates' probability mass into groups."""

    entropy: np.ndarray  # expected information in bits: -sum p log2 p
    sum_sq: np.ndarray  # sum p^2: the expected mass of the group the answer falls in
    max_p: np.ndarray  # the largest group's mass (the worst case)


_CELLS_PER_CHUNK = 2_000_000  # bounds the (rows x 243) tables of the numpy fallback


def _partitions(
    matrix: np.ndarray, rows: np.ndarray, cols: np.ndarray, weights: np.ndarray
) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """(row indices, mass[rows, 243]) chunks: how each guess splits the weighted candidates."""
    n = len(cols)
    step = max(1, _CELLS_PER_CHUNK // max(n, PATTERN_COUNT))
    for start in range(0, len(rows), step):
        chunk = rows[start : start + step]
        codes = matrix[np.ix_(chunk, cols)].astype(np.int32)
        codes += (np.arange(len(chunk), dtype=np.int32) * PATTERN_COUNT)[:, None]
        flat_w = np.broadcast_to(weights, codes.shape).ravel()
        mass = np.bincount(codes.ravel(), weights=flat_w, minlength=len(chunk) * PATTERN_COUNT)
        yield chunk, mass.reshape(len(chunk), PATTERN_COUNT)


def split_stats_numpy(
    matrix: np.ndarray, rows: np.ndarray, cols: np.ndarray, weights: np.ndarray
) -> SplitStats:
    """The plain numpy version of the split statistics (reference for the compiled one)."""
    parts: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
    for _, mass in _partitions(matrix, rows, cols, weights):
        with np.errstate(divide="ignore", invalid="ignore"):
            terms = np.where(mass > 0, mass * np.log2(mass), 0.0)
        parts.append((-terms.sum(axis=1), (mass * mass).sum(axis=1), mass.max(axis=1)))
    if not parts:
        empty = np.zeros(0)
        return SplitStats(empty, empty, empty)
    return SplitStats(*(np.concatenate(column) for column in zip(*parts, strict=True)))


@cache
def _compiled() -> Callable[..., tuple[np.ndarray, np.ndarray, np.ndarray]] | None:
    """numba's version of the split loop (about 10x faster), or None where numba is missing."""
    try:
        from autobot.solver.split_jit import split_stats
    except ImportError:
        return None
    return split_stats


def split_stats(
    matrix: np.ndarray, rows: np.ndarray, cols: np.ndarray, weights: np.ndarray
) -> SplitStats:
    """How each guess row splits the candidates `cols` (weights sum to 1)."""
    kernel = _compiled()
    if kernel is None:
        return split_stats_numpy(matrix, rows, cols, weights)
    rows = np.ascontiguousarray(rows, dtype=np.int64)
    cols = np.ascontiguousarray(cols, dtype=np.int64)
    weights = np.ascontiguousarray(weights, dtype=np.float64)
    return SplitStats(*kernel(matrix, rows, cols, weights))
