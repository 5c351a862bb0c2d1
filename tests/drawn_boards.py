"""Boards drawn here with OpenCV + a system font, for shapes no bundled page or clone shows yet.

Each drawing knows its exact geometry (tile boxes), so tests can check the reader's grid against
it, and the rows it shows in the labels format. Colours are the NYT light palette.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
PAGE = (255, 255, 255)
EMPTY_BORDER = (211, 214, 218)
TYPED_BORDER = (135, 138, 140)
FILL = {"G": (106, 170, 100), "Y": (201, 180, 88), "X": (120, 124, 126)}
INK_ON_FILL, INK_TYPED = (255, 255, 255), (18, 18, 19)


@dataclass
class Drawn:
    """A drawn board: the frame, its tile boxes (x0, y0, x1, y1 per row and column), its rows."""

    frame: np.ndarray
    boxes: list[list[tuple[int, int, int, int]]]
    rows: list[tuple[str, str]]
    notes: dict = field(default_factory=dict)


def _mask(shape: str, w: int, h: int) -> np.ndarray:
    """Boolean h x w mask of a tile: rect, rounded (corner radius a fifth) or round."""
    if shape == "rect":
        return np.ones((h, w), bool)
    m = np.zeros((h, w), np.uint8)
    if shape == "round":
        yy, xx = np.mgrid[0:h, 0:w]
        return np.hypot((xx - (w - 1) / 2) / (w / 2), (yy - (h - 1) / 2) / (h / 2)) <= 1.0
    r = max(2, min(w, h) // 5)
    cv2.rectangle(m, (r, 0), (w - 1 - r, h - 1), 1, -1)
    cv2.rectangle(m, (0, r), (w - 1, h - 1 - r), 1, -1)
    for cx, cy in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
        cv2.circle(m, (cx, cy), r, 1, -1)
    return m.astype(bool)


def _tile(shape: str, w: int, h: int, mark: str, letter: str, border: int,
          outline_only: bool, hint: bool) -> tuple[np.ndarray, np.ndarray]:
    """One tile image (RGB) and its mask; an outlined evaluated tile's `border` is its ring."""
    outer = _mask(shape, w, h)
    inner = np.zeros_like(outer)
    inner[border : h - border, border : w - border] = _mask(shape, w - 2 * border, h - 2 * border)
    img = np.zeros((h, w, 3), np.uint8)
    img[:] = PAGE
    if mark in FILL and not outline_only:
        img[outer] = FILL[mark]
    else:
        edge = FILL.get(mark, TYPED_BORDER if mark == "t" else EMPTY_BORDER)
        img[outer & ~inner] = edge
    if letter:
        colour = INK_ON_FILL if mark in FILL and not outline_only else INK_TYPED
        if hint:
            colour = (200, 200, 200)  # a faint grey hint, not a typed letter
        pil = Image.fromarray(img)
        font = ImageFont.truetype(str(FONT), round(0.5 * min(w, h)))
        ImageDraw.Draw(pil).text((w / 2, h / 2), letter, fill=colour, font=font, anchor="mm")
        img = np.asarray(pil).copy()
    return img, outer


def draw_board(
    rows: list[tuple[str, str]],
    *,
    shape: str = "rect",
    tile: tuple[int, int] = (62, 62),
    gap: int = 5,
    origin: tuple[int, int] = (60, 50),
    size: tuple[int, int] | None = None,
    border: int = 2,
    outline_only: bool = False,
    ring: int | None = None,
    hints: dict[tuple[int, int], str] | None = None,
    squash: dict[tuple[int, int], tuple[float, float]] | None = None,
    tilt: dict[tuple[int, int], tuple[float, float]] | None = None,
) -> Drawn:
    """Draw a board of `rows` ((LETTERS, MARKS) per row, 5 tiles each).

    `outline_only`: evaluated tiles are a border of their colour round the page, `ring` px
    thick (else `border`, as empty and typed tiles); `hints`: faint letters on empty tiles;
    `squash`: (sx, sy) scale of a tile caught in a flip;
    `tilt`: (degrees, scale) of a tile left turned after its reveal.
    """
    w, h = tile
    n_rows = len(rows)
    fw = size[0] if size else origin[0] * 2 + 5 * w + 4 * gap
    fh = size[1] if size else origin[1] * 2 + n_rows * h + (n_rows - 1) * gap
    frame = np.zeros((fh, fw, 3), np.uint8)
    frame[:] = PAGE
    boxes = []
    for r, (letters, marks) in enumerate(rows):
        it = iter(letters)
        line = []
        for c, m in enumerate(marks):
            letter = "" if m == "." else next(it)
            hint = (hints or {}).get((r, c), "")
            thick = ring if ring is not None and outline_only and m in FILL else border
            img, mask = _tile(shape, w, h, m, letter or hint, thick, outline_only, bool(hint))
            x0, y0 = origin[0] + c * (w + gap), origin[1] + r * (h + gap)
            line.append((x0, y0, x0 + w, y0 + h))
            sx, sy = (squash or {}).get((r, c), (1.0, 1.0))
            deg, scale = (tilt or {}).get((r, c), (0.0, 1.0))
            if (sx, sy) != (1.0, 1.0) or deg or scale != 1.0:
                if deg or scale != 1.0:
                    mat = cv2.getRotationMatrix2D((w / 2, h / 2), deg, scale)
                else:
                    mat = np.array([[sx, 0, (1 - sx) * w / 2], [0, sy, (1 - sy) * h / 2]])
                img = cv2.warpAffine(img, mat, (w, h), borderValue=PAGE)
                mask = cv2.warpAffine(mask.astype(np.uint8), mat, (w, h)).astype(bool)
            _paste(frame, img, mask, x0, y0)
        boxes.append(line)
    return Drawn(frame, boxes, [(lt, mk) for lt, mk in rows])


def _paste(frame: np.ndarray, img: np.ndarray, mask: np.ndarray, x0: int, y0: int) -> None:
    """Put a tile's masked pixels on the frame (clipped to it)."""
    fh, fw = frame.shape[:2]
    h, w = mask.shape
    xa, ya, xb, yb = max(0, x0), max(0, y0), min(fw, x0 + w), min(fh, y0 + h)
    if xb <= xa or yb <= ya:
        return
    sub = frame[ya:yb, xa:xb]
    m = mask[ya - y0 : yb - y0, xa - x0 : xb - x0]
    sub[m] = img[ya - y0 : yb - y0, xa - x0 : xb - x0][m]


def draw_tutorial(tile: int = 40, gap: int = 4) -> np.ndarray:
    """A "How to play" dialog: three example words of 5 tiles, a line of text under each."""
    examples = [("WEARY", "G...."), ("PILLS", ".Y..."), ("VAGUE", "...X.")]
    frame = np.full((620, 560, 3), 255, np.uint8)
    pil = Image.fromarray(frame)
    draw = ImageDraw.Draw(pil)
    text = ImageFont.truetype(str(FONT.with_name("DejaVuSans.ttf")), 16)
    draw.text((40, 30), "How To Play", fill=(0, 0, 0), font=ImageFont.truetype(str(FONT), 28))
    draw.text((40, 80), "Guess the Wordle in 6 tries.", fill=(0, 0, 0), font=text)
    frame = np.asarray(pil).copy()
    y = 140
    for word, marks in examples:
        row_marks = "".join("t" if m == "." else m for m in marks)
        drawn = draw_board([(word, row_marks)], tile=(tile, tile), gap=gap, origin=(0, 0),
                           size=(5 * tile + 4 * gap, tile))
        frame[y : y + tile, 40 : 40 + drawn.frame.shape[1]] = drawn.frame
        pil = Image.fromarray(frame)
        ImageDraw.Draw(pil).text((40, y + tile + 14),
                                 f"{word[0]} is in the word and in the correct spot.",
                                 fill=(0, 0, 0), font=text)
        frame = np.asarray(pil).copy()
        y += tile + 90
    return frame


def tight(drawn: Drawn, inset: int = 0) -> Drawn:
    """The drawing cropped exactly at its outer tile edges (`inset` px further in)."""
    x0, y0 = drawn.boxes[0][0][:2]
    x1, y1 = drawn.boxes[-1][-1][2:]
    frame = drawn.frame[y0 + inset : y1 - inset, x0 + inset : x1 - inset]
    boxes = [[(a - x0 - inset, b - y0 - inset, c - x0 - inset, d - y0 - inset)
              for a, b, c, d in line] for line in drawn.boxes]
    return Drawn(np.ascontiguousarray(frame), boxes, drawn.rows)


def centre_error(grid: object, drawn: Drawn) -> float:
    """Largest distance (px) between a drawn tile's centre and the reader's tile box centre."""
    worst = 0.0
    for r, line in enumerate(drawn.boxes):
        for c, (x0, y0, x1, y1) in enumerate(line):
            gx0, gy0, gx1, gy1 = grid.tile_box(r, c)  # type: ignore[attr-defined]
            worst = max(worst, math.hypot((gx0 + gx1 - x0 - x1) / 2, (gy0 + gy1 - y0 - y1) / 2))
    return worst


def draw_neumorphic(page: tuple[int, int, int], *, tile: int = 80, gap: int = 16,
                    rows: int = 6, light: int = 13, shadow: int = 17) -> Drawn:
    """An empty board of "neumorphic" circles, as word-master draws its tiles (CSS
    `box-shadow: .2em .2em .4em dark, -.2em -.2em .4em light`): filled with the page colour,
    a soft glow `light` levels lighter to the top left, a soft shadow `shadow` levels darker
    to the bottom right."""
    pad = tile
    fw, fh = 2 * pad + 5 * tile + 4 * gap, 2 * pad + rows * tile + (rows - 1) * gap
    base = np.array(page, np.float32)
    lit = np.zeros((fh, fw), np.float32)
    dark = np.zeros((fh, fw), np.float32)
    discs = np.zeros((fh, fw), np.uint8)
    boxes = []
    off, r = max(2, tile // 16), tile / 2
    for row in range(rows):
        line = []
        for c in range(5):
            x0, y0 = pad + c * (tile + gap), pad + row * (tile + gap)
            cx, cy = x0 + r - 0.5, y0 + r - 0.5
            line.append((x0, y0, x0 + tile, y0 + tile))
            centre = (round(cx * 16), round(cy * 16))
            cv2.circle(lit, (centre[0] - off * 16, centre[1] - off * 16), round(r * 16), 1.0, -1,
                       cv2.LINE_AA, 4)
            cv2.circle(dark, (centre[0] + off * 16, centre[1] + off * 16), round(r * 16), 1.0,
                       -1, cv2.LINE_AA, 4)
            cv2.circle(discs, centre, round(r * 16), 255, -1, cv2.LINE_AA, 4)
        boxes.append(line)
    # A CSS blur radius is two standard deviations: .4em of blur for .2em of offset.
    lit, dark = cv2.GaussianBlur(lit, (0, 0), off), cv2.GaussianBlur(dark, (0, 0), off)
    img = base[None, None] + (light * lit - shadow * dark)[..., None]
    disc = (discs.astype(np.float32) / 255)[..., None]
    img = img * (1 - disc) + base[None, None] * disc  # the tile itself: the page colour
    frame = np.clip(np.round(img), 0, 255).astype(np.uint8)
    return Drawn(frame, boxes, [("", ".....")] * rows)
