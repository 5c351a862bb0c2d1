"""The bundled page's quirk options in a real headless Chromium: one per class of real clone.

Like test_page.py these tests read the page's DOM to check it (the bot never does); colours are
measured on real screenshots.
"""

from __future__ import annotations

import time

import numpy as np
import pytest
import test_page
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from test_page import (
    PALETTES,
    assert_colour,
    load,
    play,
    rect,
    rgb,
    rows,
    screenshot,
    send,
    tile_rect,
    toasts,
    wait,
)

from autobot.rules import score

pytestmark = pytest.mark.browser
# test_page's fixtures: one Chromium for this module; a test leaves no console errors behind.
browser = test_page.browser
d = test_page.d


def js(d: WebDriver, expression: str, *args: object) -> object:
    return d.execute_script(f"return {expression}", *args)


def intro_open(d: WebDriver) -> bool:
    return not js(d, "document.getElementById('intro-overlay').hidden")


def click_keys(d: WebDriver, keys: list[str]) -> None:
    """Click on-screen keys ('enter', 'backspace' or a letter)."""
    for key in keys:
        d.find_element("css selector", f'#keyboard button[data-key="{key}"]').click()


def cdp_key(d: WebDriver, letter: str, *events: str) -> None:
    """Raw key events through the DevTools protocol ('keyDown' / 'keyUp' for one letter)."""
    for kind in events:
        d.execute_cdp_cmd(
            "Input.dispatchKeyEvent",
            {
                "type": kind,
                "key": letter,
                "code": f"Key{letter.upper()}",
                "text": letter if kind == "keyDown" else "",
                "windowsVirtualKeyCode": ord(letter.upper()),
            },
        )


# ---------- bad values ----------


def test_bad_option_values_stop_the_game(d: WebDriver, base: str) -> None:
    cases = {
        "keys=fast": "Unknown keys fast",
        "palette=pink": "Unknown palette pink",
        "scoring=strict": "Unknown scoring strict",
        "reveal=spin": "Unknown reveal spin",
        "tiles=hex": "Unknown tiles hex",
        "rows=13": "Bad rows 13",
        "rows=0": "Bad rows 0",
        "offset=-5": "Bad offset -5",
    }
    for query, message in cases.items():
        d.get(f"{base}?answer=crane&{query}")
        wait(lambda: js(d, "document.body.dataset.ready === '1'"), what="ready")
        assert toasts(d) == [message], query
        send(d, "crane\n")
        assert rows(d)[0] == ("", "....."), query


# ---------- intro=1 ----------


def test_intro_covers_the_board_with_example_tiles(d: WebDriver, base: str) -> None:
    load(d, base, answer="crane", intro=True, anim=False, stats=False)
    assert intro_open(d)
    modal, board = rect(d, "#intro-modal"), rect(d, "#board")
    assert modal["left"] <= board["left"] and modal["right"] >= board["right"]
    assert modal["top"] <= board["top"] and modal["bottom"] >= board["bottom"]
    close = rect(d, "#close-intro")
    assert close["right"] > modal["right"] - 40 and close["top"] < modal["top"] + 40
    examples = js(
        d,
        "[...document.querySelectorAll('#intro-examples .example-row')].map(r =>"
        " [...r.children].map(t => [t.textContent, t.dataset.state]))",
    )
    assert [("".join(c[0] for c in row)) for row in examples] == ["weary", "pills", "vague"]
    image = screenshot(d)
    palette = PALETTES[("light", False)]
    for row, (col, mark) in enumerate([(0, "G"), (1, "Y"), (3, "X")]):
        assert [s for _, s in examples[row]].count("tbd") == 4
        r = rect(d, "#intro-examples .example-row .tile", row * 5 + col)
        assert r["width"] < tile_rect(d, 0, 0)["width"]  # smaller than the board's tiles
        assert_colour(image, r["left"] + 3, r["top"] + 3, palette[mark], f"example {mark}")
    # The backdrop dims the page: the white page beside the modal is darker.
    assert (image[int(board["top"]) + 50, 50] < 200).all()
    send(d, "crane\n")  # keys do not reach the game while it is up
    assert intro_open(d)
    assert rows(d)[0] == ("", ".....")


def test_intro_reopens_once_after_the_first_key(d: WebDriver, base: str) -> None:
    load(d, base, answer="crane", intro=True, anim=False, stats=False)
    send(d, Keys.ESCAPE)
    assert not intro_open(d)
    send(d, "c")  # the page pops its help again and swallows this key
    assert intro_open(d)
    assert rows(d)[0] == ("", ".....")
    d.find_element("id", "close-intro").click()
    assert not intro_open(d)
    assert play(d, "crane", 0) == "GGGGG"  # from now on it stays closed
    assert not intro_open(d)
    # A click on the dimmed backdrop (outside the panel) closes it too.
    load(d, base, answer="crane", intro=True, anim=False, stats=False)
    ActionChains(d).move_by_offset(20, 500).click().perform()
    assert not intro_open(d)
    ActionChains(d).move_by_offset(-20, -500).perform()
    click_keys(d, ["s"])  # an on-screen key counts as the first key too
    assert intro_open(d)
    send(d, Keys.ESCAPE)
    click_keys(d, ["s"])
    assert rows(d)[0] == ("S", "t....")


def test_intro_button_and_x_close_only_by_their_own_control(d: WebDriver, base: str) -> None:
    """intro=button: no x, Escape and the backdrop do nothing, its button closes it;
    intro=x: only its x (a text glyph) closes it."""

    def shown(selector: str) -> bool:
        return bool(js(d, f"getComputedStyle(document.querySelector('{selector}')).display"
                          " !== 'none'"))

    for only, control in (("button", "play-intro"), ("x", "close-intro-text")):
        load(d, base, answer="crane", intro=only, anim=False, stats=False)
        assert intro_open(d)
        assert shown(f"#{control}") and not shown("#close-intro")
        send(d, Keys.ESCAPE)
        ActionChains(d).move_by_offset(20, 500).click().perform()
        ActionChains(d).move_by_offset(-20, -500).perform()
        assert intro_open(d)
        d.find_element("id", control).click()
        assert not intro_open(d)
        send(d, "c")  # back once at the first key, as intro=1
        assert intro_open(d)
        d.find_element("id", control).click()
        assert play(d, "crane", 0) == "GGGGG"


def test_promo_comes_after_the_first_scored_row_and_swallows_keys(d: WebDriver,
                                                                  base: str) -> None:
    def promo_open() -> bool:
        return not js(d, "document.getElementById('promo-overlay').hidden")

    load(d, base, answer="crane", promo=True, anim=False, stats=False)
    assert not promo_open()
    assert play(d, "slate", 0) == "XXGXG"
    wait(promo_open, what="the promo")
    modal, board = rect(d, "#promo-modal"), rect(d, "#board")
    assert modal["top"] <= board["top"] and modal["bottom"] >= board["bottom"]
    send(d, Keys.ESCAPE + "brick")
    ActionChains(d).move_by_offset(20, 500).click().perform()
    ActionChains(d).move_by_offset(-20, -500).perform()
    assert promo_open() and rows(d)[1] == ("", ".....")
    d.find_element("id", "promo-button").click()
    assert not promo_open()
    assert play(d, "crane", 1) == "GGGGG"
    load(d, base, answer="crane", promo=True, anim=False, stats=False)
    play(d, "slate", 0)
    wait(promo_open, what="the promo")
    d.find_element("id", "close-promo").click()  # its x closes it too
    assert not promo_open()


# ---------- keys= ----------


def test_keyup_page_ignores_key_downs(d: WebDriver, base: str) -> None:
    load(d, base, answer="crane", anim=False, stats=False)
    cdp_key(d, "c", "keyDown")  # the default page plays on keydown alone
    assert rows(d)[0] == ("C", "t....")
    load(d, base, answer="crane", anim=False, stats=False, keys="keyup")
    cdp_key(d, "c", "keyDown")
    assert rows(d)[0] == ("", ".....")
    cdp_key(d, "c", "keyUp")
    assert rows(d)[0] == ("C", "t....")
    send(d, "rane" + Keys.RETURN)  # ordinary typing sends both
    wait(lambda: rows(d)[0][1] == "GGGGG", what="win")


def test_code_enter_refuses_the_numpad_enter(d: WebDriver, base: str) -> None:
    load(d, base, answer="crane", anim=False, stats=False, keys="code-enter")
    d.execute_script(
        "window.codes = []; document.addEventListener('keydown', e => codes.push(e.code))"
    )
    send(d, "slate" + Keys.ENTER)
    assert js(d, "codes.at(-1)") == "NumpadEnter"  # what Selenium's Keys.ENTER is
    time.sleep(0.2)
    assert rows(d)[0] == ("SLATE", "ttttt") and toasts(d) == []
    send(d, Keys.RETURN)
    assert js(d, "codes.at(-1)") == "Enter"  # Keys.RETURN is the main Enter key
    wait(lambda: rows(d)[0][1] == score("slate", "crane"), what="row revealed")
    # The element route sends the main Enter for both.
    d.find_element("tag name", "body").send_keys("crane" + Keys.ENTER)
    assert js(d, "codes.at(-1)") == "Enter"
    wait(lambda: rows(d)[1][1] == "GGGGG", what="win")


def test_click_only_ignores_the_physical_keyboard(d: WebDriver, base: str) -> None:
    load(d, base, answer="crane", anim=False, stats=False, keys="click-only")
    send(d, "slate" + Keys.RETURN)
    cdp_key(d, "s", "keyDown", "keyUp")
    assert rows(d)[0] == ("", ".....")
    click_keys(d, ["s", "l", "a", "t", "x", "backspace", "e", "enter"])
    wait(lambda: rows(d)[0] == ("SLATE", score("slate", "crane")), what="row revealed")


def test_slow_page_drops_fast_keys(d: WebDriver, base: str) -> None:
    load(d, base, answer="crane", anim=False, stats=False, keys="slow")
    send(d, "slate")  # one burst, keys a few ms apart: the first is taken, (nearly) all others not
    taken = rows(d)[0][0]
    assert taken.startswith("S") and len(taken) < 5
    for key in [Keys.BACKSPACE] * len(taken) + [*"slate", Keys.RETURN]:
        time.sleep(0.2)  # paced keys are all taken
        send(d, key)
    wait(lambda: rows(d)[0][1] == score("slate", "crane"), what="row revealed")
    for key in ["c", "r", "a", "n", "e", "enter"]:  # clicks are throttled the same way
        time.sleep(0.2)
        click_keys(d, [key])
    wait(lambda: rows(d)[1][1] == "GGGGG", what="win")


@pytest.mark.parametrize("keys", ["keyup", "code-enter", "slow"])
def test_on_screen_keys_play_in_every_key_mode(d: WebDriver, base: str, keys: str) -> None:
    load(d, base, answer="crane", anim=False, stats=False, keys=keys)
    for key in ["c", "r", "a", "n", "x", "backspace", "e", "enter"]:
        time.sleep(0.15 if keys == "slow" else 0)
        click_keys(d, [key])
    wait(lambda: rows(d)[0] == ("CRANE", "GGGGG"), what="win")


# ---------- palette= ----------

ROLE = {  # palette -> correct, present, absent ('' = the theme's), letters
    "letreco": ("#51b36e", "#d3ad69", "#943e3c", "#faf3e6"),
    "pastel": ("#b5e3ad", "#f7e4a0", "#d8d8d8", "#1a1a1b"),
    "colorblind": ("#0072b2", "#e69f00", "", "#ffffff"),
    "slate": ("#63aa55", "#eab308", "#606685", "#ffffff"),
}


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("palette", list(ROLE))
def test_palette_colours_tiles_and_keys(d: WebDriver, base: str, palette: str, theme: str) -> None:
    load(d, base, answer="crane", theme=theme, palette=palette, anim=False, stats=False,
         guesses=["react"])  # fmt: skip
    correct, present, absent, letters = ROLE[palette]
    colour = {"G": correct, "Y": present, "X": absent or PALETTES[(theme, False)]["X"]}
    image = screenshot(d)
    for col, mark in enumerate("YYGYX"):
        r = tile_rect(d, 0, col)
        assert_colour(image, r["left"] + 4, r["top"] + 4, colour[mark], f"{palette} {mark}")
        # The letter is the tile's extreme pixel (the lightest or darkest one) in letter colour.
        inside = image[
            int(r["top"]) + 8 : int(r["bottom"]) - 8, int(r["left"]) + 8 : int(r["right"]) - 8
        ]
        distance = np.abs(inside - rgb(letters)).max(axis=2)
        assert distance.min() <= 3, f"{palette} letter on {mark}"
    for key, mark in (("a", "G"), ("r", "Y"), ("t", "X")):
        k = rect(d, f'#keyboard [data-key="{key}"]')
        assert_colour(image, k["left"] + 4, k["top"] + 4, colour[mark], f"{palette} key {key}")
    assert_colour(image, 5, 400, PALETTES[(theme, False)]["page"], "page background")


# ---------- hint=1 ----------


def test_hint_shows_known_greens_as_faint_letters(d: WebDriver, base: str) -> None:
    load(d, base, answer="crane", hint=True, anim=False, stats=False, guesses=["crone"])
    hints = js(d, "[...document.querySelectorAll('#board .tile')].map(t => t.dataset.hint || '')")
    assert hints[5:10] == ["c", "r", "", "n", "e"]  # the current row only
    assert set(hints[:5] + hints[10:]) == {""}
    assert rows(d)[1] == ("", ".....")  # not typed letters
    tile = "document.querySelectorAll('#board .tile')[5]"
    assert js(d, f"getComputedStyle({tile}, '::after').content") == '"c"'
    image = screenshot(d)
    r = tile_rect(d, 1, 0)
    inside = image[
        int(r["top"]) + 8 : int(r["bottom"]) - 8, int(r["left"]) + 8 : int(r["right"]) - 8
    ]
    darkest = inside.min(axis=(0, 1))
    assert 150 < darkest.max() < 240  # faint grey, not a typed letter's near-black
    send(d, "c")
    assert js(d, f"{tile}.dataset.hint") is None and rows(d)[1][0] == "C"
    send(d, "rane\n")
    wait(lambda: rows(d)[1][1] == "GGGGG", what="win")
    assert js(d, "document.querySelectorAll('#board .tile[data-hint]').length") == 0


# ---------- rows= ----------


@pytest.mark.parametrize("n", [1, 4, 12])
def test_rows_n_sets_the_number_of_guesses(d: WebDriver, base: str, n: int) -> None:
    misses = ["slate", "brine", "pound", "moist", "lucky", "fjord", "gawky", "chump", "vixen",
              "hydro", "tubby"][: n - 1]  # fmt: skip
    load(d, base, answer="crane", rows=n, anim=False, stats=False, guesses=misses)
    assert len(rows(d)) == n
    board, container = rect(d, "#board"), rect(d, "#board-container")
    assert container["top"] <= board["top"] and board["bottom"] <= container["bottom"]
    tile = tile_rect(d, n - 1, 0)
    assert tile["width"] == tile["height"] and tile["bottom"] <= board["bottom"]
    play(d, "fizzy", n - 1)
    assert js(d, "document.body.dataset.status") == "FAIL"
    assert toasts(d)[0] == "CRANE"


def test_rows_open_grows_until_the_cap(d: WebDriver, base: str) -> None:
    load(d, base, answer="crane", rows="open", anim=False, stats=False)
    assert len(rows(d)) == 1
    first = tile_rect(d, 0, 0)
    play(d, "slate", 0)
    assert rows(d)[1] == ("", ".....") and len(rows(d)) == 2
    assert tile_rect(d, 0, 0) == first  # the board grows below, tiles keep their size
    misses = ["slate", "brine", "pound", "moist", "lucky", "fjord", "gawky", "chump", "vixen",
              "hydro", "tubby"]  # fmt: skip
    load(d, base, answer="crane", rows="open", anim=False, stats=False, guesses=misses)
    assert len(rows(d)) == 12
    play(d, "fizzy", 11)
    assert len(rows(d)) == 12 and js(d, "document.body.dataset.status") == "FAIL"


# ---------- scoring=lenient-dupes ----------


def lenient_score(guess: str, answer: str) -> str:
    """solid-wordle's over-marking: yellow whenever the answer's non-green letters hold it."""
    open_letters = {a for g, a in zip(guess, answer, strict=True) if g != a}
    return "".join(
        "G" if g == a else "Y" if g in open_letters else "X"
        for g, a in zip(guess, answer, strict=True)
    )


def test_lenient_dupes_scoring_matches_the_reference(d: WebDriver, base: str) -> None:
    assert lenient_score("bobby", "abbey") == "YXGYG" != score("bobby", "abbey")
    cases = {"abbey": ["bobby", "kebab", "eerie"], "speed": ["geese", "erase", "steep"]}
    for answer, guesses in cases.items():
        load(d, base, answer=answer, scoring="lenient-dupes", anim=False, stats=False)
        for row, guess in enumerate(guesses):
            assert play(d, guess, row) == lenient_score(guess, answer), (answer, guess)


# ---------- reveal= ----------


def watch_reveal(d: WebDriver, row: int) -> tuple[set[str], list[int], list[tuple[float, float]]]:
    """Animations seen, revealed-tile counts seen and tile sizes seen until the row settles."""
    names: set[str] = set()
    counts: list[int] = []
    sizes: list[tuple[float, float]] = []
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        seen = d.execute_script(
            "const ts = [...document.querySelectorAll('#board .row')[arguments[0]].children];"
            "return [document.getAnimations().map(a => a.animationName),"
            " ts.filter(t => ['correct','present','absent'].includes(t.dataset.state)).length,"
            " ts.map(t => t.getBoundingClientRect()).map(r => [r.width, r.height]),"
            " document.getAnimations().length === 0]",
            row,
        )
        names.update(seen[0])
        counts.append(seen[1])
        sizes += seen[2]
        if seen[1] == 5 and seen[3]:
            return names, counts, sizes
    raise AssertionError("the row never settled")


@pytest.mark.parametrize("reveal", ["flip", "flip-y", "fade", "none", "one-by-one", "tilt"])
def test_reveal_modes_end_in_the_right_colours(d: WebDriver, base: str, reveal: str) -> None:
    load(d, base, answer="crane", reveal=reveal, stats=False)
    send(d, "react\n")
    names, counts, sizes = watch_reveal(d, 0)
    assert rows(d)[0] == ("REACT", score("react", "crane"))
    expected = {
        "flip": {"FlipIn", "FlipOut"},
        "tilt": {"FlipIn", "FlipOut"},
        "flip-y": {"FlipYIn", "FlipYOut"},
        "fade": {"FadeIn"},
        "none": set(),
        "one-by-one": set(),
    }[reveal]
    assert names - {"PopIn"} == expected
    if reveal == "flip-y":
        narrowed = [(w, h) for w, h in sizes if w < 40]
        assert narrowed and {h for _, h in narrowed} == {62}  # narrows, keeps its height
    if reveal == "none":
        assert set(counts) <= {0, 5}
    if reveal == "one-by-one":
        assert {1, 2, 3, 4} <= set(counts)  # tile after tile
    image = screenshot(d)
    palette = PALETTES[("light", False)]
    for col, mark in enumerate(score("react", "crane")):
        r = tile_rect(d, 0, col)
        cx, cy = (r["left"] + r["right"]) / 2, (r["top"] + r["bottom"]) / 2
        assert_colour(image, cx - 22, cy + 22, palette[mark], f"{reveal} {mark}")
        if reveal == "tilt":
            assert 62 < r["width"] < 64.5  # rotated: the box is wider than the 60 px tile
        else:
            assert (r["width"], r["height"]) == (62, 62)
    transforms = js(
        d, "[...document.querySelectorAll('#board .tile')].map(t => getComputedStyle(t).transform)"
    )
    if reveal == "tilt":
        assert {rotation(m) for m in transforms[:5]} == {3, -3}  # alternately left and right
        assert set(transforms[5:]) == {"none"}  # only revealed tiles tilt
        load(d, base, answer="crane", reveal=reveal, anim=False, stats=False, guesses=["react"])
        assert js(d, "getComputedStyle(document.querySelector('#board .tile')).transform") != "none"
    else:
        assert set(transforms) == {"none"}


def rotation(matrix: str) -> int:
    """The rotation of a CSS 'matrix(a, b, c, d, e, f)' in whole degrees."""
    a, b = (float(v) for v in matrix[len("matrix(") : -1].split(",")[:2])
    return round(float(np.degrees(np.arctan2(b, a))))


# ---------- tiles= ----------


@pytest.mark.parametrize("shape", ["square", "round", "rounded", "rect", "outline"])
def test_tile_shapes(d: WebDriver, base: str, shape: str) -> None:
    load(d, base, answer="crane", tiles=shape, anim=False, stats=False, guesses=["react"])
    marks = score("react", "crane")
    image = screenshot(d)
    palette = PALETTES[("light", False)]
    r = tile_rect(d, 0, 2)  # A: correct
    radius = js(
        d, "getComputedStyle(document.querySelectorAll('#board .tile')[2]).borderTopLeftRadius"
    )
    corner = image[int(r["top"]) + 2, int(r["left"]) + 2]
    centre_left = image[int((r["top"] + r["bottom"]) / 2), int(r["left"]) + 2]
    if shape == "rect":
        assert (r["width"], r["height"]) == (62, 51)
        assert tile_rect(d, 1, 2)["top"] - r["bottom"] == 5
    else:
        assert (r["width"], r["height"]) == (62, 62)
    if shape in ("round", "rounded"):
        assert radius == ("50%" if shape == "round" else "22%")
        assert np.abs(corner - rgb(palette["page"])).max() <= 3  # the corner is cut off
        assert np.abs(centre_left - rgb(palette["G"])).max() <= 3
    elif shape == "outline":
        for col, mark in enumerate(marks):
            t = tile_rect(d, 0, col)
            assert_colour(image, t["left"] + 2, t["top"] + 31, palette[mark], f"ring {mark}")
            assert_colour(image, t["left"] + 8, t["top"] + 8, palette["page"], f"inside {mark}")
        inside = image[
            int(r["top"]) + 8 : int(r["bottom"]) - 8, int(r["left"]) + 8 : int(r["right"]) - 8
        ]
        assert (np.abs(inside - rgb(palette["G"])).max(axis=2) <= 3).sum() > 50  # a green letter
    else:
        assert radius == "0px"
        assert np.abs(corner - rgb(palette["G"])).max() <= 3


# ---------- offset= ----------


def test_offset_pushes_the_board_below_the_fold(d: WebDriver, base: str) -> None:
    load(d, base, answer="crane", anim=False, stats=False)
    height = js(d, "innerHeight")
    assert js(d, "document.scrollingElement.scrollHeight") == height  # no banner: no scrolling
    load(d, base, answer="crane", offset=700, anim=False, stats=False)
    assert rect(d, "#board")["bottom"] > height  # partly or wholly below the fold
    assert js(d, "document.scrollingElement.scrollHeight") == height + 700  # the page scrolls
    d.execute_script("window.scrollTo(0, document.scrollingElement.scrollHeight)")
    board = rect(d, "#board")
    assert 0 <= board["top"] and board["bottom"] <= height  # scrolled into view
    assert play(d, "crane", 0) == "GGGGG"


# ---------- intro=hides, promo=load ----------


def test_intro_hides_on_escape_but_the_keys_stay_dead_until_a_reload(d: WebDriver,
                                                                      base: str) -> None:
    load(d, base, answer="crane", intro="hides", anim=False, stats=False)
    assert intro_open(d)
    assert not d.find_element("id", "close-intro").is_displayed()  # no x, no button
    assert not d.find_element("id", "play-intro").is_displayed()
    send(d, Keys.ESCAPE)
    assert not intro_open(d)
    send(d, "crane")
    assert rows(d)[0] == ("", ".....")  # hidden, not closed: every key is lost
    ActionChains(d).move_by_offset(20, 500).click().perform()  # nothing to click now
    ActionChains(d).move_by_offset(-20, -500).perform()
    send(d, "c")
    assert rows(d)[0] == ("", ".....")
    # A reload shows it again; its backdrop closes it for good.
    load(d, base, answer="crane", intro="hides", anim=False, stats=False)
    assert intro_open(d)
    ActionChains(d).move_by_offset(20, 500).click().perform()
    ActionChains(d).move_by_offset(-20, -500).perform()
    assert not intro_open(d)
    send(d, "c")  # (its first key after a close brings the help back once, as intro=1)
    assert intro_open(d)
    ActionChains(d).move_by_offset(20, 500).click().perform()
    ActionChains(d).move_by_offset(-20, -500).perform()
    assert play(d, "crane", 0) == "GGGGG"


def test_promo_load_shows_a_board_picture_and_discover_leaves_the_game(d: WebDriver,
                                                                        base: str) -> None:
    load(d, base, answer="crane", promo="load", anim=False, stats=False)
    overlay = d.find_element("id", "promo-overlay")
    assert overlay.is_displayed()
    cover = js(d, "[...document.querySelectorAll('.book-cover .cover-row')].map(r => "
                  "[...r.children].map(t => t.dataset.state + ':' + t.textContent).join(' '))")
    assert len(cover) == 5 and cover[0].startswith("absent:l")  # letters on coloured tiles
    send(d, "c")  # keys reach the board behind it
    assert rows(d)[0] == ("C", "t....")
    send(d, Keys.ESCAPE)  # Escape does nothing
    assert overlay.is_displayed()
    buttons = d.find_elements("css selector", "#promo-modal .play")
    assert [b.text.upper() for b in buttons] == ["FERMER", "DÉCOUVRIR"]
    assert buttons[1].size["width"] > buttons[0].size["width"]
    buttons[1].click()
    assert not overlay.is_displayed()
    assert not d.find_element("id", "game").is_displayed()  # the book page: no game
    load(d, base, answer="crane", promo="load", anim=False, stats=False)
    d.find_elements("css selector", "#promo-modal .play")[0].click()  # Fermer closes it
    assert not d.find_element("id", "promo-overlay").is_displayed()
    assert d.find_element("id", "game").is_displayed()
