"""Clipped capture: once the board is found, only its region (and a margin) is captured through
DevTools and pasted where it belongs, so vision reads the same board, in the same place, as from
a whole screenshot. Real Chromium for the captures; plain arrays for the pasting arithmetic."""

from __future__ import annotations

import time
from typing import Any

import numpy as np
import pytest

from autobot.drivers.screen import SeleniumScreen, clip_region, paste_clip, well_inside

# A page taller than the window, in stripes of distinct colours: scrolled, a clip taken with
# the wrong offset shows other stripes.
STRIPES = "data:text/html,<html><body style='margin:0'>" + "".join(
    f"<div style='height:20px;background:rgb({i * 7 % 256},{i * 13 % 256},{i * 29 % 256})'>"
    "</div>" for i in range(200)) + "</body></html>"


def test_clip_region_grows_the_box_and_stays_inside_the_frame() -> None:
    assert clip_region((100, 100, 300, 340), (600, 800, 3)) == (40, 40, 360, 400)
    assert clip_region((0, 500, 100, 600), (600, 800, 3)) == (0, 475, 125, 600)
    assert clip_region((900, 700, 950, 760), (600, 800, 3)) is None  # off the frame


def test_paste_clip_puts_the_region_in_place_on_its_own_edge_colour() -> None:
    clip = np.full((4, 6, 3), 200, dtype=np.uint8)
    clip[1:3, 1:5] = (10, 20, 30)  # the "board" inside a plain margin
    frame = paste_clip(clip, (5, 2), (10, 20, 3))
    assert frame.shape == (10, 20, 3) and frame.dtype == np.uint8
    assert (frame[2:6, 5:11] == clip).all()
    assert (frame[0, 0] == 200).all() and (frame[9, 19] == 200).all()
    # A clip that rounding makes one pixel too big for the frame is cut, not an error.
    assert paste_clip(clip, (16, 7), (10, 20, 3)).shape == (10, 20, 3)


@pytest.fixture(scope="module")
def web_2x(chromium: None) -> Any:
    from autobot.drivers.browser import BrowserConfig, open_browser

    with open_browser(BrowserConfig(window_size=(1000, 800), scale=2.0)) as web:
        yield web


def _read_steady(screen: SeleniumScreen, **kw: Any) -> tuple[Any, Any]:
    """A frame and its read once two reads in a row agree (the page may still be drawing)."""
    from autobot.vision import read_board

    last = None
    for _ in range(40):
        frame = screen.grab()
        read = read_board(frame, **kw)
        if read.found and read.settled and last is not None and last.rows == read.rows:
            return frame, read
        last = read
        time.sleep(0.05)
    raise AssertionError(f"no steady board: {last}")


@pytest.mark.browser
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_clipped_capture_reads_the_same_board_as_the_whole_viewport(
    web_2x: Any, base: str, theme: str
) -> None:
    from autobot.page.server import page_url

    web_2x.get(page_url(base, answer="crane", guesses=["stare", "plonk"], typed="cr",
                        theme=theme, anim=False))
    screen = SeleniumScreen(web_2x)
    full, whole = _read_steady(screen)
    assert screen.last_kind == "full" and full.shape[1] == 2000  # device pixels at 2x
    screen.focus(whole.grid.bbox())
    clipped, read = _read_steady(screen, hint=whole.grid)
    assert screen.last_kind == "clip" and screen.captures["clip"] >= 2
    assert clipped.shape == full.shape
    assert read.rows == whole.rows == (("STARE", "XXGYG"), ("PLONK", "XXXGX"), ("CR", "tt..."),
                                       ("", "....."), ("", "....."), ("", "....."))
    assert read.theme == whole.theme
    # Same geometry: the board is where the whole screenshot has it, pixel for pixel.
    assert np.abs(np.subtract(read.grid.bbox(), whole.grid.bbox())).max() <= 2
    x0, y0, x1, y1 = whole.grid.bbox()
    assert (clipped[y0:y1, x0:x1] == full[y0:y1, x0:x1]).all()
    # The clip is a fraction of the viewport, not the viewport again.
    rx0, ry0, rx1, ry1 = screen._region  # type: ignore[misc]
    assert (rx1 - rx0) * (ry1 - ry0) < full.shape[0] * full.shape[1] / 2
    # Unfocused, the whole viewport again.
    screen.focus(None)
    assert (screen.grab() == full).mean() > 0.99 and screen.last_kind == "full"


@pytest.mark.browser
def test_a_clip_of_a_scrolled_page_shows_what_the_viewport_shows(web_2x: Any) -> None:
    web_2x.get(STRIPES)
    web_2x.execute_script("window.scrollTo(0, 130)")  # set the page up (the screen never asks)
    time.sleep(0.2)
    screen = SeleniumScreen(web_2x)
    full = screen.grab()
    box = (200, 300, 600, 500)
    screen.focus(box)
    clipped = screen.grab()
    assert screen.last_kind == "clip"
    x0, y0, x1, y1 = screen._region  # type: ignore[misc]
    assert (clipped[y0:y1, x0:x1] == full[y0:y1, x0:x1]).all()


class _NoDevTools:
    """A WebDriver whose DevTools endpoint is refused (a proxy or another browser)."""

    def __init__(self, web: Any) -> None:
        self._web = web

    def get_screenshot_as_png(self) -> bytes:
        return self._web.get_screenshot_as_png()

    def execute_cdp_cmd(self, command: str, params: dict) -> Any:
        raise RuntimeError("unknown command: goog/cdp/execute")


@pytest.mark.browser
def test_without_devtools_the_screen_keeps_taking_the_whole_viewport(web_2x: Any) -> None:
    web_2x.get(STRIPES)
    screen = SeleniumScreen(_NoDevTools(web_2x))  # type: ignore[arg-type]
    full = screen.grab()
    screen.focus((200, 300, 600, 500))
    again = screen.grab()
    assert again.shape == full.shape and screen.last_kind == "full"
    assert screen.captures == {"full": 2, "clip": 0}


def test_a_board_well_inside_the_clip_keeps_the_clip() -> None:
    region = clip_region((100, 100, 300, 340), (600, 800, 3))
    assert region is not None
    assert well_inside((102, 99, 301, 342), region)  # a read a pixel or two off: same clip
    assert not well_inside((60, 100, 260, 340), region)  # drifted towards the edge: re-clip


@pytest.mark.browser
def test_the_loop_takes_clips_once_the_board_is_found(web_2x: Any, base: str) -> None:
    from autobot.drivers.driver import SeleniumDriver
    from autobot.loop import play_game
    from autobot.page.server import page_url
    from autobot.solver import SolverConfig, make_solver

    web_2x.get(page_url(base, answer="crane", anim=False))
    driver = SeleniumDriver(web_2x, key_delay_ms=20)
    result = play_game(driver, make_solver(SolverConfig()))
    assert result.won and result.guesses[-1] == "crane"
    record = result.to_json()
    # The first frames look at the whole screen; once the board is taken, only clips.
    assert record["captures"]["full"] >= 1
    assert record["captures"]["clip"] > 2 * record["captures"]["full"]
    assert record["captures"] == driver.screen.captures  # type: ignore[attr-defined]
