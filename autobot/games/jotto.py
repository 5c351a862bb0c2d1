"""Jotto: the answer to a guess is how many letters it shares with the secret, not where.

The seed is Eli Bendersky's Jotto player ("My guess is: feats / Score: 1 / Legal words left:
1380"). Words have five distinct letters; five in common with the same letters is an anagram, not
a win, so the exact word gets its own code (length + 1).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

import numpy as np

from autobot.games.base import Game
from autobot.games.lists import length_lists
from autobot.kernels.feedback import encode


def jotto_feedback(guess: str, answer: str) -> int:
    """Letters in common (each copy counted once), or length + 1 for the word itself."""
    if guess == answer:
        return len(guess) + 1
    return sum((Counter(guess) & Counter(answer)).values())


def jotto_codes(guesses: Sequence[str], answers: Sequence[str]) -> np.ndarray:
    """The same codes for whole lists: letter counts, summed minima per letter."""
    (g, a), width = encode(guesses, answers)
    gc = np.stack([(g == k).sum(axis=1) for k in range(width)], axis=1)
    ac = np.stack([(a == k).sum(axis=1) for k in range(width)], axis=1)
    out = np.zeros((len(guesses), len(answers)), dtype=np.int32)
    for k in range(width):
        out += np.minimum(gc[:, k, None], ac[None, :, k])
    same = (g[:, None, :] == a[None, :, :]).all(axis=2)
    out[same] = g.shape[1] + 1
    return out


def count_reply(length: int) -> Callable[[str], int]:
    """The parse of a typed Jotto answer: the letters in common (0..length) or 'win'."""

    def parse(text: str) -> int:
        text = text.strip().lower()
        if text in ("win", "yes", "!"):
            return length + 1
        if text.isdigit() and int(text) <= length:
            return int(text)
        raise ValueError(f"{text!r} is not a count of letters in common (0..{length}) or 'win'")

    return parse


def distinct_letters(words: Sequence[str]) -> tuple[str, ...]:
    """The words with no repeated letter (the usual Jotto list)."""
    return tuple(w for w in words if len(set(w)) == len(w))


def make(length: int = 5) -> Game:
    """Jotto: secrets are the Wordle answers with distinct letters; any allowed word is a guess."""
    words, allowed = length_lists(length)
    answers = distinct_letters(words)
    return Game(
        name="jotto", length=length, rows=None, page="count", answers=answers,
        guesses=allowed, feedback=jotto_feedback, block=jotto_codes,
        win_code=length + 1, n_codes=length + 2,
        describe=lambda code: "win" if code == length + 1 else f"{code} in common",
        code_of=lambda marks: length + 1 if marks.upper() == "G" * length else int(marks),
        page_mode="jotto", reply_parse=count_reply(length), reply_question="Score? ",
        reply_help=f"type the letters your guess shares with the secret (0..{length}) or 'win'; "
                   "'quit' to stop",
    )


__all__ = ["count_reply", "distinct_letters", "jotto_codes", "jotto_feedback", "make"]
