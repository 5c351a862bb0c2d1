"""The Selenium driver's ladder of ways to send keys, checked in real Chromium.

A page records every key event it gets (key, code, keyCode, type, time) and every click
(CSS px); the test reads that back through JS, the bot never does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from conftest import require_chromium

from autobot.drivers.driver import RUNGS, SLOW_KEY_DELAY_MS, SeleniumDriver, cdp_key_fields
from autobot.errors import AutobotError

pytestmark = pytest.mark.browser

RECORDER = (
    "data:text/html,<html><body style='margin:0;background:%23fff'>"
    "<div style='height:3000px'></div><script>window.log=[];"
    "for(const t of ['keydown','keypress','keyup'])document.addEventListener(t,e=>"
    "window.log.push([t,e.key,e.code,e.keyCode,performance.now()]));"
    "document.addEventListener('click',e=>window.log.push(['click',e.clientX,e.clientY]));"
    "</script></body></html>"
)


def events(web: Any) -> list[list[Any]]:
    return web.execute_script("const l = window.log; window.log = []; return l")


@pytest.fixture(scope="module")
def web(chromium: None):
    from autobot.drivers.browser import BrowserConfig, open_browser

    with open_browser(BrowserConfig(window_size=(800, 600))) as browser:
        browser.get(RECORDER)
        yield browser


def downs(log: list[list[Any]], kind: str = "keydown") -> list[tuple[str, str, int]]:
    return [(e[1], e[2], e[3]) for e in log if e[0] == kind]


def test_the_first_rung_presses_the_main_enter_and_the_second_the_keypad_one(web: Any) -> None:
    driver = SeleniumDriver(web, key_delay_ms=0)
    assert driver.rung == RUNGS[0] == "keys"
    driver.type_word("Ab")
    driver.press_enter()
    log = events(web)
    assert downs(log) == [("a", "KeyA", 65), ("b", "KeyB", 66), ("Enter", "Enter", 13)]
    assert downs(log, "keyup") == downs(log)  # keyup listeners hear every key too
    assert driver.escalate(enter=True) == "other-enter"
    driver.press_enter()
    driver.erase(1)
    assert downs(events(web)) == [("Enter", "NumpadEnter", 13), ("Backspace", "Backspace", 8)]


def test_letters_that_fail_skip_the_enter_only_rung_and_slow_keys_are_spaced(web: Any) -> None:
    driver = SeleniumDriver(web, key_delay_ms=10)
    assert driver.escalate(enter=False) == "slow"
    driver.type_word("abc")
    log = events(web)
    assert [k for k, _, _ in downs(log)] == ["a", "b", "c"]
    times = [e[4] for e in log if e[0] == "keydown"]
    fast = SeleniumDriver(web, key_delay_ms=10)
    fast.type_word("abc")
    fast_times = [e[4] for e in events(web) if e[0] == "keydown"]
    # Slow keys are spaced several times wider than the configured delay.
    fast_gap = max(b - a for a, b in zip(fast_times, fast_times[1:], strict=False))
    slow_gap = min(b - a for a, b in zip(times, times[1:], strict=False))
    assert slow_gap > 3 * fast_gap
    # The first letter after the Backspaces that cleared a row is spaced too (a page that is
    # still "busy" with the last Backspace drops it).
    driver.erase(1)
    driver.type_word("d")
    after = [e[4] for e in events(web) if e[0] == "keydown"]
    # (Against the configured delay, not the gaps measured above: those grow with the
    # machine's load, the wait before this key does not.)
    assert len(after) == 2 and after[1] - after[0] > 0.9 * SLOW_KEY_DELAY_MS


def test_cdp_keys_carry_key_code_and_keycode_with_a_keypress(web: Any) -> None:
    driver = SeleniumDriver(web, key_delay_ms=0)
    driver.rung = "cdp"
    driver.type_word("z")
    driver.press_enter()
    driver.erase(1)
    log = events(web)
    assert downs(log) == [("z", "KeyZ", 90), ("Enter", "Enter", 13), ("Backspace", "Backspace", 8)]
    assert downs(log, "keypress") == [("z", "KeyZ", 122), ("Enter", "Enter", 13)]
    assert downs(log, "keyup") == downs(log)
    assert cdp_key_fields("É") == ("É", "", 0, "É")


def test_the_ladder_ends_and_escape_is_always_a_real_key(web: Any) -> None:
    driver = SeleniumDriver(web, key_delay_ms=0)
    climbed = []
    while (rung := driver.escalate(enter=True)) is not None:
        climbed.append(rung)
    assert tuple(climbed) == RUNGS[1:]
    driver.press_escape()  # on the click rung: a key all the same, and the rung is kept
    assert downs(events(web)) == [("Escape", "Escape", 27)]
    assert driver.rung == "click"


@dataclass(frozen=True)
class Key:
    label: str
    box: tuple[int, int, int, int]

    @property
    def center(self) -> tuple[int, int]:
        return ((self.box[0] + self.box[2]) // 2, (self.box[1] + self.box[3]) // 2)


class Keyboard:
    """The `autobot.vision.keyboard.read_keyboard` contract, with keys placed by the test."""

    found = True

    def __init__(self, keys: dict[str, tuple[int, int, int, int]]) -> None:
        self.keys = tuple(Key(label, box) for label, box in keys.items())

    def key(self, label: str) -> Key | None:
        return next((k for k in self.keys if k.label == label), None)


@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_clicks_land_on_frame_pixels_at_any_device_scale(scale: float) -> None:
    require_chromium()
    from autobot.drivers.browser import BrowserConfig, open_browser

    # Keys placed in FRAME pixels; the page must see the clicks at CSS px = frame px / scale.
    board = Keyboard({"A": (100, 200, 140, 260), "ENTER": (300, 400, 380, 460),
                      "BACK": (500, 400, 560, 460)})
    with open_browser(BrowserConfig(window_size=(800, 600), scale=scale)) as browser:
        browser.get(RECORDER)
        driver = SeleniumDriver(browser, key_delay_ms=0, keyboard_reader=lambda frame: board)
        driver.rung = "click"
        driver.type_word("a")
        driver.press_enter()
        driver.erase(1)
        clicks = [(e[1], e[2]) for e in events(browser) if e[0] == "click"]
        assert driver.css_ratio() == scale
        with pytest.raises(AutobotError) as err:
            SeleniumDriver(browser, keyboard_reader=lambda frame: Keyboard({}))._click_keys(["q"])
    assert clicks == [(x / scale, y / scale) for x, y in [(120, 230), (340, 430), (530, 430)]]
    assert "no Q key" in str(err.value)
