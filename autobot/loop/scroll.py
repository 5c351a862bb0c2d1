"""Boards that do not fit even zoomed out: scroll them through the view and put the views
together, as a person scrolls down a long page of boards.

A `ScrollView` stands in for the driver's screen: each grab turns the mouse wheel over the
boards (a spot found from the pixels) to the top of what scrolls, then down a view at a
time, measures from the pixels how far each turn moved the content, and returns one tall
frame (`autobot.vision.stitch`). A board then has one place in that frame whatever the scroll
position: the same board read in two views is one board. The wheel scrolls whatever is under
the pointer: a box of its own or the whole page, the same way.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from autobot.vision.stitch import Region, moved_region, scroll_shift, stitch, union

TOP_PX = 100_000  # px the wheel turns up to reach the top (a page or box stops at its top)
STEP_SHARE = 0.75  # of the scrolled region's height: one turn of the wheel (the rest overlaps)
FIRST_STEP_SHARE = 0.4  # of the boards' visible height: the first turn (the region unknown yet)
MIN_STEP_PX = 60  # px: never turn the wheel less (a region this small is not a view of boards)
SETTLE_S = 0.12  # s after a turn before the view is grabbed (the page repaints)
STOP_SHORT = 0.95  # of a turn: content that moved less reached the bottom (CSS px round)
MAX_VIEWS = 60  # views in one sweep at most (a page that scrolls for ever)


@dataclass
class ScrollView:
    """A screen whose frames show everything the wheel at `spot` scrolls through, stitched.

    `screen`: the real screen (grab / grab_full); `wheel(x, y, dy)`: the mouse wheel over
    frame pixel (x, y), dy frame pixels (down > 0).
    """

    screen: Any
    wheel: Callable[[float, float, float], None]
    spot: tuple[float, float]
    first_step: float
    sleep: Callable[[float], None] = time.sleep
    last_kind: str = "full"
    views: int = 0  # views in the last sweep
    region: Region | None = None  # what scrolled, in frame pixels (the last sweep's)
    depth: int = 0  # px the content scrolled from top to bottom in the last sweep
    sweeps: int = 0
    log: list[str] = field(default_factory=list)

    def _grab(self) -> np.ndarray:
        self.sleep(SETTLE_S)
        grab = getattr(self.screen, "grab_full", self.screen.grab)
        return grab()

    def grab(self) -> np.ndarray:
        """One tall frame of everything that scrolls under the spot (top to bottom)."""
        x, y = self.spot
        self.wheel(x, y, -TOP_PX)
        frame = self._grab()
        frames, shifts = [frame], [0]
        region = None
        step = max(MIN_STEP_PX, round(self.first_step))
        for _ in range(MAX_VIEWS):
            self.wheel(x, y, step)
            after = self._grab()
            moved = moved_region(frame, after)
            shift = scroll_shift(frame, after, moved, expect=step) if moved else None
            if shift is None and moved is not None:
                after = self._grab()  # caught mid-scroll: once more
                moved = moved_region(frame, after)
                shift = scroll_shift(frame, after, moved, expect=step) if moved else None
            if not shift or moved is None:
                break  # nothing moved (the bottom), or no shift explains the change
            region = union(region, moved)
            frames.append(after)
            shifts.append(shifts[-1] + shift)
            if shift < STOP_SHORT * step:
                break  # it stopped short: the bottom
            frame = after
            step = max(MIN_STEP_PX, round(STEP_SHARE * (moved[3] - moved[1])))
        self.views, self.region, self.depth = len(frames), region, shifts[-1]
        self.sweeps += 1
        if region is None:
            return frames[0]
        return stitch(frames, shifts, region)

    def grab_full(self) -> np.ndarray:
        """As `grab`: every frame is the whole of what scrolls."""
        return self.grab()

    def focus(self, box: Any) -> None:
        """Frames are always whole here."""


def scroll_view(driver: Any, spot: tuple[float, float], first_step: float) -> ScrollView:
    """Put a ScrollView in front of the driver's screen (the wheel itself and its CSS ratio
    use the real screen); returns it. `uninstall` puts the real screen back."""
    inner = driver.screen
    ratio = driver.css_ratio() if hasattr(driver, "css_ratio") else None

    def wheel(x: float, y: float, dy: float) -> None:
        driver.scroll(x, y, dy, ratio=ratio)

    view = ScrollView(inner, wheel, spot, first_step)
    driver.screen = view
    return view


def uninstall(driver: Any) -> None:
    """The driver's real screen back (a no-op if no ScrollView is in front of it)."""
    screen = driver.screen
    if isinstance(screen, ScrollView):
        screen.wheel(*screen.spot, -TOP_PX)  # back to the top, as the page was
        driver.screen = screen.screen
