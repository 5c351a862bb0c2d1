"""Letters in a font no template knows, learned from the letters the bot typed (class 5).

tests/data/fonts holds Chromium screenshots of the bundled page with font=thin (a grey italic
serif, large; autobot/page/README.md) at 1280x937: SLATE scored (`one`), then BRICK typed
(`typed`), BRI typed (`three`), and BRICK and FORUM scored with JUMPY typed (`scored`).
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from autobot.vision import load_image, read_board
from autobot.vision.learned import PageReader, typed_exactly, typed_tiles
from autobot.vision.model import Grid

DATA = Path(__file__).parent / "data" / "fonts"


def frame(name: str) -> np.ndarray:
    return load_image(DATA / f"thin_light_{name}.png")


def test_the_shipped_templates_do_not_know_the_font() -> None:
    """The grey typed letters read as hint letters (an empty row), a scored R as N."""
    typed = read_board(frame("typed"))
    assert typed.rows[1] == ("", ".....")
    scored = read_board(frame("scored"))
    assert scored.rows[1][0] != "BRICK" or scored.rows[2][0] != "FORUM"


def test_a_row_typed_into_gains_ink_in_exactly_the_tiles_typed() -> None:
    one, typed, three = frame("one"), frame("typed"), frame("three")
    grid = read_board(typed).grid
    assert typed_tiles(one, typed, grid, 1) == [True] * 5
    assert typed_exactly(one, typed, grid, 1, 5)
    assert typed_tiles(one, three, grid, 1) == [True, True, True, False, False]
    assert not typed_exactly(one, three, grid, 1, 5)  # two keys lost: not typed
    assert typed_exactly(one, three, grid, 1, 3)
    assert not typed_exactly(one, typed, grid, 0, 5)  # the scored row did not change
    assert typed_exactly(one, typed, None, 1, 5) is False
    assert typed_tiles(one, typed[:-1], grid, 1) is None  # frames of other sizes
    # The page moved (scrolled 20 px): every row changed, so the row is not proven typed.
    moved = np.roll(typed, 20, axis=0)
    assert not typed_exactly(one, moved, grid, 1, 5)


def test_typed_tiles_on_drawn_frames() -> None:
    grid = Grid(x=10.0, y=10.0, pitch_x=30.0, pitch_y=30.0, tile=26.0, cols=5, rows=2)
    before = np.full((80, 170, 3), 255, np.uint8)
    after = before.copy()
    for col in (0, 1):  # thin grey strokes in the middle of the first two tiles of row 1
        x = 10 + 30 * col + 12
        after[48:60, x:x + 2] = 140
    assert typed_tiles(before, after, grid, 1) == [True, True, False, False, False]
    assert typed_exactly(before, after, grid, 1, 2) and not typed_exactly(before, after, grid, 1, 3)
    # Only the border changing colour (an empty tile becoming a typed one) is no letter.
    border = before.copy()
    border[40:66, 40:42] = 100
    assert typed_tiles(before, border, grid, 1)[1] is False


def test_glyphs_learned_from_a_typed_row_read_the_scored_rows() -> None:
    reader = PageReader()
    typed = frame("typed")
    read = reader(typed)
    assert reader.learn(typed, read, 1, "brick") == 5 and reader.known() == "BCIKR"
    assert reader.learn(typed, read, 1, "brick") == 0  # the same glyphs are not kept twice
    scored = reader(frame("scored"))
    assert [r[0] for r in scored.rows[:3]] == ["SLATE", "BRICK", "FORUM"]
    assert scored.rows[1][1] == "XGXYX" and scored.settled


def test_learned_glyphs_saved_as_a_profiles_templates_read_a_game_in_progress(
        tmp_path: Path) -> None:
    reader = PageReader()
    typed = frame("typed")
    reader.learn(typed, reader(typed), 1, "brick")
    written = reader.save(tmp_path / "templates")
    assert len(written) == 5 and all(p.suffix == ".png" for p in written)
    profile = SimpleNamespace(templates_dir=tmp_path / "templates", tolerances={})
    later = read_board(frame("scored"), profile=profile)  # a new run, the same page
    assert [r[0] for r in later.rows[:3]] == ["SLATE", "BRICK", "FORUM"]


@pytest.mark.parametrize("count", [0, 6])
def test_nothing_typed_is_never_typed(count: int) -> None:
    one = frame("one")
    grid = read_board(one).grid
    assert not typed_exactly(one, one, grid, 1, count)


def test_play_keeps_learned_glyphs_with_a_profile_that_has_a_glyph_folder(tmp_path: Path) -> None:
    from autobot.app.players import save_learned_glyphs

    said: list[str] = []
    console = SimpleNamespace(print=said.append)
    reader = PageReader()
    save_learned_glyphs(reader, SimpleNamespace(templates_dir=tmp_path), console)
    assert said == [] and not list(tmp_path.iterdir())  # nothing learned: nothing written
    typed = frame("typed")
    reader.learn(typed, reader(typed), 1, "brick")
    save_learned_glyphs(reader, None, console)  # no --profile: kept in memory only
    save_learned_glyphs(reader, SimpleNamespace(templates_dir=None), console)
    assert said == []
    save_learned_glyphs(reader, SimpleNamespace(templates_dir=tmp_path), console)
    assert len(list(tmp_path.glob("*.png"))) == 5 and "BCIKR" in said[0]
