"""The turn loop on pages that differ: the bundled page's quirk options in real Chromium, a
board below the fold, failures that say what happened (--json, exit 5, Pillow's limit)."""

from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Any

import pytest
from conftest import require_chromium

from autobot.cli import main
from autobot.loop import board_cut
from autobot.vision import load_image, read_board

DATA = Path(__file__).parent / "data" / "loop"
FIXTURES = Path(__file__).parent.parent / "fixtures" / "screenshots"


def test_a_board_reaching_the_bottom_edge_is_cut_and_a_whole_one_is_not() -> None:
    # The bundled page with a 600 px banner above the board: two rows in view, the rest below.
    frame = load_image(DATA / "board_below_fold.png")
    read = read_board(frame)
    assert read.found
    cut = board_cut(read, frame.shape[0])
    assert cut is not None and f"below row {len(read.rows)}" in cut
    whole = load_image(FIXTURES / "mid_light_desk.png")
    assert board_cut(read_board(whole), whole.shape[0]) is None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.mark.browser
def test_a_url_that_does_not_load_is_one_line_naming_the_browsers_error(capsys: Any) -> None:
    require_chromium()
    assert main(["play", "--url", f"http://127.0.0.1:{_free_port()}/"]) == 5
    err = capsys.readouterr().err
    assert "net::ERR_CONNECTION_REFUSED" in err and err.count("\n") == 1


@pytest.mark.browser
def test_json_is_written_when_the_game_fails(tmp_path: Path, capsys: Any) -> None:
    require_chromium()
    out = tmp_path / "game.json"
    page = "data:text/html,<h1 style='font:40px sans-serif'>No game here</h1>"
    assert main(["play", "--url", page, "--json", str(out)]) == 3
    record = json.loads(out.read_text())
    assert record["won"] is False and record["exit_code"] == 3
    assert "no Wordle board" in record["error"] and record["guesses"] == []
    assert record["waiting_for"] == "the board to appear" and record["rows_seen"] == []
    assert capsys.readouterr().err.count("\n") == 1


def test_an_image_over_pillows_pixel_limit_is_one_line_exit_2(
    tmp_path: Path, capsys: Any, monkeypatch: Any
) -> None:
    from PIL import Image

    # Pillow refuses images over twice MAX_IMAGE_PIXELS (a "decompression bomb"); a small
    # limit makes a small image one, exactly as a 400-megapixel file is with the default.
    path = tmp_path / "big.png"
    Image.new("RGB", (300, 200), "white").save(path)
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 10_000)
    assert main(["read", str(path)]) == 2
    err = capsys.readouterr().err
    assert "exceeds limit" in err and err.count("\n") == 1


# (each quirk option of the bundled page is won in tests/test_page_quirk_games.py)


def test_a_refused_row_that_only_gets_a_red_ring_has_changed_pixels() -> None:
    import numpy as np

    from autobot.loop.rows import row_changed, row_pixels
    from autobot.vision import Grid

    # word-master (crops of Chromium shots): SALET typed, then after Enter a thin red ring and
    # no toast: the rows read the same, the row's pixels do not.
    typed = load_image(DATA / "wm_typed_salet.png")
    refused = load_image(DATA / "wm_refused_salet.png")
    grid = Grid(x=108, y=52, pitch_x=96, pitch_y=96, tile=80)
    assert row_changed(row_pixels(typed, grid, 0), row_pixels(refused, grid, 0))
    noise = np.random.default_rng(0).integers(-6, 7, typed.shape)
    noisy = np.clip(typed.astype(int) + noise, 0, 255).astype(np.uint8)
    assert not row_changed(row_pixels(typed, grid, 0), row_pixels(noisy, grid, 0))
    assert not row_changed(row_pixels(typed, grid, 2), row_pixels(refused, grid, 2))


def test_a_board_of_eight_rows_is_read_whole() -> None:
    read = read_board(load_image(DATA / "rows_8.png"))  # the bundled page, rows=8, one played
    assert read.found and read.settled
    assert list(read.rows) == [("SALET", "XYXYX")] + [("", ".....")] * 7


TALL = {
    # 8 rows, 6 played: the loop must play rows 7 and 8, not stop after six.
    "rows=8&guesses=pious,dwarf,lymph,bulky,fjord,stick": 7,
    # Absurdle-like: only the rows played plus one; 6 played, the board grows on.
    "rows=open&guesses=pious,dwarf,lymph,bulky,fjord,stick": 7,
}


@pytest.mark.browser
@pytest.mark.parametrize("quirk", sorted(TALL))
def test_boards_taller_than_six_rows_are_played_past_row_six(
    quirk: str, base: str, tmp_path: Path
) -> None:
    require_chromium()
    out = tmp_path / "game.json"
    code = main(["play", "--url", f"{base}?answer=crane&anim=0&{quirk}", "--json", str(out)])
    record = json.loads(out.read_text())
    assert code == 0 and record["won"], record
    assert len(record["guesses"]) >= TALL[quirk] and record["guesses"][:6] == [
        "pious", "dwarf", "lymph", "bulky", "fjord", "stick"]


@pytest.mark.browser
def test_a_game_stopped_by_an_error_records_the_boards_it_counted(base: str, tmp_path: Path
                                                                   ) -> None:
    require_chromium()
    # The user's list holds only words this page refuses (silently): the game ends on an
    # error, and its record still says how many boards the pixels showed.
    words = tmp_path / "words.txt"
    words.write_text("salet\nroate\ntares\n")
    out = tmp_path / "game.json"
    code = main(["play", "--url", f"{base}?answer=crane&anim=0&refuse=silent&vocab=answers",
                 "--answers", str(words), "--json", str(out)])
    record = json.loads(out.read_text())
    assert code == 4 and record["reason"] == "no_words", record
    assert sorted(record["rejected"]) == ["roate", "salet", "tares"]
    assert record["boards_found"] == 1
