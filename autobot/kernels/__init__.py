"""The hot loops, compiled with numba: the solvers' two and the board reader's six.

Solvers: `feedback` turns letter rows into Wordle's colour codes (any word length, any
alphabet); `buckets` counts one guess's codes over a set of candidates into colour buckets (the
split every strategy scores). Reader: `edges` finds the outlines' pixels of a search image
(blur, Canny, closing), `contours` traces them into outlines, `outlines` judges those,
`lattice_fit` refits the board's lattice by least squares, `median` takes the medians across
bands of a board view's pixels, `glyph_match` measures a tile's ink and correlates glyphs with
every template (`pairwise`: numpy's order of adding up, for both). Each has its slow,
obviously-correct reference beside it, and the tests compare the two (the reader's bit for
bit). Import the submodules lazily where start-up time matters: numba takes a moment to load.
"""
