"""Where a click lands: frame pixels -> pointer coordinates, from measured sizes, never 1:1.

Three coordinate systems meet on a desktop: the frame (pixels of one capture), the capture
library's desktop (mss: monitor rectangles; points on macOS, pixels elsewhere) and the
pointer's (pyautogui: logical points on a Retina Mac, whatever DPI awareness gives on
Windows, pixels on X11). The frame -> desktop ratio is the grabbed image's size over the
captured rectangle's; the desktop -> pointer ratio is the pointer's screen size over the
capture library's size of the same (primary) monitor, or a per-monitor measurement when one
is known (Windows scales each monitor on its own). Pure arithmetic: no display is touched.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from autobot.errors import AutobotError, Unavailable


@dataclass(frozen=True)
class Rect:
    """A rectangle in one coordinate system: top-left corner and size."""

    left: float
    top: float
    width: float
    height: float

    def contains(self, x: float, y: float) -> bool:
        """Is the point inside (right and bottom edges excluded)?"""
        return self.left <= x < self.left + self.width and self.top <= y < self.top + self.height


@dataclass(frozen=True)
class PointerMap:
    """Frame pixels of one capture -> pointer coordinates (an affine map per axis)."""

    origin_x: float  # pointer x of the frame's left edge
    origin_y: float
    scale_x: float  # pointer units per frame pixel
    scale_y: float

    def to_pointer(self, x: float, y: float) -> tuple[int, int]:
        """The pointer position over frame pixel (x, y): the pointer unit holding its centre."""
        return (math.floor(self.origin_x + (x + 0.5) * self.scale_x),
                math.floor(self.origin_y + (y + 0.5) * self.scale_y))

    def to_frame(self, px: float, py: float) -> tuple[float, float]:
        """The frame position of a pointer position (the inverse map, for checks)."""
        return (px - self.origin_x) / self.scale_x, (py - self.origin_y) / self.scale_y


def primary_monitor(monitors: Sequence[Rect]) -> Rect:
    """The primary monitor: the one holding the desktop origin (0, 0), else the first."""
    if not monitors:
        raise Unavailable("no monitors to map the pointer onto")
    return next((m for m in monitors if m.contains(0, 0)), monitors[0])


def monitor_of(capture: Rect, monitors: Sequence[Rect]) -> int:
    """Index of the monitor holding the capture's centre (the nearest one if none does)."""
    cx, cy = capture.left + capture.width / 2, capture.top + capture.height / 2
    for i, m in enumerate(monitors):
        if m.contains(cx, cy):
            return i

    def gap(m: Rect) -> float:
        dx = max(m.left - cx, 0.0, cx - (m.left + m.width))
        dy = max(m.top - cy, 0.0, cy - (m.top + m.height))
        return math.hypot(dx, dy)

    return min(range(len(monitors)), key=lambda i: gap(monitors[i]))


def bounding(monitors: Sequence[Rect]) -> Rect:
    """The whole desktop: the smallest rectangle holding every monitor."""
    if not monitors:
        raise Unavailable("no monitors to map the pointer onto")
    left = min(m.left for m in monitors)
    top = min(m.top for m in monitors)
    right = max(m.left + m.width for m in monitors)
    bottom = max(m.top + m.height for m in monitors)
    return Rect(left, top, right - left, bottom - top)


def pointer_map(
    capture: Rect,
    frame_size: tuple[int, int],
    monitors: Sequence[Rect],
    pointer_size: tuple[int, int],
    pointer_monitors: Sequence[Rect] | None = None,
    *,
    pointer_spans: str = "primary",
) -> PointerMap:
    """The map for frames of `capture` (desktop units) that are `frame_size` (w, h) pixels.

    `monitors` are the capture library's monitors, `pointer_size` the pointer library's
    screen size: of the primary monitor (Windows, macOS: `pointer_spans="primary"`) or of the
    whole desktop (X11's root window: `"desktop"`); pointer (0, 0) is that area's top-left.
    `pointer_monitors`, if measured, are the same monitors in pointer coordinates (one per
    entry of `monitors`) and win over the one ratio.
    """
    fw, fh = frame_size
    if fw <= 0 or fh <= 0 or capture.width <= 0 or capture.height <= 0:
        raise Unavailable(f"cannot map clicks: empty capture {capture} / frame {frame_size}")
    # Frame pixels -> desktop units: a Retina grab is twice the size of its rectangle.
    dx, dy = capture.width / fw, capture.height / fh
    if pointer_monitors is not None:
        if len(pointer_monitors) != len(monitors):
            raise Unavailable("pointer monitors do not match the captured monitors")
        i = monitor_of(capture, monitors)
        ref, pref = monitors[i], pointer_monitors[i]
    else:
        if pointer_spans not in ("primary", "desktop"):
            raise AutobotError(f"pointer_spans must be primary or desktop, not {pointer_spans}")
        ref = primary_monitor(monitors) if pointer_spans == "primary" else bounding(monitors)
        pw, ph = pointer_size
        if pw <= 0 or ph <= 0:
            raise Unavailable(f"cannot map clicks: pointer screen size {pointer_size}")
        pref = Rect(0, 0, pw, ph)
    # Desktop units -> pointer units, measured on the same area in both libraries.
    rx, ry = pref.width / ref.width, pref.height / ref.height
    return PointerMap(
        origin_x=pref.left + (capture.left - ref.left) * rx,
        origin_y=pref.top + (capture.top - ref.top) * ry,
        scale_x=dx * rx,
        scale_y=dy * ry,
    )


def describe(pm: PointerMap) -> str:
    """One line for logs: the scale and where the frame's corner lands."""
    return (f"frame px -> pointer x{pm.scale_x:.3g} y{pm.scale_y:.3g}, "
            f"frame (0, 0) at pointer ({pm.origin_x:g}, {pm.origin_y:g})")
