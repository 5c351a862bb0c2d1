"""Read a Wordle board from pixels: locate the grid, classify tile colours, read the letters.

A readable chain of pure steps on an RGB frame (no I/O except loading glyph templates):
`find` (square candidates -> lattice, refitted on the board at >= 24 px tiles) -> `tiles` (each
tile's ring colour, the page background) -> `palette`/`colour` roles -> `glyphs` (template
matching; a caller-owned cache skips tiles whose pixels did not change) -> `read` (rows assembled,
settled checks). This face only re-exports what callers use.
"""

from __future__ import annotations

from autobot.vision import colour, glyphs, locate, palette
from autobot.vision.find import locate_grid
from autobot.vision.model import NOT_FOUND, BoardRead, Grid, load_image
from autobot.vision.read import (
    board_glyphs,
    classify_colours,
    frames_agree,
    read_board,
    read_letters,
    render_board,
)
from autobot.vision.tiles import (
    GLYPH_TILE_PX,
    TILE_PX,
    background_lab,
    board_view,
    glyph_tile,
    sample_tiles,
)

__all__ = [
    "GLYPH_TILE_PX",
    "NOT_FOUND",
    "TILE_PX",
    "BoardRead",
    "Grid",
    "background_lab",
    "board_glyphs",
    "board_view",
    "classify_colours",
    "colour",
    "frames_agree",
    "glyph_tile",
    "glyphs",
    "load_image",
    "locate",
    "locate_grid",
    "palette",
    "read_board",
    "read_letters",
    "render_board",
    "sample_tiles",
]
