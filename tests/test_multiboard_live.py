"""`autobot live --boards 4`: a Quordle won on a real desktop (Xvfb, a headed Chromium window,
mss frames, pyautogui keys), as a user would run it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_live import live, xdisplay  # noqa: F401  (the private Xvfb fixture)

from autobot.wordle import score

ANSWERS = ["crane", "piano", "robot", "llama"]


@pytest.mark.desktop
def test_live_wins_a_quordle(xdisplay: dict[str, str], tmp_path: Path) -> None:  # noqa: F811
    out = tmp_path / "game.json"
    done = live(xdisplay, "--launch", "bundled", "--boards", "4", "--answers", ",".join(ANSWERS),
                "--json", str(out), "--find-timeout", "60", timeout=500)
    assert done.returncode == 0, done.stderr
    record = json.loads(out.read_text())
    assert record["won"] and set(ANSWERS) <= set(record["guesses"]), record
    for answer, marks in zip(ANSWERS, record["marks"], strict=True):
        played = record["guesses"][:record["guesses"].index(answer) + 1]
        assert marks == [score(g, answer) for g in played]
    assert "won in" in done.stdout


def test_live_many_boards_bad_input_is_exit_2(tmp_path: Path) -> None:
    from autobot.cli import main

    assert main(["live", "--boards", "4", "--answers", "crane,piano"]) == 2
