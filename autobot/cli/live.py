"""`autobot live`: play (or advise on) the Wordle tab already open on your desktop. This module
parses and wires (and launches a window with --launch); the play is autobot.engines.desktop."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from autobot.app.args import add_lang_option, key_delay_ms, number_in
from autobot.app.options import (
    add_answers_option,
    add_boards_option,
    add_game_options,
    split_answers,
    where_text,
)
from autobot.app.players import check_answer, game_from_args, reader_from_args, solver_from_args
from autobot.app.session import BUNDLED, launched
from autobot.drivers.recording import record_screen
from autobot.engines.desktop import advise, find_board, play_live, terminate_as_interrupt
from autobot.errors import AutobotError, BadInput, SafetyStop
from autobot.games import runs_of
from autobot.harness.calibration import read_mismatch


def region_arg(text: str) -> tuple[int, int, int, int]:
    """argparse type for X,Y,W,H."""
    from autobot.drivers.desktop import parse_region

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


# --- finding the board -------------------------------------------------------------------


def check_args(args: argparse.Namespace) -> None:
    """Flag combinations that make no sense are bad input (exit 2), before anything starts."""
    if args.watch is not None and not args.advise:
        raise AutobotError("--watch only applies to --advise")

    split_answers(args)
    page_flags = args.answer or args.page_answers or args.theme != "light" or args.contrast
    if page_flags and args.launch != BUNDLED:
        raise AutobotError("--answer/--page-answers/--theme/--contrast only apply to "
                           "--launch bundled")
    if args.launch and args.launch != BUNDLED and not args.launch.startswith(
            ("http://", "https://", "file://", "data:")):
        raise AutobotError(f"--launch wants a URL or '{BUNDLED}', not {args.launch!r}")


# --- advise: watch and suggest, never type ------------------------------------------------


def run(args: argparse.Namespace) -> int:
    """Find the board, then play it (or advise); exit 0 won, 1 lost, 3 no board, 4 safety."""
    runs = runs_of(args.game)
    if getattr(args, "trace", None) and not runs.traced:
        raise BadInput(f"--trace is for word pages, not --game {args.game}")
    return runs.runner("live", args.game)(args)  # the game's own way to be played live


def live_word_game(args: argparse.Namespace) -> int:
    """A word game's tab or window on the desktop: play it, or advise."""
    from rich.console import Console


    check_args(args)
    if args.boards is not None and args.boards > 1:
        from autobot.cli.live_boards import run_live_boards

        return run_live_boards(args)

    game = game_from_args(args)
    if args.launch == BUNDLED:
        check_answer(args.answer, game)  # bad input, whatever the display
    solver: Any = solver_from_args(args)
    console = Console(highlight=False)
    profile, read = reader_from_args(args)
    if not args.advise:
        from autobot.drivers.desktop import require_pyautogui

        require_pyautogui()  # before any window opens: no point finding a board we cannot type on

    from autobot.harness.record import GameRecord

    # The record's path is checked before any window opens; from here every exit writes it.
    record = GameRecord(None if args.advise else args.json, args.trace,
                        meta={"url": args.launch})
    with record.on_any_exit(lambda exc: getattr(exc, "result", None)):
        return _live(args, solver, console, profile, read, game, record)


def counts_boards(args: argparse.Namespace, game: Any) -> bool:
    """--boards auto (the default): a Wordle played by typing may show many boards; count them.

    (Advising and --confirm are for one board; other games have one board by their rules.)"""
    return args.boards is None and not args.advise and not args.confirm \
        and game.solver is not None


def _live(args: argparse.Namespace, solver: Any, console: Any, profile: Any, read: Any,
          game: Any, record: Any) -> int:
    from autobot.drivers.desktop import MssScreen

    record.phase = "browser"
    with terminate_as_interrupt(), launched(args), \
            MssScreen(monitor=args.monitor, region=args.region) as screen:
        record.phase = "game"
        if record.trace is not None:  # `--trace`: every frame, the board search's too
            record_screen(screen, record.trace)
        if counts_boards(args, game):
            from autobot.loop.probe import count_boards_on

            boards = count_boards_on(screen)
            if boards > 1:
                from autobot.cli.live_boards import play_boards_on_screen

                console.print(f"[dim]{boards} boards found[/dim]")
                args.boards = boards
                return play_boards_on_screen(args, screen, boards, console, record)
        from autobot.drivers.desktop import page_dialog

        frame, first = find_board(screen, read, args.find_timeout, where_text(args),
                                  dialog=None if args.advise else page_dialog)
        if not first.found:  # a dialog covers the game: the turn loop closes it first
            console.print("a dialog covers the game: closing it")
            sys.stdout.flush()
            return play_live(args, screen, frame, first, solver, console, read, game,
                             record=record)
        from autobot.loop import board_cut

        cut = board_cut(first, frame.shape[0])
        if cut:  # the bot cannot scroll a desktop it shares: say what is out of view
            raise SafetyStop(f"the board is cut by the bottom of {where_text(args)}: {cut} "
                             "may be out of view; scroll the page or move the window")
        if profile is not None:
            why = read_mismatch(profile, frame.shape, first)
            if why:
                raise BadInput(why)
        if args.advise:
            return advise(args, screen, read, solver, console, first)
        return play_live(args, screen, frame, first, solver, console, read, game,
                         record=record)


