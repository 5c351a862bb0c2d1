"""`autobot grid up|down|status`: a local Selenium Grid (hub + N Chromium nodes) on loopback."""

from __future__ import annotations

import argparse
import json

from autobot.harness import selenium_grid


def run(args: argparse.Namespace) -> int:
    """Do the action; `status` exits 5 when no Grid answers."""
    run_dir = args.run_dir or selenium_grid.default_run_dir()
    if args.action == "up":
        config = selenium_grid.GridConfig(nodes=args.nodes, max_sessions=args.max_sessions,
                                 port=args.port)
        state = selenium_grid.grid_up(config, run_dir, jar=args.jar, timeout=args.timeout)
        print(state.hub_url, flush=True)
        print(f"Grid up: {args.nodes} nodes x {args.max_sessions} sessions; run folder "
              f"{state.run_dir}; stop with autobot grid down", flush=True)
        return 0
    if args.action == "down":
        pids = selenium_grid.grid_down(run_dir)
        print(f"Grid down: stopped {len(pids)} processes" if pids else "no Grid was running")
        return 0
    state = selenium_grid.load_state(run_dir)
    url = state.hub_url if state else f"http://127.0.0.1:{4444}"
    summary = {"url": url, **selenium_grid.status_summary(selenium_grid.fetch_status(url))}
    if state is not None:
        summary.update(selenium_grid.leftovers(run_dir))
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        print(f"{url}: {'ready' if summary['ready'] else 'NOT ready'}, {summary['nodes_up']} "
              f"nodes up, {summary['nodes_down']} down, {len(summary['sessions'])}/"
              f"{summary['slots']} slots in use")
    return 0
