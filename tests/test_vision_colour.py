"""The palette learner on its own (pure logic): clusters, roles, unsure cases, hints."""

from __future__ import annotations

import numpy as np
import pytest
import references

from autobot.vision import palette
from autobot.vision.colour import delta_e, rgb_to_lab


def lab(code: str, shift: tuple[int, int, int] = (0, 0, 0)) -> np.ndarray:
    """Lab of a hex colour, every channel moved by `shift` (a miscalibrated capture)."""
    rgb = np.array([int(code[i : i + 2], 16) for i in (0, 2, 4)]) + np.array(shift)
    return rgb_to_lab(np.clip(rgb, 0, 255).astype(np.uint8)[None])[0]


def board(rows: list[str], colours: dict[str, str], shift=(0, 0, 0),
          letters: list[str] | None = None) -> list[palette.TileColour]:
    """Filled tiles from rows of marks ('G', 'Y', 'X', '.' = not filled), coloured by role."""
    tiles = []
    for r, marks in enumerate(rows):
        for c, m in enumerate(marks):
            if m != ".":
                letter = letters[r][c] if letters else ""
                tiles.append(palette.TileColour((r, c), lab(colours[m], shift), True, letter))
    return tiles


def marks_of(tiles: list[palette.TileColour], learned: palette.Palette) -> list[str]:
    """The learned marks of the tiles, row by row as strings."""
    got = learned.tile_marks(np.array([t.lab for t in tiles]))
    rows: dict[int, str] = {}
    for t, m in zip(tiles, got, strict=True):
        rows[t.key[0]] = rows.get(t.key[0], "") + m
    return [rows[r] for r in sorted(rows)]


ROWS = ["XXYXG", "YXGXG", "GGGGG"]
SHIFTS = [(0, 0, 0), (12, -12, 12), (-12, 12, -12), (12, 12, -12), (-12, -12, -12)]


@pytest.mark.parametrize("shift", SHIFTS)
@pytest.mark.parametrize("name", sorted(palette.KNOWN_PALETTES))
def test_known_palettes_read_right(name: str, shift: tuple[int, int, int]) -> None:
    tiles = board(ROWS, palette.KNOWN_PALETTES[name], shift)
    learned = palette.learn_palette(tiles)
    assert marks_of(tiles, learned) == ROWS, (learned.reasons, [palette._hex(c)
                                                                for c in learned.centres])


PASTEL = {"G": "b9e4b4", "Y": "f7e8a6", "X": "e0e0e0"}
TAILWIND = {"G": "22c55e", "Y": "eab308", "X": "334155"}  # Tailwind green/amber/slate
MUTED_DARK = {"G": "3f7a3a", "Y": "8f7d2e", "X": "2c2c2e"}


@pytest.mark.parametrize("colours", [PASTEL, TAILWIND, MUTED_DARK], ids=["pastel", "tailwind",
                                                                         "muted-dark"])
def test_unknown_but_conventional_palettes(colours: dict[str, str]) -> None:
    # Pale tiles keep little hue: a capture that tints them (channels moved apart) can turn
    # pastel green grey, so only even shifts are asked of pastels here.
    even = [s for s in SHIFTS if len(set(s)) == 1] if colours is PASTEL else SHIFTS
    for shift in even:
        tiles = board(ROWS, colours, shift)
        assert marks_of(tiles, palette.learn_palette(tiles)) == ROWS


@pytest.mark.parametrize(("colours", "rows"), [
    ({"X": "943e3c"}, ["XXXXX"]),  # dark red alone: absent (not green, not yellow)
    ({"X": "943e3c", "Y": "c79c2e"}, ["XYXXY"]),
    ({"X": "787c7e"}, ["XXXXX", "XXXXX"]),
    ({"G": "6aaa64"}, ["GGGGG"]),  # won on the first guess
    ({"G": "f5793a", "X": "3a3a3c"}, ["XXGXX"]),  # high contrast, no present yet
    ({"Y": "85c0f9", "X": "787c7e"}, ["XYXXX"]),
    ({"G": "2271b2", "Y": "d55e00", "X": "1d1d1d"}, ["XXXXY", "GXXGG"]),  # blue = correct here
])
def test_one_or_two_roles_from_priors(colours: dict[str, str], rows: list[str]) -> None:
    tiles = board(rows, colours)
    assert marks_of(tiles, palette.learn_palette(tiles)) == rows


UNCONVENTIONAL = {"G": "d81b60", "Y": "8e24aa", "X": "7f8c8d"}  # pink, purple: no convention


def test_no_convention_means_unsure() -> None:
    tiles = board(["XXGXG"], UNCONVENTIONAL)
    tiles += board(["", "XYXYX"], UNCONVENTIONAL)
    learned = palette.learn_palette(tiles)
    got = marks_of(tiles, learned)
    assert got == ["XX?X?", "X?X?X"]
    assert any("unsure" in why for why in learned.reasons), learned.reasons


def test_rules_decide_what_colours_cannot() -> None:
    """Two letters present in one column can't both be correct: the roles follow."""
    rows = ["XYGYG", "XYGYX", "YYYYX"]
    tiles = board(rows, UNCONVENTIONAL, letters=["TRACE", "HEART", "ACRES"])
    learned = palette.learn_palette(tiles)
    assert marks_of(tiles, learned) == rows and not learned.reasons


# A page of its own: teal correct, an orange a little off NYT's high-contrast one present.
NIGHT = {"G": "2f9e8f", "Y": "e07a2f", "X": "3b3350"}
PINK_CORRECT = {"G": "d81b60", "Y": "e07a2f", "X": "3b3350"}  # no hue says pink is correct


def test_a_lone_orange_leans_to_correct_until_the_rules_refuse_it() -> None:
    """Orange alone reads as NYT's correct; a second row with two letters in one column
    that would both be correct proves it is present, whatever the hue said."""
    first = board(["XYXYX"], NIGHT, letters=["SALET"])
    assert marks_of(first, palette.learn_palette(first)) == ["XGXGX"]
    rows = ["XYXYX", "XYYYX"]  # E at column 1 in MERCY, A there in SALET
    tiles = board(rows, NIGHT, letters=["SALET", "MERCY"])
    assert marks_of(tiles, palette.learn_palette(tiles)) == rows


def test_one_letter_out_of_place_is_doubt_not_proof() -> None:
    """A single conflicting letter may be a misread: it makes the reader unsure, no more."""
    tiles = board(["XYXYX", "XXXYX"], NIGHT, letters=["SALET", "HUMAN"])  # E, then A at 3
    learned = palette.learn_palette(tiles)
    assert marks_of(tiles, learned) == ["X?X?X", "XXX?X"]
    assert any("unsure" in why for why in learned.reasons)


def test_teal_is_a_green() -> None:
    rows = ["XXYGX", "XXYXX"]
    tiles = board(rows, NIGHT, letters=["SALET", "BROWN"])
    assert marks_of(tiles, palette.learn_palette(tiles)) == rows


def test_a_first_tile_of_an_unknown_colour_takes_the_role_left() -> None:
    """One tile of a colour no known palette has, beside the present and absent colours of a
    board standing still, is correct - not debris left without a role."""
    rows = ["XYXYX", "XYYYX", "YXXGX"]
    tiles = board(rows, PINK_CORRECT, letters=["SALET", "MERCY", "EVENT"])
    learned = palette.learn_palette(tiles)
    assert marks_of(tiles, learned) == rows and not learned.reasons


def test_a_row_all_in_one_colour_is_a_win() -> None:
    """Orange leans to correct, pink to nothing; the row all pink is the win."""
    rows = ["XYXYX", "GGGGG"]
    tiles = board(rows, PINK_CORRECT, letters=["SALET", "CRANE"])
    assert marks_of(tiles, palette.learn_palette(tiles)) == rows


def test_fill_colour_of_empty_tiles_is_blank() -> None:
    tiles = board(["XXYXG"], palette.KNOWN_PALETTES["nyt-light"])
    tiles += [palette.TileColour((r, c), lab("ffffff"), False) for r in (1, 2) for c in range(5)]
    learned = palette.learn_palette(tiles)
    assert marks_of(tiles, learned) == ["XXYXG", "blank" * 5, "blank" * 5]


def test_a_stray_colour_fits_no_role() -> None:
    tiles = board(["XXXXX", "XXXXG", "XXGGG"], palette.KNOWN_PALETTES["nyt-light"])
    tiles.append(palette.TileColour((3, 0), lab("2a1a5a"), True))
    learned = palette.learn_palette(tiles)
    assert marks_of(tiles, learned)[-1] == "?"
    assert any("fits no role" in why for why in learned.reasons)


def test_profile_colours_overrule_the_cues() -> None:
    nyt = palette.KNOWN_PALETTES["nyt-light"]
    swapped = {"G": lab(nyt["Y"]), "Y": lab(nyt["G"]), "X": lab(nyt["X"])}
    tiles = board(ROWS, nyt)
    got = marks_of(tiles, palette.learn_palette(tiles, swapped))
    assert got == [r.translate(str.maketrans("GY", "YG")) for r in ROWS]


def test_keys_take_the_boards_palette() -> None:
    tiles = board(ROWS, palette.KNOWN_PALETTES["red-absent"])
    learned = palette.learn_palette(tiles)
    assert learned.mark_of_rgb((0x94, 0x3E, 0x3C)) == "X"
    assert learned.mark_of_rgb((0x53, 0xB5, 0x70)) == "G"  # a key a shade off the tile
    assert learned.mark_of_rgb((0xD3, 0xD6, 0xDA)) == "?"  # an unused key: no role
    assert palette.Palette().mark_of_rgb((0, 0, 0)) == "?"


@pytest.mark.slow
def test_cluster_matches_reference() -> None:
    rng = np.random.default_rng(7)
    for _ in range(200):
        k, n = int(rng.integers(1, 5)), int(rng.integers(1, 31))
        centres = rng.uniform([0, -60, -60], [100, 60, 60], (k, 3))
        labs = centres[rng.integers(0, k, n)] + rng.normal(0, rng.choice([0, 2, 5]), (n, 3))
        assert sorted(palette.cluster(labs)) == sorted(references.cluster(labs))


def test_hint_is_faint_next_to_the_pages_text() -> None:
    typed = [(-230.0, 255.0), (-225.0, 255.0)]  # black letters on white tiles
    text = palette.page_text_share(typed)
    assert not palette.is_hint(-230.0, 255.0, text)
    assert palette.is_hint(-70.0, 255.0, text)  # light grey on white
    assert palette.is_hint(95.0, 47.0, palette.page_text_share([(161.0, 94.0)]))  # grey on slate
    assert not palette.is_hint(200.0, 47.0, palette.page_text_share([]))  # white on slate
    assert not palette.is_hint(77.0, 178.0, text)  # white on ochre: all the room there is


PAGES = {"light": "ffffff", "dark": "121213"}


def blend(full: str, page: str, share: float) -> str:
    """Hex of `full` drawn at opacity `share` over `page` (a tile caught fading in)."""
    f, p = (np.array([int(c[i : i + 2], 16) for i in (0, 2, 4)], float) for c in (full, page))
    return "".join(f"{round(v):02x}" for v in p + share * (f - p))


@pytest.mark.parametrize("page", sorted(PAGES))
@pytest.mark.parametrize("name", sorted(palette.KNOWN_PALETTES))
def test_no_palette_colour_passes_for_a_fade(name: str, page: str) -> None:
    # A fade is told from a role only by being a blend of another colour with the page: no
    # real palette's role colour may look like one, on either theme.
    tiles = board(ROWS, palette.KNOWN_PALETTES[name])
    learned = palette.learn_palette(tiles, page=[lab(PAGES[page])])
    assert marks_of(tiles, learned) == ROWS, learned.reasons


@pytest.mark.parametrize("share", [0.2, 0.5, 0.8])
@pytest.mark.parametrize(("page", "role"), [("light", "X"), ("light", "Y"), ("dark", "X"),
                                            ("dark", "Y")])
def test_a_tile_caught_fading_in_is_unsure(page: str, role: str, share: float) -> None:
    # reveal=fade: SALET's last tile half faded in. A light grey next to the absent grey once
    # took the role no other colour had (correct), and the loop recorded a wrong mark.
    colours = palette.KNOWN_PALETTES["nyt-dark" if page == "dark" else "nyt-light"]
    tiles = board(["XYXY"], colours)
    faded = blend(colours[role], PAGES[page], share)
    tiles.append(palette.TileColour((0, 4), lab(faded), True))
    learned = palette.learn_palette(tiles, page=[lab(PAGES[page])])
    got = learned.tile_marks(np.array([t.lab for t in tiles]))
    assert got[:-1] == list("XYXY"), learned.reasons
    if float(delta_e(lab(faded), lab(colours[role]))) < palette.JOIN:
        assert got[-1] == role  # nearly there (dark grey over the dark page): one colour
    else:
        assert got[-1] == "?" and any("faded in" in r for r in learned.reasons), got


@pytest.mark.parametrize(("name", "row"), [
    ("blue-vermillion", "XXXYY"),  # letreco's colour-blind mode, SERAO against FOBIA
    ("nyt-high-contrast-dark", "XXXGG"),
    ("nyt-high-contrast", "XYXXG"),
])
def test_one_row_in_a_known_palette_is_read_by_the_whole_palette(name: str, row: str) -> None:
    # An orange alone is present on one site and correct on another; with the absent colour
    # beside it the pair is one known palette, which settles the first row (before the game's
    # rules can help) instead of leaving it unsure until the loop gives up.
    tiles = board([row], palette.KNOWN_PALETTES[name])
    learned = palette.learn_palette(tiles)
    assert marks_of(tiles, learned) == [row], learned.reasons
