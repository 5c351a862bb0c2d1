"""A 4K desktop with the page at 1x and 2x under browser chrome reads like the page alone (issue 4).

Frames are built here from the fixtures (the same desktop as `autobot.bench.read`: wallpaper,
a notes window with icon squares, a taskbar, browser chrome); no 4K image is stored. At 1x a
62 px tile is 15 px in the whole-frame search, where the pitch used to come out 70/68 px for
67 and the last rows fell off the grid; the grid is now refitted on the board at full size.
A board that shows the rows played plus one (Absurdle, Jotto) lost that empty row at 1/4 (its
2 px outline fades): rows of the board's tiles next to it are looked for at the refit's scale.
"""

from __future__ import annotations

import numpy as np
import pytest

from autobot.bench.read import FIXTURES, desktop_4k, sidecars
from autobot.harness.replay import compare_board, expectation_from_sidecar
from autobot.vision import load_image, locate, read_board

CHROME_PX = 87  # browser chrome height at 1x (bench_read.browser_chrome)
TASKBAR_PX = 96


def _window_origin(page: np.ndarray, scale: int) -> tuple[int, int]:
    """Where desktop_4k puts the browser window: x 760, y 40 unless too tall to fit above."""
    height = page.shape[0] + CHROME_PX * scale
    return min(3840 - page.shape[1], 760), max(0, min(40, 2160 - TASKBAR_PX - height))


CASES = [(1, d) for d in sidecars(1.0, 1280)] + [(2, d) for d in sidecars(2.0, 2560)]


def _case(scale: int, data: dict) -> object:
    return pytest.param(scale, data, id=f"{scale}x-{data['name']}")


def test_there_are_desktop_fixtures_at_both_scales() -> None:
    assert sum(1 for s, _ in CASES if s == 1) >= 10
    assert sum(1 for s, _ in CASES if s == 2) >= 5


@pytest.mark.parametrize(("scale", "data"), [_case(s, d) for s, d in CASES])
def test_4k_desktop_reads_like_the_page(scale: int, data: dict) -> None:
    page = load_image(FIXTURES / data["image"])
    frame = desktop_4k(page, scale, data["theme"] == "dark")
    assert frame.shape == (2160, 3840, 3)
    read = read_board(frame)
    assert compare_board(expectation_from_sidecar(data), read) == []
    # The grid is the page's own grid moved by the window offset, to 2 px or 2% of a tile
    # (both are measured on tiles of 30..60 px: a 62 px tile at 1/2, a 124 px one at 1/4).
    alone = read_board(page).grid
    assert read.grid is not None and alone is not None
    wx, wy = _window_origin(page, scale)
    dx, dy = wx, wy + CHROME_PX * scale
    assert abs(read.grid.pitch_x - alone.pitch_x) < 0.5
    assert abs(read.grid.pitch_y - alone.pitch_y) < 0.5
    # Centres, not corners: an empty tile's outline may be traced inside or outside its
    # 2 px border, which moves the corner by half the difference, not the centre.
    tol = max(2.0, 0.02 * alone.pitch_x)
    half, half_alone = read.grid.tile / 2, alone.tile / 2
    assert abs(read.grid.x + half - (alone.x + half_alone + dx)) <= tol
    half, half_alone = read.grid.height / 2, alone.height / 2
    assert abs(read.grid.y + half - (alone.y + half_alone + dy)) <= tol
    assert abs(read.grid.tile - alone.tile) < 0.15 * alone.tile  # inner or outer trace
    # And with last frame's grid as a hint (the turn loop's path) too.
    again = read_board(frame, hint=read.grid)
    assert compare_board(expectation_from_sidecar(data), again) == []


def _boxes(pitch: float, tile: float, x0: float, y0: float, q: float) -> list[locate.Box]:
    """Tile outlines of a 5x6 board, snapped to a search image of 1/q scale (whole pixels)."""
    out = []
    for r in range(6):
        for c in range(5):
            x, y = (x0 + c * pitch) / q, (y0 + r * pitch) / q
            out.append(locate.Box(float(round(x)), float(round(y)),
                                  float(round(tile / q)), float(round(tile / q))))
    return out


def test_refit_recovers_the_pitch_that_gaps_snap() -> None:
    # 67 px pitch seen at 1/4: neighbour gaps are whole pixels (16 or 17), never 16.75.
    boxes = _boxes(67, 62, 1235, 321, 4)
    start = locate.Lattice(boxes[0].x, boxes[0].y, 17.5, 17.0, 15.5, 6, 5, 30, frozenset())
    lat = locate.refit_lattice(boxes, start)
    assert lat is not None
    assert abs(lat.pitch_x * 4 - 67) < 0.5 and abs(lat.pitch_y * 4 - 67) < 0.5
    assert abs(lat.x * 4 - 1235) < 2 and abs(lat.y * 4 - 321) < 2
    assert lat.hits == 30


def test_refit_leaves_a_shaking_row_out() -> None:
    boxes = _boxes(67, 62, 100, 100, 1)
    shaken = [locate.Box(b.x + 9, b.y, b.w, b.h) if 3 * 67 <= b.y - 100 < 4 * 67 else b
              for b in boxes]
    start = locate.Lattice(100, 100, 67, 67, 62, 6, 5, 30, frozenset())
    lat = locate.refit_lattice(shaken, start)
    assert lat is not None
    assert lat.hits == 25 and abs(lat.x - 100) < 0.01 and abs(lat.pitch_x - 67) < 0.01


def test_refit_needs_three_tiles_on_the_lattice() -> None:
    start = locate.Lattice(0, 0, 67, 67, 62, 6, 5, 0, frozenset())
    far = [locate.Box(30.0, 30.0, 62.0, 62.0), locate.Box(400.0, 0.0, 62.0, 62.0)]
    assert locate.refit_lattice(far, start) is None
    assert locate.refit_lattice([], start) is None
    assert np.isfinite(start.pitch_x)


def test_tile_size_from_a_coarse_search_is_measured_again() -> None:
    # 45 px tiles with a thin border: the search at 1/2 saw only the 20 px inner trace (40 px),
    # 15% under the 46 px outline the full-size look traces.
    boxes = _boxes(50, 46, 100, 100, 1)
    start = locate.Lattice(103, 103, 50, 50, 40, 6, 5, 30, frozenset())
    assert locate.refit_lattice(boxes, start) is None
    sized = locate.resized_lattice(boxes, start)
    assert (sized.tile, sized.height) == (46, 46)
    assert (sized.x + sized.tile / 2, sized.y + sized.height / 2) == (123, 123)  # same centres
    lat = locate.refit_lattice(boxes, sized)
    assert lat is not None and lat.hits == 30 and abs(lat.x - 100) < 0.01
    assert locate.resized_lattice(boxes[:2], start) == start  # too few to measure


def test_an_empty_row_lost_at_quarter_scale_is_found_and_no_more() -> None:
    """Jotto at 1x on a 4K desktop: the 1/4 search sees the three played rows; the empty row
    under them is added, and nothing below it (page, then the keyboard's keys) is."""
    from autobot.vision import find

    data = next(d for d in sidecars(1.0, 1280) if d["name"] == "jotto_dark_desk")
    frame = desktop_4k(load_image(FIXTURES / data["image"]), 1, True)
    scale = locate.search_scale(frame.shape)
    grey = locate.to_search_grey(frame, scale)
    boxes = locate.find_candidates(grey)
    coarse = locate.fit_lattice(boxes, width=grey.shape[1])
    assert coarse is not None and coarse.rows == 3  # the gap this covers
    grid, _ = find.locate_grid(frame)
    assert grid is not None and grid.rows == 4
    assert not find._row_at(frame, grid, grid.rows, 0.5)
    assert not find._row_at(frame, grid, -1, 0.5)
    assert find._row_at(frame, grid, grid.rows - 1, 0.5)  # the row it added is tiles


def test_a_timed_read_reads_a_fresh_copy_as_a_game_reads_a_new_capture(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The benchmarks' reads: the frame's own read, on a new array each time (re-reading one
    array made glibc fault the read's scratch in again every read, a cost no game has)."""
    import autobot.bench.read as bench_read

    frame = load_image(FIXTURES / "mid_light_desk.png")
    seen: list[np.ndarray] = []

    def spy(shot: np.ndarray, **kwargs: object) -> object:
        seen.append(shot)
        return read_board(shot, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(bench_read, "read_board", spy)
    read, wall, cpu = bench_read.timed_read(frame)
    again, _, _ = bench_read.timed_read(frame, hint=read.grid)
    assert read == read_board(frame) and again.rows == read.rows
    assert wall > 0 and cpu >= 0
    assert len(seen) == 2 and all(s is not frame and np.array_equal(s, frame) for s in seen)
    assert seen[0] is not seen[1]
