"""The many-board benchmark, pure: play seeded answer sets, as the common benchmark model's
records (one per game, its answer the boards' words)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from autobot.bench.model import BenchRecord, BenchRun, summarise
from autobot.multiboard.game import MultiGame, answer_sets, play
from autobot.multiboard.solver import MultiSolver
from autobot.multiboard.state import guess_limit

QUORDLE_MARK = 7  # the yardstick: share of games finished within seven guesses


def record_of(game: MultiGame) -> BenchRecord:
    """One game: won when every board was solved within the limit (a lost game counts the
    limit + 1 guesses, as the model counts a game whose answer was not found)."""
    return BenchRecord(
        answer=tuple(game.answers), guesses=tuple(game.guesses), solved=game.won, won=game.won,
        decision_ms=tuple(s * 1000 for s in game.seconds), fresh=tuple(game.fresh),
    )


def share_within(records: Sequence[BenchRecord], guesses: int) -> float:
    """Fraction of games won in at most `guesses` guesses."""
    if not records:
        return 0.0
    return sum(r.won and len(r.guesses) <= guesses for r in records) / len(records)


def run_multi_benchmark(
    solver: MultiSolver,
    sets: Sequence[tuple[str, ...]],
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
) -> BenchRun:
    """Play every answer set; `progress(done)` after each game."""
    t0 = time.perf_counter()
    games = []
    for done, answers in enumerate(sets, start=1):
        games.append(play(solver, answers))
        if progress is not None:
            progress(done)
    wall = time.perf_counter() - t0
    boards = len(sets[0]) if sets else 0
    records = tuple(record_of(g) for g in games)
    summary = summarise(
        records, game=f"{boards} boards", strategy=solver.strategy_name, rows=guess_limit(boards),
        wall_s=wall, seed=seed,
        extra={"boards": boards, f"within_{QUORDLE_MARK}": round(share_within(records,
                                                                           QUORDLE_MARK), 5)},
    )
    return BenchRun(summary, records)


def bench_sets(solver: MultiSolver, boards: int, games: int, seed: int) -> list[tuple[str, ...]]:
    """The seeded answer sets a benchmark plays (the same for every strategy)."""
    return answer_sets(solver.answers.words, boards, games, seed)
