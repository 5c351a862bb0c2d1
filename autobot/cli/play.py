"""`autobot play`: win a game of Wordle in a real browser, hands-free (pixels in, keys out).

With no arguments it serves the bundled page on 127.0.0.1, opens headless Chromium, plays a
random answer, prints each row as it is scored and ends with the share grid and the time.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from rich.console import Console

from autobot.app.options import (
    read_init_script,
)
from autobot.app.players import (
    check_answer,
    game_for,
    many_solver,
    page_game,
    reader_for,
    save_learned_glyphs,
    solver_for,
)
from autobot.app.request import Request
from autobot.app.session import browser_config, browser_session
from autobot.cli.play_boards import play_loaded, run_play_boards
from autobot.cli.request import request_from
from autobot.errors import AutobotError, BadInput
from autobot.games import runs_of
from autobot.harness.record import GameRecord, outcome, verdict_line
from autobot.harness.report import make_printer, share_grid
from autobot.loop import BotConfig, play_game
from autobot.loop.jotto_list import play_list_game
from autobot.loop.probe import count_boards, page_layout, room_for
from autobot.outcomes import Reason
from autobot.page.server import page_url
from autobot.players import Confirm


def run(args: argparse.Namespace) -> int:
    """Play one game; exit 0 on a win, 1 on a loss (or a quit)."""
    request = request_from(args)
    name = request.game.name
    runs = runs_of(name)
    if request.record.trace and not runs.traced:
        raise BadInput(f"--trace is for word pages, not --game {name}")
    return runs.runner("play", name)(request)  # the game's own way to be played


def play_word_game(request: Request) -> int:
    """A word game on a page (one board, many boards, or a list of lines); 0 on a win."""
    boards = request.game.boards
    if boards is not None and boards > 1:
        return run_play_boards(request)
    # The record's path is checked before anything starts; from here every exit writes it.
    record = GameRecord(request.record.json, request.record.trace,
                        meta={"url": request.page.url})
    with record.on_any_exit(lambda exc: getattr(exc, "result", None)):
        return _play(request, record)


def _play(request: Request, record: Any) -> int:
    chosen, page = request.game, request.page
    game = game_for(request)
    answer = check_answer(chosen.answer, game)
    init_script = read_init_script(page.init_script)
    if page.url and answer:
        raise AutobotError("--answer only applies to the bundled page, not to --url")
    solver: Any = solver_for(request)
    profile, reader = reader_for(request)
    console = Console(highlight=False)
    if request.confirm:
        solver = Confirm(solver, hard=chosen.hard, input_stream=sys.stdin, output=sys.stdout)
    theme = page.theme
    printer = make_printer(console, theme, page.contrast)

    def on_event(event: Any) -> None:
        record.note(event)
        printer(event)

    def bundled(base: str) -> str:
        return page_url(base, answer=answer, theme=theme, contrast=page.contrast,
                        hard=chosen.hard, anim=page.anim, **page_game(game))

    t0 = time.monotonic()
    with browser_session(browser_config(request.browser), url=page.url, bundled=bundled,
                         init_script=init_script, key_delay_ms=request.key_delay,
                         record=record) as session:
        browser_seconds = session.seconds
        driver = session.driver
        record.extra["keys"] = driver.rung
        if game.page == "count" and page_layout(driver, game) == "list":
            return run_list_game(driver, solver, game, console, browser_seconds, record)
        if chosen.boards is None and game.on_many_boards:
            # Boards not named: a Wordle page may show many (Dordle ... 32).
            room = room_for(driver)
            boards = count_boards(driver, room)
            record.extra["boards_found"] = max(boards, 1)  # in the record of any exit
            if boards > 1:
                if game.length != 5:
                    raise AutobotError(f"{boards} boards found: many boards are played with "
                                       f"five-letter words, this game has {game.length}")
                if request.confirm or answer:
                    raise AutobotError(f"{boards} boards found: --confirm and --answer are "
                                       "for one board")
                console.print(f"[dim]{boards} boards found[/dim]")
                return play_loaded(request, driver, boards, t0, room, many_solver(request),
                                   record)
        result = play_game(
            driver, solver, BotConfig(hard=chosen.hard, rows=None if page.url else game.rows,
                                      game=game),
            reader=reader, on_event=on_event,
        )
        record.extra["keys"] = driver.rung  # the way of sending keys that the page took
    if result.stopped:
        console.print(f"stopped: {result.stopped}")
    save_learned_glyphs(reader, profile, console)
    console.print()
    # The grid's colours follow the page as the bot saw it (it may be any page, via --url).
    console.print(share_grid(list(result.turns), result.won, chosen.hard,
                             result.theme or theme, result.high_contrast,
                             game.rows))
    verdict = outcome(result.won, result.stopped)
    console.print(f"\n{verdict_line(verdict, len(result.turns))}, {result.seconds:.1f} s "
                  f"(browser and page up in {browser_seconds:.1f} s)")
    if record.wanted:
        data = result.to_json()
        data["keys"] = driver.rung
        data["capture"] = getattr(driver.screen, "source", "webdriver")  # or "display"
        data["lang"] = solver.lang or chosen.lang or "en"  # as played (or told)
        record.write(data, exit_code=0 if result.won else 1, reason=verdict)
    return 0 if result.won else 1


def run_list_game(driver: Any, solver: Any, game: Any, console: Any, browser_seconds: float,
                  record: Any) -> int:
    """Play Jotto on a page that lists guesses as text lines, written to `record` (a
    `GameRecord`); exit 0 on a win."""
    result = play_list_game(driver, solver, game, on_event=console.print)
    verdict = Reason.WON if result.won else Reason.LOST
    if result.stopped:
        console.print(f"stopped: {result.stopped}" + (f" ({result.error})" if result.error
                                                        else ""))
    console.print(f"\n{verdict} in {len(result.turns)} guesses, {result.seconds:.1f} s "
                  f"(list page; browser and page up in {browser_seconds:.1f} s)")
    data = result.to_json()
    data["keys"] = driver.rung
    record.write(data, exit_code=0 if result.won else 1, reason=verdict)
    return 0 if result.won else 1


