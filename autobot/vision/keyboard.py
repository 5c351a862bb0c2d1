"""Read a Wordle page's on-screen keyboard from pixels: where each key is, its label, its colour.

A chain of pure steps on an RGB frame, like the board's: `key_boxes` (flat key faces: connected
regions without edges, of key size) -> `keyboard_rows` (rows of same-height faces side by side,
stacked rows, an extra row of one to three keys such as a separate ⌫ / ✓ pair) -> labels (the
board's glyph templates; a word is read letter by letter) -> ENTER / BACK (wide or unreadable
keys at the row ends, named by their word, else by position) -> marks (each key's colour matched
to the board's tile colours; the keys are a second witness for the marks, see `mark_conflicts`).
"""

from __future__ import annotations

import difflib
import hashlib
import statistics
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import cv2
import numpy as np

from autobot.vision import colour, glyphs
from autobot.vision.palette import Palette, TileColour, learn_palette

if TYPE_CHECKING:
    from autobot.vision.model import Grid

EDGE = 8  # grey levels: a 3x3 morphological gradient above this is a key's outline or label
# Looks tried in turn until one shows a whole keyboard: (gaussian blur sigma, edge level).
# Clean captures need the first; JPEG ringing breaks key faces apart at that level, and only
# a blur and a higher edge level join them again; a dark bevel (keys the page's colour with
# a light edge of 3 levels a pixel) needs a lower level, which JPEG noise would break.
LOOKS = ((0.0, EDGE), (1.0, 20.0), (0.0, 5.0))
FULL_KEYBOARD = 28  # keys: 26 letters, ENTER and BACK; fewer and the next look may find more
MIN_KEY = 8  # px (search image): smaller flat regions are letter counters, not keys
KEY_PX = 96  # key height the labels are read at (the board reads 96 px tiles)
SAME_HEIGHT = 0.15  # keys of one row (and of one keyboard) differ this much in height at most
LABEL_BAND = 0.2  # of the key height, cut off above and below the label before reading it
MAX_PITCH = 1.45  # key heights from one row of keys to the next, at most
WORD_TRIM = 0.06  # of a wide key's width: its border and shadow, cut before its word is read
WORD_PAD = 0.25  # of the rest, added on both sides in the face colour
WIDE = 1.12  # a key this much wider than the row's letter keys is ENTER or BACK
WORD_ASPECT = 1.5  # a label this much wider than tall is a word (ENTER, BACK, SS), not a letter
ICON_SCORE = 0.55  # a label read below this is an icon (⌫ ⏎ ⇨ ✓), not a letter
SAME_COLOUR = 14.0  # Lab distance within which a key wears a board tile's colour
GREY_SHADES = 8.0  # Lab lightness between two shades of grey keys (fresh and used up)
MARK_RANK = {"G": 3, "Y": 2, "X": 1}
MARKS = ("G", "Y", "X", "?")  # what a key may wear of the board's colours
ENTER_WORDS = ("ENTER", "ENVIAR", "ENTRER", "ENTRAR", "INVIO", "SUBMIT", "SEND", "GO", "OK")
BACK_WORDS = ("BACK", "DEL", "DELETE", "BKSP", "BACKSPACE", "BORRAR", "APAGAR", "EFFACER")
WORD_LETTERS = {"SS": "ß"}  # a key labelled with a word that stands for one letter

Box = tuple[int, int, int, int]  # x0, y0, x1, y1 in frame pixels (x1/y1 exclusive)


@dataclass(frozen=True)
class Key:
    """One on-screen key: its label, where it is, and the mark its colour shows."""

    label: str  # "A".."Z", "Ä" etc., "ENTER", "BACK", or "?" (unreadable)
    box: Box
    mark: str  # "G" / "Y" / "X" from the key colour, "." unused, "?" colour of no known role

    @property
    def center(self) -> tuple[int, int]:
        """The pixel to click."""
        x0, y0, x1, y1 = self.box
        return (x0 + x1) // 2, (y0 + y1) // 2


@dataclass(frozen=True)
class KeyboardRead:
    """The keyboard one frame shows, or why none was read.

    `alternatives` holds ENTER/BACK keys again with the other label when only their position
    told them apart (two icons): the caller may try the second reading if the first misfires.
    """

    found: bool
    keys: tuple[Key, ...]
    reasons: tuple[str, ...] = ()
    alternatives: tuple[Key, ...] = ()

    def key(self, label: str) -> Key | None:
        """The key with this label (in any case: "a", "Ä", "ß", "enter"), or None."""
        want = _label(label)
        return next((k for k in self.keys if k.label == want), None)

    def candidates(self, label: str) -> tuple[Key, ...]:
        """Every key that may be `label`: the best reading first, then the alternatives."""
        want = _label(label)
        return tuple(k for k in (*self.keys, *self.alternatives) if k.label == want)

    def marks(self) -> dict[str, str]:
        """Letter -> mark of every letter key read."""
        return {k.label: k.mark for k in self.keys if _is_letter(k.label)}


def _label(text: str) -> str:
    """A key label as keys carry it: capitals, but ß stays ß (its upper case is "SS")."""
    up = text.upper()
    return up if len(up) == 1 or up in ("ENTER", "BACK") else text


def _not_found(reason: str) -> KeyboardRead:
    """A read that found no keyboard, with the reason."""
    return KeyboardRead(False, (), (reason,))


def _is_letter(label: str) -> bool:
    """A letter key's label (not ENTER, BACK or '?')."""
    return len(label) == 1 and label.isalpha()


# --- where the keys are ------------------------------------------------------------------------


def search_area(frame_shape: tuple[int, ...], grid: Grid | None) -> tuple[int, int, int, int]:
    """The frame part the keyboard is looked for in first: below the board if it is known."""
    h, w = frame_shape[:2]
    if grid is None:
        return 0, 0, w, h
    bx0, _, bx1, by1 = grid.bbox()
    # Keyboards seen are at most twice the board's width and end within eight tile pitches
    # of it, even on tall phone screens a little further: ten pitches and three widths.
    pitch = grid.pitch_y
    cx, bw = (bx0 + bx1) / 2, bx1 - bx0
    x0, x1 = max(0, int(cx - 1.5 * bw)), min(w, int(cx + 1.5 * bw))
    y0 = max(0, min(h - 2 * MIN_KEY, int(by1)))
    return x0, y0, x1, min(h, int(by1 + 10 * pitch))


def search_scale(area: tuple[int, int, int, int], grid: Grid | None) -> float:
    """1/n downscale so keys keep >= ~24 px of height (OpenCV's fast integer path)."""
    if grid is not None and grid.tile > 0:  # keys are about as tall as tiles (0.8-1.0)
        return 1.0 / max(1, int(grid.tile // 26))
    return 1.0 / max(1, int(max(area[2] - area[0], area[3] - area[1]) // 1000))


def key_boxes(grey: np.ndarray, edge: float = EDGE) -> list[Box]:
    """Faces of key-like regions in a grey image: connected, edge-free, rectangular-ish.

    A key's outline (fill edge, border, bevel light or shadow) and its label are edges; the
    face in between is flat and closed, whatever its colour. The page background is flat too
    but touches the image border, and letter counters are too small.
    """
    grad = cv2.morphologyEx(grey, cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8))
    flat = (grad < edge).astype(np.uint8)
    n, _, stats, _ = cv2.connectedComponentsWithStats(flat, connectivity=4)
    if n <= 1:
        return []
    st = stats[1:].astype(np.int64)
    x, y, w, h, area = (st[:, i] for i in range(5))
    gh, gw = grey.shape
    ok = (
        (w >= MIN_KEY) & (h >= MIN_KEY) & (h <= 0.3 * max(gh, gw)) & (w <= 0.3 * gw)
        & (w >= 0.3 * h) & (w <= 4.0 * h)
        & (area >= 0.5 * w * h)  # labels take a bite out of the face, not half of it
        & (x > 0) & (y > 0) & (x + w < gw) & (y + h < gh)
    )
    # The gradient eats one pixel on each side of the face: give it back.
    return [(int(a) - 1, int(b) - 1, int(a + c) + 1, int(b + d) + 1)
            for a, b, c, d in zip(x[ok], y[ok], w[ok], h[ok], strict=True)]


def _drop_nested(boxes: list[Box]) -> list[Box]:
    """Boxes not inside a bigger box (a counter of a label inside its key's face)."""
    boxes = sorted(boxes, key=lambda b: (b[2] - b[0]) * (b[3] - b[1]), reverse=True)
    kept: list[Box] = []
    for b in boxes:
        if not any(k[0] <= b[0] and k[1] <= b[1] and b[2] <= k[2] and b[3] <= k[3] for k in kept):
            kept.append(b)
    return kept


def group_rows(boxes: list[Box]) -> list[list[Box]]:
    """Rows of same-height boxes on one line, each next to the last (left to right)."""
    rows: list[list[Box]] = []
    for b in sorted(boxes, key=lambda b: b[0]):
        h = b[3] - b[1]
        cy = (b[1] + b[3]) / 2
        for row in rows:
            last = row[-1]
            lh = last[3] - last[1]
            gap = b[0] - last[2]
            if (abs(h - lh) <= SAME_HEIGHT * lh and abs(cy - (last[1] + last[3]) / 2) <= 0.2 * lh
                    and -0.05 * lh <= gap <= 0.6 * lh):
                row.append(b)
                break
        else:
            rows.append([b])
    return sorted(rows, key=lambda r: r[0][1])


def _row_height(row: list[Box]) -> float:
    return statistics.median(b[3] - b[1] for b in row)


def _row_cy(row: list[Box]) -> float:
    return statistics.median((b[1] + b[3]) / 2 for b in row)


def _stacks(a: list[Box], b: list[Box], max_pitch: float) -> bool:
    """Row b sits right under row a: same key height, one row pitch down, overlapping in x."""
    ha, hb = _row_height(a), _row_height(b)
    pitch = _row_cy(b) - _row_cy(a)
    overlap = min(a[-1][2], b[-1][2]) - max(a[0][0], b[0][0])
    return (abs(ha - hb) <= 0.2 * ha and 0.9 * ha <= pitch <= max_pitch * ha
            and overlap > 0.5 * min(a[-1][2] - a[0][0], b[-1][2] - b[0][0]))


def _pitch_agrees(a: list[Box], b: list[Box], c: list[Box]) -> bool:
    """Rows a, b, c are evenly spaced (a keyboard's rows are; a board above it is not)."""
    p1, p2 = _row_cy(b) - _row_cy(a), _row_cy(c) - _row_cy(b)
    return abs(p1 - p2) <= 0.15 * max(p1, p2)


def pick_keyboard(rows: list[list[Box]]) -> list[list[Box]] | None:
    """The keyboard's rows, top to bottom: the biggest stack of rows of >= 3 keys with one row
    of >= 7, plus a row of one to three keys just above or below it (a separate ⌫ / ✓ pair)."""
    main = [r for r in rows if len(r) >= 3]
    best: list[list[Box]] | None = None
    for i, first in enumerate(main):
        stack = [first]
        for r in main[i + 1 :]:
            if _stacks(stack[-1], r, MAX_PITCH) and (
                    len(stack) < 2 or _pitch_agrees(stack[-2], stack[-1], r)):
                stack.append(r)
        if len(stack) < 2 or max(len(r) for r in stack) < 7:
            continue
        if best is None or sum(map(len, stack)) > sum(map(len, best)):
            best = stack
    if best is None:
        return None
    extras = [r for r in rows if 1 <= len(r) <= 3 and r not in best]
    x0, x1 = min(r[0][0] for r in best), max(r[-1][2] for r in best)
    for r in extras:
        inside = x0 - 2 <= r[0][0] and r[-1][2] <= x1 + 2
        if inside and _loosely_stacks(r, best[0]):
            best = [r, *best]
        elif inside and _loosely_stacks(best[-1], r):
            best = [*best, r]
    return best


def _loosely_stacks(a: list[Box], b: list[Box]) -> bool:
    """Row b is just under row a with keys of about the same height (a separate key pair)."""
    ha, hb = _row_height(a), _row_height(b)
    gap = min(x[1] for x in b) - max(x[3] for x in a)
    return abs(ha - hb) <= 0.3 * max(ha, hb) and -2 <= gap <= 0.8 * max(ha, hb)


# --- what the keys say -------------------------------------------------------------------------


KeyCache = dict[tuple, object]  # what read_keyboard may reuse from earlier frames
KEY_CACHE_MAX = 4096  # entries; a long session clears it rather than grow without end
# (text, score, kind: "letter" | "word" | "icon", shape: "back" | "enter" | "" (icon_shape))
LabelRead = tuple[str, float, str, str]


def key_faces(
    frame: np.ndarray, boxes: list[Box], wide: Collection[int] = ()
) -> tuple[list[np.ndarray], np.ndarray]:
    """Each key's label area (grey, resampled so keys are KEY_PX high) and face colour (RGB).

    `wide`: indices of keys wider than the others of their row (ENTER, BACK): their words
    are cut with room around them.

    The face colour is the median of a strip between the key's top edge and its label: the
    label never reaches it, and borders and rounded corners are inset away.
    """
    h, w = frame.shape[:2]
    x0 = max(0, min(b[0] for b in boxes))
    y0 = max(0, min(b[1] for b in boxes))
    x1 = min(w, max(b[2] for b in boxes))
    y1 = min(h, max(b[3] for b in boxes))
    region = frame[y0:y1, x0:x1]
    s = KEY_PX / max(1.0, statistics.median(b[3] - b[1] for b in boxes))
    grey = cv2.cvtColor(region, cv2.COLOR_RGB2GRAY)
    size = (max(1, round(grey.shape[1] * s)), max(1, round(grey.shape[0] * s)))
    # One resize for all keys: many small ones cost far more.
    view = cv2.resize(grey, size, interpolation=cv2.INTER_AREA if s < 1 else cv2.INTER_LINEAR)
    # Labels sit mid-key and are small in it: the middle band alone keeps an umlaut's dots
    # above the ink-size floor glyphs.extract_glyph sets relative to the crop. Keys of the
    # usual size are all cut alike (same shape: one vectorised ink measure for them all).
    mw = statistics.median(b[2] - b[0] for b in boxes)
    mh = statistics.median(b[3] - b[1] for b in boxes)
    usual_w, usual_h = round(mw * s), round(mh * s * (1 - 2 * LABEL_BAND))
    faces = sample_median(frame, boxes, FACE_POINTS)
    rings = cv2.cvtColor(faces[None], cv2.COLOR_RGB2GRAY)[0]
    tiles = []
    for i, b in enumerate(boxes):
        bx0, by0, bx1, by1 = b[0] - x0, b[1] - y0, b[2] - x0, b[3] - y0
        if abs(bx1 - bx0 - mw) <= 0.1 * mw and abs(by1 - by0 - mh) <= 0.1 * mh:
            tx = max(0, min(view.shape[1] - usual_w, round((bx0 + bx1) / 2 * s - usual_w / 2)))
            ty = max(0, min(view.shape[0] - usual_h, round((by0 + by1) / 2 * s - usual_h / 2)))
            tiles.append(view[ty : ty + usual_h, tx : tx + usual_w])
            continue
        # A wide key's word runs nearly edge to edge, where the glyph reader drops ink as
        # border remnants: trim the key's own edges, then widen it with its face colour.
        ty0, ty1 = round(by0 * s), round(by1 * s)
        band = round(LABEL_BAND * (ty1 - ty0))
        if i not in wide:
            tiles.append(view[ty0 + band : ty1 - band, round(bx0 * s) : round(bx1 * s)])
            continue
        trim = round(WORD_TRIM * (bx1 - bx0) * s)
        tile = view[ty0 + band : ty1 - band, round(bx0 * s) + trim : round(bx1 * s) - trim]
        pad = round(WORD_PAD * tile.shape[1])
        tiles.append(cv2.copyMakeBorder(tile, 0, 0, pad, pad, cv2.BORDER_CONSTANT,
                                        value=float(rings[i])) if tile.size else tile)
    return tiles, faces


def read_labels(
    tiles: list[np.ndarray],
    faces: np.ndarray,
    templates: glyphs.Templates,
    cache: KeyCache | None = None,
    ends: set[int] | None = None,
) -> list[LabelRead]:
    """What each key's label says: a letter, a word (read letter by letter) or an icon.

    The icon shape is measured only for the keys in `ends` (all if None): ENTER and BACK
    are at the rows' ends. With a `cache`, a key whose pixels are the same as in an earlier
    frame is not measured or matched again (the keyboard only changes when a row is scored).
    """
    rings = cv2.cvtColor(faces[None], cv2.COLOR_RGB2GRAY)[0].astype(float).tolist()
    if cache is not None and len(cache) > KEY_CACHE_MAX:
        cache.clear()
    digests: list[tuple] = [
        (hashlib.blake2b(t.tobytes(), digest_size=16).digest(), t.shape, ring)
        if cache is not None else ()
        for t, ring in zip(tiles, rings, strict=True)
    ]
    crops: list[np.ndarray | None] = [
        cache.get(("ink", d)) if cache is not None else None for d in digests  # type: ignore[misc]
    ]
    fresh = [i for i, d in enumerate(digests)
             if tiles[i].size and (cache is None or ("ink", d) not in cache)]
    # Same-size tiles share one vectorised ink measure (key_faces cuts letter keys alike).
    by_shape: dict[tuple[int, ...], list[int]] = {}
    for i in fresh:
        by_shape.setdefault(tiles[i].shape, []).append(i)
    for group in by_shape.values():
        got = glyphs.extract_glyphs([tiles[i] for i in group], [rings[i] for i in group])
        for i, crop in zip(group, got, strict=True):
            crops[i] = crop
            if cache is not None:
                cache["ink", digests[i]] = crop
    # One cap height for the keyboard's letters, as the board has one for its tiles.
    letters = [i for i, c in enumerate(crops)
               if c is not None and c.shape[1] < WORD_ASPECT * c.shape[0]]
    cap = glyphs.cap_height([crops[i] for i in letters])  # type: ignore[misc]
    want_shape = [ends is None or i in ends for i in range(len(tiles))]
    names = [("label", d, cap, id(templates), w) for d, w in zip(digests, want_shape, strict=True)]
    out: list[LabelRead | None] = [
        cache.get(n) if cache is not None else None for n in names  # type: ignore[misc]
    ]
    todo = [i for i in letters if out[i] is None]
    for i, (letter, score) in zip(
        todo, templates.read([crops[i] for i in todo], cap), strict=True  # type: ignore[misc]
    ):
        kind = "letter" if score >= ICON_SCORE else "icon"
        shape = icon_shape(crops[i]) if want_shape[i] else ""
        out[i] = (letter, score, kind, shape)
    for i, crop in enumerate(crops):
        if out[i] is not None:
            continue
        if crop is None:
            out[i] = ("", 0.0, "icon", "")
        else:
            word = read_word(crop, templates)
            letter = WORD_LETTERS.get(word)
            out[i] = (letter, 1.0, "letter", "") if letter else \
                (word, 0.0, "word", icon_shape(crop) if want_shape[i] else "")
    if cache is not None:
        for n, r in zip(names, out, strict=True):
            cache[n] = r
    return out  # type: ignore[return-value]


def split_word(crop: np.ndarray) -> list[np.ndarray]:
    """A word label's letters, left to right (columns without ink separate them)."""
    ink = crop > 0.5
    cols = ink.any(axis=0)
    pieces, start = [], None
    for i, on in enumerate([*cols.tolist(), False]):
        if on and start is None:
            start = i
        elif not on and start is not None:
            piece = crop[:, start:i]
            rows = np.flatnonzero((piece > 0.5).any(axis=1))
            pieces.append(piece[rows[0] : rows[-1] + 1])
            start = None
    return pieces


def read_word(crop: np.ndarray, templates: glyphs.Templates) -> str:
    """A word label (ENTER, BACK, SS) read letter by letter ('' if it has no letter shapes)."""
    letters = split_word(crop)
    if not 2 <= len(letters) <= 10:
        return ""
    cap = float(crop.shape[0])
    return "".join(letter for letter, _ in templates.read(letters, cap))


def word_role(word: str) -> str | None:
    """'ENTER', 'BACK' or a letter for a key's word, if it reads close to a known one."""
    if word in WORD_LETTERS:
        return WORD_LETTERS[word]
    for role, words in (("ENTER", ENTER_WORDS), ("BACK", BACK_WORDS)):
        if difflib.get_close_matches(word, words, n=1, cutoff=0.7):
            return role
    return None


def icon_shape(crop: np.ndarray | None) -> str:
    """'back' for ink drawn like ⌫, 'enter' for other ink, '' for none.

    Every BACK icon seen is a key cap with an X: an outline with an X island inside, an
    outline the X cuts in several holes, or a filled cap with an X-shaped hole. ENTER icons
    (⏎ ↵ ✓ ⇨) have no hole, or one plain one (an outlined arrow).
    """
    if crop is None:
        return ""
    ink = cv2.copyMakeBorder((crop > 0.5).astype(np.uint8), 2, 2, 2, 2, cv2.BORDER_CONSTANT, 0)
    contours, hierarchy = cv2.findContours(ink, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return ""
    min_area = 0.01 * ink.size  # specks of antialiasing are no holes
    holes = []
    for i, (_, _, _, parent) in enumerate(hierarchy[0]):
        area = cv2.contourArea(contours[i])
        if parent != -1 and area >= min_area:  # RETR_CCOMP: a contour with a parent is a hole
            holes.append((area, cv2.contourArea(cv2.convexHull(contours[i]))))
    if not holes:
        return "enter"
    islands = any(
        parent == -1 and _inside(contours[i], contours, hierarchy[0])
        for i, (_, _, _, parent) in enumerate(hierarchy[0])
    )
    if len(holes) >= 2 or islands or any(a < 0.7 * hull for a, hull in holes):
        return "back"
    return "enter"


def _inside(contour: np.ndarray, contours: Sequence[np.ndarray], hierarchy: np.ndarray) -> bool:
    """An outer contour lying inside some hole of another shape (the X inside ⌫'s outline)."""
    x, y = (float(v) for v in contour[0, 0])
    return any(
        parent != -1 and cv2.pointPolygonTest(contours[j], (x, y), False) > 0
        for j, (_, _, _, parent) in enumerate(hierarchy)
    )


# --- ENTER, BACK and the marks -----------------------------------------------------------------


def wide_keys(rows: list[list[Box]]) -> set[int]:
    """Indices (rows read in order) of keys wider than WIDE x their row's median key."""
    out, i = set(), 0
    for r in rows:
        mw = statistics.median(b[2] - b[0] for b in r)
        out |= {i + j for j, b in enumerate(r) if b[2] - b[0] > WIDE * mw}
        i += len(r)
    return out


def _special_keys(rows: list[list[Box]], labels: dict[Box, LabelRead]) -> list[Box]:
    """Keys that are no letter: wide keys at a row's ends, icons and words, short rows' keys."""
    widths = [b[2] - b[0] for r in rows for b in r if len(r) >= 5]
    letter_w = statistics.median(widths) if widths else 0
    special = []
    for r in rows:
        for i, b in enumerate(r):
            _, _, kind, _ = labels[b]
            at_end = i in (0, len(r) - 1)
            wide = (b[2] - b[0]) > WIDE * letter_w
            # An unreadable key mid-row is a letter we failed to read, not ENTER or BACK.
            if len(r) <= 3 or (at_end and (wide or kind in ("word", "icon"))):
                special.append(b)
    return special


def name_specials(
    specials: list[Box], labels: dict[Box, LabelRead]
) -> tuple[dict[Box, str], list[str], dict[Box, str]]:
    """ENTER / BACK for the special keys: by their word, else by position (ENTER left).

    Returns the names, reasons, and the other name of keys that only position named.
    """
    names: dict[Box, str] = {}
    for b in specials:
        text, _, kind, _ = labels[b]
        role = word_role(text) if kind == "word" else None
        if role is not None:
            names[b] = role
    known = set(names.values()) & {"ENTER", "BACK"}
    rest = sorted((b for b in specials if b not in names), key=lambda b: (b[0], b[1]))
    reasons: list[str] = []
    swapped: dict[Box, str] = {}
    if len(rest) == 1 and len(known) == 1:
        names[rest[0]] = "BACK" if "ENTER" in known else "ENTER"
    elif len(rest) == 1 and not known and labels[rest[0]][3]:
        names[rest[0]] = "BACK" if labels[rest[0]][3] == "back" else "ENTER"
        reasons.append(f"only {names[rest[0]]} seen (named by its icon)")
    elif len(rest) == 2 and [labels[b][3] for b in rest].count("back") == 1:
        # Two icons, one of them drawn like ⌫ (a hole, or an X inside one): that is BACK.
        back = next(b for b in rest if labels[b][3] == "back")
        for b in rest:
            names[b] = "BACK" if b == back else "ENTER"
    elif len(rest) == 2 and not known:
        # Two icons: most pages put ENTER on the left, but not all (⌫ ... ⏎, ⌫ ✓).
        names[rest[0]], names[rest[1]] = "ENTER", "BACK"
        swapped = {rest[0]: "BACK", rest[1]: "ENTER"}
        reasons.append("ENTER and BACK told apart by position only (ENTER taken as the left one)")
    elif rest:
        for b in rest:
            names[b] = "?"
        reasons.append(f"{len(rest)} special key(s) not named")
    return names, reasons, swapped


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


def _page_lab(frame: np.ndarray, rows: list[list[Box]]) -> np.ndarray:
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


# --- the whole read ----------------------------------------------------------------------------


def find_keyboard(frame: np.ndarray, grid: Grid | None = None) -> list[list[Box]] | None:
    """The keyboard's rows of key boxes (frame pixels), top to bottom; None if none is seen.

    With the board known, below it first (where every page seen puts it), then everywhere:
    if nothing was found there, or keys reach the edge of that area (there may be more).
    """
    area = search_area(frame.shape, grid)
    rows = _find_in(frame, grid, area)
    if grid is not None and (rows is None or _at_edge(rows, area, frame.shape)):
        everywhere = _find_in(frame, grid, search_area(frame.shape, None))
        if everywhere is not None and (rows is None or _count(everywhere) > _count(rows)):
            rows = everywhere
    return rows


def _at_edge(rows: list[list[Box]], area: tuple[int, int, int, int],
             shape: tuple[int, ...]) -> bool:
    """Keys come within a key of a side or the bottom of the search area (where it is not
    the frame's): a key cut by the area's edge is dropped, so its neighbour is that close."""
    x0, _, x1, y1 = area
    h, w = shape[:2]
    boxes = [b for r in rows for b in r]
    margin = 1.5 * max(statistics.median(b[2] - b[0] for b in boxes),
                       statistics.median(b[3] - b[1] for b in boxes))
    return ((x0 > 0 and min(b[0] for b in boxes) - x0 < margin)
            or (x1 < w and x1 - max(b[2] for b in boxes) < margin)
            or (y1 < h and y1 - max(b[3] for b in boxes) < margin))


def _find_in(
    frame: np.ndarray, grid: Grid | None, area: tuple[int, int, int, int]
) -> list[list[Box]] | None:
    """`find_keyboard` in one part of the frame: at the search scale, then a finer one if
    that shows less than a whole keyboard (keys much smaller than the board's tiles, or a
    label that fills its key, break apart when downscaled that far)."""
    ax0, ay0, ax1, ay1 = area
    s = search_scale((ax0, ay0, ax1, ay1), grid)
    best = None
    while True:
        rows = _find_at(frame, grid, area, s)
        if rows is not None and (best is None or _count(rows) > _count(best)):
            best = rows
        if s >= 1 or (best is not None and _count(best) >= FULL_KEYBOARD):
            return best
        s = 1.0 / (round(1 / s) - 1)


def _find_at(
    frame: np.ndarray, grid: Grid | None, area: tuple[int, int, int, int], s: float
) -> list[list[Box]] | None:
    """`find_keyboard` in one part of the frame downscaled by `s`, in each look in turn."""
    ax0, ay0, ax1, ay1 = area
    grey = cv2.cvtColor(frame[ay0:ay1, ax0:ax1], cv2.COLOR_RGB2GRAY)
    if s < 1:
        grey = cv2.resize(grey, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
    best = None
    for sigma, edge in LOOKS:
        seen = cv2.GaussianBlur(grey, (0, 0), sigma) if sigma else grey
        boxes = [(round(b[0] / s) + ax0, round(b[1] / s) + ay0, round(b[2] / s) + ax0,
                  round(b[3] / s) + ay0) for b in _drop_nested(key_boxes(seen, edge))]
        if grid is not None:
            bx0, by0, bx1, by1 = grid.bbox()
            boxes = [b for b in boxes
                     if b[2] <= bx0 or b[0] >= bx1 or b[3] <= by0 or b[1] >= by1]
        rows = pick_keyboard(group_rows(boxes))
        if rows is not None and (best is None or _count(rows) > _count(best)):
            best = rows
        if best is not None and _count(best) >= FULL_KEYBOARD:
            break
    return best


def _count(rows: list[list[Box]]) -> int:
    return sum(map(len, rows))


def read_keyboard(
    frame: np.ndarray,
    grid: Grid | None = None,
    *,
    palette: Palette | None = None,
    templates: glyphs.Templates | None = None,
    cache: KeyCache | None = None,
) -> KeyboardRead:
    """Read the on-screen keyboard of an HxWx3 uint8 RGB frame.

    `grid` is the board's Grid if known: the keyboard is then looked for below the board and
    the key colours are matched to its tiles' colours. `palette` is the board read's learned
    palette (`BoardRead.palette`): key colours then mean what the board's do (else a palette
    is learned from the tiles' colours alone). `cache` (a dict the caller keeps for the game)
    skips the ink measure of keys whose pixels did not change.
    """
    rows = find_keyboard(frame, grid)
    if rows is None:
        return _not_found("no rows of key-shaped faces")
    templates = templates or glyphs.load_templates()
    boxes = [b for r in rows for b in r]
    tiles, face_rgb = key_faces(frame, boxes, wide_keys(rows))
    ends = {i for i, b in enumerate(boxes) for r in rows if len(r) <= 3 or b in (r[0], r[-1])}
    labels = dict(zip(boxes, read_labels(tiles, face_rgb, templates, cache, ends), strict=True))
    specials = _special_keys(rows, labels)
    names, reasons, swapped = name_specials(specials, labels)
    page = _page_lab(frame, rows)
    faces = colour.rgb_to_lab(face_rgb)
    tiles = board_tile_colours(frame, grid) if grid is not None and palette is None else None
    marks = key_marks(list(faces), page, tiles, palette)
    keys, alternatives = [], []
    for b, mark in zip(boxes, marks, strict=True):
        if b in names:
            label, mark = names[b], "."
        else:
            text, _, kind, _ = labels[b]
            label = text if kind == "letter" and text != "?" else "?"
        keys.append(Key(label, b, mark))
        if b in swapped:
            alternatives.append(Key(swapped[b], b, "."))
    unread = sum(k.label == "?" for k in keys)
    if unread:
        reasons.append(f"{unread} key(s) unreadable")
    return KeyboardRead(True, tuple(keys), tuple(reasons), tuple(alternatives))


# --- the keys as a second witness --------------------------------------------------------------


def best_marks(rows: Sequence[tuple[str, str]]) -> dict[str, str]:
    """Letter -> best mark it got on the board (G over Y over X), from rows in labels format."""
    best: dict[str, str] = {}
    for letters, marks in rows:
        it = iter(letters)
        for m in marks:
            if m == ".":
                continue
            letter = next(it, "?")
            if m in MARK_RANK and letter != "?" and \
                    MARK_RANK[m] > MARK_RANK.get(best.get(letter, ""), 0):
                best[letter] = m
    return best


def mark_conflicts(keys: Sequence[Key], rows: Sequence[tuple[str, str]]) -> list[str]:
    """Where the keyboard's colours disagree with the board's rows (labels format).

    A key shows the best mark its letter got on the board; an unused key is a letter the
    board never scored. Keys or rows that could not be read ('?') are no evidence.
    """
    best = best_marks(rows)
    conflicts = []
    for k in keys:
        if not _is_letter(k.label) or k.mark not in (".", *MARK_RANK):
            continue
        want = best.get(k.label, ".")
        if k.mark != want:
            conflicts.append(f"key {k.label} shows {k.mark}, the board {want}")
    return conflicts


__all__ = ["Key", "KeyboardRead", "best_marks", "mark_conflicts", "read_keyboard"]
