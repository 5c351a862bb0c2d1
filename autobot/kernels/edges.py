"""The search's edges, compiled: OpenCV's very pixels, in one pass and sooner (a 1280x1024
frame's search image: ~0.6 ms against ~0.8 for OpenCV's four calls on one thread, paired).

A search image's outlines are its 3x3 Gaussian blur, padded, through Canny (L2 gradient) and
a 2x2 closing: four OpenCV calls (`candidates._edges_reference`, the reference). Here they are
one compiled call. OpenCV's Canny on one thread keeps whole-image gradient buffers and walks
them again for the maxima; here each row's squared magnitudes go into a ring of three rows
just before that row's maxima are taken (in cache), and the gradient's direction is worked
out again only at the tenth of the pixels over the low threshold. Every step and comparison
is OpenCV's (the blur exact in fixed point, integers throughout: squared magnitudes against
squared thresholds, tan 22.5 degrees as 13573 / 2**15), so the edges are the same to the
pixel; the tests compare the two on the fixtures' frames and on random images.
"""

from __future__ import annotations

import math

import numpy as np

from autobot.kernels.jit import jit, jit_inline

TAN22_Q15 = 13573  # round(tan(22.5 degrees) * 2**15), as OpenCV's Canny


def search_edges(grey: np.ndarray, pad: int, contrast: int, low: float, high: float
                 ) -> np.ndarray:
    """The outlines' pixels of a grey search image, as `candidates` traces them: a 3x3
    Gaussian blur, the image padded by `pad` px (its edge repeated, the outer `contrast` px
    inverted), Canny's edges (L2 gradient) and a 2x2 closing, each as OpenCV makes it (the
    reference: `candidates._edges_reference`), in one compiled pass and no Python between.
    """
    lo2, hi2 = _squared(min(low, high)), _squared(max(low, high))
    if grey.size == 0:
        return np.zeros((grey.shape[0] + 2 * pad, grey.shape[1] + 2 * pad), np.uint8)
    return _search_edges(np.ascontiguousarray(grey), pad, contrast, lo2, hi2)


def _squared(threshold: float) -> int:
    """A Canny threshold as OpenCV compares it with squared L2 magnitudes."""
    return math.floor(min(32767.0, threshold) ** 2) if threshold > 0 else math.floor(threshold)


@jit_inline
def _sobel_at(image: np.ndarray, y: int, x: int) -> tuple[int, int]:
    """The 3x3 Sobel gradient (x, y) at one pixel, edges repeated."""
    h, w = image.shape
    r0 = image[max(y - 1, 0)]
    r1 = image[y]
    r2 = image[min(y + 1, h - 1)]
    xm = max(x - 1, 0)
    xp = min(x + 1, w - 1)
    gx = (np.int32(r0[xp]) - np.int32(r0[xm])) + 2 * (np.int32(r1[xp]) - np.int32(r1[xm])) \
        + (np.int32(r2[xp]) - np.int32(r2[xm]))
    gy = (np.int32(r2[xm]) + 2 * np.int32(r2[x]) + np.int32(r2[xp])) \
        - (np.int32(r0[xm]) + 2 * np.int32(r0[x]) + np.int32(r0[xp]))
    return gx, gy


@jit_inline
def _magnitude_row(image: np.ndarray, y: int, mag: np.ndarray) -> None:
    """Row y's squared Sobel magnitude (edges repeated) into mag[1:-1]. The gradient itself
    is worked out again only where a pixel passes the low threshold (a tenth of them)."""
    w = image.shape[1]
    for x in (0, w - 1):  # the first and last pixel: their outer neighbour is themselves
        gx, gy = _sobel_at(image, y, x)
        mag[x + 1] = gx * gx + gy * gy
    n = w - 2
    if n <= 0:
        return
    h = image.shape[0]
    r0, r1, r2 = image[max(y - 1, 0)], image[y], image[min(y + 1, h - 1)]
    # The inside as plain runs (slices, not offsets): so the loop is vectorised.
    a0, a1, a2 = r0[:n], r0[1:n + 1], r0[2:]
    b0, b2 = r1[:n], r1[2:]
    c0, c1, c2 = r2[:n], r2[1:n + 1], r2[2:]
    out = mag[2:n + 2]
    for x in range(n):
        gx = (np.int32(a2[x]) - np.int32(a0[x])) + 2 * (np.int32(b2[x]) - np.int32(b0[x])) \
            + (np.int32(c2[x]) - np.int32(c0[x]))
        gy = (np.int32(c0[x]) + 2 * np.int32(c1[x]) + np.int32(c2[x])) \
            - (np.int32(a0[x]) + 2 * np.int32(a1[x]) + np.int32(a2[x]))
        out[x] = gx * gx + gy * gy


@jit
def _canny(image: np.ndarray, lo2: int, hi2: int) -> np.ndarray:
    """`cv2.Canny(image, low, high, L2gradient=True)` of a non-empty image, the thresholds
    squared (`_squared`): 255 on edges."""
    h, w = image.shape
    stride = w + 2
    # Per pixel (a frame of 1 around): 1 not an edge, 0 a weak maximum, 2 an edge.
    marks = np.ones((h + 2) * stride, np.uint8)
    stack = np.empty(h * w + 1, np.int32)  # each pixel is pushed at most once
    top = 0
    mags = np.zeros((3, stride), np.int32)  # rows y-1, y, y+1 by y % 3; zero outside
    for y in range(h + 1):
        # Row y's magnitudes, then row y - 1's maxima (it needs the rows either side).
        if y < h:
            _magnitude_row(image, y, mags[y % 3])
        else:
            mags[y % 3, :] = 0
        r = y - 1
        if r < 0:
            continue
        here = mags[r % 3]
        below = mags[y % 3]
        above = mags[(r - 1) % 3]
        if r == 0:
            above[:] = 0
        base = (r + 1) * stride + 1
        for x in range(w):
            m = here[x + 1]
            if m > lo2:
                xs, ys = _sobel_at(image, r, x)
                ax = abs(xs)
                ay = abs(ys) << 15
                tg22x = ax * TAN22_Q15
                if ay < tg22x:  # a mostly vertical edge: compare left and right
                    peak = m > here[x] and m >= here[x + 2]
                else:
                    tg67x = tg22x + (ax << 16)
                    if ay > tg67x:  # mostly horizontal: above and below
                        peak = m > above[x + 1] and m >= below[x + 1]
                    else:  # diagonal
                        s = -1 if (xs ^ ys) < 0 else 1
                        peak = m > above[x + 1 - s] and m > below[x + 1 + s]
                if peak:
                    if m > hi2:
                        marks[base + x] = 2
                        stack[top] = base + x
                        top += 1
                    else:
                        marks[base + x] = 0
    # Hysteresis: every weak maximum joined (8 ways) to an edge is an edge.
    while top > 0:
        top -= 1
        p = stack[top]
        for q in (p - 1, p + 1, p - stride - 1, p - stride, p - stride + 1, p + stride - 1,
                  p + stride, p + stride + 1):
            if marks[q] == 0:
                marks[q] = 2
                stack[top] = q
                top += 1
    out = np.empty((h, w), np.uint8)
    for y in range(h):
        row = (y + 1) * stride + 1
        src, dst = marks[row:row + w], out[y]
        for x in range(w):
            dst[x] = 255 if src[x] == 2 else 0
    return out


@jit
def _search_edges(grey: np.ndarray, pad: int, contrast: int, lo2: int, hi2: int) -> np.ndarray:
    """`search_edges` of a non-empty image."""
    return _closed(_canny(_blurred_padded(grey, pad, contrast), lo2, hi2))


@jit
def _blurred_padded(grey: np.ndarray, pad: int, contrast: int) -> np.ndarray:
    """`cv2.GaussianBlur(grey, (3, 3), 0)` (edges mirrored, 101) padded by `pad` px of its
    edge repeated, the outer `contrast` of them black beside light pixels, white beside dark.

    OpenCV's 3x3 blur of bytes is exact in fixed point: (the [1 2 1] x [1 2 1] sum + 8) >> 4.
    """
    h, w = grey.shape
    out = np.empty((h + 2 * pad, w + 2 * pad), np.uint8)
    column = np.empty(w + 2, np.int32)  # [1 2 1] down each column, one mirrored either side
    for y in range(h):
        above = grey[y - 1 if y > 0 else min(1, h - 1)]
        below = grey[y + 1 if y < h - 1 else max(h - 2, 0)]
        here = grey[y]
        for x in range(w):
            column[x + 1] = np.int32(above[x]) + 2 * np.int32(here[x]) + np.int32(below[x])
        column[0] = column[min(2, w)]
        column[w + 1] = column[max(w - 1, 1)]
        row = out[y + pad, pad:pad + w]  # a slice, not an offset: the loop is vectorised
        for x in range(w):
            row[x] = np.uint8((column[x] + 2 * column[x + 1] + column[x + 2] + 8) >> 4)
        full = out[y + pad]
        first, last = full[pad], full[pad + w - 1]
        for x in range(pad):
            full[x] = first
            full[pad + w + x] = last
    for y in range(pad):
        out[y, :] = out[pad, :]
        out[pad + h + y, :] = out[pad + h - 1, :]
    height, width = out.shape
    for y in range(height):
        full = out[y]
        if y < contrast or y >= height - contrast:
            for x in range(width):
                full[x] = 255 if full[x] < 128 else 0
        else:
            for x in range(contrast):
                full[x] = 255 if full[x] < 128 else 0
                full[width - 1 - x] = 255 if full[width - 1 - x] < 128 else 0
    return out


@jit
def _closed(edges: np.ndarray) -> np.ndarray:
    """`cv2.morphologyEx(edges, cv2.MORPH_CLOSE, np.ones((2, 2), np.uint8))`: the max, then
    the min, of each pixel and its neighbours up, left and up-left (OpenCV's anchor for an
    even kernel; pixels off the image left out). The min is the max of the inverted image."""
    return _corner_max(_corner_max(edges, 0), 255)


@jit
def _corner_max(image: np.ndarray, flip: int) -> np.ndarray:
    """Each pixel's max with its neighbours up, left and up-left (those on the image), of the
    image XOR `flip` and XORed back (flip 255: the min)."""
    h, w = image.shape
    out = np.empty_like(image)
    f = np.uint8(flip)
    for y in range(h):
        here, up, row = image[y], image[max(y - 1, 0)], out[y]
        row[0] = f ^ max(f ^ here[0], f ^ up[0])
        for x in range(1, w):
            row[x] = f ^ max(max(f ^ here[x], f ^ here[x - 1]), max(f ^ up[x], f ^ up[x - 1]))
    return out
