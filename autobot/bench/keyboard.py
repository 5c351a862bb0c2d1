"""Benchmark `read_keyboard`: median / p95 per frame, beside `read_board` on the same frames.

`python -m autobot.bench.keyboard [--reads 100] [--json bench-out/keyboard.json]`

The frames are `autobot.bench.read`'s screenshots of the bundled page (1280x1024 light, dark,
high contrast, and 3840x2160), each timed four ways: the board read (for scale), the keyboard
with the board's grid, the same with a key cache shared by the reads (a game loop re-reading
an unchanged keyboard), and without the grid. Each timed read is checked: every letter key
read, with the mark the game's rules give it. Wall-clock and thread CPU time are reported;
the JSON is `autobot-bench/1` (mode "read": a run a frame, a record a way).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable

import numpy as np

from autobot.bench.model import BenchRecord, BenchRun, summarise
from autobot.bench.output import write_runs
from autobot.bench.read import ANSWER, GUESSES, page_frames
from autobot.rules import score
from autobot.vision import read_board
from autobot.vision.keyboard import KeyboardRead, best_marks, read_keyboard

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _right(read: KeyboardRead, board: bool = True) -> bool:
    """Every letter key read, coloured as the rules say, and ENTER and BACK found (without a
    `board`, grey keys in two shades are '?': absent or unused)."""
    want = best_marks([(g.upper(), score(g, ANSWER)) for g in GUESSES])
    if not board:
        want = {c: m if m in "GY" else "?" for c in LETTERS if (m := want.get(c, "."))}
    marks = read.marks()
    return (read.found and all(marks.get(c) == want.get(c, ".") for c in LETTERS)
            and read.key("ENTER") is not None and read.key("BACK") is not None)


def _time(call: Callable[[], object], reads: int) -> dict[str, float]:
    """Median / p95 wall and thread-CPU ms of `reads` calls."""
    wall, cpu = [], []
    for _ in range(reads):
        t0, c0 = time.perf_counter(), time.thread_time()
        call()
        cpu.append((time.thread_time() - c0) * 1000)
        wall.append((time.perf_counter() - t0) * 1000)
    return {
        "median_ms": round(statistics.median(wall), 2),
        "p95_ms": round(float(np.percentile(wall, 95)), 2),
        "cpu_median_ms": round(statistics.median(cpu), 2),
    }


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark, print a table, write JSON."""
    parser = argparse.ArgumentParser(prog="python -m autobot.bench.keyboard",
                                     description=__doc__)
    parser.add_argument("--reads", type=int, default=100)
    parser.add_argument("--json", "--out", dest="json", default="bench-out/keyboard.json",
                        metavar="OUT", help="where to write the figures")
    args = parser.parse_args(argv)
    runs = []
    print(f"{'frame':22s} {'mode':10s} {'median':>8s} {'p95':>8s} {'cpu med':>8s} right")
    for name, frame in page_frames().items():
        grid = read_board(frame).grid
        cache: dict = {}
        modes: list[tuple[str, Callable[[], object], bool]] = [
            ("board", lambda f=frame: read_board(f), True),
            ("grid", lambda f=frame, g=grid: read_keyboard(f, g),
             _right(read_keyboard(frame, grid))),
            ("grid+cache", lambda f=frame, g=grid, c=cache: read_keyboard(f, g, cache=c),
             _right(read_keyboard(frame, grid, cache=cache))),
            ("no grid", lambda f=frame: read_keyboard(f),
             _right(read_keyboard(frame), board=False)),
        ]
        records = []
        t0 = time.monotonic()
        for mode, call, right in modes:
            r = {"mode": mode, **_time(call, args.reads), "reads": args.reads}
            records.append(BenchRecord(answer=mode, solved=right, won=right, extra=r))
            print(f"{name:22s} {mode:10s} {r['median_ms']:8.2f} {r['p95_ms']:8.2f} "
                  f"{r['cpu_median_ms']:8.2f} {right}")
        size = f"{frame.shape[1]}x{frame.shape[0]}"
        runs.append(BenchRun(summarise(
            records, game=f"keyboard {name}", strategy="read_keyboard", mode="read", rows=None,
            wall_s=time.monotonic() - t0,
            extra={"size": size, "target_ms": 15.0 if size == "1280x1024" else None}),
            tuple(records)))
    write_runs(args.json, runs, reads=args.reads, load_average=round(os.getloadavg()[0], 2),
               cpu_count=os.cpu_count())
    return 0 if all(r.summary.won == r.summary.games for r in runs) else 1

if __name__ == "__main__":
    raise SystemExit(main())
