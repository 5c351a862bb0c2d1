"""Where frames come from: the Screen protocol and its adapters (browser screenshot, image files).

A Screen only ever hands out pixels: an RGB `numpy` array of shape (H, W, 3), dtype uint8.
The bot never asks a page for its DOM or JS state; everything it knows comes through `grab()`.
The desktop capture (mss) is added by the live mode beside these adapters.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import cv2
import numpy as np

from autobot.errors import AutobotError

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

Frame = np.ndarray  # (H, W, 3) uint8, RGB


@runtime_checkable
class Screen(Protocol):
    """Something the bot can look at: each `grab()` is one fresh RGB frame."""

    def grab(self) -> Frame:
        """The screen as it is now."""
        ...


def decode_image(data: bytes, source: str = "image") -> Frame:
    """An encoded image (PNG, JPEG, ...) as an RGB frame; unreadable data is bad input."""
    bgr = cv2.imdecode(np.frombuffer(data, dtype=np.uint8), cv2.IMREAD_COLOR) if data else None
    if bgr is None:
        raise AutobotError(f"cannot read {source}: not an image", 2)
    # OpenCV decodes to BGR; the project's frames are RGB (converted here, at the edge).
    return cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB)


def load_frame(path: str | Path) -> Frame:
    """An image file as an RGB frame; a missing or unreadable file is bad input (exit 2)."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise AutobotError(f"cannot read {path}: {exc.strerror or exc}", 2) from None
    return decode_image(data, str(path))


class SeleniumScreen:
    """The browser's viewport, from WebDriver screenshots (device pixels, so scale 2 is 2x)."""

    def __init__(self, webdriver: WebDriver) -> None:
        self._webdriver = webdriver

    def grab(self) -> Frame:
        """A screenshot of the viewport as an RGB frame."""
        return decode_image(self._webdriver.get_screenshot_as_png(), "browser screenshot")


class FileScreen:
    """Replays images (paths or frames) in order; after the last one it keeps showing it."""

    def __init__(self, frames: Iterable[str | Path | Frame]) -> None:
        self._items: Sequence[str | Path | Frame] = list(frames)
        if not self._items:
            raise AutobotError("no images to replay", 2)
        self._next = 0

    def grab(self) -> Frame:
        """The next image (decoded on demand), or the last one again once all were shown."""
        item = self._items[min(self._next, len(self._items) - 1)]
        self._next += 1
        if isinstance(item, np.ndarray):
            return item
        return load_frame(item)

    @property
    def shown(self) -> int:
        """How many frames were grabbed so far."""
        return self._next
