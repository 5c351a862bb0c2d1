"""Images a person may hand over: any size, any mode, too many pixels, broken files."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image

from autobot.cli import main
from autobot.errors import AutobotError
from autobot.vision import load_image, read_board

ROOT = Path(__file__).resolve().parent.parent
BOARD = ROOT / "fixtures" / "screenshots" / "mid_dark-hc_desk.png"  # AUDIO, PLINK


@pytest.fixture(scope="module")
def board() -> Image.Image:
    """A real screenshot of the bundled page with two rows played (8-bit RGB)."""
    if not BOARD.exists():
        pytest.skip(f"{BOARD} missing")
    with Image.open(BOARD) as img:
        return img.convert("RGB")


@pytest.mark.parametrize("size", [(2000, 1), (1, 2000), (8000, 3), (7680, 4), (1, 1), (3, 3),
                                  (10000, 8), (9, 9000)])
def test_a_sliver_of_any_size_is_no_board_not_a_crash(size: tuple[int, int],
                                                      tmp_path: Path, capsys: Any) -> None:
    path = tmp_path / f"{size[0]}x{size[1]}.png"
    Image.new("RGB", size, (120, 124, 126)).save(path)
    assert read_board(load_image(path)).found is False
    assert main(["read", str(path)]) == 3
    assert capsys.readouterr().err == f"autobot: no Wordle board found in {path}\n"


def _sixteen_bit_grey(img: Image.Image, path: Path) -> None:
    import cv2

    cv2.imwrite(str(path), np.asarray(img.convert("L")).astype(np.uint16) * 257)


def _forty_eight_bit(img: Image.Image, path: Path) -> None:
    import cv2

    rgb16 = np.asarray(img).astype(np.uint16) * 257
    cv2.imwrite(str(path), rgb16[:, :, ::-1].copy())


@pytest.mark.parametrize(("name", "save", "twin"), [
    ("rgb48.png", _forty_eight_bit, "RGB"),
    ("grey16.png", _sixteen_bit_grey, "L"),
    ("palette.png", lambda i, p: i.convert("P", palette=Image.Palette.ADAPTIVE).save(p), "RGB"),
    ("alpha.png", lambda i, p: i.convert("RGBA").save(p), "RGB"),
    ("grey-alpha.png", lambda i, p: i.convert("LA").save(p), "L"),
    ("cmyk.tif", lambda i, p: i.convert("CMYK").save(p), "RGB"),
    ("cmyk.jpg", lambda i, p: i.convert("CMYK").save(p, quality=95), "RGB"),
    ("first.gif", lambda i, p: i.save(p), "RGB"),
])
def test_every_mode_reads_as_its_8_bit_twin(board: Image.Image, name: str, save: Any,
                                             twin: str, tmp_path: Path) -> None:
    """16-bit keeps the board its 8-bit twin shows; palette, alpha, CMYK and grey read too."""
    path = tmp_path / name
    save(board, path)
    eight = tmp_path / "twin.png"
    board.convert(twin).save(eight)
    expected = read_board(load_image(eight)).rows
    assert expected[0][0] == "AUDIO"
    frame = load_image(path)
    assert frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[2] == 3
    assert read_board(frame).rows == expected


def test_sixteen_bit_grey_is_scaled_not_clipped(tmp_path: Path) -> None:
    import cv2

    path = tmp_path / "ramp16.png"
    cv2.imwrite(str(path), np.array([[0, 257 * 100, 65535]], dtype=np.uint16))
    assert load_image(path)[0, :, 0].tolist() == [0, 100, 255]  # Pillow alone gives 0, 255, 255


def test_too_many_pixels_is_one_line_before_decoding(tmp_path: Path, capsys: Any,
                                                     recwarn: Any) -> None:
    path = tmp_path / "huge.png"
    Image.new("L", (10000, 9500)).save(path)  # 95 Mpx in a 92 kB file
    assert main(["read", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == (f"autobot: error: cannot read image {path}: 10000x9500 is 95 Mpx, more than "
                   "the 80 Mpx limit (no screen is that big; crop it)\n")
    assert not [w for w in recwarn if "DecompressionBomb" in type(w.message).__name__]


@pytest.mark.parametrize("data", [b"", b"not an image", b"\x89PNG\r\n\x1a\n", b"GIF89a"])
def test_broken_files_are_bad_input(data: bytes, tmp_path: Path) -> None:
    path = tmp_path / "bad.png"
    path.write_bytes(data)
    with pytest.raises(AutobotError) as exc:
        load_image(path)
    assert exc.value.exit_code == 2 and "\n" not in str(exc.value)


def test_a_cut_png_is_bad_input(board: Image.Image, tmp_path: Path) -> None:
    buf = io.BytesIO()
    board.save(buf, format="PNG")
    path = tmp_path / "cut.png"
    path.write_bytes(buf.getvalue()[: len(buf.getvalue()) // 2])
    with pytest.raises(AutobotError):
        load_image(path)


def test_read_goes_on_past_a_bad_file_and_prints_the_good_ones(board: Image.Image,
                                                               tmp_path: Path,
                                                               capsys: Any) -> None:
    good, bad, thin = tmp_path / "a.png", tmp_path / "bad.png", tmp_path / "c.png"
    board.save(good)
    bad.write_bytes(b"garbage")
    Image.new("RGB", (2000, 1)).save(thin)
    assert main(["read", str(good), str(bad), str(thin), "--json"]) == 2
    out, err = capsys.readouterr()
    payload = json.loads(out)
    assert [entry["file"] for entry in payload] == [str(good), str(thin)]
    assert payload[0]["rows"][0] == ["AUDIO", "XXYGX"] and payload[1]["found"] is False
    assert err.splitlines() == [f"autobot: no Wordle board found in {thin}",
                                f"autobot: error: cannot read image {bad}: cannot identify "
                                f"image file '{bad}'"]


def test_replay_over_a_folder_with_bad_files_ends_with_its_summary(board: Image.Image,
                                                                   tmp_path: Path,
                                                                   capsys: Any) -> None:
    folder = tmp_path / "shots"
    folder.mkdir()
    board.save(folder / "good.png")
    (folder / "bad.png").write_bytes(b"garbage")
    Image.new("RGB", (8000, 3)).save(folder / "thin.png")
    out = tmp_path / "new" / "replay.json"
    assert main(["replay", str(folder), "--json", str(out)]) == 1  # the bad file fails
    text = capsys.readouterr().out
    assert "0 passed, 1 failed, 2 without expectations" in text
    assert json.loads(out.read_text())["summary"]["failed"] == 1


def test_replay_of_an_empty_folder_is_nothing_pending(tmp_path: Path, capsys: Any) -> None:
    assert main(["replay", str(tmp_path)]) == 0
    assert capsys.readouterr().out == f"nothing pending: no images in {tmp_path}\n"
    assert main(["replay", str(tmp_path / "missing")]) == 2  # a wrong path is still bad input


def test_confirm_edit_takes_the_games_word_length() -> None:
    from autobot.players import Confirm, Player
    from autobot.solver import GameState

    class Seven(Player):
        def next_guess(self, state: Any) -> str:
            return "letters"

        def is_allowed(self, word: str) -> bool:
            return len(word) == 7

    out = io.StringIO()
    confirm = Confirm(Seven(), input_stream=io.StringIO("e crane\ne pattern\n"),
                              output=out)
    assert confirm.next_guess(GameState((), False, frozenset())) == "pattern"
    assert "CRANE is not a 7-letter word" in out.getvalue()
