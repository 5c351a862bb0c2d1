"""`autobot live`: play (or advise on) the Wordle tab already open on your desktop. This module
parses and wires (and launches a window with --launch); the play is autobot.engines.desktop."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from typing import Any

from rich.console import Console

from autobot.app.players import check_answer, game_for, reader_for, solver_for
from autobot.app.request import BUNDLED, Request
from autobot.app.session import launched
from autobot.cli.live_boards import play_boards_on_screen, run_live_boards
from autobot.cli.request import request_from
from autobot.drivers.desktop import MssScreen, page_dialog, require_pyautogui
from autobot.drivers.recording import record_screen
from autobot.engines.desktop import advise, find_board, play_live, terminate_as_interrupt
from autobot.errors import AutobotError, BadInput, SafetyStop
from autobot.games import runs_of
from autobot.harness.calibration import read_mismatch
from autobot.harness.record import GameRecord
from autobot.loop import board_cut
from autobot.loop.probe import count_boards_on

# --- finding the board -------------------------------------------------------------------


def check_request(request: Request) -> None:
    """Flag combinations that make no sense are bad input (exit 2), before anything starts."""
    screen, chosen, page = request.screen, request.game, request.page
    if screen.watch is not None and not screen.advise:
        raise AutobotError("--watch only applies to --advise")

    page_flags = chosen.answer or chosen.page_answers or page.theme != "light" or page.contrast
    launch = screen.launch
    if page_flags and launch != BUNDLED:
        raise AutobotError("--answer/--page-answers/--theme/--contrast only apply to "
                           "--launch bundled")
    if launch and launch != BUNDLED and not launch.startswith(
            ("http://", "https://", "file://", "data:")):
        raise AutobotError(f"--launch wants a URL or '{BUNDLED}', not {launch!r}")


# --- advise: watch and suggest, never type ------------------------------------------------


def run(args: argparse.Namespace) -> int:
    """Find the board, then play it (or advise); exit 0 won, 1 lost, 3 no board, 4 safety."""
    request = request_from(args)
    name = request.game.name
    runs = runs_of(name)
    if request.record.trace and not runs.traced:
        raise BadInput(f"--trace is for word pages, not --game {name}")
    return runs.runner("live", name)(request)  # the game's own way to be played live


def live_word_game(request: Request) -> int:
    """A word game's tab or window on the desktop: play it, or advise."""
    check_request(request)
    chosen, screen = request.game, request.screen
    if chosen.boards is not None and chosen.boards > 1:
        return run_live_boards(request)

    game = game_for(request)
    if screen.launch == BUNDLED:
        check_answer(chosen.answer, game)  # bad input, whatever the display
    solver: Any = solver_for(request)
    console = Console(highlight=False)
    profile, read = reader_for(request)
    if not screen.advise:
        require_pyautogui()  # before any window opens: no point finding a board we cannot type on

    # The record's path is checked before any window opens; from here every exit writes it.
    record = GameRecord(None if screen.advise else request.record.json, request.record.trace,
                        meta={"url": screen.launch})
    with record.on_any_exit(lambda exc: getattr(exc, "result", None)):
        return _live(request, solver, console, profile, read, game, record)


def counts_boards(request: Request, game: Any) -> bool:
    """--boards auto (the default): a Wordle played by typing may show many boards; count them.

    (Advising and --confirm are for one board; other games have one board by their rules.)"""
    return request.game.boards is None and not request.screen.advise and not request.confirm \
        and game.solver is not None


def _live(request: Request, solver: Any, console: Any, profile: Any, read: Any,
          game: Any, record: Any) -> int:
    where = request.screen
    record.phase = "browser"
    with terminate_as_interrupt(), launched(request), \
            MssScreen(monitor=where.monitor, region=where.region) as screen:
        record.phase = "game"
        if record.trace is not None:  # `--trace`: every frame, the board search's too
            record_screen(screen, record.trace)
        if counts_boards(request, game):
            boards = count_boards_on(screen)
            if boards > 1:
                console.print(f"[dim]{boards} boards found[/dim]")
                request = replace(request, game=replace(request.game, boards=boards))
                return play_boards_on_screen(request, screen, boards, console, record)
        frame, first = find_board(screen, read, where.find_timeout, where.where(),
                                  dialog=None if where.advise else page_dialog)
        if not first.found:  # a dialog covers the game: the turn loop closes it first
            console.print("a dialog covers the game: closing it")
            sys.stdout.flush()
            return play_live(request, screen, frame, first, solver, console, read, game,
                             record=record)
        cut = board_cut(first, frame.shape[0])
        if cut:  # the bot cannot scroll a desktop it shares: say what is out of view
            raise SafetyStop(f"the board is cut by the bottom of {where.where()}: {cut} "
                             "may be out of view; scroll the page or move the window")
        if profile is not None:
            why = read_mismatch(profile, frame.shape, first)
            if why:
                raise BadInput(why)
        if where.advise:
            return advise(request, screen, read, solver, console, first)
        return play_live(request, screen, frame, first, solver, console, read, game,
                         record=record)


