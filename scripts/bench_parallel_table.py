#!/usr/bin/env python3
"""Throughput table: the same games at --parallel 1, 2 and 4, in local Chromium and through a
fresh local Grid (hub + 2 nodes, 2 slots each): games/minute and the ratio to --parallel 1.
Not a test: `python scripts/bench_parallel_table.py --games 40 --json table.json`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from autobot.bench.browser import pick_answers
from autobot.bench.parallel import RunConfig, run_games
from autobot.harness import selenium_grid
from autobot.page.server import serve_page


def main() -> int:
    """Run every row, print the table, write JSON; 0 when every game was won, nothing leaked."""
    parser = argparse.ArgumentParser(prog="scripts/bench_parallel_table.py")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--parallel", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--where", nargs="+", choices=("local", "grid"), default=["local", "grid"])
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    os.environ["SE_OFFLINE"] = "true"
    answers = pick_answers(args.games, args.seed)
    rows: list[dict[str, Any]] = []
    with serve_page() as base:
        for where in args.where:
            parent = tempfile.TemporaryDirectory(prefix="autobot-table-")
            run_dir = Path(parent.name) / "grid"
            url = None
            if where == "grid":
                config = selenium_grid.GridConfig(nodes=2, max_sessions=2, port=0)
                url = selenium_grid.grid_up(config, run_dir).hub_url
            try:
                for parallel in args.parallel:
                    summary = run_games(answers, RunConfig(parallel=parallel, remote_url=url),
                                        lambda: base, grid_dir=run_dir if url else None)
                    row = {"where": where, "parallel": parallel,
                           "load_average": round(os.getloadavg()[0], 2),
                           **{k: v for k, v in summary.items() if k != "records"}}
                    rows.append(row)
                    print(f"{where} --parallel {parallel}: {row['games_per_min']} games/min, "
                          f"won {row['won']}/{row['games']}, load {row['load_average']}",
                          file=sys.stderr, flush=True)
            finally:
                if url:
                    selenium_grid.grid_down(run_dir)
                parent.cleanup()
    print(f"{'where':6} {'parallel':>8} {'games/min':>10} {'x p1':>6} {'won':>7} "
          f"{'retries':>7} {'leaks':>5} {'load':>5}")
    for row in rows:
        first = next(r for r in rows if r["where"] == row["where"])
        row["ratio_to_first"] = round(row["games_per_min"] / max(first["games_per_min"], 1e-9), 2)
        leaks = sum(len(v) for v in row["leaks"].values())
        print(f"{row['where']:6} {row['parallel']:>8} {row['games_per_min']:>10.2f} "
              f"{row['ratio_to_first']:>6.2f} {row['won']:>3}/{row['games']:<3} "
              f"{row['retries']:>7} {leaks:>5} {row['load_average']:>5.1f}")
    print(f"{os.cpu_count()} cores, shared with other work: load averages are in the table")
    if args.json:
        Path(args.json).write_text(json.dumps({"games": args.games, "rows": rows}, indent=1)
                                   + "\n")
    ok = all(r["won"] == r["games"] and not any(r["leaks"].values()) for r in rows)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
