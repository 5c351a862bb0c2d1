"""Tuble players: keep the stations consistent with every answer, pick the next guess.

`SeedPlayer` is the seed post's algorithm: among the consistent stations, guess the one that
leaves the fewest on average. `OptimalPlayer` plays an exact decision tree: each guess (any
station, consistent or not) minimises the total guesses summed over the stations still possible,
found by branch and bound with memoised subsets (only 266 stations, and each answer splits them
finely, so the whole tree takes a few seconds).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from autobot.games.tuble.rules import WIN, code_table


def _classes(codes: np.ndarray) -> list[np.ndarray]:
    """Positions grouped by code, the win (code 0) left out: the candidates each answer leaves."""
    order = np.argsort(codes, kind="stable")
    sorted_codes = codes[order]
    cuts = np.flatnonzero(np.diff(sorted_codes)) + 1
    return [group for group in np.split(order, cuts) if codes[group[0]] != WIN]


def consistent(candidates: np.ndarray, guess: int, code: int,
               table: np.ndarray | None = None) -> np.ndarray:
    """The candidates that would have answered `guess` with `code`."""
    table = code_table() if table is None else table
    return candidates[table[guess, candidates] == code]


@dataclass
class SeedPlayer:
    """Among the consistent stations, the one whose answer leaves the fewest on average."""

    table: np.ndarray = field(default_factory=code_table)
    name: str = "seed (consistent, fewest left on average)"

    def decide(self, candidates: np.ndarray) -> int:
        """The consistent station with the smallest expected number left (ties: first by name)."""
        k = len(candidates)
        sub = self.table[np.ix_(candidates, candidates)].astype(np.int64)
        # Class sizes per guess at once: unique (guess row, code) pairs and their counts. Each
        # guess is a candidate, so each row has one win class of size 1: the same for all.
        keys = np.arange(k)[:, None] * (int(sub.max()) + 1) + sub
        uniq, counts = np.unique(keys, return_counts=True)
        scores = np.bincount(uniq // (int(sub.max()) + 1), weights=counts.astype(np.float64) ** 2,
                             minlength=k)
        return int(candidates[int(np.argmin(scores))])

    def decide_slow(self, candidates: np.ndarray) -> int:
        """The same choice one guess at a time (the reference for `decide`)."""
        best, best_score = int(candidates[0]), None
        for guess in candidates:
            row = self.table[guess, candidates]
            _, counts = np.unique(row[row != WIN], return_counts=True)
            score = int((counts.astype(np.int64) ** 2).sum())  # x len(candidates) expected left
            if best_score is None or score < best_score:
                best, best_score = int(guess), score
        return best


@dataclass
class OptimalPlayer:
    """The guess of an exact tree minimising the summed guesses over the possible stations."""

    table: np.ndarray = field(default_factory=code_table)
    name: str = "optimal tree (fewest total guesses)"
    _memo: dict[tuple[int, ...], tuple[int, int]] = field(default_factory=dict, repr=False)

    def decide(self, candidates: np.ndarray) -> int:
        """The tree's guess for these candidates."""
        return self.solve(candidates)[1]

    def cost(self, candidates: np.ndarray) -> int:
        """Total guesses summed over the candidates when each is the answer in turn."""
        return self.solve(candidates)[0]

    def solve(self, candidates: np.ndarray) -> tuple[int, int]:
        """(total guesses, first guess) of the best tree for `candidates` (sorted indices)."""
        key = tuple(int(c) for c in np.sort(candidates))
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        s = np.array(key)
        k = len(s)
        if k <= 2:
            # One: guess it. Two: guess one (1), then the other (2).
            result = (1 if k == 1 else 3, int(s[0]))
            self._memo[key] = result
            return result
        sub = self.table[:, s]
        in_s = np.zeros(len(self.table), dtype=bool)
        in_s[s] = True
        # A class of m stations costs at least 2m - 1 more guesses (one of them can be next).
        srt = np.sort(sub, axis=1)
        n_classes = 1 + (np.diff(srt, axis=1) != 0).sum(axis=1)
        wins = in_s.astype(np.int64)
        bound = k + 2 * (k - wins) - (n_classes - wins)
        order = np.lexsort((np.arange(len(bound)), ~in_s, bound))
        best = (np.iinfo(np.int64).max, -1)
        for g in order:
            if bound[g] >= best[0]:
                break
            total = k
            for group in sorted(_classes(sub[g]), key=len, reverse=True):
                total += self.solve(s[group])[0]
                if total >= best[0]:
                    break
            else:
                best = (int(total), int(g))
        self._memo[key] = best
        return best


def play(player: SeedPlayer | OptimalPlayer, answer: int, rows: int = 100,
         timer: Callable[[], float] | None = None) -> tuple[list[int], list[float]]:
    """One game against `answer`: the guesses, and each decision's seconds when `timer` is given."""
    table = player.table
    candidates = np.arange(len(table))
    guesses: list[int] = []
    times: list[float] = []
    for _ in range(rows):
        start = timer() if timer else 0.0
        guess = player.decide(candidates)
        if timer:
            times.append(timer() - start)
        guesses.append(guess)
        code = int(table[guess, answer])
        if code == WIN:
            break
        candidates = consistent(candidates, guess, code, table)
    return guesses, times


__all__ = ["OptimalPlayer", "SeedPlayer", "consistent", "play"]
