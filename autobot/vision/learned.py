"""A page's own glyphs, learned from the letters the bot typed into it.

The shipped templates know a few fonts. A page drawing its letters in another (a thin italic
serif, a web font) is still read right once the bot has typed a few words there: it knows which
letter went into which tile, so each typed tile's glyph is a template of that letter in the
page's font. Kept per page in memory; `save` writes them as a calibration profile's templates.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import cv2
import numpy as np

from autobot.vision import glyphs
from autobot.vision.model import Grid
from autobot.vision.read import board_glyphs, template_dirs

PER_LETTER = 3  # glyphs kept per letter (the first ones typed; one is usually enough)
TYPED_INK = 0.01  # share of a tile's middle that must change for a letter to have arrived
INK_STEP = 40  # grey levels (max channel) that make a pixel changed


def typed_tiles(before: Any, after: Any, grid: Grid | None, row: int) -> list[bool] | None:
    """Per tile of board row `row`: did it gain ink between two frames of the same board?

    The tiles' middles only (a typed tile's border may change colour, its letter is inside);
    None when the frames cannot be compared (no board, other sizes).
    """
    if (grid is None or not isinstance(before, np.ndarray) or not isinstance(after, np.ndarray)
            or before.shape != after.shape):
        return None
    h, w = after.shape[:2]
    out = []
    for col in range(grid.cols):
        x0, y0, x1, y1 = grid.tile_box(row, col)
        dx, dy = (x1 - x0) // 5, (y1 - y0) // 5
        x0, y0, x1, y1 = max(0, x0 + dx), max(0, y0 + dy), min(w, x1 - dx), min(h, y1 - dy)
        if x1 <= x0 or y1 <= y0:
            return None
        a = before[y0:y1, x0:x1].astype(np.int16)
        b = after[y0:y1, x0:x1].astype(np.int16)
        out.append(bool(np.mean(np.abs(a - b).max(axis=2) >= INK_STEP) >= TYPED_INK))
    return out


def typed_exactly(before: Any, after: Any, grid: Grid | None, row: int, count: int) -> bool:
    """Did row `row` gain ink in exactly its first `count` tiles (where the keys went), the
    rows beside it staying as they were (the page did not move or redraw)?"""
    gained = typed_tiles(before, after, grid, row)
    if gained is None or count <= 0 or gained != [c < count for c in range(len(gained))]:
        return False
    for other in (row - 1, row + 1):
        if grid is not None and 0 <= other < grid.rows:
            if any(typed_tiles(before, after, grid, other) or ()):
                return False
    return True


class PageReader:
    """`read_board` for one page: a glyph cache for the game, and the page's own glyphs once
    the bot has typed letters there (`learn`)."""

    def __init__(self, profile: object | None = None, cols: int | None = None) -> None:
        self.profile = profile
        self.cols = cols  # the game's word length when known: a board that wide is looked for
        self.cache: dict[Any, Any] = {}  # unchanged tiles skip glyph matching
        self.learned: dict[str, list[np.ndarray]] = {}
        self.templates: glyphs.Templates | None = None  # shipped + learned, once any is learned
        self._kept: list[glyphs.Templates] = []  # (old sets stay alive: the cache keys by id)

    def __call__(self, frame: np.ndarray, *, hint: Any = None) -> Any:
        from autobot.vision import read_board

        return read_board(frame, hint=hint, profile=self.profile, cache=self.cache,
                          templates=self.templates, cols=self.cols)

    def learn(self, frame: np.ndarray, read: Any, row: int, word: str) -> int:
        """Take row `row`'s glyphs as the letters of `word` (typed there by the bot); returns
        how many new glyphs were kept. Letters already known PER_LETTER times are skipped."""
        cells = [(row, c) for c in range(len(word))]
        found = board_glyphs(frame, read, cells)
        new_letters: list[str] = []
        new_glyphs: list[np.ndarray] = []
        for (_, col), letter in zip(cells, word.upper(), strict=True):
            glyph = found.get((row, col))
            have = self.learned.setdefault(letter, [])
            if glyph is None or len(have) >= PER_LETTER:
                continue
            if any(float(np.abs(glyph - g).mean()) < 0.01 for g in have):
                continue  # the same glyph again
            have.append(glyph)
            new_letters.append(letter)
            new_glyphs.append(glyph)
        if new_glyphs:
            base = self.templates or glyphs.load_templates(template_dirs(self.profile))
            self.templates = glyphs.with_glyphs(base, new_letters, new_glyphs)
            self._kept.append(self.templates)
        return len(new_glyphs)

    def known(self) -> str:
        """The letters whose glyphs were learned on this page."""
        return "".join(sorted(k for k, v in self.learned.items() if v))

    def save(self, folder: str | Path, tag: str = "page") -> list[Path]:
        """Write the learned glyphs as template PNGs (a calibration profile's `templates`
        folder: read with the shipped ones by `read_board(profile=...)`)."""
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        written = []
        for letter, items in sorted(self.learned.items()):
            for i, glyph in enumerate(items):
                path = folder / f"{glyphs.name_for_letter(letter)}__{tag}-learned_{i}.png"
                cv2.imwrite(str(path), np.clip(glyph * 255, 0, 255).astype(np.uint8))
                written.append(path)
        return written

