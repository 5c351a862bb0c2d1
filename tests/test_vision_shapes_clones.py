"""Board geometry on real third-party clones in real Chromium (../shared/clones): round tiles
(word-master), 48x40 tiles (letreco), NYT-like squares (solid-wordle, wordle-global), and
word-master's first-visit "How to play" dialog (no board).

Pixels only for the read; the page's DOM is used only to set a game up and to check the grid:
the element under each tile centre the reader reports must be a tile of that size and place.
"""

from __future__ import annotations

import io
import time
from collections.abc import Iterator

import numpy as np
import pytest

from autobot.drivers.browser import BrowserConfig, open_browser
from autobot.rules import score
from autobot.vision import BoardRead, read_board
from tests.conftest import DATE_SHIM, serve_clone

pytestmark = pytest.mark.browser

# The element under a point, climbed up to the first one at least `min` px wide and high.
JS_TILE_AT = """
let e = document.elementFromPoint(arguments[0], arguments[1]);
while (e && e.getBoundingClientRect().width < arguments[2]) { e = e.parentElement; }
if (!e) return null;
const b = e.getBoundingClientRect();
return [b.left, b.top, b.right, b.bottom];
"""


@pytest.fixture(scope="module")
def driver(chromium: None) -> Iterator[object]:
    with open_browser(BrowserConfig(window_size=(1280, 1024))) as d:
        yield d


def _frame(driver) -> np.ndarray:
    from PIL import Image

    png = driver.get_screenshot_as_png()
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).copy()


def _type(driver, word: str, enter: bool = True) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    for ch in word:
        ActionChains(driver).send_keys(ch).perform()
        time.sleep(0.08)
    if enter:
        ActionChains(driver).send_keys(Keys.ENTER).perform()


def _settled(driver, timeout: float = 8.0) -> BoardRead:
    """Screenshots until two reads in a row agree on a settled board (as the bot waits)."""
    deadline = time.monotonic() + timeout
    last = None
    while True:
        read = read_board(_frame(driver))
        if read.found and read.settled and last is not None and last.rows == read.rows:
            return read
        last = read
        if time.monotonic() > deadline:
            return read
        time.sleep(0.25)


def _check_tiles(driver, read: BoardRead) -> None:
    """Every tile box the reader gives sits on a page element: centres to 4 px, sides to 10%
    (a neumorphic circle's soft shadow is traced as part of its outline)."""
    grid = read.grid
    assert grid is not None
    for r in range(grid.rows):
        for c in range(grid.cols):
            x0, y0, x1, y1 = grid.tile_box(r, c)
            box = driver.execute_script(JS_TILE_AT, (x0 + x1) / 2, (y0 + y1) / 2,
                                        0.7 * min(grid.tile, grid.height))
            assert box is not None, (r, c)
            bx0, by0, bx1, by1 = box
            assert abs((bx0 + bx1) - (x0 + x1)) / 2 <= 4, (r, c, box, (x0, y0, x1, y1))
            assert abs((by0 + by1) - (y0 + y1)) / 2 <= 4, (r, c, box, (x0, y0, x1, y1))
            assert abs((bx1 - bx0) - (x1 - x0)) <= 0.1 * (bx1 - bx0) + 1, (r, c, box)
            assert abs((by1 - by0) - (y1 - y0)) <= 0.1 * (by1 - by0) + 1, (r, c, box)


def _rows(answer: str, guesses: list[str], typed: str, n: int = 6) -> list[tuple[str, str]]:
    rows = [(g.upper(), "".join(score(g, answer))) for g in guesses]
    rows.append((typed.upper(), "t" * len(typed) + "." * (5 - len(typed))))
    return rows + [("", ".....")] * (n - len(rows))


def test_word_master_first_visit_dialog_is_no_board(driver) -> None:
    with serve_clone("word-master") as base:
        driver.get(base)
        time.sleep(1.5)
        read = read_board(_frame(driver))
        assert not read.found, read.rows


def test_word_master_round_tiles(driver) -> None:
    with serve_clone("word-master") as base:
        driver.get(base)
        driver.execute_script(
            "localStorage.setItem('stateAnswer', JSON.stringify('TRAIN'));"
            "localStorage.setItem('first-time', 'false');"
            "localStorage.setItem('difficulty', JSON.stringify('easy'));"
        )
        driver.get(base)
        time.sleep(1.0)
        _type(driver, "crane")
        time.sleep(0.4)
        _type(driver, "poult")
        time.sleep(0.4)
        _type(driver, "ab", enter=False)
        read = _settled(driver)
    assert read.found and read.settled, read.reasons
    assert read.grid is not None and read.grid.round
    assert (read.grid.rows, read.grid.cols) == (6, 5)
    assert abs(read.grid.tile - 80) <= 8 and abs(read.grid.height - 80) <= 8
    assert list(read.rows) == _rows("train", ["crane", "poult"], "ab")
    _check_tiles(driver, read)


def test_letreco_48x40_tiles(driver) -> None:
    with serve_clone("letreco") as base:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                               {"source": DATE_SHIM.format(day="2024-05-01")})  # FOBIA
        driver.get(base)
        time.sleep(1.0)
        _type(driver, "tempo")
        time.sleep(0.6)
        _type(driver, "fa", enter=False)
        read = _settled(driver)
        assert read.found and read.grid is not None
        assert (read.grid.rows, read.grid.cols) == (6, 5)
        # Wider than high (48x40 CSS px; the outline may be traced a pixel outside).
        assert read.grid.tile - read.grid.height >= 5
        # Letters and geometry; which colour dark red means is the colour roles' part.
        assert [letters for letters, _ in read.rows] == ["TEMPO", "FA", "", "", "", ""]
        assert [marks for _, marks in read.rows][1:] == ["tt...", *["....."] * 4]
        _check_tiles(driver, read)


@pytest.mark.parametrize(("name", "init", "answer"), [
    ("solid-wordle", "Math.random = () => 0;", "cigar"),
    ("wordle-global", "", "porch"),
])
def test_square_tile_clones(driver, name: str, init: str, answer: str) -> None:
    with serve_clone(name) as base:
        if init:
            driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": init})
        driver.get(base)
        time.sleep(1.0)
        _type(driver, "crane")
        time.sleep(1.5)  # solid-wordle flips its tiles in one after another
        _type(driver, "fa", enter=False)
        read = _settled(driver)
        assert read.found and read.settled, read.reasons
        assert list(read.rows) == _rows(answer, ["crane"], "fa")
        assert read.grid is not None and not read.grid.round
        _check_tiles(driver, read)
