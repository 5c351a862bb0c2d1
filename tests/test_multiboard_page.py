"""Many boards on the bundled page (boards=N) and in vision (every board found and read), and
the many-board loop's pure judgement of which read is which board."""

from __future__ import annotations

import io
import time

import numpy as np
import pytest

from autobot.loop.many import assign, rows_now
from autobot.multiboard import MultiState
from autobot.page.server import BOARD_COUNTS, answers_for_seed, page_url
from autobot.rules import score

ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade"]


# --- pure: which read is which board -------------------------------------------------------


def _rows(*guesses_marks: tuple[str, str], empty: int = 1) -> tuple[tuple[str, str], ...]:
    return tuple((g.upper(), m) for g, m in guesses_marks) + (("", "....."),) * empty


def test_boards_are_told_by_their_colours_not_their_place() -> None:
    state = MultiState(3).after("salet", ["XXXXX", "YXXXX", "XXXXX"])
    reads = [_rows(("salet", "YXXXX")), _rows(("salet", "XXXXX")), _rows(("salet", "XXXXX"))]
    got = assign(state, reads)
    # Board 2 (YXXXX) is the first read; boards 1 and 3 showed the same: either order will do.
    assert got == {1: 0, 0: 1, 2: 2}
    assert rows_now(state, type("R", (), {"boards": [_Read(r) for r in reads]})()) == {
        0: ("", "....."), 1: ("", "....."), 2: ("", ".....")}


def test_a_solved_board_that_folds_away_is_not_needed_and_a_missing_one_is_named() -> None:
    state = MultiState(2).after("cigar", ["GGGGG", "XXXXX"])
    # The solved board shows only its winning row (or nothing): only board 2 must be there.
    assert assign(state, [_rows(("cigar", "GGGGG"), empty=0), _rows(("cigar", "XXXXX"))]) \
        == {1: 1}
    problem = assign(state, [_rows(("cigar", "GGGGG"), empty=0)])
    assert isinstance(problem, str) and "board 2" in problem
    # A read that does not show the board's colours so far is not that board.
    assert isinstance(assign(state, [_rows(("cigar", "XXXYX"))]), str)


class _Read:
    found = True
    settled = True

    def __init__(self, rows: tuple[tuple[str, str], ...]) -> None:
        self.rows = rows


# --- the page and vision, in Chromium -------------------------------------------------------


def _shot(d) -> np.ndarray:  # type: ignore[no-untyped-def]
    from PIL import Image

    return np.asarray(Image.open(io.BytesIO(d.get_screenshot_as_png())).convert("RGB"))


def _load(d, url: str) -> None:  # type: ignore[no-untyped-def]
    d.get(url)
    for _ in range(100):
        if d.execute_script("return document.body.dataset.ready") == "1":
            return
        time.sleep(0.05)
    raise AssertionError(f"{url} never got ready")


@pytest.fixture(scope="module")
def browser(chromium: None):  # type: ignore[no-untyped-def]
    from autobot.drivers.browser import BrowserConfig, open_browser

    with open_browser(BrowserConfig()) as d:
        yield d


@pytest.mark.browser
def test_seeded_answers_are_the_ones_python_predicts(base: str, browser) -> None:  # type: ignore[no-untyped-def]
    seed = 7
    answers = answers_for_seed(seed, 4)
    assert len(set(answers)) == 4
    _load(browser, page_url(base, boards=4, seed=seed, anim=False, stats=False,
                            guesses=answers))
    assert browser.execute_script("return document.body.dataset.status") == "WIN"
    # Each board took no more rows once solved: board k shows k + 1 filled rows.
    filled = browser.execute_script(
        "return [...document.querySelectorAll('.mboard')].map(b => "
        "[...b.querySelectorAll('.row')].filter(r => r.textContent).length)")
    assert filled == [1, 2, 3, 4]
    assert BOARD_COUNTS == (1, 2, 4, 8, 16, 32)


@pytest.mark.browser
@pytest.mark.parametrize(("query", "toast"), [
    ("boards=3", "Bad boards 3"),
    ("boards=2&answers=cigar", "1 answers for 2 boards"),
    ("boards=2&answer=cigar", "With boards use answers="),
])
def test_bad_many_board_settings_are_refused(base: str, browser, query: str, toast: str) -> None:  # type: ignore[no-untyped-def]
    _load(browser, f"{base}?{query}")
    assert browser.execute_script("return document.getElementById('toaster').textContent") \
        == toast


@pytest.mark.browser
@pytest.mark.parametrize(("boards", "theme"), [(2, "light"), (4, "dark"), (8, "light"),
                                                (8, "dark")])
def test_every_board_is_found_and_read(base: str, browser, boards: int, theme: str) -> None:  # type: ignore[no-untyped-def]
    from autobot.vision.boards import BoardsReader

    answers = ANSWERS[:boards]
    guesses = ["salet", "crony", answers[1]]
    _load(browser, page_url(base, boards=boards, answers=answers, theme=theme, anim=False,
                            guesses=guesses, typed="dump"))
    read = BoardsReader()(_shot(browser))
    assert read.found and read.settled, read.reasons
    assert len(read.boards) == boards
    for b, (answer, board) in enumerate(zip(answers, read.boards, strict=True)):
        played = guesses[:guesses.index(answer) + 1] if answer in guesses else guesses
        want = [(g.upper(), score(g, answer)) for g in played]
        assert list(board.rows[:len(played)]) == want, b
        if answer not in guesses:  # an open board shows the letters being typed
            assert board.rows[len(played)] == ("DUMP", "tttt.")
        assert len(board.rows) == boards + 5
    assert read.to_json()["count"] == boards and read.theme == theme


def test_a_board_gone_from_view_maps_to_none_only_when_asked() -> None:
    from autobot.loop.many import could_be

    state = MultiState(2).after("salet", ["XXXXX", "GXXXX"])
    reads = [_rows(("salet", "XXXXX"))]
    assert assign(state, reads, partial=True) == {0: 0, 1: -1}
    assert isinstance(assign(state, reads), str)
    # Board 2 may have been solved by SHOWN (S first, no A L E T); not by CRONY.
    assert could_be(state, 1, "shown") and not could_be(state, 1, "crony")
