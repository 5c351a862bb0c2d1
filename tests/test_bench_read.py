"""The one read benchmark (`python -m autobot.bench.read`): its runs in `autobot-bench/1`, every
way timed and checked, and the A/B figures read by read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from autobot.bench import read as bench_read
from autobot.bench.model import SCHEMA, from_json


def test_the_fixture_frames_are_timed_every_way_and_written_as_the_one_shape(
        tmp_path: Path) -> None:
    """One fixture a setup, one read a way: a run a setup (mode "read"), a record a frame and
    way, every read right; the group's figures in the summary."""
    if not any(bench_read.FIXTURES.glob("*.json")):
        pytest.skip("no fixture screenshots")
    out = tmp_path / "read.json"
    assert bench_read.main(["--frames", "fixtures", "--reads", "1", "--limit", "1",
                            "--json", str(out)]) == 0
    doc = json.loads(out.read_text())
    assert doc["schema"] == SCHEMA and doc["frames"] == ["fixtures"] and doc["reads"] == 1
    runs = from_json(doc)
    assert [r.summary.game for r in runs] == list(bench_read.FIXTURE_SETUPS)
    for run in runs:
        assert run.summary.mode == "read" and run.summary.won == run.summary.games == 3
        assert [r.extra["way"] for r in run.records] == list(bench_read.WAYS)
        assert set(bench_read.WAYS) <= set(run.summary.extra)
        assert run.summary.extra["misread"] == []
        assert all(r.extra["reads"] == 1 and r.extra["median_ms"] > 0 for r in run.records)


def test_a_wrong_read_is_not_a_fast_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """A read the check refuses makes its frame's record lost and names it as misread."""
    frame = bench_read.in_browser(
        bench_read.load_image(bench_read.FIXTURES / "mid_light_desk.png"), 1, False, 1024)
    run = bench_read.read_run("1280x1024 (test)", [("mid", frame, lambda read: False)], 1)
    assert (run.summary.won, run.summary.games) == (0, 3)
    assert run.summary.extra["misread"] == ["mid"]


def test_ab_figures_pair_each_step_with_the_other_trees() -> None:
    """This tree's time over the other's is taken step by step (the median of the ratios, not
    the ratio of the medians), and rows that differ are counted."""
    times = {
        "this tree": [(10.0, 9.0, "A"), (20.0, 18.0, "B"), (30.0, 30.0, "C")],
        "abc1234": [(20.0, 18.0, "A"), (20.0, 18.0, "X"), (15.0, 15.0, "C")],
    }
    figures = bench_read.ab_figures(times, "this tree")
    assert figures["abc1234"]["x_wall"] == 1.0  # ratios 0.5, 1.0, 2.0
    assert figures["abc1234"]["x_cpu"] == 1.0
    assert figures["abc1234"]["rows_differ"] == 1
    assert figures["this tree"]["median_ms"] == 20.0 and "x_wall" not in figures["this tree"]
