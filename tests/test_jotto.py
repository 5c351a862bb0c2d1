"""Jotto: letters in common, anagrams are not wins, and a typed-score session."""

from __future__ import annotations

import io

import numpy as np
import pytest

from autobot.games import find_game
from autobot.games.entropy import EntropyPlayer
from autobot.games.jotto import distinct_letters, jotto_codes, jotto_feedback


def test_feedback_counts_common_letters_and_anagrams_do_not_win() -> None:
    assert jotto_feedback("feats", "crane") == 2
    assert jotto_feedback("least", "slate") == 5
    assert jotto_feedback("slate", "slate") == 6
    assert jotto_feedback("geese", "sedge") == 4  # e twice in both, g, s


def test_list_is_answers_with_distinct_letters() -> None:
    game = find_game("jotto")
    assert len(game.answers) == 1566 and game.rows is None and game.page == "count"
    assert distinct_letters(("crane", "geese")) == ("crane",)


def test_fast_codes_match_reference() -> None:
    words = ["least", "slate", "crane", "feats", "geese", "mummy"]
    fast = jotto_codes(words, words)
    slow = np.array([[jotto_feedback(g, a) for a in words] for g in words])
    assert (fast == slow).all()


@pytest.mark.slow
def test_session_with_typed_scores_reaches_the_word() -> None:
    from autobot.cli.games import _asker, session

    game = find_game("jotto")
    secret = "stale"
    out = io.StringIO()

    def ask(guess: str) -> int | None:
        typed = "win" if guess == secret else str(jotto_feedback(guess, secret))
        return _asker(game, io.StringIO(typed + "\n"), out)(guess)

    assert session(EntropyPlayer(game), ask, out) == 0
    text = out.getvalue()
    assert "My guess is:" in text and "Legal words left:" in text and "Solved in" in text


@pytest.mark.slow
def test_lookahead_knows_an_anagram_is_not_a_win() -> None:
    from autobot.games.lookahead import LookaheadPlayer

    game = find_game("jotto")
    player = LookaheadPlayer(game)
    index = {w: i for i, w in enumerate(game.answers)}
    anagrams = tuple(sorted(index[w] for w in ("glare", "lager", "large", "regal")
                            if w in index))
    assert len(anagrams) >= 3
    # Every other word scores the same against all of them: they can only be tried in turn.
    n = len(anagrams)
    cost, row = player.expected(anagrams)
    assert cost == pytest.approx(sum(range(1, n + 1)) / n)
    assert player.guesses[row] in {game.answers[c] for c in anagrams}


def _brute(game, matrix: np.ndarray, rows: np.ndarray, cands: tuple[int, ...]) -> float:
    """Expected guesses to win with every one of `rows` tried at every step (tiny sets)."""
    n = len(cands)
    if n == 1:
        return 1.0
    best = float("inf")
    for row in rows:
        codes = matrix[row, list(cands)]
        groups = [tuple(c for c, k in zip(cands, codes, strict=True) if k == code)
                  for code in set(codes.tolist()) if code != game.win_code]
        if len(groups) == 1 and len(groups[0]) == n:
            continue
        best = min(best, 1 + sum(len(g) / n * _brute(game, matrix, rows, g) for g in groups))
    return best


@pytest.mark.slow
def test_lookahead_beats_candidates_only_brute_force_on_small_sets() -> None:
    from autobot.games.lookahead import LookaheadPlayer, floor_cost

    game = find_game("jotto")
    player = LookaheadPlayer(game)
    rng = np.random.default_rng(3)
    # Small sets that share a score history are the hard ones: take buckets of three guesses.
    codes = np.zeros(len(game.answers), dtype=int)
    for word in ("baler", "ghost", "mound"):
        codes = codes * 10 + player._matrix[player.guess_index[word]]
    checked = 0
    for code in rng.permutation(np.unique(codes)):
        cands = tuple(int(c) for c in np.flatnonzero(codes == code))
        if not 3 <= len(cands) <= 8:
            continue
        # Candidates alone are one strategy the search includes: it can only do as well or
        # better, and never better than the floor.
        rows = player._answer_row[list(cands)]
        cost = player.expected(cands)[0]
        assert floor_cost(len(cands)) - 1e-9 <= cost <= _brute(game, player._matrix, rows,
                                                               cands) + 1e-9
        checked += 1
        if checked == 4:
            break
    assert checked == 4
