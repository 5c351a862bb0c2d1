"""Frames from the display: a headed Chromium's viewport is found on its X display by its pixels
and grabbed from there (a few ms) instead of asked for as a DevTools screenshot (55-110 ms).
The finding arithmetic on plain arrays; the rest on a real Xvfb with a real headed Chromium."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import require_chromium

from autobot.drivers.screen import decode_image, load_frame
from autobot.drivers.window import detail_band, find_viewport

FIXTURE = next(iter(sorted((Path(__file__).parent.parent / "fixtures" / "screenshots")
                           .glob("*.png"))))


def _desktop(viewport: np.ndarray, at: tuple[int, int]) -> np.ndarray:
    """A desktop of noise with a toolbar, the viewport drawn at `at`."""
    rng = np.random.default_rng(7)
    height, width = viewport.shape[:2]
    desktop = rng.integers(0, 256, (height + 200, width + 150, 3), dtype=np.uint8)
    desktop[at[1] - 40:at[1]] = 230  # the browser's own toolbar above the page
    desktop[at[1]:at[1] + height, at[0]:at[0] + width] = viewport
    return desktop


def test_a_viewport_is_found_where_it_is_drawn_on_the_desktop() -> None:
    viewport = load_frame(FIXTURE)
    for at in ((0, 87), (13, 120), (150, 200)):
        assert find_viewport(_desktop(viewport, at), viewport) == at


def test_a_viewport_that_is_covered_or_elsewhere_is_not_found() -> None:
    viewport = load_frame(FIXTURE)
    desktop = _desktop(viewport, (20, 90))
    desktop[300:500, 200:700] = (40, 40, 40)  # another window over part of the page
    assert find_viewport(desktop, viewport) is None
    assert find_viewport(viewport[:200], viewport) is None  # a display smaller than the page


def test_the_band_looked_for_is_the_one_with_detail() -> None:
    frame = np.full((300, 200), 255, dtype=np.uint8)
    frame[180:220, ::2] = 0  # stripes: the only detail
    top = detail_band(frame, 48)
    assert top <= 180 and top + 48 >= 220


def _require_display_tools() -> None:
    require_chromium()
    missing = [tool for tool in ("Xvfb", "xauth") if shutil.which(tool) is None]
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"missing in CI: {', '.join(missing)}")
        pytest.skip(f"missing: {', '.join(missing)}")


@pytest.fixture
def no_display(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine with no desktop (a server, CI): the headed browser gets a private Xvfb."""
    _require_display_tools()
    for name in ("DISPLAY", "XAUTHORITY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(params=[1.0, 2.0], ids=["1x", "2x"])
def headed(request: pytest.FixtureRequest, no_display: None, base: str) -> Iterator[Any]:
    """A headed Chromium on a private Xvfb showing a game with two rows played (no animation)."""
    from autobot.drivers.browser import BrowserConfig, load_page, open_browser
    from autobot.drivers.driver import SeleniumDriver
    from autobot.drivers.window import display_for
    from autobot.page.server import page_url

    config = BrowserConfig(headless=False, window_size=(1000, 800), scale=request.param)
    with display_for(config), open_browser(config) as web:
        assert os.environ.get("DISPLAY")  # the private display, for this browser
        load_page(web, page_url(base, answer="crane", anim=False))
        keys = SeleniumDriver(web)
        for word in ("salet", "brine"):
            keys.type_word(word)
            keys.press_enter()
        time.sleep(0.5)
        yield web
    assert not os.environ.get("DISPLAY")  # and gone again


@pytest.mark.desktop
def test_frames_from_the_display_are_the_viewport_pixel_for_pixel(headed: Any) -> None:
    from autobot.drivers.window import WindowScreen
    from autobot.loop.rows import board_box
    from autobot.vision import read_board

    screen = WindowScreen(headed)
    assert screen.source == "display"
    frame = screen.grab_full()
    shot = decode_image(headed.get_screenshot_as_png())
    assert frame.shape == shot.shape
    assert np.all(frame == shot, axis=2).mean() >= 0.999
    whole = read_board(frame)
    assert whole.found and [r[0] for r in whole.rows[:3]] == ["SALET", "BRINE", ""]

    # Focused on the board, only its region is grabbed, in place: the same board is read.
    screen.focus(board_box(whole))
    clipped = screen.grab()
    assert screen.last_kind == "clip" and clipped.shape == frame.shape
    again = read_board(clipped)
    assert again.found and again.rows == whole.rows


@pytest.mark.desktop
def test_a_browser_that_is_not_on_the_display_is_looked_at_through_webdriver(
    no_display: None, base: str
) -> None:
    """A headless browser draws nowhere on the display: its frames come from WebDriver."""
    from autobot.drivers.browser import BrowserConfig, load_page, open_browser
    from autobot.drivers.desktop import virtual_display
    from autobot.drivers.window import WindowScreen
    from autobot.page.server import page_url
    from autobot.vision import read_board

    with virtual_display((1400, 1100)) as env:
        os.environ.update(env)
        try:
            with open_browser(BrowserConfig(window_size=(1000, 800))) as web:
                load_page(web, page_url(base, answer="crane", anim=False))
                screen = WindowScreen(web)
                assert screen.source == "webdriver"
                assert read_board(screen.grab()).found
        finally:
            for name in env:
                os.environ.pop(name, None)


@pytest.mark.desktop
@pytest.mark.slow
def test_play_headed_without_a_display_reads_the_display_and_wins(
    no_display: None, tmp_path: Path
) -> None:
    out = tmp_path / "game.json"
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "XAUTHORITY")}
    proc = subprocess.run(
        [sys.executable, "-m", "autobot", "play", "--headed", "--answer", "tizzy", "--anim",
         "--json", str(out)],
        capture_output=True, text=True, timeout=300, env=env,
    )
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    record = json.loads(out.read_text())
    assert record["won"] and record["guesses"][-1] == "tizzy"
    assert record["capture"] == "display"
    assert record["captures"].get("clip", 0) > record["captures"].get("full", 0)
