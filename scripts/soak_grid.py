#!/usr/bin/env python3
"""Soak benchmark: N games at --parallel P on a fresh local Grid (2 nodes); one node is SIGKILLed
a third of the way in and the page server restarted (same port) two thirds in (or after
`--kill-after` / `--restart-after` games). Prints whether
every game is accounted for (won once, or failed with a reason) and what was left over; writes
the summary JSON. Pages are mixed: themes and contrast in turn, every `--anim-every`-th game
animated. Not a test: `python scripts/soak_grid.py --games 150 --json soak.json`.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import signal
import sys
import tempfile
import threading
import time
from pathlib import Path

from autobot.bench.browser import pick_answers
from autobot.bench.parallel import RunConfig, leak_line, run_games, summary_line
from autobot.harness import selenium_grid
from autobot.page.server import serve_page


def main() -> int:
    """Run the soak; 0 when every game is accounted for and nothing is left over."""
    parser = argparse.ArgumentParser(prog="scripts/soak_grid.py")
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--parallel", type=int, default=4)
    parser.add_argument("--nodes", type=int, default=2)
    parser.add_argument("--max-sessions", type=int, default=2)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--anim-every", type=int, default=10, metavar="N",
                        help="animate every Nth game (0: none)")
    parser.add_argument("--json", default=None)
    parser.add_argument("--window", type=int, nargs=2, default=(1280, 1024), metavar=("W", "H"))
    parser.add_argument("--key-delay", type=float, default=60.0, metavar="MS")
    parser.add_argument("--kill-after", type=int, default=None, metavar="N",
                        help="SIGKILL a node after N games (default a third)")
    parser.add_argument("--restart-after", type=int, default=None, metavar="N",
                        help="restart the page server after N games (default two thirds)")
    parser.add_argument("--minutes", type=float, default=None,
                        help="time budget: no new game after this long (the rest not started)")
    args = parser.parse_args()
    os.environ["SE_OFFLINE"] = "true"
    run_dir = Path(tempfile.mkdtemp(prefix="autobot-soak-"))
    config = selenium_grid.GridConfig(nodes=args.nodes, max_sessions=args.max_sessions, port=0)
    state = selenium_grid.grid_up(config, run_dir)
    page = [serve_page()]
    url = [page[0].__enter__()]
    port = int(url[0].rsplit(":", 1)[1].strip("/"))
    events: list[str] = []
    t0 = time.monotonic()

    def chaos(record: dict) -> None:
        done = len(events_done) + 1
        events_done.append(record["game"])
        if done >= (args.kill_after or args.games // 3) and "node" in record \
                and not any("SIGKILL" in e for e in events):
            index = state.node_ports.index(int(record["node"].rsplit(":", 1)[1]))
            os.kill(state.node_pids[index], signal.SIGKILL)
            events.append(f"{time.monotonic() - t0:.0f}s: SIGKILL node {index + 1} "
                          f"(pid {state.node_pids[index]}) after {done} games")
        if done == (args.restart_after or 2 * args.games // 3):
            page[0].__exit__(None, None, None)
            page[0] = serve_page(port=port)
            url[0] = page[0].__enter__()
            events.append(f"{time.monotonic() - t0:.0f}s: page server restarted after {done}")
        if done % 10 == 0:
            print(f"{done} games, {time.monotonic() - t0:.0f} s", file=sys.stderr, flush=True)

    events_done: list[int] = []
    stop = threading.Event()
    if args.minutes:
        timer = threading.Timer(args.minutes * 60, stop.set)
        timer.daemon = True
        timer.start()
    out = run_dir.with_suffix(".jsonl")
    try:
        summary = run_games(pick_answers(args.games, args.seed),
                            RunConfig(parallel=args.parallel, remote_url=state.hub_url, mix=True,
                                      anim_every=args.anim_every,
                                      window_size=tuple(args.window),
                                      key_delay_ms=args.key_delay),
                            lambda: url[0], out_path=out, grid_dir=run_dir, on_record=chaos,
                            stop=stop)
    finally:
        page[0].__exit__(None, None, None)
        selenium_grid.grid_down(run_dir)
    records = [json.loads(line) for line in out.read_text().splitlines()]
    games = sorted(r["game"] for r in records)
    not_started = summary["not_started"]
    accounted = sorted(games + not_started) == list(range(1, args.games + 1)) \
        and len(set(games)) == len(games)
    load = os.getloadavg()[0]
    looks = collections.Counter(
        f"{r['theme']}{'-contrast' if r['contrast'] else ''}{'-anim' if r['anim'] else ''}"
        for r in records if "theme" in r)
    print(summary_line(summary))
    print("pages:", ", ".join(f"{k} {v}" for k, v in sorted(looks.items())))
    print(leak_line(summary["leaks"]))
    for event in events:
        print("event:", event)
    print(f"played {len(games)}, not started (time budget) {len(not_started)}; "
          f"every game once: {accounted}; failed: {summary['failed']}; retries: "
          f"{summary['retries']}; load average {load:.1f} on {os.cpu_count()} cores (shared)")
    if args.json:
        Path(args.json).write_text(json.dumps({
            **{k: v for k, v in summary.items() if k != "records"},
            "events": events, "every_game_once": accounted, "load_average": load,
            "pages": dict(looks), "lost_games": [r for r in records
                                                 if not r["won"] and "failed" not in r],
            "failed_games": [r for r in records if "failed" in r],
        }, indent=1) + "\n")
    out.unlink(missing_ok=True)
    clean = not any(summary["leaks"].values())
    return 0 if accounted and clean else 1


if __name__ == "__main__":
    sys.exit(main())
