"""Benchmark of live desktop mode: per-step times over N games (mss frames, pyautogui keys).

    python -m autobot.bench.live [--games 20] [--json bench-live.json] [--no-anim] [--xvfb]

One headed Chromium app window shows the bundled page (under a private Xvfb when there is no
DISPLAY, or with --xvfb); each game loads a new answer into it, then the bot plays through the
same guarded desktop path as `autobot live`. Prints medians and p95 per step and writes JSON.
It is a benchmark, not a test: it asserts nothing about time.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from autobot.drivers.browser import BrowserConfig, open_browser
from autobot.drivers.desktop import (
    DesktopDriver,
    GuardedDriver,
    MssScreen,
    anchor_of,
    focus_spot,
    parse_region,
    virtual_display,
)
from autobot.engines.desktop import find_board, live_config
from autobot.errors import AutobotError, SafetyStop
from autobot.harness.record import keep_game, traced_game
from autobot.harness.trace import check_folder
from autobot.page.server import page_url, serve_page
from autobot.rules import score
from autobot.solver import SolverConfig, make_solver
from autobot.words import load_words


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
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
    return parser.parse_args(argv)


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Play the games; returns the JSON record."""
    from autobot.loop import Timings, percentile, play_game
    from autobot.vision import read_board

    x, y, w, h = parse_region(args.window)
    if args.dump:
        check_folder(args.dump, "--dump")  # now, not when the first game stops
    answers = random.Random(args.seed).sample(load_words("answers").words, args.games)
    solver = make_solver(SolverConfig())
    timings = Timings()
    guard_ms: list[float] = []
    games: list[dict[str, Any]] = []
    with contextlib.ExitStack() as stack:
        if args.xvfb or not os.environ.get("DISPLAY"):
            os.environ.update(stack.enter_context(virtual_display()))
        base = stack.enter_context(serve_page())
        web = stack.enter_context(open_browser(BrowserConfig(
            headless=False, window_size=(w, h), window_position=(x, y),
            app_mode_url=page_url(base, answer=answers[0], anim=args.anim),
        )))
        screen = stack.enter_context(MssScreen())
        keys = DesktopDriver(screen, key_delay=args.key_delay / 1000)
        for i, answer in enumerate(answers):
            if i:
                # A new game = a new page load (navigation only; nothing is read from the page).
                web.get(page_url(base, answer=answer, anim=args.anim))
            # Each game is traced from its board search on; one not won keeps its trace.
            with traced_game(keys, args.dump, answer, {"game": i + 1, "answer": answer}) \
                    as record:
                frame, first = find_board(screen, read_board, 15.0, "monitor 1")
                spot = focus_spot(frame, first.grid)
                if spot is None:
                    raise SafetyStop("no blank spot beside the board to click")
                keys.click(*spot)  # frame pixels: the driver maps them to the pointer
                anchor = anchor_of(first.grid)
                driver = GuardedDriver(keys, read_board, anchor=anchor)
                t0 = time.monotonic()
                try:
                    result = play_game(driver, solver, live_config(False),
                                       guard=driver.observe)
                except AutobotError as exc:
                    # One stopped game is a finding, not the end of the benchmark: its trace
                    # is kept for whoever debugs it, and the next answer is played.
                    if record is not None:
                        record.failed(exc, getattr(exc, "result", None))
                    kept = str(record.trace.path) if record and record.trace else ""
                    games.append({"answer": answer, "won": False, "stopped": str(exc),
                                  "exit_code": exc.exit_code, "frames": kept,
                                  "seconds": round(time.monotonic() - t0, 3),
                                  "marks_right": True})
                    print(f"{i + 1:2d}/{len(answers)} {answer}: STOPPED ({exc})"
                          f"{kept and ' -> '}{kept}", flush=True)
                    continue
                wall = time.monotonic() - t0
                right = all(t.marks == score(t.guess, answer) for t in result.turns)
                keep_game(record, {**result.to_json(), "answer": answer},
                          result.won and right)
            timings.extend(result.timings)
            guard_ms.extend(driver.check_ms)
            games.append({"answer": answer, "won": result.won, "guesses": result.guesses,
                          "marks_right": right, "seconds": round(wall, 3)})
            print(f"{i + 1:2d}/{len(answers)} {answer}: {'won' if result.won else 'LOST'} in "
                  f"{len(result.turns)} ({wall:.1f} s){'' if right else '  MARKS WRONG'}",
                  flush=True)
    summary = timings.summary()
    summary["guard_ms"] = {
        "median": round(percentile(guard_ms, 50), 3), "p95": round(percentile(guard_ms, 95), 3),
        "max": round(max(guard_ms), 3) if guard_ms else 0.0, "n": len(guard_ms),
    }
    seconds = [g["seconds"] for g in games]
    return {
        "games": len(games),
        "won": sum(g["won"] for g in games),
        "marks_right": sum(g["marks_right"] for g in games),
        "anim": args.anim,
        "window": [x, y, w, h],
        "key_delay_ms": args.key_delay,
        "game_seconds": {"median": round(percentile(seconds, 50), 3),
                         "p95": round(percentile(seconds, 95), 3)},
        "steps": summary,
        "results": games,
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark, print the table, write the JSON."""
    args = parse_args(argv)
    try:
        record = run(args)
    except AutobotError as exc:
        print(f"bench_live: error: {exc}", file=sys.stderr)
        return exc.exit_code
    print(f"\n{record['won']}/{record['games']} won, marks right in {record['marks_right']}; "
          f"game median {record['game_seconds']['median']:.2f} s, "
          f"p95 {record['game_seconds']['p95']:.2f} s (anim {'on' if args.anim else 'off'})")
    print(f"{'step':<12}{'median ms':>12}{'p95 ms':>12}{'max ms':>12}{'n':>7}")
    for step, s in record["steps"].items():
        print(f"{step:<12}{s['median']:>12.1f}{s['p95']:>12.1f}{s['max']:>12.1f}{s['n']:>7}")
    with open(args.json, "w", encoding="utf-8") as out:
        json.dump(record, out, indent=2)
        out.write("\n")
    print(f"wrote {args.json}")
    return 0 if record["won"] == record["games"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
