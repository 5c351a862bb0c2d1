"""The `autobot play` parser (its runner: `autobot.cli.play`, imported when it runs)."""

from __future__ import annotations

from typing import Any

from autobot.app.args import (
    add_lang_option,
    page_address,
)
from autobot.app.options import (
    add_answers_option,
    add_boards_option,
    add_browser_arguments,
    add_game_options,
)


def register(subparsers: Any) -> None:
    """Add `autobot play`."""
    parser = subparsers.add_parser(
        "play",
        help="play a whole game in a browser (bundled page by default)",
        description="Play Wordle hands-free in Chromium: the bot reads screenshots and types.",
    )
    parser.add_argument("--answer", metavar="WORD", help="the bundled page's answer (else random)")
    parser.add_argument("--url", metavar="URL", type=page_address,
                        help="play this Wordle page, not the bundled one")
    parser.add_argument("--start", metavar="WORD", help="force the first guess")
    parser.add_argument("--confirm", action="store_true",
                        help="ask before each guess: accept, edit, skip, quit")
    parser.add_argument("--json", metavar="OUT", help="write the game as JSON")
    parser.add_argument("--trace", metavar="DIR",
                        help="keep a trace of the game in DIR (every frame read, what was read, "
                             "the keys and clicks sent, the record); `autobot replay DIR` "
                             "replays it")
    parser.add_argument("--init-script", metavar="FILE",
                        help="JavaScript run before the page's own scripts on every load "
                             "(to fix a clone's answer or date when regression-testing it)")
    add_browser_arguments(parser)
    add_lang_option(parser, from_page=True)
    add_boards_option(parser, "play", auto=True)
    add_answers_option(parser)
    add_game_options(parser, board_width=True, puzzles=True)
