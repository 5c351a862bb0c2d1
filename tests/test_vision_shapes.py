"""Board shapes the reader must find on pages it has never seen, on boards drawn here (issue:
board geometry): round, rounded and not-square tiles, 1..12 rows, boards cropped exactly at
their tiles, rows cut by the frame, flips on either axis, tiles left tilted after a reveal,
faint hint letters, and a "How to play" dialog's example rows (not a board).

Drawings know their exact tile boxes, so the grid is checked against them (centres to 2.5 px).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from drawn_boards import (  # same folder
    centre_error,
    draw_board,
    draw_neumorphic,
    draw_tutorial,
    tight,
)

from autobot.vision import load_image, read_board

DATA = Path(__file__).parent / "data"

PLAYED = [("CRANE", "XYXXG"), ("BIDET", "XYXYX"), ("PIO", "ttt..")]
EMPTY = ("", ".....")


def _board(n_rows: int = 6) -> list[tuple[str, str]]:
    return (PLAYED + [EMPTY] * n_rows)[:n_rows] if n_rows >= 3 else PLAYED[:n_rows]


SHAPES = {
    "square": {},
    "rounded": {"shape": "rounded"},
    "round": {"shape": "round", "tile": (70, 70), "gap": 10},
    "wide-48x40": {"tile": (48, 40), "gap": 4},
    "tall-40x48": {"tile": (40, 48), "gap": 4},
    "small-30": {"tile": (30, 30), "gap": 3},
}


@pytest.mark.parametrize("kind", SHAPES)
def test_tile_shapes_read_with_their_geometry(kind: str) -> None:
    drawn = draw_board(_board(), **SHAPES[kind])
    read = read_board(drawn.frame)
    assert read.found and read.settled, read.reasons
    assert list(read.rows) == drawn.rows
    assert read.grid is not None and read.grid.rows == 6 and read.grid.cols == 5
    assert centre_error(read.grid, drawn) <= 2.5
    w, h = SHAPES[kind].get("tile", (62, 62))
    # Grid.tile is the width, Grid.height the height: an outline is traced up to 1 px outside.
    assert abs(read.grid.tile - w) <= 3 and abs(read.grid.height - h) <= 3
    assert read.grid.round == (kind == "round")
    assert read.cut is None


@pytest.mark.parametrize("n_rows", [1, 2, 3, 5, 7, 8, 12])
def test_any_row_count(n_rows: int) -> None:
    tile = (40, 40) if n_rows > 8 else (56, 56)
    drawn = draw_board(_board(n_rows), tile=tile)
    read = read_board(drawn.frame)
    assert read.found and read.settled, read.reasons
    assert list(read.rows) == drawn.rows
    assert centre_error(read.grid, drawn) <= 2.5


def test_outline_only_tiles_are_found() -> None:
    """Tiles drawn as a coloured border with the page inside: the geometry is found."""
    drawn = draw_board(_board(), outline_only=True)
    read = read_board(drawn.frame)
    assert read.found and read.grid is not None and read.grid.rows == 6
    assert centre_error(read.grid, drawn) <= 2.5
    assert [letters for letters, _ in read.rows][:3] == ["CRANE", "BIDET", "PIO"]


@pytest.mark.parametrize("shape", ["rect", "rounded", "round"])
@pytest.mark.parametrize(("tile", "ring"), [(62, 5), (62, 4), (40, 3), (90, 6), (120, 8)])
def test_evaluated_tiles_drawn_as_a_ring_of_their_colour_read_their_marks(
    shape: str, tile: int, ring: int
) -> None:
    """A ring of the tile's colour round the page colour (thicker than the 2 px border of
    empty and typed tiles) is the tile's colour; typed tiles stay typed."""
    drawn = draw_board(_board(), outline_only=True, ring=ring, border=2, shape=shape,
                       tile=(tile, tile), gap=max(4, tile // 12))
    read = read_board(drawn.frame)
    assert read.found
    if shape == "round" and not read.settled:
        # A ring this thick for a circle (7.5%) reaches its sampling ring: unsure, not wrong.
        assert ring / tile > 0.07
        assert all(m in (want, "?") for (_, marks), (_, wants) in zip(read.rows, drawn.rows,
                                                                       strict=True)
                   for m, want in zip(marks, wants, strict=True))
        return
    assert read.settled, read.reasons
    assert list(read.rows) == drawn.rows


def test_a_ring_no_thicker_than_the_empty_tiles_border_is_no_colour() -> None:
    # Every tile, typed and empty too, has the same 5 px border: no ring stands out, so the
    # letters read as typed rather than the typed row as absent.
    drawn = draw_board(_board(), outline_only=True, border=5)
    read = read_board(drawn.frame)
    assert read.found and read.rows[2] == ("PIO", "ttt..")
    assert all(set(marks) <= {"t", "."} for _, marks in read.rows)


@pytest.mark.parametrize("name", ["light", "pastel_dark", "dark_hc"])
def test_the_bundled_pages_outlined_tiles_read_their_marks(name: str) -> None:
    # Chromium shots of the bundled page, tiles=outline (a 5 px ring of the tile's colour,
    # letters in it or in the page's text colour), answer ROBOT, RO typed.
    read = read_board(load_image(DATA / "outline" / f"page_outline_{name}.png"))
    assert read.found and read.settled, read.reasons
    assert list(read.rows[:4]) == [("SLATE", "XXXYX"), ("CRONY", "XYYXX"),
                                   ("BIGOT", "YXXGG"), ("RO", "tt...")]


@pytest.mark.parametrize("shape", ["square", "round"])
def test_board_cropped_exactly_at_its_tiles_reads_whole(shape: str) -> None:
    drawn = tight(draw_board(_board(), **SHAPES[shape]))
    read = read_board(drawn.frame)
    assert read.found and read.settled, read.reasons
    assert list(read.rows) == drawn.rows and read.cut is None


def test_board_cropped_inside_its_tiles_is_right_or_unsure() -> None:
    drawn = tight(draw_board(_board()), inset=4)
    read = read_board(drawn.frame)
    assert read.found and not read.settled
    for (gl, gm), (el, em) in zip(read.rows, drawn.rows, strict=True):
        for g, e in zip(gm, em, strict=True):
            assert g in (e, "?")
        assert gl.replace("?", "") in el or "?" in gl


@pytest.mark.parametrize(("share", "rows_read"), [(0.3, 6), (0.6, 6)])
def test_row_cut_by_the_bottom_edge_is_reported(share: float, rows_read: int) -> None:
    drawn = draw_board(_board())
    _, y0, _, y1 = drawn.boxes[5][0]
    frame = drawn.frame[: round(y0 + share * (y1 - y0))]
    read = read_board(frame)
    assert read.found and not read.settled
    assert read.cut == "bottom"
    assert len(read.rows) == rows_read and read.rows[-1] == ("?????", "?????")
    assert list(read.rows[:5]) == drawn.rows[:5]


def test_row_cut_by_the_top_edge_is_reported() -> None:
    drawn = draw_board(_board())
    _, y0, _, y1 = drawn.boxes[0][0]
    read = read_board(drawn.frame[round(y0 + 0.5 * (y1 - y0)) :])
    assert read.found and read.cut == "top" and not read.settled
    assert read.rows[0] == ("?????", "?????") and list(read.rows[1:]) == drawn.rows[1:]


@pytest.mark.parametrize("squash", [(0.4, 1.0), (1.0, 0.4)], ids=["flip-x", "flip-y"])
def test_a_tile_mid_flip_on_either_axis_is_not_settled(squash: tuple[float, float]) -> None:
    drawn = draw_board(_board(), squash={(1, 2): squash})
    read = read_board(drawn.frame)
    assert read.found and not read.settled
    assert read.rows[0] == drawn.rows[0]
    assert read.rows[1][1][2] in ("?", "Y")  # caught turning: unsure, or its new face


def test_tiles_left_tilted_after_the_reveal_are_settled() -> None:
    """~3 degrees and 0.97 scale stay after some reveals: not "mid-flip" forever."""
    drawn = draw_board(_board(), tilt={(1, 1): (3.0, 0.97), (1, 3): (-3.0, 0.97)})
    read = read_board(drawn.frame)
    assert read.found and read.settled, read.reasons
    assert list(read.rows) == drawn.rows


def test_faint_hint_letters_read_as_empty() -> None:
    drawn = draw_board(_board(), hints={(3, 0): "C", (3, 4): "E"})
    read = read_board(drawn.frame)
    assert read.found and read.settled, read.reasons
    assert read.rows[3] == ("", ".....")


def test_tutorial_example_rows_are_not_a_board() -> None:
    frame = draw_tutorial()
    assert not read_board(frame).found
    # ... while one of its example words alone (a single-row strip) is.
    y = 140
    assert read_board(np.ascontiguousarray(frame[y - 20 : y + 60, 20:260])).found


@pytest.mark.parametrize("page", [(54, 57, 74), (231, 232, 238), (18, 18, 19)],
                         ids=["slate", "light", "black"])
@pytest.mark.parametrize("tile", [40, 80, 150])
def test_empty_neumorphic_round_tiles_are_found(page: tuple[int, int, int], tile: int) -> None:
    """Circles of the page colour, a soft glow above and a shadow below: only the shadowed
    half has an outline strong enough to trace (word-master's dark theme)."""
    drawn = draw_neumorphic(page, tile=tile, gap=tile // 5)
    read = read_board(drawn.frame)
    assert read.found and read.grid is not None and read.grid.round
    assert (read.grid.rows, read.grid.cols) == (6, 5)
    assert centre_error(read.grid, drawn) <= max(2.5, 0.03 * tile)
    assert list(read.rows) == drawn.rows and read.settled


@pytest.mark.parametrize(("theme", "first"), [("light", ("CAE", "ttt..")), ("dark", EMPTY)])
def test_word_masters_round_board_is_found(theme: str, first: tuple[str, str]) -> None:
    # Chromium shots of word-master: CAE typed (light); empty, its circles lit only (dark).
    read = read_board(load_image(DATA / "overlay" / f"wm_board_{theme}.png"))
    assert read.found and read.grid is not None and read.grid.round
    assert (read.grid.rows, read.grid.cols) == (6, 5)
    assert read.rows == (first,) + (EMPTY,) * 5 and read.settled


@pytest.mark.parametrize(("name", "typed"), [("fa", ("FA", "tt...")),
                                             ("falso", ("FALSO", "ttttt"))])
def test_a_thick_border_on_the_row_being_typed_is_no_tile_colour(
    name: str, typed: tuple[str, str]
) -> None:
    # Letreco (Chromium shots) draws the row being typed with a 3 px near-black border, the
    # other empty rows with 1 px: typed letters, not absent tiles (TEMPO scored against FOBIA).
    read = read_board(load_image(DATA / "outline" / f"letreco_typ{'ing' if name == 'fa' else 'ed'}"
                                 f"_{name}.png"))
    assert read.found and read.settled, read.reasons
    assert list(read.rows[:2]) == [("TEMPO", "XXXXY"), typed]
