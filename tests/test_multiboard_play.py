"""Many-board games won hands-free in real Chromium: `autobot play --boards N` on the bundled
page (Dordle, Quordle, Octordle; light and dark), every board's row read back each guess."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import require_chromium

from autobot.cli import main
from autobot.rules import score

ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade"]


def _play(tmp_path: Path, *args: str) -> tuple[int, dict]:
    out = tmp_path / "game.json"
    code = main(["play", *args, "--json", str(out)])
    return code, json.loads(out.read_text())


@pytest.mark.browser
@pytest.mark.parametrize(("boards", "theme", "anim"), [
    (2, "light", True), (2, "dark", False), (4, "light", False), (4, "dark", True),
    (8, "light", False), (8, "dark", False),
])
def test_many_board_games_are_won(tmp_path: Path, boards: int, theme: str, anim: bool) -> None:
    require_chromium()
    answers = ANSWERS[:boards] if theme == "light" else ANSWERS[-boards:]
    code, record = _play(tmp_path, "--boards", str(boards), "--answers", ",".join(answers),
                         "--theme", theme, *([] if anim else ["--no-anim"]))
    assert code == 0 and record["won"], record
    guesses = record["guesses"]
    assert len(guesses) <= boards + 5 and set(answers) <= set(guesses)
    # Every board's colours, as the bot read them, are the game's own, up to its answer.
    for answer, marks in zip(answers, record["marks"], strict=True):
        played = guesses[:guesses.index(answer) + 1]
        assert marks == [score(g, answer) for g in played]


@pytest.mark.browser
def test_a_quordle_with_answers_past_the_list_is_won(tmp_path: Path) -> None:
    """Real sites keep their own lists: boards whose answers the 2,315 lack (TIZZY, PIOUS)
    go on over every word the game accepts, rather than stop with "no word fits"."""
    require_chromium()
    answers = ["crane", "tizzy", "moult", "pious"]
    code, record = _play(tmp_path, "--boards", "4", "--answers", ",".join(answers), "--no-anim")
    assert code == 0 and record["won"], record
    assert set(answers) <= set(record["guesses"]) and len(record["guesses"]) <= 9


def test_bad_many_board_options_are_one_line_errors(capsys: pytest.CaptureFixture) -> None:
    assert main(["play", "--boards", "2", "--answers", "cigar"]) == 2
    assert "1 words for 2 boards" in capsys.readouterr().err
    assert main(["play", "--boards", "2", "--answer", "cigar"]) == 2
    assert main(["play", "--boards", "2", "--answers", "cigar,zzzzz"]) == 2
    assert "ZZZZZ" in capsys.readouterr().err
