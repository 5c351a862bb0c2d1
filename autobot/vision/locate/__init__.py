"""Find the Wordle board in a frame: tile candidates (`candidates`: squares, rounded squares,
circles or the shadowed half of one, tiles a little wider or taller than high) -> the largest
5-wide lattice of 1..12 rows (`lattice`)."""

from autobot.vision.locate.candidates import (
    MIN_TILE,
    Box,
    find_candidates,
    search_scale,
    to_search_grey,
    too_small,
)
from autobot.vision.locate.lattice import (
    MAX_ROWS,
    Lattice,
    fit_lattice,
    refit_lattice,
    resized_lattice,
)

__all__ = [
    "MAX_ROWS", "MIN_TILE", "Box", "Lattice", "find_candidates", "fit_lattice", "refit_lattice",
    "resized_lattice", "search_scale", "to_search_grey", "too_small",
]
