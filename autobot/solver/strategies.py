"""The strategies: each picks a guess from the state and the words still possible."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from autobot.solver.splits import SplitStats, split_stats
from autobot.solver.state import GameState, SolverConfig, Strategy

# The strategies are handed the `autobot.solver.core.Solver` that owns them; it is typed loosely
# here so that this module does not import the solver (core imports the strategies).
Solver = Any


class _MatrixStrategy:
    """Shared machinery: score every legal guess on how it splits the candidates, pick the best."""

    name = "matrix"

    def __init__(self, solver: Solver) -> None:
        self.solver = solver

    def scores(self, stats: SplitStats, n: int) -> np.ndarray:
        """Lower is better; one score per guess row."""
        raise NotImplementedError

    def __call__(self, state: GameState, candidates: Sequence[str]) -> str:
        solver = self.solver
        if len(candidates) <= 2:
            return solver.most_likely(candidates, state)
        cols = solver.answer_columns(candidates)
        weights = solver.weights_for(state)[cols]
        weights = weights / weights.sum()
        mask = solver.probe_mask(state, cols)
        perfect = self._perfect_candidate(cols, weights, mask)
        if perfect is not None:  # splits the rest into singletons: no guess can do better
            return perfect
        rows = np.flatnonzero(mask)
        scores = self.scores(split_stats(solver.matrix, rows, cols, weights), len(cols))
        # Float sums are not exact: equal splits can differ in the last bits.
        ties = rows[scores <= scores.min() + 1e-9]
        # Among equals prefer a possible answer (then the likelier one), then list order.
        prior = solver.guess_prior(ties, cols, weights)
        pick = ties[int(np.argmax(prior))] if prior.max() > 0 else ties[0]
        return solver.guesses.words[int(pick)]

    def _perfect_candidate(
        self, cols: np.ndarray, weights: np.ndarray, mask: np.ndarray
    ) -> str | None:
        """The likeliest legal candidate whose colours tell every other candidate apart."""
        solver = self.solver
        rows = solver.answer_rows(cols)
        for i in np.argsort(-weights, kind="stable"):
            row = rows[i]
            if mask[row] and len(np.unique(solver.matrix[row, cols])) == len(cols):
                return solver.guesses.words[int(row)]
        return None


class EntropyStrategy(_MatrixStrategy):
    """Maximise the expected information of the colours (bits)."""

    name = "entropy"

    def scores(self, stats: SplitStats, n: int) -> np.ndarray:
        return -stats.entropy


class MinimaxStrategy(_MatrixStrategy):
    """Dodge's rule: the smallest worst-case group, probing with any allowed word."""

    name = "minimax"

    def scores(self, stats: SplitStats, n: int) -> np.ndarray:
        # The worst case in words (exact for a uniform prior); the expected group size, scaled
        # below 1, breaks ties between equal worst cases.
        return stats.max_p * n + stats.sum_sq * (n * n) / (n * n + 1.0)


class ExpectedSizeStrategy(_MatrixStrategy):
    """Minimise the expected number of candidates left after the guess."""

    name = "expected-size"

    def scores(self, stats: SplitStats, n: int) -> np.ndarray:
        return stats.sum_sq  # sum p^2 = E[group size] / n for a uniform prior


class FrequencyStrategy:
    """The classic blog solver: the candidate whose distinct letters are commonest among them."""

    name = "frequency"

    def __init__(self, solver: Solver) -> None:
        self.solver = solver

    def __call__(self, state: GameState, candidates: Sequence[str]) -> str:
        pool = [w for w in candidates if w not in state.banned] or list(candidates)
        letters = Counter(ch for w in pool for ch in set(w))
        positions = Counter((i, ch) for w in pool for i, ch in enumerate(w))
        # Distinct-letter coverage first; positional frequency only breaks ties.
        return max(
            pool,
            key=lambda w: (
                sum(letters[ch] for ch in set(w)),
                sum(positions[(i, ch)] for i, ch in enumerate(w)),
            ),
        )


STRATEGY_CLASSES: dict[str, Callable[[Solver], Strategy]] = {
    "entropy": EntropyStrategy,
    "minimax": MinimaxStrategy,
    "expected-size": ExpectedSizeStrategy,
    "frequency": FrequencyStrategy,
}


def tree_strategy_for(config: SolverConfig, solver: Solver, fallback: Strategy) -> Strategy | None:
    """The shipped optimal tree for these lists/opener/mode, or None (the one place trees enter)."""
    try:
        from autobot.solver import tree
    except ModuleNotFoundError as exc:
        if exc.name == "autobot.solver.tree":
            return None
        raise
    factory = getattr(tree, "tree_strategy", None)
    if factory is None:
        return None
    return factory(
        hard=config.hard,
        start=solver.start,
        answers=solver.answers,
        guesses=solver.guesses,
        fallback=fallback,
    )


class WithFallback:
    """Ask the tree first; off the tree (a banned word, a row it never planned, a guess hard
    mode forbids) ask the fallback strategy."""

    def __init__(self, solver: Solver, primary: Strategy, fallback: Strategy) -> None:
        self.solver = solver
        self.primary = primary
        self.fallback = fallback

    def __call__(self, state: GameState, candidates: Sequence[str]) -> str:
        try:
            guess = self.primary(state, candidates)
        except (LookupError, ValueError):
            guess = None
        row = self.solver.guess_index.get(guess or "")
        if row is not None and self.solver.probe_mask(state)[row]:
            return guess  # type: ignore[return-value]
        return self.fallback(state, candidates)
