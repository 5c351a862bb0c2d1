"""The live benchmark plays `autobot live`'s own game (the pixel guard and the X focus watchdog)
and writes `autobot-bench/1` with the watchdog's figures."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from autobot.bench.live import figures_of
from autobot.bench.model import SCHEMA, BenchRecord, from_json
from autobot.loop import Timings

ROOT = Path(__file__).resolve().parent.parent


def test_the_watchdogs_figures_are_summed_over_the_games() -> None:
    """Checks add up over games played; a stopped game's are left out; a game without a
    watchdog (no X to ask) turns the run's `focus_watchdog` off."""
    games = [
        BenchRecord("crane", ("salet", "crane"), True, True,
                    extra={"focus_checks": 40, "focus_window": '"Wordle"', "marks_right": True}),
        BenchRecord("pried", ("salet",), failed="safety stop", extra={"focus_checks": 3}),
        BenchRecord("urban", ("salet", "urban"), True, True,
                    extra={"focus_checks": 60, "focus_window": '"Wordle"', "marks_right": True}),
    ]
    figures = figures_of(games, Timings(), [1.0, 3.0])
    assert (figures["focus_watchdog"], figures["focus_checks"],
            figures["focus_checks_per_game"], figures["focus_windows"],
            figures["marks_right"]) == (True, 100, 50.0, ['"Wordle"'], 2)
    assert figures["guard_ms"]["n"] == 2
    off = [BenchRecord("crane", ("crane",), True, True, extra={"focus_checks": None})]
    assert figures_of(off, Timings(), [])["focus_watchdog"] is False


@pytest.mark.usefixtures("chromium")
def test_the_live_bench_plays_through_the_focus_watchdog(desktop_tools: None,
                                                        tmp_path: Path) -> None:
    """One real game under a private Xvfb: the bench's JSON is `autobot-bench/1`, and the game
    went through the watchdog (X asked before its keys; the window the keys went to named)."""
    out = tmp_path / "bench.json"
    done = subprocess.run(
        [sys.executable, "-m", "autobot.bench.live", "--games", "1", "--xvfb", "--no-anim",
         "--json", str(out)],
        env={**os.environ, "TMPDIR": str(tmp_path)}, cwd=ROOT, capture_output=True, text=True,
        timeout=240)
    assert done.returncode == 0, done.stdout + done.stderr
    doc = json.loads(out.read_text())
    assert doc["schema"] == SCHEMA and doc["reason"] == "won"
    (run,) = from_json(doc)
    assert (run.summary.mode, run.summary.won, run.summary.games) == ("desktop", 1, 1)
    assert run.summary.extra["focus_watchdog"] is True
    (game,) = run.records
    assert game.extra["focus_checks"] > len(game.guesses) * 5  # every key waited on X's focus
    assert "Chromium" in game.extra["focus_window"] and game.extra["marks_right"]
    assert run.summary.extra["focus_checks"] == game.extra["focus_checks"]
    assert "focus watchdog on" in done.stdout
