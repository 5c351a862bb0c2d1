"""The vectorised pattern matrix against the slow reference `score`, and its disk cache."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from autobot.rules import marks_to_code, score
from autobot.solver.patterns import compute_matrix, pattern_matrix, reference_matrix
from autobot.words import WordList, load_words


def test_matrix_matches_reference_on_10000_random_pairs() -> None:
    guesses, answers = load_words("allowed"), load_words("answers")
    matrix = pattern_matrix(guesses, answers)
    assert matrix.shape == (12972, 2315) and matrix.dtype == np.uint8
    rng = random.Random(2315)
    for _ in range(10_000):
        g, a = rng.randrange(len(guesses)), rng.randrange(len(answers))
        assert matrix[g, a] == marks_to_code(score(guesses.words[g], answers.words[a])), (
            guesses.words[g], answers.words[a])


def test_matrix_matches_reference_on_doubled_letter_words() -> None:
    # Every pair among words with repeated letters: where the duplicate rule bites.
    nyt = load_words("nyt").words
    doubled = tuple(w for w in nyt if len(set(w)) <= 3)[:150]
    assert len(doubled) == 150
    assert (compute_matrix(doubled, doubled) == reference_matrix(doubled, doubled)).all()


def test_lenient_matrix_matches_the_slow_lenient_rule() -> None:
    # The same doubled-letter words, coloured the way a page that does not count copies would.
    nyt = load_words("nyt").words
    doubled = tuple(w for w in nyt if len(set(w)) <= 3)[:120]
    mixed = doubled + tuple(random.Random(3).sample(nyt, 80))
    fast = compute_matrix(mixed, mixed, lenient=True)
    assert (fast == reference_matrix(mixed, mixed, lenient=True)).all()
    # It differs from Wordle's rule exactly where a guess repeats a letter.
    strict = compute_matrix(mixed, mixed)
    differ = (fast != strict).any(axis=1)
    assert differ.any()
    assert all(len(set(mixed[i])) < 5 for i in np.flatnonzero(differ))


def test_matrix_block_boundaries() -> None:
    # More guesses than one block holds, so several blocks are stitched together.
    rng = random.Random(7)
    nyt = load_words("nyt").words
    guesses = tuple(rng.sample(nyt, 700))
    answers = tuple(rng.sample(nyt, 3000))
    got = compute_matrix(guesses, answers)
    rows = rng.sample(range(700), 20)
    assert (got[rows] == reference_matrix(tuple(guesses[r] for r in rows), answers)).all()


def test_cache_is_written_and_reused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AUTOBOT_CACHE", str(tmp_path))
    guesses = WordList("g", ("crane", "sissy", "geese", "lolly"))
    answers = WordList("a", ("there", "hello", "missy"))
    first = pattern_matrix(guesses, answers)
    files = list(tmp_path.glob("patterns-*.npy"))
    assert [f.name for f in files] == [f"patterns-{guesses.digest}-{answers.digest}.npy"]
    assert (np.load(files[0]) == first).all()
    assert (first == reference_matrix(guesses.words, answers.words)).all()


def test_corrupt_cache_is_recomputed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AUTOBOT_CACHE", str(tmp_path))
    guesses = WordList("g2", ("abbey", "babes", "kebab"))
    answers = WordList("a2", ("abbey", "kebab"))
    path = tmp_path / f"patterns-{guesses.digest}-{answers.digest}.npy"
    path.write_bytes(b"not a numpy file")
    matrix = pattern_matrix(guesses, answers)
    assert (matrix == reference_matrix(guesses.words, answers.words)).all()
    assert (np.load(path) == matrix).all()  # rewritten with the good matrix
