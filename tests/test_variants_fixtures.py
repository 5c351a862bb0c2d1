"""Variant fixtures (other lengths, Absurdle, Jotto): the catalogue is consistent with the games'
rules, and the stored screenshots replay (board, Jotto counts read from pixels, next guess)."""

from __future__ import annotations

from pathlib import Path

import pytest

from autobot.games import find_game
from autobot.games.jotto import jotto_feedback
from autobot.harness.fixtures import CATALOGUE, expected_counts, expected_rows
from autobot.harness.replay import Replayer, collect_cases, next_guess_for
from autobot.rules import score

ROOT = Path(__file__).resolve().parents[1]
VARIANTS = [fx for fx in CATALOGUE if "variant" in fx.tags]


def test_catalogue_has_lengths_4_6_7_11_absurdle_and_jotto_in_both_themes() -> None:
    kinds = {(fx.length, fx.mode, fx.theme) for fx in VARIANTS}
    for theme in ("light", "dark"):
        assert {(4, "wordle", theme), (6, "wordle", theme), (7, "wordle", theme),
                (11, "wordle", theme), (5, "absurdle", theme), (5, "jotto", theme)} <= kinds


def test_variant_rows_follow_each_games_rules() -> None:
    for fx in VARIANTS:
        game = find_game(fx.mode, fx.length)
        rows = expected_rows(fx)
        for g in fx.guesses:
            assert g in game.guesses, (fx.name, g)
        played = rows[: len(fx.guesses)]
        assert all(len(m) == fx.length for _, m in rows)
        if fx.mode == "wordle":
            assert len(rows) == fx.length + 1
            assert played == [(g.upper(), score(g, fx.answer)) for g in fx.guesses]
        else:
            assert len(rows) == len(fx.guesses) + 1  # played rows plus one
        if fx.mode == "jotto":
            counts = expected_counts(fx)
            assert counts[: len(fx.guesses)] == [jotto_feedback(g, fx.answer)
                                                 for g in fx.guesses]
            assert counts[len(fx.guesses):] == [None]


@pytest.mark.slow
def test_stored_variant_fixtures_replay() -> None:
    paths = [ROOT / "fixtures" / "screenshots" / f"{fx.name}.png" for fx in VARIANTS]
    cases = collect_cases(paths)
    assert len(cases) == len(VARIANTS)
    replayer = Replayer()
    for case in cases:
        result = replayer.run(case)
        assert result.status == "pass", (case.name, result.diffs)
        assert result.guess == case.expect.guess


@pytest.mark.slow
def test_jotto_counts_drive_the_next_guess_and_a_missing_count_is_an_error() -> None:
    rows = [("CRANE", "XXXXX"), ("", ".....")]
    replayer = Replayer()
    guesses = {c: next_guess_for(rows, found=True, settled=True, hard=False,
                                 solver_for=replayer.solver_for, mode="jotto", counts=[c, None])
               for c in (0, 3)}
    assert guesses[0] != guesses[3]
    try:
        next_guess_for(rows, found=True, settled=True, hard=False,
                       solver_for=replayer.solver_for, mode="jotto", counts=[None, None])
    except Exception as exc:  # noqa: BLE001 (the AutobotError's message is what matters)
        assert "no count" in str(exc)
    else:
        raise AssertionError("a Jotto row without its count gave a guess")
