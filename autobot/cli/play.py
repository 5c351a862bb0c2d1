"""`autobot play`: win a game of Wordle in a real browser, hands-free (pixels in, keys out).

With no arguments it serves the bundled page on 127.0.0.1, opens headless Chromium, plays a
random answer, prints each row as it is scored and ends with the share grid and the time.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from pathlib import Path
from typing import Any

from autobot.cli.args import add_lang_option, key_delay_ms, scale_factor
from autobot.cli.games import add_game_options, is_variant
from autobot.errors import AutobotError
from autobot.wordle import upper_word

# Tile colours for the terminal (the page's palette; marks are G Y X).
TILE_COLOURS = {
    ("light", False): {"G": "#6aaa64", "Y": "#c9b458", "X": "#787c7e"},
    ("dark", False): {"G": "#538d4e", "Y": "#b59f3b", "X": "#3a3a3c"},
    ("light", True): {"G": "#f5793a", "Y": "#85c0f9", "X": "#787c7e"},
    ("dark", True): {"G": "#f5793a", "Y": "#85c0f9", "X": "#3a3a3c"},
}


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
    parser.add_argument("--remote", metavar="URL",
                        help="a Remote WebDriver / Selenium Grid endpoint (not local Chromium)")
    parser.add_argument("--anim", action=argparse.BooleanOptionalAction, default=True,
                        help="page animations (--no-anim turns them off)")
    parser.add_argument("--window-size", type=window_size, default=(1280, 1024), metavar="WxH",
                        help="browser window size in CSS px (default 1280x1024)")
    parser.add_argument("--key-delay", type=key_delay_ms, default=60.0, metavar="MS",
                        help="pause between key presses (default 60 ms)")
    parser.add_argument("--headed", action="store_true",
                        help="show the browser window (needs a display)")


def register(subparsers: Any) -> None:
    """Add `autobot play`."""
    parser = subparsers.add_parser(
        "play",
        help="play a whole game in a browser (bundled page by default)",
        description="Play Wordle hands-free in Chromium: the bot reads screenshots and types.",
    )
    parser.add_argument("--answer", metavar="WORD", help="the bundled page's answer (else random)")
    parser.add_argument("--url", metavar="URL", help="play this Wordle page, not the bundled one")
    parser.add_argument("--start", metavar="WORD", help="force the first guess")
    parser.add_argument("--confirm", action="store_true",
                        help="ask before each guess: accept, edit, skip, quit")
    parser.add_argument("--json", metavar="OUT", help="write the game as JSON")
    parser.add_argument("--init-script", metavar="FILE",
                        help="JavaScript run before the page's own scripts on every load "
                             "(to fix a clone's answer or date when regression-testing it)")
    add_browser_arguments(parser)
    add_lang_option(parser)
    add_game_options(parser)


def game_from_args(args: argparse.Namespace) -> Any:
    """The --game/--length variant as an `autobot.games.Game`, or None for five-letter Wordle
    (which keeps the original solver)."""
    if not is_variant(args):
        return None
    from autobot.games import find_game

    return find_game(args.game, args.length)


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


def tiles(guess: str, marks: str, theme: str, contrast: bool) -> Any:
    """One row as coloured tiles (a rich Text)."""
    from rich.text import Text

    colours = TILE_COLOURS[(theme, contrast)]
    text = Text()
    if marks.isdigit():  # a game that answers with a count (Jotto)
        return Text(f" {upper_word(guess)}  {marks} in common", style="bold")
    for letter, mark in zip(upper_word(guess), marks, strict=True):
        # Black on the pale high-contrast blue: white would vanish on 16-colour terminals.
        ink = "black" if contrast and mark == "Y" else "white"
        text.append(f" {letter} ", style=f"bold {ink} on {colours.get(mark, 'grey50')}")
        text.append(" ")
    return text


def share_grid(turns: list[Any], won: bool, hard: bool, theme: str, contrast: bool,
               rows: int | None = 6) -> str:
    """The emoji grid people share ('Wordle 3/6*' style; rows None: an unbounded game)."""
    absent = "⬛" if theme == "dark" else "⬜"
    emoji = {"G": "🟧" if contrast else "🟩", "Y": "🟦" if contrast else "🟨", "X": absent}
    score = str(len(turns)) if won else "X"
    lines = [f"autobot {score}/{rows or '∞'}{'*' if hard else ''}", ""]
    lines += [f"{upper_word(t.guess)} {t.marks}" if t.marks.isdigit()
              else "".join(emoji.get(m, m) for m in t.marks) for t in turns]
    return "\n".join(lines)


def make_printer(console: Any, theme: str, contrast: bool) -> Any:
    """The live commentary: each scored row as tiles, and what went wrong on the way."""
    from autobot.loop import Event

    def on_event(event: Event) -> None:
        if event.kind in ("row", "resumed"):
            line = tiles(event.guess, event.marks, theme, contrast)
            if event.kind == "resumed":
                line.append("(already on the board)", style="dim")
            console.print(line)
        elif event.kind == "rejected":
            console.print(f"[dim]{event.guess.upper()}: not in the page's word list; "
                          "erased, trying another[/dim]")
        elif event.kind == "retype":
            console.print(f"[dim]{event.guess.upper()} did not arrive whole; typing it again[/dim]")
        elif event.kind in ("escape", "close"):
            console.print(f"[dim]no board in view: {event.detail or 'pressed Escape'}[/dim]")
        elif event.kind == "keys" and event.detail.endswith(" again"):
            console.print(f"[dim]no other way of pressing Enter changed the row: keys go on as "
                          f"{event.detail}[/dim]")
        elif event.kind == "keys":
            console.print(f"[dim]the page did not take the keys: now sending them as "
                          f"{event.detail}[/dim]")
        elif event.kind == "scroll":
            console.print(f"[dim]the board is cut by the window's edge: scrolled {event.detail}"
                          "[/dim]")

    return on_event


def solver_from_args(args: argparse.Namespace) -> Any:
    """The solver for --strategy/--hard/--start (a --start that is not a word is bad input);
    a --game/--length variant's `GameStrategy`."""
    from autobot.solver import SolverConfig, make_solver

    start = args.start.lower() if args.start else None
    game = game_from_args(args)
    if game is not None:
        from autobot.games.strategy import GameStrategy

        return GameStrategy(game, hard=args.hard, start=start)
    solver = make_solver(SolverConfig(strategy=args.strategy, hard=args.hard, start=start,
                                      lang=args.lang))
    if start and not solver.is_allowed(start):
        raise AutobotError(f"--start: {upper_word(start)} is not an allowed guess")
    return solver


def reader_from_args(args: argparse.Namespace) -> tuple[Any, Any]:
    """The --profile calibration (or None) and a board reader that uses it."""
    from autobot.vision import read_board

    profile = None
    if getattr(args, "profile", None):
        from autobot.harness.calibration import load_profile

        profile = load_profile(args.profile)  # missing or broken: one line, exit 2

    glyph_cache: dict[Any, Any] = {}  # one reader per game: unchanged tiles skip glyph matching

    def read(frame: Any, *, hint: Any = None) -> Any:
        return read_board(frame, hint=hint, profile=profile, cache=glyph_cache)

    return profile, read


def run(args: argparse.Namespace) -> int:
    """Play one game; exit 0 on a win, 1 on a loss."""
    from rich.console import Console

    from autobot.drivers.browser import BrowserConfig, open_browser
    from autobot.drivers.driver import ConfirmStrategy, SeleniumDriver
    from autobot.loop import BotConfig, GameFailed, play_game

    game = game_from_args(args)
    answer = check_answer(args.answer, game)
    init_script = read_init_script(args.init_script)
    if args.url and answer:
        raise AutobotError("--answer only applies to the bundled page, not to --url")
    solver: Any = solver_from_args(args)
    _, reader = reader_from_args(args)
    console = Console(highlight=False)
    if args.confirm:
        solver = ConfirmStrategy(solver, hard=args.hard, input_stream=sys.stdin, output=sys.stdout)
    theme = args.theme
    with contextlib.ExitStack() as stack:
        if args.url:
            url = args.url
        else:
            from autobot.page.server import page_url, serve_page

            base = stack.enter_context(serve_page())
            url = page_url(base, answer=answer, theme=theme, contrast=args.contrast,
                           hard=args.hard, anim=args.anim, **page_game(game))
        t0 = time.monotonic()
        webdriver = stack.enter_context(open_browser(BrowserConfig(
            headless=not args.headed, window_size=args.window_size, scale=args.scale,
            remote_url=args.remote,
        )))
        if init_script:
            add_init_script(webdriver, init_script)
        load_page(webdriver, url)
        browser_seconds = time.monotonic() - t0
        driver = SeleniumDriver(webdriver, key_delay_ms=args.key_delay)
        try:
            result = play_game(
                driver, solver, BotConfig(hard=args.hard, rows=None if args.url else (
                    game.rows if game is not None else 6), game=game),
                reader=reader, on_event=make_printer(console, theme, args.contrast),
            )
        except GameFailed as failed:
            # The record says what happened even when the game could not be finished.
            if args.json:
                write_json(args.json, {**failed.result.to_json(), "keys": driver.rung})
            raise
    if result.stopped:
        console.print(f"stopped: {result.stopped}")
    console.print()
    # The grid's colours follow the page as the bot saw it (it may be any page, via --url).
    console.print(share_grid(list(result.turns), result.won, args.hard,
                             result.theme or theme, result.high_contrast,
                             game.rows if game is not None else 6))
    verdict = "won" if result.won else "lost"
    console.print(f"\n{verdict} in {len(result.turns)} guesses, {result.seconds:.1f} s "
                  f"(browser and page up in {browser_seconds:.1f} s)")
    if args.json:
        record = result.to_json()
        record["keys"] = driver.rung  # the way of sending keys that the page took
        write_json(args.json, record)
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


def add_init_script(webdriver: Any, source: str) -> None:
    """Run `source` before the page's own scripts on every load (Chromium's CDP).

    Only for setting a page up (a fixed answer or date in a test); the bot itself never
    reads anything back from the page's scripts.
    """
    try:
        webdriver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": source})
    except Exception as exc:  # a Remote WebDriver without CDP, or a browser that is not Chromium
        raise AutobotError(f"--init-script: the browser cannot run it: {exc}", 5) from None


def load_page(webdriver: Any, url: str) -> None:
    """Open `url` in the browser; a URL the browser refuses is bad input, one it cannot load
    (nothing listening, no such host) is a browser error (exit 5) naming the browser's reason."""
    from selenium.common.exceptions import WebDriverException

    try:
        webdriver.get(url)
    except WebDriverException as exc:
        first = (exc.msg or str(exc)).strip().splitlines()
        reason = first[0] if first else "error"
        if "net::" in reason:  # the browser could not load it (refused, no such host, ...)
            raise AutobotError(
                f"cannot load {url}: {reason[reason.index('net::'):]}", 5
            ) from None
        raise AutobotError(f"cannot open {url}: {reason}", 2) from None
    problem = load_problem(webdriver)
    if problem:
        raise AutobotError(f"cannot load {url}: {problem}", 5)


def load_problem(webdriver: Any) -> str | None:
    """Why the browser shows its own error page instead of the site (e.g.
    net::ERR_CONNECTION_REFUSED), or None when the page loaded.

    Asks the browser about the load, never the game: the URL it ended on and, on Chromium's
    error page, the error code it prints.
    """
    from selenium.common.exceptions import WebDriverException

    try:
        # WebDriver reports the URL asked for; the document knows it is the error page.
        where, code = webdriver.execute_script(
            "const e = document.querySelector('.error-code');"
            "return [document.URL, e ? e.textContent : ''];"
        )
        if not str(where).startswith("chrome-error://"):
            return None
    except WebDriverException:
        return None
    code = str(code or "").strip()
    if code and not code.startswith("net::"):
        code = f"net::{code}"
    return code or "the browser shows its error page"


def write_json(path: str, data: dict[str, Any]) -> None:
    """Write `data` to `path` as JSON ('-' = stdout); an unwritable path is bad input."""
    text = json.dumps(data, indent=2) + "\n"
    if path == "-":
        sys.stdout.write(text)
        return
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise AutobotError(f"cannot write {path}: {exc.strerror or exc}") from None
