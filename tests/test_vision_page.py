"""Vision on screenshots of the project's own page, made here in real headless Chromium.

Boards are set up with the page's query parameters (answer, guesses, typed) and the expected
marks come from the game's own scoring (`autobot.rules.score`), so nothing is hand-written.
Frames are read from pixels only; the test never reads the DOM for the board.
"""

from __future__ import annotations

import io
import time
from collections.abc import Iterator

import numpy as np
import pytest
from conftest import require_chromium
from PIL import Image
from selenium.webdriver.remote.webdriver import WebDriver

from autobot.drivers.browser import BrowserConfig, open_browser
from autobot.page.server import page_url
from autobot.rules import score
from autobot.vision import BoardRead, frames_agree, read_board

pytestmark = pytest.mark.browser

# (answer, submitted guesses, typed letters): doubles on both sides, a full and a fresh board.
BOARDS = [
    ("crane", ["slate", "trace"], "cr"),
    ("speed", ["eerie", "spree", "steep"], ""),
    ("robot", ["motto", "robin", "rotor", "robes", "roost"], "rob"),
    ("llama", [], ""),
]
# (window width, height, device scale): desktop, 2x, a short laptop window, a phone.
DESKTOP, HIDPI = (1280, 1024, 1.0), (900, 800, 2.0)
SHORT, PHONE = (1366, 768, 1.0), (412, 915, 2.625)
LOOKS = [  # (theme, high contrast, (window width, height, device scale))
    ("light", False, DESKTOP),
    ("dark", False, DESKTOP),
    ("light", True, DESKTOP),
    ("dark", True, DESKTOP),
    ("light", False, HIDPI),
    ("dark", True, HIDPI),
    ("dark", False, SHORT),
    ("light", False, PHONE),
]


@pytest.fixture(scope="module")
def browsers(chromium: None) -> Iterator[dict[tuple[int, int, float], WebDriver]]:
    """One browser per (window width, height, device scale), opened on first use, always closed."""
    from contextlib import ExitStack

    with ExitStack() as stack:

        class Lazy(dict):
            def __missing__(self, setup: tuple[int, int, float]) -> WebDriver:
                width, height, scale = setup
                config = BrowserConfig(window_size=(width, height), scale=scale)
                self[setup] = stack.enter_context(open_browser(config))
                return self[setup]

        yield Lazy()


def grab(d: WebDriver) -> np.ndarray:
    """One screenshot as an RGB frame."""
    return np.asarray(Image.open(io.BytesIO(d.get_screenshot_as_png())).convert("RGB"))


def steady_read(d: WebDriver, timeout: float = 10.0) -> BoardRead:
    """Read frames until two consecutive settled reads agree (what the bot does)."""
    deadline = time.monotonic() + timeout
    previous = None
    while True:
        read = read_board(grab(d))
        if read.found and read.settled and previous is not None and frames_agree(previous, read):
            return read
        previous = read
        if time.monotonic() > deadline:
            raise AssertionError(f"no steady board within {timeout} s: last {read}")
        time.sleep(0.05)


def expected_rows(answer: str, guesses: list[str], typed: str) -> list[tuple[str, str]]:
    """The board the page should show, from the game's own scoring."""
    rows = [(g.upper(), score(g, answer)) for g in guesses]
    if len(rows) < 6:
        rows.append((typed.upper(), "t" * len(typed) + "." * (5 - len(typed))))
    rows += [("", ".....")] * (6 - len(rows))
    return rows


@pytest.mark.parametrize(("theme", "contrast", "setup"), LOOKS)
@pytest.mark.parametrize(("answer", "guesses", "typed"), BOARDS)
def test_page_board_read_right(
    browsers: dict, base: str, theme: str, contrast: bool, setup: tuple[int, int, float],
    answer: str, guesses: list[str], typed: str,
) -> None:
    d = browsers[setup]
    d.get(page_url(base, answer=answer, guesses=guesses, typed=typed, theme=theme,
                   contrast=contrast, anim=False, stats=False))
    read = steady_read(d)
    assert read.theme == theme
    assert read.high_contrast == (contrast and any(m in "GY" for _, ms in read.rows for m in ms))
    assert [tuple(r) for r in read.rows] == expected_rows(answer, guesses, typed)


def _watch(d: WebDriver, seconds: float) -> list[BoardRead]:
    """Reads of every frame grabbed for `seconds`."""
    reads = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        reads.append(read_board(grab(d)))
    return reads


def _send(d: WebDriver, text: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    ActionChains(d).send_keys(text.replace("\n", Keys.ENTER)).perform()


def test_flip_is_not_settled_and_ends_right(browsers: dict, base: str) -> None:
    d = browsers[DESKTOP]
    d.get(page_url(base, answer="crane", theme="dark", anim=True, stats=False))
    steady_read(d)
    _send(d, "slate\n")
    reads = _watch(d, 1.2)  # the reveal takes ~1.6-2 s: every frame here is mid-row
    moving = [r for r in reads if r.found and not r.settled]
    assert moving, "no frame of the flip was reported as not settled"
    for r in reads:  # a half-revealed row is never passed off as settled
        if r.found and r.settled:
            assert all(set(m) <= set("GYX.") or set(m) <= set("t.") for _, m in r.rows), r
    final = steady_read(d)
    assert final.rows[0] == ("SLATE", score("slate", "crane"))


def test_toast_over_board_is_not_settled(browsers: dict, base: str) -> None:
    d = browsers[DESKTOP]
    d.get(page_url(base, answer="crane", theme="light", anim=True, stats=False))
    steady_read(d)
    _send(d, "xqzvj\n")  # not a word: "Not in word list" toast, the row stays typed
    reads = _watch(d, 0.8)
    toasts = [r for r in reads if r.found and any("toast" in why for why in r.reasons)]
    assert toasts, "the 'Not in word list' toast was not seen over the board"
    final = steady_read(d)
    assert final.rows[0] == ("XQZVJ", "ttttt")


@pytest.mark.slow
def test_templates_are_what_the_harvester_makes(tmp_path) -> None:
    """templates/default is what a fresh harvest from the page makes (so never hand-made):
    every glyph of each set has a same-letter twin in the other."""
    require_chromium()
    from autobot.vision import glyphs
    from autobot.vision.harvest import SAME_SHAPE, harvest

    harvest(tmp_path)

    def load(folder) -> tuple[np.ndarray, np.ndarray]:
        """(letters, zero-mean unit glyph vectors): the measure the harvester dedupes with."""
        paths = sorted(folder.glob("*.png"))
        letters = np.array([glyphs.letter_from_name(p.stem) for p in paths])
        images = np.stack([np.asarray(Image.open(p), np.float32) / 255 for p in paths])
        return letters, glyphs._unit(images)

    (fresh_letters, fresh), (kept_letters, kept) = load(tmp_path), load(glyphs.DEFAULT_DIR)
    assert set(fresh_letters) == set(kept_letters)
    twin = np.where(np.equal.outer(fresh_letters, kept_letters), fresh @ kept.T, -1.0)
    assert twin.max(axis=1).min() >= SAME_SHAPE - 0.02  # every fresh glyph is in the set
    assert twin.max(axis=0).min() >= SAME_SHAPE - 0.02  # and every kept one is still made


CLONE_STYLE = """
const s = document.createElement('style');
s.textContent = `body, body.dark, body.contrast {
  --correct: #22c55e !important; --present: #eab308 !important;
  --absent: ${arguments[0]} !important;
}
.tile { border-radius: 8px !important; font-family: ${arguments[1]} !important; }`;
document.head.appendChild(s);
"""


@pytest.mark.parametrize(("theme", "absent", "font"), [
    ("light", "#94a3b8", "'DejaVu Serif', serif"),
    ("dark", "#334155", "'DejaVu Sans', sans-serif"),
])
def test_clone_look_reads_right(
    browsers: dict, base: str, theme: str, absent: str, font: str
) -> None:
    """The page restyled like a Tailwind clone (other greens/yellows, slate absent, rounded
    tiles, another font) by a style rule added here: still read right by colour roles."""
    d = browsers[DESKTOP]
    answer, guesses, typed = "robot", ["motto", "robin", "rotor"], "ro"
    d.get(page_url(base, answer=answer, guesses=guesses, typed=typed, theme=theme, anim=False,
                   stats=False))
    d.execute_script(CLONE_STYLE, absent, font)
    read = steady_read(d)
    assert [tuple(r) for r in read.rows] == expected_rows(answer, guesses, typed)
    tailwind_green = np.abs(grab(d).astype(int) - (0x22, 0xC5, 0x5E)).max(axis=2) <= 4
    assert tailwind_green.sum() > 1000  # the restyle really took effect
