"""`autobot replay` on the puzzle fixtures: the bundled 0h h1 / Sudoku pages (fixtures/puzzles),
the sgt-puzzles windows (tests/data/puzzles) and Tuble (fixtures/tuble), no browser."""

from __future__ import annotations

import json
import shutil
import urllib.request
from pathlib import Path

import pytest

from autobot.cli import main
from autobot.harness.puzzle_replay import grid_kind, ink_diffs, judge_tuble, partition_diffs

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = [ROOT / "fixtures" / "puzzles", ROOT / "fixtures" / "puzzles" / "sgt",
           ROOT / "tests" / "data" / "puzzles", ROOT / "fixtures" / "tuble"]


def test_partition_wants_one_colour_per_symbol() -> None:
    assert partition_diffs([".01", "10."], [[2, 0, 1], [1, 0, 2]]) == []
    # Two symbols read as one colour: the second cell of that colour is named.
    assert partition_diffs(["01"], [[0, 0]]) == ["cell (0, 1) '1' reads as colour 0, the colour "
                                                 "of '0'"]
    assert partition_diffs(["00"], [[0, 1]]) != []  # one symbol split over two colours


def test_inks_tell_given_from_entered() -> None:
    black, blue = (20, 20, 20), (40, 110, 210)
    assert ink_diffs(["110"], [black, black, blue]) == []
    assert ink_diffs(["110"], [black, black, None]) == []  # one kind only: nothing to tell
    assert "share one ink" in ink_diffs(["10"], [black, black])[0]
    assert ink_diffs(["1100"], [black, blue, blue, blue]) != []


def test_tuble_rows_compared_in_order() -> None:
    class R:
        def __init__(self, station: str, colour: int, stops: int) -> None:
            self.station, self.colour, self.stops = station, colour, stops

    data = {"expected_rows": [{"station": "Bank", "colour": 0, "stops": 0}]}
    assert judge_tuble(data, [R("Bank", 0, 0)]) == []
    assert judge_tuble(data, [R("Bank", 1, 0)]) == ["row 1: expected ('Bank', 0, 0) got "
                                                    "('Bank', 1, 0)"]
    assert judge_tuble(data, [])[0] == "rows: expected 1 got 0"
    assert grid_kind({"format": "autobot-tuble-fixture/1"}) == "tuble"
    assert grid_kind({"app": "solo", "grid": []}) == "sudoku"
    assert grid_kind({"expected": {"found": True}}) is None  # a Wordle sidecar


def test_replay_passes_every_puzzle_fixture(tmp_path: Path) -> None:
    out = tmp_path / "replay.json"
    assert main(["replay", *map(str, FOLDERS), "--quiet", "--json", str(out)]) == 0
    summary = json.loads(out.read_text())["summary"]
    pngs = sum(len(list(f.glob("*.png"))) for f in FOLDERS)
    assert summary["passed"] == summary["cases"] == pngs >= 23
    sides = [json.loads(p.read_text()) for p in (ROOT / "fixtures" / "puzzles").glob("*.json")]
    # Both games, both themes, both scales, and the page's solved state among them.
    for game in ("ohhi", "sudoku"):
        assert {s["theme"] for s in sides if s["game"] == game} == {"light", "dark"}
        assert {s["scale"] for s in sides if s["game"] == game} == {1.0, 2.0}
    assert {s["game"] for s in sides if s["page_solved"]} == {"ohhi", "sudoku"}


def _swap(row: str, a: str, b: str) -> str:
    return row.translate(str.maketrans({a: b, b: a}))


@pytest.mark.parametrize(("name", "edit"), [
    ("ohhi-6-dark-2x-mid", lambda g: [g[0].replace(".", "0", 1), *g[1:]]),  # an empty made red
    ("sudoku-9-dark-2x-mid", lambda g: [g[0][:-1] + ("1" if g[0][-1] != "1" else "2"), *g[1:]]),
    # 16x16: two letters swapped in one row (their shapes come from the first cell of each).
    ("sgt/solo-4x4dt-default-32px-won", lambda g: [g[0], _swap(g[1], "a", "b"), *g[2:]]),
])
def test_replay_fails_on_a_wrong_sidecar(name: str, edit, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    src = ROOT / "fixtures" / "puzzles"
    if "/" in name:
        src, name = src / name.split("/")[0], name.split("/")[1]
    shutil.copy(src / f"{name}.png", tmp_path)
    side = json.loads((src / f"{name}.json").read_text())
    side["grid"] = edit(side["grid"])
    (tmp_path / f"{name}.json").write_text(json.dumps(side))
    assert main(["replay", str(tmp_path)]) == 1
    assert "FAIL" in capsys.readouterr().out


def test_server_sends_the_puzzle_page_for_ohhi_and_sudoku(base: str) -> None:
    for game in ("ohhi", "sudoku"):
        with urllib.request.urlopen(base + f"/?game={game}") as reply:
            assert b"<title>Puzzles</title>" in reply.read()


def test_solo_symbols_past_nine_are_letters() -> None:
    from autobot.engines.puzzle_window import symbol_value, value_key

    assert [value_key(v) for v in (1, 9, 10, 12, 16)] == ["1", "9", "a", "c", "g"]
    assert all(symbol_value(value_key(v)) == v for v in range(1, 36))
    assert symbol_value("0") == symbol_value("?") == -1
