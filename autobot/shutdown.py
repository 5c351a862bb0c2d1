"""One way out: Ctrl-C, `kill` (SIGTERM) and a closed terminal (SIGHUP) all unwind the same way.

Each signal becomes an `Interrupted` (a KeyboardInterrupt) raised in the main thread, so every
`with` block on the way out runs: the browser is quit, chromedriver and Xvfb reaped, the profile
deleted, servers closed, a record written. The exit code is the shell's 128 + signal number
(130 / 143 / 129). While that cleanup runs a second signal is held back (a terminal sends one to
every process of the group, `timeout` may send another); a third one is obeyed at once.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from typing import Any

# The signals a run is ended by from outside: a terminal's Ctrl-C, `kill`/`timeout`/CI
# cancellation/systemd, a terminal closed under it.
SIGNALS: tuple[int, ...] = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
INTERRUPT_EXIT = 130  # Ctrl-C, or a KeyboardInterrupt that names no signal


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
        yield handler.received
    finally:
        for signum, old in previous.items():
            with contextlib.suppress(ValueError, TypeError):
                signal.signal(signum, old if old is not None else signal.SIG_DFL)
