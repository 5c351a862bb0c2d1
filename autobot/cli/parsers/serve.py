"""The `autobot serve` parser (its runner: `autobot.cli.serve`, imported when it runs)."""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `serve` subcommand."""
    parser = subparsers.add_parser(
        "serve",
        help="serve the bundled Wordle page on 127.0.0.1",
        description="Serve the bundled Wordle page (and its word lists) until Ctrl-C. "
        "Query parameters: answer=crane, seed=N, theme=light|dark, contrast=1, hard=1, "
        "anim=0, stats=0, guesses=crane,slate, typed=cra, sheet=ABC (glyph sheet); "
        "game=tuble&answer=STATION for Tuble.",
    )
    parser.add_argument("--port", type=int, default=0, help="port (default: a free one)")
    parser.add_argument("--host", default="127.0.0.1", help="loopback address (default 127.0.0.1)")
