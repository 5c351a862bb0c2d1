"""Real screenshots, perturbed the way real captures are, still read right (issue 4).

Perturbations drawn here from a fixed seed per image (never stored, never tuned on): JPEG
quality 60, a +-12 per-channel colour shift, 0.5x and 1.5x rescales, Gaussian noise. A
rescale that would shrink tiles below vision's stated minimum (about 20 px) is not asked.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Callable

import cv2
import numpy as np
import pytest
from PIL import Image
from test_read_real_screens import SCREENS, _labels, judge  # same folder (pytest rootdir)

from autobot.vision import load_image, read_board

MIN_TILE = 20


def _rng(name: str, kind: str) -> np.random.Generator:
    seed = int.from_bytes(hashlib.sha256(f"{name}/{kind}".encode()).digest()[:8], "little")
    return np.random.default_rng(seed)


def jpeg60(frame: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    buf = io.BytesIO()
    Image.fromarray(frame).save(buf, format="JPEG", quality=60)
    return np.asarray(Image.open(io.BytesIO(buf.getvalue())).convert("RGB"))


def shift12(frame: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    delta = rng.integers(-12, 13, size=3)
    return np.clip(frame.astype(np.int16) + delta, 0, 255).astype(np.uint8)


def noise(frame: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    grain = rng.normal(0, 6, size=frame.shape)
    return np.clip(frame.astype(np.float32) + grain, 0, 255).astype(np.uint8)


def _rescale(f: float) -> Callable[[np.ndarray, np.random.Generator], np.ndarray]:
    def go(frame: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        interp = cv2.INTER_AREA if f < 1 else cv2.INTER_LINEAR
        return cv2.resize(frame, None, fx=f, fy=f, interpolation=interp)

    return go


PERTURB: dict[str, tuple[Callable, float]] = {
    "jpeg60": (jpeg60, 1.0),
    "shift12": (shift12, 1.0),
    "noise": (noise, 1.0),
    "half": (_rescale(0.5), 0.5),
    "x1.5": (_rescale(1.5), 1.5),
}


def _cases() -> list:
    out = []
    for entry in _labels():
        for kind in PERTURB:
            out.append(pytest.param(entry, kind, id=f"{entry['id']}-{kind}"))
    return out


@pytest.mark.parametrize(("entry", "kind"), _cases())
def test_perturbed_real_screen_reads_right(entry: dict, kind: str) -> None:
    frame = load_image(SCREENS / entry["file"])
    perturb, factor = PERTURB[kind]
    if factor != 1.0 and entry["rows"]:
        tile = read_board(frame).grid.tile  # type: ignore[union-attr]
        if tile * factor < MIN_TILE:
            pytest.skip(f"{tile:.0f} px tiles x{factor} fall below vision's 20 px minimum")
    read = read_board(perturb(frame, _rng(entry["id"], kind)))
    assert judge(entry, read) == []


def test_shift_changes_pixels() -> None:
    """The perturbations really perturb (guards against a silent no-op)."""
    frame = np.full((40, 40, 3), 128, np.uint8)
    assert not np.array_equal(shift12(frame, _rng("x", "shift12")), frame)
    assert not np.array_equal(noise(frame, _rng("x", "noise")), frame)
    assert jpeg60(frame, _rng("x", "j")).shape == frame.shape
