"""A game's `--json` record on every way a run ends: won, lost, quit, stopped, interrupted.

The path is checked before anything starts; the record is written once, atomically, after the
browser and servers are closed, with `exit_code` and a stable `reason` code:

won, lost, quit (the player stopped it: not a loss), interrupted (SIGINT / SIGTERM / SIGHUP,
named in `signal`), bad_input, no_board, safety_stop, browser_unavailable (it could not be
started), page_unreachable (the browser could not load the page), browser_died (it stopped
answering mid-game), error (anything else).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from typing import Any

from autobot.bench.model import SCHEMA
from autobot.errors import UNAVAILABLE_EXIT, AutobotError, browser_failure, browser_went
from autobot.harness.report import check_writable, write_json
from autobot.shutdown import exit_code_of, interrupt_behind, signal_of
from autobot.wordle import Turn

REASONS = ("won", "lost", "quit", "interrupted", "bad_input", "no_board", "safety_stop",
           "browser_unavailable", "page_unreachable", "browser_died", "error")

# What an AutobotError's exit code means, where the phase of the run does not say more.
_BY_CODE = {0: "won", 1: "lost", 2: "bad_input", 3: "no_board", 4: "safety_stop"}
# Exit 5 by the phase the run was in: the browser starting, the page loading, the game.
_UNAVAILABLE_BY_PHASE = {"setup": "browser_unavailable", "browser": "browser_unavailable",
                         "page": "page_unreachable", "game": "browser_died"}


def exit_of(exc: BaseException, phase: str = "game") -> tuple[int, str, str]:
    """(exit code, reason, one-line error) for an exception that ends a run in `phase`
    ('setup', 'browser', 'page' or 'game')."""
    if isinstance(exc, KeyboardInterrupt):
        sig = signal_of(exc)
        return exit_code_of(exc), "interrupted", f"interrupted ({sig})"
    if isinstance(exc, AutobotError):
        code = exc.exit_code
        if code == UNAVAILABLE_EXIT:
            return code, _UNAVAILABLE_BY_PHASE.get(phase, "browser_unavailable"), str(exc)
        return code, _BY_CODE.get(code, "error"), str(exc)
    broken = browser_failure(exc)
    if broken is not None:
        return UNAVAILABLE_EXIT, _UNAVAILABLE_BY_PHASE.get(phase, "browser_died"), broken
    return 1, "error", f"{type(exc).__name__}: {exc}"


def outcome(won: bool, stopped: str | None) -> str:
    """The reason for a game that ran to its end: won, lost, or quit (stopped by the player)."""
    if won:
        return "won"
    return "quit" if stopped else "lost"


def verdict_line(verdict: str, guesses: int) -> str:
    """'won in 1 guess', 'lost in 6 guesses', 'quit after 2 guesses' (a quit is not a loss)."""
    plural = "guess" if guesses == 1 else "guesses"
    if verdict == "quit":
        return f"quit after {guesses} {plural}"
    return f"{verdict} in {guesses} {plural}"


class GameRecord:
    """The `--json OUT` of one game: checked writable at once, written once however it ends.

    `rows` collects the scored rows as the game reports them (`note(event)`), so a run cut
    short (a signal, a dead browser) still records what was played.
    """

    def __init__(self, path: str | None) -> None:
        check_writable(path)
        self.path = path
        self.written = False
        self.phase = "setup"  # then "browser", "page", "game"
        self.rows: list[tuple[str, str]] = []
        self.started = time.monotonic()
        self.extra: dict[str, Any] = {}  # fields known before the end (keys, capture, lang)

    def note(self, event: Any) -> None:
        """Keep a scored row from the game's events."""
        if getattr(event, "kind", None) in ("row", "resumed"):
            self.rows.append((event.guess, event.marks))

    def write(self, record: dict[str, Any], *, exit_code: int, reason: str) -> None:
        """Write `record` with its exit code and reason (a reason the game set is kept when the
        run ended as the game said)."""
        if not self.path:
            return
        data = {**record, **{k: v for k, v in self.extra.items() if k not in record}}
        keep = bool(record.get("reason")) and record.get("exit_code") == exit_code
        data["exit_code"] = exit_code
        if not keep:
            data["reason"] = reason
        write_json(self.path, data)
        self.written = True

    def failed(self, exc: BaseException, result: Any = None) -> None:
        """Record a run that ended on `exc`: the game so far (`result`, else the rows seen)."""
        code, reason, error = exit_of(exc, self.phase)
        if result is None:
            result = self.partial(error, code)
        record = result.to_json()
        record["error"] = record.get("error") or error
        if reason == "interrupted":
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
            if self.path and not self.written:
                result = result_of(exc) if result_of is not None else None
                # The run's own error is what the user must see, not a second one about the file.
                with contextlib.suppress(AutobotError, OSError):
                    self.failed(cause, result)
            if cause is not exc:
                raise cause from exc
            raise


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
