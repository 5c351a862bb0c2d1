"""The `autobot grid` parser (its runner: `autobot.cli.grid`, imported when it runs)."""

from __future__ import annotations

import argparse
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
