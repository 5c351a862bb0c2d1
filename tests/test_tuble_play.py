"""`autobot play --game tuble` wins the bundled page in real headless Chromium at 1x and 2x."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import autobot.games.tuble.play as tuble_play
from autobot.cli import main
from autobot.games.tuble import find_station
from autobot.games.tuble.network import load_network
from autobot.games.tuble.play import tuble_url
from autobot.games.tuble.rules import code_table, decode
from autobot.loop import skeleton
from tests.conftest import require_chromium

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("answer", "scale", "enter"), [
    ("Heathrow Terminals 1, 2 & 3", "1", True),  # digits, a comma and an ampersand in the rows
    ("Kensington (Olympia)", "2", False),  # a list that ignores Enter: its first line clicked
])
def test_play_wins_and_every_row_is_the_rules(answer: str, scale: str, enter: bool,
                                               base: str, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    require_chromium()
    looped: list[skeleton.Played[int]] = []  # the game goes through the one loop

    def spy(steps: skeleton.Steps[int], **kw: object) -> skeleton.Played[int]:
        looped.append(skeleton.play_steps(steps))
        return looped[-1]

    monkeypatch.setattr(tuble_play, "play_steps", spy)
    out = tmp_path / "game.json"
    where = ["--answer", answer] if enter else [
        "--url", tuble_url(base, answer) + "&enter=0"]
    assert main(["play", "--game", "tuble", *where, "--scale", scale, "--json", str(out)]) == 0
    record = json.loads(out.read_text())
    assert record["pick"] == ("enter" if enter else "click")
    names, table = load_network().names, code_table()
    assert record["won"] and record["rows"][-1]["station"] == names[find_station(answer)]
    for row in record["rows"]:  # each row as read from the pixels = the rules' answer
        code = int(table[names.index(row["station"]), find_station(answer)])
        assert (row["colour"], row["stops"]) == decode(code)
    assert len(record["move_ms"]) == len(record["rows"])
    assert len(looped) == 1 and looped[0].won
    assert [names[t.move] for t in looped[0].turns] == [r["station"] for r in record["rows"]]
