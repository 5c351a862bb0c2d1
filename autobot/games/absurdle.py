"""Absurdle (qntm, 2022): Wordle against an adversary who picks the answer as you go.

The rule (qntm.org/absurdle): after each guess the remaining secret words are split into buckets
by the colours they would show, and the adversary keeps the largest bucket. Among equal buckets it
keeps the least helpful response: fewest greens, then fewest yellows (as m1el/absurdle-solver's
`get_rigged_response` orders them; that solver reproduces qntm's four-guess wins), then the
smallest code. You win when the set is down to one word and you guess it.

A forced win is therefore a fixed sequence of guesses; `forced_win` finds the shortest by
iterative deepening, pruning with the bound that one guess splits a set into at most 3**N
buckets, so a set of k words needs at least ceil(log_{3**N} k) more guesses to reach one word.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from autobot.games.base import Game
from autobot.games.codes import wordle_split
from autobot.games.wordle import make as make_wordle
from autobot.kernels.feedback import encode, feedback_block


def make(length: int = 5) -> Game:
    """Absurdle: Wordle's tiles and lists, unlimited rows, an adversarial secret."""
    from dataclasses import replace

    return replace(make_wordle(length), name="absurdle", rows=None, adversarial=True,
                   page_mode="absurdle")


def _helpfulness(code: int, length: int) -> tuple[int, int, int]:
    """(greens, yellows, code): smaller is less helpful, the adversary's preference among ties."""
    digits = [(code // 3**i) % 3 for i in range(length)]
    return digits.count(2), digits.count(1), code


def respond(codes: Sequence[int], length: int) -> int:
    """The code the adversary answers, given the codes of every remaining word (pure rule)."""
    values, counts = np.unique(np.asarray(codes), return_counts=True)
    top = counts.max()
    return min((int(v) for v in values[counts == top]), key=lambda c: _helpfulness(c, length))


def reply(game: Game, guess: str, remaining: Sequence[str]) -> tuple[int, tuple[str, ...]]:
    """Absurdle's answer to `guess` and the words it keeps (slow reference, from `feedback`)."""
    codes = [game.feedback(guess, w) for w in remaining]
    code = respond(codes, game.length)
    return code, tuple(w for w, c in zip(remaining, codes, strict=True) if c == code)


@dataclass
class Search:
    """Shortest forced win by iterative deepening over `guesses` against `game.answers`."""

    game: Game
    guesses: tuple[str, ...]
    nodes: int = 0  # sets expanded (each: every guess scored against it)
    budget: int | None = None  # sets expanded at most (None: search exhaustively)

    def __post_init__(self) -> None:
        (self._g, self._a), self._width = encode(self.guesses, self.game.answers)
        self._buckets = min(self.game.n_codes, 3**self.game.length)

    def _kept(self, guess: int, words: np.ndarray) -> np.ndarray:
        codes = feedback_block(self._g[guess : guess + 1], self._a[words], self._width)[0]
        return words[codes == respond(codes, self.game.length)]

    def solve(self, words: np.ndarray, depth: int) -> list[int] | None:
        """Guesses (at most `depth`) leaving one word of `words`, or None if none exist."""
        if len(words) == 1:
            return []
        if depth == 0 or len(words) > self._buckets**depth:
            return None
        if self.budget is not None and self.nodes >= self.budget:
            return None  # out of time for this row: the caller plays its best single split
        self.nodes += 1
        _, largest, _ = wordle_split(self._g, self._a[words], self._width, self.game.n_codes)
        # The kept bucket is one of the largest, so its size is known before choosing it.
        useful = np.flatnonzero(largest <= self._buckets ** (depth - 1))
        useful = useful[largest[useful] < len(words)]
        for guess in useful[np.argsort(largest[useful], kind="stable")]:
            rest = self.solve(self._kept(int(guess), words), depth - 1)
            if rest is not None:
                return [int(guess), *rest]
        return None

    def shortest(self, max_guesses: int = 6) -> tuple[list[str], int] | None:
        """(winning guesses including the final one, guesses needed) or None up to the cap.

        Deepening from 1 means every shorter length was searched exhaustively (with a sound bound)
        and failed before the returned one: that is the proof of minimality.
        """
        words = np.arange(len(self.game.answers))
        for narrowing in range(max_guesses):
            found = self.solve(words, narrowing)
            if found is not None:
                last = self._final(found, words)
                return [self.guesses[g] for g in found] + [last], narrowing + 1
        return None

    def _final(self, found: list[int], words: np.ndarray) -> str:
        for guess in found:
            words = self._kept(guess, words)
        return self.game.answers[int(words[0])]


# Forced wins from the full answer set, found by the search above and checked by `forced_win`
# (cheap: one reply per guess). Five letters: the win m1el/absurdle-solver published for the
# 2,315 answers, four guesses, the minimum `autobot bench --game absurdle` proves.
KNOWN_WINS: dict[int, tuple[str, ...]] = {5: ("early", "point", "chump", "vivid")}


def forced_win(game: Game, guesses: Sequence[str]) -> bool:
    """Do `guesses`, played in order from the full answer set, force a win (the last one is
    the single word left)?"""
    left: tuple[str, ...] = game.answers
    for guess in guesses[:-1]:
        _, left = reply(game, guess, left)
    return left == (guesses[-1],)


# Answers beyond which no opening plan is searched (the 2,315 original ones take minutes; a
# user's list of 11,000 words would take the game's first row far longer than playing it):
# each row is then searched from the words left.
PLAN_SEARCH_MOST = 3000


def opening_plan(game: Game) -> tuple[str, ...] | None:
    """A shortest forced win from the start: the known one if it checks out, else searched
    over the answers as guesses (slow once: minutes for the full list; None past
    PLAN_SEARCH_MOST answers)."""
    known = KNOWN_WINS.get(game.length)
    if known and all(w in game.guesses for w in known) and forced_win(game, known):
        return known
    if len(game.answers) > PLAN_SEARCH_MOST:
        return None
    found = Search(game, game.answers).shortest()
    return tuple(found[0]) if found else None


def shortest_forced_win(
    game: Game, quick: Sequence[str] | None = None, max_guesses: int = 6
) -> tuple[list[str], int, dict[str, int]] | None:
    """The fewest guesses forcing a win with any allowed guess, proven minimal.

    Deepening one guess at a time: first a cheap search over the `quick` guesses (any win found
    there is a win with the full list too), and only when it fails an exhaustive search of that
    depth over every allowed guess, which either finds a win or proves none exists that short.
    """
    full = Search(game, game.guesses)
    fast = Search(game, tuple(quick)) if quick else None
    words = np.arange(len(game.answers))
    for narrowing in range(max_guesses):
        for search in (fast, full) if fast else (full,):
            found = search.solve(words, narrowing)
            if found is not None:
                wins = [search.guesses[g] for g in found] + [search._final(found, words)]
                nodes = {"full_nodes": full.nodes, "quick_nodes": fast.nodes if fast else 0}
                return wins, narrowing + 1, nodes
    return None


__all__ = ["KNOWN_WINS", "Search", "forced_win", "make", "opening_plan", "reply", "respond",
           "shortest_forced_win"]
