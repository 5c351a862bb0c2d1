"""How much a strategy could still gain by looking one guess further, with itself as the player.

At the positions seeded games reach before guess k (the strategy's own guesses up to then), the
strategy's pick and a few alternatives (the best splitters by summed bits, the best-splitting
possible answers) are each typed and the game finished by the strategy itself, against the same
answer sets: every combination of the boards' candidates when there are few (exact), else a
seeded draw. The alternative that finishes soonest is then measured again beside the pick on a
fresh draw, so the gain is not the luck of the first one. A position where a board is certain
counts as no gain (the strategy types that answer). The mean gain is what one more step of
policy improvement at guess k is worth; near zero means the strategy is already as good as its
own look-ahead can make it there.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from autobot.multiboard.game import answer_sets, play_on
from autobot.multiboard.rollout import sample_targets
from autobot.multiboard.solver import MultiSolver
from autobot.multiboard.split import board_splits
from autobot.multiboard.state import MultiState
from autobot.rules import score

SPLITTERS = 15  # alternatives: the rows with most summed bits ...
ANSWERS = 5  # ... and the possible answers with most
SAMPLES = 200  # answer sets the alternatives are compared on (all of them when fewer)
FRESH = 600  # answer sets the winner and the pick are measured again on


def finish(solver: MultiSolver, state: MultiState, answers: Sequence[str]) -> int:
    """Guesses the game takes in all when the solver plays on from `state`; limit + 1 if lost."""
    state = play_on(solver, state, answers)
    return len(state.guesses) if state.won else state.limit + 1


@dataclass(frozen=True)
class PositionGain:
    """One position: open boards' sizes, the pick, the best alternative, both means, the gain."""

    sizes: tuple[int, ...]
    pick: str
    best: str
    pick_mean: float
    best_mean: float
    exact: bool  # measured on every answer set, not a draw
    certain: bool  # a board was certain: the strategy types it, no alternative is tried

    @property
    def gain(self) -> float:
        return self.pick_mean - self.best_mean


def _answer_sets(
    solver: MultiSolver, state: MultiState, boards: Sequence[np.ndarray], answers: Sequence[str],
    count: int, seed: int,
) -> tuple[list[tuple[str, ...]], bool]:
    """Whole answer tuples to play against (open boards varied, solved ones kept); exact or not."""
    words = solver.answers.words
    exact = int(np.prod([len(c) for c in boards], dtype=np.float64)) <= count
    combos = sample_targets(list(boards), count, seed)  # every combination when exact
    sets = []
    for combo in combos:
        full = list(answers)
        for board, col in zip(state.open_boards, combo, strict=True):
            full[board] = words[int(col)]
        sets.append(tuple(full))
    return sets, exact


def position_gain(
    solver: MultiSolver, state: MultiState, answers: Sequence[str], seed: int = 0,
    samples: int = SAMPLES, fresh: int = FRESH,
) -> PositionGain:
    """The strategy's pick against its best alternative at `state` (answers: only the solved
    boards' entries matter)."""
    lists, boards = solver.position(state)
    sizes = tuple(len(c) for c in boards)
    pick = solver.next_guess(state)
    if any(size == 1 for size in sizes):
        return PositionGain(sizes, pick, pick, 0.0, 0.0, True, True)
    rows = np.arange(len(lists.words))
    bits = board_splits(lists.matrix, rows, list(boards)).entropy.sum(axis=1)
    order = np.argsort(-bits, kind="stable")
    possible = np.isin(order, np.concatenate([lists.answer_rows[c] for c in boards]))
    tried = dict.fromkeys(
        [lists.words[r] for r in order[:SPLITTERS]]
        + [lists.words[r] for r in order[possible][:ANSWERS]] + [pick]
    )

    def mean_after(word: str, sets: list[tuple[str, ...]]) -> float:
        """Mean guesses to finish when `word` is typed now and the strategy plays on."""
        return float(np.mean([
            finish(solver, state.after(word, [score(word, s[b]) for b in state.open_boards]), s)
            for s in sets
        ]))

    sets, exact = _answer_sets(solver, state, boards, answers, samples, seed)
    means = {word: mean_after(word, sets) for word in tried}
    best = min(means, key=lambda w: (means[w], w != pick))
    if not exact:  # measure the winner again, beside the pick, on answer sets it was not chosen on
        again, _ = _answer_sets(solver, state, boards, answers, fresh, seed + 1_000_003)
        means = {word: mean_after(word, again) for word in {pick, best}}
    return PositionGain(sizes, pick, best, means[pick], means[best], exact, False)


@dataclass(frozen=True)
class HeadroomResult:
    """Every measured position of one run, and its wall time."""

    strategy: str
    boards: int
    guess: int  # the guess number whose choice was measured (2 = the one after the opener)
    seed: int
    positions: tuple[PositionGain, ...]
    seconds: float

    @property
    def mean_gain(self) -> float:
        return float(np.mean([p.gain for p in self.positions])) if self.positions else 0.0

    def to_json(self) -> dict[str, Any]:
        """Figures plus every position."""
        return {
            "strategy": self.strategy, "boards": self.boards, "guess": self.guess,
            "seed": self.seed, "positions": len(self.positions),
            "mean_gain": round(self.mean_gain, 5), "seconds": round(self.seconds, 3),
            "results": [
                {"sizes": list(p.sizes), "pick": p.pick, "best": p.best,
                 "pick_mean": round(p.pick_mean, 4), "best_mean": round(p.best_mean, 4),
                 "exact": p.exact, "certain": p.certain}
                for p in self.positions
            ],
        }


def run_headroom(
    solver: MultiSolver, boards: int, guess: int, positions: int, seed: int = 0,
) -> HeadroomResult:
    """Measure the gain at the positions `positions` seeded games reach before guess `guess`
    (games already won by then are skipped)."""
    t0 = time.perf_counter()
    found = []
    for i, answers in enumerate(answer_sets(solver.answers.words, boards, positions, seed)):
        state = play_on(solver, MultiState(boards), answers, until=guess - 1)
        if not state.won:
            found.append(position_gain(solver, state, answers, seed=seed * 7919 + i))
    return HeadroomResult(solver.strategy_name, boards, guess, seed, tuple(found),
                          time.perf_counter() - t0)


def headroom_lines(result: HeadroomResult) -> list[str]:
    """The human-readable report: one line per position, then the mean gain."""
    lines = [f"{result.boards} boards, strategy {result.strategy}: guess {result.guess} at "
             f"{len(result.positions)} positions (seed {result.seed})"]
    for p in result.positions:
        sizes = "x".join(map(str, p.sizes))
        if p.certain:
            lines.append(f"  {sizes:>16}: a board is certain ({p.pick.upper()})")
        else:
            how = "every answer set" if p.exact else f"{FRESH} fresh answer sets"
            lines.append(f"  {sizes:>16}: pick {p.pick.upper()} {p.pick_mean:.3f}, best "
                         f"{p.best.upper()} {p.best_mean:.3f} ({how})")
    lines.append(f"mean gain {result.mean_gain:+.4f} guesses a game; wall time "
                 f"{result.seconds:.1f} s")
    return lines
