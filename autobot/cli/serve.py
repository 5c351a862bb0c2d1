"""`autobot serve`: serve the bundled Wordle page on this machine until Ctrl-C (or a signal)."""

from __future__ import annotations

import argparse
import threading

from autobot.page.server import serve_page
from autobot.shutdown import exit_code_of


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
