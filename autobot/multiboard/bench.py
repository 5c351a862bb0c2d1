"""The many-board benchmark, pure: play seeded answer sets, summarise, render text / JSON."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from autobot.multiboard.game import MultiGame, answer_sets, play
from autobot.multiboard.solver import MultiSolver
from autobot.multiboard.state import guess_limit

QUORDLE_MARK = 7  # the yardstick: share of games finished within seven guesses


@dataclass(frozen=True)
class MultiBenchResult:
    """Every game of one many-board benchmark run and its wall time."""

    strategy: str
    boards: int
    seed: int
    games: tuple[MultiGame, ...]
    seconds: float

    @property
    def lengths(self) -> list[int]:
        """Guesses to finish each game; a lost game counts as the limit + 1."""
        limit = guess_limit(self.boards)
        return [len(g.guesses) if g.won else limit + 1 for g in self.games]

    @property
    def win_rate(self) -> float:
        return sum(g.won for g in self.games) / len(self.games) if self.games else 0.0

    @property
    def mean(self) -> float:
        return float(np.mean(self.lengths)) if self.games else 0.0

    def share_within(self, guesses: int) -> float:
        """Fraction of games won in at most `guesses` guesses."""
        if not self.games:
            return 0.0
        return sum(g.won and len(g.guesses) <= guesses for g in self.games) / len(self.games)

    @property
    def histogram(self) -> dict[str, int]:
        counts = Counter(self.lengths)
        return {str(k): counts[k] for k in sorted(counts)}

    def decision_ms(self) -> dict[str, float]:
        """Decision-time percentiles (ms) after warm-up (the first game)."""
        warm = self.games[1:] or self.games
        every = [s * 1000 for g in warm for s in g.seconds]
        if not every:
            return {}
        return {
            "p50": float(np.percentile(every, 50)),
            "p99": float(np.percentile(every, 99)),
            "max": float(max(every)),
        }

    def to_json(self) -> dict[str, Any]:
        """Figures plus every game's answers and guesses."""
        return {
            "strategy": self.strategy,
            "boards": self.boards,
            "limit": guess_limit(self.boards),
            "seed": self.seed,
            "games": len(self.games),
            "win_rate": round(self.win_rate, 5),
            "mean": round(self.mean, 4),
            f"within_{QUORDLE_MARK}": round(self.share_within(QUORDLE_MARK), 5),
            "histogram": self.histogram,
            "seconds": round(self.seconds, 3),
            "decision_ms": {k: round(v, 4) for k, v in self.decision_ms().items()},
            "results": [
                {"answers": list(g.answers), "guesses": g.guesses, "won": g.won}
                for g in self.games
            ],
        }


def run_multi_benchmark(
    solver: MultiSolver,
    sets: Sequence[tuple[str, ...]],
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
) -> MultiBenchResult:
    """Play every answer set; `progress(done)` after each game."""
    t0 = time.perf_counter()
    games = []
    for done, answers in enumerate(sets, start=1):
        games.append(play(solver, answers))
        if progress is not None:
            progress(done)
    boards = len(sets[0]) if sets else 0
    return MultiBenchResult(
        solver.strategy_name, boards, seed, tuple(games), time.perf_counter() - t0
    )


def bench_sets(solver: MultiSolver, boards: int, games: int, seed: int) -> list[tuple[str, ...]]:
    """The seeded answer sets a benchmark plays (the same for every strategy)."""
    return answer_sets(solver.answers.words, boards, games, seed)


def summary_lines(result: MultiBenchResult) -> list[str]:
    """The human-readable report of one run."""
    n = len(result.games)
    lines = [
        f"{result.boards} boards ({guess_limit(result.boards)} guesses), strategy "
        f"{result.strategy}: {n} games (seed {result.seed})",
        f"won {result.win_rate:.2%}, mean {result.mean:.4f} guesses, "
        f"<= {QUORDLE_MARK}: {result.share_within(QUORDLE_MARK):.2%}",
        "histogram:",
    ]
    width = max(result.histogram.values(), default=1)
    limit = guess_limit(result.boards)
    for k, count in result.histogram.items():
        bar = "#" * max(1, round(40 * count / width))
        label = "lost" if int(k) > limit else k
        lines.append(f"  {label:>4}: {count:5d} {bar}")
    ms = result.decision_ms()
    if ms:
        lines.append(
            f"decision ms (after warm-up): p50 {ms['p50']:.2f}, p99 {ms['p99']:.2f}, "
            f"max {ms['max']:.1f}"
        )
    lines.append(f"wall time {result.seconds:.2f} s")
    return lines


def comparison_lines(results: Sequence[MultiBenchResult]) -> list[str]:
    """One line per strategy, side by side, when several ran on the same answer sets."""
    lines = [f"{'strategy':<10} {'won':>8} {'mean':>8} {'<=7':>8} {'p99 ms':>8} {'wall s':>8}"]
    for r in results:
        lines.append(
            f"{r.strategy:<10} {r.win_rate:>8.2%} {r.mean:>8.4f} "
            f"{r.share_within(QUORDLE_MARK):>8.2%} {r.decision_ms().get('p99', 0.0):>8.2f} "
            f"{r.seconds:>8.1f}"
        )
    return lines
