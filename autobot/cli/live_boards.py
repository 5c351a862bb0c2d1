"""`autobot live --boards N`: a many-board game in a window on your own desktop.

Only wiring: the many-board reader finds the boards on the screen (two equal settled reads),
one click on empty page below them gives the page the keys, then `play_many` plays through
real key presses, stopping (exit 4) if the boards move.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from typing import Any

from rich.console import Console

from autobot.app.players import many_solver
from autobot.app.request import Request
from autobot.app.session import launched
from autobot.app.text import many_printer
from autobot.drivers.desktop import Anchor, DesktopDriver, MssScreen, require_pyautogui
from autobot.drivers.desktop.focus import watch_focus
from autobot.drivers.recording import record_driver, record_screen
from autobot.engines.desktop import live_config, terminate_as_interrupt
from autobot.errors import AutobotError, SafetyStop
from autobot.harness.calibration import load_profile
from autobot.harness.record import GameRecord, verdict_line
from autobot.loop.many import MANY_CONFIG, play_many
from autobot.loop.probe import below_boards, find_boards_on_screen
from autobot.outcomes import Reason
from autobot.vision.boards import BoardsReader


def run_live_boards(request: Request) -> int:
    """Find the boards, click the page once, play; exit 0 won, 1 lost, 3 no boards, 4 safety."""
    check_many(request)
    solver = many_solver(request)  # a one-board --strategy is bad input before anything opens
    require_pyautogui()
    console = Console(highlight=False)
    screen_choice = request.screen
    record = GameRecord(request.record.json, request.record.trace,
                        meta={"url": screen_choice.launch})  # checked now; written on every exit
    with record.on_any_exit(lambda exc: getattr(exc, "result", None)), \
            terminate_as_interrupt(), launched(request), \
            MssScreen(monitor=screen_choice.monitor, region=screen_choice.region) as screen:
        if record.trace is not None:
            record_screen(screen, record.trace)
        return play_boards_on_screen(request, screen, request.game.boards or 1, console, record,
                                     solver)


def check_many(request: Request) -> None:
    """Options that are for one board only are bad input with many (exit 2)."""
    if request.screen.advise or request.confirm:
        raise AutobotError("--advise and --confirm are for one board")


def play_boards_on_screen(request: Request, screen: Any, boards: int, console: Any,
                          record: Any, solver: Any = None) -> int:
    """Play `boards` boards shown on an open screen (the browser, if any, launched already)."""
    solver = solver if solver is not None else many_solver(request)
    profile = None
    if request.profile:
        profile = load_profile(request.profile)
    reader = BoardsReader(profile=profile)
    record.phase = "game"
    frame, first = find_boards_on_screen(screen, reader, request.screen.find_timeout,
                                         request.screen.where())
    keys = DesktopDriver(screen, key_delay=request.key_delay / 1000)
    if getattr(record, "trace", None) is not None:  # `--trace`: keys and clicks too
        record_driver(keys, record.trace)
    if request.screen.click_to_focus:
        spot = below_boards(frame, first.geometry)
        if spot is None:
            raise SafetyStop("no empty page below the boards to click for focus; click "
                             "the page yourself and use --no-click-to-focus")
        keys.click(*spot)
    anchor = first.geometry[0]

    # Keys go to the X focus: stop if another window takes it (the first board's window).
    watch_focus(keys, lambda: Anchor(anchor.x, anchor.y, anchor.tile, anchor.tile),
                (frame.shape[1], frame.shape[0]))

    def guard(read: Any) -> str | None:
        # The first board is still where it was (the window did not move), or stop.
        geometry = getattr(read, "geometry", ())
        if geometry and min(abs(g.x - anchor.x) + abs(g.y - anchor.y)
                            for g in geometry) > anchor.tile / 2:
            return "the boards moved on the screen: stopped before typing anywhere else"
        return None

    # A shared desktop's page may answer Enter late: as patient as the one-board live.
    config = replace(MANY_CONFIG, reject_patience=live_config(False).reject_patience)
    result = play_many(keys, solver, boards, config, reader=reader,
                       on_event=many_printer(console), guard=guard)
    verdict = Reason.WON if result.won else Reason.LOST
    console.print(f"\n{verdict_line(verdict, len(result.guesses))}, {result.seconds:.1f} s")
    sys.stdout.flush()
    record.write(result.to_json(), exit_code=0 if result.won else 1, reason=verdict)
    return 0 if result.won else 1
