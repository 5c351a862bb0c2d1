"""Medians of a few uint8 values at every place of an array, compiled (a tile's band of pixels)."""

from __future__ import annotations

import numpy as np

from autobot.kernels.jit import jit


@jit
def band_medians(values: np.ndarray, pairs: np.ndarray) -> np.ndarray:
    """Median along the last axis of a 4-D uint8 array (any strides): an even count's two
    middle values averaged and rounded down.

    `pairs`: the comparators (i < j) of a sorting network that places the middle values.
    A place whose values are all equal (the page, a tile's flat colour: most of a board) is
    that value without the network; the network is branch-free, so noisy pixels cost no more
    than numpy's elementwise network.
    """
    n0, n1, n2, k = values.shape
    out = np.empty((n0, n1, n2), np.uint8)
    buf = np.empty(k, np.uint8)
    lo_i = (k - 1) // 2
    hi_i = k // 2
    for a in range(n0):
        for b in range(n1):
            for c in range(n2):
                first = values[a, b, c, 0]
                same = True
                for j in range(k):
                    buf[j] = values[a, b, c, j]
                    same = same and buf[j] == first
                if same:
                    out[a, b, c] = first
                    continue
                for p in range(pairs.shape[0]):
                    i = pairs[p, 0]
                    j = pairs[p, 1]
                    x = buf[i]
                    y = buf[j]
                    buf[i] = min(x, y)
                    buf[j] = max(x, y)
                out[a, b, c] = (np.uint16(buf[lo_i]) + np.uint16(buf[hi_i])) >> 1
    return out
