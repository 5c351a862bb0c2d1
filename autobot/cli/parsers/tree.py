"""The `autobot tree` parser (its runner: `autobot.cli.tree`, imported when it runs)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from autobot.app.args import number_in


def _top_k(text: str) -> tuple[int, ...]:
    """'60' or '500,100' -> (500, 100): k for the second guess, ..., the last for deeper ones."""
    try:
        values = tuple(int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of integers: {text!r}") from None
    if not values or any(v < 1 for v in values):
        raise argparse.ArgumentTypeError(f"top-k values must be positive: {text!r}")
    return values


def register(subparsers: Any) -> None:
    """Add `autobot tree build|show|check`."""
    parser = subparsers.add_parser("tree", help="build, show or check an optimal decision tree")
    sub = parser.add_subparsers(dest="tree_command", metavar="ACTION", required=True,
                                parser_class=type(parser))

    build = sub.add_parser("build", help="search a decision tree and write it (gzip JSON)")
    build.add_argument("--start", default=None,
                       help="opening guess (default salet; with --length: the search's best)")
    build.add_argument("--length", type=number_in(int, 4, 11), default=None, metavar="N",
                       help="a Wordle of N letters (4..11, autobot.solver.game_tree): all won "
                            "in its N+1 rows if the search finds it, else the fewest lost")
    build.add_argument("--bound-seconds", type=float, default=60.0, metavar="S",
                       help="with --length: time for the lower bound on any tree (default 60)")
    build.add_argument("--repair", type=number_in(int, 0, 100000), default=0, metavar="K",
                       help="with --length: where the tree found loses answers, play the guess "
                            "the exhaustive feasibility search finds that wins them all, else "
                            "the one of K partitions leaving fewest classes it cannot (default 0)")
    build.add_argument("--hard", action="store_true", help="hard mode (NYT rule)")
    build.add_argument("--top-k", type=_top_k, default=None, metavar="K[,K2...]",
                       help="guesses tried per node: first for the 2nd guess, last for deeper "
                            "(default 60,12 normal, 500,100 hard)")
    build.add_argument("--depth", type=number_in(int, 2, 13), default=None,
                       help="most guesses per game (default 5 normal, 6 hard; with --length: "
                            "its rows and one more that counts as lost)")
    build.add_argument("--answers", default="answers", help="answer list name or file")
    build.add_argument("--guesses", default="allowed", help="allowed-guess list name or file")
    build.add_argument("--out", type=Path, default=None,
                       help="output file (default ./START-normal|hard.json.gz)")
    build.add_argument("--quiet", action="store_true", help="no progress lines")

    for name, text in (("show", "print a tree's header and its first levels"),
                       ("check", "play every answer through a tree and check it")):
        p = sub.add_parser(name, help=text)
        p.add_argument("--start", default="salet", help="opening of the shipped tree")
        p.add_argument("--hard", action="store_true", help="the hard-mode tree")
        p.add_argument("--file", type=Path, default=None, help="a tree file instead")
        p.add_argument("--answers", default=None, help="answer list (default: the tree's own)")
        if name == "show":
            p.add_argument("--levels", type=int, default=2, help="levels to print (default 2)")
