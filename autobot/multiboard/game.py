"""Simulated many-board games against known answers (benchmarks and tests)."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from autobot.multiboard.solver import MultiSolver
from autobot.multiboard.state import MultiState
from autobot.rules import score


@dataclass
class MultiGame:
    """One game: the answers, the guesses typed, and the time of each decision."""

    answers: tuple[str, ...]
    guesses: list[str] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    fresh: list[bool] = field(default_factory=list)
    won: bool = False


def play(solver: MultiSolver, answers: Sequence[str], limit: int | None = None) -> MultiGame:
    """Play until every board is solved or the guesses run out (default N + 5)."""
    state = MultiState(len(answers))
    limit = state.limit if limit is None else limit
    game = MultiGame(tuple(answers))
    while not state.won and len(state.guesses) < limit:
        fresh = not solver.is_memoised(state)
        t0 = time.perf_counter()
        guess = solver.next_guess(state)
        game.seconds.append(time.perf_counter() - t0)
        game.fresh.append(fresh)
        game.guesses.append(guess)
        state = state.after(guess, [score(guess, answers[b]) for b in state.open_boards])
    game.won = state.won
    return game


def play_on(
    solver: MultiSolver, state: MultiState, answers: Sequence[str], until: int | None = None
) -> MultiState:
    """The state once the solver has played on from `state` until every board is solved or
    `until` guesses are on the board (default: the limit)."""
    until = state.limit if until is None else until
    while not state.won and len(state.guesses) < until:
        guess = solver.next_guess(state)
        state = state.after(guess, [score(guess, answers[b]) for b in state.open_boards])
    return state


def answer_sets(words: Sequence[str], boards: int, games: int, seed: int) -> list[tuple[str, ...]]:
    """`games` seeded random sets of `boards` different answers."""
    rng = random.Random(seed)
    return [tuple(rng.sample(list(words), boards)) for _ in range(games)]
