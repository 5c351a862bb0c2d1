"""A Jotto page laid out as a list: each guess a line of text with its count beside it.

No tiles here: the lines are found from the pixels. The page's background is the frame's most
common colour; ink is what differs from it; connected pieces of ink are glyphs (an i's dot joins
its stem), or filled shapes (a count's badge, a button) whose own colour is then the background
of the glyphs inside them, or outlines (a text box). Glyphs on one band of height make a line;
gaps wider than a letter split it into tokens. A list line is a token of as many letters as the
word has (two touching letters are cut apart), followed on its right by its count: the next
token when it is one glyph, else a sure digit further on ("score: 3", "(3)"). Lines are kept
in the largest group of different words aligned on one left edge (a list). Letters
and digits are matched against the project's harvested templates, glyphs rendered from the fonts
installed here (what a browser falls back to) and glyphs learned from words the bot typed itself
(`TextReader.learn`). A character below the match threshold, or a near tie between two letters,
reads '?': unsure, never guessed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from autobot.vision import glyphs

INK = 48  # max-channel difference from the background that counts as ink (antialiasing aside)
TIE = 0.01  # two different letters scoring this close (second look): the character is unsure
# List text is matched against glyphs of its own kind (no board, no tile): a right match scores
# 0.958-1.0 on the pages measured, a look-alike learned from one word (e for o) up to 0.91;
# below this the character is reported unsure, not guessed.
SURE = 0.93
MIN_GLYPH, MAX_GLYPH = 7, 160  # glyph heights (frame px) of list text at 1x .. 2x and more
FONT_DIRS = (Path("/usr/share/fonts"), Path("/usr/local/share/fonts"), Path.home() / ".fonts")
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
DIGITS = "0123456789"

Box = tuple[int, int, int, int]  # x0, y0, x1, y1 (frame px, end exclusive)


@dataclass(frozen=True)
class Glyph:
    """One character's ink: its box in the frame and its crop (0..1, ink high)."""

    box: Box
    crop: np.ndarray
    # A solid piece with glyphs inside it: a small badge around a digit, or a bold letter with
    # a dotted counter (a 0). Words read the piece itself; a count tries both.
    inner: tuple[Glyph, ...] = ()

    @property
    def height(self) -> int:
        return self.box[3] - self.box[1]

    @property
    def width(self) -> int:
        return self.box[2] - self.box[0]


@dataclass(frozen=True)
class ListLine:
    """One guess of the list: its word as read ('?' where unsure) and its count (None: unsure)."""

    word: str
    count: int | None
    box: Box  # the word's box
    count_box: Box
    glyphs: tuple[Glyph, ...] = field(repr=False, compare=False, default=())

    @property
    def sure(self) -> bool:
        """Every letter and the count read with confidence."""
        return "?" not in self.word and self.count is not None

    def to_json(self) -> dict[str, object]:
        """{word, count, box} (the word lowercase, '?' where unsure; count null when unsure)."""
        return {"word": self.word, "count": self.count, "box": list(self.box),
                "count_box": list(self.count_box)}


@dataclass(frozen=True)
class ListRead:
    """What a frame shows of a Jotto list: its lines top to bottom and the text box, if any."""

    lines: tuple[ListLine, ...]
    field: Box | None  # an outlined text box (to click before typing), None if none seen
    tokens: tuple[tuple[Glyph, ...], ...] = dataclasses.field(repr=False, default=())

    @property
    def found(self) -> bool:
        return bool(self.lines) or self.field is not None

    def to_json(self) -> dict[str, object]:
        return {"found": self.found, "layout": "list",
                "lines": [line.to_json() for line in self.lines],
                "field": list(self.field) if self.field else None}


# --- templates ------------------------------------------------------------------------------


def _glyph_crop(mask: np.ndarray) -> np.ndarray | None:
    """A binary glyph image cropped to its ink (0..1 float)."""
    ys, xs = np.nonzero(mask)
    if ys.size == 0:
        return None
    return mask[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1].astype(np.float32)


def font_files() -> list[Path]:
    """Upright TrueType/OpenType fonts installed here (a page's text falls back to these when
    its own fonts are not available)."""
    out: list[Path] = []
    for d in FONT_DIRS:
        if d.is_dir():
            out.extend(p for p in sorted(d.rglob("*")) if p.suffix.lower() in (".ttf", ".otf"))
    skip = ("italic", "oblique", "math", "symbol", "emoji")
    named = [p for p in out if not any(s in p.stem.lower() for s in skip)]
    # Names do not say everything (URW's "C059-BdIta" is italic, "D050000L" is dingbats):
    # a font is kept only when it draws an upright Latin letter.
    return [p for p in named if draws_upright_latin(p)]


def draws_upright_latin(path: Path, size: int = 64) -> bool:
    """Does this font draw "l" as a letter would be: a tall, thin, upright stroke? (A dingbat
    or symbol font draws a shape there; an italic or script one leans.)"""
    from PIL import Image, ImageDraw, ImageFont

    try:
        font = ImageFont.truetype(str(path), size)
    except OSError:
        return False
    img = Image.new("L", (size * 2, size * 2), 0)
    ImageDraw.Draw(img).text((size // 2, size // 4), "l", fill=255, font=font)
    ink = np.asarray(img) > 127
    rows = np.flatnonzero(ink.any(axis=1))
    if rows.size < size // 3:
        return False
    # The stem: the middle half of the letter's height (serifs and a mono "l"'s foot left out).
    middle = range(rows[0] + rows.size // 4, rows[-1] - rows.size // 4 + 1)
    widths, centres = [], []
    for y in middle:
        xs = np.flatnonzero(ink[y])
        widths.append(xs.size)
        centres.append(xs.mean() if xs.size else np.nan)
    if not widths or 3 * float(np.median(widths)) > rows.size:
        return False  # a round or wide shape, not a stroke
    lean = abs(np.nanmean(centres[: len(centres) // 4]) - np.nanmean(centres[-len(centres) // 4:]))
    return bool(lean <= 0.04 * rows.size)  # leaning more than ~5 degrees over the middle: italic


RENDER_SIZES = (64,)  # px: outlines (a second, small size made I tie with look-alikes)


def render_font_glyphs(chars: str, fonts: Sequence[Path],
                       sizes: Sequence[int] = RENDER_SIZES) -> list[tuple[str, np.ndarray]]:
    """Each character of `chars` in each font, as normalised glyphs (char, GLYPH x GLYPH)."""
    from PIL import Image, ImageDraw, ImageFont

    out: list[tuple[str, np.ndarray]] = []
    for path, size in ((p, s) for p in fonts for s in sizes):
        try:
            font = ImageFont.truetype(str(path), size)
        except OSError:
            continue
        for ch in chars:
            img = Image.new("L", (size * 2, size * 2), 0)
            ImageDraw.Draw(img).text((size // 2, size // 4), ch, fill=255, font=font)
            crop = _glyph_crop(np.asarray(img) > 127)
            if crop is None or crop.shape[0] < max(2, size // 8):
                continue
            out.append((ch, glyphs.normalise(crop)))
    return out


def templates_from(pairs: Sequence[tuple[str, np.ndarray]]) -> glyphs.Templates:
    """A `glyphs.Templates` from normalised glyph images (what `load_templates` builds)."""
    return glyphs._build([c for c, _ in pairs], [np.asarray(g, np.float32) for _, g in pairs])


_FONT_CACHE: dict[str, list[tuple[str, np.ndarray]]] = {}


def _font_pairs(chars: str) -> list[tuple[str, np.ndarray]]:
    if chars not in _FONT_CACHE:
        _FONT_CACHE[chars] = render_font_glyphs(chars, font_files())
    return _FONT_CACHE[chars]


def _own_box(directory: Path) -> list[tuple[str, np.ndarray]]:
    """A harvested template folder's glyphs, renormalised by their own box (list text has no
    board whose cap height would scale them)."""
    t = glyphs.load_templates(directory)
    out = []
    for ch, ink in zip(t.letters, t.ink, strict=True):
        crop = _glyph_crop(ink > 0)
        if crop is not None:
            out.append((ch, glyphs.normalise(crop)))
    return out


# --- segmentation ---------------------------------------------------------------------------


def background(frame: np.ndarray) -> np.ndarray:
    """The frame's most common colour (quantised to 8 levels a channel, then averaged)."""
    small = frame[::4, ::4].reshape(-1, 3)
    q = (small >> 3).astype(np.int32)
    key = (q[:, 0] << 10) | (q[:, 1] << 5) | q[:, 2]
    top = np.bincount(key).argmax()
    return small[key == top].mean(axis=0)


def _distance(frame: np.ndarray, colour: np.ndarray) -> np.ndarray:
    """Max-channel |frame - colour| (uint8)."""
    fill = np.empty_like(frame)
    fill[:] = np.clip(np.round(colour), 0, 255).astype(np.uint8)
    d = cv2.absdiff(frame, fill)
    return cv2.max(cv2.max(d[..., 0], d[..., 1]), d[..., 2])


def _pieces(frame: np.ndarray, dist: np.ndarray, region: np.ndarray | None, offset: tuple[int, int],
            depth: int, out: list[Glyph], fields: list[Box]) -> None:
    """Glyphs (and outlined boxes) in `dist` (distance from the local background), recursing
    into filled shapes with their own colour as the background."""
    ink = dist > INK
    if region is not None:
        ink &= region
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    ox, oy = offset
    for i in range(1, n):
        x, y, w, h, area = (int(v) for v in stats[i])
        if area < 3 or h > 8 * MAX_GLYPH:
            continue
        fill = area / float(w * h)
        glyph_like = h <= MAX_GLYPH and w <= 2.2 * h + 4 and (
            fill < 0.72 or w < 0.4 * h or h < 2 * MIN_GLYPH)
        comp = (labels[y : y + h, x : x + w] == i).astype(np.uint8)
        if h >= 2 * MIN_GLYPH and depth < 2 and (fill >= 0.5 if not glyph_like else _solid(comp)):
            # A filled shape (badge, button, panel): what is inside differs from its colour.
            # A solid letter (a bold a or B) is one too, but only its counters are inside.
            inner: list[Glyph] = []
            _inside(frame, comp, (x, y), (ox, oy), depth, inner, fields)
            if not glyph_like:
                out.extend(inner)
                continue
            inner = [g for g in inner if _stroked(g) and g.height >= 0.3 * h]
        else:
            inner = []
        if glyph_like:
            crop = np.where(comp > 0, dist[y : y + h, x : x + w], 0).astype(np.float32)
            top = float(np.percentile(crop[comp > 0], 90))
            out.append(Glyph((x + ox, y + oy, x + w + ox, y + h + oy),
                             np.clip(crop / max(top, 1.0), 0, 1), tuple(inner)))
        elif fill < 0.25 and w >= 3 * h and h >= 2 * MIN_GLYPH and _outline(comp):
            fields.append((x + ox, y + oy, x + w + ox, y + h + oy))


def _solid(comp: np.ndarray) -> bool:
    """Does the piece fill most of its convex hull (a badge with a digit cut out of it)?"""
    pts = cv2.findNonZero(comp)
    hull = cv2.convexHull(pts)
    area = cv2.contourArea(hull) + cv2.arcLength(hull, True) / 2 + 1
    return float(comp.sum()) / area >= 0.75


def _stroked(g: Glyph) -> bool:
    """A glyph made of strokes (not a solid counter of a letter)."""
    fill = float((g.crop > 0.5).mean())
    return fill < 0.72 or g.width < 0.4 * g.height


def _inside(frame: np.ndarray, comp: np.ndarray, at: tuple[int, int], offset: tuple[int, int],
            depth: int, out: list[Glyph], fields: list[Box]) -> None:
    """The pieces inside a filled shape, against the shape's own colour."""
    x, y = at
    h, w = comp.shape
    filled = comp.copy()
    contours, _ = cv2.findContours(comp, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    cv2.drawContours(filled, contours, -1, 1, thickness=cv2.FILLED)
    # Padded first: erosion treats what lies past the crop's edge as set, and the shape fills
    # its crop, so its antialiased rim would stay in.
    padded = cv2.copyMakeBorder(filled, 3, 3, 3, 3, cv2.BORDER_CONSTANT, value=0)
    inner = cv2.erode(padded, np.ones((5, 5), np.uint8))[3:-3, 3:-3].astype(bool)
    sub = frame[y : y + h, x : x + w]
    colour = np.median(sub[comp.astype(bool)], axis=0)
    _pieces(sub, _distance(sub, colour), inner, (x + offset[0], y + offset[1]), depth + 1, out,
            fields)


def _outline(comp: np.ndarray) -> bool:
    """Is this piece a rectangle's outline (ink along all four sides, none in the middle)?"""
    h, w = comp.shape
    t = max(2, h // 6)
    sides = [comp[:t].any(axis=0).mean(), comp[-t:].any(axis=0).mean(),
             comp[:, :t].any(axis=1).mean(), comp[:, -t:].any(axis=1).mean()]
    return min(sides) > 0.8 and comp[t:-t, t:-t].mean() < 0.05


def _merge_dots(pieces: list[Glyph]) -> list[Glyph]:
    """An i's or j's dot (a small piece right above a taller one) joins it."""
    if not pieces:
        return []
    boxes = np.array([g.box for g in pieces], dtype=np.int32)
    h = boxes[:, 3] - boxes[:, 1]
    w = boxes[:, 2] - boxes[:, 0]
    taken = np.zeros(len(pieces), bool)
    out: list[Glyph] = []
    # Dots first, smallest first: a dot is small beside its stem and about as wide as high.
    for i in np.argsort(h, kind="stable"):
        if taken[i]:
            continue
        cx = (boxes[i, 0] + boxes[i, 2]) / 2
        gap = boxes[:, 1] - boxes[i, 3]
        fits = ((~taken) & (h[i] >= 0.08 * h) & (h[i] <= 0.45 * h) & (w[i] <= 1.6 * h[i] + 1)
                & (boxes[:, 0] - 1 <= cx) & (cx <= boxes[:, 2] + 1) & (gap >= -1)
                & (gap <= 0.45 * h))
        fits[i] = False
        if fits.any():
            j = int(np.flatnonzero(fits)[np.argmax(h[fits])])  # the tallest stem under it
            taken[j] = True
            out.append(_join(pieces[i], pieces[j]))
        else:
            out.append(pieces[i])
        taken[i] = True
    return out


def _join(a: Glyph, b: Glyph) -> Glyph:
    x0, y0 = min(a.box[0], b.box[0]), min(a.box[1], b.box[1])
    x1, y1 = max(a.box[2], b.box[2]), max(a.box[3], b.box[3])
    crop = np.zeros((y1 - y0, x1 - x0), np.float32)
    for g in (a, b):
        gx, gy = g.box[0] - x0, g.box[1] - y0
        crop[gy : gy + g.height, gx : gx + g.width] = np.maximum(
            crop[gy : gy + g.height, gx : gx + g.width], g.crop)
    return Glyph((x0, y0, x1, y1), crop, a.inner + b.inner)


def find_glyphs(frame: np.ndarray) -> tuple[list[Glyph], list[Box]]:
    """Every glyph-sized piece of ink in the frame (dots merged) and the outlined boxes."""
    frame = np.ascontiguousarray(frame[..., :3])
    out: list[Glyph] = []
    fields: list[Box] = []
    _pieces(frame, _distance(frame, background(frame)), None, (0, 0), 0, out, fields)
    return [g for g in _merge_dots(out) if g.height >= MIN_GLYPH], fields


def tokens(found: Sequence[Glyph]) -> list[list[Glyph]]:
    """Glyphs grouped into runs: one band of height, gaps under ~a letter's height."""
    bands: list[list[Glyph]] = []
    for g in sorted(found, key=lambda g: (g.box[0], g.box[1])):
        for band in bands:
            last = band[-1]
            top, bottom = max(g.box[1], last.box[1]), min(g.box[3], last.box[3])
            overlap = (bottom - top) / max(1, min(g.height, last.height))
            ratio = g.height / max(1, last.height)
            gap = g.box[0] - last.box[2]
            if overlap >= 0.6 and 0.45 <= ratio <= 2.2 and gap <= 0.9 * max(
                    g.height, last.height) and gap >= -2:
                band.append(g)
                break
        else:
            bands.append([g])
    return bands


def _same_line(a: Sequence[Glyph], b: Sequence[Glyph]) -> bool:
    """Do two runs sit on one line (vertical centres within half a glyph height)?"""
    ca = (min(g.box[1] for g in a) + max(g.box[3] for g in a)) / 2
    cb = (min(g.box[1] for g in b) + max(g.box[3] for g in b)) / 2
    h = max(max(g.height for g in a), max(g.height for g in b))
    return abs(ca - cb) <= 0.5 * h


def _box(run: Sequence[Glyph]) -> Box:
    return (min(g.box[0] for g in run), min(g.box[1] for g in run),
            max(g.box[2] for g in run), max(g.box[3] for g in run))


# --- reading --------------------------------------------------------------------------------


@dataclass
class TextReader:
    """Reads letters and digits of list text; learns the page's glyphs from words it typed."""

    learned: list[tuple[str, np.ndarray]] = field(default_factory=list)
    builtin: bool = True  # False: letters only from glyphs learned here (a font nobody knows)
    _sets: dict[str, glyphs.Templates] = field(default_factory=dict, repr=False)
    _memo: dict[tuple[object, ...], Any] = field(default_factory=dict, repr=False)

    def _templates(self, kind: str) -> glyphs.Templates:
        if kind not in self._sets:
            own = [p for p in self.learned if (p[0] in DIGITS) == (kind == "digit")]
            if not self.builtin and kind != "digit":
                if not own:
                    return templates_from([("?", np.zeros((glyphs.GLYPH, glyphs.GLYPH),
                                                          np.float32))])
                self._sets[kind] = templates_from(own)
                return self._sets[kind]
            self._sets[kind] = templates_from(_builtin_pairs(kind) + own) if own else (
                _builtin(kind))
        return self._sets[kind]

    def learn(self, run: Sequence[Glyph], word: str) -> None:
        """The bot typed `word` and the page shows `run`: keep its glyphs as this page's."""
        if len(run) != len(word):
            return
        for g, ch in zip(run, word.upper(), strict=True):
            self.learned.append((ch, glyphs.normalise(g.crop)))
        self._sets.clear()

    def read_letters(self, run: Sequence[Glyph]) -> tuple[str, list[float]]:
        """The word of a run (lowercase, '?' where unsure) and each letter's score: the case
        (upper or lower templates) is chosen for the run as a whole. The same pixels are not
        matched again (a game reads its settled lines in every frame)."""
        key = ("letters", len(self.learned), *(_key(g) for g in run))
        if key not in self._memo:
            self._memo[key] = self._read_letters(run)
        return self._memo[key]

    def _read_letters(self, run: Sequence[Glyph]) -> tuple[str, list[float]]:
        norm = [glyphs.normalise(g.crop) for g in run]
        best: tuple[float, str, list[float]] | None = None
        for kind in ("upper", "lower"):
            t = self._templates(kind)
            got = _match_sure(t, norm)
            total = sum(s for _, s in got)
            if best is None or total > best[0]:
                best = (total, "".join(c for c, _ in got).lower(), [s for _, s in got])
        assert best is not None
        return best[1], best[2]

    def read_digit(self, g: Glyph) -> int | None:
        """The digit of one glyph, or None when it is not surely one."""
        key = ("digit", len(self.learned), _key(g), *(_key(i) for i in g.inner))
        if key not in self._memo:
            self._memo[key] = self._read_digit(g)
        return self._memo[key]

    def _read_digit(self, g: Glyph) -> int | None:
        for one in (*g.inner, g):  # a badge's digit first: the badge itself is no digit
            ch, _ = _match_sure(self._templates("digit"), [glyphs.normalise(one.crop)])[0]
            if ch in DIGITS:
                return int(ch)
        return None


def _builtin_pairs(kind: str) -> list[tuple[str, np.ndarray]]:
    """The glyphs every page starts with: harvested templates and the installed fonts'."""
    if kind == "upper":
        pairs = _font_pairs(LETTERS) + _own_box(glyphs.DEFAULT_DIR)
        return [(c, g) for c, g in pairs if c in LETTERS]
    if kind == "lower":
        return [(c.upper(), g) for c, g in _font_pairs(LETTERS.lower())]
    return _font_pairs(DIGITS) + _own_box(glyphs.DEFAULT_DIR.parent / "digits")


_BUILTIN: dict[str, glyphs.Templates] = {}


def _builtin(kind: str) -> glyphs.Templates:
    """`_builtin_pairs` as templates, built once per process."""
    if kind not in _BUILTIN:
        _BUILTIN[kind] = templates_from(_builtin_pairs(kind))
    return _BUILTIN[kind]


def _key(g: Glyph) -> tuple[tuple[int, ...], bytes]:
    """A glyph's pixels as a dictionary key."""
    return g.crop.shape, g.crop.tobytes()


def _match_sure(t: glyphs.Templates, norm: list[np.ndarray]) -> list[tuple[str, float]]:
    """Templates.match, with a near tie between two different characters made '?'. The tie
    is judged on the shift-tolerant second look when one was taken: with a template per
    installed font, some font's other letter always comes close on the coarse look alone."""
    result = []
    for ch, s, rival in t.match_with_rival(norm):
        if ch != "?" and (s < SURE or s - rival < TIE):
            ch = "?"
        result.append((ch, s))
    return result


def split_merged(run: list[Glyph], length: int) -> list[Glyph]:
    """Touching letters (one piece, twice as wide as the others) cut at their thinnest column,
    until the run has `length` glyphs or nothing is wide enough."""
    run = list(run)
    while 0 < len(run) < length:
        widths = [g.width for g in run]
        i = int(np.argmax(widths))
        typical = float(np.median([float(w) for j, w in enumerate(widths) if j != i]
                                  or [widths[i] / 2]))
        if run[i].width < 1.5 * typical:
            break
        parts = _split_at(run[i])
        if parts is None:
            break
        run[i : i + 1] = parts
    return run


def _split_at(g: Glyph) -> list[Glyph] | None:
    """Two touching letters cut at the column with the least ink in the middle half."""
    cols = (g.crop > 0.5).sum(axis=0)
    lo, hi = max(1, g.width // 4), min(g.width - 1, (3 * g.width + 3) // 4)
    if hi <= lo:
        return None
    cut = lo + int(np.argmin(cols[lo:hi]))
    parts = []
    for a, b in ((0, cut), (cut, g.width)):
        piece = g.crop[:, a:b]
        rows = np.nonzero(piece.max(axis=1) > 0.5)[0]
        if rows.size == 0:
            return None
        parts.append(Glyph((g.box[0] + a, g.box[1] + int(rows[0]), g.box[0] + b,
                            g.box[1] + int(rows[-1]) + 1), piece[rows[0] : rows[-1] + 1]))
    return parts


def _best_split(run: Sequence[Glyph], length: int, reader: TextReader) -> list[Glyph] | None:
    """A run one glyph short of the word: two letters touch. The widest glyph cut in two when
    it is clearly wider than the rest, else the cut that reads best."""
    wide = split_merged(list(run), length)
    if len(wide) == length:
        return wide
    best: tuple[float, list[Glyph]] | None = None
    for i, g in enumerate(run):
        parts = _split_at(g) if g.width >= 0.5 * g.height else None
        if parts is None:
            continue
        cand = [*run[:i], *parts, *run[i + 1 :]]
        _, scores = reader.read_letters(cand)
        score = min(scores[i], scores[i + 1])
        if best is None or score > best[0]:
            best = (score, cand)
    return best[1] if best is not None else None


def read_list(frame: np.ndarray, length: int = 5, reader: TextReader | None = None) -> ListRead:
    """The Jotto list in a frame: lines of `length` letters with a count on their right."""
    reader = reader or TextReader()
    found, fields = find_glyphs(frame)
    runs = tokens(found)
    lines: list[ListLine] = []
    for first in runs:
        if not (length - 1 <= len(first) <= length):
            continue
        heights = [g.height for g in first]
        if max(heights) > 2.2 * min(heights):
            continue
        found_count = _count_right_of(first, runs, reader)
        if found_count is None:
            continue
        glyph, count = found_count
        run = first if len(first) == length else _best_split(first, length, reader)
        if run is None:
            continue
        word, _ = reader.read_letters(run)
        if sum(c == "?" for c in word) > length // 2 and count is None:
            continue  # not letters (an icon row, a rule)
        lines.append(ListLine(word, count, _box(run), glyph.box, tuple(run)))
    lines = _aligned(lines)
    field_box = max(fields, key=lambda b: b[2] - b[0]) if fields else None
    return ListRead(tuple(lines), field_box, tuple(tuple(r) for r in runs))


def _aligned(lines: list[ListLine]) -> list[ListLine]:
    """The list's lines: the largest group of different words that start at one x (a list is
    aligned; a heading with an icon beside it is not), top to bottom."""
    groups: list[list[ListLine]] = []
    for line in sorted(lines, key=lambda ln: ln.box[1]):
        h = line.box[3] - line.box[1]
        for group in groups:
            if abs(group[0].box[0] - line.box[0]) <= max(3, h // 2):
                group.append(line)
                break
        else:
            groups.append([line])
    if not groups:
        return []
    # Guesses differ from line to line; a label repeated on every line ("score: 3") does not.
    return max(groups, key=lambda g: (len({ln.word for ln in g}), len(g),
                                      sum(ln.sure for ln in g), -g[0].box[1]))


def _count_right_of(run: Sequence[Glyph], runs: Sequence[Sequence[Glyph]],
                    reader: TextReader) -> tuple[Glyph, int | None] | None:
    """The count of a word's line: the nearest run right of it when that is one glyph (its
    digit, or None when unsure); past other words ("score: 3") only a glyph surely a digit."""
    x1 = _box(run)[2]
    h = max(g.height for g in run)
    right = sorted((other for other in runs if other is not run and _same_line(run, other)
                    and 0 < _box(other)[0] - x1 <= 30 * h), key=lambda o: _box(o)[0])
    for k, other in enumerate(right):
        if len(other) == 1 and any(0.5 * h <= g.height <= 1.6 * h
                                   for g in (other[0], *other[0].inner)):
            digit = reader.read_digit(other[0])
            if k == 0 or digit is not None:
                return other[0], digit
        elif 1 < len(other) <= 3:
            # "(3)", "[3]", ":3": one sure digit among thin marks.
            reads = [reader.read_digit(g) for g in other]
            digits = [i for i, d in enumerate(reads) if d is not None]
            if len(digits) == 1 and all(g.width < 0.5 * g.height for i, g in enumerate(other)
                                        if i != digits[0]):
                return other[digits[0]], reads[digits[0]]
    return None


def caret_between(a: np.ndarray, b: np.ndarray) -> Box | None:
    """Where a text caret blinked between two frames of a still page: the only change is a thin
    upright bar (a focused text field, ready for keys); None if anything else changed."""
    if a.shape != b.shape:
        return None
    diff = cv2.absdiff(a[..., :3], b[..., :3]).max(axis=2) > INK
    pts = cv2.findNonZero(diff.astype(np.uint8))
    if pts is None:
        return None
    x, y, w, h = cv2.boundingRect(pts)
    scale = max(1.0, a.shape[1] / 1600)  # a HiDPI frame draws a wider caret
    if w <= 3 * scale and MIN_GLYPH <= h <= MAX_GLYPH and h >= 4 * w:
        return (x, y, x + w, y + h)
    return None


__all__ = ["Glyph", "ListLine", "ListRead", "TextReader", "caret_between", "find_glyphs",
           "read_list", "tokens"]
