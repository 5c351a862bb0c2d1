"""One way out: Ctrl-C, `kill` (SIGTERM) and a closed terminal (SIGHUP) all unwind the same way.

Each signal becomes an `Interrupted` (a KeyboardInterrupt) raised in the main thread, so every
`with` block on the way out runs: the browser is quit, chromedriver and Xvfb reaped, the profile
deleted, servers closed, a record written. The exit code is the shell's 128 + signal number
(130 / 143 / 129). While that cleanup runs a second signal is held back (a terminal sends one to
every process of the group, `timeout` may send another); a third one is obeyed at once.

A signal to the whole group (a closed terminal, `kill -- -PGID`) reaches chromedriver and
Chromium too, and they can be gone before this process has run its handler: the next call to the
browser then fails first. Such a failure is looked behind (`interrupt_behind`): the run ends as
the interrupt it was, not as a dead browser.
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from collections.abc import Iterator
from typing import Any

# The signals a run is ended by from outside: a terminal's Ctrl-C, `kill`/`timeout`/CI
# cancellation/systemd, a terminal closed under it.
SIGNALS: tuple[int, ...] = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
INTERRUPT_EXIT = 130  # Ctrl-C, or a KeyboardInterrupt that names no signal
# How long a browser failure waits for a signal that may be behind it: the signal reached the
# whole group at once, only the handler here may run later (a loaded machine).
SIGNAL_GRACE_S = 0.5

# The signals received by each `signals_as_interrupt` in force, innermost last.
_in_force: list[list[int]] = []


class Interrupted(KeyboardInterrupt):
    """The run was stopped by a signal; `exit_code` is 128 + its number."""

    def __init__(self, signum: int = signal.SIGINT) -> None:
        super().__init__(signal_name(signum))
        self.signum = signum

    @property
    def exit_code(self) -> int:
        """What the shell reports for a process ended by this signal."""
        return 128 + self.signum

    @property
    def name(self) -> str:
        """'SIGTERM' etc."""
        return signal_name(self.signum)


def signal_name(signum: int) -> str:
    """'SIGTERM' for 15; 'signal N' for a number with no name here."""
    try:
        return signal.Signals(signum).name
    except ValueError:
        return f"signal {signum}"


def exit_code_of(exc: BaseException) -> int:
    """The exit code for an interrupt: 128 + the signal, 130 for a plain KeyboardInterrupt."""
    return exc.exit_code if isinstance(exc, Interrupted) else INTERRUPT_EXIT


def signal_of(exc: BaseException) -> str:
    """The name of the signal that stopped the run ('SIGINT' for a plain KeyboardInterrupt)."""
    return exc.name if isinstance(exc, Interrupted) else "SIGINT"


class _Handler:
    """The first signal raises; the next one is held back so cleanup can finish; then raise."""

    def __init__(self) -> None:
        self.received: list[int] = []

    def __call__(self, signum: int, frame: Any) -> None:
        self.received.append(signum)
        if len(self.received) == 2:
            return  # cleanup is under way: let it end (it is bounded by its own timeouts)
        raise Interrupted(self.received[0] if len(self.received) == 1 else signum)


@contextlib.contextmanager
def signals_as_interrupt() -> Iterator[list[int]]:
    """Within: SIGINT, SIGTERM and SIGHUP raise `Interrupted` in the main thread; yields the
    signals received. Elsewhere than the main thread (a test runner's worker) it does nothing.

    A signal that starts ignored stays ignored (nohup, a background job without job control).
    """
    if threading.current_thread() is not threading.main_thread():
        yield []
        return
    handler = _Handler()
    previous: dict[int, Any] = {}
    try:
        for signum in SIGNALS:
            current = signal.getsignal(signum)
            if current is signal.SIG_IGN:
                continue
            previous[signum] = current
            signal.signal(signum, handler)
        _in_force.append(handler.received)
        yield handler.received
    finally:
        if _in_force and _in_force[-1] is handler.received:
            _in_force.pop()
        for signum, old in previous.items():
            with contextlib.suppress(ValueError, TypeError):
                signal.signal(signum, old if old is not None else signal.SIG_DFL)


def interrupt_behind(failure: BaseException, grace_s: float = SIGNAL_GRACE_S) -> BaseException:
    """The `Interrupted` behind a browser's `failure` if a signal was received (or arrives within
    `grace_s`) while signals are handled here, else `failure` itself; looked for once a failure."""
    if isinstance(failure, KeyboardInterrupt) or not _in_force:
        return failure
    received = _in_force[-1]
    if getattr(failure, "_autobot_looked_behind", False):
        return Interrupted(received[0]) if received else failure
    with contextlib.suppress(AttributeError):
        failure._autobot_looked_behind = True  # type: ignore[attr-defined]
    try:
        deadline = time.monotonic() + grace_s
        while not received and (left := deadline - time.monotonic()) > 0:
            time.sleep(min(left, 0.05))  # the handler runs in here and raises
    except Interrupted as interrupt:
        return interrupt
    # Received but not raised here: its Interrupted was swallowed on the way (a library's
    # catch-all, a finaliser), which must not turn the signal into a browser fault.
    return Interrupted(received[0]) if received else failure
