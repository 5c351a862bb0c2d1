"""The `autobot replay` parser (its runner: `autobot.cli.replay`, imported when it runs)."""

from __future__ import annotations

import argparse

from autobot.app.args import add_lang_option, positive_int
from autobot.app.options import add_game_options


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `replay` parser."""
    p = subparsers.add_parser(
        "replay",
        help="regression-test vision and solver on screenshots with expected boards",
        description="Decode every screenshot, compare the board with its sidecar NAME.json (or the "
        "folder's labels.json) and the next guess with the sidecar's; exit 1 on any regression. "
        "A game's trace folder (--trace DIR) is read frame by frame in order and each read "
        "compared with the bot's, or with a hand-written sidecar frames/NNNNNN.json. "
        "Images with no expectation: print the decoded board and the suggested guess.",
    )
    p.add_argument("paths", nargs="+", metavar="DIR_OR_FILE",
                   help="folders (with sidecars or a labels.json), images, a labels.json, or "
                   "a game's trace folder")
    p.add_argument("--json", metavar="OUT", help="write every result and a summary as JSON")
    p.add_argument("--update", action="store_true",
                   help="rewrite the sidecars' expected guesses (boards are never updated)")
    p.add_argument("--profile", metavar="NAME", help="calibration profile for the reader")
    p.add_argument("--strategy", default="default", help="solver strategy (default: default)")
    add_lang_option(p)
    add_game_options(p)  # the game of images without a sidecar; --length is a hint (noted)
    p.add_argument("--strict", action="store_true",
                   help="labels.json: a '?' answer on a labelled tile is a failure even when the "
                   "frame is reported as not settled")
    p.add_argument("--quiet", "-q", action="store_true", help="print failures and the summary only")
    p.add_argument("--jobs", "-j", type=positive_int, default=1, metavar="N",
                   help="decode in N processes (default 1)")
    p.add_argument("--jsonl", metavar="OUT", help="one JSON line per image, as each is done")
    p.add_argument("--expect", type=positive_int, action="append", metavar="N",
                   help="with one trace folder: write frame N's sidecar frames/N.json from the "
                   "bot's read, to correct by hand where it misread (kept if it exists); "
                   "no replay")
