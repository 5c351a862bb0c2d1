"""A headed browser's viewport grabbed from the X display it is drawn on (mss), not asked for.

A DevTools screenshot costs Chromium 55-110 ms to paint, encode and send; the same pixels read
from the display (XShm) cost a few ms, so the loop sees the page nearly as often as it changes.
The viewport is found on the display once, by its pixels: one WebDriver screenshot is looked for
in a grab of the whole display and must match it pixel for pixel (no window geometry, no DOM).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import cv2
import numpy as np

from autobot.drivers.desktop import MssScreen, virtual_display
from autobot.drivers.screen import (
    Box,
    Frame,
    Screen,
    SeleniumScreen,
    clip_region,
    decode_image,
    paste_clip,
    well_inside,
)

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

    from autobot.drivers.browser import BrowserConfig

BAND = 48  # rows of the viewport looked for on the display (the band with the most detail)
SAME_SHARE = 0.99  # the viewport must match the display this closely (a caret may blink)
LOCATE_TRIES = 3  # looks for the viewport before frames come from WebDriver instead


def detail_band(grey: np.ndarray, height: int = BAND) -> int:
    """The first row of the `height`-row band with the most edges (a blank band fits anywhere)."""
    height = min(height, grey.shape[0])
    edges = np.abs(np.diff(grey.astype(np.int16), axis=1)).sum(axis=1)
    sums = np.convolve(edges, np.ones(height), mode="valid")
    return int(np.argmax(sums))


def find_viewport(desktop: Frame, viewport: Frame) -> tuple[int, int] | None:
    """Where (x, y) the `viewport` image sits in the `desktop` image, pixel for pixel; None if
    it is not there (covered, off screen, or another window)."""
    vh, vw = viewport.shape[:2]
    dh, dw = desktop.shape[:2]
    if vh > dh or vw > dw:
        return None
    grey_v = cv2.cvtColor(viewport, cv2.COLOR_RGB2GRAY)
    grey_d = cv2.cvtColor(desktop, cv2.COLOR_RGB2GRAY)
    top = detail_band(grey_v)
    band = grey_v[top:top + BAND]
    # Only places where the whole viewport fits: the band's rows shifted by at most dh - vh.
    search = grey_d[top:top + dh - vh + band.shape[0]]
    scores = cv2.matchTemplate(search.astype(np.float32), band.astype(np.float32),
                               cv2.TM_SQDIFF)
    _, _, (x, y), _ = cv2.minMaxLoc(scores)
    there = desktop[y:y + vh, x:x + vw]
    same = np.all(there == viewport, axis=2).mean()
    return (int(x), int(y)) if same >= SAME_SHARE else None


class WindowScreen:
    """The viewport of a local headed browser, from the display (a few ms a frame).

    Like `SeleniumScreen`, told where the board is (`focus`) it grabs only that region and a
    margin and pastes it into a viewport-sized frame. If the viewport cannot be found on the
    display (another window over it, a remote browser), it hands every call to a
    `SeleniumScreen`: slower, never wrong.
    """

    def __init__(self, webdriver: WebDriver, desktop: Any = None) -> None:
        self._webdriver = webdriver
        self._desktop = desktop if desktop is not None else MssScreen(monitor=0)
        self._fallback = SeleniumScreen(webdriver)
        self._at: tuple[int, int] | None = None  # the viewport's top-left on the display
        self._shape: tuple[int, ...] | None = None  # the viewport's frame shape
        self._located = False  # looked for (found or not) since the last loss of the board
        self._misses = 0  # looks in a row that did not find it
        self._region: Box | None = None
        self.captures: dict[str, int] = {"full": 0, "clip": 0}
        self.last_kind = "full"

    @property
    def source(self) -> str:
        """Where frames come from: "display", or "webdriver" (the viewport is not on it)."""
        self._locate()
        return "display" if self._at is not None else "webdriver"

    def _locate(self) -> None:
        """Find the viewport on the display once (again after the board was lost)."""
        if self._located:
            return
        shot = decode_image(self._webdriver.get_screenshot_as_png(), "browser screenshot")
        try:
            desktop = self._desktop.grab()
        except Exception:  # no display after all: WebDriver screenshots it is
            self._at, self._located = None, True
            return
        self._at = find_viewport(desktop, shot)
        self._shape = shot.shape
        self._misses = 0 if self._at is not None else self._misses + 1
        # The page may have moved between the two captures (an animation): look again on the
        # next frames, a few times, before settling for WebDriver screenshots.
        self._located = self._at is not None or self._misses >= LOCATE_TRIES

    def grab(self) -> Frame:
        """The viewport as it is now (only the focused region fresh, if focused)."""
        self._locate()
        if self._at is None:
            frame = self._fallback.grab()
            self.last_kind = self._fallback.last_kind
            return frame
        if self._region is None:
            return self.grab_full()
        x0, y0, x1, y1 = self._region
        clip = self._desktop.grab_box(self._at[0] + x0, self._at[1] + y0, x1 - x0, y1 - y0)
        self.captures["clip"] += 1
        self.last_kind = "clip"
        assert self._shape is not None
        return paste_clip(clip, (x0, y0), self._shape)

    def grab_full(self) -> Frame:
        """The whole viewport, now."""
        self._locate()
        if self._at is None:
            return self._fallback.grab_full()
        assert self._shape is not None
        height, width = self._shape[:2]
        frame = self._desktop.grab_box(self._at[0], self._at[1], width, height)
        self.captures["full"] += 1
        self.last_kind = "full"
        return frame

    def focus(self, box: Box | None) -> None:
        """Grab only around `box` from now on; None: the whole viewport again (and, if a
        region was focused, the board was lost: look for the viewport again first)."""
        if self._at is None:
            self._fallback.focus(box)
            return
        if box is None:
            if self._region is not None:
                self._region, self._located = None, False
            return
        if self._region is not None and well_inside(box, self._region):
            return  # the same region still holds the board: frames stay comparable
        assert self._shape is not None
        self._region = clip_region(box, self._shape)


def screen_for(webdriver: WebDriver, config: BrowserConfig) -> Screen:
    """How to look at a browser: its window on the display when it is a local headed one,
    else WebDriver screenshots (headless, or a Grid node's browser on another machine)."""
    if config.headless or config.remote_url:
        return SeleniumScreen(webdriver)
    return WindowScreen(webdriver)


@contextlib.contextmanager
def display_for(config: BrowserConfig) -> Iterator[None]:
    """A display for a local headed browser: the desktop's, or a private Xvfb made to fit the
    window at its scale when there is none (a server, CI); the environment is restored after."""
    if config.headless or config.remote_url or os.name != "posix" or os.environ.get("DISPLAY"):
        yield
        return

    width, height = config.window_size
    size = (round(width * config.scale) + 64, round(height * config.scale) + 64)
    saved = {name: os.environ.get(name) for name in ("DISPLAY", "XAUTHORITY")}
    with virtual_display(size) as env:
        os.environ.update(env)
        try:
            yield
        finally:
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value
