"""The focus watchdog: no key or click goes out unless the window holding the keyboard focus is
still the one showing the board.

Real key events (XTEST, what pyautogui sends on X11) go to the X input focus, wherever the
person or another program put it: a terminal raised by a hotkey, a chat window that grabs the
focus as a message comes in. The board's pixels may not change at all when that happens, so the
pixel guard cannot see it; the X server can. Before every key and click the watchdog asks it
where a key pressed now would go, and stops the game (exit 4, naming that window) if it is not
the window the board was read from.

Where keys go, by the X protocol: a focus of None goes nowhere; PointerRoot (the server's
default, what Xvfb without a window manager keeps until a client sets the focus) or the root
window means the window under the pointer; any other window gets them (or its subwindow under
the pointer, which is inside the same top-level window). A window manager sets the focus
explicitly on the window it activates, so there the focus window decides; `_NET_ACTIVE_WINDOW`
is only the manager's opinion (`xdotool windowfocus` changes the focus and not it), so it is
not what is checked. Windows are compared by their top-level window (a child of the root: the
client itself, or the frame a reparenting manager put it in).

The decision is pure (`keys_go_to`, `topmost_at`, `FocusWatchdog`); `XFocus` is the X edge
(python-xlib, which pyautogui already needs on Linux).
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from autobot.errors import AutobotError, SafetyStop
from autobot.outcomes import Reason

NONE = 0  # X's focus None: keys are thrown away
POINTER_ROOT = 1  # X's focus PointerRoot: keys go to the window under the pointer
FOCUS_LOST = Reason.FOCUS_LOST  # the record's reason for a stop by the watchdog


@dataclass(frozen=True)
class FocusState:
    """One look at the X server: the focus and the top-level windows that matter."""

    focus: int  # the input focus: a window id, NONE or POINTER_ROOT
    focus_top: int | None  # the top-level window holding the focus window (None: it is the root)
    pointer_top: int | None  # the top-level window under the pointer (None: bare root)


@dataclass(frozen=True)
class Place:
    """A top-level window as stacked on the root: id, rectangle, and whether it can take input."""

    id: int
    x: int
    y: int
    width: int
    height: int
    viewable: bool = True
    input_output: bool = True  # an InputOnly window shows no pixels: never the one read


def keys_go_to(state: FocusState) -> int | None:
    """The top-level window a key pressed now goes to, or None (it goes nowhere)."""
    if state.focus == NONE:
        return None
    if state.focus == POINTER_ROOT or state.focus_top is None:
        return state.pointer_top  # PointerRoot, or the root itself: the window under the pointer
    return state.focus_top


def topmost_at(stack: Sequence[Place], x: float, y: float) -> int | None:
    """The top-level window whose pixels show at root point (x, y): the last (topmost) viewable
    InputOutput window of the stacking order `stack` (bottom first) holding it, or None."""
    for place in reversed(stack):
        if place.viewable and place.input_output and \
                place.x <= x < place.x + place.width and place.y <= y < place.y + place.height:
            return place.id
    return None


class FocusSource(Protocol):
    """What the watchdog asks the window system (`XFocus`, or a fake in unit tests)."""

    def state(self) -> FocusState: ...

    def top_at(self, x: float, y: float) -> int | None: ...

    def describe(self, top: int | None) -> str: ...


class FocusWatchdog:
    """Stops the game (exit 4) when a key or click would reach another window than the board's.

    The board's window is the top-level window at the board's centre, looked up at the first
    key or click (the pixel guard has just found the board in place then). A moment is allowed
    for the focus to arrive there at the start (the click that gives the page the focus is
    handled by the window manager in its own time); after that, a focus anywhere else stops
    the game at once, before the key.
    """

    def __init__(self, source: FocusSource, where: Callable[[], tuple[float, float]], *,
                 settle: float = 1.5, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.source = source
        self._where = where  # root (pointer) coordinates of the board's centre, now
        self.target: int | None = None
        # The target's name, asked of X once when it is locked: a record written on the way out
        # of a signal must not ask X again (a request the signal cut short leaves the
        # connection waiting for a reply that never comes).
        self._target_name = ""
        self.settle = settle
        self._grace: float | None = None  # a wait for the focus to come back (hand_back)
        self._clock = clock
        self._sleep = sleep
        self.checks = 0

    def _lock(self) -> int:
        """The board's window: the top-level window showing the board's centre."""
        x, y = self._where()
        top = self.source.top_at(x, y)
        if top is None:
            raise SafetyStop(f"safety stop: no window shows the board at ({x:.0f}, {y:.0f}) "
                               "on the X screen; not typing", reason=FOCUS_LOST)
        self.target = top
        self._target_name = self.source.describe(top)
        return top

    def window(self) -> str:
        """The board's window, as the messages and the record name it (named when locked)."""
        return self._target_name or self.source.describe(self.target)

    def figures(self) -> dict[str, Any]:
        """The record's fields: how often the focus was asked, the window keys went to."""
        figures: dict[str, Any] = {"focus_checks": self.checks}
        if self.target is not None:
            figures["focus_window"] = self.window()
        return figures

    def hand_back(self, settle: float) -> None:
        """The person had the keyboard (a prompt in their terminal): until the next key has gone
        out, a click on the game's window may bring the focus back, and the key waits up to
        `settle` seconds for it to arrive."""
        self._grace = settle

    def check(self, click_at: tuple[float, float] | None = None) -> None:
        """Raise the safety stop unless a key pressed now (or a click at root point `click_at`)
        reaches the board's window."""
        first = self.target is None
        target = self._lock() if first else self.target
        grace = self.settle if first else self._grace
        if click_at is not None:
            over = self.source.top_at(*click_at)
            if over != target:
                raise SafetyStop(
                    f"safety stop: {self.source.describe(over)} is over the spot to click, not "
                    f"the game's window ({self.source.describe(target)}); not clicking",
                    reason=FOCUS_LOST)
            if grace is not None:  # this click is what gives the game's window the focus
                self.checks += 1
                self._grace = grace
                return
        deadline = self._clock() + (grace or 0.0)
        while True:
            self.checks += 1
            gets = keys_go_to(self.source.state())
            if gets == target:
                self._grace = None
                return
            if self._clock() >= deadline:
                if grace is not None:
                    raise SafetyStop(
                        f"safety stop: the keyboard focus is on {self.source.describe(gets)}, "
                        f"not on the window showing the board ({self.source.describe(target)}); "
                        "click the page and start again", reason=FOCUS_LOST)
                raise self._taken(gets)
            self._sleep(0.05)

    def _taken(self, gets: int | None) -> AutobotError:
        return SafetyStop(
            f"safety stop: {self.source.describe(gets)} took the keyboard focus from the game's "
            f"window ({self.source.describe(self.target)}); not typing", reason=FOCUS_LOST)

    def watch(self) -> None:
        """Between keys (every frame the game reads): stop at once if the focus left the game's
        window after it had it, rather than wait for the next key (the window that took it may
        also hide the board, and the game would only time out). Silent while the focus is
        awaited (the start, after a prompt)."""
        if self.target is None or self._grace is not None:
            return
        self.checks += 1
        gets = keys_go_to(self.source.state())
        if gets != self.target:
            raise self._taken(gets)

    def guarding(self, guard: Callable[[Any], str | None]) -> Callable[[Any], str | None]:
        """`guard` (the turn loop's per-frame veto) with `watch` before it."""

        def both(read: Any) -> str | None:
            self.watch()
            return guard(read)

        return both


class HandBack:
    """A `--confirm` solver whose person answered at the prompt (their terminal had the keyboard
    then): the game's window is given the focus back (`back`, a click beside the board) and the
    watchdog lets the next key wait for it."""

    def __init__(self, inner: Any, watchdog: FocusWatchdog, back: Callable[[], None] | None,
                 settle: float = 1.5, wait: float = 20.0) -> None:
        self.inner = inner
        self._watchdog = watchdog
        self._back = back
        self._settle = settle if back is not None else wait  # without a click: the person's

    def next_guess(self, state: Any) -> Any:
        """The person's answer; then the focus goes back to the game's window."""
        word = self.inner.next_guess(state)
        self._watchdog.hand_back(self._settle)
        if self._back is not None:
            self._back()
        return word

    def __getattr__(self, name: str) -> Any:
        if name == "inner":  # not set yet (copying): no recursion
            raise AttributeError(name)
        return getattr(self.inner, name)


# --- the X edge ----------------------------------------------------------------------------


def x11_available() -> bool:
    """Is this an X11 session the watchdog can ask (Linux/BSD with DISPLAY set)?"""
    return sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")) and \
        bool(os.environ.get("DISPLAY"))


class XFocus:
    """The X server's answers, over a connection of its own (python-xlib)."""

    def __init__(self, display: Any = None) -> None:
        if display is None:
            from Xlib import display as xdisplay

            display = xdisplay.Display()
        self._d = display
        self._root = display.screen().root
        self._net_name = display.intern_atom("_NET_WM_NAME")
        self._utf8 = display.intern_atom("UTF8_STRING")
        self._wm_state = display.intern_atom("WM_STATE")

    def _errors(self) -> tuple[type[BaseException], ...]:
        from Xlib import error

        return (error.XError, error.ConnectionClosedError)

    def _top_of(self, window: Any) -> int | None:
        """The child of the root holding `window` (None for the root itself)."""
        root = self._root.id
        current = window
        while current.id != root:
            parent = current.query_tree().parent
            if parent is None or isinstance(parent, int) or parent.id == root:
                return int(current.id)
            current = parent
        return None

    def _failed(self, exc: BaseException) -> AutobotError:
        """The X server could not be asked (its connection lost): a stop, not a traceback."""
        return SafetyStop(f"safety stop: cannot ask the X server where the keys would go "
                            f"({type(exc).__name__}); not typing", reason=FOCUS_LOST)

    def state(self) -> FocusState:
        """Where the focus is now, and what is under the pointer."""
        for attempt in range(3):  # a window destroyed between two requests: look again
            try:
                focus = self._d.get_input_focus().focus
                pointer = self._root.query_pointer().child
                pointer_top = None if isinstance(pointer, int) or not pointer else int(pointer.id)
                if isinstance(focus, int):
                    return FocusState(int(focus), None, pointer_top)
                return FocusState(int(focus.id), self._top_of(focus), pointer_top)
            except self._errors() as exc:
                if attempt == 2:
                    raise self._failed(exc) from None
        raise AssertionError("unreachable")

    def stack(self) -> list[Place]:
        """The root's children, bottom first, with their rectangles."""
        from Xlib import X

        places = []
        try:
            children = self._root.query_tree().children
        except self._errors() as exc:
            raise self._failed(exc) from None
        for child in children:
            try:
                attrs = child.get_attributes()
                geo = child.get_geometry()
            except self._errors():
                continue  # gone since the list was made
            places.append(Place(int(child.id), int(geo.x), int(geo.y), int(geo.width),
                                int(geo.height), attrs.map_state == X.IsViewable,
                                attrs.win_class == X.InputOutput))
        return places

    def top_at(self, x: float, y: float) -> int | None:
        """The top-level window showing root point (x, y)."""
        return topmost_at(self.stack(), x, y)

    def _client(self, top: Any, depth: int = 3) -> Any:
        """The application's window in `top` (the one with WM_STATE; `top` itself without a
        reparenting window manager)."""
        if top.get_full_property(self._wm_state, 0) is not None or depth == 0:
            return top
        for child in top.query_tree().children:
            found = self._client(child, depth - 1)
            if found.get_full_property(self._wm_state, 0) is not None:
                return found
        return top

    def describe(self, top: int | None) -> str:
        """'"Chat" (Thief, window 0x400001)', for messages: name, class and id."""
        if top is None:
            return "no window (the keys would go nowhere)"
        try:
            window = self._client(self._d.create_resource_object("window", top))
            name = window.get_full_property(self._net_name, self._utf8)
            title = name.value.decode("utf-8", "replace") if name is not None else \
                window.get_wm_name()
            wm_class = window.get_wm_class()
        except self._errors():
            return f"window 0x{top:x} (gone)"
        if isinstance(title, bytes):
            title = title.decode("latin-1")
        kind = wm_class[1] if wm_class else "no class"
        return f'"{title or ""}" ({kind}, window 0x{top:x})'

    def close(self) -> None:
        """Let go of the connection."""
        import contextlib

        with contextlib.suppress(Exception):
            self._d.close()


def open_focus() -> XFocus | None:
    """The X server's focus answers, or None where there is no X11 to ask (Windows, macOS, a
    Wayland desktop without XWayland): the pixel guard alone stands then."""
    if not x11_available():
        return None
    try:
        return XFocus()
    except Exception:  # no python-xlib, or the display refused us: no watchdog possible
        return None


def watch_focus(keys: Any, anchor: Callable[[], Any], frame_size: tuple[int, int]
                ) -> FocusWatchdog | None:
    """Put a focus watchdog before every key and click of `keys` (a DesktopDriver), or None
    where the window system cannot be asked. The board's centre comes from `anchor()` (the
    guard's `Anchor`, frame pixels), else the frame's centre (a run that starts under a dialog).
    """
    source = open_focus()
    if source is None:
        return None

    def where() -> tuple[float, float]:
        found = anchor()
        if found is not None and found.box is not None:
            x0, y0, x1, y1 = found.box
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        elif found is not None:
            cx, cy = found.x + found.pitch_x / 2, found.y + found.pitch_y / 2
        else:
            cx, cy = frame_size[0] / 2, frame_size[1] / 2
        return keys.pointer.to_pointer(cx, cy)

    dog = FocusWatchdog(source, where)
    keys.before_input = dog.check
    return dog
