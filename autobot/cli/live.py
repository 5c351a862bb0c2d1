"""`autobot live`: play (or advise on) the Wordle tab already open on your desktop.

Frames come from the screen (mss), keys go out as real key events (pyautogui) to whatever has
the keyboard focus, so the run is guarded: the board must stay where it was found, in step with
the game, or the bot stops at once (exit 4) rather than type into something else.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

from autobot.cli.args import add_lang_option
from autobot.errors import AutobotError

SAFETY = 4
NO_BOARD = 3
BUNDLED = "bundled"


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
    from autobot.cli.args import key_delay_ms, number_in

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
    parser.add_argument("--profile", metavar="NAME",
                        help="calibration profile (calibration/NAME.toml) for this screen")
    parser.add_argument("--strategy", default="default", help="solver strategy")
    parser.add_argument("--hard", action="store_true", help="hard mode (only legal guesses)")
    parser.add_argument("--start", metavar="WORD", help="force the first guess")
    add_lang_option(parser)
    parser.add_argument("--key-delay", type=key_delay_ms, default=60.0, metavar="MS",
                        help="pause between key presses (default 60 ms)")
    parser.add_argument("--find-timeout", type=seconds, default=10.0, metavar="S",
                        help="how long to look for the board before giving up (exit 3)")
    parser.add_argument("--watch", type=seconds, default=None, metavar="S",
                        help="with --advise: stop watching after S seconds (default: until "
                             "the game ends or Ctrl-C)")


# --- finding the board -------------------------------------------------------------------


def where_text(args: argparse.Namespace) -> str:
    """'monitor 1' / 'region 10,20,800,600', for messages."""
    if args.region is not None:
        return "region {},{},{},{}".format(*args.region)
    return f"monitor {args.monitor if args.monitor is not None else 1}"


DIALOG_LOOK_S = 0.25  # how often the board search also looks for a dialog over the game


def _no_board(board: Any) -> Any:
    """`board` as a read that found nothing (what shows is a dialog's, not the game's)."""
    import dataclasses

    if dataclasses.is_dataclass(board):
        return dataclasses.replace(board, found=False, settled=False, rows=(), grid=None)
    from autobot.vision import BoardRead

    return BoardRead(False, False, None, False, (), None)


def find_board(
    screen: Any,
    read: Callable[[Any], Any],
    timeout: float,
    where: str,
    *,
    clock: Callable[[], float] = time.monotonic,
    dialog: Callable[[Any], Any] | None = None,
) -> tuple[Any, Any]:
    """Poll the screen until two consecutive reads agree on a settled board; (frame, read).

    With `dialog` (frame -> a dialog over the game, or None), the same dialog seen twice
    with no settled board in view ends the search too: the read returned then has `found`
    false, and the turn loop closes the dialog before anything is typed. Nothing by the
    deadline is exit 3 ("no Wordle board found on monitor 1").
    """
    from autobot.drivers.desktop import anchor_of, board_moved

    deadline = clock() + timeout
    previous = None
    seen = False
    last_panel: Any = None
    looked_at = -DIALOG_LOOK_S
    while True:
        frame = screen.grab()
        board = read(frame)
        if board.found:
            seen = True
            if (board.settled and previous is not None and previous.found
                    and previous.rows == board.rows
                    and board_moved(anchor_of(previous.grid), board.grid) is None):
                return frame, board
        if dialog is not None and not (board.found and board.settled) and \
                clock() - looked_at >= DIALOG_LOOK_S:
            looked_at = clock()
            found = dialog(frame)
            panel = None if found is None else found.panel
            if panel is not None and panel == last_panel:
                return frame, _no_board(board)
            last_panel = panel
        previous = board
        if clock() >= deadline:
            if seen:
                raise AutobotError(f"the Wordle board on {where} never stood still", NO_BOARD)
            raise AutobotError(f"no Wordle board found on {where}", NO_BOARD)
        time.sleep(0.05)


def check_args(args: argparse.Namespace) -> None:
    """Flag combinations that make no sense are bad input (exit 2), before anything starts."""
    if args.watch is not None and not args.advise:
        raise AutobotError("--watch only applies to --advise")
    page_flags = args.answer or args.theme != "light" or args.contrast
    if page_flags and args.launch != BUNDLED:
        raise AutobotError("--answer/--theme/--contrast only apply to --launch bundled")
    if args.launch and args.launch != BUNDLED and not args.launch.startswith(
            ("http://", "https://", "file://", "data:")):
        raise AutobotError(f"--launch wants a URL or '{BUNDLED}', not {args.launch!r}")


@contextlib.contextmanager
def launched(args: argparse.Namespace) -> Iterator[str | None]:
    """With --launch: serve the page if asked, open a headed Chromium app window on it."""
    if not args.launch:
        yield None
        return
    from autobot.drivers.browser import BrowserConfig, open_browser

    with contextlib.ExitStack() as stack:
        if args.launch == BUNDLED:
            from autobot.cli.play import check_answer
            from autobot.page.server import page_url, serve_page

            answer = check_answer(args.answer)
            base = stack.enter_context(serve_page())
            url = page_url(base, answer=answer, theme=args.theme, contrast=args.contrast,
                           hard=args.hard)
        else:
            url = args.launch
        x, y, w, h = args.window
        stack.enter_context(open_browser(BrowserConfig(
            headless=False, window_size=(w, h), window_position=(x, y), app_mode_url=url,
        )))
        yield url


# --- advise: watch and suggest, never type ------------------------------------------------


def submitted_turns(rows: Any) -> list[Any] | None:
    """The scored rows at the top of the board, or None while a row is still turning over."""
    from autobot.loop import played_rows, row_kind

    try:
        turns, _typed = played_rows(rows)
    except AutobotError:
        return None  # a scored row with an unreadable letter: wait for a cleaner frame
    if len(turns) < len(rows) and row_kind(rows[len(turns)]) in ("moving", "unknown"):
        return None
    return turns


def advise(args: argparse.Namespace, screen: Any, read: Callable[[Any], Any], solver: Any,
           console: Any, first: Any) -> int:
    """Print the best next guess each time the scored rows change; 0 won, 1 lost, else 0."""
    from autobot.cli.play import tiles
    from autobot.solver import GameState

    theme, contrast = first.theme or "light", first.high_contrast
    deadline = None if args.watch is None else time.monotonic() + args.watch
    shown: list[Any] | None = None
    board = first
    before: list[Any] | None = None  # the previous frame's rows: advice waits for two alike
    while True:
        turns = submitted_turns(board.rows) if board.found and board.settled else None
        steady = turns is not None and (turns == before or board is first)
        before = turns
        if steady and turns is not None and turns != shown:
            shown = turns
            if turns:
                console.print(f"board: {len(turns)} row(s)")
                for t in turns:
                    console.print(tiles(t.guess, t.marks, theme, contrast))
            if turns and turns[-1].marks == "GGGGG":
                console.print(f"solved: {turns[-1].guess.upper()}")
                return 0
            if len(turns) >= 6:
                console.print("no rows left")
                return 1
            state = GameState(history=tuple(turns), hard=args.hard)
            try:
                guess = solver.next_guess(state)
            except AutobotError:
                raise
            except Exception as exc:  # rows no word fits: misread or a different list
                raise AutobotError(f"no word fits the board as read: {exc}", SAFETY) from None
            left = len(solver.candidates(tuple(turns)))
            console.print(f"suggest: {guess.upper()}  ({left} possible answer"
                          f"{'s' if left != 1 else ''} left)", highlight=False)
            sys.stdout.flush()
        if deadline is not None and time.monotonic() >= deadline:
            return 0
        time.sleep(0.1)
        board = read(screen.grab())


# --- play ------------------------------------------------------------------------------------


def run(args: argparse.Namespace) -> int:
    """Find the board, then play it (or advise); exit 0 won, 1 lost, 3 no board, 4 safety."""
    from rich.console import Console

    from autobot.cli.play import reader_from_args, solver_from_args
    from autobot.drivers.desktop import MssScreen

    check_args(args)
    if args.launch == BUNDLED:
        from autobot.cli.play import check_answer

        check_answer(args.answer)  # a bad --answer is bad input, whatever the display
    solver: Any = solver_from_args(args)
    console = Console(highlight=False)
    profile, read = reader_from_args(args)
    if not args.advise:
        from autobot.drivers.desktop import require_pyautogui

        require_pyautogui()  # before any window opens: no point finding a board we cannot type on

    with _terminate_as_interrupt(), launched(args), \
            MssScreen(monitor=args.monitor, region=args.region) as screen:
        from autobot.drivers.desktop import page_dialog

        frame, first = find_board(screen, read, args.find_timeout, where_text(args),
                                  dialog=None if args.advise else page_dialog)
        if not first.found:  # a dialog covers the game: the turn loop closes it first
            console.print("a dialog covers the game: closing it")
            sys.stdout.flush()
            return play_live(args, screen, frame, first, solver, console, read)
        from autobot.loop import board_cut

        cut = board_cut(first, frame.shape[0])
        if cut:  # the bot cannot scroll a desktop it shares: say what is out of view
            raise AutobotError(f"the board is cut by the bottom of {where_text(args)}: {cut} "
                               "may be out of view; scroll the page or move the window", SAFETY)
        if profile is not None:
            from autobot.harness.calibration import read_mismatch

            why = read_mismatch(profile, frame.shape, first)
            if why:
                raise AutobotError(why, 2)
        if args.advise:
            return advise(args, screen, read, solver, console, first)
        return play_live(args, screen, frame, first, solver, console, read)


@contextlib.contextmanager
def _terminate_as_interrupt() -> Iterator[None]:
    """SIGTERM ends the run like Ctrl-C, so a launched browser is still closed on the way out."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def live_config(hard: bool) -> Any:
    """The turn loop's patience for a desktop the bot shares with a person and other programs.

    A busy desktop can hold a page's reaction to Enter back for a second or more; taking a
    still-typed row for "not in word list" too early would erase a row that is about to flip.
    """
    from autobot.loop import BotConfig

    return BotConfig(hard=hard, settle_timeout=20.0, reject_patience=3.0)


def play_live(args: argparse.Namespace, screen: Any, frame: Any, first: Any, solver: Any,
              console: Any, read: Callable[..., Any]) -> int:
    """Take over the game on screen and play it to the end through guarded real keys."""
    from autobot.cli.play import make_printer, share_grid, tiles, write_json
    from autobot.drivers.desktop import (
        DesktopDriver,
        GuardedDriver,
        anchor_of,
        focus_spot,
        page_dialog,
    )
    from autobot.drivers.driver import ConfirmStrategy
    from autobot.loop import play_game

    theme, contrast = first.theme or "light", first.high_contrast
    # Under a dialog there is no board yet: the guard takes its place from the first settled
    # read, and closing the dialog (a click on it) gives the page the focus.
    anchor = anchor_of(first.grid) if first.found else None
    keys = DesktopDriver(screen, key_delay=args.key_delay / 1000)
    if args.click_to_focus and first.found:
        spot = focus_spot(frame, first.grid)
        if spot is None:
            raise AutobotError("no empty page background beside the board to click for focus; "
                               "click the page yourself and use --no-click-to-focus", SAFETY)
        keys.click(*spot)  # frame pixels: the driver maps them to the pointer
    driver = GuardedDriver(keys, read, anchor=anchor)

    # Every frame the loop reads, too: a board found anywhere else means the window moved.
    guard = driver.observe
    if args.confirm:
        def show(state: Any, proposal: str) -> None:
            console.print(f"board as read ({len(state.history)} row(s)):")
            for t in state.history:
                console.print(tiles(t.guess, t.marks, theme, contrast))
            sys.stdout.flush()

        solver = ConfirmStrategy(solver, hard=args.hard, input_stream=sys.stdin,
                                 output=sys.stdout, show=show)
    printer = make_printer(console, theme, contrast)
    seen: list[Any] = []  # rows scored so far, to report what was on the board if we stop

    def on_event(event: Any) -> None:
        if event.kind in ("row", "resumed"):
            seen.append(event)
        printer(event)
        sys.stdout.flush()

    started = time.monotonic()
    try:
        # Dialogs are looked for as on any desktop frame (never a window's own X), by the same
        # finder the guard checks each click with.
        result = play_game(driver, solver, live_config(args.hard), reader=read,
                           on_event=on_event, guard=guard, overlay=page_dialog)
    except AutobotError as exc:
        console.print(f"stopped after {len(seen)} row(s), {time.monotonic() - started:.1f} s")
        if args.json:
            write_json(args.json, {
                "won": False, "guesses": [e.guess for e in seen], "marks": [e.marks for e in seen],
                "seconds": round(time.monotonic() - started, 3), "timings": {}, "rejected": [],
                "stopped": str(exc), "exit_code": exc.exit_code,
            })
        raise
    if result.stopped:
        console.print(f"stopped: {result.stopped}")
    console.print()
    console.print(share_grid(list(result.turns), result.won, args.hard, theme, contrast))
    verdict = "won" if result.won else "lost"
    console.print(f"\n{verdict} in {len(result.turns)} guesses, {result.seconds:.1f} s")
    if args.json:
        record = result.to_json()
        record["board_checks"] = driver.checks
        write_json(args.json, record)
    return 0 if result.won else 1
