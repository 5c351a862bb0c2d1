"""Pages nobody wrote for autobot: colours that mean something else than first read, a list
far smaller than ours, a board of another width. Pure parts first, then real pages.

The four pages in tests/data/pages were written for this project by a separate author who
never saw autobot's code, each from a one-paragraph description of a look and its quirks
(see tests/data/pages/README.md); `?answer=` fixes the answer, set up as a test may.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from autobot.errors import AutobotError
from autobot.loop.rows import recoloured
from autobot.rules import Turn
from autobot.solver import GameState, SolverConfig, make_solver

PAGES = Path(__file__).parent / "data" / "pages"

# --- the game so far, read again -----------------------------------------------------------


def test_rows_read_again_with_a_colour_meaning_present_replace_the_game_so_far() -> None:
    history = [Turn("salet", "XGXGX")]
    rows = [("SALET", "XYXYX"), ("MERCY", "XYYYX")]
    assert recoloured(rows, history) == [Turn("salet", "XYXYX")]


def test_only_a_change_of_meaning_is_taken() -> None:
    history = [Turn("salet", "XGXGX"), Turn("mercy", "XGGGX")]
    # One recorded mark read two ways (G as Y here, as G there): a misread, not a meaning.
    assert recoloured([("SALET", "XYXYX"), ("MERCY", "XGGGX")], history) is None
    # Two colours merged into one: not a change of meaning either.
    assert recoloured([("SALET", "XXXXX"), ("MERCY", "XXXXX")], history) is None
    # Other letters, unsure tiles, rows missing, nothing changed: no.
    assert recoloured([("SALTS", "XYXYX"), ("MERCY", "XYYYX")], history) is None
    assert recoloured([("SALET", "XYX?X"), ("MERCY", "XYYYX")], history) is None
    assert recoloured([("SALET", "XYXYX")], history) is None
    assert recoloured([("SALET", "XGXGX"), ("MERCY", "XGGGX")], history) is None
    assert recoloured([("CRANE", "5")], [Turn("crane", "2")]) is None  # Jotto's counts


# --- a page whose list is smaller than ours --------------------------------------------------


def test_after_refusals_probe_words_are_common_ones() -> None:
    """Two refused probes say the page's list is not ours: the next probes are everyday
    words or possible answers, not GORMY and PORGY."""
    solver = make_solver(SolverConfig())
    history = (Turn("salet", "XGXGX"),)
    free = solver.next_guess(GameState(history=history))
    refused = frozenset({free, "xylyl"})
    assert len(refused) == 2
    after = solver.next_guess(GameState(history=history, banned=refused))
    common = solver.common_mask(len(refused))
    assert common is not None and solver.common_mask(0) is None
    assert common[solver.guess_index[after]] and after not in refused
    assert common.sum() < len(common) / 2  # a real narrowing, not every word


@pytest.mark.slow
def test_a_variant_whose_opener_was_refused_plays_another() -> None:
    from autobot.games import find_game
    from autobot.games.strategy import GameStrategy

    strategy = GameStrategy(find_game("wordle", 6))
    opener = strategy.next_guess(GameState())
    again = strategy.next_guess(GameState(banned=frozenset({opener})))
    assert again != opener and strategy.is_allowed(again)
    # Two refusals: probes come from the answers (the common words) only.
    third = strategy.next_guess(GameState(banned=frozenset({opener, again})))
    assert third in strategy.game.answers


# --- a board of another width ----------------------------------------------------------------


class _Read:
    def __init__(self, width: int) -> None:
        self.rows = (("", "." * width),) * 6


def test_a_board_of_another_width_makes_the_game_that_length() -> None:
    from autobot.games import find_game
    from autobot.games.strategy import GameStrategy
    from autobot.players import PageWidth

    five = make_solver(SolverConfig())
    made: list[int] = []

    def make(width: int) -> Any:
        made.append(width)
        return GameStrategy(find_game("wordle", width))

    classic = find_game("wordle", 5)
    player = PageWidth(five, make, classic)
    player.see_page(None, _Read(5))
    assert player.game is classic and player.solver is five and made == []
    player.see_page(None, _Read(6))
    assert made == [6] and player.game.length == 6
    assert len(player.next_guess(GameState())) == 6
    assert any("6 letters wide" in note for note in player.take_notes())

    def refuse(width: int) -> Any:
        raise AutobotError("no words of that length")

    stays = PageWidth(five, refuse, classic)
    stays.see_page(None, _Read(12))
    assert stays.game is classic and len(stays.next_guess(GameState())) == 5


# --- real pages, real Chromium ---------------------------------------------------------------


@pytest.fixture(scope="module")
def pages() -> Any:
    from autobot.page.server import serve_folder

    with serve_folder(PAGES) as url:
        yield url


def play(pages: str, tmp_path: Path, page: str, answer: str) -> dict[str, Any]:
    out = tmp_path / f"{page}-{answer}.json"
    done = subprocess.run(
        [sys.executable, "-m", "autobot", "play", "--url", f"{pages}/{page}/?answer={answer}",
         "--json", str(out)], capture_output=True, text=True, timeout=600,
    )
    record = json.loads(out.read_text())
    record["stdout"], record["returncode"] = done.stdout, done.returncode
    return record


@pytest.mark.browser
def test_night_colours_first_misread_are_read_again(pages: str, tmp_path: Path) -> None:
    """Canvas board, teal correct and an orange near NYT's correct meaning present: the lone
    orange of SALET is first taken for correct; MERCY's E and SALET's A, both orange in column
    2, cannot both be correct, and the game so far is read again."""
    record = play(pages, tmp_path, "night", "crane")
    assert record["won"] and record["returncode"] == 0, record
    assert record["guesses"][0] == "salet" and record["marks"][0] == "XYXYX", record
    assert "mean something else than first read" in record["stdout"]


@pytest.mark.browser
def test_night_teal_and_orange_together(pages: str, tmp_path: Path) -> None:
    record = play(pages, tmp_path, "night", "model")
    assert record["won"] and record["marks"][0] == "XXYGX", record  # L present, E correct


@pytest.mark.browser
@pytest.mark.parametrize("page", ["gazette", "mono"])
def test_other_looks_are_won(pages: str, tmp_path: Path, page: str) -> None:
    """A beige page with a cookie bar, a sidebar and serif letters; a high-contrast mono page
    with a splash that swallows the first key and lowercase-only keys."""
    record = play(pages, tmp_path, page, "crane")
    assert record["won"] and record["guesses"][-1] == "crane", record


@pytest.mark.slow  # ~20 words refused before the page takes one
@pytest.mark.browser
def test_a_six_letter_page_is_played_with_six_letter_words(pages: str, tmp_path: Path) -> None:
    """No --length: the board is six wide, so six-letter words; the page's list is a few
    hundred words, so after two refusals only common ones are tried."""
    record = play(pages, tmp_path, "sixdle", "planet")
    assert record["won"] and record["guesses"][-1] == "planet", record
    assert all(len(w) == 6 for w in record["guesses"])
    assert "6 letters wide" in record["stdout"]
    assert len(record["rejected"]) < 30  # before: the same obscure words, 31 times


def test_pages_are_here() -> None:
    assert {p.name for p in PAGES.iterdir() if p.is_dir()} >= {"night", "gazette", "mono",
                                                                "sixdle"}
    assert np.all([(PAGES / p / "index.html").is_file() for p in ("night", "sixdle")])
