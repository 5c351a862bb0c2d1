"""`autobot play`: win a game of Wordle in a real browser, hands-free (pixels in, keys out).

With no arguments it serves the bundled page on 127.0.0.1, opens headless Chromium, plays a
random answer, prints each row as it is scored and ends with the share grid and the time.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from pathlib import Path
from typing import Any

from autobot.cli.args import (
    add_lang_option,
    endpoint_address,
    key_delay_ms,
    page_address,
    scale_factor,
)
from autobot.cli.boards import add_boards_option
from autobot.cli.games import add_game_options, is_variant, length_from_page, user_game
from autobot.cli.play_boards import add_answers_option, split_answers
from autobot.drivers.browser import add_init_script, load_page
from autobot.errors import AutobotError
from autobot.harness.report import make_printer, share_grid
from autobot.wordle import upper_word


def window_size(text: str) -> tuple[int, int]:
    """'1280x1024' -> (1280, 1024)."""
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"want WxH, e.g. 1280x1024, not {text!r}") from None
    if not (200 <= width <= 8000 and 200 <= height <= 8000):
        raise argparse.ArgumentTypeError(f"window size {text} is out of range (200..8000)")
    return width, height


def add_browser_arguments(parser: argparse.ArgumentParser) -> None:
    """Flags shared by `play` and the browser benchmark: the page and the browser."""
    parser.add_argument("--theme", choices=("light", "dark"), default="light",
                        help="bundled page theme (default light)")
    parser.add_argument("--contrast", action="store_true", help="high-contrast colours")
    parser.add_argument("--hard", action="store_true", help="hard mode (page and solver)")
    parser.add_argument("--scale", type=scale_factor, default=1.0,
                        help="device scale factor (2 = a HiDPI screen)")
    parser.add_argument("--strategy", default="default", help="solver strategy")
    parser.add_argument("--profile", metavar="NAME",
                        help="calibration profile (calibration/NAME.toml) for the reader")
    parser.add_argument("--remote", metavar="URL", type=endpoint_address,
                        help="a Remote WebDriver / Selenium Grid endpoint (not local Chromium)")
    parser.add_argument("--anim", action=argparse.BooleanOptionalAction, default=True,
                        help="page animations (--no-anim turns them off)")
    parser.add_argument("--window-size", type=window_size, default=(1280, 1024), metavar="WxH",
                        help="browser window size in CSS px (default 1280x1024)")
    parser.add_argument("--key-delay", type=key_delay_ms, default=60.0, metavar="MS",
                        help="pause between key presses (default 60 ms)")
    parser.add_argument("--headed", action="store_true",
                        help="show the browser window (on a private Xvfb if there is no "
                        "display); frames are then read from the display, not screenshots")


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
    parser.add_argument("--init-script", metavar="FILE",
                        help="JavaScript run before the page's own scripts on every load "
                             "(to fix a clone's answer or date when regression-testing it)")
    add_browser_arguments(parser)
    add_lang_option(parser, from_page=True)
    add_boards_option(parser, "play", auto=True)
    add_answers_option(parser)
    add_game_options(parser, board_width=True, puzzles=True)


def game_from_args(args: argparse.Namespace) -> Any:
    """The --game/--length variant (or the game of the user's --answers/--guesses lists) as an
    `autobot.games.Game`, or None for five-letter Wordle (which keeps the original solver)."""
    listed = user_game(args)
    if listed is not None:
        return listed
    if not is_variant(args):
        return None
    from autobot.games import find_game

    return find_game(args.game, args.length or 5)


def check_answer(word: str | None, game: Any = None) -> str | None:
    """The --answer word, lowercase, if the page would accept it; else bad input."""
    if word is None:
        return None
    word = word.strip().lower()
    if game is not None:
        if game.adversarial:
            raise AutobotError(f"--answer: {game.name} has no fixed answer (it picks as you go)")
        if word not in game.guesses:
            raise AutobotError(f"--answer: {word.upper()} is not a {game.label} word")
        return word
    from autobot.words import load_words

    if word not in load_words("nyt"):
        raise AutobotError(f"--answer: {word.upper()} is not in the word list")
    return word


def solver_from_args(args: argparse.Namespace) -> Any:
    """The solver for --strategy/--hard/--start (a --start that is not a word is bad input);
    a --game/--length variant's `GameStrategy`."""
    from autobot.solver import SolverConfig, make_solver

    start = args.start.lower() if args.start else None
    game = game_from_args(args)
    if game is not None:
        from autobot.games.strategy import GameStrategy

        return GameStrategy(game, hard=args.hard, start=start)
    lang = getattr(args, "lang", "en")  # None: the page is to tell
    named = lang or "en"

    def make(code: str) -> Any:
        # --start is a word of the language named (or of English, until the page says more).
        return make_solver(SolverConfig(strategy=args.strategy, hard=args.hard,
                                        start=start if code == named else None, lang=code))

    solver = make(named)
    if start and not solver.is_allowed(start):
        raise AutobotError(f"--start: {upper_word(start)} is not an allowed guess")
    if lang is None:
        from autobot.harness.language import PageLanguage

        solver = PageLanguage(make)
    if length_from_page(args):
        from autobot.games import find_game
        from autobot.games.strategy import GameStrategy
        from autobot.harness.width import PageWidth

        # A board of another width: that length's words (English; --start is five letters).
        solver = PageWidth(solver, lambda width: GameStrategy(find_game("wordle", width),
                                                              hard=args.hard))
    return solver


def reader_from_args(args: argparse.Namespace) -> tuple[Any, Any]:
    """The --profile calibration (or None) and a board reader that uses it."""
    from autobot.vision.learned import PageReader

    profile = None
    if getattr(args, "profile", None):
        from autobot.harness.calibration import load_profile

        profile = load_profile(args.profile)  # missing or broken: one line, exit 2

    # One reader per game: unchanged tiles skip glyph matching, and the page's own glyphs are
    # learned from the letters the bot types.
    return profile, PageReader(profile)


def save_learned_glyphs(reader: Any, profile: Any, console: Any) -> None:
    """The page's own glyphs the reader learned from typed letters, kept with a --profile that
    has a glyph folder (`autobot calibrate --letters`): the next run reads the page's font
    from its first frame, a game in progress too."""
    folder = getattr(profile, "templates_dir", None)
    save = getattr(reader, "save", None)
    if folder is None or save is None or not reader.known():
        return
    written = save(folder, tag="page")
    console.print(f"learned the page's glyphs of {reader.known()}: {len(written)} saved in "
                  f"{folder}")


def run(args: argparse.Namespace) -> int:
    """Play one game; exit 0 on a win, 1 on a loss (or a quit)."""
    split_answers(args)
    if getattr(args, "game", "wordle") == "tuble":
        from autobot.games.tuble.play import run_play

        return run_play(args)
    from autobot.cli.games import puzzle_of

    if puzzle_of(args) is not None:  # 0h h1 / Sudoku pages: autobot.harness.puzzles_page
        from autobot.harness.puzzles_page import run_play as run_puzzle

        return run_puzzle(args, puzzle_of(args) or "")
    if args.boards is not None and args.boards > 1:
        from autobot.cli.play_boards import run_play_boards

        return run_play_boards(args)
    from autobot.harness.record import GameRecord

    # The record's path is checked before anything starts; from here every exit writes it.
    record = GameRecord(args.json)
    with record.on_any_exit(lambda exc: getattr(exc, "result", None)):
        return _play(args, record)


def _play(args: argparse.Namespace, record: Any) -> int:
    from rich.console import Console

    from autobot.drivers.browser import BrowserConfig, open_browser
    from autobot.drivers.driver import ConfirmStrategy, SeleniumDriver
    from autobot.drivers.window import display_for, screen_for
    from autobot.harness.record import outcome, verdict_line
    from autobot.loop import BotConfig, play_game

    game = game_from_args(args)
    answer = check_answer(args.answer, game)
    init_script = read_init_script(args.init_script)
    if args.url and answer:
        raise AutobotError("--answer only applies to the bundled page, not to --url")
    solver: Any = solver_from_args(args)
    profile, reader = reader_from_args(args)
    console = Console(highlight=False)
    if args.confirm:
        solver = ConfirmStrategy(solver, hard=args.hard, input_stream=sys.stdin, output=sys.stdout)
    theme = args.theme
    printer = make_printer(console, theme, args.contrast)

    def on_event(event: Any) -> None:
        record.note(event)
        printer(event)

    with contextlib.ExitStack() as stack:
        record.phase = "browser"
        if args.url:
            url = args.url
        else:
            from autobot.page.server import page_url, serve_page

            base = stack.enter_context(serve_page())
            url = page_url(base, answer=answer, theme=theme, contrast=args.contrast,
                           hard=args.hard, anim=args.anim, **page_game(game))
        t0 = time.monotonic()
        browser = BrowserConfig(headless=not args.headed, window_size=args.window_size,
                                scale=args.scale, remote_url=args.remote)
        stack.enter_context(display_for(browser))
        webdriver = stack.enter_context(open_browser(browser))
        if init_script:
            add_init_script(webdriver, init_script)
        record.phase = "page"
        load_page(webdriver, url)
        record.phase = "game"
        browser_seconds = time.monotonic() - t0
        driver = SeleniumDriver(webdriver, key_delay_ms=args.key_delay,
                                screen=screen_for(webdriver, browser))
        record.extra["keys"] = driver.rung
        if game is not None and game.name == "jotto" and page_layout(driver, game) == "list":
            return run_list_game(driver, solver, game, console, browser_seconds, record)
        if args.boards is None and game is None:
            from autobot.cli.play_boards import count_boards, many_solver, play_loaded, room_for

            room = room_for(driver)
            boards = count_boards(driver, room)
            if boards > 1:
                if args.confirm or answer:
                    raise AutobotError(f"{boards} boards found: --confirm and --answer are "
                                       "for one board")
                console.print(f"[dim]{boards} boards found[/dim]")
                return play_loaded(args, driver, boards, t0, room, many_solver(args), record)
        result = play_game(
            driver, solver, BotConfig(hard=args.hard, rows=None if args.url else (
                game.rows if game is not None else 6), game=game),
            reader=reader, on_event=on_event,
        )
        record.extra["keys"] = driver.rung  # the way of sending keys that the page took
    if result.stopped:
        console.print(f"stopped: {result.stopped}")
    save_learned_glyphs(reader, profile, console)
    console.print()
    # The grid's colours follow the page as the bot saw it (it may be any page, via --url).
    console.print(share_grid(list(result.turns), result.won, args.hard,
                             result.theme or theme, result.high_contrast,
                             game.rows if game is not None else 6))
    verdict = outcome(result.won, result.stopped)
    console.print(f"\n{verdict_line(verdict, len(result.turns))}, {result.seconds:.1f} s "
                  f"(browser and page up in {browser_seconds:.1f} s)")
    if args.json:
        data = result.to_json()
        data["keys"] = driver.rung
        data["capture"] = getattr(driver.screen, "source", "webdriver")  # or "display"
        data["lang"] = getattr(solver, "lang", args.lang or "en")  # as played (or told)
        if args.boards is None and game is None:
            data["boards_found"] = 1  # counted from the pixels: the one-board game
        record.write(data, exit_code=0 if result.won else 1, reason=verdict)
    return 0 if result.won else 1


def page_layout(driver: Any, game: Any, timeout: float = 5.0) -> str:
    """"tiles" when the page shows a tile board, "list" when it lists guesses as lines of text,
    shows an outlined text box or a focused field's blinking caret (an empty list), from the
    pixels of the first frames that show either."""
    from autobot.loop.jotto_list import grab
    from autobot.vision import read_board
    from autobot.vision.textlist import caret_between, read_list

    deadline = time.monotonic() + timeout
    seen: list[Any] = []
    while True:
        frame = grab(driver)
        if read_board(frame).found:
            return "tiles"
        if read_list(frame, game.length).found:
            return "list"
        # A text field with the focus: its caret blinks (on and off ~0.5 s each), so frames
        # taken at different moments differ by a thin upright bar only.
        seen = [*seen[-3:], frame, grab(driver)]
        if any(caret_between(a, b) is not None for a in seen[:-1] for b in seen[-1:]):
            return "list"
        if time.monotonic() > deadline:
            return "tiles"  # let the board loop say what it does not find


def run_list_game(driver: Any, solver: Any, game: Any, console: Any, browser_seconds: float,
                  record: Any) -> int:
    """Play Jotto on a page that lists guesses as text lines, written to `record` (a
    `GameRecord`); exit 0 on a win."""
    from autobot.loop.jotto_list import play_list_game

    result = play_list_game(driver, solver, game, on_event=console.print)
    verdict = "won" if result.won else "lost"
    if result.stopped:
        console.print(f"stopped: {result.stopped}" + (f" ({result.error})" if result.error
                                                        else ""))
    console.print(f"\n{verdict} in {len(result.turns)} guesses, {result.seconds:.1f} s "
                  f"(list page; browser and page up in {browser_seconds:.1f} s)")
    data = result.to_json()
    data["keys"] = driver.rung
    record.write(data, exit_code=0 if result.won else 1, reason=verdict)
    return 0 if result.won else 1


def page_game(game: Any) -> dict[str, Any]:
    """The bundled page's `length=` and `mode=` for a variant (none for Wordle)."""
    return {} if game is None else {"length": game.length, "mode": game.page_mode}


def read_init_script(path: str | None) -> str | None:
    """The --init-script file's text; a missing or unreadable file is bad input."""
    if path is None:
        return None
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise AutobotError(f"--init-script: cannot read {path}: {exc}") from None


