"""Solver benchmark for the grid puzzles: every Unruly and Solo puzzle the apps generate from
`--seeds` seeds at each size/difficulty, and kaidoku's 25,000 graded Sudokus, solved by the
fast solvers and checked by the slow reference checkers.

    python -m autobot.bench.puzzles [--seeds 200] [--sets unruly,solo,kaidoku] [--json FILE]

Prints one table row per set (count, solved and checked, propagation-only fraction, solve time
p50/p99/max in ms) and writes the figures as JSON. Generated IDs are cached under the project
cache (`AUTOBOT_CACHE`), keyed by app, parameters and seed, so a rerun times only the solvers.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import time
import zipfile
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from autobot.bench.model import BenchRecord, BenchRun, summarise
from autobot.bench.output import write_runs
from autobot.errors import AutobotError, BadInput, Unavailable
from autobot.games.puzzles import sudoku, takuzu
from autobot.solver.patterns import cache_dir

# Unruly: every even size the app takes from 6x6 to 16x16 at each difficulty (trivial, easy,
# normal), and unique rows/columns ("u") at normal.
UNRULY_PARAMS = tuple(f"{n}x{n}{d}" for n in (6, 8, 10, 12, 14, 16) for d in ("dt", "de", "dn")) \
    + tuple(f"{n}x{n}udn" for n in (6, 8, 10, 12, 14, 16))
# Solo: its box shapes from 2x2 to 4x4 with the difficulties each admits (Solo lowers a grade a
# small grid cannot reach), and X diagonals on 9x9 at every grade.
SOLO_PARAMS = ("2x2dt", "2x2db", "2x3dt", "2x3db", "2x3di", "2x3da",
               *(f"3x3{d}" for d in ("dt", "db", "di", "da", "de", "du")),
               *(f"3x3x{d}" for d in ("dt", "db", "di", "da", "de", "du")),
               "3x4dt", "3x4db", "3x4di", "4x4dt", "4x4db")

KAIDOKU = "kaidoku==1.0.1"
KAIDOKU_WHEEL = "kaidoku-1.0.1-py3-none-any.whl"
KAIDOKU_SHA256 = "22f80e1740c041897b16dc7960118ec769fad0776700f28ff736665738e7186c"
KAIDOKU_MEMBER = "kaidoku/data/sudoku.txt"


def _cache() -> Path:
    return cache_dir() / "puzzles"


def sgt_id(app: str, params: str, seed: int, timeout: float = 120.0) -> str:
    """The game ID `sgt-APP --generate 1 PARAMS#SEED` prints (the puzzle the app opens for
    that seed), or a clear error."""
    exe = shutil.which(f"sgt-{app}") or shutil.which(f"/usr/games/sgt-{app}")
    if exe is None:
        raise Unavailable(f"sgt-{app} not found (apt-get install sgt-puzzles)")
    try:
        out = subprocess.run([exe, "--generate", "1", f"{params}#{seed}"], capture_output=True,
                             text=True, timeout=timeout, check=True).stdout.strip()
    except (subprocess.SubprocessError, OSError) as exc:
        raise AutobotError(f"sgt-{app} --generate {params}#{seed} failed: {exc}") from None
    if ":" not in out:
        raise AutobotError(f"sgt-{app} printed no game ID for {params}#{seed}: {out!r}")
    return out.splitlines()[0]


def sgt_ids(app: str, params: str, seeds: int, workers: int = 2) -> list[tuple[int, str]]:
    """(seed, ID) for seeds 1..`seeds`, generated once and cached."""
    path = _cache() / f"sgt-{app}-{params}.json"
    have: dict[str, str] = json.loads(path.read_text()) if path.exists() else {}
    missing = [s for s in range(1, seeds + 1) if str(s) not in have]
    if missing:
        with ThreadPoolExecutor(workers) as pool:
            for s, gid in zip(missing, pool.map(lambda s: sgt_id(app, params, s), missing),
                              strict=True):
                have[str(s)] = gid
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(have, indent=0, sort_keys=True) + "\n")
    return [(s, have[str(s)]) for s in range(1, seeds + 1)]


def kaidoku_wheel() -> Path:
    """kaidoku 1.0.1's wheel (MIT), fetched once with pip and checked against its sha256."""
    where = _cache() / "kaidoku"
    wheel = where / KAIDOKU_WHEEL
    if not wheel.exists():
        where.mkdir(parents=True, exist_ok=True)
        try:
            subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d",
                            str(where), KAIDOKU], check=True, capture_output=True, timeout=300)
        except (subprocess.SubprocessError, OSError) as exc:
            raise Unavailable(f"pip download {KAIDOKU} failed: {exc}") from None
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    if digest != KAIDOKU_SHA256:
        raise AutobotError(f"{wheel} has sha256 {digest}, expected {KAIDOKU_SHA256}")
    return wheel


def parse_kaidoku(text: str) -> list[tuple[int, str]]:
    """kaidoku's sudoku.txt lines "LEVEL 81-DIGITS" -> (level, digits), blank lines skipped."""
    out: list[tuple[int, str]] = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        parts = line.split()
        if len(parts) != 2 or not parts[0].isdigit() or len(parts[1]) != 81:
            raise AutobotError(f"kaidoku sudoku.txt line {n} is not 'LEVEL DIGITS': {line!r}")
        out.append((int(parts[0]), parts[1]))
    return out


def kaidoku_puzzles() -> list[tuple[int, str]]:
    """kaidoku's 25,000 graded puzzles as (level 1..9, 81 digits)."""
    with zipfile.ZipFile(kaidoku_wheel()) as z:
        return parse_kaidoku(z.read(KAIDOKU_MEMBER).decode())


def _pct(sorted_ms: Sequence[float], q: float) -> float:
    """The q-quantile (nearest rank) of sorted values."""
    if not sorted_ms:
        return 0.0
    k = min(len(sorted_ms) - 1, max(0, int(round(q * len(sorted_ms) + 0.5)) - 1))
    return sorted_ms[k]


def bench_set(name: str, puzzles: Iterable[Any], solve: Callable[[Any], Any],
              check: Callable[[Any, Sequence[int]], list[str]], ids: Sequence[str] = ()
              ) -> BenchRun:
    """Solve each puzzle (timed), check each solution with the reference: a record per puzzle
    (its ID the answer, won when solved and checked) and the set's figures."""
    records: list[BenchRecord] = []
    statuses: dict[str, int] = {}
    by_prop = 0
    failures: list[str] = []
    t_set = time.perf_counter()
    for k, p in enumerate(puzzles):
        t0 = time.perf_counter()
        sol = solve(p)
        ms = (time.perf_counter() - t0) * 1000
        statuses[sol.status] = statuses.get(sol.status, 0) + 1
        by_prop += sol.by_propagation
        ok = sol.status == "solved" and not check(p, sol.cells)
        if not ok and len(failures) < 5:
            failures.append(f"{sol.status}: {p}")
        records.append(BenchRecord(answer=ids[k] if k < len(ids) else str(k), solved=ok,
                                   won=ok, decision_ms=(ms,),
                                   extra={"status": sol.status,
                                          "by_propagation": bool(sol.by_propagation)}))
    times = sorted(r.decision_ms[0] for r in records)
    n = len(times)
    figures = {
        "set": name, "count": n, "solved_checked": sum(r.won for r in records),
        "statuses": statuses, "propagation_only": round(by_prop / n, 4) if n else 0.0,
        "p50_ms": round(_pct(times, 0.5), 3), "p99_ms": round(_pct(times, 0.99), 3),
        "max_ms": round(times[-1], 3) if times else 0.0, "failures": failures,
    }
    # Every puzzle's solve time counts (no warm-up game: the solvers compile nothing).
    return BenchRun(summarise(records, game=name, strategy="propagation+search",
                              rows=None, wall_s=time.perf_counter() - t_set,
                              decisions_ms=times, extra=figures), tuple(records))


def run(sets: Sequence[str], seeds: int, out: Callable[[str], None] = print) -> list[BenchRun]:
    """Every chosen set benchmarked; a table printed as it goes."""
    runs: list[BenchRun] = []
    out(f"{'set':<22}{'count':>7}{'ok':>7}{'prop':>8}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}")

    def show(run: BenchRun) -> None:
        runs.append(run)
        row = run.summary.extra
        out(f"{row['set']:<22}{row['count']:>7}{row['solved_checked']:>7}"
            f"{row['propagation_only']:>8.3f}{row['p50_ms']:>9.2f}{row['p99_ms']:>9.2f}"
            f"{row['max_ms']:>9.2f}")

    if "unruly" in sets:
        for params in UNRULY_PARAMS:
            ids = sgt_ids("unruly", params, seeds)
            ps = [takuzu.parse_unruly(gid) for _, gid in ids]
            show(bench_set(f"unruly {params}", ps, takuzu.solve, takuzu.check,
                           [gid for _, gid in ids]))
    if "solo" in sets:
        for params in SOLO_PARAMS:
            ids = sgt_ids("solo", params, seeds)
            ps = [sudoku.parse_solo(gid) for _, gid in ids]
            show(bench_set(f"solo {params}", ps, sudoku.solve, sudoku.check,
                           [gid for _, gid in ids]))
    if "kaidoku" in sets:
        by_level: dict[int, list[str]] = {}
        for level, digits in kaidoku_puzzles():
            by_level.setdefault(level, []).append(digits)
        for level in sorted(by_level):
            show(bench_set(f"kaidoku level {level}",
                           [sudoku.parse_text(d) for d in by_level[level]], sudoku.solve,
                           sudoku.check, by_level[level]))
    return runs


def main(argv: Sequence[str] | None = None) -> int:
    """Parse options, run, write --json."""
    ap = argparse.ArgumentParser(prog="python -m autobot.bench.puzzles", description=__doc__)
    ap.add_argument("--seeds", type=int, default=200, help="seeds per size/difficulty (200)")
    ap.add_argument("--sets", default="unruly,solo,kaidoku",
                    help="comma-separated: unruly, solo, kaidoku")
    ap.add_argument("--json", type=Path, default=None, help="write the figures here")
    args = ap.parse_args(argv)
    sets = [s.strip() for s in args.sets.split(",") if s.strip()]
    bad = [s for s in sets if s not in ("unruly", "solo", "kaidoku")]
    try:
        if bad or args.seeds < 1:
            raise BadInput(f"--sets takes unruly, solo, kaidoku; --seeds >= 1 (got {bad})")
        runs = run(sets, args.seeds)
        if args.json is not None:
            write_runs(args.json, runs, seeds=args.seeds, sets=sets)
    except AutobotError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.exit_code
    ok = all(r.summary.won == r.summary.games for r in runs)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
