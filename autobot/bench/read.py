"""Benchmark: board read time per frame (targets 10 ms at 1280x1024, 40 ms at 3840x2160).

    python -m autobot.bench.read [--frames fixtures,page] [--reads 20] [--limit N] [--json OUT]
    python -m autobot.bench.read --ab COMMIT [--reads 300] [--workers 3] [--other-one-thread]

Two sets of frames (`--frames`, both by default):
- `fixtures`: the real fixture screenshots (fixtures/screenshots) placed where a screen capture
  would have them: under a browser's tab strip and address bar (1280x1024), and for 4K on a
  desktop with a wallpaper, a taskbar and a second window (the page at 1x and at 2x). Every
  timed read is checked against the fixture's sidecar.
- `page`: screenshots of the bundled page made here in headless Chromium with a game in
  progress: 1280x1024 in light, dark and high contrast, and 3840x2160 (window 1920x1080 at
  device scale 2). Every timed read is checked against the game's own scoring.
Each frame is timed three ways: a full search, with last frame's grid as a hint, and with the
hint plus a glyph cache shared by the reads (a game loop re-reading a settled board). Each read
reads a fresh copy of its frame, as a game reads a new capture (`timed_read`); wall-clock and
process CPU time (every OpenCV thread) are both reported: on a shared machine the wall clock
includes waiting for a core. A fast wrong read cannot pass for a fast read.

`--ab COMMIT`: this tree's reads against COMMIT's (checked out in a temporary worktree), read
by read on the very same frames (the bundled page at 1280x1024: full, hint, hint + cache; the
fixtures on a 4K desktop: full). On a shared machine a figure from one run and a figure from
another are not comparable, so a few waiting worker processes per tree are started, and at
every step one worker of each tree reads the same frame, the trees in a shuffled order; the
median of this tree's time over the other's at the same step is the figure (several workers a
tree keep one process's luck, its memory layout, from being a tree's). `--other-one-thread`
also times COMMIT with OpenCV on one thread. Each step also compares the two trees' rows.

Prints the figures and writes `autobot-bench/1` (`--json`, mode "read"): a run per set and
size (A/B: per size and tree), a record per frame and way (A/B: per way), its name as the
answer, won when every read was right (A/B: the same rows as this tree's). Not a test.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import cv2
import numpy as np
from PIL import Image

from autobot.bench.model import BenchRecord, BenchRun, summarise
from autobot.bench.output import write_runs
from autobot.drivers.browser import BrowserConfig, open_browser
from autobot.harness.replay import compare_board, expectation_from_sidecar
from autobot.page.server import page_url, serve_page
from autobot.rules import score
from autobot.vision import BoardRead, Grid, load_image, read_board

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "screenshots"
TARGET_MS = {"1280x1024": 10.0, "3840x2160": 40.0}
WAYS = {"full": (False, False), "hint": (True, False), "cache": (True, True)}  # hint?, cache?

# The bundled page's frames: a game in progress, in every look.
ANSWER, GUESSES, TYPED = "crane", ["slate", "trace"], "cr"
LOOKS = [  # (name, theme, contrast, window, device scale)
    ("1280x1024-light", "light", False, (1280, 1111), 1.0),
    ("1280x1024-dark", "dark", False, (1280, 1111), 1.0),
    ("1280x1024-contrast", "dark", True, (1280, 1111), 1.0),
    ("3840x2160-light", "light", False, (1920, 1167), 2.0),
]


# --- the frames -------------------------------------------------------------------------------


def browser_chrome(width: int, scale: int, dark: bool) -> np.ndarray:
    """A tab strip and an address bar, `scale` x the 1x sizes (87 px at 1x, like Chromium)."""
    h = 87 * scale
    bar = np.empty((h, width, 3), np.uint8)
    strip, toolbar = ((32, 33, 36), (53, 54, 58)) if dark else ((222, 225, 230), (255, 255, 255))
    bar[: 41 * scale] = strip
    bar[41 * scale :] = toolbar
    # The active tab, a title, the address field and a few toolbar buttons.
    cv2.rectangle(bar, (8 * scale, 6 * scale), (240 * scale, 41 * scale), toolbar, -1)
    cv2.putText(bar, "Wordle", (20 * scale, 28 * scale), cv2.FONT_HERSHEY_SIMPLEX, 0.5 * scale,
                (200, 200, 200) if dark else (60, 60, 60), scale, cv2.LINE_AA)
    field = (41, 42, 45) if dark else (241, 243, 244)
    cv2.rectangle(bar, (110 * scale, 47 * scale), (width - 120 * scale, 80 * scale), field, -1)
    cv2.putText(bar, "http://127.0.0.1:8000/?answer=crane", (126 * scale, 69 * scale),
                cv2.FONT_HERSHEY_SIMPLEX, 0.5 * scale, (150, 150, 150), scale, cv2.LINE_AA)
    for i in range(3):
        cx = (22 + 30 * i) * scale
        cv2.circle(bar, (cx, 63 * scale), 9 * scale, (120, 120, 120), 2 * scale, cv2.LINE_AA)
    return bar


def in_browser(page: np.ndarray, scale: int, dark: bool, height: int | None = None
               ) -> np.ndarray:
    """The page under browser chrome (padded/cropped to `height` rows if given)."""
    chrome = browser_chrome(page.shape[1], scale, dark)
    frame = np.concatenate([chrome, page], axis=0)
    if height is not None:
        if frame.shape[0] < height:
            pad = np.repeat(page[-1:], height - frame.shape[0], axis=0)
            frame = np.concatenate([frame, pad], axis=0)
        frame = frame[:height]
    return frame


def desktop_4k(page: np.ndarray, scale: int, dark: bool) -> np.ndarray:
    """A 3840x2160 desktop: gradient wallpaper, a taskbar, a side window, the browser window."""
    w, h = 3840, 2160
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    wall = np.stack([40 + 60 * xx / w, 70 + 50 * yy / h, 120 + 80 * (1 - xx / w)], axis=2)
    frame = wall.astype(np.uint8)
    # A second window with text and a grid of small icons (squares the reader must ignore).
    cv2.rectangle(frame, (60, 120), (700, 1400), (245, 245, 245), -1)
    for i in range(24):
        cv2.putText(frame, f"notes line {i:02d} lorem ipsum", (90, 200 + 48 * i),
                    cv2.FONT_HERSHEY_SIMPLEX, 1.0, (40, 40, 40), 2, cv2.LINE_AA)
    for i in range(8):
        x = 100 + i * 70
        cv2.rectangle(frame, (x, 1320), (x + 50, 1370), (90 + 15 * i, 140, 200), -1)
    window = in_browser(page, scale, dark)
    wh, ww = window.shape[:2]
    taskbar = 96
    x0 = min(w - ww, 760)
    y0 = max(0, min(40, h - taskbar - wh))
    wh = min(wh, h - taskbar - y0)
    frame[y0 : y0 + wh, x0 : x0 + ww] = window[:wh]
    frame[h - taskbar :] = (30, 30, 34)
    for i in range(10):  # taskbar icons
        x = 1500 + i * 90
        cv2.rectangle(frame, (x, h - 78), (x + 60, h - 18), (70 + 12 * i, 110, 170), -1)
    cv2.putText(frame, "17:35", (3640, h - 34), cv2.FONT_HERSHEY_SIMPLEX, 1.2,
                (230, 230, 230), 2, cv2.LINE_AA)
    return frame


def sidecars(scale: float, width: int, options: bool = False) -> list[dict[str, Any]]:
    """Sidecars of the fixtures with a board, taken at this scale in a window this wide: of the
    default page, or (`options`) of the page with other options (palettes, tile shapes, ...)."""
    out = []
    for path in sorted(FIXTURES.glob("*.json")):
        data = json.loads(path.read_text())
        if data["scale"] == scale and data["frame_size"][0] == width and \
                data["expected"]["found"] and bool(data["game"].get("page")) == options:
            out.append(data)
    return out


def page_frames() -> dict[str, np.ndarray]:
    """Screenshot the bundled page for every look (pixels only)."""
    frames: dict[str, np.ndarray] = {}
    with serve_page() as base:
        for name, theme, contrast, window, scale in LOOKS:
            with open_browser(BrowserConfig(window_size=window, scale=scale)) as driver:
                driver.get(page_url(base, answer=ANSWER, guesses=GUESSES, typed=TYPED,
                                    theme=theme, contrast=contrast, anim=False, stats=False))
                deadline = time.monotonic() + 10
                while True:
                    png = driver.get_screenshot_as_png()
                    frame = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
                    if page_right(read_board(frame)) or time.monotonic() > deadline:
                        break
                    time.sleep(0.1)
            frames[name] = frame
    return frames


def page_right(read: object) -> bool:
    """The read shows the set-up game, scored by the game's own rules."""
    rows = getattr(read, "rows", ())
    want = [(g.upper(), score(g, ANSWER)) for g in GUESSES] + [(TYPED.upper(), "tt...")]
    return bool(getattr(read, "found", False)) and list(rows[: len(want)]) == want


def fixture_right(data: dict[str, Any]) -> Callable[[object], bool]:
    """A read of this fixture's frame is right: what its sidecar expects."""
    expect = expectation_from_sidecar(data)
    return lambda read: not compare_board(expect, read)


# --- timing one tree --------------------------------------------------------------------------


def timed_read(frame: np.ndarray, hint: Grid | None = None, cache: dict | None = None
               ) -> tuple[BoardRead, float, float]:
    """One read of a fresh copy of `frame`, as a game reads a new capture every time: the
    read, its wall and its process CPU ms (every OpenCV thread counted).

    A copy, not the same array again: read after read of one array, glibc handed the read's
    few MB of scratch back to the system and faulted them in again every time (~700 page
    faults a 1280x1024 read, 1-1.5 ms); a game's screenshot is a new array each read (~20 faults
    a read, decoded from PNG as the Selenium driver does), so that cost was the benchmark's.
    """
    shot = frame.copy()
    t0, c0 = time.perf_counter(), time.process_time()
    read = read_board(shot, hint=hint, cache=cache)
    return read, (time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000


def stats(wall: Sequence[float], cpu: Sequence[float]) -> dict[str, float]:
    """Median and p95 of the reads' wall and CPU ms."""
    return {"median_ms": round(statistics.median(wall), 2),
            "p95_ms": round(float(np.percentile(wall, 95)), 2),
            "cpu_median_ms": round(statistics.median(cpu), 2),
            "cpu_p95_ms": round(float(np.percentile(cpu, 95)), 2), "reads": len(wall)}


def time_reads(frame: np.ndarray, reads: int, way: str, right: Callable[[object], bool]
               ) -> tuple[list[float], list[float], bool]:
    """Wall and CPU ms of `reads` reads of `frame` one `way` (after a warm-up read), and
    whether every read was right. "cache": the reads share one glyph cache, as a game loop
    re-reading a settled board does (every tile a hit)."""
    hinted, cached = WAYS[way]
    cache: dict | None = {} if cached else None
    first = read_board(frame, cache=cache)  # warm-up (templates, caches)
    hint = first.grid if hinted else None
    wall, cpu, ok = [], [], right(first)
    for _ in range(reads):
        read, ms, cpu_ms = timed_read(frame, hint, cache)
        wall.append(ms)
        cpu.append(cpu_ms)
        ok = ok and right(read)
    return wall, cpu, ok


def read_run(group: str, cases: Sequence[tuple[str, np.ndarray, Callable[[object], bool]]],
             reads: int, save: Path | None = None) -> BenchRun:
    """Time every frame of `group` every way: a record per frame and way, the summary's
    `extra` the group's figures (every way over all its frames); prints a line a way."""
    records: list[BenchRecord] = []
    pooled: dict[str, tuple[list[float], list[float]]] = {w: ([], []) for w in WAYS}
    wrong: list[str] = []
    t0 = time.monotonic()
    for name, frame, right in cases:
        for way in WAYS:
            wall, cpu, ok = time_reads(frame, reads, way, right)
            pooled[way][0].extend(wall)
            pooled[way][1].extend(cpu)
            records.append(BenchRecord(answer=name, solved=ok, won=ok, extra={
                "way": way, "size": f"{frame.shape[1]}x{frame.shape[0]}", **stats(wall, cpu)}))
            if not ok and name not in wrong:
                wrong.append(name)
                if save is not None:  # keep the misread frame for whoever fixes vision
                    save.mkdir(parents=True, exist_ok=True)
                    tag = group.split()[0] + "-" + "".join(c for c in group.split("(")[-1]
                                                           if c.isalnum())
                    cv2.imwrite(str(save / f"{tag}-{name}.png"), frame[:, :, ::-1])
    size = group.split()[0]
    extra: dict[str, Any] = {"frames": len(cases), "target_ms": TARGET_MS.get(size),
                             "misread": wrong}
    for way, (wall, cpu) in pooled.items():
        if wall:
            extra[way] = stats(wall, cpu)
            s = extra[way]
            print(f"{group:<34} {len(cases):3d} frames {way:5s} median {s['median_ms']:6.2f} ms "
                  f"p95 {s['p95_ms']:6.2f} (cpu median {s['cpu_median_ms']:6.2f})"
                  + (f" | misread {len(wrong)}: {', '.join(wrong[:4])}" if wrong else ""),
                  flush=True)
    return BenchRun(summarise(records, game=group, strategy="this tree", mode="read", rows=None,
                              wall_s=time.monotonic() - t0, extra=extra), tuple(records))


def fixture_cases(scale: float, width: int, build: Callable[[np.ndarray, bool], np.ndarray],
                  options: bool, limit: int | None
                  ) -> list[tuple[str, np.ndarray, Callable[[object], bool]]]:
    """The fixtures' frames of one setup, each with its check."""
    return [(data["name"], build(load_image(FIXTURES / data["image"]), data["theme"] == "dark"),
             fixture_right(data)) for data in sidecars(scale, width, options)[:limit]]


FIXTURE_SETUPS: dict[str, tuple[float, int, Callable[[np.ndarray, bool], np.ndarray], bool]] = {
    # name: (fixture scale, fixture width, frame builder, page options?); the default page's
    # frames give the figures comparable over time, the page options' are apart.
    "1280x1024 (fixtures)": (1.0, 1280, lambda p, d: in_browser(p, 1, d, 1024), False),
    "1280x1024 (fixtures, page options)": (1.0, 1280, lambda p, d: in_browser(p, 1, d, 1024),
                                           True),
    "3840x2160 (fixtures, page at 2x)": (2.0, 2560, lambda p, d: desktop_4k(p, 2, d), False),
    "3840x2160 (fixtures, page at 1x)": (1.0, 1280, lambda p, d: desktop_4k(p, 1, d), False),
}


def fixture_runs(reads: int, limit: int | None = None, save: Path | None = None
                 ) -> list[BenchRun]:
    """Every setup's fixtures, timed."""
    return [read_run(group, fixture_cases(*setup, limit), reads, save)
            for group, setup in FIXTURE_SETUPS.items()]


def page_runs(reads: int) -> list[BenchRun]:
    """The bundled page's frames, timed: one run a size."""
    frames = page_frames()
    runs = []
    for size in ("1280x1024", "3840x2160"):
        cases = [(name, frame, page_right) for name, frame in frames.items()
                 if name.startswith(size)]
        runs.append(read_run(f"{size} (bundled page)", cases, reads))
    return runs


# --- two trees, read by read (--ab) -----------------------------------------------------------

# Run inside each tree (its own autobot first on the path): waits for "FRAME WAY" lines and
# answers each with one read's wall and CPU ms and the rows it read.
WORKER = r"""
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
    i, way = line.split()
    i = int(i) % len(frames)
    shot = frames[i].copy()  # a new array each read, as a game's capture
    hint = None if way == "full" else hints[i]
    cache = caches[i] if way == "cache" else None
    t0, c0 = time.perf_counter(), time.process_time()
    read = read_board(shot, hint=hint, cache=cache)
    wall, cpu = (time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000
    rows = "|".join(f"{a}:{b}" for a, b in read.rows) if read.found else "-"
    print(f"{wall:.4f} {cpu:.4f} {rows or '='}", flush=True)
"""

AB_GROUPS = {"1280x1024 (bundled page)": ("page/1280", ("full", "hint", "cache")),
             "3840x2160 (fixtures, page at 1x and 2x)": ("4k/", ("full",))}


def ab_frames(path: Path) -> None:
    """The frames both trees are timed on, made by this tree (`AB_GROUPS`' prefixes)."""
    out = {f"page/{k}": v for k, v in page_frames().items()}
    for scale, width in ((1.0, 1280), (2.0, 2560)):
        for data in sidecars(scale, width):
            page = load_image(FIXTURES / data["image"])
            out[f"4k/{int(scale)}x-{data['name']}"] = desktop_4k(
                page, int(scale), data["theme"] == "dark")
    np.savez(path, **out)


@contextlib.contextmanager
def checkout(commit: str) -> Iterator[tuple[Path, str]]:
    """Within: `commit` checked out in a temporary worktree of this repository (its path and
    short hash); removed on the way out."""
    with tempfile.TemporaryDirectory(prefix="autobot-ab-") as tmp:
        tree = Path(tmp) / "tree"
        git = ["git", "-C", str(ROOT)]
        try:
            short = subprocess.run([*git, "rev-parse", "--short", commit], check=True,
                                   capture_output=True, text=True).stdout.strip()
        except subprocess.CalledProcessError as exc:
            raise SystemExit(f"--ab {commit}: not a commit here ({exc.stderr.strip()})") from None
        subprocess.run([*git, "worktree", "add", "--detach", str(tree), commit], check=True,
                       capture_output=True)
        try:
            yield tree, short
        finally:
            subprocess.run([*git, "worktree", "remove", "--force", str(tree)],
                           capture_output=True)


def _start(worker: Path, frames: Path, prefix: str, tree: Path, threads: str
           ) -> subprocess.Popen[str]:
    """A worker of `tree` holding the frames of `prefix`, ready to read."""
    proc = subprocess.Popen([sys.executable, str(worker), str(frames), prefix], cwd=tree,
                            env={**os.environ, "AB_CV_THREADS": threads}, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert proc.stdin is not None and proc.stdout is not None
    if proc.stdout.readline().strip() != "ready":
        raise SystemExit(f"a read worker in {tree} failed to start")
    return proc


def paired(pools: dict[str, list[subprocess.Popen[str]]], way: str, reads: int
           ) -> dict[str, list[tuple[float, float, str]]]:
    """`reads` steps; at each, one worker of every tree reads the same frame, the trees in a
    shuffled order: per tree, (wall ms, CPU ms, rows read) of each step."""
    times: dict[str, list[tuple[float, float, str]]] = {tree: [] for tree in pools}
    for step in range(reads):
        order = list(pools)
        random.shuffle(order)
        for tree in order:
            proc = pools[tree][step % len(pools[tree])]
            assert proc.stdin is not None and proc.stdout is not None
            proc.stdin.write(f"{step} {way}\n")
            proc.stdin.flush()
            wall, cpu, rows = proc.stdout.readline().split(maxsplit=2)
            times[tree].append((float(wall), float(cpu), rows.strip()))
    return times


def ab_figures(times: dict[str, list[tuple[float, float, str]]], this: str
               ) -> dict[str, dict[str, Any]]:
    """Per tree: median wall and CPU ms, and (other trees) the median of this tree's time
    over theirs at the same step and how many steps read other rows than this tree."""
    out: dict[str, dict[str, Any]] = {}
    for tree, got in times.items():
        figures: dict[str, Any] = {
            **stats([w for w, _, _ in got], [c for _, c, _ in got])}
        if tree != this:
            mine = times[this]
            figures["x_wall"] = round(statistics.median(
                n / o for (n, _, _), (o, _, _) in zip(mine, got, strict=True)), 3)
            figures["x_cpu"] = round(statistics.median(
                n / o for (_, n, _), (_, o, _) in zip(mine, got, strict=True)), 3)
            figures["rows_differ"] = sum(a != b for (_, _, a), (_, _, b) in
                                         zip(mine, got, strict=True))
        out[tree] = figures
    return out


def ab_runs(commit: str, reads: int, workers: int, one_thread: bool) -> list[BenchRun]:
    """This tree and `commit`, read by read on the same frames: a run per size and tree (a
    record a way; `x_wall` / `x_cpu` this tree's time over that tree's)."""
    with checkout(commit) as (other, short), tempfile.TemporaryDirectory() as tmp:
        this = "this tree"
        trees = {this: (ROOT, ""), short: (other, "")}
        if one_thread:
            trees[f"{short}, OpenCV 1 thread"] = (other, "1")
        frames, worker = Path(tmp) / "frames.npz", Path(tmp) / "worker.py"
        ab_frames(frames)
        worker.write_text(WORKER)
        runs: list[BenchRun] = []
        loads = []
        for group, (prefix, ways) in AB_GROUPS.items():
            t0 = time.monotonic()
            per_tree: dict[str, list[BenchRecord]] = {tree: [] for tree in trees}
            pools = {tree: [_start(worker, frames, prefix, path, threads)
                            for _ in range(workers)] for tree, (path, threads) in trees.items()}
            try:
                for way in ways:
                    figures = ab_figures(paired(pools, way, reads), this)
                    loads.append(os.getloadavg()[0])
                    line = f"{group:<40} {way:5s}"
                    for tree, f in figures.items():
                        same = not f.get("rows_differ")
                        per_tree[tree].append(BenchRecord(answer=way, solved=same, won=same,
                                                          extra={"way": way, **f}))
                        line += f" | {tree} {f['median_ms']:6.2f} cpu {f['cpu_median_ms']:6.2f}"
                        if tree != this:
                            line += (f" (this/{tree} x{f['x_wall']:4.2f} cpu x{f['x_cpu']:4.2f}"
                                     f", {f['rows_differ']} reads differ)")
                    print(line, flush=True)
            finally:
                for pool in pools.values():
                    for proc in pool:
                        assert proc.stdin is not None
                        proc.stdin.close()
                        proc.wait()
            for tree, records in per_tree.items():
                extra = {"commit": tree if tree != this else "", "workers": workers,
                         "load_average": round(max(loads), 2)}
                runs.append(BenchRun(summarise(records, game=group, strategy=tree, mode="read",
                                               rows=None, wall_s=time.monotonic() - t0,
                                               extra=extra), tuple(records)))
        print(f"1-min load during the runs: {min(loads):.1f} .. {max(loads):.1f} on "
              f"{os.cpu_count()} cores; ms per read, median of {reads} reads a tree and way; "
              "x: the median of this tree's time over the other's at the same step")
    return runs


# --- the command ------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(prog="python -m autobot.bench.read", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--frames", default="fixtures,page",
                        help="which frames: fixtures, page, or both (default)")
    parser.add_argument("--reads", type=int, default=None,
                        help="timed reads per frame and way (default 20; --ab: 300 per tree "
                             "and way)")
    parser.add_argument("--limit", type=int, help="at most this many fixtures per size")
    parser.add_argument("--json", "--out", dest="json", metavar="OUT",
                        default=str(ROOT / "bench-out" / "read.json"),
                        help="where to write the figures (default bench-out/read.json)")
    parser.add_argument("--save-frames", metavar="DIR",
                        help="write two sample composed frames and every misread one here")
    parser.add_argument("--ab", metavar="COMMIT",
                        help="time this tree against COMMIT's, read by read on the same frames")
    parser.add_argument("--workers", type=int, default=3, help="--ab: worker processes a tree")
    parser.add_argument("--other-one-thread", action="store_true",
                        help="--ab: also time COMMIT with OpenCV on one thread")
    args = parser.parse_args(argv)
    sets = [s.strip() for s in args.frames.split(",") if s.strip()]
    if not sets or any(s not in ("fixtures", "page") for s in sets):
        parser.error(f"--frames takes fixtures, page or both, not {args.frames!r}")
    if args.save_frames:
        d = Path(args.save_frames)
        d.mkdir(parents=True, exist_ok=True)
        page = load_image(FIXTURES / "mid_dark_desk2x.png")
        cv2.imwrite(str(d / "desktop_4k.png"), desktop_4k(page, 2, True)[:, :, ::-1])
        page = load_image(FIXTURES / "mid_light_desk.png")
        cv2.imwrite(str(d / "browser_1280x1024.png"), in_browser(page, 1, False, 1024)[:, :, ::-1])
    load_before = os.getloadavg()[0]
    if args.ab:
        reads = args.reads or 300
        runs = ab_runs(args.ab, reads, args.workers, args.other_one_thread)
    else:
        reads = args.reads or 20
        runs = []
        if "fixtures" in sets:
            runs += fixture_runs(reads, args.limit,
                                 Path(args.save_frames) if args.save_frames else None)
        if "page" in sets:
            runs += page_runs(reads)
    write_runs(args.json, runs, reads=reads, frames=sets, ab=args.ab,
               load_average=[round(load_before, 2), round(os.getloadavg()[0], 2)],
               cpu_count=os.cpu_count(), cv2=cv2.__version__)
    wrong = sum(r.summary.games - r.summary.won for r in runs)
    return 0 if not wrong else 1


if __name__ == "__main__":
    raise SystemExit(main())
