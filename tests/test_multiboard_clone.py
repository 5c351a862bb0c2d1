"""One known Duotrigordle game (32 boards, 37 guesses) won on the shared open-source clone:
its boards are found and read in a window tall enough to show every board (the page's own
board area grows with the game), the guesses typed through real key presses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import play_clone, require_clone

from autobot.rules import score

GAME_ID = 5
# The clone's README: a historic game starts with one call once the page has loaded (setup only:
# the bot reads nothing back from the page).
START = """window.addEventListener('load', () => setTimeout(() => {
  var p = {view: 'game', gameMode: 'historic', challenge: 'normal', id: ID};
  history.pushState({path: p}, '', '/game/historic/normal/ID');
  dispatchEvent(new PopStateEvent('popstate', {state: {path: p}}));
}, 300));""".replace("ID", str(GAME_ID))


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.xfail(run=False, reason="known gap: 10 of ~35 guesses played and checked (about a "
                   "minute a guess on this machine), then a typed row was not recognised")
def test_a_known_duotrigordle_game_is_won(tmp_path: Path) -> None:
    answers = json.loads((require_clone("duotrigordle") / "historic-targets.json").read_text())
    targets = [w.lower() for w in answers["targets"][str(GAME_ID)]]
    record = play_clone("duotrigordle", tmp_path, "--boards", "32", "--window-size", "1280x8000",
                        init=START)
    assert record["exit"] == 0 and record["won"], record
    guesses = record["guesses"]
    assert len(guesses) <= 37 and set(targets) <= set(guesses)
    for answer, marks in zip(targets, record["marks"], strict=True):
        played = guesses[:guesses.index(answer) + 1]
        assert marks == [score(g, answer) for g in played]
