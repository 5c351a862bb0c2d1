"""`read_board` on the 27 third-party screenshots in ../shared/real-screens (per its README).

Right means: the board is found, every tile whose labelled mark is not '?' has the labelled
mark and letter, and a frame with a '?' label is reported as not settled. Negatives (stats
modal, share grid, lone toasts) must not be found. A reader may answer '?' (mark or letter)
on a tile it cannot see (toast, bounce) only if it also says the frame is not settled: an
honest "wait", never a wrong letter. (`autobot replay --strict` drops that allowance.)
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from autobot.vision import BoardRead, load_image, read_board

SCREENS = Path(__file__).resolve().parents[2] / "shared" / "real-screens"
LABELS = SCREENS / "labels.json"


def _labels() -> list[dict]:
    if not LABELS.is_file():
        return []
    return json.loads(LABELS.read_text(encoding="utf-8"))


def absent_case(*names: str) -> list:
    """One skipped case that says why, for a parametrize over the labels when they are absent
    (an empty parameter set would skip with pytest's own words)."""
    why = f"{SCREENS} is absent: the real-screen checks did not run"
    return [pytest.param(*(None for _ in names), id="absent", marks=pytest.mark.skip(reason=why))]


def _tiles(letters: str, marks: str) -> list[tuple[str, str]]:
    """(mark, letter) per tile; empty tiles have no letter."""
    it = iter(letters)
    return [(m, "" if m == "." else next(it, "?")) for m in marks]


def judge(entry: dict, read: BoardRead) -> list[str]:
    """What is wrong with `read` for a labelled image (empty list = right)."""
    expected = [tuple(r) for r in entry["rows"]]
    if not expected:
        return [] if not read.found else [f"found a board in a negative: {read.rows}"]
    if not read.found:
        return [f"no board found: {read.reasons}"]
    problems = []
    if len(read.rows) != len(expected):
        problems.append(f"{len(read.rows)} rows read, {len(expected)} labelled")
    if any("?" in marks for _, marks in expected) and read.settled:
        problems.append("labelled '?' (moving/occluded) but reported settled")
    for r, ((el, em), (gl, gm)) in enumerate(zip(expected, read.rows, strict=False)):
        for c, ((emark, elet), (gmark, glet)) in enumerate(
            zip(_tiles(el, em), _tiles(gl, gm), strict=False)
        ):
            if emark == "?":
                continue
            if "?" in (gmark, glet) and not read.settled:
                continue  # honest "cannot see it yet"
            if (gmark, glet) != (emark, elet):
                problems.append(f"tile {r + 1},{c + 1}: read {gmark}{glet}, labelled {emark}{elet}")
    return problems


@pytest.mark.parametrize("entry", _labels() or absent_case("entry"), ids=lambda e: e["id"])
def test_real_screen_read_right(entry: dict) -> None:
    frame = load_image(SCREENS / entry["file"])
    read = read_board(frame)
    assert judge(entry, read) == []


def test_real_screens_present() -> None:
    if not LABELS.is_file():
        pytest.skip(f"{SCREENS} is absent: the real-screen checks did not run")
    assert len(_labels()) >= 27


def test_judge_catches_a_wrong_letter() -> None:
    """The judge itself must be able to fail (a test that cannot fail is a defect)."""
    entry = {"rows": [["CRANE", "XYGGX"]]}
    wrong = BoardRead(True, True, "light", False, (("CRONE", "XYGGX"),), None)
    honest = BoardRead(True, False, "light", False, (("CR?NE", "XY?GX"),), None, ("toast",))
    bluff = BoardRead(True, True, "light", False, (("CR?NE", "XY?GX"),), None)
    assert judge(entry, wrong)
    assert judge(entry, honest) == []
    assert judge(entry, bluff)
    assert judge({"rows": []}, wrong)


@pytest.mark.parametrize("side", ["left", "right"])
def test_board_cut_by_the_frame_edge_is_still_found(side: str) -> None:
    """A board whose first/last column runs off the frame: found, that column '?', not settled."""
    entry = next((e for e in _labels() if e["id"] == "nyt_light_crop_patty"), None)
    if entry is None:
        pytest.skip(f"{SCREENS} is absent")
    frame = load_image(SCREENS / entry["file"])
    cut = 30  # px: about half of the outer column (62 px tiles, ~13 px margin)
    frame = frame[:, cut:] if side == "left" else frame[:, : frame.shape[1] - cut]
    col = 0 if side == "left" else 4
    rows = []
    for letters, marks in entry["rows"]:
        tiles = _tiles(letters, marks)
        tiles[col] = ("?", "?") if marks != "....." else (".", "")
        rows.append(("".join(t[1] for t in tiles), "".join(t[0] for t in tiles)))
    read = read_board(frame)
    assert judge({"rows": rows}, read) == []
    assert not read.settled and any("cut off" in why for why in read.reasons)


def test_profile_palette_is_used() -> None:
    """A calibration profile's measured colours decide the roles (here deliberately swapped)."""
    from types import SimpleNamespace

    import numpy as np

    from autobot.vision import background_lab, sample_tiles

    entry = next((e for e in _labels() if e["id"] == "wordle_colorblind_light_edited"), None)
    if entry is None:
        pytest.skip(f"{SCREENS} is absent")
    frame = load_image(SCREENS / entry["file"])
    plain = read_board(frame)
    samples = sample_tiles(frame, plain.grid, background_lab(frame, plain.grid))

    def rgb_of(mark: str) -> tuple[int, int, int]:
        r, c = next((r, c) for r, (_, ms) in enumerate(plain.rows) for c, m in enumerate(ms)
                    if m == mark)
        x0, y0, x1, y1 = plain.grid.tile_box(r, c)
        inset = (x1 - x0) // 6
        patch = frame[y0 + inset : y0 + 2 * inset, x0 + inset : x1 - inset].reshape(-1, 3)
        return tuple(int(v) for v in np.median(patch, axis=0))

    assert samples  # the sampler ran on this board
    swapped = SimpleNamespace(palette={"correct": rgb_of("Y"), "present": rgb_of("G"),
                                       "absent": rgb_of("X")}, tolerances={"colour": 14.0})
    read = read_board(frame, profile=swapped)
    flip = str.maketrans("GY", "YG")
    assert [m for _, m in read.rows] == [m.translate(flip) for _, m in plain.rows]


@pytest.mark.parametrize("name", ["nyt_dark_firefox_window_liver", "wordle_orig_dark_typed_snort",
                                  "nyt_light_hint_ext_two_rows", "nyt_dark_android_patty"])
def test_keyboard_without_board_is_no_board(name: str) -> None:
    """The page with its board painted out (keyboard, header, browser left): no board."""
    entry = next((e for e in _labels() if e["id"] == name), None)
    if entry is None:
        pytest.skip(f"{SCREENS} is absent")
    frame = load_image(SCREENS / entry["file"]).copy()
    read = read_board(frame)
    assert read.found
    x0, y0, x1, y1 = read.grid.bbox()  # type: ignore[union-attr]
    frame[max(0, y0 - 3) : y1 + 3, max(0, x0 - 3) : x1 + 3] = frame[max(0, y0 - 6), max(0, x0 - 6)]
    assert not read_board(frame).found


def test_board_glyphs_are_the_glyphs_read_board_reads() -> None:
    """`board_glyphs` (calibration's harvest source) matches the letters read_board reports."""
    from autobot.vision import board_glyphs, glyphs

    entry = next((e for e in _labels() if e["id"] == "nyt_light_crop_upset"), None)
    if entry is None:
        pytest.skip(f"{SCREENS} is absent")
    frame = load_image(SCREENS / entry["file"])
    read = read_board(frame)
    cells = [(r, c) for r in range(5) for c in range(5)]
    cut = board_glyphs(frame, read, cells)
    assert sorted(cut) == cells  # every lettered tile, none of the empty row
    templates = glyphs.load_templates()
    got = {k: templates.match([g])[0][0] for k, g in cut.items()}
    assert all(got[r, c] == read.rows[r][0][c] for r, c in cells)
