"""Recording at the edges: every frame a screen hands out and every key, click or scroll a
driver sends, told to a sink (`autobot.harness.trace.Trace`) on the way, nothing changed.

The screen's and the driver's own methods are wrapped on the instance, not behind a proxy:
the objects stay what they were (their type, their attributes, a `rung` set on them), and
calls they make on themselves pass through the wrappers too: a `grab` that falls back to
`grab_full` is one frame; a click rung's clicks inside `type_word` are kept, marked `within`.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from typing import Any, Protocol

# Driver methods that send something to the page: (name in the trace, argument names kept).
# An argument named "" is not kept (a keyboard read is no JSON).
SENT: dict[str, tuple[str, tuple[str, ...]]] = {
    "type_word": ("type", ("text",)),
    "press_enter": ("enter", ()),
    "erase": ("erase", ("n",)),
    "press_escape": ("escape", ()),
    "click": ("click", ("x", "y")),
    "scroll": ("scroll", ("x", "y", "dy")),
    "click_key": ("click_key", ("", "label")),
}
GRABS = ("grab", "grab_full")  # screen methods that hand out a frame


class Sink(Protocol):
    """Where recorded frames and sent input go."""

    def frame(self, frame: Any, kind: str) -> None:
        """A frame the screen handed out ("full" or "clip")."""
        ...

    def action(self, name: str, fields: dict[str, Any], started: float, ended: float,
               error: str | None) -> None:
        """Input sent to the page between `started` and `ended` (time.monotonic)."""
        ...


class Recording:
    """The switch between a wrapped object and the sink it reports to (None: recording off)."""

    def __init__(self, sink: Sink | None) -> None:
        self.sink = sink
        self.depth = 0  # calls in progress (a frame is told once, by the outermost grab)


def plain(value: Any) -> Any:
    """A JSON-friendly copy of an argument (numpy numbers as Python's)."""
    if isinstance(value, (str, bool, int, float)) or value is None:
        return value
    item = getattr(value, "item", None)
    if callable(item):
        try:
            return item()
        except (TypeError, ValueError):
            pass
    return str(value)


def sent_fields(method: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
    """The arguments of a sending call worth keeping, by name."""
    names = SENT[method][1]
    fields = {name: plain(value) for name, value in zip(names, args, strict=False) if name}
    fields.update({k: plain(v) for k, v in kwargs.items() if k in names})
    return fields


def _recorded_grab(recording: Recording, grab: Callable[[], Any], screen: Any
                   ) -> Callable[[], Any]:
    @functools.wraps(grab)
    def wrapped() -> Any:
        recording.depth += 1
        try:
            frame = grab()
        finally:
            recording.depth -= 1
        if recording.depth == 0 and recording.sink is not None:
            recording.sink.frame(frame, str(getattr(screen, "last_kind", "full")))
        return frame
    return wrapped


def _recorded_send(recording: Recording, method: str, send: Callable[..., Any], owner: Any
                   ) -> Callable[..., Any]:
    @functools.wraps(send)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        if recording.sink is None:
            return send(*args, **kwargs)
        fields = sent_fields(method, args, kwargs)
        rung = getattr(owner, "rung", None)
        if isinstance(rung, str):
            fields["rung"] = rung
        if recording.depth:
            fields["within"] = True  # a click of the click rung's word: part of the call above
        started = time.monotonic()
        error: str | None = None
        recording.depth += 1
        try:
            return send(*args, **kwargs)
        except BaseException as exc:
            error = f"{type(exc).__name__}: {exc}".splitlines()[0]
            raise
        finally:
            recording.depth -= 1
            recording.sink.action(SENT[method][0], fields, started, time.monotonic(), error)
    return wrapped


def _attach(target: Any, sink: Sink | None, names: Any, wrap: Any) -> Recording:
    """Wrap `target`'s methods called `names` (those it has) with `wrap(recording, name,
    method)` once; again on the same target it only switches the sink (None: off)."""
    recording = target.__dict__.get("recording")
    if isinstance(recording, Recording):
        recording.sink = sink
        return recording
    recording = Recording(sink)
    for name in names:
        method = getattr(target, name, None)
        if callable(method):
            setattr(target, name, wrap(recording, name, method))
    target.recording = recording
    return recording


def record_screen(screen: Any, sink: Sink | None) -> Recording:
    """Tell `sink` every frame `screen` hands out from now on; again on the same screen it
    only switches the sink (None: off)."""
    return _attach(screen, sink, GRABS,
                   lambda recording, _, grab: _recorded_grab(recording, grab, screen))


def record_driver(driver: Any, sink: Sink | None) -> Recording:
    """Tell `sink` every key, click and scroll `driver` sends and every frame its screen hands
    out; again on the same driver it only switches the sink (None: off)."""
    record_screen(driver.screen, sink)
    return _attach(driver, sink, SENT,
                   lambda recording, name, send: _recorded_send(recording, name, send, driver))


def sink_of(driver: Any) -> Any:
    """The sink recording `driver` or its screen (a guard's inner driver's too), or None."""
    seen = 0
    while driver is not None and seen < 4:
        for owner in (driver, getattr(driver, "screen", None)):
            recording = getattr(owner, "__dict__", {}).get("recording")
            if isinstance(recording, Recording) and recording.sink is not None:
                return recording.sink
        driver = getattr(driver, "inner", None)
        seen += 1
    return None
