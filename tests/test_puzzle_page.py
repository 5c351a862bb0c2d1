"""`autobot play --game ohhi|sudoku` wins the bundled 0h h1 and Sudoku pages in real headless
Chromium at 1x and 2x, light and dark, from the screenshots; bad input is one line."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import autobot.engines.puzzle_window as puzzle_window
from autobot.cli import main
from autobot.engines.puzzle_page import end_shown, puzzle_url
from autobot.errors import AutobotError
from autobot.games.puzzles import sudoku, takuzu
from autobot.loop import skeleton
from autobot.vision.puzzle_grid import Lattice
from tests.conftest import require_chromium

# A solved 9x9 (rows) and the cells blanked for the short test games.
SOLVED = ("534678912672195348198342567859761423426853791"
          "713924856961537284287419635345286179")


def blanked(cells: list[int]) -> str:
    """The solved grid with `cells` emptied (a short game: few moves)."""
    return "".join("0" if i in cells else ch for i, ch in enumerate(SOLVED))


# --- pure logic: cheap --------------------------------------------------------------------

def test_puzzle_url_names_the_page_and_refuses_bad_specs() -> None:
    assert puzzle_url("http://h/", "ohhi", "6:7", "dark", "reverse") == (
        "http://h/?game=ohhi&size=6&seed=7&theme=dark&cycle=reverse")
    assert puzzle_url("http://h/", "sudoku", SOLVED) == f"http://h/?game=sudoku&puzzle={SOLVED}"
    for bad in ("7:1", "14", "6:x"):
        with pytest.raises(AutobotError, match="SIZE:SEED"):
            puzzle_url("http://h/", "ohhi", bad)
    with pytest.raises(AutobotError, match="16, 36 or 81 digits"):
        puzzle_url("http://h/", "sudoku", None)


def test_end_shown_looks_outside_the_cells_only() -> None:
    lat = Lattice((10, 30), (10, 30), 16)
    before = np.full((60, 60, 3), 255, np.uint8)
    inside = before.copy()
    inside[12:24, 12:24] = 0  # a cell filled: a move, not the end
    assert not end_shown(before, inside, lat)
    banner = inside.copy()
    banner[50:56, 5:55] = 0  # a line of text under the grid
    assert end_shown(before, banner, lat)


@pytest.mark.parametrize(("argv", "message"), [
    (["--game", "sudoku"], "needs --answer GRID"),
    (["--game", "ohhi", "--answer", "5:1"], "SIZE:SEED"),
    (["--game", "ohhi", "--start", "crane"], "--start is for word games"),
    (["--game", "sudoku", "--answer", SOLVED, "--url", "http://127.0.0.1:9/"], "--answer only"),
])
def test_play_puzzle_bad_input_is_one_line(argv: list[str], message: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_live_puzzle_json_is_checked_before_the_first_click(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An unwritable --json stops `live --game unruly` before any screen or click (exit 2)."""
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert main(["live", "--game", "unruly", "--json", str(blocker / "game.json")]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


# --- real Chromium: one short game per puzzle and scale -----------------------------------

@pytest.fixture
def looped(monkeypatch: pytest.MonkeyPatch) -> list[skeleton.Played[tuple[int, int, int]]]:
    """The games the puzzle loop played through the one loop (`play_steps`), as it ended."""
    games: list[skeleton.Played[tuple[int, int, int]]] = []

    def spy(steps: skeleton.Steps[tuple[int, int, int]], **kw: object
            ) -> skeleton.Played[tuple[int, int, int]]:
        games.append(skeleton.play_steps(steps))
        return games[-1]

    monkeypatch.setattr(puzzle_window, "play_steps", spy)
    return games



@pytest.mark.browser
@pytest.mark.parametrize(("spec", "scale", "theme", "cycle"), [
    ("6:7", "1", "light", "reverse"),  # the page cycles empty -> blue -> red: learned, not known
    ("6:11", "2", "dark", None),
])
def test_play_wins_ohhi_page(spec: str, scale: str, theme: str, cycle: str | None,
                             base: str, tmp_path: Path,
                             looped: list[skeleton.Played[tuple[int, int, int]]]) -> None:
    require_chromium()
    out = tmp_path / "game.json"
    url = puzzle_url(base, "ohhi", spec, theme, cycle)
    assert main(["play", "--game", "ohhi", "--url", url, "--scale", scale,
                 "--window-size", "600x700", "--json", str(out)]) == 0
    record = json.loads(out.read_text())
    assert record["won"] and record["end_shown"]
    grid = [[int(ch) for ch in row] for row in record["grid"].splitlines()]
    cells = [v for row in grid for v in row]
    assert takuzu.check(takuzu.new(6, 6, [-1] * 36, unique=True), cells) == []
    assert len(record["latency_ms"]) == record["moves"] > 10
    # Every cell after the first (the click that learns the colours) is a turn of the one loop.
    assert len(looped) == 1 and looped[0].won
    assert [list(t.move) for t in looped[0].turns] == record["placed"][1:]


@pytest.mark.browser
@pytest.mark.parametrize(("blanks", "scale", "theme"), [
    ([0, 4, 10, 20, 30, 40, 44, 50, 60, 70, 80, 33], "1", "light"),
    ([1, 9, 17, 27, 35, 43, 47, 55, 63, 72, 78], "2", "dark"),
])
def test_play_wins_sudoku_page(blanks: list[int], scale: str, theme: str, base: str,
                               tmp_path: Path,
                               looped: list[skeleton.Played[tuple[int, int, int]]]) -> None:
    require_chromium()
    puzzle = blanked(blanks)
    assert sudoku.solve(sudoku.parse_text(puzzle)).status == "solved"  # one answer to find
    out = tmp_path / "game.json"
    assert main(["play", "--game", "sudoku", "--answer", puzzle, "--theme", theme,
                 "--scale", scale, "--window-size", "600x700", "--json", str(out)]) == 0
    record = json.loads(out.read_text())
    assert record["won"] and record["end_shown"] and record["moves"] == len(blanks)
    assert "".join(record["grid"].split()) == SOLVED  # read back from the pixels
    assert len(looped) == 1 and looped[0].won  # each cell a turn of the one loop
    assert [list(t.move) for t in looped[0].turns] == record["placed"]
