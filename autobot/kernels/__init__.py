"""The two hot loops every solver shares, compiled with numba: feedback codes and colour buckets.

`feedback` turns letter rows into Wordle's colour codes (any word length, any alphabet);
`buckets` counts one guess's codes over a set of candidates into colour buckets (the split every
strategy scores). Each has its slow, obviously-correct reference beside it, and the tests compare
the two. Import the submodules lazily where start-up time matters: numba takes a moment to load.
"""
