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
    """--answers a,b,...: the bundled page's answers, one per board."""
    parser.add_argument("--answers", metavar="A,B,...",
                        help="with --boards: the bundled page's answers, one per board")


def check_answers(text: str | None, boards: int) -> list[str]:
    """The --answers words, lowercase, one per board, each a word the page knows."""
    if not text:
        return []
    from autobot.words import load_words

    words = [w.strip().lower() for w in text.split(",") if w.strip()]
    if len(words) != boards:
        raise AutobotError(f"--answers: {len(words)} words for {boards} boards")
    known = load_words("nyt")
    bad = [w.upper() for w in words if w not in known]
    if bad:
        raise AutobotError(f"--answers: {', '.join(bad)} not in the word list")
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

    return MultiSolver(_multi_strategy(args), start=(args.start or OPENER))


def run_play_boards(args: argparse.Namespace) -> int:
    """Play one many-board game in Chromium; exit 0 on a win, 1 on a loss."""
    from rich.console import Console

    from autobot.cli.play import read_init_script
    from autobot.drivers.browser import BrowserConfig, add_init_script, load_page, open_browser
    from autobot.drivers.driver import SeleniumDriver
    from autobot.drivers.window import display_for, screen_for
    from autobot.loop.many import play_many
    from autobot.vision.boards import BoardsReader

    if args.answer:
        raise AutobotError("--answer is for one board; with --boards use --answers")
    if args.confirm:
        raise AutobotError("--confirm is for one board")
    answers = check_answers(args.answers, args.boards)
    if args.url and answers:
        raise AutobotError("--answers only applies to the bundled page, not to --url")
    init_script = read_init_script(args.init_script)
    solver = many_solver(args)
    profile = None
    if args.profile:
        from autobot.harness.calibration import load_profile

        profile = load_profile(args.profile)
    console = Console(highlight=False)
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
        result = play_many(driver, solver, args.boards, reader=BoardsReader(profile=profile),
                           on_event=many_printer(console))
    solved = sum(bool(m) and m[-1] == "GGGGG" for m in result.marks)
    verdict = "won" if result.won else "lost"
    console.print(f"\n{verdict}: {solved}/{args.boards} boards in {len(result.guesses)}/"
                  f"{args.boards + 5} guesses, {time.monotonic() - t0:.1f} s")
    record.write(result.to_json(), exit_code=0 if result.won else 1,
                 reason="won" if result.won else "lost")
    return 0 if result.won else 1
