"""`autobot live --game unruly|solo` (or ohhi|sudoku): play the grid puzzle window on the
screen hands-free; the play is autobot.harness.puzzles_live."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from autobot.errors import AutobotError

WORD_ONLY = ("advise", "confirm", "launch", "answer", "boards", "profile")


def run_live_puzzle(args: argparse.Namespace, puzzle: str) -> int:
    """Find the grid, solve it, fill it; exit 0 won, 1 not won, 3 no grid, 4 safety stop."""
    from autobot.drivers.desktop import DesktopDriver, MssScreen, require_pyautogui
    from autobot.harness.puzzles_live import play_solo, play_unruly

    for name in WORD_ONLY:
        if getattr(args, name, None) not in (None, False):
            raise AutobotError(f"--{name} is for word games, not --game {args.game}")
    require_pyautogui()
    with MssScreen(monitor=args.monitor, region=args.region) as screen:
        hands = DesktopDriver(screen, key_delay=args.key_delay / 1000)
        play = play_unruly if puzzle == "ohhi" else play_solo
        played = play(screen, hands, timeout=args.find_timeout)
    summary = played.summary()
    print(played.grid)
    print(f"{'won' if played.won else 'not won'}: {played.moves} moves, frame->click "
          f"median {summary['move_ms_median']} ms, p95 {summary['move_ms_p95']} ms")
    if args.json:
        try:
            Path(args.json).write_text(json.dumps(summary, indent=1) + "\n")
        except OSError as exc:
            raise AutobotError(f"cannot write {args.json}: {exc}") from None
    return 0 if played.won else 1
