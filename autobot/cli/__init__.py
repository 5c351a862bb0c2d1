"""The command line: `main(argv) -> int`, the one place that wires screens, drivers, strategies.

Each subcommand has its parser in `autobot/cli/parsers/<name>.py` (`register(subparsers) ->
None`) and its runner in `autobot/cli/<name>.py` (`run(args) -> int`, which turns the parsed
options into the typed `Request` the layers below take: `autobot.cli.request`). Building the
parser imports the parsers alone; a runner module, with what it plays with, is imported only
when its command runs, so `autobot --help` never touches a display, a browser or pyautogui.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from collections.abc import Sequence

from autobot import __version__
from autobot.errors import UNAVAILABLE_EXIT, AutobotError, BadInput, browser_failure, browser_went
from autobot.harness.record import record_early_interrupt
from autobot.shutdown import exit_code_of, interrupt_behind, signal_of, signals_as_interrupt

# Subcommands, each a module under autobot.cli of the same name, in help order.
COMMANDS: tuple[str, ...] = (
    "play", "solve", "bench", "tree", "read", "serve", "replay", "fixtures", "calibrate", "live",
    "grid",
)


class _Parser(argparse.ArgumentParser):
    """argparse that raises instead of exiting, so `main` can return the code."""

    def error(self, message: str) -> None:  # type: ignore[override]
        where = self.prog.removeprefix("autobot").strip()
        raise BadInput(f"{where}: {message}" if where else message)


def build_parser() -> argparse.ArgumentParser:
    """The full `autobot` parser with every available subcommand."""
    parser = _Parser(
        prog="autobot", description="A Wordle bot that plays by looking at the screen."
    )
    parser.add_argument("--version", action="version", version=f"autobot {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMANDS:
        importlib.import_module(f"autobot.cli.parsers.{name}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run `autobot ARGS`; returns the exit code (0 ok, 2 bad input, others per command)."""
    # SIGINT, SIGTERM and SIGHUP all unwind through the command's cleanup (autobot.shutdown),
    # from the first line on: a signal while the browser starts is handled like one mid-game.
    started = time.time()  # a record older than this is not this run's
    try:
        with signals_as_interrupt():
            return _main(argv, started)
    except KeyboardInterrupt as exc:  # a signal in the last instant, after _main's handlers
        return exit_code_of(exc)


def _main(argv: Sequence[str] | None, started: float = 0.0) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        parser = build_parser()
        args = parser.parse_args(args_list)
        if not getattr(args, "command", None):
            parser.print_help()
            return 2
        module = importlib.import_module(f"autobot.cli.{args.command}")
        return int(module.run(args) or 0)
    except KeyboardInterrupt as exc:
        return _interrupted(exc, args_list, started)
    except SystemExit as exc:  # --help / --version
        return exc.code if isinstance(exc.code, int) else 0
    except BrokenPipeError:
        return 0
    except Exception as exc:
        line = str(exc) if isinstance(exc, AutobotError) else browser_failure(exc)
        if line is None:
            raise
        # A browser gone because the whole group got a signal: the run was interrupted.
        cause = interrupt_behind(exc) if browser_went(exc) else exc
        if isinstance(cause, KeyboardInterrupt):
            return _interrupted(cause, args_list, started)
        print(f"autobot: error: {line}", file=sys.stderr)
        return exc.exit_code if isinstance(exc, AutobotError) else UNAVAILABLE_EXIT


def _interrupted(exc: KeyboardInterrupt, args_list: list[str], started: float) -> int:
    """Say which signal stopped the run; its exit code. Also in the first second, while the
    parser is built: no older record is left standing."""
    record_early_interrupt(args_list, exc, started)
    sig = signal_of(exc)
    print("autobot: interrupted" + ("" if sig == "SIGINT" else f" ({sig})"), file=sys.stderr)
    return exit_code_of(exc)
