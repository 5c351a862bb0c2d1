"""The many-board solver: one guess for every open board, chosen by a strategy over the matrix.

A strategy is a callable `(solver, view) -> guess row`, where the view holds the open boards'
candidate columns, the guesses left and which guess rows are legal. `MultiSolver.next_guess`
adds what every strategy needs: the opener, banned words, memoisation per position.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from autobot.errors import AutobotError
from autobot.multiboard.endgame import Endgame, small_enough
from autobot.multiboard.split import board_splits
from autobot.multiboard.state import MultiState
from autobot.solver import SolverConfig, make_solver

OPENER = "salet"


@dataclass(frozen=True)
class View:
    """What a strategy decides on: open boards' candidate columns, guesses left, legal rows."""

    boards: tuple[np.ndarray, ...]  # candidate answer columns of each open board
    left: int  # guesses still to play, this one included
    legal: np.ndarray  # bool per guess row


Strategy = Callable[["MultiSolver", View], int]


class MultiSolver:
    """Word lists, the pattern matrix and a strategy; pure with respect to the game state."""

    def __init__(
        self, strategy: str = "joint", answers: str = "answers", guesses: str = "allowed",
        start: str | None = OPENER,
    ) -> None:
        if strategy not in STRATEGIES:
            raise AutobotError(
                f"unknown multi-board strategy {strategy!r} (choose from {', '.join(STRATEGIES)})"
            )
        # The single-board solver owns the lists, the matrix and the filtering of rows.
        config = SolverConfig(strategy="entropy", answers=answers, guesses=guesses)
        self.single = make_solver(config)
        self.matrix = self.single.matrix
        self.guesses = self.single.guesses
        self.answers = self.single.answers
        self.answer_rows = self.single.answer_rows(np.arange(len(self.answers)))
        if start is not None and start.lower() not in self.single.guess_index:
            raise AutobotError(f"start word {start!r} is not in the {self.guesses.name} list")
        self.start = start.lower() if start else None
        self.strategy_name = strategy
        self.strategy: Strategy = STRATEGIES[strategy]
        self._memo: dict[MultiState, str] = {}

    def board_columns(self, state: MultiState, board: int) -> np.ndarray:
        """One board's possible answers (columns); AutobotError naming its rows if none fit."""
        history = state.history(board)
        cols = self.single.candidate_columns(history)
        if len(cols) == 0:
            rows = ", ".join(f"{t.guess.upper()} {t.marks.upper()}" for t in history)
            raise AutobotError(f"board {board + 1}: no word in the {self.answers.name} list "
                               f"fits {rows}")
        return cols

    def candidates(self, state: MultiState, board: int) -> list[str]:
        """One board's possible answers as words."""
        return [self.answers.words[c] for c in self.board_columns(state, board)]

    def is_memoised(self, state: MultiState) -> bool:
        """Has this exact position been decided before?"""
        return state in self._memo

    def next_guess(self, state: MultiState) -> str:
        """The one guess to type into every open board now."""
        cached = self._memo.get(state)
        if cached is not None:
            return cached
        if state.won:
            raise AutobotError("every board is solved already")
        if not state.guesses and self.start and self.start not in state.banned:
            guess = self.start
        else:
            boards = tuple(self.board_columns(state, b) for b in state.open_boards)
            legal = np.ones(len(self.guesses), dtype=bool)
            for word in state.banned:
                row = self.single.guess_index.get(word.lower())
                if row is not None:
                    legal[row] = False
            if not any(legal[self.answer_rows[cols]].any() for cols in boards):
                raise AutobotError("every word that fits a board was rejected by the game")
            row = self.strategy(self, View(boards, max(1, state.left), legal))
            guess = self.guesses.words[int(row)]
        if guess in state.banned:
            raise AssertionError(f"strategy {self.strategy_name} proposed banned {guess!r}")
        self._memo[state] = guess
        return guess


# --- strategies ------------------------------------------------------------------------------


def _best(scores: np.ndarray, rows: np.ndarray, solver: MultiSolver, view: View) -> int:
    """The top-scoring row (higher is better); ties go to a possible answer, then list order."""
    ties = rows[scores >= scores.max() - 1e-9]
    is_candidate = np.zeros(len(solver.guesses), dtype=bool)
    for cols in view.boards:
        is_candidate[solver.answer_rows[cols]] = True
    hits = ties[is_candidate[ties]]
    return int(hits[0] if len(hits) else ties[0])


def _certain_rows(solver: MultiSolver, view: View) -> np.ndarray:
    """Answers of boards with exactly one candidate left (legal ones), in board order."""
    rows = [int(solver.answer_rows[c[0]]) for c in view.boards if len(c) == 1]
    return np.array([r for r in rows if view.legal[r]], dtype=np.int64)


def baseline(solver: MultiSolver, view: View) -> int:
    """Plain greedy: a board's certain answer, else the allowed word with most summed entropy."""
    certain = _certain_rows(solver, view)
    if len(certain):
        return int(certain[0])
    rows = np.flatnonzero(view.legal)
    splits = board_splits(solver.matrix, rows, list(view.boards))
    return _best(splits.entropy.sum(axis=1), rows, solver, view)


# Positions this small are played exactly (see endgame.py): candidates in all, product of the
# boards' sizes, and how many of the best-scoring guesses join the candidates as guesses.
ENDGAME_TOTAL = 12
ENDGAME_OUTCOMES = 64
ENDGAME_POOL = 10

# Guesses a lone board of n candidates still needs under good play (the optimal single-board
# tree's average over every answer, measured per n and smoothed): (n, guesses incl. the answer).
SINGLE_BOARD_GUESSES = (
    (1, 1.0), (2, 1.5), (3, 1.74), (4, 1.82), (5, 1.91), (6, 1.96), (8, 2.02), (10, 2.1),
    (16, 2.22), (24, 2.33), (50, 2.5), (100, 2.6), (200, 2.75), (2315, 3.42),
)
# A board's wasted guesses (probes and misses) weigh this much against a guess that solves a
# board now: the boards share every probe, so a sum over boards overstates what they cost.
WASTE_WEIGHT = {1: 1.0, 2: 1.0, 4: 0.8, 8: 0.6}


def waste_table(size: int) -> np.ndarray:
    """Expected wasted guesses (not the answer) of a lone board of n candidates, n < size."""
    n, guesses = np.array(SINGLE_BOARD_GUESSES).T
    at = np.log(np.maximum(np.arange(size), 1))
    return np.interp(at, np.log(n), guesses) - 1.0


_WASTE = waste_table(4096)


def waste_weight(boards: int) -> float:
    """WASTE_WEIGHT for a game of this many open boards (the nearest smaller entry)."""
    return WASTE_WEIGHT[max(k for k in WASTE_WEIGHT if k <= max(1, boards))]


def joint_scores(cost: np.ndarray, hits: np.ndarray, weight: float) -> np.ndarray:
    """The joint score per row (higher is better): boards solved now minus weighted waste."""
    return hits.sum(axis=1) - weight * cost.sum(axis=1)


def hit_chances(solver: MultiSolver, rows: np.ndarray, view: View) -> np.ndarray:
    """Per row and open board: the chance the guess is that board's answer (1/n or 0)."""
    out = np.zeros((len(rows), len(view.boards)))
    for b, cols in enumerate(view.boards):
        mark = np.zeros(len(solver.guesses))
        mark[solver.answer_rows[cols]] = 1.0 / len(cols)
        out[:, b] = mark[rows]
    return out


OPENING_TOTAL = 10**9
OPENING_HIT_BITS = 0.0
TABLE = None


def score_rows(solver: MultiSolver, rows: np.ndarray, view: View) -> np.ndarray:
    """The joint score of each row against the view's open boards."""
    boards = list(view.boards)
    hits = hit_chances(solver, rows, view)
    if sum(len(b) for b in boards) > OPENING_TOTAL:
        splits = board_splits(solver.matrix, rows, boards)
        return splits.entropy.sum(axis=1) + OPENING_HIT_BITS * hits.sum(axis=1)
    table = _WASTE if TABLE is None else TABLE
    splits = board_splits(solver.matrix, rows, boards, table)
    return joint_scores(splits.cost, hits, waste_weight(len(boards)))


def joint(solver: MultiSolver, view: View) -> int:
    """Certain answers first (the one that helps the other boards most), then the joint score.

    The score of a guess: the chance it solves a board now, less the guesses the boards are
    still expected to waste after its colours. When the guesses left only just cover the open
    boards, every guess must be a candidate; small positions are played exactly.
    """
    boards = list(view.boards)
    certain = _certain_rows(solver, view)
    if len(certain):
        if len(certain) == 1:
            return int(certain[0])
        return _best(score_rows(solver, certain, view), certain, solver, view)
    if view.left <= len(boards):
        pool = np.unique(np.concatenate([solver.answer_rows[c] for c in boards]))
        rows = pool[view.legal[pool]]
    else:
        rows = np.flatnonzero(view.legal)
    scores = score_rows(solver, rows, view)
    if small_enough(boards, ENDGAME_TOTAL, ENDGAME_OUTCOMES):
        pool = rows[np.argsort(-scores, kind="stable")[:ENDGAME_POOL]]
        game = Endgame(solver.matrix, solver.answer_rows, pool)
        cost, row = game.best(tuple(tuple(sorted(int(c) for c in b)) for b in boards), view.left)
        if row >= 0 and view.legal[row]:
            return row
    return _best(scores, rows, solver, view)


STRATEGIES: dict[str, Strategy] = {"joint": joint, "baseline": baseline}
