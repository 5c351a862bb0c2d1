"""A screen set-up measured from one frame: the colours its board shows and its letters' glyphs
(what `autobot calibrate` writes into a profile)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from autobot.vision import background_lab, colour, glyphs

ROLE_OF_MARK = {"G": "correct", "Y": "present", "X": "absent", "t": "typed_border",
                ".": "empty_border"}


def _band_pixels(frame: np.ndarray, box: tuple[int, int, int, int], lo: float, hi: float
                 ) -> np.ndarray:
    """Pixels of a tile between insets lo..hi (fractions of its side), as (n, 3)."""
    x0, y0, x1, y1 = box
    h, w = frame.shape[:2]
    crop = frame[max(0, y0):min(h, y1), max(0, x0):min(w, x1)]
    th, tw = crop.shape[:2]
    if th < 4 or tw < 4:
        return np.zeros((0, 3), np.uint8)
    yy, xx = np.mgrid[0:th, 0:tw]
    d = np.minimum(np.minimum(xx, yy), np.minimum(tw - 1 - xx, th - 1 - yy)) / max(th, tw)
    return crop[(d >= lo) & (d < hi)]


def _border_pixels(frame: np.ndarray, box: tuple[int, int, int, int], bg: np.ndarray
                   ) -> np.ndarray:
    """The outline of a see-through tile: in a band straddling the located edge (the grid may
    sit a pixel or two inside the border), the pixels that differ most from the page."""
    x0, y0, x1, y1 = box
    pad = max(2, round(0.08 * (x1 - x0)))
    band = _band_pixels(frame, (x0 - pad, y0 - pad, x1 + pad, y1 + pad), 0.0, 0.16)
    if len(band) == 0:
        return band
    dist = np.linalg.norm(band.astype(np.float32) - bg, axis=1)
    return band[dist >= np.percentile(dist, 85)]


def _median(pixels: list[np.ndarray]) -> tuple[int, int, int] | None:
    stacked = [p for p in pixels if len(p)]
    if not stacked:
        return None
    med = np.median(np.concatenate(stacked), axis=0)
    return (int(round(med[0])), int(round(med[1])), int(round(med[2])))


def _ink(frame: np.ndarray, box: tuple[int, int, int, int], fill: np.ndarray) -> np.ndarray:
    """The letter's pixels: the inner area's pixels furthest from the tile's fill colour."""
    inner = _band_pixels(frame, box, 0.2, 1.0).astype(np.float32)
    if len(inner) == 0:
        return inner
    dist = np.linalg.norm(inner - fill.astype(np.float32), axis=1)
    cut = np.percentile(dist, 92)
    return inner[(dist >= cut) & (dist > 60)]


def measure_palette(frame: np.ndarray, read: Any) -> tuple[dict[str, tuple[int, int, int]],
                                                           dict[str, float]]:
    """Median colour per role over the board's tiles, background and borders; and the spread
    (largest Lab distance of a tile from its role's median) for the colour tolerance."""
    grid = read.grid
    bg_rgb = np.array(_lab_to_rgb(background_lab(frame, grid)), np.float32)
    per_role: dict[str, list[np.ndarray]] = {}
    ink: dict[str, list[np.ndarray]] = {}
    for r, (_, marks) in enumerate(read.rows):
        for c, mark in enumerate(marks):
            role = ROLE_OF_MARK.get(mark)
            if role is None:
                continue
            box = grid.tile_box(r, c)
            if mark in "GYX":
                fill = _band_pixels(frame, box, 0.08, 0.21)
                per_role.setdefault(role, []).append(fill)
                if len(fill):
                    ink.setdefault("letter", []).append(_ink(frame, box, np.median(fill, 0)))
            else:
                # Empty and typed tiles are see-through: their colour is the 2 px border.
                per_role.setdefault(role, []).append(_border_pixels(frame, box, bg_rgb))
                if mark == "t":
                    inside = _band_pixels(frame, box, 0.1, 0.2)
                    if len(inside):
                        ink.setdefault("letter_typed", []).append(
                            _ink(frame, box, np.median(inside, 0)))
    palette: dict[str, tuple[int, int, int]] = {}
    spread: dict[str, float] = {}
    for role, pix in {**per_role, **ink}.items():
        med = _median(pix)
        if med is None:
            continue
        palette[role] = med
        if role in ("correct", "present", "absent"):
            tile_meds = [np.median(p, 0).astype(np.uint8) for p in pix if len(p)]
            d = colour.delta_e(colour.rgb_to_lab(np.array(tile_meds)),
                               colour.rgb_to_lab(np.array([med], np.uint8))[0])
            spread[role] = float(np.max(d)) if len(d) else 0.0
    palette["background"] = tuple(int(v) for v in bg_rgb)  # type: ignore[assignment]
    return palette, spread


def _lab_to_rgb(lab: np.ndarray) -> tuple[int, int, int]:
    import cv2

    arr = np.asarray(lab, np.float32).reshape(1, 1, 3)
    rgb = cv2.cvtColor(arr, cv2.COLOR_Lab2RGB).reshape(3)
    v = np.clip(np.round(rgb * 255), 0, 255).astype(int)
    return (int(v[0]), int(v[1]), int(v[2]))


def board_glyphs(frame: np.ndarray, read: Any, cells: list[tuple[int, int]]
                 ) -> dict[tuple[int, int], np.ndarray]:
    """Normalised glyphs of these tiles, cut the way `read_board` cuts letters (same letter
    view, ring grey and extractor) and normalised as vision's harvester normalises its sheet."""
    import autobot.vision as vision

    if hasattr(vision, "board_glyphs"):  # vision's own cutter, when it offers one
        return dict(vision.board_glyphs(frame, read, cells))
    grid = read.grid
    bg = vision.background_lab(frame, grid)
    samples = vision.sample_tiles(frame, grid, bg)
    view = vision.board_view(frame, grid, vision.GLYPH_TILE_PX, grey=True)
    crops: dict[tuple[int, int], np.ndarray] = {}
    for key in cells:
        tile = view.tile(grid, *key)
        if tile is None or samples[key].cut:
            continue
        crop = glyphs.extract_glyph(tile, samples[key].ring_grey)
        if crop is not None:
            crops[key] = crop
    if not crops:
        return {}
    cap = glyphs.cap_height(list(crops.values()))
    return {k: glyphs.normalise(v, cap) for k, v in crops.items()}


def harvest_templates(frame: np.ndarray, read: Any, words: list[str], out: Path) -> int:
    """Write one glyph per tile whose letter is known into `out`; returns how many."""
    import cv2

    cells = [(r, c) for r, word in enumerate(words) for c in range(len(word))
             if c < len(read.rows[r][1]) and read.rows[r][1][c] not in ".?"]
    out.mkdir(parents=True, exist_ok=True)
    count = 0
    for (r, c), glyph in board_glyphs(frame, read, cells).items():
        name = f"{glyphs.name_for_letter(words[r][c])}__cal-r{r + 1}c{c + 1}.png"
        cv2.imwrite(str(out / name), np.clip(glyph * 255, 0, 255).astype(np.uint8))
        count += 1
    return count
