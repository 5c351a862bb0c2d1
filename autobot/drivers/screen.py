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

from autobot.drivers.browser import devtools
from autobot.errors import BadInput
from autobot.vision.image import load_image

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
        raise BadInput(f"cannot read {source}: not an image")
    # OpenCV decodes to BGR; the project's frames are RGB (converted here, at the edge).
    return cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB)


def load_frame(path: str | Path) -> Frame:
    """An image file as an RGB frame; a missing or unreadable file is bad input (exit 2)."""
    return load_image(path)  # any size and mode, pixel count bounded


Box = tuple[int, int, int, int]  # x0, y0, x1, y1 in frame pixels (x1, y1 exclusive)

# Around the board a clipped capture keeps this share of the board's longer side on each side:
# vision looks a pitch beyond the tiles (the page's colour, cut rows, toasts over the top row).
CLIP_MARGIN = 0.25
CLIP_MIN_MARGIN = 16  # frame pixels, for tiny boards


def clip_region(box: Box, shape: tuple[int, ...], margin: float = CLIP_MARGIN) -> Box | None:
    """The board's box grown by a margin on every side, kept inside a frame of `shape`."""
    x0, y0, x1, y1 = box
    height, width = shape[:2]
    pad = max(CLIP_MIN_MARGIN, round(margin * max(x1 - x0, y1 - y0)))
    region = (max(0, x0 - pad), max(0, y0 - pad), min(width, x1 + pad), min(height, y1 + pad))
    if region[2] <= region[0] or region[3] <= region[1]:
        return None  # the box is off the frame: nothing to clip
    return region


def well_inside(box: Box, region: Box) -> bool:
    """Is `box` inside `region` with at least half the clip's margin left on every side?"""
    pad = max(CLIP_MIN_MARGIN, round(CLIP_MARGIN * max(box[2] - box[0], box[3] - box[1]))) // 2
    return (box[0] - pad >= region[0] and box[1] - pad >= region[1]
            and box[2] + pad <= region[2] and box[3] + pad <= region[3])


def paste_clip(clip: Frame, at: tuple[int, int], shape: tuple[int, ...]) -> Frame:
    """A frame of `shape` showing `clip` with its top-left at `at` (x, y) and, everywhere else,
    the clip's own edge colour: vision sees the board where it is on screen, on its page."""
    height, width = shape[:2]
    x, y = at
    clip = clip[: max(0, height - y), : max(0, width - x)]  # a last pixel of rounding
    edge = np.concatenate((clip[0], clip[-1], clip[:, 0], clip[:, -1]))
    row = np.empty((1, width, 3), dtype=np.uint8)
    row[:] = np.median(edge, axis=0).astype(np.uint8)
    # Tiling one filled row is ~100x faster than broadcasting a colour over the whole frame.
    frame = np.tile(row, (height, 1, 1))
    frame[y:y + clip.shape[0], x:x + clip.shape[1]] = clip
    return frame


def alert_text(exc: BaseException) -> str | None:
    """The text of the native browser dialog (alert, confirm, prompt) that `exc` ran into, or
    None when `exc` is something else. WebDriver answers any command sent while one is open
    with UnexpectedAlertPresentException and closes the dialog (the session's
    unhandledPromptBehavior: `autobot.drivers.browser` accepts them); the command was not run.
    Judged by the class name: no import of Selenium here."""
    if type(exc).__name__ != "UnexpectedAlertPresentException":
        return None
    return str(getattr(exc, "alert_text", None) or "").strip()


class SeleniumScreen:
    """The browser's viewport, from WebDriver screenshots (device pixels, so scale 2 is 2x).

    Told where the board is (`focus`), it captures only that region and a margin through
    DevTools (`Page.captureScreenshot` with a clip: a fifth of the pixels to encode, send and
    decode) and pastes it where it belongs in a viewport-sized frame, so every frame has the
    same geometry. Without DevTools, or with no focus, it takes the whole viewport.
    """

    def __init__(self, webdriver: WebDriver, *, clip: bool = True) -> None:
        self._webdriver = webdriver
        self._clip_ok = clip  # False once DevTools failed: whole viewports from then on
        self._shape: tuple[int, ...] | None = None  # the last whole frame's shape
        self._region: Box | None = None  # frame pixels to capture, None for the whole viewport
        self._css: dict[str, float] | None = None  # the same region in the page's CSS pixels
        self.captures: dict[str, int] = {"full": 0, "clip": 0}
        self.last_kind = "full"  # how the last frame was captured
        self.source = "webdriver"  # where frames come from (a WindowScreen says "display")
        # Native browser dialogs met while capturing (their text), for the driver to hand on.
        self.alerts: list[str] = []

    def grab(self) -> Frame:
        """The viewport as it is now (only the focused region fresh, if focused); a native
        browser dialog in the way is closed by WebDriver, noted in `alerts`, and the frame
        taken again."""
        for _ in range(3):
            try:
                return self._grab()
            except Exception as exc:
                text = alert_text(exc)
                if text is None:
                    raise
                self.alerts.append(text)
        return self._grab()

    def _grab(self) -> Frame:
        if self._css is not None and self._region is not None:
            try:
                return self._grab_clip(self._css, self._region)
            except Exception as exc:  # no DevTools here (another browser, a proxy that refuses it)
                if alert_text(exc) is not None:
                    raise  # a page's dialog, not DevTools missing: keep clipping
                self._clip_ok = False
                self._css = self._region = None
        return self.grab_full()

    def grab_full(self) -> Frame:
        """A screenshot of the whole viewport as an RGB frame."""
        frame = decode_image(self._webdriver.get_screenshot_as_png(), "browser screenshot")
        self._shape = frame.shape
        self.captures["full"] += 1
        self.last_kind = "full"
        return frame

    def focus(self, box: Box | None) -> None:
        """Capture only around `box` (frame pixels of the last whole frame) from now on;
        None: the whole viewport again (the board moved, or is to be looked for)."""
        if box and self._css is not None and self._region is not None \
                and well_inside(box, self._region):
            return  # the same clip still holds the board: frames stay comparable pixel for pixel
        region = clip_region(box, self._shape) if box and self._shape and self._clip_ok \
            else None
        if region == self._region and (region is None or self._css is not None):
            return
        self._region, self._css = region, None
        if region is None:
            return
        try:
            self._css = self._css_clip(region)
        except Exception:  # no DevTools: keep taking whole viewports
            self._clip_ok = False
            self._region = None

    def _css_clip(self, region: Box) -> dict[str, float]:
        """`region` as a DevTools clip: CSS pixels from the document's top-left (so the
        scroll offset is added), scale 1 (the image comes back in device pixels)."""
        metrics = devtools(self._webdriver, "Page.getLayoutMetrics", {})
        css, device = metrics["cssVisualViewport"], metrics["visualViewport"]
        ratio = device["clientWidth"] / max(1, css["clientWidth"])  # device px per CSS px
        x0, y0, x1, y1 = region
        return {
            "x": x0 / ratio + css["pageX"], "y": y0 / ratio + css["pageY"],
            "width": (x1 - x0) / ratio, "height": (y1 - y0) / ratio, "scale": 1,
        }

    def _grab_clip(self, css: dict[str, float], region: Box) -> Frame:
        """The focused region, captured alone and pasted into a viewport-sized frame."""
        import base64

        shot = devtools(self._webdriver, "Page.captureScreenshot", {
            # Lossless and fast to encode: frames are compared pixel for pixel.
            "format": "png", "optimizeForSpeed": True, "clip": css,
        })
        clip = decode_image(base64.b64decode(shot["data"]), "browser screenshot")
        self.captures["clip"] += 1
        self.last_kind = "clip"
        return paste_clip(clip, region[:2], self._shape or clip.shape)


class FileScreen:
    """Replays images (paths or frames) in order; after the last one it keeps showing it."""

    def __init__(self, frames: Iterable[str | Path | Frame]) -> None:
        self._items: Sequence[str | Path | Frame] = list(frames)
        if not self._items:
            raise BadInput("no images to replay")
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
