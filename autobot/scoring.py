"""The ways pages colour repeated letters, and which of them a page's rows allow.

Every page colours a letter green on its own place the same way, and a letter the guess holds
once the same way too; pages differ only on a letter the guess repeats:

- ``standard`` (Wordle): one yellow per spare copy in the answer, left to right.
- ``lenient``: yellow whenever the answer's non-green tiles hold the letter, copies not counted.
- ``anywhere``: yellow whenever the answer holds the letter anywhere (green there too), copies
  not counted (absurdle.cat: ``word.includes(letter)``).
- ``once``: only the guess's first copy can be yellow, and none when the letter is green in
  the row (open-wordljs).

A page's rule is learned from its rows: a rule under which no listed answer gives every row
played is not the page's (`possible_rules`); until one rule is left, the answers kept are those
some rule still possible gives the rows (`rule_candidates`), so the answer is never dropped
for a colouring the bot assumed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from autobot.kernels.feedback import encode, word_codes
from autobot.rules import Turn, marks_to_code, score, score_lenient

Rule = Callable[[str, str], str]


def score_anywhere(guess: str, answer: str) -> str:
    """Marks of a page whose yellow means "the answer has this letter somewhere": no copies
    counted, a letter green elsewhere in the row still yellow here."""
    guess, answer = guess.lower(), answer.lower()
    if len(guess) != len(answer):
        raise ValueError(f"{guess!r} and {answer!r} differ in length")
    return "".join("G" if g == a else "Y" if g in answer else "X"
                   for g, a in zip(guess, answer, strict=True))


def score_once(guess: str, answer: str) -> str:
    """Marks of a page that gives a letter one yellow at most: its first copy in the guess, and
    none when the letter is green somewhere in the row."""
    guess, answer = guess.lower(), answer.lower()
    if len(guess) != len(answer):
        raise ValueError(f"{guess!r} and {answer!r} differ in length")
    greens = {g for g, a in zip(guess, answer, strict=True) if g == a}
    marks = []
    for i, (g, a) in enumerate(zip(guess, answer, strict=True)):
        if g == a:
            marks.append("G")
        elif g in answer and g not in greens and g not in guess[:i]:
            marks.append("Y")
        else:
            marks.append("X")
    return "".join(marks)


assert score_anywhere("xanxa", "pedra") == "XYXXG"
assert score_once("speed", "abide") == "XXYXY"

# The slow, obviously-correct rules (marks), by name; "standard" first: Wordle's own.
RULES: dict[str, Rule] = {
    "standard": score,
    "lenient": score_lenient,
    "anywhere": score_anywhere,
    "once": score_once,
}
STANDARD = "standard"


def rule_codes(rule: str, guesses: Sequence[str], answers: Sequence[str]) -> np.ndarray:
    """Codes (guesses x answers, int64, tile i worth digit * 3**i) under a named rule; fast:
    the feedback kernel for the counted rules, numpy over letter arrays for the others."""
    if rule == "standard":
        return word_codes(guesses, answers).astype(np.int64)
    if rule == "lenient":
        return word_codes(guesses, answers, True).astype(np.int64)
    if rule not in RULES:
        raise ValueError(f"unknown scoring rule {rule!r}")
    (g, a), _ = encode(guesses, answers)
    g = g.astype(np.int64)[:, None, :]  # guess, 1, tile
    a = a.astype(np.int64)[None, :, :]  # 1, answer, tile
    green = g == a
    # has[gi, ai, i]: the answer holds the guess's letter i somewhere.
    has = (g[..., :, None] == a[..., None, :]).any(axis=-1)
    if rule == "anywhere":
        yellow = has & ~green
    else:  # once
        same = g[..., :, None] == g[..., None, :]  # guess letters i, j equal
        green_somewhere = (same & green[..., None, :]).any(axis=-1)
        length = g.shape[-1]
        earlier = np.tril(np.ones((length, length), bool), k=-1)  # j < i
        repeated_before = (same & earlier).any(axis=-1)
        yellow = has & ~green & ~green_somewhere & ~repeated_before
    digits = np.where(green, 2, np.where(yellow, 1, 0))
    weights = 3 ** np.arange(digits.shape[-1], dtype=np.int64)
    return (digits * weights).sum(axis=-1)


def rule_codes_reference(rule: str, guesses: Sequence[str], answers: Sequence[str]
                         ) -> np.ndarray:
    """`rule_codes` from the slow rules, one pair at a time (tests compare the two)."""
    score_of = RULES[rule]
    return np.array([[marks_to_code(score_of(g, a)) for a in answers] for g in guesses],
                    np.int64).reshape(len(guesses), len(answers))


def repeats_a_letter(word: str) -> bool:
    """Does the word hold a letter twice (the only rows where the rules can differ)?"""
    return len(set(word.lower())) < len(word)


def rule_masks(rules: Sequence[str], answers: Sequence[str], history: Sequence[Turn]
               ) -> dict[str, np.ndarray]:
    """For each rule: which `answers` give every row of `history` under it."""
    masks = {rule: np.ones(len(answers), bool) for rule in rules}
    for turn in history:
        shown = marks_to_code(turn.marks)
        codes: dict[str, np.ndarray] = {}
        for rule in rules:
            # Rows of a word with no repeated letter score alike under every rule: one block.
            key = rule if repeats_a_letter(turn.guess) else STANDARD
            if key not in codes:
                codes[key] = rule_codes(key, [turn.guess.lower()], answers)[0]
            masks[rule] &= codes[key] == shown
    return masks


def possible_rules(rules: Sequence[str], answers: Sequence[str], history: Sequence[Turn]
                   ) -> tuple[str, ...]:
    """The rules of `rules` under which some answer gives every row played (all of them when
    none does: then the rows say nothing about the rule, the list lacks the answer)."""
    masks = rule_masks(rules, answers, history)
    alive = tuple(rule for rule in rules if masks[rule].any())
    return alive or tuple(rules)


def rule_candidates(rules: Sequence[str], answers: Sequence[str], history: Sequence[Turn]
                    ) -> np.ndarray:
    """Answer numbers that some rule still possible gives every row (ascending)."""
    masks = rule_masks(rules, answers, history)
    keep = np.zeros(len(answers), bool)
    for rule in rules:
        keep |= masks[rule]
    return np.flatnonzero(keep)


def rule_candidates_reference(rules: Sequence[str], answers: Sequence[str],
                              history: Sequence[Turn]) -> list[int]:
    """`rule_candidates` from the slow rules, word by word."""
    return [k for k, word in enumerate(answers)
            if any(all(RULES[rule](t.guess, word) == t.marks.upper() for t in history)
                   for rule in rules)]


__all__ = ["RULES", "STANDARD", "possible_rules", "repeats_a_letter", "rule_candidates",
           "rule_candidates_reference", "rule_codes", "rule_codes_reference", "rule_masks",
           "score_anywhere", "score_once"]
