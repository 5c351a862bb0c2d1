"""Play a grid puzzle page in a browser from its screenshots (`autobot play --game ohhi|sudoku`):
the bundled page (`?game=ohhi&size=N&seed=S`, `?game=sudoku&puzzle=...`) or any page at --url.

The play itself is the desktop loop's (autobot.engines.puzzle_window: find the lattice, read the
cells, solve, click or type, check each move on the screen, read the finished grid back); this
module gives it a browser's frames and hands, and looks for the page's own sign of the end: the
finished grid read back equal to the solution, and the page changing outside the cells.
"""

from __future__ import annotations

import time
from typing import Any
from urllib.parse import urlencode

import numpy as np

from autobot.app.request import Request, word_only_given
from autobot.app.session import browser_config, browser_session
from autobot.engines.puzzle_window import keep_progress
from autobot.errors import AutobotError, NoBoardFound
from autobot.games.puzzles import find_puzzle
from autobot.games.runs import load_path
from autobot.harness.record import GameRecord
from autobot.outcomes import Reason
from autobot.vision.buttons import find_buttons, menu_order
from autobot.vision.puzzle_grid import Lattice, find_lattice

# Word-game options that mean nothing to a grid puzzle: named in a clear error, not ignored.
WORD_ONLY = ("start", "confirm", "init_script", "profile", "hard")
END_CHANGE = 0.0005  # fraction of the frame outside the cells that must change at the end


def puzzle_url(base: str, puzzle: str, spec: str | None = None, theme: str = "light",
               cycle: str | None = None) -> str:
    """The bundled page's URL: 0h h1 `spec` "SIZE:SEED" (or "SIZE"), Sudoku `spec` the grid
    as digits (0 or . empty)."""
    query: dict[str, str] = {"game": puzzle}
    if puzzle == "ohhi":
        size, _, seed = (spec or "8").partition(":")
        if not size.isdigit() or int(size) % 2 or not 4 <= int(size) <= 12 or (
                seed and not seed.isdigit()):
            raise AutobotError(f"--answer for 0h h1 is SIZE:SEED (size even, 4..12), not {spec!r}")
        query["size"] = size
        if seed:
            query["seed"] = seed
    else:
        text = (spec or "").strip()
        if len(text) not in (16, 36, 81) or any(ch not in "0123456789." for ch in text):
            raise AutobotError("--game sudoku on the bundled page needs --answer GRID: 16, 36 "
                               "or 81 digits with 0 or . for empty (or --url a page)")
        query["puzzle"] = text
    if theme != "light":
        query["theme"] = theme
    if cycle:
        query["cycle"] = cycle
    return f"{base}?{urlencode(query)}"


class PageHands:
    """Clicks at frame pixels and keys for a browser page: the frame-to-CSS ratio is measured
    once (geometry only), so a click costs no extra screenshot."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver
        self.ratio = driver.css_ratio()

    def click(self, x: float, y: float) -> None:
        """Left-click frame pixel (x, y)."""
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        builder = ActionBuilder(self.driver.webdriver, duration=0)  # no 250 ms glide
        builder.pointer_action.move_to_location(int(x / self.ratio), int(y / self.ratio))
        builder.pointer_action.click()
        builder.perform()

    def hover(self, x: float, y: float) -> None:
        """Move the pointer over frame pixel (x, y), no click (a page that types into the cell
        under the pointer)."""
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        builder = ActionBuilder(self.driver.webdriver, duration=0)
        builder.pointer_action.move_to_location(int(x / self.ratio), int(y / self.ratio))
        builder.perform()

    def type_word(self, word: str) -> None:
        """Type `word`'s keys (a digit, a letter)."""
        self.driver.type_word(word)


MENU_SCREENS = 4  # screens of buttons walked through before giving up (title, levels, ...)
TRIES_PER_SCREEN = 3  # buttons clicked on one screen before it is called a dead end
SCREEN_CHANGE = 0.01  # fraction of the frame that must change for a click to have done something


def changed(before: np.ndarray, after: np.ndarray) -> bool:
    """Did a click change the page (a new screen, not a button's hover shade)?"""
    if before.shape != after.shape:
        return True
    moved = np.abs(before.astype(np.int16) - after.astype(np.int16)).max(axis=2) > 40
    return bool(moved.mean() > SCREEN_CHANGE)


def settled(screen: Any, timeout: float = 2.0) -> np.ndarray:
    """A frame once the page stops changing (two frames alike in a row), or the last one."""
    deadline = time.monotonic() + timeout
    last = screen.grab()
    while time.monotonic() < deadline:
        time.sleep(0.1)
        frame = screen.grab()
        if frame.shape == last.shape and not changed(last, frame):
            return frame
        last = frame
    return last


def grid_in(frame: np.ndarray) -> Lattice | None:
    """A puzzle grid (at least 4 x 4 cells) in the frame, or None."""
    lat = find_lattice(frame)
    return lat if lat is not None and lat.rows >= 4 and lat.cols >= 4 else None


def reach_grid(screen: Any, hands: Any, *, timeout: float = 10.0,
               log: Any = print) -> list[str]:
    """From a page's first screen to its grid: while no grid is in view, click the likeliest
    of its buttons (a set of alike choices' first, else the largest: PLAY), the next one when
    a click changes nothing; NoBoardFound after MENU_SCREENS screens, or when a screen has no
    button and no grid comes. Which buttons were clicked (their places), in order."""
    clicks: list[str] = []
    deadline = time.monotonic() + timeout  # a page still loading gets this long to show either
    screens = 0
    while True:
        frame = settled(screen)
        if grid_in(frame) is not None:
            return clicks
        buttons = find_buttons(frame)
        if not buttons:
            if time.monotonic() > deadline:
                raise NoBoardFound("no puzzle grid and no button to reach one on the page")
            time.sleep(0.3)
            continue
        if screens >= MENU_SCREENS:
            raise NoBoardFound(f"no puzzle grid after {screens} screens of buttons")
        screens += 1
        for button in menu_order(buttons)[:TRIES_PER_SCREEN]:
            hands.click(*button.centre)
            after = settled(screen)
            clicks.append(f"{button.centre[0]},{button.centre[1]}")
            if changed(frame, after):
                log(f"no grid on screen {screens}: clicked the button at {button.centre}")
                break
        else:
            raise NoBoardFound(f"no puzzle grid; none of the {len(buttons)} buttons on screen "
                               f"{screens} changed the page")
        deadline = time.monotonic() + timeout


def end_shown(before: np.ndarray, after: np.ndarray, lat: Lattice) -> bool:
    """Did the page change outside its cells between two frames (a banner, a border: the sign
    of a finished puzzle that is not the cells themselves)?"""
    if before.shape != after.shape:
        return True
    outside = np.ones(before.shape[:2], bool)
    for r in range(lat.rows):
        for c in range(lat.cols):
            x0, y0, x1, y1 = lat.box(r, c)
            outside[y0:y1, x0:x1] = False
    changed = (np.abs(before.astype(np.int16) - after.astype(np.int16)).max(axis=2) > 40)
    return bool((changed & outside).sum() > END_CHANGE * outside.sum())


def play_page(driver: Any, puzzle: Any, *, timeout: float = 10.0,
              log: Any = print, record: Any = None) -> dict[str, Any]:
    """Win the puzzle (a registry `Puzzle`) the browser shows; the game as plain data (won,
    moves, per-move ms, the grid read back, whether the page showed its end outside the cells).
    `record` (a `GameRecord`) can write the game so far at any moment."""
    screen = driver.screen
    hands = PageHands(driver)
    keep_progress(record, puzzle, None)
    menu = reach_grid(screen, hands, timeout=timeout, log=log)
    first = screen.grab()
    play = load_path(puzzle.player)
    played = play(screen, hands, timeout=timeout, log=log,
                  on_start=lambda game: keep_progress(record, puzzle, game))
    lat = played.lattice or find_lattice(first)
    last = screen.grab()
    deadline = time.monotonic() + 2.0
    shown = lat is not None and end_shown(first, last, lat)
    while lat is not None and not shown and time.monotonic() < deadline:
        time.sleep(0.1)
        last = screen.grab()
        shown = end_shown(first, last, lat)
    data = played.summary()
    data["end_shown"] = shown
    data["menu_clicks"] = menu
    data["game"] = puzzle.name
    return data


def run_play(request: Request) -> int:
    """`autobot play --game ohhi|sudoku`: the bundled page (--answer the puzzle) or --url, in
    Chromium; exit 0 won, 1 not won, 3 no grid, 4 the page did not take a move."""
    name, answer, url, theme = (request.game.name, request.game.answer, request.page.url,
                                request.page.theme)
    puzzle = find_puzzle(name)
    for option in word_only_given(request, WORD_ONLY):
        raise AutobotError(f"--{option} is for word games, not --game {name}")
    if (request.game.boards or 1) > 1:
        raise AutobotError(f"--boards is for word games, not --game {name}")
    if url and answer:
        raise AutobotError("--answer only applies to the bundled page, not to --url")
    if not url:  # a bad --answer is bad input before any browser starts
        puzzle_url("http://127.0.0.1/", puzzle.name, answer, theme)
    # The record's path is checked before anything starts; from here every exit writes it, in
    # the puzzle's shape with the moves made so far (a signal included).
    record = GameRecord(request.record.json)

    def bundled(base: str) -> str:
        return puzzle_url(base, puzzle.name, answer, theme)

    with record.on_any_exit(), browser_session(
            browser_config(request.browser), url=url, bundled=bundled, key_delay_ms=0,
            record=record) as session:
        data = play_page(session.driver, puzzle, record=record) | {"url": session.url}
    print(data["grid"])
    print(f"{'won' if data['won'] else 'not won'}: {data['moves']} moves, frame->click "
          f"median {data['move_ms_median']} ms, p95 {data['move_ms_p95']} ms; the page "
          + ("showed its end" if data["end_shown"] else "showed no sign of the end"))
    record.write(data, exit_code=0 if data["won"] else 1,
                 reason=Reason.WON if data["won"] else Reason.LOST)
    return 0 if data["won"] else 1


__all__ = ["PageHands", "changed", "end_shown", "grid_in", "play_page", "puzzle_url",
           "reach_grid", "run_play", "settled"]
