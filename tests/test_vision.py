"""Unit tests of the vision layer's pure pieces (colour roles, geometry, glyph names, I/O edge)."""

from __future__ import annotations

import numpy as np
import pytest

from autobot.errors import AutobotError
from autobot.vision import (
    BoardRead,
    Grid,
    colour,
    frames_agree,
    glyphs,
    load_image,
    locate,
    read_board,
    render_board,
)


def lab(hex_colour: str) -> np.ndarray:
    rgb = np.array([[int(hex_colour[i : i + 2], 16) for i in (1, 3, 5)]], np.uint8)
    return colour.rgb_to_lab(rgb)[0]


@pytest.mark.parametrize(
    ("hex_colour", "role"),
    [
        ("#6aaa64", "green"),  # NYT correct, light
        ("#538d4e", "green"),  # dark
        ("#40b666", "green"),  # a Linux capture
        ("#22c55e", "green"),  # Tailwind clone
        ("#c9b458", "yellow"),
        ("#b59f3b", "yellow"),
        ("#eab308", "yellow"),
        ("#f5793a", "orange"),  # high-contrast correct
        ("#85c0f9", "blue"),  # high-contrast present
        ("#787c7e", "neutral"),
        ("#3a3a3c", "neutral"),
        ("#334155", "neutral"),  # bluish slate absent
        ("#94a3b8", "neutral"),
        ("#c04060", "other"),  # no Wordle role
    ],
)
def test_hue_roles(hex_colour: str, role: str) -> None:
    assert colour.hue_role(lab(hex_colour)) == role


def test_roles_survive_drift() -> None:
    """+-12 per channel keeps every palette colour in its role."""
    for hex_colour, role in [("#6aaa64", "green"), ("#c9b458", "yellow"), ("#787c7e", "neutral")]:
        base = np.array([int(hex_colour[i : i + 2], 16) for i in (1, 3, 5)])
        for delta in ([12, -12, 12], [-12, 12, -12], [12, 12, 12], [-12, -12, 12]):
            drifted = np.clip(base + delta, 0, 255).astype(np.uint8)[None]
            assert colour.hue_role(colour.rgb_to_lab(drifted)[0]) == role


def test_orange_means_correct_unless_paired_with_green() -> None:
    assert colour.marks_for_roles(["orange", "blue", "neutral"])["orange"] == "G"
    assert colour.marks_for_roles(["orange", "neutral"])["orange"] == "G"
    assert colour.marks_for_roles(["orange", "green"])["orange"] == "Y"  # LeMOT-style clone
    assert colour.is_high_contrast(["orange", "blue"])
    assert not colour.is_high_contrast(["orange", "green"])
    assert not colour.is_high_contrast(["green", "yellow"])


def test_theme_from_background() -> None:
    assert colour.theme_of(lab("#121213")) == "dark"
    assert colour.theme_of(lab("#ffffff")) == "light"


def test_grid_tile_boxes() -> None:
    grid = Grid(x=10, y=20, pitch_x=67, pitch_y=67, tile=62, cols=5, rows=6)
    assert grid.tile_box(0, 0) == (10, 20, 72, 82)
    assert grid.tile_box(1, 2) == (144, 87, 206, 149)
    assert grid.bbox() == (10, 20, 340, 417)


def test_glyph_file_names_round_trip() -> None:
    for letter in "AZÄÖÜ":
        name = glyphs.name_for_letter(letter) + "__light-s1-correct_0"
        assert glyphs.letter_from_name(name) == letter


def test_templates_exist_for_every_letter() -> None:
    templates = glyphs.load_templates()
    assert set("ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ") <= set(templates.letters)


def test_lattice_needs_five_columns() -> None:
    """Four squares in a row are not a Wordle row; five are; a wider grid is not."""
    def row(n: int) -> list[locate.Box]:
        return [locate.Box(10 + 34 * i, 10, 30, 30) for i in range(n)]

    assert locate.fit_lattice(row(4)) is None
    lat = locate.fit_lattice(row(5))
    assert lat is not None and (lat.rows, lat.cols, lat.hits) == (1, 5, 5)
    assert locate.fit_lattice(row(5) + [locate.Box(10 + 34 * 5, 10, 30, 30),
                                        locate.Box(10 + 34 * 6, 10, 30, 30)]) is None


def test_keyboard_keys_are_not_tiles() -> None:
    """2:3 keys (the on-screen keyboard) never become candidates."""
    grey = np.full((200, 600), 255, np.uint8)
    for i in range(10):
        x = 10 + i * 50
        grey[20:86, x : x + 44] = 200  # 44 x 66 keys
    assert locate.find_candidates(grey) == []
    for i in range(5):
        x = 10 + i * 67
        grey[110:172, x : x + 62] = 120  # now five 62 px tiles below them
    lat = locate.fit_lattice(locate.find_candidates(grey))
    assert lat is not None and lat.rows == 1 and lat.hits == 5


def test_blank_and_noise_frames_have_no_board() -> None:
    rng = np.random.default_rng(7)
    for frame in (
        np.zeros((480, 640, 3), np.uint8),
        np.full((480, 640, 3), 255, np.uint8),
        rng.integers(0, 256, size=(480, 640, 3), dtype=np.uint8),
    ):
        read = read_board(frame)
        assert not read.found and read.reasons


def test_flat_squares_without_letters_are_no_board() -> None:
    """A coloured 5x4 grid with no letters (a share grid) is not a live board."""
    frame = np.full((400, 500, 3), 18, np.uint8)
    colours = [(106, 170, 100), (201, 180, 88), (120, 124, 126)]
    for r in range(4):
        for c in range(5):
            x, y = 40 + c * 67, 40 + r * 67
            frame[y : y + 62, x : x + 62] = colours[(r + c) % 3]
    read = read_board(frame)
    assert not read.found
    assert "without letters" in read.reasons[0]


def test_bad_frames_are_rejected() -> None:
    with pytest.raises(AutobotError):
        read_board(np.zeros((10, 10), np.uint8))
    with pytest.raises(AutobotError):
        read_board(np.zeros((10, 10, 3), np.float32))


def test_load_image_errors(tmp_path) -> None:
    with pytest.raises(AutobotError) as missing:
        load_image(tmp_path / "nope.png")
    assert missing.value.exit_code == 2
    junk = tmp_path / "junk.png"
    junk.write_bytes(b"not an image")
    with pytest.raises(AutobotError) as bad:
        load_image(junk)
    assert bad.value.exit_code == 2


def test_load_image_gif_first_frame_rgb(tmp_path) -> None:
    from PIL import Image

    frames = [Image.new("P", (8, 8), i) for i in (3, 9)]
    path = tmp_path / "anim.gif"
    frames[0].save(path, save_all=True, append_images=frames[1:])
    img = load_image(path)
    assert img.shape == (8, 8, 3) and img.dtype == np.uint8


def test_frames_agree_and_render() -> None:
    a = BoardRead(True, True, "dark", False, (("CRANE", "XYGGX"), ("", ".....")), None)
    b = BoardRead(True, True, "dark", False, (("CRANE", "XYGGX"), ("", ".....")), None)
    c = BoardRead(True, True, "dark", False, (("CRANE", "XYGGG"), ("", ".....")), None)
    assert frames_agree(a, b)
    assert not frames_agree(a, c)
    text = render_board(a)
    assert "[C][R][A][N][E]  XYGGX" in text
    assert a.to_json()["rows"] == [["CRANE", "XYGGX"], ["", "....."]]
