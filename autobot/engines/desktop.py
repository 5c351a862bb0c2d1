"""Live play on the desktop: find the Wordle tab on screen, then play it (or advise) through
guarded real keys.

Frames come from the screen (mss), keys go out as real key events (pyautogui) to whatever has
the keyboard focus, so the run is guarded: the board must stay where it was found, in step with
the game, or the bot stops at once (exit 4) rather than type into something else.
"""

from __future__ import annotations

import contextlib
import dataclasses
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

from autobot.app.request import Request
from autobot.drivers.desktop import (
    DesktopDriver,
    GuardedDriver,
    anchor_of,
    board_moved,
    focus_spot,
    page_dialog,
)
from autobot.drivers.desktop.focus import HandBack, watch_focus
from autobot.drivers.recording import record_driver, sink_of
from autobot.errors import AutobotError, NoBoardFound, SafetyStop
from autobot.harness.record import GameRecord, outcome, verdict_line
from autobot.harness.report import make_printer, share_grid, tiles
from autobot.loop import BotConfig, play_game, played_rows, row_kind
from autobot.players import Confirm
from autobot.shutdown import signals_as_interrupt
from autobot.solver import GameState
from autobot.vision import BoardRead

DIALOG_LOOK_S = 0.25  # how often the board search also looks for a dialog over the game


def _no_board(board: Any) -> Any:
    """`board` as a read that found nothing (what shows is a dialog's, not the game's)."""
    if dataclasses.is_dataclass(board):
        return dataclasses.replace(board, found=False, settled=False, rows=(), grid=None)
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
    deadline = clock() + timeout
    previous = None
    seen = False
    last_panel: Any = None
    looked_at = -DIALOG_LOOK_S
    trace = sink_of(screen)  # `--trace`: the search's reads too
    while True:
        frame = screen.grab()
        board = read(frame)
        if trace is not None:
            trace.read(frame, board)
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
                raise NoBoardFound(f"the Wordle board on {where} never stood still")
            raise NoBoardFound(f"no Wordle board found on {where}")
        time.sleep(0.05)


def submitted_turns(rows: Any) -> list[Any] | None:
    """The scored rows at the top of the board, or None while a row is still turning over."""
    try:
        turns, _typed = played_rows(rows)
    except AutobotError:
        return None  # a scored row with an unreadable letter: wait for a cleaner frame
    if len(turns) < len(rows) and row_kind(rows[len(turns)]) in ("moving", "unknown"):
        return None
    return turns


def advise(request: Request, screen: Any, read: Callable[[Any], Any], solver: Any,
           console: Any, first: Any) -> int:
    """Print the best next guess each time the scored rows change; 0 won, 1 lost, else 0."""
    theme, contrast = first.theme or "light", first.high_contrast
    watch = request.screen.watch
    deadline = None if watch is None else time.monotonic() + watch
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
            state = GameState(history=tuple(turns), hard=request.game.hard)
            try:
                guess = solver.next_guess(state)
            except AutobotError:
                raise
            except Exception as exc:  # rows no word fits: misread or a different list
                raise SafetyStop(f"no word fits the board as read: {exc}") from None
            left = len(solver.candidates(tuple(turns)))
            console.print(f"suggest: {guess.upper()}  ({left} possible answer"
                          f"{'s' if left != 1 else ''} left)", highlight=False)
            sys.stdout.flush()
        if deadline is not None and time.monotonic() >= deadline:
            return 0
        time.sleep(0.1)
        board = read(screen.grab())


# --- play ------------------------------------------------------------------------------------


@contextlib.contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """SIGTERM and SIGHUP end the run like Ctrl-C, so a launched browser is still closed on the
    way out (`autobot.shutdown`; `autobot` itself already does this for every command)."""
    with signals_as_interrupt():
        yield


def live_config(hard: bool, game: Any = None) -> Any:
    """The turn loop's patience for a desktop the bot shares with a person and other programs.

    A busy desktop can hold a page's reaction to Enter back for a second or more; taking a
    still-typed row for "not in word list" too early would erase a row that is about to flip.
    """
    # (no game named: the config's own, classic Wordle; never None)
    named = {} if game is None else {"game": game}
    return BotConfig(hard=hard, settle_timeout=20.0, reject_patience=3.0, **named)


def _note_focus(record: Any, focus: Any) -> None:
    """The record names the window the keys went to and how often the focus was checked."""
    if focus is not None:
        record.extra.update(focus.figures())


def guarded_game(request: Request, screen: Any, frame: Any, first: Any, solver: Any,
                 console: Any, read: Callable[..., Any], game: Any = None, *,
                 record: Any) -> tuple[Any, Any, Any]:
    """Play the game on screen through guarded real keys, the X focus watchdog before each key
    and click: (its result, the guarded driver, the watchdog or None); `autobot live`'s game,
    and the live benchmark's."""
    theme, contrast = first.theme or "light", first.high_contrast
    # Under a dialog there is no board yet: the guard takes its place from the first settled
    # read, and closing the dialog (a click on it) gives the page the focus.
    anchor = anchor_of(first.grid) if first.found else None
    keys = DesktopDriver(screen, key_delay=request.key_delay / 1000)
    if getattr(record, "trace", None) is not None:  # `--trace`: keys and clicks, from the first
        record_driver(keys, record.trace)
    spot = None
    if request.screen.click_to_focus and first.found:
        spot = focus_spot(frame, first.grid)
        if spot is None:
            raise SafetyStop("no empty page background beside the board to click for focus; "
                             "click the page yourself and use --no-click-to-focus")
        keys.click(*spot)  # frame pixels: the driver maps them to the pointer
    driver = GuardedDriver(keys, read, anchor=anchor)
    # Every key and click also waits on the X focus: keys go where it is, not where pixels are.
    focus = watch_focus(keys, lambda: driver.anchor, (frame.shape[1], frame.shape[0]))

    # Every frame the loop reads, too: a board found anywhere else means the window moved (and
    # the focus gone elsewhere is a stop then, not only at the next key).
    guard = driver.observe if focus is None else focus.guarding(driver.observe)
    if request.confirm:
        def show(state: Any, proposal: str) -> None:
            console.print(f"board as read ({len(state.history)} row(s)):")
            for t in state.history:
                console.print(tiles(t.guess, t.marks, theme, contrast))
            sys.stdout.flush()

        solver = Confirm(solver, hard=request.game.hard, input_stream=sys.stdin,
                                 output=sys.stdout, show=show)
        if focus is not None:  # the person answers in a terminal: the page gets the focus back
            here = spot
            solver = HandBack(solver, focus, None if here is None else
                              lambda: driver.click(*here))
    printer = make_printer(console, theme, contrast)
    seen: list[Any] = []  # rows scored so far, to report what was on the board if we stop

    def on_event(event: Any) -> None:
        if event.kind in ("row", "resumed"):
            seen.append(event)
        record.note(event)
        printer(event)
        sys.stdout.flush()

    started = time.monotonic()
    try:
        config = live_config(request.game.hard, game)
        # Dialogs are looked for as on any desktop frame (never a window's own X), by the same
        # finder the guard checks each click with.
        result = play_game(driver, solver, config, reader=read, on_event=on_event, guard=guard,
                           overlay=page_dialog)
    except AutobotError as exc:
        console.print(f"stopped after {len(seen)} row(s), {time.monotonic() - started:.1f} s")
        _note_focus(record, focus)
        if record.wanted and not record.written:
            record.failed(exc, getattr(exc, "result", None))
        raise
    return result, driver, focus


def play_live(request: Request, screen: Any, frame: Any, first: Any, solver: Any,
              console: Any, read: Callable[..., Any], game: Any = None, *,
              record: Any = None) -> int:
    """Take over the game on screen (Wordle, or `game`) and play it to the end through guarded
    real keys."""
    if record is None:
        record = GameRecord(request.record.json)
    result, driver, focus = guarded_game(request, screen, frame, first, solver, console, read,
                                         game, record=record)
    theme, contrast = first.theme or "light", first.high_contrast
    config = live_config(request.game.hard, game)
    if result.stopped:
        console.print(f"stopped: {result.stopped}")
    console.print()
    console.print(share_grid(list(result.turns), result.won, request.game.hard, theme, contrast,
                             config.game.rows))
    verdict = outcome(result.won, result.stopped)
    console.print(f"\n{verdict_line(verdict, len(result.turns))}, {result.seconds:.1f} s")
    if record.wanted:
        data = result.to_json()
        data["board_checks"] = driver.checks
        _note_focus(record, focus)
        record.write(data, exit_code=0 if result.won else 1, reason=verdict)
    return 0 if result.won else 1
