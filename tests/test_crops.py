"""Boards cropped tight: at the board's tile edges, and 2 px inside them (tiles cut by the frame).

Every fixture with a board (fixtures/screenshots) and every labelled real screen is first read
whole and must be right; its grid is then taken as the board's tile edges (neither the sidecars
nor labels.json store tile boxes; the whole read is checked against them first). The crops are
made here from that grid, never stored. A crop must be read right, or a tile it cannot see
reported as '?' with the frame not settled: never a wrong letter or colour.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from test_read_real_screens import SCREENS, _labels, judge  # same folder (pytest rootdir)

from autobot.vision import BoardRead, load_image, read_board

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "screenshots"


def _cases() -> list:
    out = []
    for entry in _labels():
        if entry["rows"]:
            out.append(pytest.param(SCREENS / entry["file"], entry, id=entry["id"]))
    for side in sorted(FIXTURES.glob("*.json")):
        data = json.loads(side.read_text(encoding="utf-8"))
        if data["expected"]["found"]:
            entry = {"rows": data["expected"]["rows"]}
            out.append(pytest.param(side.with_suffix(".png"), entry, id=side.stem))
    return out


def crop_at_tiles(frame: np.ndarray, read: BoardRead, inset: int) -> np.ndarray:
    """The frame cut at the board's outer tile edges, moved `inset` px into the tiles."""
    assert read.grid is not None
    x0, y0, x1, y1 = read.grid.bbox()
    h, w = frame.shape[:2]
    return frame[max(0, y0 + inset) : min(h, y1 - inset), max(0, x0 + inset) : min(w, x1 - inset)]


def test_there_are_crop_cases() -> None:
    cases = _cases()
    assert sum(1 for c in cases if "real-screens" in str(c.values[0])) >= 20 or not _labels()
    assert sum(1 for c in cases if "fixtures" in str(c.values[0])) >= 50


@pytest.mark.parametrize(("path", "entry"), _cases())
@pytest.mark.parametrize("inset", [0, 2])
def test_tight_crop_reads_right_or_unsure(path: Path, entry: dict, inset: int) -> None:
    frame = load_image(path)
    whole = read_board(frame)
    assert judge(entry, whole) == []
    crop = crop_at_tiles(frame, whole, inset)
    read = read_board(crop)
    assert judge(entry, read) == []
    # (The grid may be an outline traced just inside a tile's border, so "at the tile edges"
    # can be a few px inside: tiles exactly at the edge reading whole is checked on drawn
    # boards with known edges, in test_vision_shapes.)


def test_crop_judge_fails_on_a_wrong_read() -> None:
    """The check can fail: a board read with one grey tile taken for an empty one."""
    entry = {"rows": [["CRANE", "XXXXX"]]}
    wrong = BoardRead(True, True, "light", False, (("CRANE", "XtXXX"),), None)
    assert judge(entry, wrong)
