"""Tile outlines judged in one compiled pass: box, closed, hugs its box, runs round an ellipse.

`find_candidates` traces a few hundred outlines a frame; judging them in numpy was dozens of
small array calls each search (a sixth of a read). This kernel makes the same judgements as
the plain outline sort, side test and ellipse test of `tests/references.py` (the tests compare
them), one outline at a time over its points.
"""

from __future__ import annotations

import math

import numpy as np

from autobot.kernels.jit import jit

KIND_NONE, KIND_TILE, KIND_ARC = 0, 1, 2  # not a tile's size or shape; tile-like; an open curve


@jit
def judge_outlines(pts: np.ndarray, lens: np.ndarray, lo: float, hi: float, arc_span: float,
                   arc_points: int, aspect_lo: float, aspect_hi: float) -> np.ndarray:
    """Per outline (points `pts` (n, 2) int64, `lens` per outline, in order): x, y, w, h,
    kind, closed, square, round as an (outlines, 8) int64 array.

    kind: KIND_TILE for an outline of a tile's size and shape (w, h in lo..hi), KIND_ARC for
    an open curve that may be half a round tile. closed: it encloses 45% of its box.
    square: it hugs its box (`_hug_boxes`); round: it runs round the ellipse inscribed in its
    box (`_on_ellipse`), tested only where it is not a closed square (else 0).
    """
    n = len(lens)
    out = np.zeros((n, 8), np.int64)
    start = 0
    for i in range(n):
        m = lens[i]
        x0 = pts[start, 0]
        y0 = pts[start, 1]
        x1 = x0
        y1 = y0
        cross = 0
        for k in range(start, start + m):
            px = pts[k, 0]
            py = pts[k, 1]
            if px < x0:
                x0 = px
            if px > x1:
                x1 = px
            if py < y0:
                y0 = py
            if py > y1:
                y1 = py
            nk = k + 1 if k + 1 < start + m else start
            cross += px * pts[nk, 1] - pts[nk, 0] * py
        w = x1 - x0 + 1  # as cv2.boundingRect
        h = y1 - y0 + 1
        out[i, 0] = x0
        out[i, 1] = y0
        out[i, 2] = w
        out[i, 3] = h
        big = max(w, h)
        small = min(w, h)
        sized = big <= hi and big >= arc_span * lo
        aspect = w / h
        boxy = w >= lo and h >= lo and aspect >= aspect_lo and aspect <= aspect_hi
        if sized and boxy:
            out[i, 4] = KIND_TILE
        elif sized and small >= arc_span * lo / 2 and m >= arc_points:
            out[i, 4] = KIND_ARC
        if out[i, 4] == KIND_TILE:
            closed = abs(cross) / 2 >= 0.45 * w * h
            square = _hugs_box(pts, start, m, float(x0), float(y0), float(w), float(h))
            out[i, 5] = closed
            out[i, 6] = square
            if not (square and closed):
                out[i, 7] = _on_ellipse(pts, start, m, float(x0), float(y0), float(w), float(h))
        start += m
    return out


@jit
def arc_circles(pts: np.ndarray, lens: np.ndarray, lo: float, hi: float, fit: float,
                cover: float) -> np.ndarray:
    """Per open outline (points `pts` (n, 2) float64, `lens` per outline, in order): whether it
    runs round a circle, and that circle's centre x, y and radius, as an (outlines, 4) float64
    array (first column 1.0 or 0.0).

    The least-squares (Kasa) circle through all of its points, as the numpy fit in
    `tests/references.py` fits it, sum for sum: its diameter within lo..hi, no point and no
    middle of a run between two points more than max(1, fit x radius) off it, and its points
    `cover` degrees of it or more (the circle less the widest angle no point lies in).
    """
    n = len(lens)
    out = np.zeros((n, 4), np.float64)
    start = 0
    for i in range(n):
        m = lens[i]
        end = start + m
        count = float(m)
        mx = 0.0
        my = 0.0
        for k in range(start, end):
            mx += pts[k, 0]
            my += pts[k, 1]
        mx /= count
        my /= count
        suu = 0.0
        svv = 0.0
        suv = 0.0
        suz = 0.0
        svz = 0.0
        sz = 0.0
        for k in range(start, end):
            u = pts[k, 0] - mx
            v = pts[k, 1] - my
            z = u * u + v * v
            suu += u * u
            svv += v * v
            suv += u * v
            suz += u * z
            svz += v * z
            sz += z
        det = suu * svv - suv * suv
        safe = det if abs(det) > 1e-9 else 1.0
        cu = 0.5 * (suz * svv - svz * suv) / safe
        cv = 0.5 * (svz * suu - suz * suv) / safe
        radius = math.sqrt(max(cu * cu + cv * cv + sz / count, 0.0))
        ok = abs(det) > 1e-9 and 2 * radius >= lo and 2 * radius <= hi
        if ok:
            worst = 0.0
            angles = np.empty(m, np.float64)
            for k in range(start, end):
                du = pts[k, 0] - mx - cu
                dv = pts[k, 1] - my - cv
                nk = k + 1 if k + 1 < end else start
                mu = (du + (pts[nk, 0] - mx - cu)) / 2
                mv = (dv + (pts[nk, 1] - my - cv)) / 2
                off = max(abs(np.hypot(du, dv) - radius), abs(np.hypot(mu, mv) - radius))
                worst = max(worst, off)
                angles[k - start] = np.degrees(np.arctan2(dv, du)) % 360.0
            ok = worst <= max(1.0, fit * radius)
            if ok:
                angles.sort()
                gap = 360.0 - (angles[m - 1] - angles[0])
                for k in range(1, m):
                    gap = max(gap, angles[k] - angles[k - 1])
                ok = 360.0 - gap >= cover
        if ok:
            out[i, 0] = 1.0
            out[i, 1] = mx + cu
            out[i, 2] = my + cv
            out[i, 3] = radius
        start = end
    return out


@jit
def _hugs_box(pts: np.ndarray, start: int, m: int, x: float, y: float, w: float,
              h: float) -> bool:
    """90% of the points lie on the box's sides, each side covered for 70% of its length."""
    tol = max(2.0, 0.08 * max(w, h))
    near = 0
    sides = np.array([x, x + w - 1, y, y + h - 1])  # left, right (x); top, bottom (y)
    first = np.full(4, np.inf)
    last = np.full(4, -np.inf)
    for k in range(start, start + m):
        px = float(pts[k, 0])
        py = float(pts[k, 1])
        on_any = False
        for side in range(4):
            across, along = (px, py) if side < 2 else (py, px)
            if abs(across - sides[side]) <= tol:
                on_any = True
                # CHAIN_APPROX_SIMPLE keeps only segment ends: each side's extent, not a count.
                first[side] = min(first[side], along)
                last[side] = max(last[side], along)
        near += on_any
    if near < 0.9 * m:
        return False
    for side in range(4):
        length = h if side < 2 else w
        if not (np.isfinite(last[side]) and last[side] - first[side] + 1 >= 0.7 * length):
            return False
    return True


@jit
def _on_ellipse(pts: np.ndarray, start: int, m: int, x: float, y: float, w: float,
                h: float) -> bool:
    """90% of the points on the ellipse inscribed in the box, every eighth of it reached."""
    ax = max((w - 1) / 2, 1.0)
    ay = max((h - 1) / 2, 1.0)
    tol = max(0.2, 2.0 / min(ax, ay))
    on_count = 0
    hits = np.zeros(8, np.int64)
    for k in range(start, start + m):
        rx = (float(pts[k, 0]) - x - ax) / ax
        ry = (float(pts[k, 1]) - y - ay) / ay
        if abs(math.hypot(rx, ry) - 1) <= tol:
            on_count += 1
            octant = int((math.atan2(ry, rx) + math.pi) / (math.pi / 4))
            hits[min(max(octant, 0), 7)] += 1
    if on_count < 0.9 * m:
        return False
    for o in range(8):
        if hits[o] == 0:
            return False
    return True


@jit
def unique_boxes(cx: np.ndarray, cy: np.ndarray, side: np.ndarray) -> np.ndarray:
    """Of boxes sorted biggest first, whether each is kept: a box repeats a kept earlier one
    when its centre lies within a fifth of that one's side of its centre and it is more than
    0.8 of its side (the inner and outer trace of one outline)."""
    n = len(side)
    kept = np.ones(n, np.bool_)
    for i in range(n):
        for k in range(i):
            if kept[k] and abs(cx[k] - cx[i]) < 0.2 * side[k] and \
                    abs(cy[k] - cy[i]) < 0.2 * side[k] and side[i] > 0.8 * side[k]:
                kept[i] = False
                break
    return kept
