"""The `autobot fixtures` parser (its runner: `autobot.cli.fixtures`, imported when it runs)."""

from __future__ import annotations

import argparse

from autobot.harness.fixtures import DEFAULT_OUT, DEFAULT_PENDING


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `fixtures` parser (make, list)."""
    p = subparsers.add_parser(
        "fixtures",
        help="regenerate the screenshot fixtures (fixtures/screenshots) in real Chromium",
        description="Screenshot fixtures: `make` plays every catalogue entry on the bundled page "
        "in headless Chromium and writes NAME.png + NAME.json; `list` shows the catalogue.",
    )
    sub = p.add_subparsers(dest="fixtures_command", metavar="ACTION")
    make = sub.add_parser("make", help="make the screenshots and sidecars")
    make.add_argument("--out", default=DEFAULT_OUT, help=f"output folder (default {DEFAULT_OUT})")
    make.add_argument("--only", nargs="+", metavar="NAME", help="make only these fixtures")
    make.add_argument("--pending-out", default=DEFAULT_PENDING,
                      help=f"folder for the pending fixtures (default {DEFAULT_PENDING})")
    sub.add_parser("list", help="list the catalogue")
