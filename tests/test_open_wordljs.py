"""open-wordljs (../shared/clones): a keyboard of bordered square keys right under the board,
bold monospace letters, its own repeated-letter scoring, and at 6 and 8 letters a names game
whose list only the user has. Won by `autobot play --url` with what a user would pass."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import play_clone, require_clone

pytestmark = pytest.mark.browser

PIN = "Math.random = () => 0;"  # the first answer of each mode (a random walk down a tree)
# Switching mode is the test's setup (the page's own Difficulty menu does the same call).
MODE = PIN + "window.addEventListener('load', () => WordlJS.changeDifficulty('{mode}'));"


def names(length: int, out: Path) -> Path:
    """The mode's names as the user's list file, from the clone's own tree at test time."""
    tree_js = require_clone("open-wordljs") / "js" / f"tree_girl_{length}.js"
    text = tree_js.read_text(encoding="utf-8")
    tree = json.loads(text[text.index("{"): text.rindex("}") + 1])
    words: list[str] = []

    def walk(node: object, prefix: str) -> None:
        if not isinstance(node, dict):
            words.append(prefix)
            return
        for letter, child in node.items():
            walk(child, prefix + letter)

    walk(tree, "")
    path = out / f"names{length}.txt"
    path.write_text("\n".join(w for w in words if len(w) == length) + "\n", encoding="utf-8")
    return path


def test_five_letters_keys_under_the_board_are_not_rows(tmp_path: Path) -> None:
    record = play_clone("open-wordljs", tmp_path, init=PIN)
    assert record["exit"] == 0 and record["won"], record
    assert record["guesses"][-1] == "about"
    assert all(len(marks) == 5 for _, marks in record["rows_seen"])
    assert len(record["rows_seen"]) == 6  # the board's rows, no keyboard row among them
    assert record["boards_found"] == 1


# girl6 plays the same way (measured in the closing note); one names game keeps CI time small.
@pytest.mark.parametrize(("mode", "length", "answer"), [("girl8", 8, "aahliyah")])
def test_names_game_is_won_with_the_users_list(tmp_path: Path, mode: str, length: int,
                                               answer: str) -> None:
    listed = str(names(length, tmp_path))
    record = play_clone("open-wordljs", tmp_path, "--answers", listed, "--guesses", listed,
                        init=MODE.format(mode=mode))
    assert record["exit"] == 0 and record["won"], record
    assert record["guesses"][-1] == answer
    assert len(record["rows_seen"]) == length + 1
    assert record["reason"] == "won"  # the record of a won game says so
    assert record["boards_found"] == 1  # counted from the pixels, the user's lists or not



def test_a_scored_letter_read_as_its_look_alike_does_not_stop_the_names_game(tmp_path: Path
                                                                             ) -> None:
    """girl6 with MORGAN (the zero-configuration table's third pin): the scored CAMDON read
    as CAMDDN (the monospace O on colour as D) once stopped the game out of step; the row
    read as typed before Enter is scored, the look-alike learned, and the game won."""
    listed = str(names(6, tmp_path))
    pin = ("window.addEventListener('load', () => {WordlJS.changeDifficulty('girl6'); "
           "WordlJS.answer = 'morgan';});")
    record = play_clone("open-wordljs", tmp_path, "--answers", listed, "--guesses", listed,
                        init=pin)
    assert record["exit"] == 0 and record["won"], record
    assert record["guesses"][-1] == "morgan"
