"""Real third-party clones' palettes read from real Chromium screenshots.

Each clone (../shared/clones) is opened with its answer fixed by its documented control, guesses
are typed with real key events (repeated letters included), and the board read from the pixels
must equal the page's own scoring: `autobot.rules.score` for NYT-rule clones, the lenient rule
for solid-wordle. Where the board's geometry is not this part's job (32 tiny boards, round
tiles), the tile boxes come from the DOM and only the colour roles are checked.
"""

from __future__ import annotations

import json
import time

import numpy as np
import pytest
from clone_pages import (
    SETUPS,
    lenient_score,
    open_clone,
    play_and_capture,
    screenshot,
    type_guess,
    type_letters,
)
from conftest import require_chromium, require_clone
from perturb import PERTURBATIONS, seeded_rng

from autobot.rules import score
from autobot.vision import (
    Grid,
    background_lab,
    classify_colours,
    glyphs,
    read_board,
    read_letters,
    sample_tiles,
)
from autobot.vision.read import template_dirs

pytestmark = pytest.mark.browser


def nyt(guess: str, answer: str) -> str:
    """NYT marks of a guess."""
    return score(guess.lower(), answer.lower())


# setup name -> (guesses, scoring rule); every list has a word with a repeated letter.
GAMES = {
    "letreco": (["TEMPO", "FATIA", "PLANO"], nyt),  # FATIA: two As, one correct
    "solid-wordle-light": (["TRAIN", "MARRY", "CARRY"], lenient_score),  # RR: both yellow
    "solid-wordle-dark": (["TRAIN", "MARRY", "CARRY"], lenient_score),
    "wordle-global": (["TROOP", "CHORE", "CRISP"], nyt),  # TROOP: the second O absent
}


def expected(guesses: list[str], answer: str, rule) -> list[tuple[str, str]]:
    """Rows after `guesses`, scored by the clone's rule."""
    rows = [(g, rule(g, answer)) for g in guesses]
    return rows + [("", ".....")] * (6 - len(rows))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_clone_board_after_every_guess(name: str) -> None:
    """After each guess (one, two then three colours on the board) the read is the score."""
    require_chromium()
    guesses, rule = GAMES[name]
    setup = SETUPS[name]
    frames = play_and_capture(setup, guesses)
    for n, frame in enumerate(frames, start=1):
        read = read_board(frame)
        assert read.found, (name, n, read.reasons)
        rows = [tuple(r) for r in read.rows]
        assert rows == expected(guesses[:n], setup.answer, rule), (name, n, read.reasons)
        assert read.settled, (name, n, read.reasons)
    for kind in ("jpeg60", "shift12", "noise"):  # the last frame as real captures spoil it
        spoilt = PERTURBATIONS[kind][0](frames[-1], seeded_rng(name, kind))
        assert read_board(spoilt).rows == read.rows, kind


def roles_as_rows(frame: np.ndarray, grid: Grid) -> tuple[list[str], object]:
    """Marks per row from the colour classifier alone ('.' empty, 't' typed), and the palette."""
    bg = background_lab(frame, grid)
    samples = sample_tiles(frame, grid, bg)
    letters = read_letters(frame, grid, samples, glyphs.load_templates(template_dirs(None)))
    roles, learned = classify_colours(samples, bg, None, letters)
    rows = []
    for r in range(grid.rows):
        marks = ""
        for c in range(grid.cols):
            role = roles[r, c]
            if role == "blank":
                marks += "t" if samples[r, c].ink else "."
            else:
                marks += "." if role == "hint" else role
        rows.append(marks)
    return rows, learned


def test_letreco_colour_blind_mode() -> None:
    """Blue correct, vermillion present, near-black absent: the reverse of NYT's blue/orange."""
    require_chromium()
    guesses = ["TEMPO", "FATIA", "PLANO"]
    setup = SETUPS["letreco-colourblind"]
    frame = play_and_capture(setup, guesses)[-1]
    want = [m for _, m in expected(guesses, setup.answer, nyt)]
    read = read_board(frame)
    assert read.found, read.reasons
    # Every colour is learned right (rounded, dash-bordered tiles may fail the sampler's ring
    # check and be left '?', which is the geometry's business, never a wrong mark).
    assert roles_as_rows(frame, read.grid)[0] == want
    got = [m for _, m in read.rows]
    for g, w in zip(got, want, strict=True):
        assert all(a in (b, "?") for a, b in zip(g, w, strict=True)), (got, want)
    assert sum(m != "?" for row in got for m in row) >= 25, got
    assert not read.high_contrast


BOXES_JS = """
const groups = new Map();
for (const e of document.querySelectorAll(arguments[0])) {
  const r = e.getBoundingClientRect();
  if (!groups.has(e.parentElement)) groups.set(e.parentElement, []);
  groups.get(e.parentElement).push([r.x, r.y, r.width, r.height, e.className]);
}
return [...groups.values()];
"""


def dom_boxes(driver, selector: str) -> list[list[list]]:
    """Boxes (x, y, w, h, class) of the cells matching `selector`, grouped by board (parent
    element): test set-up only, so the colour check does not depend on finding odd boards."""
    return driver.execute_script(BOXES_JS, selector)


def grid_of(boxes: list[list]) -> Grid:
    """A Grid through these cell boxes (5 per row, rows in order)."""
    rows = len(boxes) // 5
    xs, ys = [b[0] for b in boxes], [b[1] for b in boxes]
    pitch_x = (xs[4] - xs[0]) / 4
    pitch_y = (ys[5 * (rows - 1)] - ys[0]) / (rows - 1) if rows > 1 else pitch_x
    return Grid(xs[0], ys[0], pitch_x, pitch_y, boxes[0][2], cols=5, rows=rows)


def test_word_master_round_tiles_colours() -> None:
    """Slate absent, green correct, amber present on round tiles (boxes from the DOM)."""
    require_chromium()
    setup = SETUPS["word-master"]
    guesses = ["STEAM", "TRAIT"]  # TRAIT: two Ts, one correct
    with open_clone(setup) as driver:
        for word in guesses:
            type_guess(driver, word, setup.settle)
        type_letters(driver, "RA")  # typed, not submitted
        time.sleep(0.3)
        frame = screenshot(driver)
        boxes = [b for group in dom_boxes(driver, "span.rounded-full") for b in group]
    grid = grid_of(boxes[:30])
    rows, learned = roles_as_rows(frame, grid)
    want = [nyt(g, setup.answer) for g in guesses] + ["tt..."] + ["....."] * 3
    assert rows == want, (rows, learned.reasons)


def test_duotrigordle_boards_colours_and_hints() -> None:
    """Bright green/yellow tiles with black letters, slate absent, filled empty tiles and grey
    hint letters in the next row, on a black page (boxes of each small board from the DOM)."""
    require_chromium()
    targets = json.loads((require_clone("duotrigordle") / "historic-targets.json").read_text())
    answers = (targets.get("targets") or targets)["5"]
    guesses = ["SKEWS", "VITAL"]
    setup = SETUPS["duotrigordle"]
    with open_clone(setup) as driver:
        for word in guesses:
            type_guess(driver, word, setup.settle)
        frame = screenshot(driver)
        boards = dom_boxes(driver, "[class*=Boards_cell]")
    # Boards still being played (a solved board is dimmed: it is over), first 3 rows each.
    playing = [i for i in range(8) if answers[i] not in guesses][:5]
    grids = [grid_of(boards[i][:15]) for i in playing]
    hints = sum("Ghost" in b[4] for i in playing for b in boards[i][:15])
    assert hints >= 1  # the hint letters are really on screen
    for i, grid in zip(playing, grids, strict=True):
        rows, learned = roles_as_rows(frame, grid)
        want = [nyt(g, answers[i]) for g in guesses] + ["....."]
        assert rows == want, (i, answers[i], rows, learned.reasons)


def test_letreco_keys_take_the_boards_palette() -> None:
    """The board's learned palette names the on-screen keys' colours too (key boxes from the
    DOM, colours from the pixels)."""
    require_chromium()
    setup = SETUPS["letreco"]
    guesses = ["TEMPO", "FATIA"]
    with open_clone(setup) as driver:
        for word in guesses:
            type_guess(driver, word, setup.settle)
        frame = screenshot(driver)
        keys = driver.execute_script(
            "const out = {}; for (const b of document.querySelectorAll('button')) {"
            "const t = b.textContent.trim(); const r = b.getBoundingClientRect();"
            "if (t.length === 1 && r.width > 10) out[t] = [r.x, r.y, r.width, r.height]; }"
            "return out;"
        )
    read = read_board(frame)
    assert read.found and read.palette is not None, read.reasons
    want = {"F": "G", "I": "G", "O": "Y", "T": "X", "E": "X", "M": "X"}
    for letter, mark in want.items():
        x, y, w, h = (round(v) for v in keys[letter])
        patch = frame[y + 2 : y + h - 2, x + 2 : x + w - 2].reshape(-1, 3)
        rgb = tuple(int(v) for v in np.median(patch, axis=0))
        assert read.palette.mark_of_rgb(rgb) == mark, (letter, rgb)
    x, y, w, h = (round(v) for v in keys["Q"])  # never guessed: no role
    rgb = tuple(int(v) for v in np.median(frame[y + 2 : y + h - 2, x + 2 : x + w - 2]
                                          .reshape(-1, 3), axis=0))
    assert read.palette.mark_of_rgb(rgb) == "?", rgb
