"""Glyphs of every language's letters: Ä is not A, ẞ (or ß drawn as "SS") is not S, Ñ is not N."""

from __future__ import annotations

import io
import time

import numpy as np
import pytest
from conftest import require_chromium, serve_clone

from autobot.rules import score, upper_word
from autobot.vision import glyphs, read_board
from autobot.vision.harvest import glyphs_from_sheet, tiles_in_reading_order
from autobot.words.languages import SPECS


def test_template_names_round_trip_for_non_ascii_letters() -> None:
    for letter in "ÄÖÜẞÑA":
        name = glyphs.name_for_letter(letter)
        assert name.isascii() and glyphs.letter_from_name(f"{name}__x_0") == letter
    assert glyphs.name_for_letter("ẞ") == "U1E9E"


def test_templates_cover_every_language_alphabet() -> None:
    letters = set(glyphs.load_templates().letters)
    for spec in SPECS:
        assert set(spec.alphabet) <= letters, f"{spec.code}: {set(spec.alphabet) - letters}"


def _frame(driver) -> np.ndarray:  # noqa: ANN001 - a Selenium WebDriver
    from PIL import Image

    return np.asarray(Image.open(io.BytesIO(driver.get_screenshot_as_png())).convert("RGB"))


@pytest.mark.browser
def test_accented_letters_read_apart_from_their_bases_at_an_unharvested_size(base) -> None:
    require_chromium()
    from autobot.drivers.browser import BrowserConfig, open_browser
    from autobot.page.server import page_url

    # Scale 1.5 was never harvested (1 and 2 were); the ẞ tile becomes a CSS-upper-cased ß,
    # which the browser draws as "SS" in one tile, as pages do.
    sheet = "AÄOÖUÜSẞNÑ"
    url = page_url(base, anim=False, sheet=sheet, sheet_states=["correct"])
    with open_browser(BrowserConfig(headless=True, window_size=(900, 700), scale=1.5)) as driver:
        driver.get(url)
        driver.execute_script(
            "const t = document.querySelectorAll('#sheet .tile'); t[t.length - 3].textContent"
            " = 'ß';"
        )
        deadline = time.monotonic() + 10
        frame = _frame(driver)
        while len(tiles_in_reading_order(frame)) != len(sheet) and time.monotonic() < deadline:
            time.sleep(0.1)
            frame = _frame(driver)
    found = glyphs_from_sheet(frame, sheet)
    read = glyphs.load_templates().match([g for _, g in found])
    assert "".join(letter for letter, _ in read) == sheet


@pytest.mark.browser
def test_german_clone_rows_read_with_umlauts_and_sharp_s() -> None:
    require_chromium()
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    from autobot.drivers.browser import BrowserConfig, open_browser

    words = ["größe", "äffin", "fünft"]  # all in wordle-global's German list; answer GNADE
    with serve_clone("wordle-global") as url, open_browser(
        BrowserConfig(headless=True, window_size=(1280, 1024))
    ) as driver:
        driver.get(url + "de/")
        time.sleep(0.5)
        for word in words:  # the page takes ä ö ü ß as keys (its keyboard has them too)
            for ch in word:
                ActionChains(driver).send_keys(ch).perform()
                time.sleep(0.05)
            ActionChains(driver).send_keys(Keys.ENTER).perform()
            time.sleep(0.6)
        deadline = time.monotonic() + 10
        while True:
            board = read_board(_frame(driver))
            rows = [r for r in board.rows if r[0]]
            if (len(rows) == len(words) and board.settled) or time.monotonic() > deadline:
                break
            time.sleep(0.2)
    expected = [(upper_word(w), score(w, "gnade")) for w in words]
    assert rows == expected
