"""`autobot live --boards 4`: a Quordle won on a real desktop (Xvfb, a headed Chromium window,
mss frames, pyautogui keys), as a user would run it; with no --boards, the boards are counted
from the screen's pixels."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_live import live, xdisplay  # noqa: F401  (the private Xvfb fixture)

from autobot.rules import score

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


@pytest.mark.desktop
def test_live_counts_the_boards_itself(xdisplay: dict[str, str], base: str,  # noqa: F811
                                       tmp_path: Path) -> None:
    """No --boards (auto): a page of four boards opened at a URL the bot knows nothing about
    is counted from the desktop's pixels and played as four boards."""
    from autobot.page.server import page_url

    out = tmp_path / "game.json"
    url = page_url(base, boards=4, answers=ANSWERS)
    done = live(xdisplay, "--launch", url, "--json", str(out), "--find-timeout", "60",
                timeout=500)
    assert done.returncode == 0, done.stderr
    assert "4 boards found" in done.stdout
    record = json.loads(out.read_text())
    assert record["won"] and set(ANSWERS) <= set(record["guesses"]), record


def test_live_many_boards_bad_input_is_exit_2(tmp_path: Path) -> None:
    from autobot.cli import main

    assert main(["live", "--boards", "4", "--answers", "crane,piano"]) == 2
