"""Many boards counted from the pixels, never a keyboard as a board, boards that do not fit in
view brought into it by zooming out: on the bundled page's screenshots (every look) and on
frames of the shared real clones (fixtures/clones, made by scripts/clone_frames.py)."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from autobot.loop.many import letters_near, row_near
from autobot.loop.room import InView, Room, best_zoom, in_view
from autobot.rules import Turn
from autobot.vision import load_image, read_board
from autobot.vision.boards import BoardsReader, find_boards, many_boards

ROOT = Path(__file__).resolve().parent.parent
SCREENS = sorted((ROOT / "fixtures" / "screenshots").glob("*.png"))
CLONE_FRAMES = sorted((ROOT / "fixtures" / "clones").glob("*.png"))


def sidecar(png: Path) -> dict:
    return json.loads(png.with_suffix(".json").read_text())


@pytest.mark.parametrize("png", SCREENS, ids=lambda p: p.stem)
def test_the_bundled_page_is_never_many_boards(png: Path) -> None:
    # Every look (light, dark, high contrast; desk, phone, 2x), keyboards of flat keys:
    # the rows of keys once came out as 2-3 boards of one or two rows.
    frame = load_image(png)
    assert many_boards(frame) == []
    for board in find_boards(frame):
        assert board.rows >= 4, f"a lattice of {board.rows} rows at {board.bbox()}"


def test_clone_frames_are_there() -> None:
    assert len(CLONE_FRAMES) >= 8, "fixtures/clones: run scripts/clone_frames.py"


@pytest.mark.parametrize("png", CLONE_FRAMES, ids=lambda p: p.stem)
def test_boards_are_counted_on_frames_of_the_clones(png: Path) -> None:
    meta = sidecar(png)
    frame = load_image(png)
    want = meta["expected"]["boards"]
    found = many_boards(frame)
    if want == 1:
        assert found == []
        boards = find_boards(frame)
        assert len(boards) == 1 and boards[0].rows == 6  # the board, not its keys
    else:
        assert len(found) == want
    # The keyboard (flat keys with per-board colour maps, bordered square keys) is below
    # every board, never one of them.
    keys_top = 0.85 * frame.shape[0] if meta["clone"] != "open-wordljs" else 350
    assert all(b.bbox()[1] < keys_top for b in find_boards(frame))


def test_a_board_cut_by_its_box_is_a_partial_board() -> None:
    # lingle /quad/ at 1280x1024: boards wrap 3 + 1, the 4th shows one row above the fold
    # of its scrolling box (its last tile under the board's number badge).
    frame = load_image(ROOT / "fixtures" / "clones" / "lingle-4-cut.png")
    boards = many_boards(frame)
    assert [b.rows for b in boards] == [9, 9, 9, 1]
    assert boards[3].x == pytest.approx(boards[1].x, abs=2)  # under board 2: its columns


def test_a_row_cut_by_its_box_above_keys_of_its_colour_is_not_a_row() -> None:
    # The 4th board of lingle-4-cut with a first word typed: the dark row under it shows its
    # top above the box's edge, then page, then keys of nearly the tiles' colour. Once the
    # unplayed tiles' fill is learned, that row is not taken for one of the fill's (it read as
    # a typed row "ẞMTT?" of key letters, and the board never settled).
    reader = BoardsReader()
    start = reader(load_image(ROOT / "fixtures" / "clones" / "lingle-4-cut-start.png"))
    assert [len(b.rows) for b in start.boards] == [9, 9, 9, 1] and reader.blank
    typed = reader(load_image(ROOT / "fixtures" / "clones" / "lingle-4-cut-typed.png"))
    assert typed.settled, typed.reasons
    assert [b.rows[0] for b in typed.boards] == [("SORIA", "ttttt")] * 4
    assert [len(b.rows) for b in typed.boards] == [9, 9, 9, 1]


def test_unplayed_rows_of_solid_dark_tiles_are_rows_of_the_board() -> None:
    frame = load_image(ROOT / "fixtures" / "clones" / "lingle-1.png")
    read = read_board(frame)
    assert read.found and read.settled, read.reasons  # the cursor bar is no occlusion
    assert [r[0] for r in read.rows] == ["SOBRE", "", "", "", "", ""]
    assert read.rows[1][1] == "....."


def test_zoomed_out_frames_show_every_board_whole() -> None:
    for name, boards, rows in (("lingle-4-zoomed", 4, 9), ("lingle-8-zoomed", 8, 13)):
        found = many_boards(load_image(ROOT / "fixtures" / "clones" / f"{name}.png"))
        assert len(found) == boards
        assert [b.rows for b in found][:4] == [rows] * 4  # the first row of boards whole


# --- pure logic ---------------------------------------------------------------------------


def test_best_zoom_is_the_largest_that_shows_the_most() -> None:
    seen = [(1.0, InView(4, 28, 65)), (0.8, InView(4, 36, 52)), (0.67, InView(4, 36, 43))]
    assert best_zoom(seen) == 0.8
    assert best_zoom([(1.0, InView(32, 32, 27)), (0.8, InView(1, 1, 22))]) == 1.0


def fake_room(views: dict[float, InView]) -> tuple[Room, list[float]]:
    """A room over a page that shows `views[zoom]` (boards as geometries of that many rows)."""
    calls: list[float] = []
    state = {"z": 1.0}

    def zoom(z: float) -> bool:
        calls.append(z)
        state["z"] = z
        return True

    def find(_frame: object) -> list:
        v = views[state["z"]]
        per = v.rows // max(1, v.boards)
        return [SimpleNamespace(rows=per, tile=v.tile) for _ in range(v.boards)]

    return Room(zoom, lambda: None, find), calls


def test_room_zooms_out_while_more_shows_and_settles_on_the_largest_zoom() -> None:
    views = {1.0: InView(3, 27, 65), 0.8: InView(4, 36, 52), 0.67: InView(4, 36, 43),
             0.5: InView(4, 36, 32), 0.4: InView(4, 36, 26), 0.33: InView(4, 36, 21)}
    room, calls = fake_room(views)
    assert room.fit("test")
    assert room.level == 0.8 and calls[-1] == 0.8
    assert "zoom 0.8" in room.log[-1] and "3 boards" in room.log[-1]
    assert 0.33 not in calls  # two steps without more: no further


def test_room_leaves_a_page_that_fits_as_it_is() -> None:
    views = {z: InView(32, 32, 27 * z) for z in (1.0, 0.8, 0.67, 0.5, 0.4, 0.33)}
    views[0.8] = InView(1, 1, 22)  # tiles too small to find: worse
    room, calls = fake_room(views)
    assert not room.fit()
    assert room.level == 1.0 and calls[-1] == 1.0 and room.log == []


def test_in_view_counts_boards_and_rows() -> None:
    g = [SimpleNamespace(rows=9, tile=60.0), SimpleNamespace(rows=1, tile=62.0)]
    assert in_view(g) == InView(2, 10, 62.0)
    assert in_view([]) == InView(0, 0, 0.0)


def test_letters_near_forgives_one_look_alike_not_a_dropped_key() -> None:
    assert letters_near("ANDAH", "andam")
    assert letters_near("AND?M", "andam")
    assert not letters_near("ANDA", "andam")  # a key the page dropped
    assert not letters_near("ANHAH", "andam")
    assert row_near(("ANDAH", "XGXXY"), Turn("andam", "XGXXY"))
    assert row_near(("CEBEN", "XXXXY"), Turn("cedem", "XXXXY"))  # small coloured tiles
    assert not row_near(("OEBEH", "XXXXY"), Turn("cedem", "XXXXY"))
    assert not row_near(("ANDAH", "XGXXX"), Turn("andam", "XGXXY"))  # colours are exact


def test_count_boards_waits_for_the_same_count_twice(monkeypatch) -> None:
    import autobot.loop.probe as pb
    import autobot.vision
    from autobot.loop.probe import AUTO_LOOK_MAX_S, count_boards

    t = {"now": 0.0}

    def sleep(s: float) -> None:
        t["now"] += s

    # A frame is (boards in view, one board found by the one-board reader).
    monkeypatch.setattr(pb, "unplayed_boards", lambda f: f[0])
    monkeypatch.setattr(autobot.vision, "read_board", lambda f: SimpleNamespace(found=f[1]))

    def count(frames: list) -> tuple[int, float]:
        it = iter(frames)
        last = frames[-1]
        driver = SimpleNamespace(screen=SimpleNamespace(grab=lambda: next(it, last)))
        start = t["now"]
        return count_boards(driver, None, sleep, lambda: t["now"]), t["now"] - start

    assert count([(0, False), (4, False), (4, False)])[0] == 4
    n, waited = count([(0, True)])
    assert n == 0 and waited < 1.0  # one board: the one-board game, soon
    # A menu first (no board at all), the 32 boards after a moment: waited for.
    assert count([(0, False)] * 8 + [(32, False)])[0] == 32
    n, waited = count([(0, False)])
    assert n == 0 and waited >= AUTO_LOOK_MAX_S  # nothing ever: given up


def test_no_keyboard_boards_on_a_blank_frame() -> None:
    assert many_boards(np.zeros((400, 600, 3), np.uint8)) == []


def test_play_boards_is_auto_unless_a_number_is_given() -> None:
    import argparse

    from autobot.cli.parsers import play

    parser = argparse.ArgumentParser()
    play.register(parser.add_subparsers())
    assert parser.parse_args(["play"]).boards is None
    assert parser.parse_args(["play", "--boards", "auto"]).boards is None
    assert parser.parse_args(["play", "--boards", "4"]).boards == 4
    with pytest.raises(SystemExit):
        parser.parse_args(["play", "--boards", "many"])


def test_read_counts_boards_without_the_flag(capsys) -> None:
    from autobot.cli import main

    frames = ROOT / "fixtures" / "clones"
    code = main(["read", "--json", str(frames / "lingle-4-zoomed.png"),
                 str(frames / "duotrigordle-start.png"), str(frames / "lingle-1.png")])
    assert code == 0
    got = json.loads(capsys.readouterr().out)
    assert [g.get("count") for g in got] == [4, 32, None]  # the last: one board, as before
    assert got[2]["found"] and got[2]["rows"][0][0] == "SOBRE"
