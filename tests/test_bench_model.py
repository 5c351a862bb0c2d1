"""The benchmark model, pure: summarise, the JSON shape and its round trip, the table."""

from __future__ import annotations

import json
import math

import pytest

from autobot.bench.model import (
    SCHEMA,
    BenchRecord,
    BenchRun,
    comparison_lines,
    dumps,
    from_json,
    hardest,
    percentiles,
    record_from_json,
    record_to_json,
    report_lines,
    summarise,
    table_lines,
    to_json,
)


def _rec(answer: str, n: int, *, solved: bool = True, rows: int = 6, ms: tuple = (),
         failed: str | None = None, **extra: object) -> BenchRecord:
    return BenchRecord(answer=answer, guesses=tuple(f"g{i}" for i in range(n)), solved=solved,
                       won=solved and n <= rows and failed is None, decision_ms=ms,
                       failed=failed, extra=extra)


RECORDS = (
    _rec("cigar", 3, ms=(9.0, 9.0, 9.0)),  # the warm-up game: its decisions are left out
    _rec("rebut", 4, ms=(1.0, 2.0, 3.0, 4.0)),
    _rec("sissy", 7, ms=(5.0,)),  # found, but past the six rows: lost
    _rec("humph", 20, solved=False),  # never found: counts 21
    _rec("awake", 0, failed="session died"),  # not played to the end: in no figure but `failed`
)


def test_summarise_counts_every_game_once() -> None:
    s = summarise(RECORDS, game="wordle", strategy="test", rows=6, wall_s=1.5, seed=3)
    assert (s.games, s.won, s.lost, s.failed) == (5, 2, 2, 1)
    assert s.won + s.lost + s.failed == s.games
    assert s.total == 3 + 4 + 7 + 21 and s.max == 21
    assert s.mean == pytest.approx((3 + 4 + 7 + 21) / 4)
    assert s.histogram == {3: 1, 4: 1, 7: 1, 21: 1}
    assert list(s.histogram) == sorted(s.histogram)
    assert all(isinstance(k, int) for k in s.histogram)
    assert (s.game, s.strategy, s.mode, s.rows, s.seed, s.wall_s) == (
        "wordle", "test", "solver", 6, 3, 1.5)
    assert s.decision_ms["count"] == 5 and s.decision_ms["max"] == 5.0  # cigar's 9s left out
    assert s.game_s == {}


def test_one_game_is_its_own_warm_up_and_decisions_can_be_given() -> None:
    alone = summarise(RECORDS[:1], game="g", strategy="s")
    assert alone.decision_ms["count"] == 3 and alone.decision_ms["p50"] == 9.0
    walked = summarise(RECORDS, game="g", strategy="s", decisions_ms=[0.5, 1.5])
    assert walked.decision_ms["count"] == 2 and walked.decision_ms["p50"] == 1.0
    assert summarise(RECORDS, game="g", strategy="s", decisions_ms=[]).decision_ms == {}
    assert summarise((), game="g", strategy="s").mean == 0.0


def test_fresh_decisions_and_game_times() -> None:
    records = [BenchRecord("a", ("a",), True, True, (1.0,), (True,), seconds=2.0),
               BenchRecord("b", ("x", "b"), True, True, (1.0, 8.0), (False, True), seconds=4.0),
               BenchRecord("c", ("c",), True, True, (3.0,), (False,), seconds=3.0)]
    s = summarise(records, game="g", strategy="s", mode="browser")
    assert s.decision_ms["fresh_count"] == 1 and s.decision_ms["fresh_p50"] == 8.0
    assert s.game_s == {"median": 3.0, "p95": pytest.approx(3.9), "max": 4.0}


def _percentile_reference(values: list[float], q: float) -> float:
    """Linear interpolation between the closest ranks, written out by hand."""
    ordered = sorted(values)
    rank = (len(ordered) - 1) * q / 100
    low, high = math.floor(rank), math.ceil(rank)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


@pytest.mark.parametrize("values", [[4.0], [3.0, 1.0], [float(i * i % 17) for i in range(101)],
                                    [0.1, 0.2, 0.2, 5.0, 80.0, 0.3, 0.05]])
def test_percentiles_agree_with_the_reference(values: list[float]) -> None:
    got = percentiles(values)
    assert got["count"] == len(values) and got["max"] == max(values)
    for q in (50, 95, 99):
        assert got[f"p{q}"] == pytest.approx(_percentile_reference(values, q))
    assert percentiles([]) == {}


def test_unknown_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="mode 'bogus'"):
        summarise(RECORDS, game="g", strategy="s", mode="bogus")


def _run(**extra: object) -> BenchRun:
    records = (
        BenchRecord("cigar", ("salet", "cigar"), True, True, (0.25, 0.5), (True, False),
                    seconds=2.5, extra={"marks": ["XYXXX", "GGGGG"], "node": "local-1"}),
        BenchRecord(("rebut", "sissy"), ("salet", "rebut", "sissy"), True, True, (0.125,)),
        BenchRecord("humph", (), failed="no session", extra={"reasons": ["a", "no session"]}),
    )
    return BenchRun(summarise(records, game="2 boards", strategy="joint", mode="parallel",
                              rows=7, wall_s=3.25, seed=1, extra=dict(extra)), records)


def test_json_round_trip_keeps_everything() -> None:
    run = _run(boards=2, leaks={"sessions": []})
    doc = json.loads(json.dumps(to_json(run, command="autobot bench")))
    assert doc["schema"] == SCHEMA and doc["command"] == "autobot bench"
    summary = doc["runs"][0]["summary"]
    assert summary["guesses"] == {"mean": 2.5, "max": 3, "total": 5}
    assert summary["histogram"] == {"2": 1, "3": 1}  # JSON object keys are strings ...
    (back,) = from_json(doc)
    assert back.summary.histogram == {2: 1, 3: 1}  # ... and ints again when read back
    assert back.records == run.records
    assert back.summary.extra == run.summary.extra
    assert (back.summary.mean, back.summary.won, back.summary.failed) == (2.5, 2, 1)


def test_records_file_is_a_pointer_instead_of_the_records() -> None:
    doc = to_json([_run(), _run()], records_file="games.jsonl")
    assert doc["records_file"] == "games.jsonl"
    assert all(set(run) == {"summary"} for run in doc["runs"]) and len(doc["runs"]) == 2
    assert [r.records for r in from_json(doc)] == [(), ()]


def test_dumps_is_the_same_document_one_record_a_line() -> None:
    doc = to_json(_run())
    text = dumps(doc)
    assert json.loads(text) == doc
    lines = {line.strip().rstrip(",") for line in text.splitlines()}
    assert all(json.dumps(record) in lines for record in doc["runs"][0]["records"])
    empty = to_json(BenchRun(_run().summary, ()))
    assert json.loads(dumps(empty)) == empty


def test_record_json_keeps_the_model_keys_over_the_modes_own() -> None:
    record = BenchRecord("cigar", ("cigar",), True, True, extra={"won": "no", "node": "n1"})
    data = record_to_json(record)
    assert data["won"] is True and data["node"] == "n1"
    assert "seconds" not in data and "failed" not in data and "fresh" not in data
    assert record_from_json(data) == BenchRecord("cigar", ("cigar",), True, True,
                                                 extra={"node": "n1"})
    # A line of an older JSON Lines file (no solved / decision_ms) still reads.
    old = record_from_json({"game": 1, "answer": "crane", "won": True, "guesses": ["crane"]})
    assert old.won and old.solved and old.extra == {"game": 1} and old.decision_ms == ()


def test_wrong_schema_is_refused() -> None:
    with pytest.raises(ValueError, match="not an autobot-bench/1 document"):
        from_json({"mean": 3.4})


def test_table_shows_the_figures_of_the_summary() -> None:
    run = BenchRun(summarise(RECORDS, game="wordle", strategy="optimal", hard=True, seed=2,
                             wall_s=0.25, extra={"off_list": 0, "steps": {"x": 1},
                                                 "proof": "a long sentence " * 4}), RECORDS)
    lines = table_lines(run)
    text = "\n".join(lines)
    assert lines[0] == "wordle, strategy optimal (hard mode), solver: 5 games (seed 2)"
    assert lines[1] == "won 2/5, lost 2 (rows: 6), failed 1 — sissy, humph"
    assert lines[2] == "mean 8.7500 guesses, max 21, 35 guesses in all"
    assert "   7:     1 " + "#" * 40 + "  (over the rows)" in lines
    assert "   3:     1 " + "#" * 40 in lines
    assert "hardest: humph (21), sissy (7), rebut (4), cigar (3)" in lines
    assert "decision ms (after warm-up): p50 3.000, p95 4.800, p99 4.960, max 5.0" in lines
    assert "off_list=0" in lines and "steps" not in text  # short scalars only
    assert "proof" not in text
    assert lines[-1] == "wall time 0.25 s"
    assert hardest(RECORDS, 1)[0].answer == "humph"


def test_side_by_side_lines_line_up() -> None:
    runs = [_run(), BenchRun(summarise((), game="g", strategy="a much longer name"), ())]
    lines = comparison_lines(runs)
    assert len(lines) == 3 and len({len(line) for line in lines}) == 1
    assert lines[1].startswith("joint ") and "2/3" in lines[1]
    assert lines[2].split()[-2] == "-"  # no decision timed: no figure, not 0
    report = report_lines(runs)
    assert report[-3:] == lines and "" in report


def test_a_browser_game_becomes_a_record_with_the_loops_own_keys() -> None:
    """`bench --browser`'s record of one game (the loop's result), and a run stopped early."""
    from autobot.bench.browser import bench_run, record_of
    from autobot.loop.result import GameResult, Timings
    from autobot.rules import Turn, score

    timings = Timings(decide_ms=[0.5, 0.25])
    turns = tuple(Turn(g, score(g, "cigar")) for g in ("salet", "cigar"))
    won = record_of("cigar", GameResult(won=True, turns=turns, rejected=(), seconds=2.5,
                                        timings=timings))
    assert (won.guesses, won.solved, won.won, won.decision_ms) == (
        ("salet", "cigar"), True, True, (0.5, 0.25))
    assert won.extra["marks"] == [score("salet", "cigar"), "GGGGG"]
    assert "guesses" not in won.extra and "won" not in won.extra
    # The page said won but showed another word last: not this answer, so not won here.
    other = record_of("rebut", GameResult(won=True, turns=turns, rejected=(), seconds=2.0,
                                          timings=Timings()))
    assert not other.won and not other.solved
    run = bench_run([won, other], "optimal", False, 9.0, {"asked": 5}, seed=1)
    s = run.summary
    assert (s.mode, s.games, s.won, s.lost, s.seed, s.rows) == ("browser", 2, 1, 1, 1, 6)
    assert s.game_s["max"] == 2.5 and s.extra == {"asked": 5}
