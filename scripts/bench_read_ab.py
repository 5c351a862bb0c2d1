#!/usr/bin/env python3
"""Board read time of two source trees on the very same frames, read by read in turn (issue 22).

On a shared machine a figure from one run and a figure from another are not comparable, and
even rounds of a few seconds each drift apart (this machine ran one tree 20% slower for a
minute and then not). So this saves the benchmark frames once (`autobot.bench.vision`'s
screenshots of the bundled page and `autobot.bench.read`'s fixture frames), starts a few
waiting worker processes per tree, and then times single reads: at every step one worker of
each tree reads the same frame (a fresh copy of it, as `bench.vision.timed_read`), the trees
in a shuffled order. Each tree's read is then compared with the other's at the same step, and
the median of those ratios is the figure; several workers per tree keep one process's luck
(its memory layout) from being a tree's. Prints medians (wall and process CPU) and the
paired ratios with the 1-minute load. Not a test.

`python scripts/bench_read_ab.py OLD_TREE NEW_TREE [--reads 300] [--workers 3] [--old-one-thread]`
(a tree: a checkout of autobot, e.g. `git worktree add --detach /tmp/old 5d55b9f`).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

# Run inside each tree (its own autobot first on the path): waits for "FRAME MODE" lines and
# answers each with one read's wall and CPU ms.
WORKER = r'''
import os, sys, time
sys.path.insert(0, os.getcwd())
import numpy as np
if os.environ.get("AB_CV_THREADS"):  # a tree timed with OpenCV held to this many threads
    import cv2
    cv2.setNumThreads(int(os.environ["AB_CV_THREADS"]))
from autobot.vision import read_board
data = np.load(sys.argv[1])
frames = [np.ascontiguousarray(data[k]) for k in data.files if k.startswith(sys.argv[2])]
hints = [read_board(f).grid for f in frames]
caches = [{} for _ in frames]
for f, c, h in zip(frames, caches, hints):
    read_board(f, hint=h, cache=c)  # warm: templates, compiled kernels, each frame's cache
print("ready", flush=True)
for line in sys.stdin:
    i, mode = line.split()
    i = int(i) % len(frames)
    shot = frames[i].copy()  # a new array each read, as a game's capture
    hint = None if mode == "full" else hints[i]
    cache = caches[i] if mode == "cache" else None
    t0, c0 = time.perf_counter(), time.process_time()
    read_board(shot, hint=hint, cache=cache)
    print(f"{(time.perf_counter() - t0) * 1000:.4f} {(time.process_time() - c0) * 1000:.4f}",
          flush=True)
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
    """Save the frames, time the trees read by read, print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--reads", type=int, default=300, help="timed reads per tree and mode")
    parser.add_argument("--workers", type=int, default=3, help="worker processes per tree")
    parser.add_argument("--old-one-thread", action="store_true",
                        help="also time the old tree with OpenCV on one thread ('old-1t')")
    args = parser.parse_args(argv)
    trees = {"old": (args.old, ""), "new": (args.new, "")}
    if args.old_one_thread:
        trees["old-1t"] = (args.old, "1")
    loads = []
    with tempfile.TemporaryDirectory() as tmp:
        frames, worker = Path(tmp) / "frames.npz", Path(tmp) / "worker.py"
        save_frames(frames)
        worker.write_text(WORKER)
        lines = []
        for label, (group, modes) in GROUPS.items():
            pools = {tree: [_start(worker, frames, group, path, threads)
                            for _ in range(args.workers)]
                     for tree, (path, threads) in trees.items()}
            try:
                for mode in modes.split(","):
                    times = _paired(pools, mode, args.reads)
                    loads.append(os.getloadavg()[0])
                    lines.append(_row(f"{label:40s} {mode:6s}", times))
            finally:
                for pool in pools.values():
                    for proc in pool:
                        proc.stdin.close()  # type: ignore[union-attr]
                        proc.wait()
    print(f"1-min load during the runs: {min(loads):.1f} .. {max(loads):.1f} on "
          f"{os.cpu_count()} cores; ms per read, median of {args.reads} reads a tree and mode; "
          "x: the median of new's time over the other's at the same step")
    print("\n".join(lines))
    return 0


def _start(worker: Path, frames: Path, group: str, tree: Path, threads: str
           ) -> subprocess.Popen[str]:
    """A worker of `tree` holding the frames of `group`, ready to read."""
    proc = subprocess.Popen([sys.executable, str(worker), str(frames), group], cwd=tree,
                            env={**os.environ, "AB_CV_THREADS": threads}, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    if proc.stdout.readline().strip() != "ready":  # type: ignore[union-attr]
        raise SystemExit(f"worker in {tree} failed to start")
    return proc


def _paired(pools: dict[str, list[subprocess.Popen[str]]], mode: str, reads: int
            ) -> dict[str, list[tuple[float, float]]]:
    """`reads` steps; at each, one worker of every tree reads the same frame, in a shuffled
    order: per tree, (wall, CPU) ms of each step."""
    times: dict[str, list[tuple[float, float]]] = {tree: [] for tree in pools}
    for step in range(reads):
        order = list(pools)
        random.shuffle(order)
        for tree in order:
            proc = pools[tree][step % len(pools[tree])]
            proc.stdin.write(f"{step} {mode}\n")  # type: ignore[union-attr]
            proc.stdin.flush()  # type: ignore[union-attr]
            wall, cpu = proc.stdout.readline().split()  # type: ignore[union-attr]
            times[tree].append((float(wall), float(cpu)))
    return times


def _row(head: str, times: dict[str, list[tuple[float, float]]]) -> str:
    """One table line: each tree's median wall / CPU, and new's paired ratio to the others."""
    line = head
    for tree, got in times.items():
        line += (f" | {tree} wall {statistics.median(w for w, _ in got):6.2f}"
                 f" cpu {statistics.median(c for _, c in got):6.2f}")
    for tree, got in times.items():
        if tree != "new":
            wall = statistics.median(n / o for (n, _), (o, _) in zip(times["new"], got,
                                                                      strict=True))
            cpu = statistics.median(n / o for (_, n), (_, o) in zip(times["new"], got,
                                                                    strict=True))
            line += f" | new/{tree} wall x{wall:4.2f} cpu x{cpu:4.2f}"
    return line


if __name__ == "__main__":
    raise SystemExit(main())
