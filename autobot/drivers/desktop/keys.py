"""Real key events and clicks with pyautogui, imported only when first used (it connects to the
X display as it loads); the failsafe corner is a safety stop."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from typing import Any

from autobot.drivers.desktop.capture import MssScreen
from autobot.drivers.pointer import PointerMap, pointer_map
from autobot.errors import SafetyStop, Unavailable


def _import_pyautogui() -> Any:
    """pyautogui, imported only now: it connects to the X display as it loads."""
    if os.name == "posix" and os.uname().sysname == "Linux" and not os.environ.get("DISPLAY"):
        raise Unavailable("no display: DISPLAY is not set (live typing needs a desktop)")
    try:
        import pyautogui
    except ImportError:
        raise Unavailable(
            "live typing needs pyautogui: pip install 'autobot[desktop]'"
        ) from None
    except Exception as exc:  # KeyError('DISPLAY'), Xlib.error.DisplayConnectionError, ...
        raise Unavailable(f"pyautogui cannot reach the display: {exc!r}") \
            from None
    pyautogui.FAILSAFE = True  # the documented abort: fling the mouse into a screen corner
    return pyautogui


def require_pyautogui() -> None:
    """Fail early, in one line, if live typing is impossible here (no pyautogui or no display)."""
    _import_pyautogui()


def failsafe_guard(call: Callable[[], None], pyautogui: Any) -> None:
    """Run one pyautogui action; the failsafe corner becomes a safety stop, not a traceback."""
    try:
        call()
    except pyautogui.FailSafeException:
        raise SafetyStop(
            "safety stop: the mouse is in a screen corner (pyautogui failsafe)"
        ) from None


class DesktopDriver:
    """Types into whatever window has the keyboard focus, with real key events (pyautogui)."""

    clicks_frame_pixels = True  # click(x, y) takes frame pixels and maps them to the pointer

    def __init__(
        self, screen: MssScreen, *, key_delay: float = 0.06, pointer: PointerMap | None = None
    ) -> None:
        self.screen = screen
        self.key_delay = key_delay
        self._gui = _import_pyautogui()
        self._pointer = pointer
        # Called before every key (None) and click (its pointer point): the focus watchdog.
        self.before_input: Callable[[tuple[int, int] | None], None] | None = None

    @property
    def pointer(self) -> PointerMap:
        """Frame pixels -> pointer coordinates, measured on first use (autobot.drivers.pointer)."""
        if self._pointer is None:
            self._pointer = measure_pointer(self.screen, self._gui)
        return self._pointer

    def _press(self, key: str) -> None:
        if self.before_input is not None:
            self.before_input(None)
        # _pause=False: pyautogui's global PAUSE (0.1 s per call) would slow every key; we pace.
        failsafe_guard(lambda: self._gui.press(key, _pause=False), self._gui)

    def type_word(self, word: str) -> None:
        """Type the letters of a guess, one key at a time, `key_delay` apart."""
        for i, letter in enumerate(word.lower()):
            if i:
                time.sleep(self.key_delay)
            self._press(letter)

    def press_enter(self) -> None:
        """Submit the typed row."""
        time.sleep(self.key_delay)
        self._press("enter")

    def erase(self, n: int) -> None:
        """Backspace `n` letters (a row the game refused)."""
        for _ in range(n):
            self._press("backspace")
            time.sleep(self.key_delay)

    def press_escape(self) -> None:
        """Escape: closes a modal that hides the board."""
        self._press("escape")

    def click(self, x: float, y: float) -> None:
        """Left-click frame pixel (x, y) of the screen's frames, wherever the pointer has it."""
        px, py = self.pointer.to_pointer(x, y)
        if self.before_input is not None:
            self.before_input((px, py))
        failsafe_guard(lambda: self._gui.click(px, py, _pause=False), self._gui)

    def click_key(self, keyboard: Any, label: str) -> None:
        """Click an on-screen key of a read keyboard (autobot.vision.keyboard.KeyboardRead)."""
        key = keyboard.key(label)
        if key is None:
            raise SafetyStop(f"no on-screen key {label!r} to click")
        self.click(*key.center)

    def close(self) -> None:
        """Nothing to release: the keyboard and mouse stay the user's."""


def measure_pointer(screen: Any, gui: Any) -> PointerMap:
    """The frame -> pointer map of `screen`: its capture geometry against the pointer's size."""
    geometry = getattr(screen, "geometry", None)
    if not callable(geometry):
        raise Unavailable("cannot map clicks: the screen does not say what it captures")
    capture, frame_size, monitors = geometry()
    width, height = gui.size()
    # X11's pointer size is the root window's (every monitor); Windows' and macOS' the
    # primary monitor's.
    spans = "desktop" if sys.platform.startswith("linux") else "primary"
    return pointer_map(capture, frame_size, monitors, (int(width), int(height)),
                       pointer_spans=spans)
