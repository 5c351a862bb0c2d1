"""Digits beside a board row (Jotto's count of letters in common), read from the pixels.

A count is drawn like a typed letter without its tile: the page's text colour on the page's
background, in the tiles' font, in one more tile-sized cell right of the row. It is cut out by the
same glyph extractor as tile letters and matched against digit templates harvested from the
bundled page (`python -m autobot.vision.digits --out templates/digits`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from autobot.drivers.browser import BrowserConfig, open_browser
from autobot.page.server import page_url, serve_page
from autobot.vision import glyph_tile, glyphs
from autobot.vision.harvest import keep_distinct, wait_for_sheet

DIGITS = "0123456789"
DIGITS_DIR = glyphs.DEFAULT_DIR.parent / "digits"
# (theme, device scale): the count is text on the page's background, so typed tiles' glyphs.
VARIANTS: tuple[tuple[str, float], ...] = (("light", 1.0), ("dark", 1.0), ("light", 2.0),
                                           ("dark", 2.0))


def count_cell(grid: Any, row: int, shape: tuple[int, ...]) -> tuple[int, int, int, int] | None:
    """(x0, y0, x1, y1) of the cell right of board row `row`, or None if it leaves the frame."""
    x0 = round(grid.x + grid.cols * grid.pitch_x)
    y0 = round(grid.y + row * grid.pitch_y)
    x1, y1 = round(x0 + grid.tile), round(y0 + grid.tile_h)
    if x0 < 0 or y0 < 0 or x1 > shape[1] or y1 > shape[0] or x1 - x0 < 4:
        return None
    return x0, y0, x1, y1


def read_count(frame: np.ndarray, grid: Any, row: int,
               templates: glyphs.Templates | None = None) -> int | None:
    """The digit shown right of board row `row` (a Jotto count), or None if none can be read."""
    box = count_cell(grid, row, frame.shape)
    if box is None:
        return None
    x0, y0, x1, y1 = box
    grey = glyph_tile(frame[y0:y1, x0:x1])
    # The cell has no tile: its own border pixels are the page's background.
    edge = np.concatenate([grey[0], grey[-1], grey[:, 0], grey[:, -1]])
    crop = glyphs.extract_glyph(grey, float(np.median(edge)))
    if crop is None:
        return None
    digit, score = (templates or load_digit_templates()).match([glyphs.normalise(crop)])[0]
    return int(digit) if digit in DIGITS and score >= glyphs.MIN_SCORE else None


def load_digit_templates() -> glyphs.Templates:
    """The harvested digit glyphs (templates/digits)."""
    return glyphs.load_templates(DIGITS_DIR)


def harvest(out: Path) -> int:
    """Render the page's sheet of digits in Chromium, keep the distinct glyphs; how many kept."""
    found: list[tuple[str, str, np.ndarray]] = []
    with serve_page() as base:
        for theme, scale in VARIANTS:
            config = BrowserConfig(headless=True, window_size=(1000, 700), scale=scale)
            with open_browser(config) as driver:
                driver.get(page_url(base, theme=theme, anim=False, sheet=DIGITS,
                                    sheet_states=["typed"]))
                sheet = wait_for_sheet(driver, sheet=DIGITS)
                found.extend((d, f"{theme}-s{scale:g}", g) for d, g in sheet)
    kept = keep_distinct(found)
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.png"):
        old.unlink()
    for i, (digit, tag, g) in enumerate(kept):
        cv2.imwrite(str(out / f"{digit}__{tag}_{i}.png"),
                    np.clip(g * 255, 0, 255).astype(np.uint8))
    (out / "README.md").write_text(
        "# Digit templates\n\n"
        "Harvested, not drawn: `python -m autobot.vision.digits --out templates/digits`, from the\n"
        f"bundled page's `?sheet={DIGITS}&sheetstates=typed` (digits in the tiles' font, text\n"
        "colour on the page background, as `mode=jotto` draws its counts), variants "
        + ", ".join(f"{t} x{s:g}" for t, s in VARIANTS)
        + f"; {len(kept)} distinct glyphs kept of {len(found)}. Read by "
        "`autobot.vision.digits.read_count`.\n",
        encoding="utf-8",
    )
    return len(kept)


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(prog="python -m autobot.vision.digits", description=__doc__)
    parser.add_argument("--out", type=Path, default=DIGITS_DIR)
    args = parser.parse_args(argv)
    print(f"wrote {harvest(args.out)} digit templates to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
