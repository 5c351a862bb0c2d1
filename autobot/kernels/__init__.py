"""The hot loops, compiled with numba: the solvers' two and the board reader's three.

Solvers: `feedback` turns letter rows into Wordle's colour codes (any word length, any
alphabet); `buckets` counts one guess's codes over a set of candidates into colour buckets (the
split every strategy scores). Reader: `outlines` judges the outlines OpenCV traces, `median`
takes the medians across bands of a board view's pixels, `glyph_match` measures a tile's ink.
What OpenCV or numpy already do (edges, outlines, sums) is theirs, not copied here. The
slow, obviously-correct references the tests compare the kernels with are `autobot.rules`'s
rules (feedback) and `tests/references.py` (the others). Import the submodules lazily where
start-up time matters: numba takes a moment to load.
"""
