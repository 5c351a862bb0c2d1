"""Real screenshots, perturbed the way real captures are, still read right (issue 4).

Perturbations drawn here from a fixed seed per image (never stored, never tuned on): JPEG
quality 60, a +-12 per-channel colour shift, 0.5x and 1.5x rescales, Gaussian noise. A
rescale that would shrink tiles below vision's stated minimum (about 20 px) is not asked.
"""

from __future__ import annotations

import numpy as np
import pytest
from perturb import PERTURBATIONS, jpeg60, noise, seeded_rng, shift12
from test_read_real_screens import SCREENS, _labels, absent_case, judge  # same folder

from autobot.vision import load_image, read_board

MIN_TILE = 20


def _cases() -> list:
    out = []
    for entry in _labels():
        for kind in PERTURBATIONS:
            out.append(pytest.param(entry, kind, id=f"{entry['id']}-{kind}"))
    return out


@pytest.mark.parametrize(("entry", "kind"), _cases() or absent_case("entry", "kind"))
def test_perturbed_real_screen_reads_right(entry: dict, kind: str) -> None:
    frame = load_image(SCREENS / entry["file"])
    perturb, factor = PERTURBATIONS[kind]
    if factor != 1.0 and entry["rows"]:
        tile = read_board(frame).grid.tile  # type: ignore[union-attr]
        if tile * factor < MIN_TILE:
            pytest.skip(f"{tile:.0f} px tiles x{factor} fall below vision's 20 px minimum")
    read = read_board(perturb(frame, seeded_rng(entry["id"], kind)))
    assert judge(entry, read) == []


def test_shift_changes_pixels() -> None:
    """The perturbations really perturb (guards against a silent no-op)."""
    frame = np.full((40, 40, 3), 128, np.uint8)
    assert not np.array_equal(shift12(frame, seeded_rng("x", "shift12")), frame)
    assert not np.array_equal(noise(frame, seeded_rng("x", "noise")), frame)
    assert jpeg60(frame, seeded_rng("x", "j")).shape == frame.shape
