"""Tile colours by role (correct / present / absent / blank), not by one exact palette."""

from __future__ import annotations

import math

import cv2
import numpy as np

# Lab chroma below this is "neutral or slate" (absent); Tailwind slate #334155 has C ~14.
NEUTRAL_CHROMA = 20.0
# A tile this close (Lab distance) to the page background is not filled: empty or typed.
BLANK_DISTANCE = 8.0
# ... when its role is decided: empty tiles' rings measure within 2 of the page even through
# JPEG and noise, while a very light palette's absent grey (#eeeeee on white) is 6.5 away.
PAGE_DISTANCE = 5.0
# Hue ranges (degrees of atan2(b, a) in Lab) for the colour roles.
HUES: tuple[tuple[str, float, float], ...] = (
    ("orange", 28.0, 72.0),  # high-contrast correct #f5793a ~51
    ("yellow", 72.0, 112.0),  # present #c9b458 ~95, Tailwind #eab308 ~84
    ("green", 112.0, 200.0),  # correct #6aaa64 ~139, #22c55e ~147; teals #14b8a6 ~182
    ("blue", 215.0, 300.0),  # high-contrast present #85c0f9 ~263
)


def rgb_to_lab(rgb: np.ndarray) -> np.ndarray:
    """Lab (L 0..100, a/b about -128..127) of RGB uint8 colours with shape (..., 3).

    Converted as one row of pixels: OpenCV converts a row at a time, and a column of
    one-pixel rows (the tests' reference) took five times as long for the same values.
    """
    arr = np.asarray(rgb, dtype=np.float32).reshape(1, -1, 3) / 255.0
    lab = cv2.cvtColor(arr, cv2.COLOR_RGB2Lab)
    return lab.reshape(np.asarray(rgb).shape[:-1] + (3,))


def delta_e(lab1: np.ndarray, lab2: np.ndarray) -> np.ndarray:
    """Euclidean Lab distance (CIE76): good enough to tell roles apart.

    The three squares are added by hand: `np.linalg.norm` over a last axis of 3 takes three
    times as long for the same float32 sums (the tests' reference).
    """
    d = np.asarray(lab1, np.float32) - np.asarray(lab2, np.float32)
    d *= d
    return np.sqrt(d[..., 0] + d[..., 1] + d[..., 2])


def hue_role(lab: np.ndarray) -> str:
    """The colour family of a filled tile: 'neutral', a HUES name, or 'other'."""
    _, a, b = (float(v) for v in lab)
    if math.hypot(a, b) < NEUTRAL_CHROMA:
        return "neutral"
    hue = math.degrees(math.atan2(b, a)) % 360
    for name, lo, hi in HUES:
        if lo <= hue < hi:
            return name
    return "other"


def marks_for_roles(roles: list[str]) -> dict[str, str]:
    """Map colour families to marks for one board.

    Orange is correct in high contrast (orange + blue), but present on clones that pair it with
    green (e.g. LeMOT), so the mapping looks at which families the board uses together.
    """
    present = set(roles)
    mapping = {"neutral": "X", "green": "G", "yellow": "Y", "blue": "Y", "other": "?"}
    mapping["orange"] = "Y" if "green" in present and "blue" not in present else "G"
    return mapping


def is_high_contrast(roles: list[str]) -> bool:
    """High contrast boards use orange/blue instead of green/yellow."""
    present = set(roles)
    clone_orange = "green" in present and "blue" not in present  # LeMOT-style orange = present
    return bool(present & {"orange", "blue"}) and not clone_orange


def theme_of(background_lab: np.ndarray) -> str:
    """'dark' or 'light' from the page background's lightness."""
    return "dark" if float(background_lab[0]) < 50 else "light"


# Calibration-profile roles and the colour family that carries the same meaning.
PROFILE_FAMILIES = {"correct": "green", "present": "yellow", "absent": "neutral"}


def profile_palette(profile: object | None) -> dict[str, np.ndarray]:
    """Colour family -> Lab of a calibration profile's measured tile colours (may be empty)."""
    palette = getattr(profile, "palette", None) or {}
    out = {}
    for role, family in PROFILE_FAMILIES.items():
        if role in palette:
            out[family] = rgb_to_lab(np.array([palette[role]], np.uint8))[0]
    return out


def nearest_family(lab: np.ndarray, palette: dict[str, np.ndarray], tolerance: float) -> str | None:
    """The profile colour within `tolerance` (Lab distance) of `lab`, by family; None if none."""
    best, best_d = None, tolerance
    for family, ref in palette.items():
        d = float(delta_e(lab, ref))
        if d <= best_d:
            best, best_d = family, d
    return best
