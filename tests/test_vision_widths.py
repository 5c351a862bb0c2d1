"""Boards 4..11 tiles wide are found without being told the width (pure lattice fitting)."""

from __future__ import annotations

import pytest

from autobot.vision import locate


def grid(cols: int, rows: int, side: float = 30, gap: float = 4) -> list[locate.Box]:
    return [locate.Box(10 + (side + gap) * c, 10 + (side + gap) * r, side, side)
            for r in range(rows) for c in range(cols)]


@pytest.mark.parametrize("cols", [4, 6, 7, 8, 11])
def test_other_widths_are_measured(cols: int) -> None:
    lat = locate.fit_lattice(grid(cols, cols + 1))
    assert lat is not None and (lat.cols, lat.rows, lat.hits) == (cols, cols + 1, cols * (cols + 1))


def test_five_wide_stays_five_and_lone_lines_are_not_boards() -> None:
    lat = locate.fit_lattice(grid(5, 6))
    assert lat is not None and (lat.cols, lat.rows) == (5, 6)
    # One row of six squares is never taken as a six-letter board (two full rows measure it).
    lone = locate.fit_lattice(grid(6, 1))
    assert lone is None or lone.cols == 5
    assert locate.fit_lattice(grid(12, 3)) is None  # wider than any word we play
    # A column missing in the middle: two grids side by side, not one board.
    holed = [b for b in grid(9, 3) if round((b.x - 10) / 34) != 4]
    lat = locate.fit_lattice(holed)
    assert lat is None or lat.cols == 4


def test_a_width_asked_for_is_kept() -> None:
    assert locate.fit_lattice(grid(6, 7), cols=5) is None
    lat = locate.fit_lattice(grid(6, 7), cols=0)
    assert lat is not None and lat.cols == 6


def test_rows_never_seen_side_by_side_do_not_bridge_a_missing_row() -> None:
    """Example words two pitches apart (text between) are no board; a toast over one row of
    a board whose other rows sit side by side still is."""
    pitch = 34.0
    words = [locate.Box(b.x, 10 + 2.1 * pitch * r, b.w, b.h)
             for b in grid(5, 1) for r in range(2)]
    # The third word a little further down, two of its outlines lost (merged with a neighbour).
    words += [locate.Box(10 + pitch * c, 10 + 4.2 * pitch, 30, 30) for c in (0, 1, 3)]
    assert locate.fit_lattice(words) is None
    toasted = [b for b in grid(5, 6) if round((b.y - 10) / pitch) != 1]
    lat = locate.fit_lattice(toasted)
    assert lat is not None and (lat.rows, lat.hits) == (6, 25)
