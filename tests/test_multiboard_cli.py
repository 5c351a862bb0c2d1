"""`autobot bench --boards` and `autobot solve --boards` in-process, through argv and stdin."""

from __future__ import annotations

import io
import json

import pytest

from autobot.cli import main
from autobot.multiboard import MultiSolver, MultiState
from autobot.rules import score


def test_bench_boards_compares_with_the_baseline(tmp_path, capsys) -> None:
    out = tmp_path / "multi.json"
    argv = ["bench", "--boards", "2", "--games", "3", "--seed", "5", "--strategy", "joint",
            "--compare", "--json", str(out)]
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "2 boards, strategy joint, solver: 3 games (seed 5)" in text
    assert "2 boards, strategy baseline, solver" in text and "wrote" in text
    doc = json.loads(out.read_text())
    joint, base = doc["runs"]
    assert (joint["summary"]["strategy"], base["summary"]["strategy"]) == ("joint", "baseline")
    # Both strategies played the same seeded answer sets, and won them within 7 guesses.
    assert [r["answer"] for r in joint["records"]] == [r["answer"] for r in base["records"]]
    for run in (joint, base):
        summary = run["summary"]
        assert summary["games"] == 3 and summary["seed"] == 5 and summary["extra"]["boards"] == 2
        assert summary["won"] == 3 and summary["rows"] == 7
        assert sum(summary["histogram"].values()) == 3
        assert all(set(r["answer"]) <= set(r["guesses"]) for r in run["records"])
        assert summary["decision_ms"]["p99"] > 0


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["bench", "--boards", "0"], "--boards: 0 is out of range"),
        (["bench", "--boards", "2", "--browser"], "--boards has no browser benchmark yet"),
        (["bench", "--boards", "2", "--strategy", "entropy"], "is a one-board strategy"),
        (["solve", "--boards", "2", "--hard"], "--hard is not supported with --boards"),
        (["solve", "--boards", "2", "--answer", "cigar"], "--answer is for one board"),
        (["solve", "--strategy", "joint"], "unknown strategy 'joint'"),
    ],
)
def test_error_paths(argv: list[str], message: str, capsys) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("autobot: error: ") and message in err
    assert len(err.strip().splitlines()) == 1


def _feedback(answers: tuple[str, ...]) -> tuple[list[str], int]:
    """The stdin lines a person would type playing the joint solver against `answers`."""
    solver = MultiSolver("joint")
    state = MultiState(len(answers))
    lines: list[str] = []
    while not state.won:
        guess = solver.next_guess(state)
        marks = [score(guess, answers[b]) for b in state.open_boards]
        lines += [m.replace("X", "_").replace("Y", "?").replace("G", "!") for m in marks]
        state = state.after(guess, marks)
    return lines, len(state.guesses)


def run_solve(argv: list[str], stdin: str, monkeypatch, capsys) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(["solve", *argv])
    return code, capsys.readouterr().out


def test_interactive_quordle_to_a_win(monkeypatch, capsys) -> None:
    answers = ("cigar", "humph", "awake", "rebut")
    lines, used = _feedback(answers)
    code, out = run_solve(["--boards", "4", "--strategy", "joint"], "\n".join(lines) + "\n",
                          monkeypatch, capsys)
    assert code == 0
    assert "guess 1: SALET" in out
    assert f"solved all 4 boards in {used}/9" in out
    assert out.count("colours> ") == len(lines)  # one question per open board per guess
    assert "board 2: SALET" in out


def test_bad_and_impossible_colours_ask_again(monkeypatch, capsys) -> None:
    code, out = run_solve(["--boards", "2", "--start", "cigar"],
                          "xxqxx\nxxxxx\nggggy\nggggg\nquit\n", monkeypatch, capsys)
    assert code == 1  # quit unsolved: exit 1, as the README says (and as for one board)
    assert "'q' is not a colour" in out
    assert "no word fits board 2 with CIGAR GGGGY" in out
    # Board 2 was CIGAR itself, so only board 1 is asked about the next guess.
    assert "board 2: CIGAR GGGGG  solved" in out
    assert "guess 2:" in out and "board 2 colours>" not in out.split("guess 2:")[1]


def test_rejected_word_and_eof(monkeypatch, capsys) -> None:
    code, out = run_solve(["--boards", "2"], "rejected\n", monkeypatch, capsys)
    assert code == 1  # the input ended unsolved
    assert out.count("guess 1:") == 2 and "guess 1: SALET" in out
    assert out.split("guess 1: ")[2].split()[0] != "SALET"


def test_another_word_played_on_the_first_board(monkeypatch, capsys) -> None:
    crane = [score("crane", "cigar"), score("crane", "humph")]
    code, out = run_solve(["--boards", "2"], f"crane {crane[0]}\nslate xxxxx\n{crane[1]}\n",
                          monkeypatch, capsys)
    assert code == 1  # the input ended unsolved
    assert "every board got CRANE" in out
    assert f"board 1: CRANE {crane[0]}" in out and "guess 2:" in out
