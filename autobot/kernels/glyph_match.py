"""The letter reader's hot loop, compiled: a tile's ink level (the k-th largest difference
from its ring), counted in 256 bins rather than partitioned (np.partition's answer: the
tests compare the two)."""

from __future__ import annotations

import numpy as np

from autobot.kernels.jit import jit


@jit
def kth_largest_diff(stack: np.ndarray, ring: np.ndarray, k: int) -> np.ndarray:
    """Per uint8 tile of `stack` (n, h, w), the k-th largest |pixel - ring| (float32, as numpy
    computes it): a histogram of the tile's levels, walked from the levels farthest from the
    ring inwards. Equal distances on either side give the same value whichever comes first."""
    n = stack.shape[0]
    out = np.empty(n, np.float32)
    counts = np.empty(256, np.int64)
    for a in range(n):
        counts[:] = 0
        for y in range(stack.shape[1]):
            for x in range(stack.shape[2]):
                counts[stack[a, y, x]] += 1
        r = ring[a]
        lo, hi = 0, 255
        seen = 0
        value = np.float32(0.0)
        while lo <= hi:
            d_lo = np.abs(np.float32(lo) - r)
            d_hi = np.abs(np.float32(hi) - r)
            if d_lo >= d_hi:
                seen += counts[lo]
                value = d_lo
                lo += 1
            else:
                seen += counts[hi]
                value = d_hi
                hi -= 1
            if seen >= k:
                break
        out[a] = value
    return out
