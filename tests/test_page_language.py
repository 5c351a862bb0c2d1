"""Playing in the page's language when --lang is not given: the refusal probe's decisions, with
the real word lists and solvers (the keyboard witness is played on real clones in
tests/test_languages_clones.py)."""

from __future__ import annotations

import pytest

from autobot.players import PROBE_AFTER, PageLanguage
from autobot.rules import Turn, score
from autobot.solver import GameState, SolverConfig, make_solver


@pytest.fixture(scope="module")
def solvers() -> dict[str, object]:
    return {}


def _page(solvers: dict[str, object]) -> PageLanguage:
    def make(code: str) -> object:
        if code not in solvers:
            solvers[code] = make_solver(SolverConfig(lang=code))
        return solvers[code]

    return PageLanguage(make)


def test_english_until_the_page_refuses_english_words(solvers: dict[str, object]) -> None:
    page = _page(solvers)
    assert page.next_guess(GameState()) == "salet" and page.lang == "en"
    refused = ["salet", "soare"]
    assert page.next_guess(GameState(banned=frozenset(refused))) not in refused
    assert page.take_notes() == []


@pytest.mark.slow
def test_refused_english_words_lead_to_each_language_s_opener_in_turn(
    solvers: dict[str, object],
) -> None:
    page = _page(solvers)
    english = make_solver(SolverConfig())
    refused: list[str] = []
    state = GameState()
    for _ in range(PROBE_AFTER):
        word = page.next_guess(state)
        assert english.is_allowed(word)
        refused.append(word)
        state = GameState(banned=frozenset(refused))
    german = page.next_guess(state)
    assert german == make_solver(SolverConfig(lang="de")).next_guess(GameState())
    assert "trying German" in page.take_notes()[0]
    refused.append(german)
    portuguese = page.next_guess(GameState(banned=frozenset(refused)))
    assert portuguese == make_solver(SolverConfig(lang="pt")).next_guess(GameState())
    # The page scores the Portuguese opener: the game goes on in Portuguese.
    played = (Turn(portuguese, score(portuguese, "fobia")),)
    nxt = page.next_guess(GameState(history=played, banned=frozenset(refused)))
    assert page.lang == "pt" and page.settled
    assert "playing in Portuguese" in " ".join(page.take_notes())
    assert nxt == make_solver(SolverConfig(lang="pt")).next_guess(
        GameState(history=played, banned=frozenset(refused)))


def test_an_english_word_scored_first_settles_english(solvers: dict[str, object]) -> None:
    page = _page(solvers)
    played = (Turn("salet", score("salet", "crane")),)
    page.next_guess(GameState(history=played))
    assert page.lang == "en" and page.settled and page.take_notes() == []
