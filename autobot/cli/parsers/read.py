"""The `autobot read` parser (its runner: `autobot.cli.read`, imported when it runs)."""

from __future__ import annotations

import argparse

from autobot.app.args import word_length


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `read` parser."""
    p = subparsers.add_parser(
        "read",
        help="read the Wordle board in screenshots (no browser needed)",
        description="Locate the board in each image, classify its tiles and read the letters. "
        "Exit 3 if an image shows no board, 2 if a file cannot be read (the others are still "
        "read and printed).",
    )
    p.add_argument("images", nargs="+", metavar="IMAGE", help="PNG/JPEG/GIF screenshots")
    p.add_argument("--json", action="store_true",
                   help="print {found, settled, theme, rows} per image (a list if several)")
    p.add_argument("--debug", metavar="OUT.png",
                   help="write the frame with the grid and each tile's class drawn on it "
                   "(several images: OUT-1.png, OUT-2.png, ...)")
    p.add_argument("--profile", metavar="NAME", help="calibration profile (calibration/NAME.toml)")
    p.add_argument("--game", default="wordle", metavar="NAME",
                   help="tuble: the answer rows (station, colour, stops) instead of a board; "
                   "a grid puzzle (ohhi/unruly, sudoku/solo): the grid as text (0h h1/Unruly: "
                   ". empty, 0 lighter, 1 darker; Sudoku/Solo: digits, . empty)")
    p.add_argument("--boards", action="store_true",
                   help="many boards (Dordle ... Duotrigordle): find and read every board; "
                   "JSON {found, settled, count, boards: [{rows, ...} per board]} (without it: "
                   "the same when the image shows two or more boards)")
    p.add_argument("--length", type=word_length, default=5, metavar="N",
                   help="letters per word of a Jotto list (default 5)")
