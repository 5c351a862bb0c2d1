"""Puzzle pages as the web has them: a menu before the grid (a title screen with PLAY, then a
row of sizes or levels), Sudoku digits from an on-screen pad (keys ignored) or typed into the
cell under the pointer, red/blue 0h h1 cycling either way. Each is an option of the bundled page
(`menu=1`, `input=pad`, `input=hover`), won from the pixels in real Chromium; the page's own
solved state is checked by JS here only."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import cv2
import numpy as np
import pytest

from autobot.cli import main
from autobot.drivers.browser import BrowserConfig, load_page, open_browser
from autobot.drivers.driver import SeleniumDriver
from autobot.engines.puzzle_page import MENU_SCREENS, play_page, puzzle_url, reach_grid
from autobot.errors import NoBoardFound
from autobot.games.puzzles import find_puzzle, sudoku, takuzu
from autobot.vision.buttons import find_buttons, menu_order

SOLVED = ("534678912672195348198342567859761423426853791"
          "713924856961537284287419635345286179")
BLANKS = [0, 4, 10, 20, 30, 40, 44, 50, 60, 70, 80, 33]
PUZZLE = "".join("0" if i in BLANKS else ch for i, ch in enumerate(SOLVED))


# --- pure: buttons by shape -------------------------------------------------------------------

def drawn_button(frame: np.ndarray, box: tuple[int, int, int, int], fill: tuple[int, int, int],
                 word: str) -> None:
    """A filled bar with a white word on it."""
    x0, y0, x1, y1 = box
    cv2.rectangle(frame, (x0, y0), (x1 - 1, y1 - 1), fill, thickness=-1)
    cv2.putText(frame, word, (x0 + 8, (y0 + y1) // 2 + 8), cv2.FONT_HERSHEY_SIMPLEX, 0.8,
                (255, 255, 255), 2)


def test_menu_order_takes_the_largest_button_then_a_set_of_choices_first() -> None:
    title = np.full((400, 600, 3), 255, np.uint8)
    cv2.putText(title, "0h h1", (200, 60), cv2.FONT_HERSHEY_SIMPLEX, 2, (20, 20, 20), 5)
    drawn_button(title, (300, 300, 380, 330), (150, 150, 150), "Rules")
    drawn_button(title, (190, 120, 410, 184), (47, 155, 214), "Play")
    cv2.rectangle(title, (20, 300, 60, 340), (217, 71, 63), -1)  # a plain tile: no word
    found = find_buttons(title)
    assert [b.box for b in found] == [(190, 120, 410, 184), (300, 300, 380, 330)]
    assert menu_order(found)[0].box == (190, 120, 410, 184)  # the primary button first

    levels = np.full((400, 600, 3), 255, np.uint8)
    for k, word in enumerate(["10", "4", "6", "8"]):  # the first of the row, not the largest
        drawn_button(levels, (60 + 120 * k, 150, 156 + 120 * k + (8 if k == 0 else 0), 222),
                     (217, 71, 63), word)
    drawn_button(levels, (250, 320, 350, 350), (150, 150, 150), "Back")
    order = menu_order(find_buttons(levels))
    assert order[0].box[:2] == (60, 150)
    assert len(order) == 5


def test_an_outlined_button_is_a_button() -> None:
    frame = np.full((400, 600, 3), 255, np.uint8)
    cv2.rectangle(frame, (200, 150), (399, 209), (47, 155, 214), 3)
    cv2.putText(frame, "PLAY", (250, 193), cv2.FONT_HERSHEY_SIMPLEX, 1.2, (47, 155, 214), 3)
    found = find_buttons(frame)
    assert len(found) == 1 and found[0].centre == (300, 180)


def test_a_grid_is_not_a_button() -> None:
    frame = np.full((400, 400, 3), 255, np.uint8)
    for k in range(10):  # a Sudoku-like lattice of thin lines (and digits): not a button
        cv2.line(frame, (50 + 30 * k, 50), (50 + 30 * k, 320), (30, 30, 30), 2)
        cv2.line(frame, (50, 50 + 30 * k), (320, 50 + 30 * k), (30, 30, 30), 2)
    for k in range(9):
        cv2.putText(frame, str(k + 1), (58 + 30 * k, 74 + 30 * (k % 3)),
                    cv2.FONT_HERSHEY_SIMPLEX, 0.6, (30, 30, 30), 2)
    assert find_buttons(frame) == []


# --- real Chromium ----------------------------------------------------------------------------

@pytest.fixture
def page(chromium: None, base: str, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A browser at the test's scale; yields a function that loads a URL and plays it."""
    scale = request.param
    with open_browser(BrowserConfig(scale=scale, window_size=(600, 800))) as webdriver:
        def play(game: str, url: str) -> dict[str, Any]:
            load_page(webdriver, url)
            record = play_page(SeleniumDriver(webdriver, key_delay_ms=0), find_puzzle(game),
                               log=lambda _: None)
            record["page_solved"] = bool(webdriver.execute_script(  # the test's check only
                "return document.body.classList.contains('solved')"))
            return record
        yield play


@pytest.mark.parametrize(("page", "theme", "cycle"), [
    (1.0, "light", "reverse"),  # red/blue, a click gives blue first
    (2.0, "dark", None),  # red/blue, a click gives red first
], indirect=["page"])
def test_ohhi_page_through_a_menu(page: Any, base: str, theme: str, cycle: str | None) -> None:
    url = puzzle_url(base, "ohhi", "6:7", theme, cycle) + "&menu=1"
    record = page("ohhi", url)
    assert record["won"] and record["page_solved"] and record["end_shown"]
    assert len(record["menu_clicks"]) == 2  # PLAY, then the first size
    cells = [int(ch) for ch in "".join(record["grid"].split())]
    side = int(len(cells) ** 0.5)
    assert takuzu.check(takuzu.new(side, side, [-1] * len(cells), unique=True), cells) == []


@pytest.mark.parametrize(("page", "theme", "pad", "menu", "way"), [
    (1.0, "light", "input=pad", False, "pad"),  # digit buttons under the grid
    (2.0, "dark", "input=pad&pad=plain", True, "pad"),  # bare numerals under the grid
    (1.0, "light", "input=popup", False, "pad"),  # buttons popping up by the cell, over the grid
    (2.0, "dark", "input=popup", True, "pad"),
    (1.0, "light", "input=digitfirst", False, "digit-first"),  # the digit picked, then cells
    (2.0, "dark", "input=digitfirst&pad=card", True, "digit-first"),  # buttons on a card
], indirect=["page"])
def test_sudoku_page_with_a_digit_pad(page: Any, base: str, theme: str, pad: str,
                                      menu: bool, way: str) -> None:
    """Keys do nothing on these pages: the digits are clicked on the page's own pad."""
    assert sudoku.solve(sudoku.parse_text(PUZZLE)).status == "solved"
    url = puzzle_url(base, "sudoku", PUZZLE, theme) + f"&{pad}" + ("&menu=1" if menu else "")
    record = page("sudoku", url)
    assert record["won"] and record["page_solved"] and record["input"] == way
    assert record["moves"] == len(BLANKS) and len(record["menu_clicks"]) == (2 if menu else 0)
    assert "".join(record["grid"].split()) == SOLVED


@pytest.mark.parametrize("page", [1.0], indirect=True)
def test_sudoku_page_typed_under_the_pointer(page: Any, base: str) -> None:
    """input=hover: clicks select nothing, a key goes to the cell under the pointer."""
    url = puzzle_url(base, "sudoku", PUZZLE) + "&input=hover&menu=1"
    record = page("sudoku", url)
    assert record["won"] and record["page_solved"]
    assert record["input"] in ("keys", "hover")  # the click leaves the pointer on the cell


def test_no_grid_and_no_button_is_no_board_found(chromium: None, base: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """A page with neither a grid nor a button to reach one: exit 3, one line."""
    url = f"{base}?game=ohhi&size=5"  # the page refuses the size: a line of text, nothing else
    assert main(["play", "--game", "ohhi", "--url", url]) == 3
    err = capsys.readouterr().err
    assert "no puzzle grid" in err and "Traceback" not in err


# --- the walk through a menu, on drawn screens (the logic only) -------------------------------

class DrawnMenu:
    """Screens of buttons drawn with OpenCV: a click on a button shows the next screen (never a
    grid) when `leads_on`, else nothing changes; counts the clicks."""

    def __init__(self, leads_on: bool) -> None:
        self.leads_on = leads_on
        self.screen = 0
        self.clicks = 0

    def grab(self) -> np.ndarray:
        frame = np.full((400, 600, 3), 255, np.uint8)
        fill = ((47, 155, 214), (217, 71, 63))[self.screen % 2]  # each screen looks new
        drawn_button(frame, (190 + 10 * (self.screen % 3), 120, 410, 184), fill, "Play")
        return frame

    def click(self, x: float, y: float) -> None:
        self.clicks += 1
        if self.leads_on:
            self.screen += 1

    def type_word(self, word: str) -> None:
        raise AssertionError("no keys on a menu")


def test_a_menu_that_never_reaches_a_grid_gives_up_after_a_few_screens() -> None:
    menu = DrawnMenu(leads_on=True)
    with pytest.raises(NoBoardFound, match=f"after {MENU_SCREENS} screens"):
        reach_grid(menu, menu, timeout=1.0, log=lambda _: None)
    assert menu.clicks == MENU_SCREENS

    dead = DrawnMenu(leads_on=False)
    with pytest.raises(NoBoardFound, match="changed the page"):
        reach_grid(dead, dead, timeout=1.0, log=lambda _: None)
    assert dead.clicks == 1  # one button on the screen, tried once
