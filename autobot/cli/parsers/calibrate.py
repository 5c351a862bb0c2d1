"""The `autobot calibrate` parser (its runner: `autobot.cli.calibrate`, imported when it runs)."""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `calibrate` parser."""
    p = subparsers.add_parser(
        "calibrate",
        help="measure a screen's board, palette and glyphs into a profile (--profile NAME)",
        description="Locate the board in IMAGE (or on the screen), measure the colours actually "
        "shown (tiles, background, borders, letters) and write calibration/NAME.toml; with "
        "--letters, harvest glyph templates into templates/NAME/.",
    )
    p.add_argument("image", nargs="?", help="a screenshot showing the board")
    p.add_argument("--screen", action="store_true", help="capture the screen instead (mss)")
    p.add_argument("--monitor", type=int, default=1, help="monitor number for --screen (1 = first)")
    p.add_argument("--letters", help="the board's words top down, e.g. CRANE,SLATE (for glyphs)")
    p.add_argument("--name", required=True, help="profile name (calibration/NAME.toml)")
    p.add_argument("--root", default=".", help="folder holding calibration/ and templates/")
