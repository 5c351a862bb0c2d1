"""What the keys' colours mean: each key face matched to the board's tile colours (its learned
palette), grey keys told apart as used up or fresh."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from autobot.vision import colour
from autobot.vision.keyboard.keys import Box
from autobot.vision.palette import Palette, TileColour, learn_palette

if TYPE_CHECKING:
    from autobot.vision.model import Grid

SAME_COLOUR = 14.0  # Lab distance within which a key wears a board tile's colour
GREY_SHADES = 8.0  # Lab lightness between two shades of grey keys (fresh and used up)
MARKS = ("G", "Y", "X", "?")  # what a key may wear of the board's colours


def _points(xs: Sequence[float], ys: Sequence[float]) -> np.ndarray:
    """(k, 2) box fractions: every x with every y."""
    return np.array([(x, y) for y in ys for x in xs], np.float32)


# Where a key's face colour is sampled: a strip above the label, clear of the border.
FACE_POINTS = _points((0.2, 0.32, 0.44, 0.56, 0.68, 0.8), (0.16, 0.2))
# Where a tile's colour is sampled: a ring inside the border, outside the letter.
TILE_POINTS = np.concatenate([
    _points((0.15, 0.3, 0.5, 0.7, 0.85), (0.14, 0.86)), _points((0.14, 0.86), (0.35, 0.65)),
])


def sample_median(frame: np.ndarray, boxes: Sequence[Box], points: np.ndarray) -> np.ndarray:
    """(n, 3) uint8: per box, the median colour at these box fractions (one gather for all)."""
    b = np.asarray(boxes, np.float32).reshape(-1, 4)
    h, w = frame.shape[:2]
    xs = b[:, None, 0] + points[None, :, 0] * (b[:, None, 2] - b[:, None, 0])
    ys = b[:, None, 1] + points[None, :, 1] * (b[:, None, 3] - b[:, None, 1])
    xi = np.clip(xs.astype(np.intp), 0, w - 1)
    yi = np.clip(ys.astype(np.intp), 0, h - 1)
    return np.median(frame[yi, xi], axis=1).astype(np.uint8)


def board_tile_colours(frame: np.ndarray, grid: Grid) -> list[np.ndarray]:
    """Lab colour of every tile of the board that is inside the frame."""
    h, w = frame.shape[:2]
    boxes = [box for r in range(grid.rows) for c in range(grid.cols)
             if (box := grid.tile_box(r, c))[0] >= 0
             and box[1] >= 0 and box[2] <= w and box[3] <= h]
    if not boxes:
        return []
    return list(colour.rgb_to_lab(sample_median(frame, boxes, TILE_POINTS)))


def _split_neutral_keys(
    faces: list[np.ndarray], roles: list[str], absent: list[np.ndarray], marks: list[str],
) -> list[str]:
    """Grey keys come in two shades, fresh and used up, and a page may draw the used-up one a
    little off its absent tiles' grey (and the fresh one near it): of two clear shades of grey
    keys, the one nearer the absent colour is absent and the other unused."""
    grey = sorted((float(f[0]), i) for i, (f, r) in enumerate(zip(faces, roles, strict=True))
                  if r == "neutral")
    if not absent or len(grey) < 2:
        return marks
    gaps = [(b[0] - a[0], k) for k, (a, b) in enumerate(zip(grey, grey[1:], strict=False))]
    gap, at = max(gaps)
    if gap < GREY_SHADES:
        return marks
    shades = [[i for _, i in grey[: at + 1]], [i for _, i in grey[at + 1 :]]]
    ref = np.mean(absent, axis=0)

    def distance(keys: list[int]) -> float:
        return float(colour.delta_e(np.mean([faces[i] for i in keys], axis=0), ref))

    used = min(shades, key=distance)
    out = list(marks)
    for shade in shades:
        for i in shade:
            out[i] = "X" if shade is used and distance(used) < 2 * SAME_COLOUR else "."
    return out


def tiles_palette(tiles: list[np.ndarray], page_lab: np.ndarray) -> Palette:
    """The palette learned from a board's tile colours (Lab) alone, when no board read's
    palette is at hand: the tiles off the page colour, clustered and given roles."""
    far = colour.delta_e(np.asarray(tiles).reshape(-1, 3), page_lab) >= colour.BLANK_DISTANCE
    filled = [TileColour((i, 0), t, True) for i, (t, f) in enumerate(zip(tiles, far.tolist(),
                                                                        strict=True)) if f]
    return learn_palette(filled)


def key_marks(
    faces: list[np.ndarray], page_lab: np.ndarray, tiles: list[np.ndarray] | None = None,
    palette: Palette | None = None,
) -> list[str]:
    """Mark per key face colour (Lab), from the board's learned palette if there is one.

    With the board's palette (or one learned from its `tiles`): a key wearing one of the
    board's tile colours gets that colour's mark ('?' where the board is unsure of it), any
    other key is unused. Without a board: coloured keys by hue, grey keys unused while they
    are all one shade and '?' once there are two (absent or unused: the board would tell).
    """
    roles = [colour.hue_role(f) for f in faces]
    if palette is None and tiles is not None:
        palette = tiles_palette(tiles, page_lab)
    if palette is not None:
        if not palette.centres:
            return ["."] * len(faces)
        centres = np.asarray(palette.centres, np.float32)
        d = colour.delta_e(np.asarray(faces, np.float32)[:, None], centres[None])
        nearest = d.argmin(axis=1)
        out = [palette.marks[j] if d[i, j] < SAME_COLOUR and palette.marks[j] in MARKS else "."
               for i, j in enumerate(nearest.tolist())]
        absent = [c for c, m in zip(palette.centres, palette.marks, strict=True)
                  if m == "X" and colour.hue_role(c) == "neutral"]
        return _split_neutral_keys(faces, roles, absent, out)
    if "blue" in roles and "orange" not in roles:
        # Blue is "present" only beside high contrast's orange; alone it is a bluish slate
        # (absent keys on some pages) that JPEG's chroma smear pushed over the neutral line.
        roles = ["neutral" if r == "blue" else r for r in roles]
    mapping = colour.marks_for_roles([r for r in roles if r != "neutral"])
    grey = [float(f[0]) for f, r in zip(faces, roles, strict=True) if r == "neutral"]
    # Two shades of grey keys and no board: which is used up differs between pages (darker
    # on NYT, lighter on word-master's dark theme), so neither is claimed.
    two = bool(grey) and max(grey) - min(grey) > GREY_SHADES
    return [mapping[r] if r != "neutral" else ("?" if two else ".") for r in roles]


def page_lab(frame: np.ndarray, rows: list[list[Box]]) -> np.ndarray:
    """The page colour around the keyboard: the gaps between the keys of each row."""
    samples = []
    h = frame.shape[0]
    for r in rows:
        for a, b in zip(r, r[1:], strict=False):
            if b[0] - a[2] >= 3:
                cy = min(h - 1, (a[1] + a[3]) // 2)
                samples.append(frame[cy, a[2] + 1 : b[0] - 1])
    if not samples:
        r = rows[0]
        samples.append(frame[max(0, r[0][1] - 3), r[0][0] : r[-1][2]])
    pix = np.concatenate(samples, axis=0)
    return colour.rgb_to_lab(np.median(pix, axis=0).astype(np.uint8)[None])[0]
