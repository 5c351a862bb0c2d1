"""The on-screen keyboard read from real Chromium screenshots of the bundled page and the clones.

Pages are set up through their own parameters or keys; the DOM is used only to check where
the keys are, and the expected key colours come from the game's rules (autobot.rules.score)
or, on the bundled page, from its key states.
"""

from __future__ import annotations

import io
import time
from collections.abc import Iterator

import numpy as np
import pytest
from conftest import DATE_SHIM, serve_clone
from PIL import Image
from selenium.webdriver.remote.webdriver import WebDriver

from autobot.drivers.browser import BrowserConfig, open_browser
from autobot.page.server import page_url
from autobot.rules import score
from autobot.vision import read_board
from autobot.vision.keyboard import Key, KeyboardRead, best_marks, mark_conflicts, read_keyboard

pytestmark = pytest.mark.browser

STATE_MARK = {"correct": "G", "present": "Y", "absent": "X"}
# Leaf elements with a short text, the lowest one per text (the keyboard sits below the board).
DOM_LABELS_JS = """
const out = {};
for (const el of document.querySelectorAll('body *')) {
  if (el.children.length) continue;
  const t = (el.textContent || '').trim().toUpperCase();
  const r = el.getBoundingClientRect();
  if (!t || t.length > 6 || r.width < 4 || r.height < 4) continue;
  if (!out[t] || r.top > out[t][1]) out[t] = [r.left, r.top, r.right, r.bottom];
}
return [out, window.devicePixelRatio];
"""
PAGE_KEYS_JS = """
return [[...document.querySelectorAll('#keyboard button[data-key]')].map(b => {
  const r = b.getBoundingClientRect();
  return [b.dataset.key, b.dataset.state || '', r.left, r.top, r.right, r.bottom];
}), window.devicePixelRatio];
"""


@pytest.fixture(scope="module")
def browser(chromium: None) -> Iterator[WebDriver]:
    """One headless Chromium (1280x1024 window) for the module."""
    with open_browser(BrowserConfig()) as d:
        yield d


def grab(d: WebDriver) -> np.ndarray:
    """One screenshot as an RGB frame."""
    return np.asarray(Image.open(io.BytesIO(d.get_screenshot_as_png())).convert("RGB"))


def read_now(d: WebDriver, with_grid: bool = True) -> tuple[KeyboardRead, object]:
    """The keyboard (and the board read) of the page as it is now."""
    frame = grab(d)
    board = read_board(frame)
    if not (with_grid and board.found):
        return read_keyboard(frame), board
    return read_keyboard(frame, board.grid, palette=board.palette), board


def contains(key: Key | None, rect: list[float], dpr: float) -> bool:
    """The key's box holds the DOM element's centre (CSS px scaled to device px)."""
    if key is None:
        return False
    cx, cy = (rect[0] + rect[2]) / 2 * dpr, (rect[1] + rect[3]) / 2 * dpr
    x0, y0, x1, y1 = key.box
    return x0 <= cx < x1 and y0 <= cy < y1


def type_slowly(d: WebDriver, text: str, pause: float = 0.08) -> None:
    """Keys one at a time, as a person types (React pages drop keys sent in one burst)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    for ch in text:
        ActionChains(d).send_keys(Keys.ENTER if ch == "\n" else ch).perform()
        time.sleep(pause)


def expected_marks(answer: str, guesses: list[str]) -> dict[str, str]:
    """Letter -> the key colour the rules give after these guesses (best mark of the letter)."""
    return best_marks([(g.upper(), score(g, answer)) for g in guesses])


def check_letters(kb: KeyboardRead, letters: str, marks: dict[str, str],
                  dom: dict[str, list[float]], dpr: float, board: bool = True) -> None:
    """Every letter key read, where the DOM has it, with its colour's mark.

    Without a `board` to compare with, grey keys in two shades are '?' (absent or unused).
    """
    assert kb.found, kb.reasons
    for letter in letters:
        key = kb.key(letter)
        assert key is not None, f"{letter} not read: {[k.label for k in kb.keys]}"
        assert contains(key, dom[letter], dpr), (letter, key.box, dom[letter], dpr)
        want = marks.get(letter, ".")
        if not board and want in "X.":
            want = "?"
        assert key.mark == want, (letter, key.mark, want)


QWERTY = "QWERTYUIOPASDFGHJKLZXCVBNM"
PAGE_LOOKS = [  # (theme, high contrast, window w, h, device scale)
    ("light", False, 1280, 1024, 1.0),
    ("dark", False, 1280, 1024, 1.0),
    ("light", True, 1280, 1024, 1.0),
    ("dark", True, 1280, 1024, 1.0),
    ("light", False, 900, 800, 2.0),
]


@pytest.mark.parametrize(("theme", "contrast", "width", "height", "scale"), PAGE_LOOKS)
def test_bundled_page_keyboard(base: str, browser: WebDriver, theme: str, contrast: bool,
                               width: int, height: int, scale: float) -> None:
    url = page_url(base, answer="crane", guesses=["slate", "proud"], typed="ch", theme=theme,
                   contrast=contrast, anim=False, stats=False)
    if scale == 1.0:
        d, ctx = browser, None
    else:
        ctx = open_browser(BrowserConfig(window_size=(width, height), scale=scale))
        d = ctx.__enter__()
    try:
        d.get(url)
        time.sleep(0.5)
        kb, board = read_now(d)
        keys, dpr = d.execute_script(PAGE_KEYS_JS)
    finally:
        if ctx is not None:
            ctx.__exit__(None, None, None)
    assert board.found
    dom = {k[0].upper(): k[2:] for k in keys}
    states = {k[0].upper(): STATE_MARK.get(k[1], ".") for k in keys}
    check_letters(kb, QWERTY, states, dom, dpr)
    # The page's own states are the rules' best marks.
    assert {k: v for k, v in states.items() if len(k) == 1 and v != "."} == \
        expected_marks("crane", ["slate", "proud"])
    assert contains(kb.key("ENTER"), dom["ENTER"], dpr)
    assert contains(kb.key("BACK"), dom["BACKSPACE"], dpr)
    assert len(kb.keys) == len(keys)  # nothing else on the page taken for a key
    assert kb.reasons == ()


def test_bundled_page_keyboard_without_the_grid(base: str, browser: WebDriver) -> None:
    browser.get(page_url(base, answer="crane", guesses=["slate", "proud"], anim=False,
                         stats=False))
    time.sleep(0.5)
    kb, _ = read_now(browser, with_grid=False)
    keys, dpr = browser.execute_script(PAGE_KEYS_JS)
    dom = {k[0].upper(): k[2:] for k in keys}
    check_letters(kb, QWERTY, expected_marks("crane", ["slate", "proud"]), dom, dpr,
                  board=False)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_jpeg_screenshot_reads_the_same(base: str, browser: WebDriver, theme: str) -> None:
    browser.get(page_url(base, answer="crane", guesses=["slate", "proud"], theme=theme,
                         anim=False, stats=False))
    time.sleep(0.5)
    frame = grab(browser)
    buf = io.BytesIO()
    Image.fromarray(frame).save(buf, "JPEG", quality=60)
    lossy = np.asarray(Image.open(buf).convert("RGB"))
    clean = read_keyboard(frame, read_board(frame).grid)
    board = read_board(lossy)
    got = read_keyboard(lossy, board.grid if board.found else None)
    assert [(k.label, k.mark) for k in got.keys] == [(k.label, k.mark) for k in clean.keys]
    assert all(max(abs(a - b) for a, b in zip(g.box, c.box, strict=True)) <= 3
               for g, c in zip(got.keys, clean.keys, strict=True))


def test_cache_reads_the_same_as_no_cache(base: str, browser: WebDriver) -> None:
    browser.get(page_url(base, answer="crane", guesses=["slate"], anim=False, stats=False))
    time.sleep(0.5)
    frame = grab(browser)
    grid = read_board(frame).grid
    cache: dict = {}
    plain = read_keyboard(frame, grid)
    assert read_keyboard(frame, grid, cache=cache) == plain
    assert cache
    assert read_keyboard(frame, grid, cache=cache) == plain  # now from the cache


def test_no_keyboard_is_not_found(base: str, browser: WebDriver) -> None:
    browser.get(page_url(base, answer="crane", guesses=["slate"], anim=False, stats=False))
    time.sleep(0.5)
    frame = grab(browser)
    board = read_board(frame)
    assert board.found and board.grid is not None
    above_keys = frame[: board.grid.bbox()[3] + 20]  # the board, no keyboard
    assert not read_keyboard(above_keys).found
    assert not read_keyboard(above_keys, board.grid).found
    assert not read_keyboard(np.full((600, 800, 3), 240, np.uint8)).found
    # The glyph sheet: rows of letter tiles, but no keyboard.
    browser.get(page_url(base, sheet="ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
    time.sleep(0.5)
    assert not read_keyboard(grab(browser)).found


# --- the clones --------------------------------------------------------------------------------


def play_clone(d: WebDriver, name: str, guesses: list[str], *, init: str = "",
               setup: str = "", path: str = "", pause: float = 0.8,
               ) -> tuple[KeyboardRead, object, dict[str, list[float]], float]:
    """Serve a clone, type the guesses (`pause` s after each), read the screen; the DOM's
    short texts (label -> lowest element's rect) and the device pixel ratio, for checking."""
    script = d.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                               {"source": init})["identifier"] if init else None
    try:
        with serve_clone(name) as url:
            # Any host but 127.0.0.1/localhost is sent to https by wordle-global.
            url = url.replace("127.0.0.1", "localhost") + path
            if setup:  # localStorage of the page's origin, then a fresh load
                d.get(url)
                d.execute_script(setup)
            d.get(url)
            time.sleep(1.0)
            for guess in guesses:
                type_slowly(d, guess + "\n")
                time.sleep(pause)
            kb, board = read_now(d)
            dom, dpr = d.execute_script(DOM_LABELS_JS)
    finally:
        if script is not None:
            d.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script})
    return kb, board, dom, dpr


@pytest.mark.parametrize("dark", [False, True])
def test_word_master_keyboard(browser: WebDriver, dark: bool) -> None:
    kb, board, dom, dpr = play_clone(browser, "word-master", ["slate", "proud"], setup=(
        "localStorage.setItem('first-time','false');"
        f"localStorage.setItem('dark-mode','{str(dark).lower()}');"
        "localStorage.setItem('stateAnswer', JSON.stringify('TRAIN'));"
        "localStorage.setItem('difficulty', JSON.stringify('easy'));"))
    # Its round tiles are found in both themes: the keys are read below them, by its palette.
    assert board.found  # type: ignore[attr-defined]
    check_letters(kb, QWERTY, expected_marks("train", ["slate", "proud"]), dom, dpr)
    assert contains(kb.key("ENTER"), dom["ENTER"], dpr)
    back = kb.key("BACK")
    assert back is not None and back.box[0] > kb.key("M").box[2]  # type: ignore[union-attr]


@pytest.mark.parametrize("dark", [False, True])
def test_solid_wordle_keyboard(browser: WebDriver, dark: bool) -> None:
    # Math.random = () => 0 picks the first answer, CIGAR; tiles flip for ~1.2 s. Its dark
    # theme draws used-up keys darker than the board's absent tiles.
    kb, board, dom, dpr = play_clone(
        browser, "solid-wordle", ["slate", "proud"], init="Math.random = () => 0;", pause=1.8,
        setup=f"localStorage.setItem('color-mode', '{'dark' if dark else 'light'}');")
    check_letters(kb, QWERTY, expected_marks("cigar", ["slate", "proud"]), dom, dpr)
    assert contains(kb.key("ENTER"), dom["ENTER"], dpr)
    assert contains(kb.key("BACK"), dom["BACK"], dpr)
    assert board.found  # type: ignore[attr-defined]


@pytest.mark.parametrize(("path", "answer", "guesses", "letters"), [
    ("", "porch", ["slate", "crown"], QWERTY),
    ("de/", "gnade", ["nagel", "rauch"], "ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ"),
])
def test_wordle_global_keyboard(browser: WebDriver, path: str, answer: str,
                                guesses: list[str], letters: str) -> None:
    kb, _, dom, dpr = play_clone(browser, "wordle-global", guesses, path=path)
    check_letters(kb, letters, expected_marks(answer, guesses), dom, dpr)
    assert contains(kb.key("ENTER"), dom["⇨"], dpr)
    assert contains(kb.key("BACK"), dom["⌫"], dpr)
    if path == "de/":
        assert contains(kb.key("ß"), dom["SS"], dpr)


def test_letreco_keyboard_with_separate_enter_and_back(browser: WebDriver) -> None:
    # The date shim pins the daily word: 2024-05-01 is FOBIA.
    kb, board, dom, dpr = play_clone(browser, "letreco", ["tempo", "plano"],
                                     init=DATE_SHIM.format(day="2024-05-01"))
    actions = browser.execute_script(
        "return [...document.querySelectorAll('.action-button')].map(b => {"
        "const r = b.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })")
    assert board.found and kb.found  # type: ignore[attr-defined]
    for letter in QWERTY:
        assert contains(kb.key(letter), dom[letter], dpr), letter
    # Letreco's absent colour is dark red; whatever role the board gives it, the keys agree.
    rows = board.rows  # type: ignore[attr-defined]
    assert set(best_marks(rows)) == set("TEMPOLAN")
    assert mark_conflicts(kb.keys, rows) == []
    # ⌫ left, ✓ right, both icons: the X drawn in ⌫ tells them apart.
    back, enter = sorted(actions)
    assert contains(kb.key("ENTER"), enter, dpr)
    assert contains(kb.key("BACK"), back, dpr)
    assert kb.reasons == ()


# --- other layouts, drawn by Chromium from a small page made here ------------------------------

LAYOUT_PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>
body {{ margin: 0; background: {page}; font-family: sans-serif; }}
#kb {{ position: absolute; top: {top}px; left: 50%; transform: translateX(-50%); }}
.row {{ display: flex; justify-content: center; margin: 0 0 {gap}px; }}
button {{ height: {h}px; min-width: {w}px; margin: 0 3px; border: 0; border-radius: 4px;
  background: {key}; color: {ink}; font: bold {font}px sans-serif; padding: 0 4px; }}
button.wide {{ min-width: {wide}px; font-size: {small}px; }}
</style></head><body><div id="kb">{rows}</div></body></html>"""


def layout_page(rows: list[list[str]], *, page: str = "#ffffff", key: str = "#d3d6da",
                ink: str = "#1a1a1b", h: int = 58, w: int = 43, gap: int = 8,
                top: int = 420) -> str:
    """A data: URL of a page showing only a keyboard with these rows (words are wide keys)."""
    from urllib.parse import quote

    html = "".join(
        '<div class="row">' + "".join(
            f'<button class="{"wide" if len(k) > 1 else ""}">{k}</button>' for k in r)
        + "</div>" for r in rows)
    doc = LAYOUT_PAGE.format(page=page, key=key, ink=ink, h=h, w=w, gap=gap, top=top,
                             wide=round(w * 1.5), font=round(h * 0.35), small=round(h * 0.21),
                             rows=html)
    return "data:text/html;charset=utf-8," + quote(doc)


LAYOUTS = {
    "qwertz": [list("QWERTZUIOPÜ"), list("ASDFGHJKLÖÄ"), ["ENTER", *"YXCVBNM", "⌫"]],
    "azerty": [list("AZERTYUIOP"), list("QSDFGHJKLM"), ["ENVIAR", *"WXCVBN", "BORRAR"]],
    "two rows": [list("ABCDEFGHIJKLM"), ["⏎", *"NOPQRSTUVWXYZ", "⌫"]],
    "four rows": [["⌫", "✓"], list("ABCDEFG"), list("HIJKLMN"), list("OPQRSTU"), list("VWXYZ")],
}
WORD_KEYS = {"ENTER": "ENTER", "ENVIAR": "ENTER", "⏎": "ENTER", "✓": "ENTER", "⌫": "BACK",
             "BORRAR": "BACK"}


@pytest.mark.parametrize("dark", [False, True])
@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_other_layouts(browser: WebDriver, layout: str, dark: bool) -> None:
    rows = LAYOUTS[layout]
    colours = {"page": "#121213", "key": "#818384", "ink": "#d7dadc"} if dark else {}
    browser.get(layout_page(rows, **colours))
    time.sleep(0.3)
    kb, _ = read_now(browser)
    dom, dpr = browser.execute_script(DOM_LABELS_JS)
    assert kb.found, kb.reasons
    labels = [k for r in rows for k in r]
    assert len(kb.keys) == len(labels)
    for label in labels:
        want = WORD_KEYS.get(label, label)
        key = kb.key(want)
        assert key is not None, (want, [k.label for k in kb.keys])
        assert contains(key, dom[label.upper()], dpr), (label, key.box)
        assert key.mark == "."  # nothing played: no board, one shade of keys
