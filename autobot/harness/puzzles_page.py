"""Play a grid puzzle page in a browser from its screenshots (`autobot play --game ohhi|sudoku`):
the bundled page (`?game=ohhi&size=N&seed=S`, `?game=sudoku&puzzle=...`) or any page at --url.

The play itself is the desktop loop's (autobot.harness.puzzles_live: find the lattice, read the
cells, solve, click or type, check each move on the screen, read the finished grid back); this
module gives it a browser's frames and hands, and looks for the page's own sign of the end: the
finished grid read back equal to the solution, and the page changing outside the cells.
"""

from __future__ import annotations

import contextlib
import json
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import numpy as np

from autobot.drivers.browser import BrowserConfig, load_page, open_browser
from autobot.drivers.driver import SeleniumDriver
from autobot.drivers.window import display_for, screen_for
from autobot.errors import AutobotError
from autobot.harness.puzzles_live import play_solo, play_unruly
from autobot.page.server import serve_page
from autobot.vision.lattice import Lattice, find_lattice

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

    def type_word(self, word: str) -> None:
        """Type `word`'s keys (a digit, a letter)."""
        self.driver.type_word(word)


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


def play_page(driver: Any, puzzle: str, *, timeout: float = 10.0,
              log: Any = print) -> dict[str, Any]:
    """Win the puzzle the browser shows; the game as plain data (won, moves, per-move ms, the
    grid read back, whether the page showed its end outside the cells)."""
    screen = driver.screen
    first = screen.grab()
    play = play_unruly if puzzle == "ohhi" else play_solo
    played = play(screen, PageHands(driver), timeout=timeout, log=log)
    lat = played.lattice or find_lattice(first)
    last = screen.grab()
    deadline = time.monotonic() + 2.0
    shown = lat is not None and end_shown(first, last, lat)
    while lat is not None and not shown and time.monotonic() < deadline:
        time.sleep(0.1)
        last = screen.grab()
        shown = end_shown(first, last, lat)
    record = played.summary()
    record["end_shown"] = shown
    record["game"] = puzzle
    return record


def run_play(args: Any, puzzle: str) -> int:
    """`autobot play --game ohhi|sudoku`: the bundled page (--answer the puzzle) or --url, in
    Chromium; exit 0 won, 1 not won, 3 no grid, 4 the page did not take a move."""
    for name in WORD_ONLY:
        if getattr(args, name, None) not in (None, False):
            raise AutobotError(f"--{name.replace('_', '-')} is for word games, not --game "
                               f"{args.game}")
    if (getattr(args, "boards", None) or 1) > 1:
        raise AutobotError(f"--boards is for word games, not --game {args.game}")
    if args.url and args.answer:
        raise AutobotError("--answer only applies to the bundled page, not to --url")
    with contextlib.ExitStack() as stack:
        if args.url:
            url = args.url
        else:
            base = stack.enter_context(serve_page())
            url = puzzle_url(base, puzzle, args.answer, getattr(args, "theme", "light"))
        browser = BrowserConfig(headless=not args.headed, window_size=args.window_size,
                                scale=args.scale, remote_url=args.remote)
        stack.enter_context(display_for(browser))
        webdriver = stack.enter_context(open_browser(browser))
        load_page(webdriver, url)
        driver = SeleniumDriver(webdriver, key_delay_ms=0,
                                screen=screen_for(webdriver, browser))
        record = play_page(driver, puzzle)
    print(record["grid"])
    print(f"{'won' if record['won'] else 'not won'}: {record['moves']} moves, frame->click "
          f"median {record['move_ms_median']} ms, p95 {record['move_ms_p95']} ms; the page "
          + ("showed its end" if record["end_shown"] else "showed no sign of the end"))
    if args.json:
        try:
            Path(args.json).write_text(json.dumps(record | {"url": url}, indent=1) + "\n")
        except OSError as exc:
            raise AutobotError(f"cannot write {args.json}: {exc}") from None
    return 0 if record["won"] else 1


__all__ = ["PageHands", "end_shown", "play_page", "puzzle_url", "run_play"]
