#!/usr/bin/env python3
"""Board read time of two source trees on the very same frames, interleaved (issue 22).

On a shared machine a figure from one run and a figure from another are not comparable:
this saves the benchmark frames once (`autobot.bench.vision`'s screenshots of the bundled page
and `autobot.bench.read`'s fixture frames), then times `read_board` of each tree in turn, in
fresh processes, several rounds in ABBA order, and prints min / median of the per-round
medians (wall and process CPU) with the 1-minute load. Not a test.

`python scripts/bench_read_ab.py OLD_TREE NEW_TREE [--rounds 4] [--reads 20] [--old-one-thread]`
(a tree: a checkout of autobot, e.g. `git worktree add --detach /tmp/old 5d55b9f`).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

# Run inside each tree (its own autobot first on the path): times every frame of a group.
TIMER = r'''
import json, os, statistics, sys, time
sys.path.insert(0, os.getcwd())
import numpy as np
if os.environ.get("AB_CV_THREADS"):  # a tree timed with OpenCV held to this many threads
    import cv2
    cv2.setNumThreads(int(os.environ["AB_CV_THREADS"]))
from autobot.vision import read_board
frames = np.load(sys.argv[1])
group, reads, modes = sys.argv[2], int(sys.argv[3]), sys.argv[4].split(",")
out = {}
for mode in modes:
    wall, cpu = [], []
    for name in (k for k in frames.files if k.startswith(group)):
        frame = np.ascontiguousarray(frames[name])
        cache = {} if mode == "cache" else None
        first = read_board(frame, cache=cache)
        hint = first.grid if mode != "full" else None
        w, c = [], []
        for _ in range(reads):
            shot = frame.copy()  # a new array each read, as a game's capture (bench.vision)
            t0, c0 = time.perf_counter(), time.process_time()
            read_board(shot, hint=hint, cache=cache)
            c.append((time.process_time() - c0) * 1000)
            w.append((time.perf_counter() - t0) * 1000)
        wall.append(statistics.median(w))
        cpu.append(statistics.median(c))
    out[mode] = [statistics.median(wall), statistics.median(cpu)]
print(json.dumps(out))
'''

GROUPS = {"1280x1024 (bundled page)": ("vision/1280", "full,hint,cache"),
          "3840x2160 (fixtures, page at 1x and 2x)": ("read4k/", "full")}


def save_frames(path: Path) -> None:
    """The frames both trees are timed on, from this tree's benchmarks."""
    import numpy as np

    from autobot.bench import read as bench_read
    from autobot.bench.vision import make_frames
    from autobot.vision import load_image

    out = {f"vision/{k}": v for k, v in make_frames().items()}
    for scale, width in ((1.0, 1280), (2.0, 2560)):
        for data in bench_read.sidecars(scale, width):
            page = load_image(bench_read.FIXTURES / data["image"])
            out[f"read4k/{int(scale)}x-{data['name']}"] = bench_read.desktop_4k(
                page, int(scale), data["theme"] == "dark")
    np.savez(path, **out)


def main(argv: list[str] | None = None) -> int:
    """Save the frames, time both trees in alternation, print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--reads", type=int, default=20, help="timed reads per frame and mode")
    parser.add_argument("--old-one-thread", action="store_true",
                        help="also time the old tree with OpenCV on one thread ('old-1t')")
    args = parser.parse_args(argv)
    trees = {"old": (args.old, ""), "new": (args.new, "")}
    if args.old_one_thread:
        trees["old-1t"] = (args.old, "1")
    with tempfile.TemporaryDirectory() as tmp:
        frames, timer = Path(tmp) / "frames.npz", Path(tmp) / "timer.py"
        save_frames(frames)
        timer.write_text(TIMER)
        got: dict[tuple[str, str, str], list[list[float]]] = {}
        loads = []
        for round_ in range(args.rounds):
            for label, (group, modes) in GROUPS.items():
                # ABBA: the trees in one order in even rounds, reversed in odd ones (a drift
                # in the machine's load then favours none).
                order = list(trees) if round_ % 2 == 0 else list(trees)[::-1]
                for tree in order:
                    path, threads = trees[tree]
                    env = {**os.environ, "AB_CV_THREADS": threads}
                    res = subprocess.run(
                        [sys.executable, str(timer), str(frames), group, str(args.reads), modes],
                        cwd=path, capture_output=True, text=True, check=True, env=env)
                    for mode, figures in json.loads(res.stdout).items():
                        got.setdefault((label, mode, tree), []).append(figures)
                    loads.append(os.getloadavg()[0])
    print(f"1-min load during the runs: {min(loads):.1f} .. {max(loads):.1f} "
          f"on {os.cpu_count()} cores; ms per read, min / median of {args.rounds} rounds")
    for label, (_, modes) in GROUPS.items():
        for mode in modes.split(","):
            row = {}
            for tree in trees:
                wall = [w for w, _ in got[label, mode, tree]]
                cpu = [c for _, c in got[label, mode, tree]]
                row[tree] = (min(wall), statistics.median(wall), min(cpu), statistics.median(cpu))
            line = f"{label:40s} {mode:6s}"
            for tree, (w, wm, c, cm) in row.items():
                line += f" | {tree} wall {w:6.2f}/{wm:6.2f} cpu {c:6.2f}/{cm:6.2f}"
            for tree in trees:
                if tree != "new":
                    line += (f" | new/{tree} cpu {row['new'][3] / row[tree][3]:4.2f}"
                             f" wall {row['new'][1] / row[tree][1]:4.2f}")
            print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
