"""Tuble's row reader on real screenshots of the bundled page (fixtures/tuble), no browser."""

from __future__ import annotations

import hashlib
import json
import urllib.request
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from autobot.games.tuble.fixtures import CATALOGUE, FORMAT, expected_rows
from autobot.games.tuble.network import load_network
from autobot.games.tuble.vision import find_blobs, nearest_station, read_rows, station_key

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "tuble"
SIDECARS = sorted(FIXTURES.glob("*.json"))


def test_the_catalogue_is_on_disk() -> None:
    assert {p.stem for p in SIDECARS} == {name for name, *_ in CATALOGUE}


@pytest.mark.parametrize("sidecar", SIDECARS, ids=lambda p: p.stem)
def test_fixture_rows_read_back(sidecar: Path) -> None:
    meta = json.loads(sidecar.read_text())
    assert meta["format"] == FORMAT
    png = (FIXTURES / meta["image"]).read_bytes()
    assert hashlib.sha256(png).hexdigest() == meta["sha256"]
    # The sidecar's rows are the rules' (not a past reading): recompute them to be sure.
    name = next(c for c in CATALOGUE if c[0] == meta["name"])
    assert meta["expected_rows"] == expected_rows(name[1], name[2])
    frame = np.array(Image.open(FIXTURES / meta["image"]).convert("RGB"))
    assert list(frame.shape[1::-1]) == meta["frame_size"]
    got = [{"station": r.station, "colour": r.colour, "stops": r.stops} for r in read_rows(frame)]
    assert got == meta["expected_rows"]


def test_blobs_ignore_a_page_with_no_colour() -> None:
    assert find_blobs(np.full((200, 300, 3), 255, np.uint8)) == []
    frame = np.full((200, 300, 3), 255, np.uint8)
    frame[50:80, 100:130] = (240, 127, 29)  # a square blob: orange
    frame[120:124, 10:290] = (216, 52, 44)  # a red line: not a blob
    assert find_blobs(frame) == [((100, 50, 130, 80), 2)]


def test_first_suggestion_is_the_second_line_typing_changed() -> None:
    from autobot.games.tuble.vision import first_suggestion

    before = np.full((300, 400, 3), 255, np.uint8)
    before[50:52, 20:380] = 120  # the text box's border: there before and after
    typed = before.copy()
    typed[60:75, 30:90] = 20  # the typed letters
    typed[79:81, 30:90] = 200  # the placeholder's descenders, gone: a sliver, not a line
    typed[90:300, 20] = typed[90:300, 379] = 130  # the list's side borders (every line)
    typed[95:125, 21:379] = 228  # the first suggestion's highlight ...
    typed[103:117, 30:150] = 20  # ... and its text
    typed[135:149, 30:120] = 20  # the second suggestion
    assert first_suggestion(before, typed) == (199, 110)
    assert first_suggestion(before, before) is None


def test_nearest_station_forgives_unread_punctuation() -> None:
    names = load_network().names
    assert station_key("Heathrow Terminals 1, 2 & 3") == "HEATHROW TERMINALS 1 2 3"
    assert nearest_station("HEATHROW TERMINALS I Z A S", names) == "Heathrow Terminals 1, 2 & 3"
    assert nearest_station("EDGWARE ROAD IBI", names) == "Edgware Road (B)"
    assert nearest_station("EDGWARE ROAD ICI", names) == "Edgware Road (C)"
    assert nearest_station("ST JAMES S PARK", names) == "St. James's Park"
    assert nearest_station("QWXZ", names) is None


def test_server_sends_the_tuble_page_for_game_tuble(base: str) -> None:
    with urllib.request.urlopen(base + "/?game=tuble&answer=bank") as reply:
        assert b"<title>Tuble</title>" in reply.read()
    with urllib.request.urlopen(base + "/") as reply:
        assert b"<title>Tuble</title>" not in reply.read()
    with urllib.request.urlopen(base + "/tuble/stations.tsv") as reply:
        assert reply.read().decode().count("\n") == len(load_network().names) + 1


def test_cli_read_game_tuble(capsys) -> None:
    from autobot.cli import main

    image = str(FIXTURES / "won_s2.png")
    assert main(["read", "--game", "tuble", "--json", image]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    meta = json.loads((FIXTURES / "won_s2.json").read_text())
    assert [{k: r[k] for k in ("station", "colour", "stops")} for r in rows] == \
        meta["expected_rows"]
    assert main(["read", "--game", "tuble", str(FIXTURES.parent / "screenshots" /
                                                 "empty_light_desk.png")]) == 3
