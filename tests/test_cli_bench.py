"""`autobot bench` in-process: figures, the common JSON shape, histogram picture, error paths."""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path

import pytest
from PIL import Image

from autobot.app.request import Request
from autobot.bench.model import SCHEMA, BenchRun, from_json
from autobot.bench.solver import pick_targets, run_benchmark
from autobot.cli import main
from autobot.rules import score
from autobot.solver import SolverConfig, make_solver


def test_json_and_plot(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    out_json, out_png = tmp_path / "b.json", tmp_path / "h.png"
    code = main(["bench", "--strategy", "entropy", "--start", "salet", "--sample", "40",
                 "--json", str(out_json), "--plot", str(out_png)])
    assert code == 0
    text = capsys.readouterr().out
    doc = json.loads(out_json.read_text())
    assert doc["schema"] == SCHEMA and len(doc["runs"]) == 1
    data, records = doc["runs"][0]["summary"], doc["runs"][0]["records"]
    assert {"game", "strategy", "mode", "hard", "rows", "games", "won", "lost", "failed",
            "guesses", "histogram", "decision_ms", "game_s", "wall_s", "seed", "extra"} <= set(data)
    assert data["strategy"] == "entropy" and data["hard"] is False and data["games"] == 40
    assert (data["game"], data["mode"], data["rows"], data["seed"]) == ("wordle", "solver", 6, 0)
    assert len(records) == 40
    assert sum(data["histogram"].values()) == 40
    lengths = [len(r["guesses"]) for r in records]
    assert data["guesses"]["mean"] == pytest.approx(sum(lengths) / 40, abs=1e-4)
    assert data["guesses"]["max"] == max(lengths) and data["guesses"]["total"] == sum(lengths)
    for r in records:
        assert r["guesses"][0] == "salet" and r["guesses"][-1] == r["answer"]
        # Every row the solver saw was the real colouring: replaying is consistent.
        assert all(g == r["answer"] or score(g, r["answer"]) != "GGGGG" for g in r["guesses"])
        assert len(r["decision_ms"]) == len(r["guesses"]) and r["solved"]
    assert [r["answer"] for r in records if not r["won"]] == [
        r["answer"] for r in records if len(r["guesses"]) > 6]
    assert data["won"] + data["lost"] == 40
    # The file reads back into the model it was written from (histogram keys ints again).
    (run,) = from_json(doc)
    assert set(run.summary.histogram) == {int(k) for k in data["histogram"]}
    for needle in ("wordle, strategy entropy, solver: 40 games (seed 0)", "won ", "mean",
                   "histogram:", "hardest:", "wall time", "decision ms (after warm-up): p50"):
        assert needle in text
    with Image.open(out_png) as img:
        assert img.format == "PNG" and img.size == (640, 400)
        # Green bars were drawn: some pixels have Wordle's green.
        assert (106, 170, 100) in {c for _, c in img.getcolors(maxcolors=100000)}


def test_sample_is_seeded() -> None:
    words = [f"w{i}" for i in range(100)]
    assert pick_targets(words, 10, 1) == pick_targets(words, 10, 1)
    assert pick_targets(words, 10, 1) != pick_targets(words, 10, 2)
    assert pick_targets(words, None, 1) == words
    assert pick_targets(words, 500, 1) == words


def test_failures_and_histogram_from_real_games() -> None:
    solver = make_solver(SolverConfig(strategy="frequency", start="salet"))
    # _ATCH words defeat the letter-frequency baseline; the benchmark must report it.
    targets = ["watch", "match", "hatch", "patch", "batch", "catch", "latch", "cigar"]
    run = run_benchmark(solver, targets)
    assert isinstance(run, BenchRun)
    assert len(run.records) == len(targets)
    long_games = [r.answer for r in run.records if len(r.guesses) > 6]
    assert long_games and [r.answer for r in run.records if not r.won] == long_games
    assert run.summary.lost == len(long_games)
    assert sum(run.summary.histogram.values()) == len(targets)
    assert all(isinstance(k, int) for k in run.summary.histogram)


def test_hard_mode_bench(capsys: pytest.CaptureFixture, tmp_path: Path) -> None:
    out_json = tmp_path / "hard.json"
    assert main(["bench", "--strategy", "minimax", "--hard", "--sample", "15",
                 "--json", str(out_json)]) == 0
    data = json.loads(out_json.read_text())["runs"][0]["summary"]
    assert data["hard"] is True and data["strategy"] == "minimax"
    assert "(hard mode)" in capsys.readouterr().out


def test_browser_flag_without_module(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    monkeypatch.setitem(sys.modules, "autobot.bench.browser", None)  # import now fails
    assert main(["bench", "--browser", "--games", "1"]) == 2
    assert capsys.readouterr().err.strip() == "autobot: error: browser benchmark not available"


def test_browser_flag_delegates(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[object] = []
    fake = types.ModuleType("autobot.bench.browser")
    fake.run = lambda request: seen.append(request) or 7  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "autobot.bench.browser", fake)
    assert main(["bench", "--browser", "--games", "3", "--hard", "--strategy", "entropy"]) == 7
    (request,) = seen
    assert isinstance(request, Request)  # the typed request, not argparse's namespace
    assert request.own["games"] == 3 and request.game.hard and request.game.strategy == "entropy"
    # Unset options stay None so the browser benchmark's defaults apply.
    assert request.own["seed"] is None and request.own["theme"] is None


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--sample", "0"], "out of range (at least 1)"),
        (["--sample", "many"], "not a whole number"),
        (["--strategy", "random"], "invalid choice: 'random'"),
        (["--start", "zzzzz"], "start word 'zzzzz' is not in the allowed list"),
        (["--answers", "/nonexistent"], "no word list '/nonexistent'"),
        (["--frobnicate"], "unrecognized arguments"),
    ],
)
def test_error_paths(argv: list[str], message: str, capsys: pytest.CaptureFixture) -> None:
    assert main(["bench", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("autobot: error: ") and message in err
    assert len(err.strip().splitlines()) == 1


def test_targets_nobody_can_find_are_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    targets = tmp_path / "targets.txt"
    targets.write_text("cigar\nqxqxq\n")
    assert main(["bench", "--targets", str(targets)]) == 2
    assert "1 target words are not possible answers" in capsys.readouterr().err


def test_off_list_targets_are_won_and_recorded(
    tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    # Real NYT answers the original list lacks: played past the list, not refused.
    targets = tmp_path / "targets.txt"
    targets.write_text("atlas\nkazoo\nguano\nsnafu\ncigar\n")
    out = tmp_path / "out.json"
    assert main(["bench", "--quiet", "--targets", str(targets), "--json", str(out)]) == 0
    run = json.loads(out.read_text())["runs"][0]
    data = run["summary"]
    assert data["won"] == 5 and data["games"] == 5 and data["extra"]["targets"] == str(targets)
    assert data["extra"]["off_list"] == 4
    assert sorted(r["answer"] for r in run["records"] if r.get("notes")) == [
        "atlas", "guano", "kazoo", "snafu"]
    assert "off_list=4" in capsys.readouterr().out


def test_nyt_past_is_a_named_target_list() -> None:
    from autobot.words import load_words

    past = load_words("nyt-past")
    assert len(past) == 1564 and set(past.words) <= set(load_words("nyt").words)
    assert len(set(past.words) - set(load_words("answers").words)) == 25


def test_unwritable_output(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    code = main(["bench", "--strategy", "entropy", "--start", "salet", "--sample", "2",
                 "--json", str(blocker / "out.json")])
    assert code == 2
    assert "cannot write" in capsys.readouterr().err


def test_json_dash_is_the_document_on_stdout_after_the_table(
    capsys: pytest.CaptureFixture,
) -> None:
    assert main(["bench", "--quiet", "--sample", "3", "--json", "-"]) == 0
    out = capsys.readouterr().out
    table, _, doc = out.partition("\n{")
    assert table.startswith("wordle, strategy optimal, solver: 3 games (seed 0)")
    data = json.loads("{" + doc)
    assert data["schema"] == SCHEMA and len(data["runs"][0]["records"]) == 3
