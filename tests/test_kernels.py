"""The one feedback kernel and the one bucket kernel against their slow, obviously-correct
references (`autobot.rules.score` / `score_lenient`, a Counter), and the splits built on them."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
import references

from autobot.games.codes import block_split, wordle_split
from autobot.kernels.buckets import bucket_sizes, clear_buckets, count_buckets
from autobot.kernels.feedback import encode, feedback_block, reference_block, word_codes


def _words(rng: random.Random, length: int, n: int, alphabet: str) -> list[str]:
    """Random words over a small alphabet: repeated letters everywhere (where the rule bites)."""
    return ["".join(rng.choice(alphabet) for _ in range(length)) for _ in range(n)]


@pytest.mark.parametrize("length", range(4, 12))
@pytest.mark.parametrize("lenient", [False, True], ids=["strict", "lenient"])
def test_feedback_kernel_matches_score_at_every_length(length: int, lenient: bool) -> None:
    rng = random.Random(length)
    guesses = _words(rng, length, 40, "aabcde")
    answers = _words(rng, length, 30, "abcdef")
    fast = word_codes(guesses, answers, lenient)
    assert fast.dtype == np.int32 and fast.shape == (40, 30)
    assert (fast == reference_block(guesses, answers, lenient)).all()


def test_feedback_kernel_reads_any_alphabet_and_fills_uint8() -> None:
    # Letters are code points renumbered: accents and ß are letters like any other.
    rng = random.Random(5)
    words = _words(rng, 5, 60, "aäßéeo")
    fast = word_codes(words, words, dtype=np.uint8)
    assert fast.dtype == np.uint8
    assert (fast == reference_block(words, words)).all()
    assert fast[0, 0] == 3**5 - 1  # a word against itself: all green


def test_feedback_block_of_encoded_rows_and_empty_lists() -> None:
    (g, a), width = encode(["speed", "ninny"], ["abide", "annex"])
    assert feedback_block(g, a, width).tolist() == reference_block(
        ["speed", "ninny"], ["abide", "annex"]).tolist()
    (g, a), width = encode([], ["abide"])
    assert feedback_block(g, a, width).shape == (0, 1)


def test_bucket_kernel_matches_a_counter() -> None:
    rng = np.random.default_rng(7)
    codes = rng.integers(0, 30, size=(3, 200)).astype(np.uint8)
    cols = rng.permutation(200).astype(np.int64)
    counts = np.zeros(30, dtype=np.int64)
    touched = np.empty(30, dtype=np.int64)
    for row, lo, hi in [(0, 0, 200), (1, 17, 90), (2, 50, 51), (2, 60, 60)]:
        k = count_buckets(codes, row, cols, lo, hi, counts, touched)
        expected, _ = references.buckets(codes[row, cols[lo:hi]])
        assert touched[:k].tolist() == list(expected)  # first seen first
        assert {int(c): int(counts[c]) for c in touched[:k]} == dict(expected)
        assert counts.sum() == hi - lo
        clear_buckets(counts, touched, k)
        assert not counts.any()
    # Without columns the row is read in order.
    k = count_buckets(codes, 0, None, 0, 200, counts, touched)
    assert touched[:k].tolist() == list(references.buckets(codes[0])[0])


def test_bucket_kernel_sums_weights() -> None:
    rng = np.random.default_rng(8)
    codes = rng.integers(0, 243, size=(1, 500)).astype(np.uint8)
    cols = np.arange(500, dtype=np.int64)[::-1].copy()
    weights = rng.random(500)
    weights[::7] = 0.0  # a weightless candidate still counts, with no mass
    counts = np.zeros(243, dtype=np.int32)
    mass = np.zeros(243)
    touched = np.empty(243, dtype=np.int64)
    k = count_buckets(codes, 0, cols, 0, 500, counts, touched, weights, mass)
    expected, expected_mass = references.buckets(codes[0, cols], weights)
    assert touched[:k].tolist() == list(expected)
    for code, m in expected_mass.items():
        assert mass[code] == pytest.approx(m, rel=1e-12)


def test_bucket_sizes_of_a_block() -> None:
    block = np.random.default_rng(9).integers(0, 7, size=(50, 80)).astype(np.int8)
    sizes = bucket_sizes(block, 7)
    assert sizes.shape == (50, 7)
    assert (sizes == np.stack([np.bincount(row, minlength=7) for row in block])).all()


def _reference_split(block: np.ndarray) -> list[tuple[float, int, int]]:
    """Per row: sum n log n, largest bucket, bucket count, from a Counter."""
    out = []
    for row in block:
        sizes, _ = references.buckets(row)
        out.append((sum(n * math.log(n) for n in sizes.values()), max(sizes.values()),
                    len(sizes)))
    return out


@pytest.mark.parametrize("length", [4, 7, 11])
def test_games_split_matches_the_reference(length: int) -> None:
    rng = random.Random(length)
    guesses, answers = _words(rng, length, 25, "aabcdefg"), _words(rng, length, 60, "abcdefgh")
    (g, a), width = encode(guesses, answers)
    expected = _reference_split(reference_block(guesses, answers))
    for nlogn, largest, buckets in (wordle_split(g, a, width, 3**length),
                                    block_split(reference_block(guesses, answers), 3**length)):
        got = list(zip(nlogn.tolist(), largest.tolist(), buckets.tolist(), strict=True))
        for (n1, l1, b1), (n2, l2, b2) in zip(got, expected, strict=True):
            assert (l1, b1) == (l2, b2) and n1 == pytest.approx(n2, rel=1e-12)
