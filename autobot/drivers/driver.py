"""Hands on the keyboard: the Driver protocol, its Selenium adapter, and the confirm wrapper.

A Driver types into the game and owns the Screen the bot looks at; it never reads the page.
Adapters:
- `SeleniumDriver`: a WebDriver session (local headless Chromium or a remote grid), keys sent
  with ActionChains, frames from `get_screenshot_as_png`.
- `autobot.drivers.desktop.DesktopDriver` (live mode): pyautogui keys + mss frames on a desktop,
  pyautogui imported inside its constructor only, so this module works with no display.
(The confirm prompt, which wraps a solver, is `autobot.players.Confirm`.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from autobot.drivers.screen import Screen, SeleniumScreen, alert_text
from autobot.errors import BadInput, SafetyStop, Unavailable

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

DEFAULT_KEY_DELAY_MS = 60.0  # some clones drop keys typed faster than this


@runtime_checkable
class Driver(Protocol):
    """What the bot needs from a game it plays: a screen to look at and a keyboard."""

    screen: Screen

    def type_word(self, word: str) -> None:
        """Type the letters of `word` into the current row (no Enter)."""
        ...

    def press_enter(self) -> None:
        """Submit the current row."""
        ...

    def erase(self, n: int) -> None:
        """Delete the last `n` typed letters (Backspace n times)."""
        ...

    def press_escape(self) -> None:
        """Press Escape (closes a dialog that hides the board)."""
        ...


# How keys reach a page, from the plainest to the most deliberate. Pages differ: some listen
# for keyup, some accept only the main Enter (`code == "Enter"`, Selenium's Keys.RETURN; its
# Keys.ENTER is the keypad's "NumpadEnter"), some drop keys typed fast, some take only clicks on
# their on-screen keyboard. The loop climbs a rung when the board shows that keys did nothing.
RUNGS = ("keys", "other-enter", "slow", "cdp", "click")
ENTER_ONLY = frozenset({"other-enter"})  # rungs that change only how Enter is sent
SLOW_KEY_DELAY_MS = 250.0
HOLD_MS = 40.0  # how long the slow rung holds each key down (pages that poll key state)

# KeyboardEvent fields for CDP Input.dispatchKeyEvent: key -> (key, code, keyCode, text).
_SPECIAL = {
    "enter": ("Enter", "Enter", 13, "\r"),
    "backspace": ("Backspace", "Backspace", 8, ""),
    "escape": ("Escape", "Escape", 27, ""),
}
_CLICK_LABELS = {"enter": "ENTER", "backspace": "BACK"}


def cdp_key_fields(key: str) -> tuple[str, str, int, str]:
    """The DOM key, code, keyCode and typed text of a letter or of enter/backspace/escape."""
    if key in _SPECIAL:
        return _SPECIAL[key]
    if len(key) == 1 and key.isascii() and key.isalpha():
        return key.lower(), f"Key{key.upper()}", ord(key.upper()), key.lower()
    return key, "", 0, key  # an accented letter: no US key code, the text carries it


class SeleniumDriver:
    """Plays in a WebDriver browser: keys via ActionChains (or CDP, or on-screen clicks).

    `rung` says how keys are sent now (one of RUNGS); `escalate` climbs when the loop sees
    that keys did nothing, and the driver keeps the rung that worked for the rest of the game.
    """

    clicks_frame_pixels = True  # click(x, y) takes the coordinates of the frames it grabs

    def __init__(
        self,
        webdriver: WebDriver,
        *,
        key_delay_ms: float = DEFAULT_KEY_DELAY_MS,
        screen: Screen | None = None,
        keyboard_reader: Callable[[Any], Any] | None = None,
    ) -> None:
        if key_delay_ms < 0:
            raise BadInput(f"key delay must be >= 0 ms, not {key_delay_ms:g}")
        self.webdriver = webdriver
        self.key_delay_ms = key_delay_ms
        self.screen: Screen = screen if screen is not None else SeleniumScreen(webdriver)
        self.rung = RUNGS[0]
        self._keyboard_reader = keyboard_reader  # frame -> KeyboardRead (vision.keyboard)
        self._viewport: tuple[int, int, float] | None = None  # CSS size and ratio before zoom
        # Native browser dialogs the page opened (their text), shared with a Selenium screen.
        self.alerts: list[str] = getattr(self.screen, "alerts", None)
        if not isinstance(self.alerts, list):
            self.alerts = []

    # --- native browser dialogs -------------------------------------------------------------

    def take_alerts(self) -> list[str]:
        """The texts of the native dialogs (alert, confirm) met since the last call: each was
        accepted, as a person would click OK; the page's answer to the keys before it."""
        taken, self.alerts[:] = list(self.alerts), []
        return taken

    def _past_alerts(self, call: Callable[..., Any], *args: Any) -> Any:
        """Run one WebDriver command; a native dialog in its way is noted (WebDriver accepts
        it, the command is not run) and the command sent again."""
        for _ in range(3):
            try:
                return call(*args)
            except Exception as exc:
                text = alert_text(exc)
                if text is None:
                    raise
                self.alerts.append(text)
        return call(*args)

    def reload(self) -> None:
        """Load the page again (a dialog that left the keys dead comes back, to close anew)."""
        self._past_alerts(self.webdriver.refresh)

    # --- the ladder -------------------------------------------------------------------------

    def escalate(self, *, enter: bool = False) -> str | None:
        """Climb to the next way of sending keys; None when none is left.

        `enter=False` (letters did not arrive) skips rungs that change only Enter.
        """
        i = RUNGS.index(self.rung) + 1
        while i < len(RUNGS) and not enter and RUNGS[i] in ENTER_ONLY:
            i += 1
        if i >= len(RUNGS):
            return None
        self.rung = RUNGS[i]
        return self.rung

    def _press_all(self, keys: list[str], delay_first: bool = False) -> None:
        """Send named keys ("a", "enter", "backspace", "escape") the current rung's way."""
        if self.rung == "cdp":
            self._past_alerts(self._cdp, keys)
        elif self.rung == "click":
            self._past_alerts(self._click_keys, keys)
        else:
            self._past_alerts(self._actions, keys, delay_first)

    def _actions(self, keys: list[str], delay_first: bool) -> None:
        """Send `keys` as one W3C action sequence, with the per-key delay between them."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        named = {
            # The main Enter first ("Enter"); the other-enter rung tries the keypad's.
            "enter": Keys.ENTER if self.rung == "other-enter" else Keys.RETURN,
            "backspace": Keys.BACKSPACE,
            "escape": Keys.ESCAPE,
        }
        slow = self.rung == "slow"
        delay = max(self.key_delay_ms, SLOW_KEY_DELAY_MS) if slow else self.key_delay_ms
        actions = ActionChains(self.webdriver)
        for i, key in enumerate(keys):
            # A page that drops keys typed fast also drops the first of a word typed soon after
            # the Backspaces that cleared the row: the slow rung waits before every key.
            if (i or delay_first or slow) and delay:
                actions.pause(delay / 1000)
            value = named.get(key, key)
            if slow:
                actions.key_down(value).pause(HOLD_MS / 1000).key_up(value)
            else:
                actions.send_keys(value)
        # One perform = one round trip to the driver; the pauses run inside the browser side.
        actions.perform()

    def _cdp(self, keys: list[str]) -> None:
        """Raw key events through Chromium's DevTools: keyDown, char (the text), keyUp."""
        import time

        for i, name in enumerate(keys):
            if i and self.key_delay_ms:
                time.sleep(self.key_delay_ms / 1000)
            key, code, key_code, text = cdp_key_fields(name)
            fields = {"key": key, "code": code, "windowsVirtualKeyCode": key_code,
                      "nativeVirtualKeyCode": key_code}
            self._devtools("Input.dispatchKeyEvent", {"type": "rawKeyDown", **fields})
            if text:
                self._devtools("Input.dispatchKeyEvent",
                               {"type": "char", "text": text, "unmodifiedText": text, **fields})
            self._devtools("Input.dispatchKeyEvent", {"type": "keyUp", **fields})

    def _devtools(self, command: str, params: dict[str, Any]) -> Any:
        try:
            return self.webdriver.execute_cdp_cmd(command, params)  # type: ignore[attr-defined]
        except AttributeError:
            raise Unavailable("this browser has no DevTools protocol (CDP)") from None

    def _click_keys(self, keys: list[str]) -> None:
        """Click each key on the page's own on-screen keyboard, found by pixels."""
        import time

        reader = self._keyboard_reader or _default_keyboard_reader()
        # The keyboard is below the board: a whole frame, not the board's clip.
        board = reader(getattr(self.screen, "grab_full", self.screen.grab)())
        if not getattr(board, "found", False):
            raise SafetyStop("no on-screen keyboard found to click")
        for i, name in enumerate(keys):
            label = _CLICK_LABELS.get(name, name.upper())
            key = board.key(label)
            if key is None:
                if name == "escape":
                    continue  # on-screen keyboards have no Escape; it is not a letter anyway
                raise SafetyStop(f"the on-screen keyboard has no {label} key")
            if i and self.key_delay_ms:
                time.sleep(self.key_delay_ms / 1000)
            self.click(*key.center)

    # --- pointer ----------------------------------------------------------------------------

    def css_ratio(self) -> float:
        """Frame pixels per CSS pixel: screenshot width / viewport width (never assumed 1)."""
        frame = self.screen.grab()
        width = self._past_alerts(self.webdriver.execute_script,
                                  "return window.innerWidth")  # geometry only
        return frame.shape[1] / max(1, int(width))

    def click(self, x: float, y: float) -> None:
        """Left-click frame pixel (x, y) (converted to the viewport's CSS pixels)."""
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        ratio = self.css_ratio()

        def click() -> None:
            builder = ActionBuilder(self.webdriver)
            builder.pointer_action.move_to_location(int(x / ratio), int(y / ratio))
            builder.pointer_action.click()
            builder.perform()

        self._past_alerts(click)

    def scroll(self, x: float, y: float, dy: float, ratio: float | None = None) -> None:
        """Turn the mouse wheel over frame pixel (x, y) by `dy` frame pixels (down > 0);
        `ratio`: frame pixels per CSS pixel when known (else measured, a screenshot)."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.actions.wheel_input import ScrollOrigin

        ratio = ratio or self.css_ratio()
        origin = ScrollOrigin.from_viewport(int(x / ratio), int(y / ratio))
        ActionChains(self.webdriver).scroll_from_origin(origin, 0, int(dy / ratio)).perform()

    def zoom(self, factor: float) -> bool:
        """Show the page at `factor` of its size, as the browser's zoom-out does (0.5: twice
        the page in the same pixels): a CSS viewport 1/factor as wide and high at factor of
        the pixel ratio, through DevTools. 1 puts the page back; False: no DevTools here."""
        if self._viewport is None:
            # Geometry only (the window's size and pixel ratio), never the game.
            w, h, ratio = self.webdriver.execute_script(
                "return [window.innerWidth, window.innerHeight, window.devicePixelRatio]")
            self._viewport = (int(w), int(h), float(ratio))
        w, h, ratio = self._viewport
        try:
            if factor == 1.0:
                self._devtools("Emulation.clearDeviceMetricsOverride", {})
            else:
                self._devtools("Emulation.setDeviceMetricsOverride", {
                    "width": round(w / factor), "height": round(h / factor),
                    "deviceScaleFactor": ratio * factor, "mobile": False})
        except Exception:  # not Chromium, or DevTools refused
            return False
        return True

    # --- the Driver protocol ----------------------------------------------------------------

    def type_word(self, word: str) -> None:
        """Type the letters of `word` (lowercase, one key each)."""
        self._press_all(list(word.lower()))

    def press_enter(self) -> None:
        """Press Enter (after the per-key delay, so the last letter is in)."""
        self._press_all(["enter"], delay_first=True)

    def erase(self, n: int) -> None:
        """Press Backspace `n` times."""
        if n > 0:
            self._press_all(["backspace"] * n)

    def press_escape(self) -> None:
        """Press Escape (always a real key: it closes dialogs, not part of the game)."""
        rung, self.rung = self.rung, "cdp" if self.rung == "cdp" else RUNGS[0]
        try:
            self._press_all(["escape"], delay_first=True)
        finally:
            self.rung = rung


def _default_keyboard_reader() -> Callable[[Any], Any]:
    """`autobot.vision.keyboard.read_keyboard` (imported when the click rung is first used)."""
    try:
        from autobot.vision.keyboard import read_keyboard
    except ImportError:
        raise SafetyStop("no on-screen keyboard reader (autobot.vision.keyboard)") from None
    return read_keyboard


# The desktop adapter (pyautogui keys + mss frames, pyautogui imported lazily) is
# `autobot.drivers.desktop.DesktopDriver`; it satisfies the same `Driver` protocol.


