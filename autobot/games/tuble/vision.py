"""Tuble's answer rows read from the pixels: station name, colour blob, number of stops.

A row is found by its blob: a filled round patch of strong colour. The blob's colour is the
nearest of the four colour roles (0, 1, 2, 3+ zones apart); the text on the blob's line left of
it is the station name, read glyph by glyph with the project's letter templates
(`autobot.vision.glyphs`) and matched to the nearest station name; the text right of it is the
number of stops, read with the digit templates (`autobot.vision.digits`).
"""

from __future__ import annotations

import difflib
import hashlib
from dataclasses import dataclass
from functools import cache

import cv2
import numpy as np

from autobot.games.tuble.network import load_network
from autobot.vision import glyphs
from autobot.vision.digits import load_digit_templates

# The colour roles of the blobs, in zone-distance order (the bundled page's; any green /
# yellow / orange / red reads as the nearest one).
ROLE_RGB = np.array([(46, 157, 73), (242, 193, 46), (240, 127, 29), (216, 52, 44)], np.float32)
MIN_BLOB = 8  # px: smaller coloured specks are not blobs (anti-aliasing, a caret)


@dataclass(frozen=True)
class Row:
    """One answer row as seen: the name's letters, the station it is, the colour and stops."""

    text: str  # letters read ('?' for a glyph no template fits), words split by spaces
    station: str | None  # the nearest station name, None when nothing is close
    colour: int  # 0..3: zones apart (3 = three or more)
    stops: int | None  # None when the number could not be read
    box: tuple[int, int, int, int]  # the blob (x0, y0, x1, y1) in frame pixels


def find_blobs(frame: np.ndarray) -> list[tuple[tuple[int, int, int, int], int]]:
    """Filled round or square patches of strong colour, top to bottom: (box, colour role)."""
    # A big (2x) frame is searched at half size: blobs stay far above MIN_BLOB, and the
    # connected-components pass over the whole frame is most of a read's time.
    k = max(1, min(frame.shape[:2]) // 700)
    small = frame[::k, ::k]
    hsv = cv2.cvtColor(small, cv2.COLOR_RGB2HSV)
    mask = ((hsv[..., 1] > 110) & (hsv[..., 2] > 90)).astype(np.uint8)
    _, _, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    out = []
    for x, y, w, h, area in stats[1:].tolist():
        if min(w, h) * k < MIN_BLOB or not 0.75 <= w / h <= 1.33 or area < 0.65 * w * h:
            continue
        cy, cx = y + h // 2, x + w // 2
        core = small[max(0, cy - h // 4): cy + h // 4 + 1, max(0, cx - w // 4): cx + w // 4 + 1]
        mean = core.reshape(-1, 3).astype(np.float32).mean(axis=0)
        role = int(np.argmin(((ROLE_RGB - mean) ** 2).sum(axis=1)))
        out.append(((x * k, y * k, (x + w) * k, (y + h) * k), role))
    return sorted(out, key=lambda b: (b[0][1], b[0][0]))


def _ink(band: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """(ink mask, |grey - background|, the strong-ink level) of a strip of text."""
    grey = cv2.cvtColor(band, cv2.COLOR_RGB2GRAY).astype(np.float32)
    diff = np.abs(grey - float(np.median(grey)))
    # The strongest ink, not a percentile: one short number is a tiny share of a wide strip.
    top = float(diff.max()) if diff.size else 0.0
    return diff > max(24.0, 0.45 * top), diff, max(top, 1.0)


def glyph_crops(band: np.ndarray) -> tuple[list[np.ndarray], list[tuple[int, int]], float]:
    """The glyphs of one line of text, left to right: crops (0..1 ink), their x spans, cap height.

    Connected pieces that overlap in x are one glyph; pieces much shorter than the line's
    capitals (full stops, commas, apostrophes) are left out.
    """
    ink, diff, top = _ink(band)
    if top < 32:
        return [], [], 0.0
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    # Ink running off the strip's top or bottom is not on this line (a scrollbar, a border).
    height = band.shape[0]
    pieces = sorted((int(stats[i, 0]), int(stats[i, 0] + stats[i, 2]), i) for i in range(1, n)
                    if stats[i, 4] >= 2 and stats[i, 1] > 0 and stats[i, 1] + stats[i, 3] < height)
    groups: list[list[int]] = []
    spans: list[list[int]] = []
    for x0, x1, i in pieces:
        if spans and x0 < spans[-1][1]:
            spans[-1][1] = max(spans[-1][1], x1)
            groups[-1].append(i)
        else:
            spans.append([x0, x1])
            groups.append([i])
    boxes = []
    for group in groups:
        ys = [(int(stats[i, 1]), int(stats[i, 1] + stats[i, 3])) for i in group]
        boxes.append((min(y for y, _ in ys), max(y for _, y in ys)))
    heights = [y1 - y0 for y0, y1 in boxes]
    cap = float(np.median([h for h in heights if h >= 0.6 * max(heights)])) if heights else 0.0
    crops, kept = [], []
    for group, (x0, x1), (y0, y1) in zip(groups, spans, boxes, strict=True):
        if y1 - y0 < 0.6 * cap:
            continue
        mask = np.isin(labels[y0:y1, x0:x1], group)
        crops.append(np.clip(diff[y0:y1, x0:x1] * mask / top, 0, 1).astype(np.float32))
        kept.append((x0, x1))
    return crops, kept, cap


def _nearest_run(crops: list[np.ndarray], spans: list[tuple[int, int]], cap: float,
                 last: bool) -> tuple[list[np.ndarray], list[tuple[int, int]]]:
    """The glyphs of the first (or last) run of text: a gap over two capitals ends a run."""
    cuts = [0] + [i for i in range(1, len(spans)) if spans[i][0] - spans[i - 1][1] > 2 * cap]
    start = cuts[-1] if last else 0
    end = len(spans) if last or len(cuts) == 1 else cuts[1]
    return crops[start:end], spans[start:end]


def read_text(band: np.ndarray, templates: glyphs.Templates) -> str:
    """The letters of the line of text that ends the strip, a space where the gap is wider than
    half a capital."""
    crops, spans, cap = glyph_crops(band)
    if not crops:
        return ""
    crops, spans = _nearest_run(crops, spans, cap, last=True)
    letters = [letter for letter, _ in templates.read(crops, cap)]
    out = letters[0]
    for (_, prev_end), (start, _), letter in zip(spans, spans[1:], letters[1:], strict=False):
        out += (" " if start - prev_end > 0.55 * cap else "") + letter
    return out


def read_number(band: np.ndarray, templates: glyphs.Templates) -> int | None:
    """The digits that start the strip as a number, or None if any is unreadable."""
    crops, spans, cap = glyph_crops(band)
    if not crops:
        return None
    crops, _ = _nearest_run(crops, spans, cap, last=False)
    digits = [d for d, _ in templates.read(crops, cap)]
    text = "".join(digits)
    return int(text) if text.isdigit() else None


def station_key(name: str) -> str:
    """A station name as the rows show it: capitals, digits and single spaces."""
    kept = "".join(ch if ch.isalnum() or ch == " " else " " for ch in name.upper())
    return " ".join(kept.split())


@cache
def _keys(names: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    return tuple((name, station_key(name)) for name in names)


def nearest_station(text: str, names: tuple[str, ...], cutoff: float = 0.6) -> str | None:
    """The station whose name is most like the letters read, or None under `cutoff`."""
    keys = _keys(names)
    exact = [name for name, key in keys if key == text]
    if len(exact) == 1:
        return exact[0]
    best, best_score = None, cutoff
    for name, key in keys:
        matcher = difflib.SequenceMatcher(None, text, key, autojunk=False)
        if matcher.real_quick_ratio() <= best_score or matcher.quick_ratio() <= best_score:
            continue  # upper bounds of the ratio: this name cannot win
        score = matcher.ratio()
        if score > best_score:
            best, best_score = name, score
    return best


@cache
def _templates() -> tuple[glyphs.Templates, glyphs.Templates]:
    return glyphs.load_templates(), load_digit_templates()


def first_suggestion(before: np.ndarray, typed: np.ndarray) -> tuple[int, int] | None:
    """Where to click the autocomplete's first suggestion: (x, y) in frame pixels, or None.

    What typing changed, line by line from the top: the first changed line is the typed text in
    the box, the next one is the first suggestion (its text and highlight). A line counts as
    changed when enough pixels across it changed: a list's thin side borders alone do not.
    """
    if before.shape != typed.shape:
        return None
    changed = (np.abs(before.astype(np.int16) - typed.astype(np.int16)).max(axis=2) > 20)
    per_row = changed.sum(axis=1)
    busy = per_row >= max(6, typed.shape[1] // 200)
    bands: list[tuple[int, int]] = []
    for y in np.flatnonzero(busy).tolist():
        if bands and y - bands[-1][1] <= 2:
            bands[-1] = (bands[-1][0], y + 1)
        else:
            bands.append((y, y + 1))
    # A sliver (the placeholder's descenders, gone with it) is not a line of the list.
    lines = [b for b in bands if b[1] - b[0] >= 0.5 * (bands[0][1] - bands[0][0])] if bands else []
    if len(lines) < 2:
        return None
    y0, y1 = lines[1]
    xs = np.flatnonzero(changed[y0:y1].any(axis=0))
    return int((xs[0] + xs[-1]) // 2), (y0 + y1) // 2


def read_rows(frame: np.ndarray, names: tuple[str, ...] | None = None,
              cache: dict[bytes, tuple[str, str | None, int | None]] | None = None,
              ) -> list[Row]:
    """Every answer row on screen, top to bottom.

    `cache` (one dict per game): a row whose pixels are unchanged since an earlier frame keeps
    its reading (the loop reads the whole page every frame while it waits for a new row).
    """
    if names is None:
        names = load_network().names
    letters, digits = _templates()
    rows = []
    for (x0, y0, x1, y1), role in find_blobs(frame):
        h = y1 - y0
        top, bottom = max(0, y0 - h // 3), min(frame.shape[0], y1 + h // 3)
        band = frame[top:bottom]
        left = band[:, : max(0, x0 - h // 3)]
        right = band[:, min(frame.shape[1], x1 + h // 3):]
        key = hashlib.blake2b(band.tobytes(), digest_size=16).digest() + bytes((x0 // 256,
                                                                                x0 % 256))
        if cache is not None and key in cache:
            text, station, stops = cache[key]
        else:
            text = read_text(left, letters) if left.size else ""
            station = nearest_station(text, names)
            stops = read_number(right, digits) if right.size else None
            if cache is not None:
                cache[key] = (text, station, stops)
        rows.append(Row(text, station, role, stops, (x0, y0, x1, y1)))
    return rows


__all__ = ["ROLE_RGB", "Row", "find_blobs", "first_suggestion", "glyph_crops", "nearest_station",
           "read_number", "read_rows", "read_text", "station_key"]
