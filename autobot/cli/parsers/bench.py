"""The `autobot bench` parser (its runner: `autobot.cli.bench`, imported when it runs)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from autobot.app.args import (
    endpoint_address,
    key_delay_ms,
    positive_int,
    scale_factor,
)
from autobot.app.options import (
    add_boards_option,
    add_game_options,
    add_solver_options,
    window_size,
)


def register(subparsers: Any) -> None:
    """Add `autobot bench`."""
    parser = subparsers.add_parser(
        "bench", help="benchmark a solver strategy over every answer",
        description="Play every answer (or --sample N) and print mean, max, histogram, "
                    "failures, the hardest answers, wall time and decision time.",
    )
    add_solver_options(parser)
    _add_game_options(parser)
    parser.add_argument("--sample", type=positive_int, default=None, metavar="N",
                        help="play a seeded random sample of N answers")
    parser.add_argument("--games", type=positive_int, default=None, metavar="N",
                        help="number of games (browser mode; same as --sample otherwise)")
    parser.add_argument("--seed", type=int, default=None,
                        help="seed for --sample (default 0; browser mode has its own)")
    parser.add_argument(
        "--targets", default=None, metavar="LIST",
        help="answers the games are played against (default: the --answers list; the original "
             "2,315 for nyt): nyt-past = the 1,564 real NYT answers to date, or a file",
    )
    parser.add_argument("--plot", type=Path, default=None, metavar="PNG",
                        help="write a histogram picture")
    parser.add_argument("--json", type=Path, default=None, metavar="OUT",
                        help="write the results as JSON")
    parser.add_argument("--browser", action="store_true",
                        help="play through the bundled page in a real browser instead")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    add_boards_option(parser, "benchmark")
    _add_browser_only_options(parser)


def _add_game_options(parser: argparse.ArgumentParser) -> None:
    """--game and --length (variants: `autobot.cli.bench`'s bench_variant)."""
    add_game_options(parser, puzzles=True)


def _add_browser_only_options(parser: argparse.ArgumentParser) -> None:
    """Page/browser settings for --browser (defaults None: autobot.bench.browser's apply)."""
    group = parser.add_argument_group("browser mode (--browser)")
    group.add_argument("--theme", choices=("light", "dark"), default=None, help="page theme")
    group.add_argument("--contrast", action="store_true", default=None,
                       help="high-contrast colours")
    group.add_argument("--scale", type=scale_factor, default=None, help="page zoom")
    group.add_argument("--anim", action=argparse.BooleanOptionalAction, default=None,
                       help="page animations (default off for the benchmark)")
    group.add_argument("--window-size", type=window_size, default=None, metavar="WxH")
    group.add_argument("--key-delay", type=key_delay_ms, default=None, metavar="MS")
    group.add_argument("--remote", default=None, metavar="URL", type=endpoint_address,
                       help="a remote WebDriver")
    group.add_argument("--headed", action="store_true", default=None,
                       help="a headed browser (on a private Xvfb if there is no display), "
                       "its frames read from the display (a few ms) instead of screenshots")
    group.add_argument("--trace", default=None, metavar="DIR",
                       help="a trace of every game not won, in DIR/game-N/ (`autobot replay "
                       "DIR/game-N` replays one)")
    group.add_argument("--parallel", type=positive_int, default=None, metavar="N",
                       help="N browsers at once (Grid slots with --remote); JSON Lines out")
    group.add_argument("--jsonl", type=Path, default=None, metavar="OUT",
                       help="--parallel: one JSON line per game, as it finishes")
    group.add_argument("--resume", type=Path, default=None, metavar="OUT",
                       help="--parallel: skip the games already in OUT.jsonl, append the rest")
