"""`autobot serve`: serve the bundled Wordle page on this machine until Ctrl-C (or a signal)."""

from __future__ import annotations

import argparse
import threading

from autobot.page.server import serve_page
from autobot.shutdown import exit_code_of


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


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted; the first line printed is the page's URL. The server is closed
    on every signal, and the exit code says which one (130 Ctrl-C, 143 SIGTERM, 129 SIGHUP), as
    for every other command."""
    with serve_page(args.host, args.port) as url:
        print(url, flush=True)
        print(f"Serving the Wordle page (Tuble: {url}?game=tuble); press Ctrl-C to stop.",
              flush=True)
        try:
            threading.Event().wait()
        except KeyboardInterrupt as exc:
            return exit_code_of(exc)
    return 0
