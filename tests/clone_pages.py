"""Set up the shared third-party clones in a real Chromium and type guesses (tests only).

DOM/JS is used here only to fix each clone's answer and settings (the documented controls in
../shared/clones/README.md), never to read the board: the reader gets pixels.
"""

from __future__ import annotations

import io
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np
from conftest import DATE_SHIM, serve_clone
from PIL import Image


@dataclass(frozen=True)
class CloneSetup:
    """How to open one clone with a fixed answer: scripts before load, storage, settle time."""

    name: str
    answer: str
    init: str = ""  # JS run before the page's own scripts (CDP addScriptToEvaluateOnNewDocument)
    storage: tuple[tuple[str, str], ...] = ()  # localStorage items set, then the page reloaded
    after_load: str = ""  # JS run once the page is up (e.g. start a historic game)
    settle: float = 0.6  # s to wait after Enter for flips to finish
    path: str = ""


def screenshot(driver) -> np.ndarray:
    """The viewport as an RGB uint8 frame."""
    png = driver.get_screenshot_as_png()
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=np.uint8).copy()


@contextmanager
def open_clone(setup: CloneSetup, size: tuple[int, int] = (1280, 1024)) -> Iterator[object]:
    """A Chromium showing the clone with its answer fixed; yields the WebDriver."""
    from autobot.drivers.browser import BrowserConfig, open_browser

    with serve_clone(setup.name) as base, open_browser(BrowserConfig(window_size=size)) as driver:
        if setup.init:
            driver.execute_cdp_cmd(
                "Page.addScriptToEvaluateOnNewDocument", {"source": setup.init}
            )
        driver.get(base + setup.path)
        if setup.storage:
            for key, value in setup.storage:
                driver.execute_script("localStorage.setItem(arguments[0], arguments[1])",
                                      key, value)
            driver.get(base + setup.path)
        time.sleep(0.8)  # fonts and first render
        if setup.after_load:
            driver.execute_script(setup.after_load)
            time.sleep(0.6)
        yield driver


def type_letters(driver, text: str) -> None:
    """Type letters with real key events (no Enter)."""
    from selenium.webdriver.common.action_chains import ActionChains

    chain = ActionChains(driver)
    for ch in text.lower():
        chain.send_keys(ch).pause(0.06)
    chain.perform()


def type_guess(driver, word: str, settle: float) -> None:
    """Type a guess with real key events and press Enter; wait for the reveal."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    type_letters(driver, word)
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    time.sleep(settle)


def lenient_score(guess: str, answer: str) -> str:
    """solid-wordle's rule: yellow whenever the letter is among the answer's non-green letters
    (copies not counted)."""
    guess, answer = guess.upper(), answer.upper()
    left = {a for g, a in zip(guess, answer, strict=True) if g != a}
    return "".join(
        "G" if g == a else ("Y" if g in left else "X") for g, a in zip(guess, answer, strict=True)
    )


LETRECO_DAY = "2024-05-01"  # => FOBIA
DUO_START = (
    "var p={view:'game',gameMode:'historic',challenge:'normal',id:5};"
    "history.pushState({path:p},'','/game/historic/normal/5');"
    "dispatchEvent(new PopStateEvent('popstate',{state:{path:p}}));"
)

SETUPS: dict[str, CloneSetup] = {
    "letreco": CloneSetup("letreco", "FOBIA", init=DATE_SHIM.format(day=LETRECO_DAY)),
    "letreco-colourblind": CloneSetup(
        "letreco", "FOBIA", init=DATE_SHIM.format(day=LETRECO_DAY),
        storage=(("globalSettings", '{"isColorblindModeActive":true}'),),
    ),
    "solid-wordle-light": CloneSetup(
        "solid-wordle", "CIGAR", init="Math.random = () => 0;",
        storage=(("color-mode", "light"),), settle=1.6,
    ),
    "solid-wordle-dark": CloneSetup(
        "solid-wordle", "CIGAR", init="Math.random = () => 0;",
        storage=(("color-mode", "dark"),), settle=1.6,
    ),
    "wordle-global": CloneSetup("wordle-global", "PORCH"),
    "word-master": CloneSetup(
        "word-master", "TRAIN",
        storage=(("stateAnswer", '"TRAIN"'), ("first-time", "false"),
                 ("difficulty", '"easy"')),
    ),
    "duotrigordle": CloneSetup("duotrigordle", "ASKEW", after_load=DUO_START),
}


def play_and_capture(
    setup: CloneSetup, guesses: list[str], check: Callable[[object], None] | None = None
) -> list[np.ndarray]:
    """Open the clone, type each guess, and return a screenshot after every guess."""
    frames = []
    with open_clone(setup) as driver:
        if check is not None:
            check(driver)
        for word in guesses:
            type_guess(driver, word, setup.settle)
            frames.append(screenshot(driver))
    return frames
