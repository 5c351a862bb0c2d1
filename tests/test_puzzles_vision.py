"""The grid reader on real frames of Unruly and Solo (tests/data/puzzles: sgt-puzzles windows
captured under Xvfb, each with a sidecar naming its game ID and the grid it shows)."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from autobot.engines.puzzle_window import read_solo
from autobot.vision.digits import load_digit_templates
from autobot.vision.puzzle_grid import box_groups, cell_colours, find_lattice, group_colours

DATA = Path(__file__).parent / "data" / "puzzles"
FIXTURES = sorted(p.stem for p in DATA.glob("*.png"))


def _load(name: str) -> tuple[np.ndarray, dict]:
    frame = cv2.cvtColor(cv2.imread(str(DATA / f"{name}.png")), cv2.COLOR_BGR2RGB)
    return frame, json.loads((DATA / f"{name}.json").read_text())


def test_there_are_fixtures_of_both_apps_both_looks_and_moments() -> None:
    assert len(FIXTURES) == 8
    sides = [_load(n)[1] for n in FIXTURES]
    assert {(s["app"], s["moment"], bool(s["env"].get(f"{s['app'].upper()}_COLOUR_0")))
            for s in sides} == {(a, m, d) for a in ("unruly", "solo") for m in ("start", "won")
                                for d in (False, True)}


@pytest.mark.parametrize("name", [n for n in FIXTURES if n.startswith("unruly")])
def test_unruly_cells_group_by_colour_as_the_id_says(name: str) -> None:
    frame, side = _load(name)
    lat = find_lattice(frame)
    grid = side["grid"]
    assert lat is not None and (lat.rows, lat.cols) == (len(grid), len(grid[0]))
    labels, means = group_colours(cell_colours(frame, lat))
    # One colour per symbol and one symbol per colour (which colour is which is learned live).
    pairs = {(str(labels[r, c]), grid[r][c]) for r in range(lat.rows) for c in range(lat.cols)}
    assert len(pairs) == len({a for a, _ in pairs}) == len({b for _, b in pairs})
    assert len(means) == len({ch for row in grid for ch in row})
    if side["moment"] == "start":
        assert all(grid[r][c] == "." for r in range(lat.rows) for c in range(lat.cols)
                   if labels[r, c] == 0)  # the commonest colour is "empty"


@pytest.mark.parametrize("name", [n for n in FIXTURES if n.startswith("solo")])
def test_solo_digits_box_shape_and_given_versus_entered(name: str) -> None:
    frame, side = _load(name)
    lat = find_lattice(frame)
    grid = side["grid"]
    n = len(grid)
    assert lat is not None and (lat.rows, lat.cols) == (n, n)
    assert box_groups(lat) == ({9: (3, 3), 6: (3, 2)}[n])
    read = read_solo(frame, lat, load_digit_templates())
    assert "".join(str(d) if d else "." for d, _ in read) == "".join(grid)
    if side["moment"] == "won":
        given = "".join(side["given"])
        inks = [np.array(ink, float) for _, ink in read]
        g = np.mean([k for k, flag in zip(inks, given, strict=True) if flag == "1"], axis=0)
        e = np.mean([k for k, flag in zip(inks, given, strict=True) if flag == "."], axis=0)
        assert np.abs(g - e).max() > 40  # entered digits are drawn in another colour
        for k, flag in zip(inks, given, strict=True):
            near_given = np.abs(k - g).sum() < np.abs(k - e).sum()
            assert near_given == (flag == "1")


def test_no_lattice_in_a_flat_frame() -> None:
    assert find_lattice(np.full((200, 300, 3), 90, np.uint8)) is None
