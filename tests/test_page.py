"""The bundled Wordle page in a real headless Chromium: rules, messages, look and motion.

These tests read the page's DOM freely: they test the page itself, not the bot (which never
does). Colours and sizes are checked on real screenshots against the visual spec.
"""

from __future__ import annotations

import io
import time
from collections.abc import Callable, Iterator
from typing import TypeVar

import numpy as np
import pytest
from conftest import require_chromium
from PIL import Image
from selenium.webdriver.remote.webdriver import WebDriver

from autobot.drivers.browser import BrowserConfig, open_browser
from autobot.page.server import answer_for_seed, page_url
from autobot.rules import Turn, hard_mode_violation, score

pytestmark = pytest.mark.browser

WIN_WORDS = ["Genius", "Magnificent", "Impressive", "Splendid", "Great", "Phew"]
STATE_MARK = {"correct": "G", "present": "Y", "absent": "X", "tbd": "t", "empty": "."}
RANK = {"X": 1, "Y": 2, "G": 3}

# The spec's palette (../shared/wordle-visual-spec.md), per theme and contrast.
PALETTES = {
    ("light", False): {
        "page": "#ffffff",
        "empty": "#d3d6da",
        "tbd": "#878a8c",
        "G": "#6aaa64",
        "Y": "#c9b458",
        "X": "#787c7e",
        "key": "#d3d6da",
    },
    ("dark", False): {
        "page": "#121213",
        "empty": "#3a3a3c",
        "tbd": "#565758",
        "G": "#538d4e",
        "Y": "#b59f3b",
        "X": "#3a3a3c",
        "key": "#818384",
    },
}
PALETTES[("light", True)] = {**PALETTES[("light", False)], "G": "#f5793a", "Y": "#85c0f9"}
PALETTES[("dark", True)] = {**PALETTES[("dark", False)], "G": "#f5793a", "Y": "#85c0f9"}
T = TypeVar("T")
TOLERANCE = 3  # per channel: flat CSS fills come out exact, this only absorbs rounding


def rgb(hex_colour: str) -> np.ndarray:
    return np.array([int(hex_colour[i : i + 2], 16) for i in (1, 3, 5)], dtype=int)


@pytest.fixture(scope="module")
def browser(chromium: None) -> Iterator[WebDriver]:
    with open_browser(BrowserConfig(window_size=(1280, 1024))) as driver:
        yield driver


@pytest.fixture
def d(browser: WebDriver) -> Iterator[WebDriver]:
    """The shared browser; each test must leave no console errors behind."""
    browser.get_log("browser")  # drain
    yield browser
    severe = [e["message"] for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert severe == []


def wait(predicate: Callable[[], T], timeout: float = 10.0, what: str = "condition") -> T:
    """Poll until `predicate()` is truthy; returns its value."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


def load(d: WebDriver, base: str, **settings: object) -> None:
    d.get(page_url(base, **settings))
    wait(lambda: d.execute_script("return document.body.dataset.ready === '1'"), what="page ready")


def send(d: WebDriver, text: str) -> None:
    """Type on the physical keyboard ('\\n' is Enter, '\\b' Backspace)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    keys = text.replace("\n", Keys.ENTER).replace("\b", Keys.BACKSPACE)
    ActionChains(d).send_keys(keys).perform()


def rows(d: WebDriver) -> list[tuple[str, str]]:
    """The board as (LETTERS, MARKS) rows, from the DOM."""
    cells = d.execute_script(
        "return [...document.querySelectorAll('#board .row')].map(r => [...r.children]"
        ".map(t => [t.textContent, t.dataset.state]))"
    )
    return [
        ("".join(letter for letter, _ in row).upper(), "".join(STATE_MARK[s] for _, s in row))
        for row in cells
    ]


def settled(d: WebDriver) -> bool:
    return d.execute_script("return document.getAnimations().length === 0")


def play(d: WebDriver, word: str, row: int) -> str:
    """Type `word` + Enter and wait for row `row` to be revealed; returns its marks."""
    send(d, word + "\n")
    wait(lambda: set(rows(d)[row][1]) <= set("GYX") and settled(d), what=f"row {row} revealed")
    return rows(d)[row][1]


def toasts(d: WebDriver) -> list[str]:
    return d.execute_script(
        "return [...document.querySelectorAll('.toast')].map(t => t.textContent)"
    )


def animations(d: WebDriver) -> list[str]:
    return d.execute_script("return document.getAnimations().map(a => a.animationName)")


def record_animations(d: WebDriver) -> None:
    """From now on, note every animation that starts (a short one may end between two polls)."""
    d.execute_script("window.__started = [];"
                     "document.addEventListener('animationstart',"
                     " e => window.__started.push(e.animationName), true);")


def started(d: WebDriver) -> list[str]:
    """The animations started since `record_animations`."""
    return d.execute_script("return window.__started")


def screenshot(d: WebDriver) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(d.get_screenshot_as_png())).convert("RGB")).astype(int)


def rect(d: WebDriver, selector: str, index: int = 0) -> dict[str, float]:
    return d.execute_script(
        "return document.querySelectorAll(arguments[0])[arguments[1]]"
        ".getBoundingClientRect().toJSON()",
        selector,
        index,
    )


def tile_rect(d: WebDriver, row: int, col: int) -> dict[str, float]:
    return rect(d, "#board .tile", row * 5 + col)


def assert_colour(image: np.ndarray, x: float, y: float, expected: str, what: str) -> None:
    pixel = image[int(y), int(x)]
    assert np.abs(pixel - rgb(expected)).max() <= TOLERANCE, f"{what}: {pixel} vs {expected}"


# ---------- loading ----------


def test_loads_with_no_errors_and_no_foreign_requests(d: WebDriver, base: str) -> None:
    load(d, base, answer="crane")
    origin = base.rstrip("/")
    urls = d.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert urls, "the page loads its stylesheet, script and word lists"
    assert all(u.startswith(origin + "/") for u in urls), urls
    assert rows(d) == [("", ".....")] * 6
    assert d.execute_script("return document.title") == "Wordle"


# ---------- rules ----------

DUPLICATE_CASES = {
    "speed": ["geese", "steep", "deeds", "erase", "speed"],
    "mamma": ["madam", "gamma", "comma", "mamas", "mamma"],
    "robot": ["booth", "torso", "motto", "boost", "robot"],
    "llama": ["small", "allay", "lolly", "label", "llama"],
    "eerie": ["geese", "emcee", "there", "elder", "eerie"],
}


@pytest.mark.parametrize("answer", DUPLICATE_CASES)
def test_rows_are_scored_like_the_reference(d: WebDriver, base: str, answer: str) -> None:
    load(d, base, answer=answer, anim=False, stats=False)
    for row, guess in enumerate(DUPLICATE_CASES[answer]):
        assert play(d, guess, row) == score(guess, answer), guess
        assert rows(d)[row][0] == guess.upper()


def test_not_in_word_list_keeps_the_row(d: WebDriver, base: str) -> None:
    load(d, base, answer="crane", anim=False, stats=False)
    send(d, "xxxxx\n")
    wait(lambda: "Not in word list" in toasts(d), what="toast")
    assert rows(d)[0] == ("XXXXX", "ttttt")
    send(d, "\b" * 5)
    assert rows(d)[0] == ("", ".....")
    assert play(d, "slate", 0) == score("slate", "crane")


def test_not_enough_letters(d: WebDriver, base: str) -> None:
    load(d, base, answer="crane", anim=False, stats=False)
    send(d, "cra\n")
    wait(lambda: "Not enough letters" in toasts(d), what="toast")
    assert rows(d)[0] == ("CRA", "ttt..")
    send(d, "b\bne")  # backspace removes the last letter only
    assert play(d, "", 0) == "GGGGG"


def test_any_answer_is_accepted_as_a_guess(d: WebDriver, base: str) -> None:
    load(d, base, answer="qajaq", anim=False, stats=False)  # not in either list
    assert play(d, "qajaq", 0) == "GGGGG"


@pytest.mark.parametrize(
    ("answer", "earlier", "guess"),
    [
        ("crane", ["slate"], "stomp"),  # green A must stay third
        ("crane", ["react"], "blame"),  # revealed R must be reused
        ("abide", ["speed"], "eerie"),  # revealed D must be reused
        ("crane", ["react", "crate"], "crave"),  # greens of a later row
        ("crane", ["react"], "caret"),  # legal
    ],
)
def test_hard_mode_messages_follow_the_rules_module(
    d, base: str, answer: str, earlier: list[str], guess: str
) -> None:
    load(d, base, answer=answer, hard=True, anim=False, stats=False, guesses=earlier)
    history = [Turn(g, score(g, answer)) for g in earlier]
    expected = hard_mode_violation(guess, history)
    row = len(earlier)
    if expected is None:
        assert play(d, guess, row) == score(guess, answer)
    else:
        send(d, guess + "\n")
        wait(lambda: expected in toasts(d), what=f"toast {expected!r}")
        assert rows(d)[row] == (guess.upper(), "ttttt")


def test_hard_mode_message_wording(d: WebDriver, base: str) -> None:
    load(d, base, answer="crane", hard=True, anim=False, stats=False, guesses=["react"])
    send(d, "stomp\n")
    wait(lambda: "3rd letter must be A" in toasts(d), what="green-letter message")
    send(d, "\b" * 5 + "bravo\n")
    wait(lambda: "Guess must contain E" in toasts(d), what="revealed-letter message")


def test_normal_mode_ignores_hard_rules(d: WebDriver, base: str) -> None:
    load(d, base, answer="crane", anim=False, stats=False, guesses=["slate"])
    assert play(d, "stomp", 1) == score("stomp", "crane")


@pytest.mark.parametrize("row", range(6))
def test_win_words_by_row(d: WebDriver, base: str, row: int) -> None:
    misses = ["slate", "brine", "pound", "moist", "lucky"][:row]
    load(d, base, answer="crane", anim=False, stats=False, guesses=misses)
    assert play(d, "crane", row) == "GGGGG"
    assert toasts(d)[0] == WIN_WORDS[row]
    before = rows(d)
    send(d, "slate\n")  # the game is over: keys do nothing
    assert rows(d) == before


def test_loss_shows_the_answer_and_it_stays(d: WebDriver, base: str) -> None:
    misses = ["slate", "brine", "pound", "moist", "lucky"]
    load(d, base, answer="crane", anim=False, stats=False, guesses=misses)
    play(d, "fjord", 5)
    assert toasts(d) == ["CRANE"]
    time.sleep(2.5)  # longer than any other toast lives
    assert toasts(d) == ["CRANE"]
    assert d.execute_script("return document.getElementById('overlay').hidden")  # stats=0


def test_keyboard_is_coloured_by_best_state(d: WebDriver, base: str) -> None:
    guesses = ["booth", "torso", "motto"]
    load(d, base, answer="robot", anim=False, stats=False, guesses=guesses)
    best: dict[str, str] = {}
    for guess in guesses:
        for letter, mark in zip(guess, score(guess, "robot"), strict=True):
            if RANK[mark] > RANK.get(best.get(letter, ""), 0):
                best[letter] = mark
    states = d.execute_script(
        "return Object.fromEntries([...document.querySelectorAll('#keyboard button[data-key]')]"
        ".map(b => [b.dataset.key, b.dataset.state || '']))"
    )
    shown = {k: STATE_MARK[v] for k, v in states.items() if v}
    assert shown == best
    assert len(states) == 28  # 26 letters, enter, backspace


def test_on_screen_keys_play(d: WebDriver, base: str) -> None:
    load(d, base, answer="crane", anim=False, stats=False)
    for key in ["s", "l", "a", "t", "x", "backspace", "e", "enter"]:
        d.find_element("css selector", f'#keyboard button[data-key="{key}"]').click()
    wait(lambda: rows(d)[0][1] == score("slate", "crane"), what="row revealed")
    # A physical Enter right after clicking ENTER must not "click" it again.
    send(d, "c")
    assert rows(d)[1] == ("C", "t....")


def test_guesses_parameter_replays_through_the_rules(d: WebDriver, base: str) -> None:
    load(d, base, answer="crane", anim=False, stats=False, guesses=["slate", "xxxxx", "brine"])
    board = rows(d)
    assert board[0] == ("SLATE", score("slate", "crane"))
    assert board[1] == ("XXXXX", "ttttt")  # refused like a typed word; the replay stops
    assert board[2] == ("", ".....")
    assert "Not in word list" in toasts(d)


def test_seed_picks_the_same_answer_as_python(d: WebDriver, base: str) -> None:
    for seed in (7, 12345):
        load(d, base, seed=seed, anim=False, stats=False)
        assert play(d, answer_for_seed(seed), 0) == "GGGGG"


def test_random_answer_comes_from_the_list(d: WebDriver, base: str) -> None:
    from autobot.words import load_words

    load(d, base, anim=False, stats=False)
    marks = play(d, "slate", 0)
    assert any(score("slate", a) == marks for a in load_words("answers").words)


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("theme=blue", "Unknown theme blue"),
        ("length=12", "Word length 12 is not supported"),
        ("answer=xyz", "Bad answer XYZ"),
        ("seed=abc", "Bad seed abc"),
    ],
)
def test_bad_settings_are_reported_on_the_page(
    d: WebDriver, base: str, query: str, message: str
) -> None:
    d.get(f"{base}?{query}")
    wait(lambda: d.execute_script("return document.body.dataset.ready === '1'"), what="ready")
    assert toasts(d) == [message]
    send(d, "crane\n")
    letters, marks = rows(d)[0]
    assert letters == "" and set(marks) == {"."}  # the game does not start


# ---------- motion ----------


def test_animations_pop_flip_shake_bounce(d: WebDriver, base: str) -> None:
    load(d, base, answer="crane", stats=False)
    record_animations(d)
    send(d, "s")
    seen = set(wait(lambda: started(d), what="pop"))
    assert "PopIn" in seen
    send(d, "late\n")
    sizes: list[tuple[float, float]] = []
    while not (settled(d) and rows(d)[0][1] == score("slate", "crane")):
        seen.update(animations(d))
        sizes += d.execute_script(
            "return [...document.querySelectorAll('#board .row')[0].children]"
            ".map(t => t.getBoundingClientRect()).map(r => [r.width, r.height])"
        )
    assert {"FlipIn", "FlipOut"} <= seen
    squashed = [(w, h) for w, h in sizes if h < 40]
    assert squashed  # mid-flip a tile is squashed vertically...
    assert {w for w, _ in squashed} == {62}  # ...and keeps its width
    send(d, "xxxxx\n")
    wait(lambda: "Shake" in started(d), what="shake")
    wait(lambda: settled(d), what="shake over")
    send(d, "\b" * 5 + "crane\n")
    wait(lambda: "Bounce" in started(d), what="bounce")
    wait(lambda: settled(d), what="bounce over")
    assert rows(d)[1] == ("CRANE", "GGGGG")


def test_anim_0_turns_all_motion_off(d: WebDriver, base: str) -> None:
    load(d, base, answer="crane", stats=False, anim=False)
    send(d, "slat")
    assert animations(d) == []
    send(d, "e\n")
    wait(lambda: rows(d)[0][1] == score("slate", "crane"), what="instant reveal")
    assert animations(d) == []
    send(d, "xxxxx\n")
    wait(lambda: "Not in word list" in toasts(d), what="toast")
    assert animations(d) == []


# ---------- statistics ----------


def test_statistics_modal_after_the_game(d: WebDriver, base: str) -> None:
    load(d, base, answer="crane", anim=False)
    d.execute_script("localStorage.clear()")
    load(d, base, answer="crane", anim=False)
    play(d, "crane", 0)
    assert d.execute_script("return document.getElementById('overlay').hidden")  # not at once
    wait(
        lambda: not d.execute_script("return document.getElementById('overlay').hidden"),
        what="statistics modal",
    )
    modal, board = rect(d, "#stats-modal"), rect(d, "#board")
    assert modal["left"] <= board["left"] and modal["right"] >= board["right"]
    assert modal["top"] <= board["top"] and modal["bottom"] >= board["bottom"]
    assert d.find_element("id", "stat-played").text == "1"
    send(d, "\ue00c")  # Escape
    assert d.execute_script("return document.getElementById('overlay').hidden")
    d.find_element("id", "stats-button").click()
    assert not d.execute_script("return document.getElementById('overlay').hidden")
    d.find_element("id", "close-stats").click()
    assert d.execute_script("return document.getElementById('overlay').hidden")
    # Kept in localStorage: a lost game next time counts too.
    load(d, base, answer="crane", anim=False, guesses=["slate", "brine", "pound", "moist", "lucky"])
    play(d, "fjord", 5)
    wait(
        lambda: not d.execute_script("return document.getElementById('overlay').hidden"),
        what="statistics modal",
    )
    assert d.find_element("id", "stat-played").text == "2"
    assert d.find_element("id", "stat-win").text == "50"
    d.execute_script("localStorage.clear()")


def test_stats_0_never_shows_the_modal(d: WebDriver, base: str) -> None:
    load(d, base, answer="crane", anim=False, stats=False)
    play(d, "crane", 0)
    time.sleep(3.0)  # past the moment the modal would open
    assert d.execute_script("return document.getElementById('overlay').hidden")


# ---------- look ----------


@pytest.mark.parametrize(("theme", "contrast"), list(PALETTES))
def test_palette_matches_the_spec(d: WebDriver, base: str, theme: str, contrast: bool) -> None:
    palette = PALETTES[(theme, contrast)]
    # REACT against CRANE: Y Y G Y X; then C R typed, three empty tiles.
    load(
        d,
        base,
        answer="crane",
        theme=theme,
        contrast=contrast,
        anim=False,
        stats=False,
        guesses=["react"],
        typed="cr",
    )
    assert rows(d)[:2] == [("REACT", "YYGYX"), ("CR", "tt...")]
    image = screenshot(d)
    for col, mark in enumerate("YYGYX"):
        r = tile_rect(d, 0, col)
        assert_colour(image, r["left"] + 6, r["top"] + 6, palette[mark], f"{mark} fill")
        assert_colour(image, r["right"] - 6, r["bottom"] - 6, palette[mark], f"{mark} fill")
    for col in range(2):
        r = tile_rect(d, 1, col)
        assert_colour(image, r["left"] + 1, r["top"] + 31, palette["tbd"], "typed border")
        assert_colour(image, r["left"] + 6, r["top"] + 6, palette["page"], "typed inside")
    for col in range(2, 5):
        r = tile_rect(d, 1, col)
        assert_colour(image, r["left"] + 1, r["top"] + 31, palette["empty"], "empty border")
        assert_colour(image, r["right"] - 1, r["top"] + 31, palette["empty"], "empty border")
        assert_colour(image, r["left"] + 3, r["top"] + 31, palette["page"], "empty inside")
    board = rect(d, "#board")
    assert_colour(image, board["left"] - 40, board["top"] + 40, palette["page"], "background")
    q, a = rect(d, '#keyboard [data-key="q"]'), rect(d, '#keyboard [data-key="a"]')
    assert_colour(image, q["left"] + 5, q["top"] + 5, palette["key"], "unused key")
    assert_colour(image, a["left"] + 5, a["top"] + 5, palette["G"], "correct key")


def run_length(line: np.ndarray, start: int, colour: str) -> int:
    """How many pixels from `start` to the right match `colour` (and to the left)."""
    target = rgb(colour)
    ok = np.abs(line - target).max(axis=1) <= TOLERANCE
    left = start
    while left > 0 and ok[left - 1]:
        left -= 1
    right = start
    while right < len(ok) and ok[right]:
        right += 1
    return right - left


def test_tiles_are_62_px_with_5_px_gaps(d: WebDriver, base: str) -> None:
    load(d, base, answer="crane", anim=False, stats=False, guesses=["crane"])
    assert d.execute_script("return [innerWidth, innerHeight]") == [1280, 937]
    image = screenshot(d)
    first, second = tile_rect(d, 0, 0), tile_rect(d, 0, 1)
    y = int(first["top"] + 10)
    # The whole row is green with 5-px page-coloured gaps between the tiles.
    assert run_length(image[y], int(first["left"] + 10), "#6aaa64") == 62
    assert run_length(image[y], int(first["right"] + 2), "#ffffff") == 5
    column = image[:, int(first["left"] + 10)]
    assert run_length(column, y, "#6aaa64") == 62
    assert (first["width"], first["height"]) == (62, 62)
    assert second["left"] - first["right"] == 5
    board = rect(d, "#board")
    assert (board["width"], board["height"]) == (350, 420)


def test_short_windows_shrink_the_board(d: WebDriver, base: str) -> None:
    d.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 1280, "height": 600, "deviceScaleFactor": 1, "mobile": False},
    )
    try:
        load(d, base, answer="crane", anim=False, stats=False)
        container = d.execute_script(
            "return document.getElementById('board-container').clientHeight"
        )
        board = rect(d, "#board")
        width = min(container * 5 // 6, 350)
        assert board["width"] == width
        assert board["height"] == 6 * (width // 5)
        tile = tile_rect(d, 0, 0)
        assert tile["width"] == tile["height"] < 62
    finally:
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_phone_sized_window_gets_the_mobile_layout(d: WebDriver, base: str) -> None:
    d.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 412, "height": 915, "deviceScaleFactor": 1, "mobile": True},
    )
    try:
        load(d, base, answer="crane", anim=False, stats=False, guesses=["slate"])
        assert d.execute_script("return innerWidth") == 412
        board, keyboard = rect(d, "#board"), rect(d, "#keyboard")
        assert 0 <= board["left"] and board["right"] <= 412
        assert 0 <= keyboard["left"] and keyboard["right"] <= 412
        assert board["bottom"] <= keyboard["top"]
        tile = tile_rect(d, 0, 0)
        assert tile["width"] == tile["height"] >= 40
        header = d.execute_script(
            "return parseFloat(getComputedStyle(document.querySelector('#header .title')).fontSize)"
        )
        assert header < 36  # the phone header is smaller
    finally:
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_toast_sits_over_the_top_of_the_board(d: WebDriver, base: str) -> None:
    load(d, base, answer="crane", anim=False, stats=False)
    send(d, "cra\n")
    wait(lambda: toasts(d), what="toast")
    toast, board = rect(d, ".toast"), rect(d, "#board")
    assert toast["top"] < board["top"] + 62 and toast["bottom"] > board["top"]
    image = screenshot(d)
    assert_colour(image, toast["left"] + 3, toast["top"] + toast["height"] / 2, "#1a1a1b", "toast")


def test_glyph_sheet(d: WebDriver, base: str) -> None:
    load(d, base, sheet="ABCDEFGÄ", theme="dark")
    blocks = d.execute_script(
        "return [...document.querySelectorAll('.sheet-block')].map(b => [b.dataset.sheetState,"
        " [...b.children].map(t => t.textContent).join('')])"
    )
    assert blocks == [[s, "ABCDEFGÄ"] for s in ("typed", "absent", "present", "correct")]
    image = screenshot(d)
    palette = PALETTES[("dark", False)]
    for index, mark in ((1, "X"), (2, "Y"), (3, "G")):
        r = rect(d, ".sheet-block .tile", index * 8 + 5)  # the second row's first tile
        assert (r["width"], r["height"]) == (62, 62)
        assert_colour(image, r["left"] + 6, r["top"] + 6, palette[mark], f"sheet {mark}")
    r = rect(d, ".sheet-block .tile", 0)
    assert_colour(image, r["left"] + 1, r["top"] + 31, palette["tbd"], "sheet typed border")
    first, sixth = rect(d, ".sheet-block .tile", 0), rect(d, ".sheet-block .tile", 5)
    assert sixth["top"] - first["top"] == 67  # rows of five, board pitch


def test_glyph_sheet_states_subset(d: WebDriver, base: str) -> None:
    load(d, base, sheet="XY", sheet_states=["correct"], contrast=True)
    assert d.execute_script("return document.querySelectorAll('.sheet-block').length") == 1
    image = screenshot(d)
    r = rect(d, ".sheet-block .tile", 0)
    assert_colour(image, r["left"] + 6, r["top"] + 6, "#f5793a", "high-contrast correct")


def test_scale_2_doubles_the_tiles(base: str) -> None:
    require_chromium()
    with open_browser(BrowserConfig(window_size=(1280, 1024), scale=2.0)) as d:
        load(d, base, answer="crane", anim=False, stats=False, guesses=["crane"])
        assert d.execute_script("return devicePixelRatio") == 2
        image = screenshot(d)
        first = tile_rect(d, 0, 0)
        y = int((first["top"] + 10) * 2)
        x = int((first["left"] + 10) * 2)
        assert run_length(image[y], x, "#6aaa64") == 124
        assert run_length(image[:, x], y, "#6aaa64") == 124
        assert run_length(image[y], int(first["right"] * 2 + 4), "#ffffff") == 10
