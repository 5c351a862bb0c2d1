"""Frames from the screen with mss (XShm on X11): connected on the first grab, not at import."""

from __future__ import annotations

import contextlib
import os
from typing import Any

import numpy as np

from autobot.drivers.pointer import Rect
from autobot.errors import AutobotError, Unavailable


def parse_region(text: str) -> tuple[int, int, int, int]:
    """'X,Y,W,H' -> (x, y, w, h) in screen pixels, or a one-line error."""
    parts = [p.strip() for p in text.split(",")]
    try:
        x, y, w, h = (int(p) for p in parts)
    except ValueError:
        raise AutobotError(f"--region wants X,Y,W,H (four integers), got {text!r}") from None
    if w <= 0 or h <= 0:
        raise AutobotError(f"--region needs a positive width and height, got {text!r}")
    return x, y, w, h


def bgra_to_rgb(raw: bytes | bytearray | memoryview, width: int, height: int) -> np.ndarray:
    """mss's BGRA bytes -> an (H, W, 3) uint8 RGB frame (the project's convention)."""
    bgra = np.frombuffer(raw, dtype=np.uint8).reshape(height, width, 4)
    return np.ascontiguousarray(bgra[:, :, 2::-1])


class MssScreen:
    """Frames of one monitor (1-based, as mss numbers them) or of a region of the desktop."""

    def __init__(
        self,
        *,
        monitor: int | None = None,
        region: tuple[int, int, int, int] | None = None,
    ) -> None:
        if monitor is not None and region is not None:
            raise AutobotError("give either --monitor or --region, not both")
        self._monitor_index = 1 if monitor is None and region is None else monitor
        self._region = region
        self._sct: Any = None
        self._box: dict[str, int] | None = None
        self._frame_size: tuple[int, int] | None = None

    def _open(self) -> None:
        """Connect to the display on first use (mss needs one; import-time must not)."""
        if self._sct is not None:
            return
        try:
            import mss
        except ImportError:
            raise Unavailable("mss is not installed (pip install mss)") from None
        if os.name == "posix" and os.uname().sysname == "Linux" and not os.environ.get("DISPLAY"):
            # Linux without X: mss would fail with a long Xlib message; say it plainly.
            raise Unavailable("no display: DISPLAY is not set (screen capture needs a desktop)")
        factory = getattr(mss, "MSS", None) or mss.mss  # mss >= 10 renamed mss.mss to mss.MSS
        try:
            sct = factory()
            monitors = sct.monitors
        except Exception as exc:  # mss raises ScreenShotError with Xlib's words
            raise Unavailable(f"cannot capture the screen: {exc}") from None
        if self._region is not None:
            x, y, w, h = self._region
            box = {"left": x, "top": y, "width": w, "height": h}
        else:
            index = self._monitor_index or 1
            if not 0 <= index < len(monitors):
                sct.close()
                raise AutobotError(
                    f"--monitor {index}: there are {len(monitors) - 1} monitor(s) "
                    f"(1..{len(monitors) - 1}; 0 is all of them)"
                )
            m = monitors[index]
            box = {k: int(m[k]) for k in ("left", "top", "width", "height")}
        self._sct, self._box = sct, box
        self._monitors = [Rect(*(float(m[k]) for k in ("left", "top", "width", "height")))
                          for m in monitors[1:]]

    @property
    def origin(self) -> tuple[int, int]:
        """Desktop coordinates of the frame's top-left pixel (to turn frame x,y into clicks)."""
        self._open()
        assert self._box is not None
        return self._box["left"], self._box["top"]

    @property
    def size(self) -> tuple[int, int]:
        """(width, height) of the frames this screen grabs."""
        self._open()
        assert self._box is not None
        return self._box["width"], self._box["height"]

    def grab(self) -> np.ndarray:
        """One RGB frame of the monitor/region, now."""
        self._open()
        try:
            shot = self._sct.grab(self._box)
        except Exception as exc:
            raise Unavailable(f"screen capture failed: {exc}") from None
        # Measured, not assumed: a Retina grab is twice the size of the rectangle asked for.
        self._frame_size = (int(shot.width), int(shot.height))
        return bgra_to_rgb(shot.raw, shot.width, shot.height)

    def grab_box(self, left: int, top: int, width: int, height: int) -> np.ndarray:
        """One RGB frame of any rectangle of the desktop (desktop pixels), now."""
        self._open()
        try:
            shot = self._sct.grab({"left": left, "top": top, "width": width, "height": height})
        except Exception as exc:
            raise Unavailable(f"screen capture failed: {exc}") from None
        return bgra_to_rgb(shot.raw, shot.width, shot.height)

    def geometry(self) -> tuple[Rect, tuple[int, int], list[Rect]]:
        """What is captured (desktop units), the frames' size in pixels, and every monitor."""
        self._open()
        assert self._box is not None
        if self._frame_size is None:
            self.grab()
        assert self._frame_size is not None
        box = self._box
        capture = Rect(box["left"], box["top"], box["width"], box["height"])
        return capture, self._frame_size, list(self._monitors)

    def close(self) -> None:
        """Let go of the display connection."""
        if self._sct is not None:
            with contextlib.suppress(Exception):
                self._sct.close()
            self._sct = None

    def __enter__(self) -> MssScreen:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
