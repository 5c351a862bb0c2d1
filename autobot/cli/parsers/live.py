"""The `autobot live` parser (its runner: `autobot.cli.live`, imported when it runs)."""

from __future__ import annotations

import argparse
from typing import Any

from autobot.app.args import add_lang_option, key_delay_ms, number_in
from autobot.app.options import (
    add_answers_option,
    add_boards_option,
    add_game_options,
)
from autobot.app.request import BUNDLED
from autobot.drivers.desktop.capture import parse_region
from autobot.errors import AutobotError


def region_arg(text: str) -> tuple[int, int, int, int]:
    """argparse type for X,Y,W,H."""
    try:
        return parse_region(text)
    except AutobotError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def geometry_arg(text: str) -> tuple[int, int, int, int]:
    """argparse type for the launched window's X,Y,W,H."""
    geometry = region_arg(text)
    if geometry[2] < 200 or geometry[3] < 200:
        raise argparse.ArgumentTypeError(f"window {text} is too small (200x200 at least)")
    return geometry


def register(subparsers: Any) -> None:
    """Add `autobot live`."""
    seconds = number_in(float, 0.1, None, "s")

    parser = subparsers.add_parser(
        "live",
        help="play the Wordle window on your screen (mss capture + pyautogui keys)",
        description=(
            "Find a Wordle board on the screen and play it with real key presses, or with "
            "--advise just print the best next guess whenever the board changes. Exit codes: "
            "0 won, 1 lost or quit, 3 no board found, 4 safety stop (board moved, covered, "
            "out of step, or the mouse flung into a screen corner)."
        ),
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--monitor", type=int, metavar="N",
                       help="capture monitor N (1 = first; 0 = all monitors as one; default 1)")
    where.add_argument("--region", type=region_arg, metavar="X,Y,W,H",
                       help="capture only this part of the desktop")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--confirm", action="store_true",
                      help="show each proposed guess and ask: accept, edit, skip, quit")
    mode.add_argument("--advise", action="store_true",
                      help="never type: print the best next guess whenever the board changes")
    parser.add_argument("--click-to-focus", action=argparse.BooleanOptionalAction, default=True,
                        help="click an empty spot beside the board once so keys reach the page")
    parser.add_argument("--launch", metavar="URL",
                        help=f"open URL in a new (non-headless) Chromium app window first; "
                             f"'{BUNDLED}' serves the bundled page")
    parser.add_argument("--window", type=geometry_arg, default=(0, 0, 1280, 1024),
                        metavar="X,Y,W,H", help="where --launch puts its window (default "
                                                "0,0,1280,1024)")
    parser.add_argument("--answer", metavar="WORD", help="with --launch bundled: the answer")
    parser.add_argument("--theme", choices=("light", "dark"), default="light",
                        help="with --launch bundled: the page theme")
    parser.add_argument("--contrast", action="store_true",
                        help="with --launch bundled: high-contrast colours")
    parser.add_argument("--json", metavar="OUT", help="write the game as JSON (as `play` does)")
    parser.add_argument("--trace", metavar="DIR",
                        help="keep a trace of the game in DIR (every frame read, what was read, "
                             "the keys and clicks sent, the record); `autobot replay DIR` "
                             "replays it")
    parser.add_argument("--profile", metavar="NAME",
                        help="calibration profile (calibration/NAME.toml) for this screen")
    parser.add_argument("--strategy", default="default", help="solver strategy")
    parser.add_argument("--hard", action="store_true", help="hard mode (only legal guesses)")
    parser.add_argument("--start", metavar="WORD", help="force the first guess")
    add_lang_option(parser, from_page=True)
    add_game_options(parser, board_width=True, puzzles=True)
    parser.add_argument("--key-delay", type=key_delay_ms, default=60.0, metavar="MS",
                        help="pause between key presses (default 60 ms)")
    parser.add_argument("--find-timeout", type=seconds, default=10.0, metavar="S",
                        help="how long to look for the board before giving up (exit 3)")

    add_boards_option(parser, "play", auto=True)
    add_answers_option(parser)
    parser.add_argument("--watch", type=seconds, default=None, metavar="S",
                        help="with --advise: stop watching after S seconds (default: until "
                             "the game ends or Ctrl-C)")
