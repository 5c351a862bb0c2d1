"""The puzzle benches' per-move figures (pure logic)."""

from __future__ import annotations

from pathlib import Path

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


def test_a_puzzle_bench_is_written_in_the_one_bench_shape(tmp_path: Path) -> None:
    import json

    from autobot.bench.model import SCHEMA, from_json
    from autobot.bench.moves import played_run, report

    games = [{"id": "6x6:abc", "checked_won": True, "moves": 12, "wall_s": 1.5,
              "latency_ms": [40.0, 3.0]},
             {"id": "8x8:def", "checked_won": False, "moves": None, "error": "no grid",
              "latency_ms": []}]
    result = {"games": games, "won": 1, "played": 2, **move_figures(games)}
    run = played_run(result, game="grid puzzles", mode="desktop", answer_key="id",
                     won_key="checked_won")
    out = tmp_path / "bench.json"
    assert report(result, out, run) == 1  # one game not won: the bench says so
    doc = json.loads(out.read_text())
    assert doc["schema"] == SCHEMA
    summary = doc["runs"][0]["summary"]
    assert (summary["games"], summary["won"], summary["failed"]) == (2, 1, 1)
    assert summary["extra"]["moves"] == 2 and summary["mode"] == "desktop"
    back = from_json(doc)
    assert [r.answer for r in back[0].records] == ["6x6:abc", "8x8:def"]
    assert back[0].records[1].failed == "no grid"
