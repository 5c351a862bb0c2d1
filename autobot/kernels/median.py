"""Medians across bands of a few pixels, compiled: lines through the tiles of a board view.

`np.median` over a band of 6-12 pixels moves the axis, copies and partitions every place (a
tenth of a board read); here each band is copied once and sorted only where its values are
not all equal (most of a board is flat colour). The plain numpy answer the
tests compare it with is in `tests/references.py`.

`byte_medians`: medians of longer uint8 rows (a tile ring's pixels, the page around a board),
counted in 256 bins where `np.median` partitions a copy; the tests compare it with numpy's.
"""

from __future__ import annotations

import numpy as np

from autobot.kernels.jit import jit


@jit
def window_medians(image: np.ndarray, ys: np.ndarray, xs: np.ndarray, lines: np.ndarray,
                   length: int) -> np.ndarray:
    """Per window origin (ys[i], xs[i]) of an HxWx3 uint8 image and per line (r0, c0, rows,
    cols, across) of `lines`: the median of each channel across the line's band at each of
    its `length` places, as `np.median(...).astype(np.uint8)` takes it (an even count's
    middle values averaged and rounded down). across 1: the band is `cols` wide and the line
    runs down `rows` = `length` places; across 0: the band is `rows` tall and the line runs
    along `cols`.
    Out: (windows, lines, length, 3).

    Each band is first copied in the image's own order (rows of pixels), then each place's
    values are sorted only where they are not all equal (a tile's flat colour, the page).
    """
    n, m = len(ys), lines.shape[0]
    out = np.empty((n, m, length, 3), np.uint8)
    most = 1
    for j in range(m):
        most = max(most, lines[j, 3] if lines[j, 4] == 1 else lines[j, 2])
    places = length * 3
    values = np.empty((most, places), np.uint8)  # band value q of each place and channel
    low = np.empty(places, np.uint8)
    high = np.empty(places, np.uint8)
    buf = np.empty(most, np.uint8)
    for i in range(n):
        for j in range(m):
            r0 = ys[i] + lines[j, 0]
            c0 = xs[i] + lines[j, 1]
            across = lines[j, 4]
            k = lines[j, 3] if across == 1 else lines[j, 2]
            if across == 1:
                for p in range(length):
                    for q in range(k):
                        for ch in range(3):
                            values[q, 3 * p + ch] = image[r0 + p, c0 + q, ch]
            else:
                for q in range(k):
                    for p in range(length):
                        for ch in range(3):
                            values[q, 3 * p + ch] = image[r0 + q, c0 + p, ch]
            low[:] = values[0, :places]
            high[:] = values[0, :places]
            for q in range(1, k):
                for pc in range(places):
                    v = values[q, pc]
                    low[pc] = min(low[pc], v)
                    high[pc] = max(high[pc], v)
            lo_i = (k - 1) // 2
            hi_i = k // 2
            for pc in range(places):
                if low[pc] == high[pc]:
                    out[i, j, pc // 3, pc % 3] = low[pc]
                    continue
                for q in range(k):  # insertion sort: a dozen values
                    v = values[q, pc]
                    t = q
                    while t > 0 and buf[t - 1] > v:
                        buf[t] = buf[t - 1]
                        t -= 1
                    buf[t] = v
                out[i, j, pc // 3, pc % 3] = (np.uint16(buf[lo_i]) + np.uint16(buf[hi_i])) >> 1
    return out


@jit
def byte_medians(values: np.ndarray) -> np.ndarray:
    """Per row i and channel c of an (n, m, c) uint8 array: the median of values[i, :, c],
    exactly as `np.median(values, axis=1)` gives it (an even count's two middle values
    averaged), counted in 256 bins instead of partitioned (NaN where m is 0)."""
    n, m, channels = values.shape
    out = np.full((n, channels), np.nan)
    if m == 0:
        return out
    counts = np.zeros(256, np.int64)
    below, above = (m - 1) // 2, m // 2  # ranks (from 0) of the two middle values
    for i in range(n):
        for ch in range(channels):
            counts[:] = 0
            for q in range(m):
                counts[values[i, q, ch]] += 1
            seen, low = 0, -1
            for v in range(256):
                seen += counts[v]
                if low < 0 and seen > below:
                    low = v
                if seen > above:
                    out[i, ch] = (low + v) / 2.0
                    break
    return out
