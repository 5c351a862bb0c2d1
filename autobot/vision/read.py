"""Read a board: colours to roles, letters from glyphs, rows assembled and checked."""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import cast

import cv2
import numpy as np

from autobot.errors import BadInput
from autobot.vision import colour, glyphs
from autobot.vision import palette as palette_mod
from autobot.vision.find import locate_grid
from autobot.vision.model import NOT_FOUND, BoardRead, Grid, not_found
from autobot.vision.tiles import (
    GLYPH_TILE_PX,
    RING,
    RING_AGREE,
    TILE_PX,
    TileSample,
    background_lab,
    board_view,
    cut_sides,
    find_toasts,
    overlap,
    round_letters,
    sample_tiles,
    with_cut_rows,
)


def template_dirs(profile: object | None) -> tuple[Path, ...]:
    """A calibration profile's own glyph folder (if any) first, then the default set."""
    get = getattr(profile, "templates_dir", None)
    extra = get() if callable(get) else get
    if extra and Path(extra).is_dir():
        return (Path(extra), glyphs.DEFAULT_DIR)
    return (glyphs.DEFAULT_DIR,)


GlyphCache = dict[tuple, object]  # what read_letters may reuse from earlier frames
GLYPH_CACHE_MAX = 4096  # entries; a long session clears it rather than grow without end
CHECK_SCORE = 0.6  # letter score above which a letter is sure enough to check the rules with


def classify_colours(
    samples: dict[tuple[int, int], TileSample],
    bg: np.ndarray,
    profile: object | None = None,
    letters: dict[tuple[int, int], tuple[str, float]] | None = None,
    cache: GlyphCache | None = None,
    blank: Sequence[np.ndarray] = (),
) -> tuple[dict[tuple[int, int], str], palette_mod.Palette]:
    """Per tile 'blank' (empty or typed), 'hint' (a faint hint letter in an empty tile) or
    its mark (G/Y/X, '?' unsure), and the palette learned from this board.

    Tiles whose ring is the page colour are blank; the rest are clustered and their roles
    learned (`palette.learn_palette`), using the letters read so far to check the game's
    rules. A calibration profile's measured colours overrule the cues where a tile is close.
    With a `cache` (read_board's), a board whose filled tiles did not change is not learned
    again. `blank`: Lab colours of the page's empty tiles when they are filled, not page
    (learned by the caller from a board with no letters yet).
    """
    measured = colour.profile_palette(profile)
    families = {v: k for k, v in colour.PROFILE_FAMILIES.items()}
    known = {palette_mod.ROLE_OF[families[f]]: lab for f, lab in measured.items()}
    tolerance = float(getattr(profile, "tolerances", {}).get("colour", 14.0)) if known else 14.0
    letters = letters or {}
    roles: dict[tuple[int, int], str] = {}
    filled: list[palette_mod.TileColour] = []
    keys = list(samples)
    rings = np.array([samples[k].ring_lab for k in keys], np.float32).reshape(-1, 3)
    near_bg = colour.delta_e(rings, bg) < colour.PAGE_DISTANCE
    for lab in blank:
        near_bg |= colour.delta_e(rings, lab) < colour.PAGE_DISTANCE
    for key, page_coloured in zip(keys, near_bg.tolist(), strict=True):
        s = samples[key]
        if s.cut or page_coloured:
            roles[key] = "blank"
        else:
            # Only steady, clearly read letters may vote on the game's rules.
            letter, score = letters.get(key, ("", 0.0))
            steady = s.agree >= RING_AGREE and s.squash >= 0.8 and score >= CHECK_SCORE
            filled.append(palette_mod.TileColour(key, s.ring_lab, s.ink, letter if steady else ""))
    labs = np.array([t.lab for t in filled], np.float32).reshape(-1, 3)
    page = (np.asarray(bg, np.float32), *(np.asarray(b, np.float32) for b in blank))
    name = ("palette", labs.tobytes(), tuple((t.key, t.ink, t.letter) for t in filled),
            id(profile), b"".join(p.tobytes() for p in page))
    learned = cache.get(name) if cache is not None else None
    if not isinstance(learned, palette_mod.Palette):
        learned = palette_mod.learn_palette(filled, known, tolerance, page)
        if cache is not None:
            cache[name] = learned
    for t, mark in zip(filled, learned.tile_marks(labs), strict=True):
        roles[t.key] = mark
    # Hint letters: faint next to the letters the page writes anywhere on its tiles.
    text = palette_mod.page_text_share([(s.contrast, s.ring_grey) for s in samples.values()
                                        if s.ink and not s.cut])
    for key, s in samples.items():
        if roles[key] == "blank" and s.ink and palette_mod.is_hint(s.contrast, s.ring_grey, text):
            roles[key] = "hint"
    # Letters are typed from the left: a faint letter left of a typed one was typed too (a
    # thin I drawn in soft ink), while a hint only ever waits right of what is typed.
    for row, col in [k for k, v in roles.items() if v == "hint"]:
        if any(roles.get((row, c)) == "blank" and samples[row, c].ink
               for c in range(col + 1, max(c for _, c in samples) + 1)):
            roles[row, col] = "blank"
    return roles, learned




def read_letters(
    frame: np.ndarray,
    grid: Grid,
    samples: dict[tuple[int, int], TileSample],
    templates: glyphs.Templates,
    cache: GlyphCache | None = None,
) -> dict[tuple[int, int], tuple[str, float]]:
    """(letter, score) of every tile with ink; the letter view is made once, only if needed.

    With a `cache` (the caller's dict, kept between frames of one game), a tile whose pixels
    are the same as in an earlier frame is not cut out and matched again: settled rows stay
    pixel-identical in lossless captures, and only the new row needs the work.
    """
    inked = [k for k, s in samples.items() if s.ink and not s.cut]
    if not inked:
        return {}
    letters_view = board_view(frame, grid, GLYPH_TILE_PX, grey=True, keep_aspect=True)
    if cache is not None and len(cache) > GLYPH_CACHE_MAX:
        cache.clear()
    found = [(key, t) for key in inked if (t := letters_view.tile(grid, *key)) is not None]
    rings = [samples[key].ring_grey for key, _ in found]
    digests: list[tuple | None] = [None] * len(found)
    fresh = list(range(len(found)))
    got: list[np.ndarray | None] = [None] * len(found)
    if cache is not None:
        digests = [(hashlib.blake2b(t.tobytes(), digest_size=16).digest(), ring)
                   for (_, t), ring in zip(found, rings, strict=True)]
        fresh = [i for i, d in enumerate(digests) if ("glyph", d) not in cache]
        for i, d in enumerate(digests):
            got[i] = cast("np.ndarray | None", cache.get(("glyph", d)))
    todo = [found[i][1] for i in fresh]
    if grid.round:
        todo = round_letters(todo, [rings[i] for i in fresh])
    extracted = glyphs.extract_glyphs(todo, [rings[i] for i in fresh])
    for i, crop in zip(fresh, extracted, strict=True):
        got[i] = crop
        if cache is not None:
            cache["glyph", digests[i]] = crop
    kept = [i for i, crop in enumerate(got) if crop is not None]
    keys = [found[i][0] for i in kept]
    crops = [crop for crop in got if crop is not None]  # in the order of `kept`
    digests = [digests[i] for i in kept]
    cap = glyphs.cap_height(crops)
    if cache is None:
        return dict(zip(keys, templates.read(crops, cap), strict=True))
    # A letter depends on its glyph, the board's cap height and the template set.
    names = [("letter", d, cap, id(templates)) for d in digests]
    unread = [i for i, n in enumerate(names) if n not in cache]
    for i, letter in zip(unread, templates.read([crops[i] for i in unread], cap), strict=True):
        cache[names[i]] = letter
    return {key: cache[n] for key, n in zip(keys, names, strict=True)}  # type: ignore[misc]


def _assemble_rows(
    grid: Grid,
    samples: dict[tuple[int, int], TileSample],
    roles: dict[tuple[int, int], str],
    matched: dict[tuple[int, int], tuple[str, float]],
    toasts: list[tuple[int, int, int, int]],
    reasons: list[str],
) -> tuple[list[tuple[str, str]], list[tuple[float, ...]]]:
    """Rows in labels format from per-tile colour roles and letters; appends why-not-settled
    reasons (cut, toast, occluded, mid-flip, mid-reveal) to `reasons`."""
    covered = {
        key: max(overlap(grid.tile_box(*key), t) for t in toasts) / (grid.tile * grid.height)
        for key in samples
    } if toasts else {}
    touched = {key for key, share in covered.items() if share > 0.02}
    # A toast that only clips a tile's edge leaves its colour readable, and its letter too
    # unless the toast reaches the middle, where the letter is (a clipped A reads as M).
    under_toast = {key for key, share in covered.items() if share > 0.2}
    letter_hidden = {
        key for key in touched - under_toast
        if any(overlap(_middle(grid.tile_box(*key)), t) for t in toasts)
    }
    rows = []
    scores = []
    for r in range(grid.rows):
        letters, marks, row_scores = [], [], []
        for c in range(grid.cols):
            s = samples[r, c]
            role = roles[r, c]
            letter, score = matched.get((r, c), ("", 0.0))
            where = f"{r + 1},{c + 1}"
            if s.cut:
                mark, letter = "?", "?"
                reasons.append(f"tile {where} cut off by the frame edge")
            elif (r, c) in under_toast:
                mark, letter = "?", "?"
                reasons.append(f"toast over the board (tile {where})")
            elif s.agree < RING_AGREE:
                mark, letter = "?", "?"
                reasons.append(f"tile {where} occluded or moving")
            elif role == "hint":
                mark, letter = ".", ""  # a faint hint letter in an empty tile: not typed
            elif role == "blank":
                mark = "t" if letter else "."
            else:
                mark = role
                if not letter:
                    letter = "?"
            if (r, c) in letter_hidden and letter:
                letter = "?"
            if (r, c) in touched - under_toast:
                reasons.append(f"toast over the board (tile {where})")
            if s.squash < 0.8 and mark != "?":
                # Squashed by a flip: what it shows is still its old (typed) or already its
                # new face, so say it, but the frame is not settled.
                reasons.append(f"tile {where} mid-flip")
            if mark != ".":
                letters.append(letter or "?")
            marks.append(mark)
            row_scores.append(round(score, 3))
        row_marks = "".join(marks)
        if "." in row_marks.rstrip("."):
            # Letters fill a row from the left: an empty tile before a filled one is a tile
            # caught edge-on in a flip, or hidden.
            reasons.append(f"row {r + 1} has an empty tile before a filled one (mid-flip?)")
        if "t" in row_marks and any(m in "GYX" for m in row_marks):
            reasons.append(f"row {r + 1} mid-reveal (coloured and typed tiles together)")
        rows.append(("".join(letters), row_marks))
        scores.append(tuple(row_scores))
    return rows, scores


def _middle(box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """The middle of a tile box, where its letter is (a fifth of each side left out)."""
    x0, y0, x1, y1 = box
    dx, dy = (x1 - x0) // 5, (y1 - y0) // 5
    return x0 + dx, y0 + dy, x1 - dx, y1 - dy


def read_board(
    frame: np.ndarray,
    *,
    hint: Grid | None = None,
    profile: object | None = None,
    cache: GlyphCache | None = None,
    templates: glyphs.Templates | None = None,
    cols: int | None = None,
) -> BoardRead:
    """Read the board in an HxWx3 uint8 RGB frame (`cols`: the word length when the game
    knows it, looked for first).

    For speed in a game loop: `hint` is last frame's grid, `cache` a dict the caller keeps
    for the game (letters of tiles whose pixels did not change are not matched again).
    `templates`: the glyphs to read letters with (the page's own, learned from the letters the
    bot typed, `glyphs.with_glyphs`); by default the profile's and the shipped ones.
    """
    if frame.ndim != 3 or frame.shape[2] != 3 or frame.dtype != np.uint8:
        raise BadInput("frame must be an HxWx3 uint8 RGB array")
    if hint is None and callable(getattr(profile, "hint_grid", None)):
        hint = profile.hint_grid()  # type: ignore[union-attr]
    with one_opencv_thread():
        grid, reasons = locate_grid(frame, hint, cols)
        if grid is None:
            return NOT_FOUND
        return read_grid(frame, grid, reasons=reasons, profile=profile, cache=cache,
                         templates=templates)


@contextlib.contextmanager
def one_opencv_thread() -> Iterator[None]:
    """OpenCV on one thread while a board is read; as the caller had it again after.

    A read is many calls on small images: a second OpenCV thread woke for each and spun
    between them, ~4 ms more CPU a 1280x1024 read for no shorter wall time on two shared
    cores (the default labelling with statistics even took twice as long on two threads).
    Switching costs ~6 us.
    """
    before = cv2.getNumThreads()
    cv2.setNumThreads(1)
    try:
        yield
    finally:
        cv2.setNumThreads(before)


def read_grid(
    frame: np.ndarray,
    grid: Grid,
    *,
    reasons: Sequence[str] = (),
    profile: object | None = None,
    cache: GlyphCache | None = None,
    ring: tuple[int, int] = RING,
    blank: Sequence[np.ndarray] = (),
    templates: glyphs.Templates | None = None,
) -> BoardRead:
    """Read the board whose tiles are at `grid` (found by the caller: one of many boards).

    `reasons`: what locating it already found amiss; `ring`: where tile colours are sampled;
    `blank`: colours of filled empty tiles (see classify_colours).
    """
    if templates is None:
        templates = glyphs.load_templates(template_dirs(profile))
    bg = background_lab(frame, grid)
    theme = colour.theme_of(bg)
    grid = with_cut_rows(frame, grid, bg)

    view = board_view(frame, grid, TILE_PX)
    samples = sample_tiles(frame, grid, bg, view, ring)

    matched = read_letters(frame, grid, samples, templates, cache)
    roles, learned = classify_colours(samples, bg, profile, matched, cache, blank)
    high_contrast = learned.high_contrast or bool(
        colour.profile_palette(profile) and getattr(profile, "high_contrast", False)
    )
    filled = [k for k, v in roles.items() if v not in ("blank", "hint")]
    lettered = [k for k in filled if k in matched]
    if len(filled) >= 3 and len(lettered) < len(filled) / 2:
        return not_found("coloured squares without letters (a share grid, not a live board)")

    reasons = list(reasons)
    toasts = find_toasts(view, grid, theme)
    reasons += learned.reasons
    rows, scores = _assemble_rows(grid, samples, roles, matched, toasts, reasons)
    settled = not reasons and all("?" not in m and "?" not in lt for lt, m in rows)
    if not settled and not reasons:
        reasons.append("unreadable tile")
    ringed = tuple(sorted({key[0] for key, s in samples.items()
                           if s.ringed and roles.get(key) in ("G", "Y", "X")}))
    return BoardRead(
        True, settled, theme, high_contrast, tuple(rows), grid, tuple(reasons), tuple(scores),
        palette=learned, cut=cut_sides(grid, frame.shape), ringed=ringed,
    )


def board_glyphs(
    frame: np.ndarray, read: BoardRead, cells: list[tuple[int, int]]
) -> dict[tuple[int, int], np.ndarray]:
    """Normalised glyphs of these tiles of a found board, cut and scaled exactly as
    `read_board` reads them (for calibration's template harvest)."""
    if not read.found or read.grid is None:
        return {}
    grid = read.grid
    samples = sample_tiles(frame, grid, background_lab(frame, grid))
    view = board_view(frame, grid, GLYPH_TILE_PX, grey=True, keep_aspect=True)
    crops: dict[tuple[int, int], np.ndarray] = {}
    for key, s in samples.items():
        tile = view.tile(grid, *key) if s.ink and not s.cut else None
        if tile is not None and grid.round:
            tile = round_letters([tile], [s.ring_grey])[0]
        crop = glyphs.extract_glyph(tile, s.ring_grey) if tile is not None else None
        if crop is not None:
            crops[key] = crop
    cap = glyphs.cap_height(list(crops.values()))  # the whole board's capitals, as read_board
    return {k: glyphs.normalise(crops[k], cap) for k in cells if k in crops}


def frames_agree(a: BoardRead, b: BoardRead) -> bool:
    """Two reads show the same board (used for "two consecutive reads agree")."""
    return a.found == b.found and a.rows == b.rows


def render_board(read: BoardRead) -> str:
    """Plain-text board: one line per row, letters in brackets then the marks."""
    if not read.found:
        return "no board"
    lines = []
    for letters, marks in read.rows:
        it = iter(letters)
        cells = []
        for m in marks:
            ch = " " if m == "." else next(it, "?")
            cells.append(f"[{ch}]")
        lines.append("".join(cells) + "  " + marks)
    state = "settled" if read.settled else "not settled: " + "; ".join(read.reasons)
    lines.append(f"({read.theme}{', high contrast' if read.high_contrast else ''}; {state})")
    return "\n".join(lines)
