"""The final guesses played exactly: expectimax over small candidate sets, memoised.

Once the open boards hold few candidates between them, the expected number of guesses still
to type can be computed outright: try each candidate answer (and a few good splitters), follow
every colour outcome on every board, recurse. A board a guess solves leaves the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

import numpy as np

from autobot.wordle import ALL_GREEN

LOST = 100.0  # the cost of running out of guesses: worse than any number of guesses
Boards = tuple[tuple[int, ...], ...]  # open boards' candidate columns, each sorted


class Endgame:
    """Exact expected guesses-to-finish for small positions over a fixed pool of guess rows."""

    def __init__(self, matrix: np.ndarray, answer_rows: np.ndarray, pool: Sequence[int]) -> None:
        self.matrix = matrix
        self.answer_rows = answer_rows
        self.pool = tuple(int(r) for r in pool)
        self._memo: dict[tuple[Boards, int], tuple[float, int]] = {}

    def outcomes(self, row: int, boards: Boards) -> list[tuple[float, Boards]]:
        """Every joint colour outcome of guessing `row`: (probability, boards still open)."""
        per_board: list[list[tuple[float, tuple[int, ...] | None]]] = []
        for cols in boards:
            groups: dict[int, list[int]] = {}
            for c in cols:
                groups.setdefault(int(self.matrix[row, c]), []).append(c)
            n = len(cols)
            per_board.append([
                (len(g) / n, None if code == ALL_GREEN else tuple(g))
                for code, g in groups.items()
            ])
        out = []
        for combo in product(*per_board):
            p = 1.0
            rest = []
            for q, cols in combo:
                p *= q
                if cols is not None:
                    rest.append(cols)
            out.append((p, tuple(sorted(rest))))
        return out

    def best(self, boards: Boards, left: int) -> tuple[float, int]:
        """(expected guesses still to type, best row) with `left` guesses remaining."""
        if not boards:
            return 0.0, -1
        if left < len(boards):
            return LOST, -1
        key = (boards, left)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        if all(len(cols) == 1 for cols in boards):
            result = (float(len(boards)), int(self.answer_rows[boards[0][0]]))
            self._memo[key] = result
            return result
        candidates = {int(self.answer_rows[c]) for cols in boards for c in cols}
        # With no guess to spare only a board's possible answer can keep the game alive.
        rows = sorted(candidates) if left == len(boards) else sorted(candidates | set(self.pool))
        best_cost, best_row = float("inf"), -1
        for row in rows:
            outs = self.outcomes(row, boards)
            if len(outs) == 1 and outs[0][1] == boards:
                continue  # tells nothing and solves nothing
            cost = 1.0
            for p, rest in outs:
                cost += p * self.best(rest, left - 1)[0]
                if cost > best_cost + 1e-12:
                    break  # worse already: a partial sum, never to be compared as a tie
            else:
                # Ties go to a possible answer: it might end a board now.
                if cost < best_cost - 1e-12 or (
                    cost <= best_cost + 1e-12 and row in candidates
                    and best_row not in candidates
                ):
                    best_cost, best_row = cost, row
        result = (min(best_cost, LOST), best_row)
        self._memo[key] = result
        return result


def small_enough(boards: Sequence[np.ndarray], total: int, product_cap: int) -> bool:
    """Is this position small enough to play exactly (few candidates, few joint outcomes)?"""
    sizes = [len(c) for c in boards]
    return sum(sizes) <= total and int(np.prod(sizes)) <= product_cap
