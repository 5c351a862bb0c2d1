"""Tile letters by normalised template matching against glyphs harvested from our own page."""

from __future__ import annotations

import functools
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from autobot.errors import BadInput
from autobot.kernels.glyph_match import kth_largest_diff

GLYPH = 40  # normalised glyph canvas (px)
CAP = 24  # the board's capital height inside the canvas: Q's tail and umlaut dots stick out
# Below this normalised correlation the tile's letter is reported as '?'.
MIN_SCORE = 0.35


def _default_dir() -> Path:
    """templates/default: inside an installed wheel (autobot/templates), else the checkout's top
    level (an editable install or the source tree)."""
    here = Path(__file__).resolve()
    installed = here.parents[1] / "templates" / "default"
    return installed if installed.is_dir() else here.parents[2] / "templates" / "default"


DEFAULT_DIR = _default_dir()


def extract_glyph(tile: np.ndarray, ring_grey: float) -> np.ndarray | None:
    """The letter of a tile (grey crop, any size) cropped to its ink (0..1, ink high), or None."""
    return extract_glyphs([tile], [ring_grey])[0]


def _inner(tile: np.ndarray) -> np.ndarray:
    """A tile without its outer tenth on each side (border, neighbours' edges)."""
    h, w = tile.shape[:2]
    inset_y, inset_x = max(1, round(0.1 * h)), max(1, round(0.1 * w))
    return tile[inset_y : h - inset_y, inset_x : w - inset_x]


def extract_glyphs(tiles: list[np.ndarray], rings: list[float]) -> list[np.ndarray | None]:
    """`extract_glyph` for many tiles; same-size tiles share one vectorised ink measure."""
    if not tiles:
        return []
    inner = [_inner(t) for t in tiles]
    if len({i.shape for i in inner}) == 1 and inner[0].size and inner[0].dtype == np.uint8:
        stack = np.stack(inner)
        levels = np.asarray(rings, np.float32)
        diffs = np.abs(stack.astype(np.float32) - levels[:, None, None])
        k = max(1, diffs[0].size // 200)  # the 99.5th percentile
        return _glyph_crops(diffs, _kth_largest_diff(stack, levels, k))
    out: list[np.ndarray | None] = []
    for part, ring in zip(inner, rings, strict=True):
        if part.size == 0:
            out.append(None)
            continue
        diff = np.abs(part.astype(np.float32) - ring)
        k = max(1, diff.size // 200)
        out.append(_glyph_crop(diff, float(np.partition(diff.ravel(), -k)[-k])))
    return out


def template_scores(matrix: np.ndarray, glyphs: np.ndarray) -> np.ndarray:
    """Correlation of each glyph (rows of `glyphs`) with each template (rows of `matrix`):
    numpy's multiply and sum along a row, a glyph at a time (float32).

    Not `@`: BLAS threads left spinning after a product fight OpenCV's threads for the two
    cores (every later call ~100x slower), and a product summed in another order may tip a
    near tie between two letters.
    """
    matrix = np.asarray(matrix, np.float32)
    out = np.empty((len(glyphs), len(matrix)), np.float32)
    products = np.empty_like(matrix)
    for row, glyph in zip(out, np.asarray(glyphs, np.float32), strict=True):
        np.multiply(matrix, glyph, out=products)
        products.sum(axis=1, out=row)
    return out


def _kth_largest_diff(stack: np.ndarray, ring: np.ndarray, k: int) -> list[float]:
    """Per uint8 tile of `stack`, the k-th largest |pixel - ring|: exactly np.partition's
    answer, from each tile's histogram of levels (compiled: a tenth of a read in numpy)."""
    return kth_largest_diff(np.ascontiguousarray(stack), np.asarray(ring, np.float32),
                            k).tolist()


EDGE_BAND = 0.06  # of the crop's side: the edge band border remnants lie in
EDGE_SHARE = 0.7  # share of a component's pixels in that band that makes it a remnant


@functools.cache
def _rim(ih: int, iw: int) -> np.ndarray:
    """The EDGE_BAND band along the edge of an ih x iw crop (made once per size: every
    tile of a board has the same)."""
    band = max(2, round(EDGE_BAND * min(ih, iw)))
    rim = np.ones((ih, iw), bool)
    rim[band:-band, band:-band] = False
    rim.flags.writeable = False
    return rim


@functools.lru_cache(maxsize=64)
def _stacked_rim(n: int, ih: int, iw: int) -> np.ndarray:
    """Flat indices of the `_rim` pixels of n ih x iw crops stacked with an empty row
    between (as `_glyph_crops` stacks them)."""
    rim = np.zeros((n, ih + 1, iw), bool)
    rim[:, :ih] = _rim(ih, iw)
    flat = np.flatnonzero(rim)
    flat.flags.writeable = False
    return flat


def _glyph_crops(diffs: np.ndarray, tops: list[float]) -> list[np.ndarray | None]:
    """`_glyph_crop` of same-size tiles (`diffs`: n x h x w), labelled in one go.

    The tiles' ink is stacked one under another with an empty row between (no blob joins
    two tiles), so one connected-components call and one array judgement serve the board:
    a call per tile cost more than its pixels.
    """
    n, ih, iw = diffs.shape
    out: list[np.ndarray | None] = [None] * n
    live = [i for i, top in enumerate(tops) if top >= 32]  # else no letter (_glyph_crop)
    if not live or ih == 0 or iw == 0:
        return out
    # float32 thresholds: a Python float against a float32 array is compared as float32.
    cut = np.array([max(24.0, 0.45 * tops[i]) for i in live], np.float32)
    canvas = np.zeros((len(live), ih + 1, iw), np.uint8)
    canvas[:, :ih] = diffs[live] > cut[:, None, None]
    count, labels, stats, cents = labelled(canvas.reshape(-1, iw))
    on_rim = np.bincount(labels.ravel()[_stacked_rim(len(live), ih, iw)], minlength=count)
    area = stats[:, cv2.CC_STAT_AREA]
    tile = stats[:, cv2.CC_STAT_TOP] // (ih + 1)  # which tile each blob is in
    top_y = stats[:, cv2.CC_STAT_TOP] - tile * (ih + 1)
    # The centre within its tile as OpenCV gives it for that tile alone: sum of rows / area
    # (the sum is recovered exactly from the stacked centre: it is a small integer).
    rows = np.rint(cents[:, 1] * area) - tile * (ih + 1) * area
    cx, cy = cents[:, 0], rows / np.maximum(area, 1)
    keep = (area >= 0.002 * ih * iw) & (area >= 2)
    keep &= (0.12 * iw <= cx) & (cx <= 0.88 * iw) & (0.1 * ih <= cy) & (cy <= 0.9 * ih)
    keep &= on_rim < EDGE_SHARE * area
    keep[0] = False  # the background
    x0, x1 = stats[:, cv2.CC_STAT_LEFT], stats[:, cv2.CC_STAT_LEFT] + stats[:, cv2.CC_STAT_WIDTH]
    y0, y1 = top_y, top_y + stats[:, cv2.CC_STAT_HEIGHT]
    # Each tile's box round its kept blobs, all tiles at once (a few numpy calls per tile
    # were a third of the labelling's cost).
    blobs = np.flatnonzero(keep)
    owner = tile[blobs]
    bx0, by0 = np.full(len(live), ih + iw), np.full(len(live), ih + iw)
    bx1, by1 = np.full(len(live), -1), np.full(len(live), -1)
    np.minimum.at(bx0, owner, x0[blobs])
    np.minimum.at(by0, owner, y0[blobs])
    np.maximum.at(bx1, owner, x1[blobs])
    np.maximum.at(by1, owner, y1[blobs])
    for j, (xs0, ys0, xs1, ys1) in enumerate(zip(bx0.tolist(), by0.tolist(), bx1.tolist(),
                                                 by1.tolist(), strict=True)):
        if ys1 < 0 or ys1 - ys0 < 0.2 * ih:  # no blob, or a speck, not a letter
            continue
        i = live[j]
        # (|grey - ring| is never negative: np.clip's lower bound changed nothing)
        out[i] = np.minimum(diffs[i][ys0:ys1, xs0:xs1] / max(tops[i], 1.0), np.float32(1))
    return out


def labelled(ink: np.ndarray) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
    """`cv2.connectedComponentsWithStats(ink, connectivity=8)`, by the block-based (BBDT)
    labelling: the same blobs and statistics, at a third of the default's cost with
    statistics (OpenCV 5's default, Spaghetti, took 0.5 ms on a board's stacked tiles)."""
    return cv2.connectedComponentsWithStatsWithAlgorithm(ink, 8, cv2.CV_32S, cv2.CCL_BBDT)


def _glyph_crop(diff: np.ndarray, top: float) -> np.ndarray | None:
    """The ink of a tile's |grey - ring| image, cropped to the letter and scaled by `top`.

    Its components are judged on arrays at once (the tests' reference: one at a time).
    """
    if top < 32:  # nothing stands out from the tile colour: no letter (a +12 drift on a
        # light grey tile with white letters leaves ~39 levels of contrast)
        return None
    ink = (diff > max(24.0, 0.45 * top)).astype(np.uint8)
    n, labels, stats, cents = labelled(ink)
    ih, iw = ink.shape
    # Share of each component along the crop's edge: a thick border's remnant runs round a
    # corner (its centre then lies inside), a letter keeps clear of the edge.
    on_rim = np.bincount(labels[_rim(ih, iw)], minlength=n)
    area, cx, cy = stats[:, cv2.CC_STAT_AREA], cents[:, 0], cents[:, 1]
    keep = (area >= 0.002 * ih * iw) & (area >= 2)
    # Off the middle: border remnants, neighbours, pointer tips at the edge.
    keep &= (0.12 * iw <= cx) & (cx <= 0.88 * iw) & (0.1 * ih <= cy) & (cy <= 0.9 * ih)
    keep &= on_rim < EDGE_SHARE * area  # else a border's corner
    keep[0] = False  # the background
    if not keep.any():
        return None
    xs0 = stats[keep, 0].min()
    ys0 = stats[keep, 1].min()
    xs1 = (stats[keep, 0] + stats[keep, 2]).max()
    ys1 = (stats[keep, 1] + stats[keep, 3]).max()
    if ys1 - ys0 < 0.2 * ih:  # a speck, not a letter
        return None
    crop = diff[ys0:ys1, xs0:xs1]
    return np.clip(crop / max(top, 1.0), 0, 1).astype(np.float32)


def cap_height(crops: list[np.ndarray]) -> float:
    """The capital height of a set of glyphs from one board: the median crop height."""
    return float(statistics.median([c.shape[0] for c in crops])) if crops else 0.0


def normalise(crop: np.ndarray, cap: float | None = None) -> np.ndarray:
    """Scale a glyph crop so the board's capitals are CAP px tall, centred on a GLYPH canvas.

    Scaling by the board's cap height (not each glyph's own box) keeps Q's tail and the
    dots of Ä/Ö/Ü as extra ink instead of squeezing them into an O-sized box.
    """
    ch, cw = crop.shape
    s = CAP / (cap if cap and cap > 0 else ch)
    s = min(s, (GLYPH - 2) / max(ch, cw))  # a glyph bigger than the canvas is shrunk to fit
    nh, nw = max(1, round(ch * s)), max(1, round(cw * s))
    interp = cv2.INTER_AREA if s < 1 else cv2.INTER_LINEAR
    small = cv2.resize(crop.astype(np.float32), (nw, nh), interpolation=interp)
    out = np.zeros((GLYPH, GLYPH), np.float32)
    y0, x0 = (GLYPH - nh) // 2, (GLYPH - nw) // 2
    out[y0 : y0 + nh, x0 : x0 + nw] = small
    return out


def features(glyph: np.ndarray) -> np.ndarray:
    """Binarised, softened glyph: stroke width and antialiasing matter less than shape."""
    return cv2.GaussianBlur((glyph > 0.5).astype(np.float32), (0, 0), 1.5)


def _coarse(feature: np.ndarray) -> np.ndarray:
    """Stage-1 feature: the glyph feature at COARSE x COARSE."""
    return cv2.resize(feature, (COARSE, COARSE), interpolation=cv2.INTER_AREA)


# Rows the softening reaches: OpenCV's kernel for sigma 1.5 on float images has
# round(1.5 * 4 * 2 + 1) | 1 = 13 taps.
_FEATURE_REACH = 6


@functools.cache
def _mirrored_rows(height: int) -> np.ndarray:
    """Row indices of a glyph with _FEATURE_REACH rows mirrored above and below it, as the
    blur mirrors an image's edge (the edge row itself not repeated)."""
    r = _FEATURE_REACH
    return np.concatenate([np.arange(r, 0, -1), np.arange(height),
                           np.arange(height - 2, height - 2 - r, -1)])


def feature_stack(glyphs: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """`features` and `_coarse` of same-size glyphs, (n, h, w) and (n, COARSE, COARSE), each
    worked in one call for all: the glyphs stacked one under another, each with its own
    mirrored rows between, as the blur mirrors a lone glyph's edges (a call per glyph cost
    more than its pixels; `_feature_stack_each` is the call per glyph)."""
    if glyphs[0].shape != (2 * COARSE, 2 * COARSE):  # halving in place needs the canvas's size
        return _feature_stack_each(glyphs)
    ink = (np.stack(glyphs) > 0.5).astype(np.float32)
    n, h, w = ink.shape
    tall = h + 2 * _FEATURE_REACH
    soft = cv2.GaussianBlur(ink[:, _mirrored_rows(h)].reshape(n * tall, w), (0, 0), 1.5)
    feats = np.ascontiguousarray(soft.reshape(n, tall, w)[:, _FEATURE_REACH:_FEATURE_REACH + h])
    # Halving each 2x2 block alone: a glyph's blocks never straddle the next glyph's rows.
    coarse = cv2.resize(feats.reshape(n * h, w), (COARSE, n * COARSE),
                        interpolation=cv2.INTER_AREA)
    return feats, coarse.reshape(n, COARSE, COARSE)


def _feature_stack_each(glyphs: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """`feature_stack` a glyph at a time (glyphs of other sizes; the tests' reference)."""
    feats = np.stack([features(g) for g in glyphs])
    return feats, np.stack([_coarse(f) for f in feats])


def _unit(v: np.ndarray) -> np.ndarray:
    """Zero-mean, unit-norm rows (so a dot product is TM_CCOEFF_NORMED at zero shift)."""
    v = v.reshape(v.shape[0], -1).astype(np.float32)
    v = v - v.mean(axis=1, keepdims=True)
    norm = np.linalg.norm(v, axis=1, keepdims=True)
    return v / np.maximum(norm, 1e-6)


COARSE = 20  # stage-1 features are this small: the product stays below BLAS threading sizes
SHIFT = 2  # px of misalignment the second matching stage forgives
DECISIVE = 0.06  # a stage-1 lead over every other letter this big skips stage 2
SHORTLIST = 4  # templates per glyph that get the shift-tolerant second look


@dataclass(frozen=True)
class Templates:
    """Harvested glyphs: one row per template image, with its letter."""

    letters: tuple[str, ...]
    images: np.ndarray  # (n, GLYPH, GLYPH) feature images
    ink: np.ndarray  # (n, GLYPH, GLYPH) uint8 binarised glyphs
    near: np.ndarray  # the same, dilated by _NEAR (precomputed: it is used per match)
    matrix: np.ndarray  # (n, COARSE*COARSE) coarse features, zero-mean unit-norm

    @functools.cached_property
    def letter_ids(self) -> np.ndarray:
        """Each template's letter as a number (templates of one letter share it)."""
        ids = {letter: k for k, letter in enumerate(dict.fromkeys(self.letters))}
        return np.array([ids[letter] for letter in self.letters], np.int64)

    def match(self, glyphs: list[np.ndarray]) -> list[tuple[str, float]]:
        """Best letter and score for each normalised glyph ('?' under MIN_SCORE)."""
        return [(letter, score) for letter, score, _ in self._match_rivals(glyphs)]

    def match_with_rival(self, glyphs: list[np.ndarray]) -> list[tuple[str, float, float]]:
        """Best letter, its score and the best score of any other letter, on the same scale
        (the second look's when one was taken), for each normalised glyph."""
        return self._match_rivals(glyphs)

    def read(self, crops: list[np.ndarray], cap: float | None = None) -> list[tuple[str, float]]:
        """Letters of one board's glyph crops, normalised together by the board's cap height
        (the median height of `crops` unless given)."""
        cap = cap_height(crops) if cap is None else cap
        by_cap = self._match([normalise(c, cap) for c in crops])
        # A glyph much taller/shorter than the board's capitals (Q, Ö, a shrinking tile) also
        # gets a look normalised by its own height; the better of the two wins.
        out = []
        for crop, best in zip(crops, by_cap, strict=True):
            if cap and abs(crop.shape[0] - cap) > 0.08 * cap:
                own = self._match([normalise(crop)])[0]
                best = own if own[1] > best[1] else best
            out.append(best)
        return out

    def _match(self, glyphs: list[np.ndarray]) -> list[tuple[str, float]]:
        """Best letter and score for each glyph ('?' under MIN_SCORE)."""
        return [(letter, score) for letter, score, _ in self._match_rivals(glyphs)]

    def _match_rivals(self, glyphs: list[np.ndarray]) -> list[tuple[str, float, float]]:
        """Best letter, score and the best other letter's score for each glyph ('?' under
        MIN_SCORE).

        Stage 1 correlates with every template at once; stage 2 runs cv2.matchTemplate
        (TM_CCOEFF_NORMED, +-SHIFT px) on the shortlist, which settles near ties like E/F.
        """
        if not glyphs or not self.letters:
            return [("?", 0.0, 0.0) for _ in glyphs]
        feats, small = feature_stack(glyphs)
        scores = template_scores(self.matrix, _unit(small))
        out = []
        for i, f in enumerate(feats):
            order = np.argsort(-scores[i])
            first = self.letters[order[0]]
            others = self.letter_ids != self.letter_ids[order[0]]
            # The best template of any other letter (the first of them in `order`).
            runner_up = scores[i][others].max() if others.any() else -1.0
            shortlist = list(order[:SHORTLIST])
            # Many templates of one letter (a font per template) must not crowd a close rival
            # letter out of the second look: the best template of every letter within
            # DECISIVE of the top joins the shortlist.
            near = scores[i][order[0]] - DECISIVE
            seen = {self.letters[j] for j in shortlist}
            for j in order[SHORTLIST:]:
                if scores[i][j] < near:
                    break
                if self.letters[j] not in seen:
                    seen.add(self.letters[j])
                    shortlist.append(j)
            if first not in "OQ" and scores[i][order[0]] - runner_up > DECISIVE:
                # No near rival: the slower shift-tolerant stage cannot change the answer.
                s1 = float(scores[i][order[0]])
                out.append((first if s1 >= MIN_SCORE else "?", s1, float(runner_up)))
                continue
            padded = cv2.copyMakeBorder(f, SHIFT, SHIFT, SHIFT, SHIFT, cv2.BORDER_CONSTANT,
                                        value=0)
            ink = cv2.copyMakeBorder(
                (glyphs[i] > 0.5).astype(np.uint8), SHIFT, SHIFT, SHIFT, SHIFT,
                cv2.BORDER_CONSTANT, value=0,
            )
            ink_near = cv2.dilate(ink, _NEAR)
            best_j, best_s, best_o = int(shortlist[0]), -1.0, None
            by_letter: dict[str, float] = {}
            for j in shortlist:
                res = cv2.matchTemplate(padded, self.images[j], cv2.TM_CCOEFF_NORMED)
                _, corr, _, (dx, dy) = cv2.minMaxLoc(res)
                s = corr - _unexplained(ink, ink_near, self.ink[j], self.near[j], dx, dy)
                by_letter[self.letters[j]] = max(s, by_letter.get(self.letters[j], -1.0))
                if s > best_s:
                    best_j, best_s = int(j), s
                if self.letters[j] == "O" and (best_o is None or corr > best_o[0]):
                    best_o = (corr, int(j), dx, dy)
            letter = self.letters[best_j] if best_s >= MIN_SCORE else "?"
            if letter in ("O", "Q") and best_o is not None:
                # O and Q differ only by a short tail that correlation hardly weighs.
                letter = "Q" if _tail(ink, self.ink[best_o[1]], best_o[2], best_o[3]) else "O"
            rival = max((v for k, v in by_letter.items() if k != self.letters[best_j]),
                        default=-1.0)
            out.append((letter, best_s, rival))
        return out


_NEAR = np.ones((5, 5), np.uint8)  # strokes within 2 px count as the same stroke


def _tail(ink: np.ndarray, o_ink: np.ndarray, dx: int, dy: int) -> bool:
    """Glyph ink in the lower right, outside the best-fitting O: Q's tail (measured 0 on O)."""
    g = ink[dy : dy + GLYPH, dx : dx + GLYPH]
    extra = g & (1 - cv2.dilate(o_ink, np.ones((3, 3), np.uint8)))
    extra[: GLYPH // 2, :] = 0
    extra[:, : GLYPH // 2] = 0
    return float(extra.sum()) > 0.025 * max(1.0, float(g.sum()))


def _unexplained(
    ink: np.ndarray, ink_near: np.ndarray, tpl: np.ndarray, t_near: np.ndarray, dx: int, dy: int
) -> float:
    """Share of glyph ink far from the template's strokes plus the reverse (a chamfer check).

    Correlation barely notices a missing Q tail or E bar; this does.
    """
    g = ink[dy : dy + GLYPH, dx : dx + GLYPH]
    g_near = ink_near[dy : dy + GLYPH, dx : dx + GLYPH]
    miss_g = float((g & (1 - t_near)).sum()) / max(1.0, float(g.sum()))
    miss_t = float((tpl & (1 - g_near)).sum()) / max(1.0, float(tpl.sum()))
    return miss_g + miss_t


def letter_from_name(name: str) -> str:
    """Template file name -> its letter ('A__...' or 'U00D6__...')."""
    code = name.split("__", 1)[0]
    return chr(int(code[1:], 16)) if code.startswith("U") and len(code) > 1 else code


def name_for_letter(letter: str) -> str:
    """Letter -> the file-name code used in templates/ (ASCII as is, others as U+hex)."""
    return letter if letter.isascii() else f"U{ord(letter):04X}"


_CACHE: dict[str, Templates] = {}


def _build(letters: Sequence[str], rows: Sequence[np.ndarray]) -> Templates:
    """Templates from normalised glyph images (GLYPH x GLYPH, 0..1, ink high)."""
    if not rows:
        empty = np.zeros((0, GLYPH, GLYPH), np.float32)
        return Templates((), empty, empty.astype(np.uint8), empty.astype(np.uint8),
                         np.zeros((0, COARSE * COARSE), np.float32))
    images, small = feature_stack(rows)
    matrix = _unit(small)
    ink = (np.stack(rows) > 0.5).astype(np.uint8)
    near = np.stack([cv2.dilate(i, _NEAR) for i in ink])
    return Templates(tuple(letters), images, ink, near, matrix)


def with_glyphs(base: Templates, letters: Sequence[str], glyphs: Sequence[np.ndarray]) -> Templates:
    """`base` plus glyphs learned from a page (normalised as `normalise` makes them), each
    with its letter: a page's own font, read from the letters the bot itself typed."""
    extra = _build(letters, [np.asarray(g, np.float32) for g in glyphs])
    return Templates(
        base.letters + extra.letters,
        np.concatenate([base.images, extra.images]),
        np.concatenate([base.ink, extra.ink]),
        np.concatenate([base.near, extra.near]),
        np.concatenate([base.matrix, extra.matrix]),
    )


def load_templates(directory: Path | str | Sequence[Path | str] | None = None) -> Templates:
    """Glyph templates from one or more template folders (cached).

    AutobotError (exit 2) naming the folder if one is missing or none holds a glyph.
    """
    if directory is None:
        dirs: tuple[Path, ...] = (DEFAULT_DIR,)
    elif isinstance(directory, str | Path):
        dirs = (Path(directory),)
    else:
        dirs = tuple(Path(d) for d in directory)
    key = "|".join(str(d) for d in dirs)  # no resolve(): it costs syscalls on every read
    if key in _CACHE:
        return _CACHE[key]
    letters: list[str] = []
    rows: list[np.ndarray] = []
    for path in dirs:
        if not path.is_dir():
            # Without templates every letter would read as '?': say where they were looked for.
            raise BadInput(
                f"glyph templates not found: no folder {path} (restore it from the autobot "
                "source tree, or rebuild it with `python -m autobot.vision.harvest`)"
            )
        for png in sorted(path.glob("*.png")):
            img = cv2.imread(str(png), cv2.IMREAD_GRAYSCALE)
            if img is None or img.shape != (GLYPH, GLYPH):
                continue
            letters.append(letter_from_name(png.stem))
            rows.append(img.astype(np.float32) / 255.0)
    if not rows:
        where = ", ".join(str(d) for d in dirs)
        raise BadInput(f"glyph templates not found: no {GLYPH}x{GLYPH} PNGs in {where}")
    templates = _build(letters, rows)
    _CACHE[key] = templates
    return templates
