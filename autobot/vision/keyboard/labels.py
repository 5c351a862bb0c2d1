"""What the keys say: a letter (the board's glyph templates), a word read letter by letter, or an
icon; and which keys are ENTER and BACK (by their word, their icon, else their place)."""

from __future__ import annotations

import difflib
import hashlib
import statistics
from collections.abc import Collection, Sequence

import cv2
import numpy as np

from autobot.vision import glyphs
from autobot.vision.keyboard.keys import Box
from autobot.vision.keyboard.layout import WIDE
from autobot.vision.keyboard.marks import FACE_POINTS, sample_median

KEY_PX = 96  # key height the labels are read at (the board reads 96 px tiles)
LABEL_BAND = 0.2  # of the key height, cut off above and below the label before reading it
WORD_TRIM = 0.06  # of a wide key's width: its border and shadow, cut before its word is read
WORD_PAD = 0.25  # of the rest, added on both sides in the face colour
WORD_ASPECT = 1.5  # a label this much wider than tall is a word (ENTER, BACK, SS), not a letter
ICON_SCORE = 0.55  # a label read below this is an icon (⌫ ⏎ ⇨ ✓), not a letter
ENTER_WORDS = ("ENTER", "ENVIAR", "ENTRER", "ENTRAR", "INVIO", "SUBMIT", "SEND", "GO", "OK")
BACK_WORDS = ("BACK", "DEL", "DELETE", "BKSP", "BACKSPACE", "BORRAR", "APAGAR", "EFFACER")
WORD_LETTERS = {"SS": "ß"}  # a key labelled with a word that stands for one letter

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
            named = WORD_LETTERS.get(word)
            out[i] = (named, 1.0, "letter", "") if named else \
                (word, 0.0, "word", icon_shape(crop) if want_shape[i] else "")
    if cache is not None:
        for n, r in zip(names, out, strict=True):
            cache[n] = r
    return out  # type: ignore[return-value]


def split_word(crop: np.ndarray) -> list[np.ndarray]:
    """A word label's letters, left to right (columns without ink separate them)."""
    ink = crop > 0.5
    cols = np.asarray(ink.any(axis=0))
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
    ink = cv2.copyMakeBorder((crop > 0.5).astype(np.uint8), 2, 2, 2, 2, cv2.BORDER_CONSTANT,
                             value=0)
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



def special_keys(rows: list[list[Box]], labels: dict[Box, LabelRead]) -> list[Box]:
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
