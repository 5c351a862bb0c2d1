"""The bundled page's variants in real Chromium: length=N, mode=absurdle, mode=jotto.

Like test_page.py these tests read the page's DOM to check it (the bot never does); the rules
are checked against autobot.games (the reference) on the same guesses.
"""

from __future__ import annotations

import random
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
import test_page
from conftest import require_chromium
from test_page import STATE_MARK, load, toasts

from autobot.games import find_game, length_lists
from autobot.games.absurdle import reply
from autobot.games.jotto import jotto_feedback
from autobot.page.server import answer_for_seed, page_url
from autobot.rules import code_to_marks, score

pytestmark = pytest.mark.browser
browser = test_page.browser
d = test_page.d


def js(d: Any, expression: str) -> Any:
    return d.execute_script(f"return {expression}")


def counts(d: Any) -> list[str]:
    """The text of each row's count cell (Jotto)."""
    return js(d, "[...document.querySelectorAll('#board .row .count')].map(c => c.textContent)")


def rows(d: Any) -> list[tuple[str, str]]:
    """The board as (LETTERS, MARKS) rows from the DOM's tiles (not Jotto's count cells)."""
    cells = js(d, "[...document.querySelectorAll('#board .row')].map(r => "
                  "[...r.querySelectorAll('.tile')].map(t => [t.textContent, t.dataset.state]))")
    return [("".join(t for t, _ in row).upper(), "".join(STATE_MARK[s] for _, s in row))
            for row in cells]


@pytest.mark.parametrize("length", [4, 6, 7, 11])
def test_length_n_has_n_tiles_and_n_plus_1_rows(d: Any, base: str, length: int) -> None:
    answers, allowed = length_lists(length)
    answer = answers[7]
    guess = next(w for w in allowed if w != answer)
    load(d, base, answer=answer, length=length, anim=False, guesses=[guess])
    shown = rows(d)
    assert len(shown) == length + 1 and all(len(m) == length for _, m in shown)
    assert shown[0] == (guess.upper(), score(guess, answer))
    # rows= still overrides the length's own count.
    load(d, base, answer=answer, length=length, anim=False, rows=3)
    assert len(rows(d)) == 3


def test_seeded_answers_and_bad_lengths(d: Any, base: str) -> None:
    answers, _ = length_lists(6)
    seeded = answer_for_seed(41, answers)
    load(d, base, seed=41, length=6, anim=False, guesses=[seeded])
    assert js(d, "document.body.dataset.status") == "WIN"
    for bad in (3, 12):
        load(d, base, length=bad)
        assert toasts(d) == [f"Word length {bad} is not supported"]
    load(d, base, mode="quordle")
    assert toasts(d) == ["Unknown mode quordle"]


def test_the_server_serves_the_projects_lists_per_length(base: str) -> None:
    for length in (4, 11):
        answers, allowed = length_lists(length)
        for kind, words in (("answers", answers), ("allowed", allowed)):
            with urllib.request.urlopen(f"{base}words/length/{kind}-{length}.txt") as reply_:
                served = [w for w in reply_.read().decode().split() if w]
            assert tuple(served) == words


def test_absurdle_answers_like_the_reference_rule(d: Any, base: str) -> None:
    game = find_game("absurdle")
    rng = random.Random(4)
    for _ in range(2):
        guesses = rng.sample(game.guesses, 5)
        load(d, base, mode="absurdle", anim=False, guesses=guesses)
        left = game.answers
        expected = []
        for guess in guesses:
            code, left = reply(game, guess, left)
            expected.append((guess.upper(), code_to_marks(code, 5)))
        shown = rows(d)
        assert shown[:5] == expected
        assert shown[5] == ("", ".....") and len(shown) == 6  # played rows plus one


def test_absurdle_rows_are_unbounded_and_its_win_is_forced(d: Any, base: str) -> None:
    from autobot.games.absurdle import KNOWN_WINS

    game = find_game("absurdle")
    many = [w for w in game.guesses if not set(w) & set("aeiou")][:14]  # never the answer
    load(d, base, mode="absurdle", anim=False, guesses=many)
    assert len(rows(d)) == 15 and js(d, "document.body.dataset.status") == "IN_PROGRESS"
    load(d, base, mode="absurdle", anim=False, guesses=list(KNOWN_WINS[5]))
    assert js(d, "document.body.dataset.status") == "WIN" and rows(d)[3][1] == "GGGGG"


def test_jotto_shows_counts_and_an_anagram_is_not_a_win(d: Any, base: str) -> None:
    game = find_game("jotto")
    load(d, base, mode="jotto", answer="least", anim=False, guesses=["crane", "slate", "steal"])
    assert counts(d) == [str(jotto_feedback(g, "least")) for g in ("crane", "slate", "steal")] \
        + [""]
    assert counts(d)[1] == "5" and js(d, "document.body.dataset.status") == "IN_PROGRESS"
    assert [m for _, m in rows(d)[:3]] == ["XXXXX"] * 3  # no colours: a count only
    assert js(d, "[...document.querySelectorAll('#keyboard [data-state]')].length") == 0
    d.get(page_url(base, mode="jotto", anim=False, answer="least", guesses=["least"]))
    test_page.wait(lambda: js(d, "document.body.dataset.status") == "WIN", what="a win")
    assert rows(d)[0][1] == "GGGGG" and counts(d)[0] == "5"
    # Seeded secrets come from the words with distinct letters.
    load(d, base, mode="jotto", seed=3, anim=False, guesses=[answer_for_seed(3, game.answers)])
    assert js(d, "document.body.dataset.status") == "WIN"


@pytest.fixture
def six_letter_url(base: str) -> Iterator[str]:
    yield page_url(base, length=6, answer="planet", anim=False)


def test_play_names_the_boards_width_when_the_game_differs(
    six_letter_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 6-letter page played as five-letter Wordle (named so): a one-line error with the
    width found; without --length the board's width is the game's."""
    require_chromium()
    from autobot.cli import main

    assert main(["play", "--url", six_letter_url, "--length", "5"]) == 2
    assert "the board is 6 letters wide but the game has 5 (try --length 6)" in \
        capsys.readouterr().err
    assert main(["play", "--url", six_letter_url]) == 0
    assert "6 letters wide: playing wordle-6 words" in capsys.readouterr().out
