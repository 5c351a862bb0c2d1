"""The parallel runner: resume bookkeeping (pure), and real local Chromium sessions at
--parallel 2 resumed from a JSON Lines file (sessions crashed mid-run: tests/test_faults.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import require_chromium

from autobot.bench.browser import pick_answers
from autobot.bench.parallel import (
    Job,
    RunConfig,
    Tally,
    bench_run,
    make_jobs,
    page_options,
    read_done,
)

ROOT = Path(__file__).resolve().parents[1]


def test_read_done_ignores_a_torn_last_line(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    out.write_text('{"game": 1, "answer": "crane", "won": true}\n'
                   '{"game": 3, "answer": "slate", "won": false, "failed": "x"}\n'
                   '{"game": 2, "answ')
    done = read_done(out)
    assert sorted(done) == [1, 3]
    assert make_jobs(["crane", "tepid", "slate", "moist"], done) == [Job(2, "tepid"),
                                                                     Job(4, "moist")]
    assert read_done(tmp_path / "missing.jsonl") == {}


def test_the_run_summary_counts_every_game_of_the_jsonl_file(tmp_path: Path) -> None:
    """With --jsonl/--resume the summary is the file's: resumed games, old lines, failures."""
    out = tmp_path / "games.jsonl"
    out.write_text(
        '{"game": 2, "answer": "tepid", "guesses": ["salet", "tepid"], "solved": true, '
        '"won": true, "decision_ms": [0.5, 1.5], "seconds": 3.0, "node": "local-1"}\n'
        '{"game": 1, "answer": "crane", "guesses": ["salet", "crane"], "won": true}\n'
        '{"game": 3, "answer": "slate", "won": false, "failed": "x", "retries": 3}\n')
    pool = {"played": 1, "skipped": 2, "retries": 3, "not_started": [], "games_per_min": 1.0,
            "parallel": 2, "remote": None, "nodes": {"local-1": 1}, "leaks": {}}
    run = bench_run({**pool, "strategy": "optimal", "wall_s": 60.0, "records": []},
                    RunConfig(), out, seed=7)
    s = run.summary
    assert [r.answer for r in run.records] == ["crane", "tepid", "slate"]  # by game number
    assert (s.games, s.won, s.lost, s.failed, s.seed, s.mode) == (3, 2, 0, 1, 7, "parallel")
    assert run.records[2].failed == "x" and run.records[1].extra["node"] == "local-1"
    assert s.extra == pool and s.game_s["median"] == 3.0
    # A line written before records had "solved" (game 1): its win says it was solved.
    assert run.records[0].solved and s.histogram == {2: 2} and s.mean == 2.0


def test_progress_line_counts_resumed_games_and_gives_an_eta() -> None:
    tally = Tally(total=10, done=2, won=2, skipped=4, skipped_won=3, started=100.0)
    line = tally.line(now=160.0)  # 2 games in a minute, 4 left
    assert line.startswith("[6/10] won 5, 2.0 games/min, ETA 2:00")
    assert Tally(total=1, started=0.0).line(now=0.0).endswith("ETA ?, 0 retries, 0 failed")


def test_a_mixed_run_turns_through_themes_and_animates_every_nth_game() -> None:
    plain = RunConfig(theme="dark", anim=False)
    assert {page_options(plain, g)["theme"] for g in range(1, 9)} == {"dark"}
    mixed = RunConfig(mix=True, anim_every=5)
    options = [page_options(mixed, g) for g in range(1, 21)]
    assert {(o["theme"], o["contrast"]) for o in options} == {
        ("light", False), ("dark", False), ("light", True), ("dark", True)}
    assert [g for g, o in enumerate(options, start=1) if o["anim"]] == [1, 2, 3, 20]
    # The animated games do not all fall on one look, whatever the share (10 is even, as 4).
    for every in (2, 5, 10):
        config = RunConfig(mix=True, anim_every=every)
        animated = [g for g in range(1, 401) if page_options(config, g)["anim"]]
        assert abs(len(animated) - 400 / every) <= 4
        assert len({(page_options(config, g)["theme"], page_options(config, g)["contrast"])
                    for g in animated}) == 4


# A browser and a driver killed under a real `bench --browser --parallel 2` (retried, every game
# once, nothing left): tests/test_faults.py.


@pytest.mark.browser
@pytest.mark.slow
def test_cli_resume_plays_only_the_missing_games(tmp_path: Path) -> None:
    require_chromium()
    out = tmp_path / "games.jsonl"

    def bench(*extra: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "autobot", "bench", "--browser", "--parallel", "2",
             "--no-anim", "--seed", "7", *extra], cwd=ROOT, capture_output=True, text=True,
            timeout=600, env={**os.environ, "SE_OFFLINE": "true"})

    first = bench("--games", "2", "--jsonl", str(out))
    assert first.returncode == 0, first.stdout + first.stderr
    before = out.read_text().splitlines()
    second = bench("--games", "3", "--resume", str(out))
    assert second.returncode == 0, second.stdout + second.stderr
    lines = out.read_text().splitlines()
    assert lines[:2] == before and len(lines) == 3
    answers = pick_answers(3, 7)
    assert {json.loads(line)["answer"] for line in lines} == set(answers)
    assert "won 3/3" in second.stdout and "2 resumed" in second.stdout
    assert "left over: 0 Grid sessions, 0 browser processes, 0 profiles" in second.stdout


def test_bad_grid_url_is_one_line_exit_5() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "autobot", "bench", "--browser", "--parallel", "2", "--games",
         "1", "--remote", "http://127.0.0.1:9"], cwd=ROOT, capture_output=True, text=True,
        timeout=120)
    assert proc.returncode == 5
    assert "Traceback" not in proc.stderr and "no Grid answers" in proc.stderr
