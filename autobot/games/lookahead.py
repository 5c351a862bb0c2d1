"""The look-ahead player: the entropy player, but small candidate sets are played exactly.

With at most `exact` candidates left (and no row limit) the guess is the one of least expected
guesses to win, found by expectimax over every feedback: the candidates themselves and the
`pool` best splitters of each position are tried (inside the search, splitters are drawn from
the parent position's best ones), positions are memoised, and a guess is cut
off as soon as a lower bound on its cost (a set of k needs at least (2k - 1) / k guesses more:
one word can be the secret, every other one needs a second guess) passes the best found.
Only games whose code matrix is stored (few codes: Jotto) are played this way.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from autobot.games.base import Game
from autobot.games.codes import block_split
from autobot.games.entropy import EntropyPlayer

EXACT = 20  # candidate sets this small are played exactly
POOL = 12  # best splitters by entropy that join the candidates as guesses there
HINT = 60  # splitters of a set that its subsets (inside the search) choose theirs from


def floor_cost(k: int) -> float:
    """The fewest guesses a set of k candidates can need on average: (2k - 1) / k."""
    return (2 * k - 1) / k


class LookaheadPlayer(EntropyPlayer):
    """Entropy on big candidate sets; exact expected guesses on small ones."""

    def __init__(
        self, game: Game, guesses: Sequence[str] | None = None, exact: int = EXACT,
        pool: int = POOL,
    ) -> None:
        super().__init__(game, guesses)
        self.exact = exact if not self._fused else 0
        # The book depends on the settings; with nothing played exactly it is the entropy one.
        self.book_tag = f"lookahead-{self.exact}-{pool}-{HINT}" if self.exact else ""
        self.pool = pool
        self._memo: dict[tuple[int, ...], tuple[float, int]] = {}

    def _best(self, candidates: np.ndarray, rows_left: int | None = None,
              allowed: np.ndarray | None = None) -> int:
        if rows_left is not None or allowed is not None or self._fused or len(candidates) <= 2:
            return super()._best(candidates, rows_left, allowed)
        if len(candidates) <= self.exact:
            return self.expected(tuple(sorted(int(c) for c in candidates)))[1]
        return super()._best(candidates, rows_left)

    def expected(
        self, cands: tuple[int, ...], hint: np.ndarray | None = None
    ) -> tuple[float, int]:
        """(expected guesses to win, best guess row) for this sorted set of answer numbers.

        Splitters come from `hint` rows (default: every guess); smaller sets inside the search
        take theirs from the parent's best HINT splitters, which keeps each step cheap.
        """
        n = len(cands)
        if n <= 2:
            # Guess a candidate: it wins, or the other one is certain (nothing does better).
            return floor_cost(n), int(self._answer_row[cands[0]])
        hit = self._memo.get(cands)
        if hit is not None:
            return hit
        arr = np.array(cands)
        hint = np.arange(len(self.guesses)) if hint is None else hint
        nlogn, _, _ = block_split(self._matrix[np.ix_(hint, arr)], self.game.n_codes)
        ranked = hint[np.argsort(nlogn, kind="stable")]
        own = self._answer_row[arr]
        rows = np.concatenate([ranked[: self.pool], own])
        children = ranked[:HINT]
        best, best_row, seen = float("inf"), -1, set()
        candidate_rows = {int(r) for r in own}
        for row in (int(r) for r in rows):
            if row in seen:
                continue
            seen.add(row)
            codes = self._matrix[row, arr]
            groups = [arr[codes == c] for c in np.unique(codes) if c != self.game.win_code]
            if len(groups) == 1 and len(groups[0]) == n:
                continue  # tells nothing, wins nothing
            sizes = [len(g) for g in groups]
            bound = 1.0 + sum(k / n * floor_cost(k) for k in sizes)
            if bound > best + 1e-12:
                continue
            cost = bound
            for g in sorted(groups, key=len, reverse=True):
                k = len(g)
                below = self.expected(tuple(int(c) for c in g), children)[0]
                cost += k / n * (below - floor_cost(k))
                if cost > best + 1e-12:
                    break  # worse already: never compared as a tie
            else:
                if cost < best - 1e-12 or (
                    row in candidate_rows and best_row not in candidate_rows
                ):
                    best, best_row = cost, row
        result = (best, best_row)
        self._memo[cands] = result
        return result


__all__ = ["EXACT", "HINT", "POOL", "LookaheadPlayer", "floor_cost"]
