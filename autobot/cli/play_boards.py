"""`autobot play --boards N`: a many-board game (Dordle ... Duotrigordle) hands-free.

Only parsing and wiring: the page (bundled, or --url), the browser, the many-board solver and
reader, `autobot.loop.many.play_many`, and what is printed.
"""

from __future__ import annotations

import argparse
import contextlib
import time
from typing import Any

from autobot.errors import AutobotError

EMOJI = {"G": "🟩", "Y": "🟨", "X": "⬛"}


def add_answers_option(parser: argparse.ArgumentParser) -> None:
    """--answers/--guesses LIST (the word lists, as every command has them) and
    --page-answers a,b,...: the bundled page's answers, one per board."""
    from autobot.cli.args import add_list_options

    add_list_options(parser)
    parser.add_argument("--page-answers", metavar="A,B,...",
                        help="with --boards: the bundled page's answers, one per board (the "
                             "older spelling --answers A,B,... still works: a value that is "
                             "no file or list name is taken so)")


def split_answers(args: argparse.Namespace) -> None:
    """--answers given as words (the older spelling of --page-answers), not a list: move it."""
    from autobot.cli.args import is_list_name

    text = getattr(args, "answers", None)
    if text and not is_list_name(text):
        if getattr(args, "page_answers", None):
            raise AutobotError("--answers: not a word list file (and --page-answers is given)")
        args.page_answers, args.answers = text, None


def check_answers(text: str | None, boards: int) -> list[str]:
    """The --page-answers words, lowercase, one per board, each a word the page knows."""
    if not text:
        return []
    from autobot.words import load_words

    words = [w.strip().lower() for w in text.split(",") if w.strip()]
    if len(words) != boards:
        raise AutobotError(f"--page-answers: {len(words)} words for {boards} boards")
    known = load_words("nyt")
    bad = [w.upper() for w in words if w not in known]
    if bad:
        raise AutobotError(f"--page-answers: {', '.join(bad)} not in the word list")
    return words


def many_printer(console: Any) -> Any:
    """The live commentary: each guess with every open board's colours."""
    from autobot.loop import Event

    def on_event(event: Event) -> None:
        if event.kind == "row":
            boards = " ".join("".join(EMOJI.get(m, "?") for m in marks)
                              for marks in event.marks.split())
            console.print(f"{event.row + 1:>2} {event.guess.upper()}  {boards}")
        elif event.kind == "rejected":
            console.print(f"[dim]{event.guess.upper()}: not in the page's word list[/dim]")
        elif event.kind in ("escape", "close", "keys", "retype"):
            console.print(f"[dim]{event.kind}: {event.detail or event.guess}[/dim]")

    return on_event


def many_solver(args: argparse.Namespace) -> Any:
    """The many-board solver for --strategy / --start."""
    from autobot.cli.boards import _multi_strategy
    from autobot.multiboard import OPENER, MultiSolver

    lang = getattr(args, "lang", None) or "en"
    return MultiSolver(_multi_strategy(args), start=(args.start or OPENER), lang=lang,
                       **{k: v for k in ("answers", "guesses")
                          if (v := getattr(args, k, None)) is not None})


def run_play_boards(args: argparse.Namespace) -> int:
    """Play one many-board game in Chromium; exit 0 on a win, 1 on a loss."""
    from autobot.cli.play import read_init_script
    from autobot.drivers.browser import BrowserConfig, add_init_script, load_page, open_browser
    from autobot.drivers.driver import SeleniumDriver
    from autobot.drivers.window import display_for, screen_for

    if args.answer:
        raise AutobotError("--answer is for one board; with --boards use --page-answers")
    if args.confirm:
        raise AutobotError("--confirm is for one board")
    split_answers(args)
    answers = check_answers(args.page_answers, args.boards)
    if args.url and answers:
        raise AutobotError("--page-answers only applies to the bundled page, not to --url")
    init_script = read_init_script(args.init_script)
    solver = many_solver(args)  # bad --strategy/--hard/--start: before the browser opens
    from autobot.harness.record import GameRecord

    record = GameRecord(args.json)  # checked now; written on every exit from here
    with record.on_any_exit(lambda exc: getattr(exc, "result", None)), \
            contextlib.ExitStack() as stack:
        record.phase = "browser"
        url = args.url
        if not url:
            from autobot.page.server import page_url, serve_page

            base = stack.enter_context(serve_page())
            url = page_url(base, theme=args.theme, contrast=args.contrast, anim=args.anim,
                           boards=args.boards, answers=answers)
        browser = BrowserConfig(headless=not args.headed, window_size=args.window_size,
                                scale=args.scale, remote_url=args.remote)
        stack.enter_context(display_for(browser))
        webdriver = stack.enter_context(open_browser(browser))
        if init_script:
            add_init_script(webdriver, init_script)
        t0 = time.monotonic()
        record.phase = "page"
        load_page(webdriver, url)
        record.phase = "game"
        driver = SeleniumDriver(webdriver, key_delay_ms=args.key_delay,
                                screen=screen_for(webdriver, browser))
        return play_loaded(args, driver, args.boards, t0, room_for(driver), solver, record)


def room_for(driver: Any) -> Any:
    """The zoom-out helper for boards that do not fit in view (None: a driver that cannot)."""
    if not hasattr(driver, "zoom"):
        return None
    from autobot.loop.room import Room
    from autobot.loop.scroll import scroll_view, uninstall
    from autobot.vision.boards import many_boards

    screen = driver.screen
    return Room(driver.zoom, getattr(screen, "grab_full", screen.grab), many_boards,
                settle=lambda: time.sleep(ZOOM_SETTLE_S),
                scroll=lambda spot, step: scroll_view(driver, spot, step),
                unscroll=lambda: uninstall(driver))


ZOOM_SETTLE_S = 0.4  # the page lays out again after a zoom step
AUTO_LOOK_S = 0.6  # a page shows no boards this long after loading: one board (or none)
AUTO_LOOK_MAX_S = 5.0  # no board at all (a menu, a page still drawing): looked for this long


def unplayed_boards(frame: Any) -> int:
    """Boards of a page before its first guess, counted from the pixels: two or more boards of
    the same tiles with no letter in any row yet (0 otherwise). A keyboard's rows and a dialog's
    example rows carry letters before any guess, so they are never counted."""
    from autobot.vision.boards import read_boards

    read = read_boards(frame)
    blank = [b for b in read.boards
             if b.found and not any(ch.isalpha() for letters, _ in b.rows for ch in letters)]
    return len(blank) if len(blank) >= 2 else 0


def count_boards(driver: Any, room: Any = None, sleep: Any = time.sleep,
                 clock: Any = time.monotonic) -> int:
    """How many boards the loaded page shows (0 or 1: the one-board game), from its pixels:
    the same count of two or more boards on two frames in a row; boards that do not fit in
    view are brought into it first (zoomed out) and counted again."""
    from autobot.vision import read_board

    screen = driver.screen
    grab = getattr(screen, "grab_full", screen.grab)
    started = clock()
    last = -1
    while True:
        frame = grab()
        n = unplayed_boards(frame)
        if n >= 2 and n == last:
            break
        waited = clock() - started
        if waited >= AUTO_LOOK_MAX_S:
            return n if n >= 2 else 0
        # One board in view for a while: the one-board game. Nothing yet (a menu, a page
        # still drawing its game): keep looking.
        if n < 2 and last < 2 and waited >= AUTO_LOOK_S and read_board(frame).found:
            return 0
        last = n
        sleep(0.2)
    if room is not None and room.bring("boards cut by the edge of the view"):
        n = max(n, unplayed_boards(room.frame()))
    return n


def play_loaded(args: argparse.Namespace, driver: Any, boards: int, t0: float,
                room: Any, solver: Any, record: Any) -> int:
    """Play the many-board game already loaded in the driver's browser; print it and write it
    to `record` (a `GameRecord`, which also writes on any exit)."""
    from rich.console import Console

    from autobot.loop.many import play_many
    from autobot.vision.boards import BoardsReader

    profile = None
    if args.profile:
        from autobot.harness.calibration import load_profile

        profile = load_profile(args.profile)
    console = Console(highlight=False)
    result = play_many(driver, solver, boards, reader=BoardsReader(profile=profile),
                       on_event=many_printer(console), room=room)
    solved = sum(bool(m) and m[-1] == "GGGGG" for m in result.marks)
    verdict = "won" if result.won else "lost"
    console.print(f"\n{verdict}: {solved}/{boards} boards in {len(result.guesses)}/"
                  f"{boards + 5} guesses, {time.monotonic() - t0:.1f} s")
    record.write(result.to_json(), exit_code=0 if result.won else 1, reason=verdict)
    return 0 if result.won else 1
