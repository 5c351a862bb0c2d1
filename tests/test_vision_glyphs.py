"""Letters: the per-game glyph cache gives the same reads and is really used; missing glyph
templates are a one-line error naming the folder, not a board of '?'."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from autobot.cli import main
from autobot.errors import AutobotError
from autobot.harness.replay import compare_board, expectation_from_sidecar
from autobot.vision import glyphs, load_image, read_board

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "screenshots"
NAMES = ["mid_light_desk", "mid_dark-hc_desk2x", "typed_dark_short", "win_light_phone",
         "flip_dark_desk2x", "shake_light_desk"]


def _fixture(name: str) -> tuple[np.ndarray, dict]:
    return load_image(FIXTURES / f"{name}.png"), json.loads((FIXTURES / f"{name}.json").read_text())


@pytest.mark.parametrize("name", NAMES)
def test_cached_reads_equal_uncached_ones(name: str) -> None:
    frame, data = _fixture(name)
    plain = read_board(frame)
    cache: dict = {}
    first = read_board(frame, cache=cache)
    again = read_board(frame, hint=first.grid, cache=cache)
    assert first == plain and again.rows == plain.rows and again.settled == plain.settled
    assert compare_board(expectation_from_sidecar(data), again) == []
    if any(letters for letters, _ in plain.rows):
        assert any(k[0] == "letter" for k in cache) and any(k[0] == "glyph" for k in cache)


def test_cache_is_used_for_unchanged_tiles_only() -> None:
    frame, _ = _fixture("mid_light_desk")
    cache: dict = {}
    plain = read_board(frame, cache=cache)
    # Poison every cached letter: a read that reuses them must show the poison.
    for key in [k for k in cache if k[0] == "letter"]:
        cache[key] = ("Z", 1.0)
    poisoned = read_board(frame, cache=cache)
    assert all(set(letters) <= {"Z"} for letters, _ in poisoned.rows)
    # The same board one pixel lower and one level lighter: every tile's pixels differ (the
    # grid follows a whole-pixel move exactly), nothing poisoned is reused.
    shifted = np.concatenate([frame[:1], frame[:-1]], axis=0)
    shifted = np.minimum(shifted.astype(np.int16) + 1, 255).astype(np.uint8)
    assert read_board(shifted, cache=cache).rows == plain.rows


def test_cache_is_bounded() -> None:
    frame, _ = _fixture("mid_light_desk")
    cache: dict = {("junk", i): None for i in range(5000)}
    read_board(frame, cache=cache)
    assert not any(k[0] == "junk" for k in cache)


def test_missing_template_folder_is_a_clear_error(tmp_path: Path) -> None:
    missing = tmp_path / "templates" / "default"
    with pytest.raises(AutobotError) as err:
        glyphs.load_templates(missing)
    assert err.value.exit_code == 2 and str(missing) in str(err.value)
    (tmp_path / "empty").mkdir()
    with pytest.raises(AutobotError, match="no 40x40 PNGs"):
        glyphs.load_templates(tmp_path / "empty")


def test_read_without_templates_exits_2_naming_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "gone" / "default"
    monkeypatch.setattr(glyphs, "DEFAULT_DIR", missing)
    assert main(["read", str(FIXTURES / "mid_light_desk.png")]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and str(missing) in err and "Traceback" not in err


def test_ink_percentile_from_histogram_equals_partition() -> None:
    rng = np.random.default_rng(7)
    for trial in range(200):
        n, side = int(rng.integers(1, 12)), int(rng.integers(5, 80))
        stack = rng.integers(0, 256, (n, side, side)).astype(np.uint8)
        if trial % 3 == 0:
            stack[:] = rng.integers(0, 256)  # flat tiles: ties everywhere
        ring = (rng.integers(0, 511, n) / 2).astype(np.float32)  # medians may end in .5
        diffs = np.abs(stack.astype(np.float32) - ring[:, None, None])
        k = max(1, diffs[0].size // 200)
        want = np.partition(diffs.reshape(n, -1), -k, axis=1)[:, -k].tolist()
        assert glyphs._kth_largest_diff(stack, ring, k) == want
