"""Real third-party Wordle clones (../shared/clones) won by `autobot play --url` in Chromium."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import play_clone, require_chromium, serve_clone

from autobot.cli import main

pytestmark = pytest.mark.browser


def test_solid_wordle_pinned_answer_is_won(tmp_path: Path) -> None:
    # Math.random = () => 0 makes the clone pick the first of its answers: CIGAR.
    record = play_clone("solid-wordle", tmp_path, init="Math.random = () => 0;")
    assert record["exit"] == 0 and record["won"]
    assert record["guesses"][-1] == "cigar"


def test_solid_wordle_dark_is_won(tmp_path: Path) -> None:
    # The clone keeps its theme in localStorage "color-mode" (else prefers-color-scheme).
    record = play_clone("solid-wordle", tmp_path,
                        init="Math.random = () => 0; localStorage.setItem('color-mode', 'dark');")
    assert record["exit"] == 0 and record["won"]
    assert record["guesses"][-1] == "cigar"


def test_wordle_global_english_is_won(tmp_path: Path) -> None:
    record = play_clone("wordle-global", tmp_path)  # rendered with the fixed answer PORCH
    assert record["exit"] == 0 and record["won"]
    assert record["guesses"][-1] == "porch"


def test_init_script_that_cannot_be_read_is_bad_input(tmp_path: Path, capsys) -> None:
    code = main(["play", "--url", "http://127.0.0.1:9/", "--init-script",
                 str(tmp_path / "missing.js")])
    assert code == 2
    assert "--init-script" in capsys.readouterr().err


WORD_MASTER_TRAIN = "localStorage.setItem('stateAnswer', JSON.stringify('TRAIN'));"


@pytest.mark.parametrize(("scale", "where"), [(1.0, "close"), (2.0, "close"), (1.0, "outside")])
def test_word_masters_how_to_play_is_closed_by_a_click_found_by_pixels(
    scale: float, where: str
) -> None:
    require_chromium()
    import time

    from autobot.drivers.browser import BrowserConfig, add_init_script, open_browser
    from autobot.drivers.driver import SeleniumDriver
    from autobot.vision.overlay import find_overlay

    with serve_clone("word-master") as base, open_browser(
        BrowserConfig(window_size=(1000, 800), scale=scale)
    ) as web:
        add_init_script(web, WORD_MASTER_TRAIN)
        web.get(base)
        driver = SeleniumDriver(web)
        found = None
        for _ in range(50):  # the page's scripts draw the dialog shortly after load
            found = find_overlay(driver.screen.grab())
            if found is not None:
                break
            time.sleep(0.1)
        assert found is not None and getattr(found, where) is not None
        driver.click(*getattr(found, where))
        for _ in range(50):
            if find_overlay(driver.screen.grab()) is None:
                break
            time.sleep(0.1)
        assert find_overlay(driver.screen.grab()) is None


@pytest.mark.parametrize("dark", [False, True])
def test_word_master_is_won_through_its_how_to_play_dialog(tmp_path: Path, dark: bool) -> None:
    require_chromium()
    # 'first-time' is left unset: the dialog covers the board and the bot must close it.
    init = WORD_MASTER_TRAIN + ("localStorage.setItem('dark-mode', 'true');" if dark else "")
    record = play_clone("word-master", tmp_path, init=init)
    assert record["exit"] == 0 and record["won"], record
    assert record["guesses"][-1] == "train"
