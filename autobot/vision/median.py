"""Medians of a few uint8 values along one axis, by a sorting network (a tile's band of pixels).

`np.median` over a band of 6-12 pixels moves the axis, copies and partitions every position
(a tenth of a board read). A fixed network of min/max selects the same middle values, compiled
(`autobot.kernels.median`: a flat place skips it, and no copy of the band is made);
`median_u8_reference` is the plain numpy answer.
"""

from __future__ import annotations

import functools
import math

import numpy as np

from autobot.kernels.median import band_medians


@functools.cache
def _merge_exchange(n: int) -> tuple[tuple[int, int], ...]:
    """Batcher's merge exchange (Knuth 5.2.2 M): comparators (i < j) that sort n values."""
    pairs: list[tuple[int, int]] = []
    if n < 2:
        return ()
    t = math.ceil(math.log2(n))
    p = 1 << (t - 1)
    while p > 0:
        q, r, d = 1 << (t - 1), 0, p
        while d > 0:
            pairs += [(i, i + d) for i in range(n - d) if i & p == r]
            d, q, r = q - p, q // 2, p
        p //= 2
    return tuple(pairs)


@functools.cache
def _middle_network(n: int) -> tuple[tuple[int, int], ...]:
    """The comparators of the sorting network that the two middle places depend on."""
    need = {(n - 1) // 2, n // 2}
    keep = []
    for i, j in reversed(_merge_exchange(n)):
        if i in need or j in need:
            keep.append((i, j))
            need |= {i, j}
    return tuple(reversed(keep))


def median_u8(values: np.ndarray, axis: int) -> np.ndarray:
    """`np.median(values, axis).astype(np.uint8)` of uint8 values, exactly (an even count's
    two middle values averaged and rounded down, as the float mean's cast does)."""
    if values.dtype != np.uint8:
        raise TypeError("median_u8 takes uint8 values")
    moved = np.moveaxis(values, axis, -1)  # a view: the kernel reads any strides
    k = moved.shape[-1]
    if k == 0:
        raise ValueError("median_u8 of no values")
    places = moved.shape[:-1]
    if moved.ndim > 4:  # (no caller has one; a copy makes it 4-D)
        moved = np.ascontiguousarray(moved).reshape(-1, 1, 1, k)
    while moved.ndim < 4:
        moved = moved[None]
    pairs = np.array(_middle_network(k), np.int64).reshape(-1, 2)
    return band_medians(moved, pairs).reshape(places)


def median_u8_reference(values: np.ndarray, axis: int) -> np.ndarray:
    """`median_u8` the plain way (for tests)."""
    return np.median(values, axis=axis).astype(np.uint8)
