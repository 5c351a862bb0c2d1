"""A game's `--json` record on every way a run ends: won, lost, quit, stopped, interrupted.

The path is checked before anything starts; the record is written once, atomically, after the
browser and servers are closed, with `exit_code` and a stable `reason`: one of
`autobot.outcomes.Reason` (won, lost, quit, interrupted with its `signal`, the game's own stop
reasons, browser_unavailable / page_unreachable / browser_died by the phase the run was in).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from autobot.bench.model import SCHEMA
from autobot.drivers.recording import record_driver
from autobot.errors import UNAVAILABLE_EXIT, AutobotError, browser_failure, browser_went
from autobot.harness.report import check_writable, write_json
from autobot.harness.trace import Trace
from autobot.outcomes import BY_EXIT, Reason
from autobot.rules import Turn
from autobot.shutdown import exit_code_of, interrupt_behind, signal_of

REASONS = tuple(Reason)  # every record's `reason` is one of these (autobot.outcomes)

# Exit 5 by the phase the run was in: the browser starting, the page loading, the game.
_UNAVAILABLE_BY_PHASE = {"setup": Reason.BROWSER_UNAVAILABLE,
                         "browser": Reason.BROWSER_UNAVAILABLE,
                         "page": Reason.PAGE_UNREACHABLE, "game": Reason.BROWSER_DIED}


def exit_of(exc: BaseException, phase: str = "game") -> tuple[int, Reason, str]:
    """(exit code, reason, one-line error) for an exception that ends a run in `phase`
    ('setup', 'browser', 'page' or 'game')."""
    if isinstance(exc, KeyboardInterrupt):
        sig = signal_of(exc)
        return exit_code_of(exc), Reason.INTERRUPTED, f"interrupted ({sig})"
    if isinstance(exc, AutobotError):
        code = exc.exit_code
        if code == UNAVAILABLE_EXIT:
            return code, _UNAVAILABLE_BY_PHASE.get(phase, Reason.BROWSER_UNAVAILABLE), str(exc)
        return code, BY_EXIT.get(code, Reason.ERROR), str(exc)
    broken = browser_failure(exc)
    if broken is not None:
        return UNAVAILABLE_EXIT, _UNAVAILABLE_BY_PHASE.get(phase, Reason.BROWSER_DIED), broken
    return 1, Reason.ERROR, f"{type(exc).__name__}: {exc}"


def outcome(won: bool, stopped: str | None) -> Reason:
    """The reason for a game that ran to its end: won, lost, or quit (stopped by the player)."""
    if won:
        return Reason.WON
    return Reason.QUIT if stopped else Reason.LOST


def verdict_line(verdict: str, guesses: int) -> str:
    """'won in 1 guess', 'lost in 6 guesses', 'quit after 2 guesses' (a quit is not a loss)."""
    plural = "guess" if guesses == 1 else "guesses"
    if verdict == "quit":
        return f"quit after {guesses} {plural}"
    return f"{verdict} in {guesses} {plural}"


class GameRecord:
    """The `--json OUT` of one game: checked writable at once, written once however it ends.

    `rows` collects the scored rows as the game reports them (`note(event)`), so a run cut
    short (a signal, a dead browser) still records what was played. A game with a shape of its
    own (Tuble's stations, a puzzle's moves) sets `progress`: the game so far, as its record.
    """

    def __init__(self, path: str | None, trace: str | None = None,
                 meta: dict[str, Any] | None = None) -> None:
        check_writable(path)
        self.path = path
        # `--trace DIR`: made (or refused) now, before anything starts; the record goes there
        # too, and `on_any_exit` closes it.
        self.trace = Trace(trace, meta=meta) if trace else None
        self.written = False
        self.phase = "setup"  # then "browser", "page", "game"
        self.rows: list[tuple[str, str]] = []
        self.started = time.monotonic()
        self.extra: dict[str, Any] = {}  # fields known before the end (keys, capture, lang)
        self.progress: Callable[[], dict[str, Any]] | None = None  # the game so far, its shape

    def note(self, event: Any) -> None:
        """Keep a scored row from the game's events."""
        if getattr(event, "kind", None) in ("row", "resumed"):
            self.rows.append((event.guess, event.marks))

    @property
    def wanted(self) -> bool:
        """Is the record written anywhere (a --json path, a trace)?"""
        return bool(self.path) or self.trace is not None

    def write(self, record: dict[str, Any], *, exit_code: int, reason: str) -> None:
        """Write `record` with its exit code and reason (a reason the game set is kept when the
        run ended as the game said), to the --json path and the trace."""
        if not self.wanted:
            return
        data = {**record, **{k: v for k, v in self.extra.items() if k not in record}}
        keep = bool(record.get("reason")) and record.get("exit_code") == exit_code
        data["exit_code"] = exit_code
        if not keep:
            data["reason"] = reason
        if self.trace is not None:
            self.trace.finish(data)
        if self.path:
            write_json(self.path, data)
        self.written = True

    def failed(self, exc: BaseException, result: Any = None) -> None:
        """Record a run that ended on `exc`: the game so far (`result`, else the rows seen)."""
        code, reason, error = exit_of(exc, self.phase)
        if result is None and self.progress is not None:
            record = {**self.progress(), "won": False}
            stop = getattr(exc, "reason", None)  # a stop that names its own reason keeps it
            if stop and reason not in (Reason.INTERRUPTED, Reason.BROWSER_DIED):
                record.update(reason=stop, exit_code=code)
        else:
            record = (result or self.partial(error, code)).to_json()
        record["error"] = record.get("error") or error
        if reason is Reason.INTERRUPTED:
            record["signal"] = signal_of(exc)
        self.write(record, exit_code=code, reason=reason)

    def partial(self, error: str, exit_code: int) -> Any:
        """A GameResult of the rows seen so far, for a game that never returned one."""
        from autobot.loop.result import GameResult, Timings

        return GameResult(won=False, turns=tuple(Turn(g, m) for g, m in self.rows),
                          rejected=(), seconds=time.monotonic() - self.started,
                          timings=Timings(), error=error, exit_code=exit_code)

    @contextlib.contextmanager
    def on_any_exit(self, result_of: Callable[[BaseException], Any] | None = None
                    ) -> Iterator[GameRecord]:
        """Within: any exception (a signal too) writes the record, then goes on out.
        `result_of(exc)` may give the game so far (a GameFailed's result), else None."""
        try:
            yield self
        except BaseException as exc:
            # A browser gone because the whole group got a signal: the run was interrupted.
            cause = interrupt_behind(exc) if browser_went(exc) else exc
            if self.wanted and not self.written:
                result = result_of(exc) if result_of is not None else None
                # The run's own error is what the user must see, not a second one about the file.
                with contextlib.suppress(AutobotError, OSError):
                    self.failed(cause, result)
            if cause is not exc:
                raise cause from exc
            raise
        finally:
            if self.trace is not None:
                self.trace.close()


# --- one game of many, traced ----------------------------------------------------------------


@contextlib.contextmanager
def traced_game(driver: Any, folder: str | None, name: str, meta: dict[str, Any]
                ) -> Iterator[GameRecord | None]:
    """Within: one game of a benchmark traced in folder/name (every frame, key and click of
    `driver`, its record on any exit); a game `keep_game` says was won leaves no trace.
    Without a folder, nothing is recorded (None)."""
    if not folder:
        yield None
        return
    record = GameRecord(None, str(Path(folder) / name), meta=meta)
    record_driver(driver, record.trace)
    try:
        with record.on_any_exit(lambda exc: getattr(exc, "result", None)):
            yield record
    finally:
        record_driver(driver, None)  # the page's next load is no part of this game
    if record.extra.get("won") and record.trace is not None:
        record.trace.discard()


def keep_game(record: GameRecord | None, data: dict[str, Any], won: bool) -> None:
    """Write a traced game's record (`won` as its benchmark judges it)."""
    if record is None:
        return
    record.extra["won"] = won
    record.write({**data, "won": won}, exit_code=0 if won else 1,
                 reason=Reason.WON if won else Reason.LOST)


# --- an interrupt before the command has its record ----------------------------------------


def early_json_path(argv: list[str]) -> str | None:
    """The `--json` path of a command line whose run writes its record on an interrupt (`play`,
    `live` that types, `bench --browser`), read from the words themselves: the parser is not
    built yet in the first second, and a signal then must not leave an older record standing."""
    if not argv:
        return None
    command = argv[0]
    if not (command == "play" or (command == "live" and "--advise" not in argv)
            or (command == "bench" and "--browser" in argv)):
        return None
    path = None
    for i, word in enumerate(argv):
        if word == "--":
            break
        if word == "--json" and i + 1 < len(argv):
            path = argv[i + 1]
        elif word.startswith("--json="):
            path = word.split("=", 1)[1]
    return path or None


def record_early_interrupt(argv: list[str], exc: BaseException, started: float) -> None:
    """An interrupt reached the top before the command wrote its record: write one saying so,
    unless this run already wrote the file (modified since `started`, a `time.time()`)."""
    import os

    path = early_json_path(argv)
    if path is None or path == "-":
        return
    try:
        if os.stat(path).st_mtime >= started:
            return  # the command's own record, written on its way out
    except FileNotFoundError:
        pass
    except OSError:
        return
    code, reason, error = exit_of(exc)
    record: dict[str, Any] = {"won": False, "guesses": [], "marks": []}
    if argv[0] == "bench":  # the benchmark's own document, with no run in it

        record = {"schema": SCHEMA, "runs": []}
    record.update(exit_code=code, reason=reason, error=error, signal=signal_of(exc))
    with contextlib.suppress(AutobotError, OSError):
        write_json(path, record)
