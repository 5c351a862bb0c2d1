"""`autobot grid up|down|status`: a local Selenium Grid (hub + N Chromium nodes) on loopback."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from autobot.app.args import positive_int


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add `autobot grid` and its three actions."""
    parser = subparsers.add_parser(
        "grid", help="start, stop or inspect a local Selenium Grid",
        description="A Selenium Grid 4 on 127.0.0.1: one hub and N nodes driving the system "
        "Chromium. Then: autobot bench --browser --remote URL --parallel N.",
    )
    parser.add_argument("--run-dir", type=Path, default=None, metavar="DIR",
                        help="folder for configs, logs and pids (default $AUTOBOT_GRID_DIR or "
                        "/tmp/autobot-grid-UID)")
    actions = parser.add_subparsers(dest="action", required=True, metavar="{up,down,status}")
    up = actions.add_parser("up", help="start a hub and N nodes; prints the hub URL")
    up.add_argument("--nodes", type=positive_int, default=2, help="nodes (default 2)")
    up.add_argument("--max-sessions", type=positive_int, default=2,
                    help="browser slots per node (default 2)")
    up.add_argument("--port", type=int, default=4444, help="hub port (default 4444; 0 = free)")
    up.add_argument("--jar", default=None, help="the selenium-server jar (default: from .grid/)")
    up.add_argument("--timeout", type=float, default=180.0, help="seconds to wait for the nodes")
    actions.add_parser("down", help="stop the Grid, its browsers, and delete the run folder")
    status = actions.add_parser("status", help="the hub's /status: nodes, slots, sessions")
    status.add_argument("--json", action="store_true", help="print the summary as JSON")


def run(args: argparse.Namespace) -> int:
    """Do the action; `status` exits 5 when no Grid answers."""
    from autobot.harness import selenium_grid

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
