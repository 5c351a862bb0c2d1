"""Jotto: letters in common, anagrams are not wins, and a typed-score session."""

from __future__ import annotations

import io

import numpy as np

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
