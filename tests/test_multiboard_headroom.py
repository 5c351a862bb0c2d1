"""The head-room benchmark, pure: finishing a game, exact positions, baseline vs joint."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest

from autobot.cli import main
from autobot.multiboard import MultiSolver, MultiState, answer_sets, play
from autobot.multiboard.game import play_on
from autobot.multiboard.headroom import finish, position_gain, run_headroom
from autobot.rules import score


@pytest.fixture(scope="module")
def solvers() -> dict[str, MultiSolver]:
    return {name: MultiSolver(name) for name in ("joint", "baseline")}


@pytest.fixture(scope="module")
def solver(solvers: dict[str, MultiSolver]) -> MultiSolver:
    return solvers["joint"]


def test_finish_from_the_start_is_the_games_length(solver: MultiSolver) -> None:
    for answers in answer_sets(solver.answers.words, 2, 4, seed=3):
        game = play(solver, answers)
        assert finish(solver, MultiState(2), answers) == len(game.guesses)


def _after(solver: MultiSolver, answers: tuple[str, ...], guesses: int) -> MultiState:
    return play_on(solver, MultiState(len(answers)), answers, until=guesses)


@pytest.mark.slow
def test_an_exact_position_averages_every_answer_pair(solver: MultiSolver) -> None:
    # Seed 0's first Dordle after SALET and the joint's second guess: few enough pairs to try all.
    answers = answer_sets(solver.answers.words, 2, 1, seed=0)[0]
    state = _after(solver, answers, 2)
    gain = position_gain(solver, state, answers)
    assert gain.exact and not gain.certain
    # The pick's mean, worked out here pair by pair; the best is the lowest mean on the very same
    # pairs, so never above the pick's.
    pairs = itertools.product(*(solver.candidates(state, b) for b in range(2)))
    direct = [finish(solver, state.after(gain.pick, [score(gain.pick, a) for a in pair]), pair)
              for pair in pairs]
    assert gain.pick_mean == pytest.approx(float(np.mean(direct)))
    assert gain.best_mean <= gain.pick_mean and gain.gain >= 0


def test_the_baseline_has_head_room_where_the_joint_has_none(
    solvers: dict[str, MultiSolver],
) -> None:
    # The same position (the baseline reaches it too): the greedy pick finishes later than an
    # alternative; the joint strategy already plays that alternative.
    greedy = run_headroom(solvers["baseline"], boards=2, guess=3, positions=1, seed=0).positions[0]
    joint = run_headroom(solvers["joint"], boards=2, guess=3, positions=1, seed=0).positions[0]
    assert greedy.sizes == joint.sizes and greedy.exact
    assert greedy.gain > 0.05
    assert joint.gain == 0 and joint.pick == greedy.best


def test_a_certain_board_is_no_gain(solver: MultiSolver) -> None:
    # Seed 0's second Dordle: after two guesses one board can only be BEACH.
    answers = answer_sets(solver.answers.words, 2, 2, seed=0)[1]
    state = _after(solver, answers, 2)
    gain = position_gain(solver, state, answers)
    assert gain.certain and gain.pick == "beach" and "beach" in answers and gain.gain == 0


def test_bench_headroom_writes_json(tmp_path, capsys) -> None:
    out = tmp_path / "headroom.json"
    argv = ["bench", "--boards", "2", "--headroom", "3", "--games", "2", "--json", str(out)]
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "2 boards, strategy joint: guess 3 at" in text and "mean gain" in text
    doc = json.loads(out.read_text())
    assert doc["boards"] == 2 and doc["guess"] == 3 and doc["strategy"] == "joint"
    assert len(doc["results"]) == doc["positions"] <= 2
    assert all(r["best_mean"] <= r["pick_mean"] for r in doc["results"] if r["exact"])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["bench", "--boards", "2", "--headroom", "8"], "only 7 guesses, no guess 8"),
        (["bench", "--boards", "2", "--headroom", "1"], "--headroom: 1 is out of range"),
        (["bench", "--boards", "2", "--headroom", "3", "--compare"], "drop --compare"),
        (["bench", "--headroom", "3"], "--headroom needs --boards N"),
    ],
)
def test_headroom_errors(argv: list[str], message: str, capsys) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("autobot: error: ") and message in err
    assert len(err.strip().splitlines()) == 1
