"""The puzzle benches' per-move figures (pure logic)."""

from __future__ import annotations

from autobot.bench.moves import move_figures, quantile


def test_first_moves_are_counted_apart_and_latencies_leave_the_games() -> None:
    games = [{"latency_ms": [100.0, 2.0, 4.0]}, {"latency_ms": [50.0, 6.0]}, {"latency_ms": None}]
    got = move_figures(games)
    assert all("latency_ms" not in g for g in games)
    assert got["moves"] == 5
    assert (got["first_move_ms_median"], got["first_move_ms_max"]) == (50.0, 100.0)
    assert (got["later_moves_ms_median"], got["later_moves_ms_p95"]) == (4.0, 4.0)
    assert got["move_ms_median"] == 6.0


def test_quantile_of_nothing_is_none() -> None:
    assert quantile([], 0.5) is None
    assert quantile([1.0, 2.0, 3.0], 1.0) == 3.0
