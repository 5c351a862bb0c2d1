"""Perturbations real captures bring, drawn from a seed per image (never stored or tuned on).

JPEG quality 60, a +-12 per-channel colour shift, 0.5x and 1.5x rescales, Gaussian noise.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Callable

import cv2
import numpy as np
from PIL import Image

Perturbation = Callable[[np.ndarray, np.random.Generator], np.ndarray]


def seeded_rng(name: str, kind: str) -> np.random.Generator:
    """A generator fixed by the image's name and the perturbation."""
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


def noise(frame: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Gaussian noise, sigma 6 per channel."""
    noisy = frame.astype(np.float32) + rng.normal(0, 6.0, frame.shape).astype(np.float32)
    return np.clip(np.round(noisy), 0, 255).astype(np.uint8)


def rescale(factor: float) -> Perturbation:
    """Resize by `factor` (0.5: a HiDPI capture shown at 1x; 1.5: a 150 % desktop)."""

    def go(frame: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        interp = cv2.INTER_AREA if factor < 1 else cv2.INTER_LINEAR
        h, w = frame.shape[:2]
        return cv2.resize(frame, (round(w * factor), round(h * factor)), interpolation=interp)

    return go


# name -> (perturbation, how it scales the tiles)
PERTURBATIONS: dict[str, tuple[Perturbation, float]] = {
    "jpeg60": (jpeg60, 1.0),
    "shift12": (shift12, 1.0),
    "noise": (noise, 1.0),
    "x0.5": (rescale(0.5), 0.5),
    "x1.5": (rescale(1.5), 1.5),
}
