"""Drivers and screens: real keys into real Chromium, real screenshots; the confirm prompt."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from conftest import require_chromium

from autobot.drivers.driver import Driver, SeleniumDriver
from autobot.drivers.screen import FileScreen, Screen, SeleniumScreen, decode_image, load_frame
from autobot.errors import AutobotError, UserQuit
from autobot.players import Confirm, Player
from autobot.rules import Turn, score
from autobot.solver import GameState

# A page that records every key it receives (the test reads that back: the bot never does).
KEY_PAGE = (
    "data:text/html,<html><body style='margin:0;background:%23ff0000'>"
    "<script>window.keys=[];document.addEventListener('keydown',e=>window.keys.push(e.key));"
    "</script></body></html>"
)


@pytest.fixture(scope="module")
def browser(chromium: None):
    from autobot.drivers.browser import BrowserConfig, open_browser

    with open_browser(BrowserConfig(window_size=(800, 600))) as web:
        yield web


@pytest.mark.browser
def test_selenium_driver_sends_exactly_the_keys(browser: Any) -> None:
    browser.get(KEY_PAGE)
    driver = SeleniumDriver(browser, key_delay_ms=5)
    assert isinstance(driver, Driver)
    driver.type_word("CRANE")
    driver.press_enter()
    driver.erase(2)
    driver.erase(0)
    driver.press_escape()
    keys = browser.execute_script("return window.keys")
    assert keys == ["c", "r", "a", "n", "e", "Enter", "Backspace", "Backspace", "Escape"]


@pytest.mark.browser
def test_selenium_screen_gives_rgb_viewport_frames(browser: Any) -> None:
    browser.get(KEY_PAGE)
    screen = SeleniumScreen(browser)
    assert isinstance(screen, Screen)
    frame = screen.grab()
    width, height = browser.execute_script("return [innerWidth, innerHeight]")
    assert frame.shape == (height, width, 3) and frame.dtype == np.uint8
    # The page is pure red: RGB order, not OpenCV's BGR.
    assert tuple(int(v) for v in frame[height // 2, width // 2]) == (255, 0, 0)


@pytest.mark.browser
def test_selenium_screen_at_scale_2_has_device_pixels() -> None:
    require_chromium()
    from autobot.drivers.browser import BrowserConfig, open_browser

    with open_browser(BrowserConfig(window_size=(800, 600), scale=2.0)) as web:
        web.get(KEY_PAGE)
        width, height = web.execute_script("return [innerWidth, innerHeight]")
        frame = SeleniumScreen(web).grab()
    assert frame.shape == (2 * height, 2 * width, 3)


def test_negative_key_delay_is_bad_input() -> None:
    with pytest.raises(AutobotError) as err:
        SeleniumDriver(object(), key_delay_ms=-1)  # type: ignore[arg-type]
    assert err.value.exit_code == 2


def test_file_screen_replays_frames_in_order_then_holds_the_last(tmp_path: Path) -> None:
    rng = np.random.default_rng(1)
    frames = [rng.integers(0, 256, (20, 30, 3), dtype=np.uint8) for _ in range(2)]
    paths = []
    for i, frame in enumerate(frames):
        path = tmp_path / f"{i}.png"
        cv2.imwrite(str(path), cv2.cvtColor(frame, cv2.COLOR_RGB2BGR))
        paths.append(path)
    screen = FileScreen(paths)
    assert np.array_equal(screen.grab(), frames[0])  # RGB in, RGB out
    assert np.array_equal(screen.grab(), frames[1])
    assert np.array_equal(screen.grab(), frames[1])
    assert screen.shown == 3
    assert np.array_equal(FileScreen([frames[0]]).grab(), frames[0])


def test_unreadable_images_are_bad_input(tmp_path: Path) -> None:
    bad = tmp_path / "bad.png"
    bad.write_bytes(b"not a png")
    for call in (lambda: load_frame(bad), lambda: load_frame(tmp_path / "missing.png"),
                 lambda: decode_image(b"", "x"), lambda: FileScreen([])):
        with pytest.raises(AutobotError) as err:
            call()
        assert err.value.exit_code == 2


# --- the confirm prompt --------------------------------------------------------------------


class Proposer(Player):
    """A solver that proposes its list in order, skipping banned words."""

    def __init__(self, words: list[str], allowed: set[str]) -> None:
        self.words = words
        self.allowed = allowed
        self.asked: list[GameState] = []

    def next_guess(self, state: GameState) -> str:
        self.asked.append(state)
        return next(w for w in self.words if w not in state.banned)

    def is_allowed(self, word: str) -> bool:
        return word in self.allowed

    def candidates(self, history: Any) -> list[str]:
        return self.words


def confirm(lines: str, *, hard: bool = False) -> tuple[Confirm, Proposer, io.StringIO]:
    proposer = Proposer(["salet", "crane", "robot"], {"salet", "crane", "robot", "slate", "other"})
    out = io.StringIO()
    wrapper = Confirm(proposer, hard=hard, input_stream=io.StringIO(lines), output=out)
    return wrapper, proposer, out


def test_confirm_accept() -> None:
    wrapper, _, out = confirm("\n")
    assert wrapper.next_guess(GameState()) == "salet"
    assert "SALET" in out.getvalue()


def test_confirm_skip_bans_the_proposal_and_asks_again() -> None:
    wrapper, proposer, out = confirm("s\na\n")
    assert wrapper.next_guess(GameState()) == "crane"
    assert "salet" in proposer.asked[-1].banned
    assert "CRANE" in out.getvalue()


def test_confirm_edit_checks_the_word_list_and_hard_mode() -> None:
    history = (Turn("crane", score("crane", "robot")),)  # R is yellow: hard mode needs an R
    wrapper, _, out = confirm("e xyzq\nqwert\ne slate\nother\n", hard=True)
    assert wrapper.next_guess(GameState(history=history, hard=True)) == "other"
    said = out.getvalue()
    assert "XYZQ is not a 5-letter word" in said
    assert "QWERT is not in the word list" in said
    assert "hard mode: Guess must contain R" in said


def test_confirm_edit_on_its_own_line_and_banned_words() -> None:
    wrapper, _, out = confirm("e\nslate\n")
    assert wrapper.next_guess(GameState()) == "slate"
    wrapper, _, out = confirm("crane\nslate\n")
    assert wrapper.next_guess(GameState(banned=frozenset({"crane"}))) == "slate"
    assert "CRANE was already rejected" in out.getvalue()


def test_confirm_quit_and_end_of_input() -> None:
    for lines in ("q\n", "", "huh what\nquit\n"):
        wrapper, _, _ = confirm(lines)
        with pytest.raises(UserQuit) as err:
            wrapper.next_guess(GameState())
        assert err.value.exit_code == 1
