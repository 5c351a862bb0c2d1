"""`autobot bench --browser --games N`: the closed loop timed, game after game, in Chromium.

One page server and one headless browser for all games (start-up is reported apart); each game
is a fresh page load with a fixed answer and animations off unless `--anim`. Prints per-step
medians and p95 (capture, read, decide, type, settle), the time per game, and writes `--json`.
Also runnable alone: `python -m autobot.bench.browser --games 50 --json out.json`.
With `--trace DIR`, every game that is not won leaves its trace in DIR/game-N/ (N from 1, in
play order; `autobot.harness.trace`); a won game's trace is deleted as soon as it is won.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import sys
import time
from types import MappingProxyType
from typing import Any

from autobot.app.options import add_browser_arguments
from autobot.app.request import GameChoice, RecordChoice, Request
from autobot.app.session import browser_session
from autobot.bench.model import BenchRecord, BenchRun, summarise
from autobot.bench.output import print_runs, write_runs
from autobot.drivers.browser import BrowserConfig
from autobot.errors import AutobotError
from autobot.harness.record import exit_of, keep_game, traced_game
from autobot.harness.report import check_writable
from autobot.harness.trace import check_folder
from autobot.loop import BotConfig, Timings, percentile, play_game
from autobot.outcomes import Reason
from autobot.page.server import page_url
from autobot.solver import SolverConfig, make_solver
from autobot.words import load_words

DEFAULTS: dict[str, Any] = {
    "games": 50,
    "seed": 1,
    "json": None,
    "strategy": "default",
    "start": None,
    "hard": False,
    "theme": "light",
    "contrast": False,
    "scale": 1.0,
    "anim": False,
    "window_size": (1280, 1024),
    "key_delay": 60.0,
    "remote": None,
    "headed": False,
    "trace": None,
}


# The settings a request holds in its parts; the rest (the page and browser settings, --games,
# --seed) are the benchmark's own options, None unless given.
PARTS: dict[str, str] = {"strategy": "game", "start": "game", "hard": "game",
                         "json": "record", "trace": "record"}


def option(request: Request, name: str) -> Any:
    """A setting from the request, or the benchmark's default when it is not given."""
    part = PARTS.get(name)
    value = getattr(getattr(request, part), name) if part else request.own.get(name)
    return DEFAULTS[name] if value is None else value


def pick_answers(games: int, seed: int) -> list[str]:
    """`games` answers from the original list, reproducibly (seeded), no repeats below 2,315."""
    answers = list(load_words("answers").words)
    rng = random.Random(seed)
    if games <= len(answers):
        return rng.sample(answers, games)
    return [rng.choice(answers) for _ in range(games)]


def run(request: Request) -> int:
    """Play the games, print the figures, write JSON; exit 0 when every game was won."""
    from rich.console import Console
    from rich.table import Table

    games = int(option(request, "games"))
    if games < 1:
        raise AutobotError("--games must be at least 1")
    hard = bool(option(request, "hard"))
    theme, contrast = option(request, "theme"), bool(option(request, "contrast"))
    anim = bool(option(request, "anim"))  # off unless asked: the target is anim-off
    seed = int(option(request, "seed"))
    answers = pick_answers(games, seed)
    start = option(request, "start")
    solver = make_solver(SolverConfig(strategy=option(request, "strategy"), hard=hard,
                                      start=start.lower() if start else None))
    console = Console(highlight=False, stderr=True)
    config = BrowserConfig(
        headless=not option(request, "headed"),
        window_size=tuple(option(request, "window_size")),
        scale=float(option(request, "scale")),
        remote_url=option(request, "remote"),
    )
    timings = Timings()
    results: list[BenchRecord] = []
    game_seconds: list[float] = []
    t0 = time.monotonic()
    json_path = option(request, "json")
    check_writable(json_path)  # before the browser starts, not after the games
    traces = option(request, "trace")
    if traces:
        check_folder(traces)
    try:
        with browser_session(config, key_delay_ms=float(option(request, "key_delay"))) as session:
            startup = time.monotonic() - t0
            driver, base = session.driver, session.base
            for i, answer in enumerate(answers, start=1):
                session.load(page_url(base, answer=answer, theme=theme, contrast=contrast,
                                        hard=hard, anim=anim))
                with traced_game(driver, traces, f"game-{i}",
                                 {"game": i, "answer": answer}) as record:
                    result = play_game(driver, solver, BotConfig(hard=hard))
                    results.append(record_of(answer, result))
                    keep_game(record, {**result.to_json(), "answer": answer}, results[-1].won)
                timings.extend(result.timings)
                game_seconds.append(result.seconds)
                mark = "won" if results[-1].won else "LOST"
                console.print(f"[{i}/{games}] {answer.upper()} {mark} in {len(result.turns)} "
                              f"({result.seconds:.2f} s)")
    except BaseException as exc:
        if json_path:  # the games played so far, and why the run ended (a signal, a dead browser)
            code, reason, error = exit_of(exc, "game")
            stopped = bench_run(results, solver.strategy_name, hard, time.monotonic() - t0,
                                {"asked": games}, seed)
            with contextlib.suppress(AutobotError):
                write_runs(json_path, stopped, exit_code=code, reason=reason, error=error)
        raise
    wall = time.monotonic() - t0
    won = sum(1 for r in results if r.won)
    summary = timings.summary()
    table = Table(title=f"autobot bench --browser: {games} games, animations "
                  f"{'on' if anim else 'off'}, {config.window_size[0]}x{config.window_size[1]}"
                  f" @ {config.scale:g}x")
    for column in ("step", "median ms", "p95 ms", "max ms", "samples"):
        table.add_column(column, justify="left" if column == "step" else "right")
    for step, row in summary.items():
        table.add_row(step.removesuffix("_ms"), f"{row['median']:.1f}", f"{row['p95']:.1f}",
                      f"{row['max']:.1f}", str(row["n"]))
    per_game = {
        "median": round(percentile(game_seconds, 50), 3),
        "p95": round(percentile(game_seconds, 95), 3),
        "max": round(max(game_seconds), 3),
    }
    table.add_row("game (s)", f"{per_game['median']:.2f}", f"{per_game['p95']:.2f}",
                  f"{per_game['max']:.2f}", str(games))
    # A game's time is mostly its rows (each waits out the page's reveal): the median game of
    # a sample follows its mix of 3- and 4-guess games, so each count's median is shown too.
    by_guesses = {
        n: round(percentile([s for s, r in zip(game_seconds, results, strict=True)
                             if len(r.guesses) == n], 50), 3)
        for n in sorted({len(r.guesses) for r in results})
    }
    capture = getattr(driver.screen, "source", "webdriver")
    out = Console(highlight=False)
    out.print(table)
    out.print("game median by guesses: " + ", ".join(
        f"{n}: {s:.2f} s" for n, s in by_guesses.items()) + f"; frames from the {capture}")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    out.print(f"browser up in {startup:.2f} s; load average {load:.1f} on {os.cpu_count()} "
              "cores (timings grow with load)")
    run = bench_run(results, solver.strategy_name, hard, wall, {
        "anim": anim, "window_size": list(config.window_size), "scale": config.scale,
        "key_delay_ms": float(option(request, "key_delay")),
        "browser_startup_s": round(startup, 3), "load_average": round(load, 2),
        "cpu_count": os.cpu_count(), "capture": capture, "steps": summary,
        "game_seconds_by_guesses": by_guesses,
    }, seed)
    print_runs(run)
    write_runs(json_path, run, exit_code=0 if won == games else 1,
               reason=Reason.WON if won == games else Reason.LOST)
    return 0 if won == games else 1


def record_of(answer: str, result: Any) -> BenchRecord:
    """One browser game (a loop `GameResult`) as a benchmark record: won when the page showed
    the answer within its rows; the loop's own record (marks, timings, reason) kept beside."""
    solved = bool(result.won and result.guesses and result.guesses[-1] == answer)
    own = {k: v for k, v in result.to_json().items() if k not in ("won", "guesses", "seconds")}
    return BenchRecord(
        answer=answer, guesses=tuple(result.guesses), solved=solved, won=solved,
        decision_ms=tuple(result.timings.decide_ms), seconds=result.seconds, extra=own,
    )


def bench_run(records: list[BenchRecord], strategy: str, hard: bool, wall: float,
              extra: dict[str, Any], seed: int | None = None) -> BenchRun:
    """The browser run's records and summary (page and machine settings in `extra`)."""
    summary = summarise(records, game="wordle", strategy=strategy, mode="browser", hard=hard,
                        rows=6, wall_s=wall, seed=seed, extra=extra)
    return BenchRun(summary, tuple(records))


def main(argv: list[str] | None = None) -> int:
    """Stand-alone entry: the same benchmark without the `autobot bench` dispatcher."""
    parser = argparse.ArgumentParser(prog="python -m autobot.bench.browser")
    parser.add_argument("--games", type=int, default=DEFAULTS["games"])
    parser.add_argument("--seed", type=int, default=DEFAULTS["seed"])
    parser.add_argument("--json", metavar="OUT")
    parser.add_argument("--trace", metavar="DIR",
                        help="a trace of every game not won, in DIR/game-N/")
    add_browser_arguments(parser)
    parser.set_defaults(anim=False)
    # The request `autobot bench --browser` makes: the page and browser settings its own.
    values = dict(vars(parser.parse_args(argv)))
    game = GameChoice(strategy=values.pop("strategy"), hard=values.pop("hard"))
    record = RecordChoice(json=values.pop("json"), trace=values.pop("trace"))
    request = Request(command="bench", game=game, record=record,
                      profile=values.pop("profile"), own=MappingProxyType(values))
    try:
        return run(request)
    except AutobotError as exc:
        print(f"autobot: error: {exc}", file=sys.stderr)
        return exc.exit_code


if __name__ == "__main__":
    sys.exit(main())
