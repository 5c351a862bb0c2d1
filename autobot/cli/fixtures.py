"""`autobot fixtures make [--out DIR] [--only NAME...]` and `autobot fixtures list`: the screenshot
fixtures, made in real Chromium by autobot.harness.capture."""

from __future__ import annotations

import argparse
from pathlib import Path

from autobot.errors import AutobotError
from autobot.harness.capture import make
from autobot.harness.fixtures import ALL


def run(args: argparse.Namespace) -> int:
    """`fixtures make` / `fixtures list`."""
    if args.fixtures_command == "list":
        for fx in ALL:
            extra = f" at {fx.at_ms} ms" if fx.at_ms is not None else ""
            page = "".join(f" {t}" for t in fx.tags[3:])  # the other page options
            print(f"{fx.name:<28} {fx.look:<9} {fx.window[0]}x{fx.window[1]}@{fx.scale:g} "
                  f"{fx.moment}{extra}{page}: {fx.answer.upper()} "
                  f"{' '.join(fx.guesses).upper()}{' +' + fx.typed.upper() if fx.typed else ''}"
                  f"{f'  (pending: {fx.pending})' if fx.pending else ''}")
        return 0
    if args.fixtures_command != "make":
        raise AutobotError("fixtures: choose an action: make or list")
    written = make(Path(args.out), args.only, pending_out=Path(args.pending_out))
    total = sum(p.stat().st_size for p in written)
    folders = sorted({str(p.parent) for p in written}) or [args.out]
    print(f"wrote {len(written)} fixtures to {', '.join(folders)} ({total / 1e6:.1f} MB of PNG)")
    return 0
