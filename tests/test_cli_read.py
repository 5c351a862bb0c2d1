"""`autobot read`: text and JSON output, --debug image, exit codes 0 / 2 / 3."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from autobot.cli import main

SCREENS = Path(__file__).resolve().parents[2] / "shared" / "real-screens"


def screen(name: str) -> Path:
    path = SCREENS / name
    if not path.is_file():
        pytest.skip(f"{SCREENS} is absent")
    return path


def test_json_one_image(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["read", "--json", str(screen("nyt_dark_crop_bland.png"))]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["found"] and out["settled"] and out["theme"] == "dark"
    assert out["rows"][:3] == [["STERN", "XXXXY"], ["PLANK", "XGGGX"], ["BLAND", "GGGGG"]]


def test_json_several_images_is_a_list(capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(screen("clone_wordleglobal_row_default.png")),
             str(screen("toast_not_in_word_list.png"))]
    assert main(["read", "--json", *files]) == 3  # the toast crop has no board
    captured = capsys.readouterr()
    out = json.loads(captured.out)
    assert [o["found"] for o in out] == [True, False]
    assert out[0]["rows"] == [["HÖLLE", "XYYXG"]]
    assert f"no Wordle board found in {files[1]}" in captured.err


def test_text_shows_tiles(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["read", str(screen("wordle_colorblind_light_edited.png"))]) == 0
    out = capsys.readouterr().out
    assert "ORATE XXYXY" in out
    assert "high contrast" in out


def test_no_board_exit_3(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blank = tmp_path / "blank.png"
    Image.fromarray(np.full((300, 400, 3), 255, np.uint8)).save(blank)
    assert main(["read", str(blank)]) == 3
    assert f"no Wordle board found in {blank}" in capsys.readouterr().err


def test_unreadable_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    junk = tmp_path / "junk.png"
    junk.write_text("not a picture")
    assert main(["read", str(junk)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot read image" in err  # one line, no traceback
    assert main(["read", str(tmp_path / "missing.png")]) == 2


def test_debug_image_written(tmp_path: Path) -> None:
    src = screen("nyt_light_solved_toast_occludes.png")
    out = tmp_path / "debug.png"
    assert main(["read", str(src), "--debug", str(out)]) == 0
    drawn = np.asarray(Image.open(out).convert("RGB"))
    original = np.asarray(Image.open(src).convert("RGB"))
    assert drawn.shape == original.shape
    assert (np.abs(drawn.astype(int) - original.astype(int)).sum(axis=2) > 0).mean() > 0.001


def test_unknown_profile_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["read", "--profile", "no-such-profile-xyz",
                 str(screen("nyt_dark_crop_bland.png"))]) == 2
