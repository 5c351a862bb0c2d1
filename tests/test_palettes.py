"""Tile palettes the reader has never been told about, rendered in real Chromium.

The bundled page is set up with its query parameters (answer, guesses, typed) and then given
another palette with CSS custom properties: pastel tiles with dark letters, a dark page with
bright tiles and black letters, white empty tiles on a grey page, an accessible blue/orange
palette, a palette with no convention at all, and faint hint letters in empty rows. Expected
marks come from `autobot.rules.score`; the board is read from pixels only.
"""

from __future__ import annotations

import io
import time
from collections.abc import Iterator

import numpy as np
import pytest
from PIL import Image

from autobot.drivers.browser import BrowserConfig, open_browser
from autobot.page.server import page_url
from autobot.rules import score
from autobot.vision import BoardRead, read_board

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def driver(chromium: None) -> Iterator[object]:
    """One headless Chromium for the module."""
    with open_browser(BrowserConfig(window_size=(1280, 1024))) as d:
        yield d


def render(driver, base: str, answer: str, guesses: list[str], typed: str = "", *,
           theme: str = "light", props: dict[str, str] | None = None, css: str = "",
           hints: dict[int, str] | None = None, hint_colour: str = "#b8b8b8") -> np.ndarray:
    """The bundled page with a board, restyled; `hints` puts faint letters in empty rows
    (row index -> letters, ' ' for none). Returns the screenshot."""
    driver.get(page_url(base, answer=answer, guesses=guesses, typed=typed, theme=theme,
                        anim=False, stats=False))
    shown = "return document.querySelectorAll('.tile[data-state]:not([data-state=empty])').length"
    deadline = time.monotonic() + 5
    while driver.execute_script(shown) < 5 * len(guesses) + len(typed):
        assert time.monotonic() < deadline, "the page did not show the board"
        time.sleep(0.05)
    script = """
    const [props, css, hints, colour] = arguments;
    for (const [k, v] of Object.entries(props)) document.body.style.setProperty(k, v);
    const style = document.createElement('style'); style.textContent = css;
    document.head.appendChild(style);
    const rows = document.querySelectorAll('.row');
    for (const [r, letters] of Object.entries(hints)) {
      [...letters].forEach((ch, c) => {
        if (ch === ' ') return;
        const tile = rows[Number(r)].children[c];
        tile.textContent = ch; tile.style.color = colour;
      });
    }
    return document.querySelectorAll('.tile').length;
    """
    assert driver.execute_script(script, props or {}, css, {str(k): v for k, v in
                                                            (hints or {}).items()}, hint_colour)
    png = driver.get_screenshot_as_png()
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=np.uint8).copy()


def expected(answer: str, guesses: list[str], typed: str = "") -> list[tuple[str, str]]:
    """The board the page shows, from the game's own scoring."""
    rows = [(g.upper(), score(g, answer)) for g in guesses]
    if len(rows) < 6:
        rows.append((typed.upper(), "t" * len(typed) + "." * (5 - len(typed))))
    return rows + [("", ".....")] * (6 - len(rows))


def rows_of(read: BoardRead) -> list[tuple[str, str]]:
    """The read's rows as plain tuples (with the read in the failure message)."""
    assert read.found, read
    return [tuple(r) for r in read.rows]


PASTEL = {"--correct": "#b9e4b4", "--present": "#f7e8a6", "--absent": "#e0e0e0",
          "--tile-text": "#1a1a1b"}
# Okabe-Ito, a common colour-blind-safe set: blue correct, orange present, grey absent.
ACCESSIBLE = {"--correct": "#0072b2", "--present": "#e69f00", "--absent": "#999999"}
# No game uses pink and purple: neither hue says which one is correct. (Teal would: it is a
# green, and pages that use it mean correct.)
UNCONVENTIONAL = {"--correct": "#d81b60", "--present": "#8e24aa", "--absent": "#7f8c8d"}


def test_pastel_tiles_with_dark_letters(driver, base: str) -> None:
    answer, guesses = "speed", ["eerie", "spree", "steep"]  # repeated letters both sides
    frame = render(driver, base, answer, guesses, "sp", props=PASTEL)
    read = read_board(frame)
    assert rows_of(read) == expected(answer, guesses, "sp"), read
    assert read.settled, read.reasons


def test_very_light_palette(driver, base: str) -> None:
    """Tiles barely off white (absent #eeeeee is 6.5 Lab from the page) with dark letters."""
    answer, guesses = "robot", ["motto", "robin"]
    props = {"--correct": "#d4f0cf", "--present": "#fbf1c4", "--absent": "#eeeeee",
             "--tile-text": "#1a1a1b"}
    read = read_board(render(driver, base, answer, guesses, "ro", props=props))
    assert rows_of(read) == expected(answer, guesses, "ro"), read


def test_dark_page_bright_tiles_black_letters(driver, base: str) -> None:
    answer, guesses = "robot", ["motto", "robin", "rotor"]
    props = {"--correct": "#49d088", "--present": "#eabf3e", "--absent": "#5c5c70",
             "--page-bg": "#000000"}
    css = ".tile[data-state='correct'], .tile[data-state='present'] { color: #000; }"
    read = read_board(render(driver, base, answer, guesses, theme="dark", props=props, css=css))
    assert rows_of(read) == expected(answer, guesses), read


def test_empty_tiles_filled_white_on_a_grey_page(driver, base: str) -> None:
    """Empty and typed tiles that are not the page colour are still empty and typed."""
    answer, guesses = "crane", ["slate", "trace"]
    props = {"--page-bg": "#e4e6ec", "--absent": "#8a8f99"}
    css = ".tile[data-state='empty'], .tile[data-state='tbd'] { background-color: #ffffff; }"
    read = read_board(render(driver, base, answer, guesses, "cra", props=props, css=css))
    assert rows_of(read) == expected(answer, guesses, "cra"), read


def test_accessible_blue_orange_palette(driver, base: str) -> None:
    answer, guesses = "crane", ["trace", "heart", "crank"]
    read = read_board(render(driver, base, answer, guesses, props=ACCESSIBLE))
    assert rows_of(read) == expected(answer, guesses), read


def test_unconventional_palette_is_unsure_not_wrong(driver, base: str) -> None:
    """Pink and purple: with nothing to tell them apart the reader says '?', never a guess."""
    answer, guesses = "crane", ["slate"]
    read = read_board(render(driver, base, answer, guesses, props=UNCONVENTIONAL))
    want = expected(answer, guesses)
    got = rows_of(read)
    assert got[1:] == want[1:]
    marks, truth = got[0][1], want[0][1]
    assert all(m in (t, "?") for m, t in zip(marks, truth, strict=True)), (marks, truth)
    assert "?" in marks and not read.settled
    assert any("unsure" in why for why in read.reasons), read.reasons


def test_unconventional_palette_decided_by_the_game_rules(driver, base: str) -> None:
    """Two present letters in one column cannot both be correct: the rules pick the roles."""
    answer, guesses = "crane", ["trace", "heart", "acres"]  # R, E, C present at column 2
    read = read_board(render(driver, base, answer, guesses, props=UNCONVENTIONAL))
    assert rows_of(read) == expected(answer, guesses), read
    assert read.settled, read.reasons


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_faint_hint_letters_are_not_typed(driver, base: str, theme: str) -> None:
    answer, guesses = "crane", ["trace", "grace"]
    hint = "#b8b8b8" if theme == "light" else "#5a5a5e"
    frame = render(driver, base, answer, guesses, theme=theme,
                   hints={2: "  A E", 3: " RA  "}, hint_colour=hint)
    read = read_board(frame)
    assert rows_of(read) == expected(answer, guesses), read
    assert _inked(frame, read, [(2, 2), (2, 4), (3, 1), (3, 2)])  # the hints are really there


def _inked(frame: np.ndarray, read: BoardRead, keys: list[tuple[int, int]]) -> bool:
    """Every one of these tiles shows ink (so reading it '.' is a decision, not blindness)."""
    from autobot.vision import background_lab, sample_tiles

    samples = sample_tiles(frame, read.grid, background_lab(frame, read.grid))
    return all(samples[k].ink for k in keys)


def test_hint_letters_beside_typed_letters(driver, base: str) -> None:
    """Typed letters in one row and faint hints in the next: only the typed ones count."""
    answer, guesses = "crane", ["trace"]
    frame = render(driver, base, answer, guesses, "cr", hints={2: "  A E"})
    read = read_board(frame)
    assert rows_of(read) == expected(answer, guesses, "cr")
    assert _inked(frame, read, [(1, 0), (2, 2), (2, 4)])
