#!/usr/bin/env python3
"""Which openers of a Wordle length provably lose an answer within its rows: the feasibility
search (`autobot.solver.game_tree.Feasibility.scan_openers`) over every allowed opener, in the
search's order, while the CPU budget lasts; also checks the openers named with --opener.

`python scripts/tree_openers.py --length 4 --seconds 600 [--opener sale] [--part 1/2]` (from the
project root; the parts 1/2 and 2/2 in two processes are the whole scan)
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from autobot.games import find_game
from autobot.solver.game_tree import Feasibility


def main(argv: list[str] | None = None) -> int:
    """Print one line per opener ruled out, then the summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--length", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=600.0, help="CPU budget of the scan")
    parser.add_argument("--opener", action="append", default=[],
                        help="also report which of this opener's classes cannot be won")
    parser.add_argument("--part", default="1/1", metavar="K/N",
                        help="scan only the K-th of N interleaved parts (one process per core)")
    args = parser.parse_args(argv)
    try:
        k, n = (int(x) for x in args.part.split("/"))
        if not 1 <= k <= n:
            raise ValueError
    except ValueError:
        print(f"--part {args.part!r}: want K/N with 1 <= K <= N", file=sys.stderr)
        return 2
    game = find_game("wordle", args.length)
    rows = int(game.rows or 0)
    feasible = Feasibility(game)
    everyone = np.arange(len(game.answers), dtype=np.int64)
    for word in args.opener:
        if word not in game.guesses:
            print(f"{word!r} is not an allowed {game.label} guess", file=sys.stderr)
            return 2
        began = time.process_time()
        row = feasible.matrix[game.guesses.index(word)]
        bad = [int((row == c).sum()) for c in np.unique(row) if c != game.win_code
               and feasible.guess(everyone[row == c], rows - 1) < 0]
        print(f"{word}: {len(bad)} classes not won in {rows - 1} rows (sizes {sorted(bad)}), "
              f"so any tree opening with it loses at least {len(bad)}; "
              f"{time.process_time() - began:.1f} s", flush=True)
    scan = feasible.scan_openers(rows, args.seconds, progress=lambda line: print(line, flush=True),
                                 part=(k - 1, n))
    print(f"{game.label}: {scan['ruled_out']} of {scan['openers']} openers lose an answer in "
          f"{rows} rows ({scan['searched']} searched, the rest by {scan['cores']} cores), "
          f"winner {scan['winner']}, complete {scan['complete']}, {scan['seconds']} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
