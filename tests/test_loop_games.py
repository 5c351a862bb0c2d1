"""The loop's pure row judgements at any word length, and rows answered by a count (Jotto)."""

from __future__ import annotations

import pytest

from autobot.loop import played_rows, row_kind, row_matches, sync_problem
from autobot.loop.result import is_win
from autobot.rules import Turn


@pytest.mark.parametrize(
    ("row", "kind"),
    [
        (("", "...."), "empty"),
        (("PLANET", "tttttt"), "typed"),
        (("PLA", "ttt..."), "typing"),
        (("TEMPERATURE", "XYGGXXXXXGG"), "evaluated"),
        (("PLANET", "XYGt.."), "moving"),
        (("ABC", "ttt"), "unknown"),  # three tiles: no game of ours
        (("PLANETS", "XXXXXX"), "unknown"),  # more letters than tiles
    ],
)
def test_row_kind_at_any_length(row: tuple[str, str], kind: str) -> None:
    assert row_kind(row) == kind


def test_a_count_turn_matches_its_scored_row_and_nothing_else() -> None:
    turn = Turn("crane", "3")
    assert row_matches(("CRANE", "XXXXX"), turn)
    assert not row_matches(("CRANE", "ttttt"), turn)  # typed, not played
    assert not row_matches(("CRONE", "XXXXX"), turn)
    rows = [("CRANE", "XXXXX"), ("", ".....")]
    assert sync_problem(rows, [turn]) is None
    assert sync_problem(rows, [Turn("slate", "2")]) is not None


def test_wins_and_played_rows_of_other_lengths() -> None:
    assert is_win("GGGG") and is_win("GGGGGGGGGGG") and not is_win("GGGGY") and not is_win("")
    turns, typed = played_rows([("PLANET", "XYXXGG"), ("STR", "ttt..."), ("", "......")])
    assert turns == [Turn("planet", "XYXXGG")] and typed == 3
