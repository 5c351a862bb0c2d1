"""Generalisation: perturbed copies of every fixture (made here, never stored) still read right.

The perturbations are the ones real captures bring (issue: "vision that survives the real
world"): JPEG quality 60, a +-12 per-channel colour shift, 0.5x and 1.5x rescales, sensor-like
Gaussian noise. Vision is never tuned on these copies: they are drawn fresh from a seed here.
"""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from autobot.replay import compare_board, expectation_from_sidecar

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures" / "screenshots"


def _rng(name: str, kind: str) -> np.random.Generator:
    seed = int.from_bytes(hashlib.sha256(f"{name}/{kind}".encode()).digest()[:8], "little")
    return np.random.default_rng(seed)


def jpeg60(frame: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A quality-60 JPEG round trip (blocky edges, ringing around letters, 4:2:0 chroma)."""
    buf = io.BytesIO()
    Image.fromarray(frame).save(buf, format="JPEG", quality=60)
    return np.asarray(Image.open(io.BytesIO(buf.getvalue())).convert("RGB"))


def shift12(frame: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Every channel moved by 12 up or down (a colour-managed or miscalibrated capture)."""
    delta = rng.choice([-12, 12], size=3)
    return np.clip(frame.astype(np.int16) + delta, 0, 255).astype(np.uint8)


def half(frame: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Half size (a HiDPI capture shown at 1x; tiles ~26-31 px)."""
    h, w = frame.shape[:2]
    return cv2.resize(frame, (w // 2, h // 2), interpolation=cv2.INTER_AREA)


def one_and_half(frame: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """1.5x upscale (a zoomed page or a 150 % desktop)."""
    h, w = frame.shape[:2]
    return cv2.resize(frame, (w * 3 // 2, h * 3 // 2), interpolation=cv2.INTER_LINEAR)


def noise(frame: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Gaussian noise, sigma 6 per channel."""
    noisy = frame.astype(np.float32) + rng.normal(0, 6.0, frame.shape).astype(np.float32)
    return np.clip(np.round(noisy), 0, 255).astype(np.uint8)


PERTURBATIONS: dict[str, Callable[[np.ndarray, np.random.Generator], np.ndarray]] = {
    "jpeg60": jpeg60, "shift12": shift12, "half": half, "one_and_half": one_and_half,
    "noise": noise,
}


def _cases() -> list[tuple[str, dict]]:
    sidecars = sorted(FIXTURES.glob("*.json"))
    return [(p.stem, json.loads(p.read_text())) for p in sidecars]


@pytest.mark.slow
@pytest.mark.parametrize("kind", list(PERTURBATIONS))
def test_perturbed_fixtures_still_read_right(kind: str) -> None:
    from autobot.vision import load_image, read_board

    cases = _cases()
    if not cases:
        pytest.fail("fixtures/screenshots is empty: run `autobot fixtures make`")
    failures = []
    for name, data in cases:
        frame = load_image(FIXTURES / data["image"])
        perturbed = PERTURBATIONS[kind](frame, _rng(name, kind))
        assert perturbed.dtype == np.uint8 and perturbed.shape[2] == 3
        assert perturbed.shape != frame.shape or not np.array_equal(perturbed, frame)
        expect = expectation_from_sidecar(data)
        diffs = compare_board(expect, read_board(perturbed))
        if diffs:
            failures.append(f"{name}: {'; '.join(diffs)}")
    assert not failures, f"{len(failures)}/{len(cases)} {kind} copies misread:\n" + "\n".join(
        failures)


def test_perturbations_really_change_the_pixels() -> None:
    frame = np.full((40, 60, 3), 128, np.uint8)
    frame[10:30, 10:30] = (106, 170, 100)
    rng = np.random.default_rng(0)
    assert np.abs(shift12(frame, rng).astype(int) - frame).max() == 12
    assert half(frame, rng).shape == (20, 30, 3)
    assert one_and_half(frame, rng).shape == (60, 90, 3)
    assert 3 < np.std(noise(frame, rng).astype(float) - frame) < 9
    assert not np.array_equal(jpeg60(frame, rng), frame)
