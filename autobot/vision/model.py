"""What a board read is: the grid found on a frame and the rows read from it."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from autobot.vision import palette as palette_mod
from autobot.vision.image import load_image as load


@dataclass(frozen=True)
class Grid:
    """Board geometry in frame pixels."""

    x: float  # top-left of tile (0, 0)
    y: float
    pitch_x: float
    pitch_y: float
    tile: float  # tile width in px (its side, for square tiles)
    cols: int = 5
    rows: int = 6
    tile_h: float = 0.0  # tile height in px; 0: as tall as wide (square tiles)
    round: bool = False  # the tiles are circles: sample a round ring, not a square one

    @property
    def height(self) -> float:
        """Tile height in px."""
        return self.tile_h or self.tile

    def tile_box(self, row: int, col: int) -> tuple[int, int, int, int]:
        """x0, y0, x1, y1 of one tile (x1/y1 exclusive)."""
        x0 = self.x + col * self.pitch_x
        y0 = self.y + row * self.pitch_y
        return round(x0), round(y0), round(x0 + self.tile), round(y0 + self.height)

    def bbox(self) -> tuple[int, int, int, int]:
        """x0, y0, x1, y1 of the whole board."""
        x0, y0, _, _ = self.tile_box(0, 0)
        _, _, x1, y1 = self.tile_box(self.rows - 1, self.cols - 1)
        return x0, y0, x1, y1


@dataclass(frozen=True)
class BoardRead:
    """What one frame shows: the rows in labels.json format, or why no board was read."""

    found: bool
    settled: bool
    theme: str | None  # "light" | "dark"
    high_contrast: bool
    rows: tuple[tuple[str, str], ...]  # (LETTERS, MARKS) per board row
    grid: Grid | None
    reasons: tuple[str, ...] = ()
    scores: tuple[tuple[float, ...], ...] = field(default=(), compare=False)  # letter scores
    # The tile colours learned from this board and what they mean (keys can use it too).
    palette: palette_mod.Palette | None = field(default=None, compare=False)
    # Frame edges that cut board tiles: "top", "bottom", "left", "right" joined by ","
    # ("bottom": scroll down to see the rest of the board), or None when all is on view.
    cut: str | None = None
    # Rows whose colours were read from thick borders around the page colour, not fills: a
    # page may draw its evaluated tiles so, or ring a refused word in red (the keys tell).
    ringed: tuple[int, ...] = field(default=(), compare=False)

    def to_json(self) -> dict:
        """The `autobot read --json` dict."""
        return {
            "found": self.found,
            "settled": self.settled,
            "theme": self.theme,
            "high_contrast": self.high_contrast,
            "rows": [[letters, marks] for letters, marks in self.rows],
            "reasons": list(self.reasons),
            "cut": self.cut,
        }


NOT_FOUND = BoardRead(False, False, None, False, (), None, ("no 5-wide grid of square tiles",))


def not_found(reason: str) -> BoardRead:
    """A read that found no board, with the reason."""
    return BoardRead(False, False, None, False, (), None, (reason,))


def load_image(path: str | Path) -> np.ndarray:
    """Any image file -> HxWx3 uint8 RGB; AutobotError (exit 2) if unreadable or too big
    (`autobot.vision.image`)."""
    return load(path)


