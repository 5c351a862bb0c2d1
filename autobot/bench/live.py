"""Benchmark of live desktop mode: per-step times over N games (mss frames, pyautogui keys).

    python -m autobot.bench.live [--games 20] [--json bench-live.json] [--no-anim] [--xvfb]

One headed Chromium app window shows the bundled page (under a private Xvfb when there is no
DISPLAY, or with --xvfb); each game loads a new answer into it, then the bot plays it through
`autobot live`'s own game (`autobot.engines.desktop`: `find_board`, then `guarded_game`, the
pixel guard and the X focus watchdog before every key and click). Prints medians and p95 per
step and the watchdog's figures, and writes `autobot-bench/1` JSON (`autobot.bench.output`).
It is a benchmark, not a test: it asserts nothing about time.
"""


from __future__ import annotations

import argparse
import contextlib
import dataclasses
import os
import random
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any

from rich.console import Console

from autobot.app.request import PageChoice, RecordChoice, Request
from autobot.bench.browser import record_of
from autobot.bench.model import BenchRecord, BenchRun, summarise
from autobot.bench.output import print_runs, write_runs
from autobot.drivers.browser import BrowserConfig, open_browser
from autobot.drivers.desktop import MssScreen, page_dialog, parse_region, virtual_display
from autobot.drivers.recording import record_screen
from autobot.engines.desktop import find_board, guarded_game
from autobot.errors import AutobotError
from autobot.harness.record import GameRecord, exit_of, keep_game
from autobot.harness.report import check_writable
from autobot.harness.trace import check_folder
from autobot.loop import Timings, percentile
from autobot.outcomes import Reason
from autobot.page.server import page_url, serve_page
from autobot.rules import score
from autobot.solver import SolverConfig, make_solver
from autobot.vision.learned import PageReader
from autobot.words import load_words

FIND_TIMEOUT_S = 15.0  # a fresh page load in a busy Xvfb may take a while to show its board


def build_parser() -> argparse.ArgumentParser:
    """The benchmark's flags."""
    parser = argparse.ArgumentParser(prog="python -m autobot.bench.live", description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="games to play (default 20)")
    parser.add_argument("--seed", type=int, default=5, help="which answers (default 5)")
    parser.add_argument("--json", metavar="OUT", default="bench-live.json",
                        help="where to write the figures (default bench-live.json)")
    parser.add_argument("--anim", action=argparse.BooleanOptionalAction, default=True,
                        help="page animations (on by default, as on the real site)")
    parser.add_argument("--window", default="0,0,1280,1024", metavar="X,Y,W,H",
                        help="the browser window (default 0,0,1280,1024)")
    parser.add_argument("--key-delay", type=float, default=60.0, metavar="MS")
    parser.add_argument("--dump", "--trace", metavar="DIR", dest="dump",
                        help="a trace of every game not won (stopped or lost) in DIR/ANSWER/: "
                             "its frames, reads, keys and record (`autobot replay DIR/ANSWER`)")
    parser.add_argument("--xvfb", action="store_true",
                        help="run on a private Xvfb even when DISPLAY is set")
    return parser


@contextlib.contextmanager
def game_record(screen: Any, folder: str | None, answer: str) -> Iterator[GameRecord]:
    """One game's record, as `autobot live --trace` keeps it: with a folder, every frame of
    `screen` and every key and click in folder/ANSWER, the record written on any exit, and
    the trace deleted when `keep_game` says the game was won; without one, nothing written."""
    record = GameRecord(None, str(Path(folder) / answer) if folder else None,
                        meta={"answer": answer})
    if record.trace is not None:
        record_screen(screen, record.trace)
    try:
        with record.on_any_exit(lambda exc: getattr(exc, "result", None)):
            yield record
    finally:
        if record.trace is not None:
            record_screen(screen, None)  # the page's next load is no part of this game
    if record.extra.get("won") and record.trace is not None:
        record.trace.discard()


def live_options(request: Request) -> Request:
    """The `autobot live` request the game reads: a click beside the board, no prompts."""
    return Request(key_delay=request.key_delay)


def play_one(screen: Any, solver: Any, answer: str, request: Request,
             timings: Timings, guard_ms: list[float]) -> BenchRecord:
    """One game on screen, as `autobot live` plays it: its record (a stopped game is a record
    with `failed`, not the end of the benchmark; a board never found is)."""
    read = PageReader(None, cols=5)  # `autobot live`'s reader: one per game
    with game_record(screen, request.record.trace, answer) as record:
        frame, first = find_board(screen, read, FIND_TIMEOUT_S, "monitor 1", dialog=page_dialog)
        t0 = time.monotonic()
        try:
            result, driver, focus = guarded_game(live_options(request), screen, frame, first,
                                                 solver, Console(quiet=True), read,
                                                 record=record)
        except AutobotError as exc:
            # Its trace is kept for whoever debugs it (`guarded_game` wrote its record).
            code, reason, _ = exit_of(exc)
            played = getattr(getattr(exc, "result", None), "guesses", [])
            kept = str(record.trace.path) if record.trace is not None else ""
            return BenchRecord(answer=answer, guesses=tuple(played),
                               seconds=time.monotonic() - t0, failed=str(exc),
                               extra={"exit_code": code, "reason": reason, "trace": kept,
                                      **record.extra})
        right = all(t.marks == score(t.guess, answer) for t in result.turns)
        checks = {"board_checks": driver.checks, "marks_right": right,
                  **(focus.figures() if focus is not None else {"focus_checks": None})}
        keep_game(record, {**result.to_json(), "answer": answer, **checks},
                  result.won and right)
    timings.extend(result.timings)
    guard_ms.extend(driver.check_ms)
    game = record_of(answer, result)
    return dataclasses.replace(game, won=game.won and right, extra={**game.extra, **checks})


def figures_of(records: Sequence[BenchRecord], timings: Timings, guard_ms: list[float]
               ) -> dict[str, Any]:
    """The run's own figures: per-step times, the pixel guard's and the focus watchdog's."""
    checks = [r.extra.get("focus_checks") for r in records if r.failed is None]
    windows = sorted({str(r.extra["focus_window"]) for r in records if "focus_window" in r.extra})
    return {
        "steps": timings.summary(),
        "guard_ms": {"median": round(percentile(guard_ms, 50), 3),
                     "p95": round(percentile(guard_ms, 95), 3),
                     "max": round(max(guard_ms), 3) if guard_ms else 0.0, "n": len(guard_ms)},
        # The X focus watchdog (`autobot.drivers.desktop.focus`): None where X cannot be asked.
        "focus_watchdog": bool(checks) and all(c is not None for c in checks),
        "focus_checks": sum(c or 0 for c in checks),
        "focus_checks_per_game": round(percentile([c or 0 for c in checks], 50), 1),
        "focus_windows": windows,
        "marks_right": sum(1 for r in records if r.extra.get("marks_right")),
    }


def run(request: Request) -> BenchRun:
    """Play the games; their run (records and summary)."""
    own, anim, dump = request.own, request.page.anim, request.record.trace
    x, y, w, h = parse_region(own["window"])
    check_writable(request.record.json)  # before the browser starts, not after the games
    if dump:
        check_folder(dump, "--dump")  # now, not when the first game stops
    answers = random.Random(own["seed"]).sample(load_words("answers").words, own["games"])
    solver = make_solver(SolverConfig())
    timings = Timings()
    guard_ms: list[float] = []
    records: list[BenchRecord] = []
    about = {"anim": anim, "window": [x, y, w, h], "key_delay_ms": request.key_delay,
             "cpu_count": os.cpu_count()}
    t0 = time.monotonic()

    def bench_run() -> BenchRun:
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
        extra = {**about, "load_average": load, **figures_of(records, timings, guard_ms)}
        return BenchRun(summarise(records, game="wordle", strategy=solver.strategy_name,
                                  mode="desktop", wall_s=time.monotonic() - t0, seed=own["seed"],
                                  extra=extra), tuple(records))

    try:
        with contextlib.ExitStack() as stack:
            if own["xvfb"] or not os.environ.get("DISPLAY"):
                os.environ.update(stack.enter_context(virtual_display()))
            base = stack.enter_context(serve_page())
            web = stack.enter_context(open_browser(BrowserConfig(
                headless=False, window_size=(w, h), window_position=(x, y),
                app_mode_url=page_url(base, answer=answers[0], anim=anim),
            )))
            screen = stack.enter_context(MssScreen())
            for i, answer in enumerate(answers):
                if i:
                    # A new game = a new page load (navigation only; nothing read from the page).
                    web.get(page_url(base, answer=answer, anim=anim))
                game = play_one(screen, solver, answer, request, timings, guard_ms)
                records.append(game)
                print(f"{i + 1:2d}/{len(answers)} {answer}: " + (
                    f"STOPPED ({game.failed}) {game.extra.get('trace', '')}" if game.failed else
                    f"{'won' if game.won else 'LOST'} in {len(game.guesses)} "
                    f"({game.seconds or 0:.1f} s), {game.extra.get('focus_checks')} focus checks"
                    + ("" if game.extra.get("marks_right") else "  MARKS WRONG")), flush=True)
    except BaseException as exc:
        # The games played so far, and why the run ended (no board, a signal, a dead browser).
        code, reason, error = exit_of(exc, "game")
        with contextlib.suppress(AutobotError):
            write_runs(request.record.json, bench_run(), exit_code=code, reason=reason, error=error)
        raise
    return bench_run()


def print_figures(run: BenchRun) -> None:
    """The steps' table and the guard's and the watchdog's figures."""
    extra = run.summary.extra
    print(f"{'step':<12}{'median ms':>12}{'p95 ms':>12}{'max ms':>12}{'n':>7}")
    for step, s in {**extra["steps"], "guard_ms": extra["guard_ms"]}.items():
        print(f"{step.removesuffix('_ms'):<12}{s['median']:>12.1f}{s['p95']:>12.1f}"
              f"{s['max']:>12.1f}{s['n']:>7}")
    print(f"focus watchdog {'on' if extra['focus_watchdog'] else 'OFF'}: "
          f"{extra['focus_checks']} X focus checks ({extra['focus_checks_per_game']} a game), "
          f"keys went to {', '.join(extra['focus_windows']) or '-'}; marks right in "
          f"{extra['marks_right']}/{run.summary.games}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark, print the table, write the JSON."""
    values = dict(vars(build_parser().parse_args(argv)))
    # The request the games read: the page's motion, the records, the key delay; the rest its own.
    request = Request(command="bench", page=PageChoice(anim=values.pop("anim")),
                      record=RecordChoice(json=values.pop("json"), trace=values.pop("dump")),
                      key_delay=values.pop("key_delay"), own=MappingProxyType(values))
    try:
        games = run(request)
    except AutobotError as exc:
        print(f"bench_live: error: {exc}", file=sys.stderr)
        return exc.exit_code
    print_runs(games)
    print_figures(games)
    ok = games.summary.won == games.summary.games
    write_runs(request.record.json, games, exit_code=0 if ok else 1,
               reason=Reason.WON if ok else Reason.LOST)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
