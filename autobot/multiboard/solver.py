"""The many-board solver: one guess for every open board, chosen by a strategy over the matrix.

A strategy is a callable `(lists, view) -> guess row`, where the view holds the open boards'
candidate columns, the guesses left and which guess rows are legal. `MultiSolver.next_guess`
adds what every strategy needs: the opener, banned words, memoisation per position.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from autobot.errors import AutobotError
from autobot.multiboard.rollout import rollouts, sample_targets
from autobot.multiboard.split import board_splits
from autobot.multiboard.state import MultiState
from autobot.outcomes import Reason
from autobot.solver import SolverConfig, make_solver

OPENER = "salet"


@dataclass(frozen=True)
class View:
    """What a strategy decides on: open boards' candidate columns, guesses left, legal rows."""

    boards: tuple[np.ndarray, ...]  # candidate answer columns of each open board
    left: int  # guesses still to play, this one included
    legal: np.ndarray  # bool per guess row


@dataclass(frozen=True)
class Lists:
    """What a strategy scores with: codes of guess rows x answer columns, each column's guess
    row, and the guess rows' words."""

    matrix: np.ndarray
    answer_rows: np.ndarray
    words: tuple[str, ...]


Strategy = Callable[[Lists, View], int]


class MultiSolver:
    """Word lists, the pattern matrix and a strategy; pure with respect to the game state."""

    def __init__(
        self, strategy: str = "joint", answers: str = "answers", guesses: str = "allowed",
        start: str | None = OPENER, lang: str = "en",
    ) -> None:
        if strategy not in STRATEGIES:
            raise AutobotError(
                f"unknown multi-board strategy {strategy!r} (choose from {', '.join(STRATEGIES)})"
            )
        # The single-board solver owns the lists, the matrix and the filtering of rows.
        config = SolverConfig(strategy="entropy", answers=answers, guesses=guesses, lang=lang)
        self.single = make_solver(config)
        if lang != "en" and start == OPENER:
            start = self.single.start  # the English opener is no word of another language
        self.matrix = self.single.matrix
        self.guesses = self.single.guesses
        self.answers = self.single.answers
        self.answer_rows = self.single.answer_rows(np.arange(len(self.answers)))
        self.lists = Lists(self.matrix, self.answer_rows, self.guesses.words)
        if start is not None and start.lower() not in self.single.guess_index:
            raise AutobotError(f"start word {start!r} is not in the {self.guesses.name} list")
        self.start = start.lower() if start else None
        self.strategy_name = strategy
        self.strategy: Strategy = STRATEGIES[strategy]
        self._memo: dict[MultiState, str] = {}

    def board_words(self, state: MultiState, board: int) -> np.ndarray | tuple[str, ...]:
        """One board's possible answers: columns of the answers list, or, when none of it fits
        (a site with its own list), the words the game accepts that fit, common words first.
        AutobotError naming the rows when not even those fit."""
        history = state.history(board)
        cols = self.single.candidate_columns(history)
        if len(cols) == 0:
            offlist = self.single.offlist
            if offlist is not None:
                found, level = offlist.fit(history, frozenset(state.banned))
                if level == "fits":
                    order = np.argsort(-offlist.prior()[found], kind="stable")
                    return tuple(offlist.lexicon.words[i] for i in found[order])
            rows = ", ".join(f"{t.guess.upper()} {t.marks.upper()}" for t in history)
            raise AutobotError(f"board {board + 1}: no word in the {self.answers.name} list "
                               f"fits {rows}", reason=Reason.NO_WORDS)
        return cols

    def candidates(self, state: MultiState, board: int) -> list[str]:
        """One board's possible answers as words."""
        found = self.board_words(state, board)
        return list(found) if isinstance(found, tuple) else [self.answers.words[c] for c in found]

    def position(self, state: MultiState) -> tuple[Lists, tuple[np.ndarray, ...]]:
        """The lists a strategy plays this position with, and each open board's columns.

        Boards the answers list covers use the solver's own matrix. Words past it (see
        `board_words`) become extra columns, and extra guess rows where the guess list lacks
        them, coded on the spot: the strategies then treat them like any answer.
        """
        found = [self.board_words(state, b) for b in state.open_boards]
        extra = sorted({w for f in found if isinstance(f, tuple) for w in f})
        if not extra:
            return self.lists, tuple(f for f in found if not isinstance(f, tuple))
        offlist = self.single.offlist
        assert offlist is not None  # board_words only returns words when it exists
        lexicon = offlist.lexicon
        new_rows = [w for w in extra if w not in self.single.guess_index]
        guess_words = self.guesses.words + tuple(new_rows)
        guess_lex = np.array(lexicon.rows_of(guess_words), dtype=np.int64)
        answer_lex = np.array(lexicon.rows_of(self.answers.words), dtype=np.int64)
        extra_lex = np.array(lexicon.rows_of(extra), dtype=np.int64)
        matrix = np.empty((len(guess_words), len(self.answers) + len(extra)),
                          dtype=self.matrix.dtype)
        matrix[: len(self.guesses), : len(self.answers)] = self.matrix
        matrix[len(self.guesses):, : len(self.answers)] = offlist.block(
            guess_lex[len(self.guesses):], answer_lex)
        matrix[:, len(self.answers):] = offlist.block(guess_lex, extra_lex)
        row_of = {w: i for i, w in enumerate(guess_words)}
        answer_rows = np.concatenate([self.answer_rows,
                                      np.array([row_of[w] for w in extra], dtype=np.int64)])
        column = {w: len(self.answers) + i for i, w in enumerate(extra)}
        boards = tuple(
            np.array([column[w] for w in f], dtype=np.int64) if isinstance(f, tuple) else f
            for f in found
        )
        return Lists(matrix, answer_rows, guess_words), boards

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
            lists, boards = self.position(state)
            legal = np.ones(len(lists.words), dtype=bool)
            banned = {word.lower() for word in state.banned}
            legal[[i for i, w in enumerate(lists.words) if w in banned]] = False
            if not any(legal[lists.answer_rows[cols]].any() for cols in boards):
                raise AutobotError("every word that fits a board was rejected by the game")
            row = self.strategy(lists, View(boards, max(1, state.left), legal))
            guess = lists.words[int(row)]
        if guess in state.banned:
            raise AssertionError(f"strategy {self.strategy_name} proposed banned {guess!r}")
        self._memo[state] = guess
        return guess


# --- strategies ------------------------------------------------------------------------------


def _best(scores: np.ndarray, rows: np.ndarray, solver: Lists, view: View) -> int:
    """The top-scoring row (higher is better); ties go to a possible answer, then list order."""
    ties = rows[scores >= scores.max() - 1e-9]
    is_candidate = np.zeros(len(solver.words), dtype=bool)
    for cols in view.boards:
        is_candidate[solver.answer_rows[cols]] = True
    hits = ties[is_candidate[ties]]
    return int(hits[0] if len(hits) else ties[0])


def _certain_rows(solver: Lists, view: View) -> np.ndarray:
    """Answers of boards with exactly one candidate left (legal ones), in board order."""
    rows = [int(solver.answer_rows[c[0]]) for c in view.boards if len(c) == 1]
    return np.array([r for r in rows if view.legal[r]], dtype=np.int64)


def baseline(solver: Lists, view: View) -> int:
    """Plain greedy: a board's certain answer, else the allowed word with most summed entropy."""
    certain = _certain_rows(solver, view)
    if len(certain):
        return int(certain[0])
    rows = np.flatnonzero(view.legal)
    splits = board_splits(solver.matrix, rows, list(view.boards))
    return _best(splits.entropy.sum(axis=1), rows, solver, view)


# The joint strategy's rollouts (see rollout.py): positions with at most this many candidates
# in all get them (every position after the opener up to Octordle: 8 boards x 221 at most;
# Sedecordle and up play their first big guesses greedily, where rollouts would cost seconds);
# the guesses tried (best by bits, best possible answers), the greedy player's pool of rows
# inside a rollout, and the answer sets sampled per guess. Measured (seed 0, 2,000 games):
# rollouts at every position instead of at <= 100 candidates: Dordle 4.745 -> 4.719, Quordle
# 6.90 -> 6.87; 150 samples instead of 48 matter there, 400 or twice the guesses tried do not.
ROLLOUT_TOTAL = 2000
TRY_SPLITTERS = 8
TRY_ANSWERS = 4
POOL = 200
SAMPLES = 150
ROLLOUT_HIT_BITS = 2.0  # inside rollouts, bits a guess that may solve a board now is worth


def _top(scores: np.ndarray, rows: np.ndarray, k: int) -> np.ndarray:
    """The k best-scoring rows, best first (ties in list order)."""
    return rows[np.argsort(-scores, kind="stable")[:k]]


def joint(solver: Lists, view: View) -> int:
    """Certain answers first (the one that tells the other boards most); else rollouts.

    A few guesses (the greedy player's best splitters and the possible answers that split best)
    are each played out to the end by the greedy player against sampled answer sets; the one
    that finishes in the fewest guesses on average is typed. Positions too big to play out
    (the first guesses of 16 boards and up): the greedy choice.
    When the guesses left only just cover the open boards, every guess must be a candidate.
    """
    boards = list(view.boards)
    certain = _certain_rows(solver, view)
    if len(certain):
        if len(certain) == 1:
            return int(certain[0])
        splits = board_splits(solver.matrix, certain, boards)
        return _best(splits.entropy.sum(axis=1), certain, solver, view)
    answers = np.unique(np.concatenate([solver.answer_rows[c] for c in boards]))
    answers = answers[view.legal[answers]]
    rows = answers if view.left <= len(boards) else np.flatnonzero(view.legal)
    bits = board_splits(solver.matrix, rows, boards).entropy.sum(axis=1)
    if sum(len(b) for b in boards) > ROLLOUT_TOTAL:
        return _best(bits, rows, solver, view)
    is_answer = np.isin(rows, answers)
    tried = np.unique(np.concatenate([
        _top(bits, rows, TRY_SPLITTERS),
        _top(bits[is_answer], rows[is_answer], TRY_ANSWERS),
    ]))
    # Possible answers first in the pool: the greedy player's ties go to them.
    pool = np.concatenate([answers, _top(bits[~is_answer], rows[~is_answer], POOL)])
    targets = sample_targets(boards, SAMPLES, seed=len(view.boards) * 1000 + view.left)
    lengths = rollouts(solver.matrix, solver.answer_rows, pool, boards, tried, targets,
                       view.left, ROLLOUT_HIT_BITS).mean(axis=1)
    # Fewest guesses on average; among equals the greedy player's own preference.
    rank = {int(r): i for i, r in enumerate(_top(bits, rows, len(rows)))}
    pick = min(range(len(tried)), key=lambda i: (lengths[i], rank[int(tried[i])]))
    return int(tried[pick])


STRATEGIES: dict[str, Strategy] = {"joint": joint, "baseline": baseline}
