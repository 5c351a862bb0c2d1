"""Benchmarks for the games: every answer played, figures returned as plain dicts (JSON-ready)."""

from __future__ import annotations

import random
import time
from typing import Any

import numpy as np

from autobot.games.base import Game
from autobot.games.entropy import EntropyPlayer
from autobot.kernels.feedback import encode


def _walk(player: EntropyPlayer, limit: int, hard: bool = False
          ) -> tuple[np.ndarray, list[float]]:
    """Guesses needed for every answer (0 = not solved within `limit`), and each decision's time.

    Plays all answers at once as a tree: one decision per set of candidates left, which is
    exactly what playing them one by one would decide (the player is pure). `hard`: every
    guess obeys hard mode given the rows on its branch.
    """
    from autobot.games.strategy import hard_mask
    from autobot.wordle import Turn

    game = player.game
    letters = encode(player.guesses)[0][0] if hard else None
    needed = np.zeros(len(game.answers), dtype=np.int64)
    times: list[float] = []
    stack: list[tuple[np.ndarray, int, tuple[Turn, ...]]] = [
        (np.arange(len(game.answers)), 1, ())]
    while stack:
        candidates, turn, rows = stack.pop()
        if turn > limit:
            continue
        start = time.perf_counter()
        mask = hard_mask(letters, player.guess_index, rows) if hard and rows else None
        guess = player.decide(candidates, game.rows - turn + 1 if game.rows else None, mask)
        times.append(time.perf_counter() - start)
        codes = player.codes(guess, candidates)
        for code in np.unique(codes):
            bucket = candidates[codes == code]
            if code == game.win_code:
                needed[bucket] = turn
            else:
                row = Turn(player.guesses[guess], game.describe(int(code))) if hard else None
                stack.append((bucket, turn + 1, (*rows, row) if row else rows))
    return needed, times


def _figures(game: Game, needed: np.ndarray, times: list[float], wall: float) -> dict[str, Any]:
    solved = needed[needed > 0]
    rows = game.rows or 10**9
    return {
        "game": game.label, "answers": len(game.answers), "guesses": len(game.guesses),
        "solved": int(len(solved)), "mean": round(float(solved.mean()), 4),
        "max": int(solved.max()), "fails": int(np.sum((needed == 0) | (needed > rows))),
        "histogram": {int(k): int(v) for k, v in zip(*np.unique(solved, return_counts=True),
                                                         strict=True)},
        "wall_s": round(wall, 2), "decisions": len(times),
        "decision_p99_ms": round(float(np.percentile(times, 99)) * 1000, 2),
        "decision_max_ms": round(max(times) * 1000, 2),
    }


def bench_entropy(game: Game, hard: bool = False, *, player: EntropyPlayer | None = None
                  ) -> dict[str, Any]:
    """The entropy player (or `player`) over every answer of `game` (opener cached; its first
    cost reported); `hard`: in hard mode (Wordle's tiles games)."""
    start = time.perf_counter()
    player = EntropyPlayer(game) if player is None else player
    opener_start = time.perf_counter()
    opener = player.guesses[player.opener()]
    opener_s = time.perf_counter() - opener_start
    player.decide(np.arange(min(3, len(game.answers))))  # load the compiled kernels untimed
    needed, times = _walk(player, limit=(game.rows or 30) * 3, hard=hard and game.page == "tiles")
    out = _figures(game, needed, times, time.perf_counter() - start)
    out.update(opener=opener, book_s=round(opener_s, 2), strategy=player.book_tag or "entropy",
               hard=hard,
               memory_mb=round(memory_bytes(game) / 1e6, 1))
    return out


def memory_bytes(game: Game) -> int:
    """Peak working memory of a decision: letters of both lists plus one bucket-count array."""
    letters = (len(game.guesses) + len(game.answers)) * game.length * 4
    return letters + game.n_codes * 8 + len(game.answers) * 8


def random_consistent(game: Game, seed: int = 0) -> dict[str, Any]:
    """Bendersky's baseline: guess a random word still consistent with every score so far."""
    matrix = game.block(game.guesses, game.answers)
    index = {w: i for i, w in enumerate(game.guesses)}
    rows = np.array([index[w] for w in game.answers])
    rng = random.Random(seed)
    start = time.perf_counter()
    needed = np.zeros(len(game.answers), dtype=np.int64)
    for answer in range(len(game.answers)):
        candidates = np.arange(len(game.answers))
        for turn in range(1, 200):
            guess = rows[candidates[rng.randrange(len(candidates))]]
            code = matrix[guess, answer]
            if code == game.win_code:
                needed[answer] = turn
                break
            candidates = candidates[matrix[guess, candidates] == code]
    out = _figures(game, needed, [0.0], time.perf_counter() - start)
    out.update(strategy="random-consistent", seed=seed)
    return out


def bench_jotto(game: Game, seed: int = 0) -> dict[str, Any]:
    """The bot (look-ahead), the greedy rules and the random-consistent player, on one list."""
    from autobot.games.entropy import GreedyPlayer
    from autobot.games.lookahead import LookaheadPlayer

    runs = {
        "bot": bench_entropy(game, player=LookaheadPlayer(game)),
        "greedy_entropy": bench_entropy(game),
        "greedy_expected": bench_entropy(game, player=GreedyPlayer(game, "expected")),
        "greedy_minimax": bench_entropy(game, player=GreedyPlayer(game, "minimax")),
        "random_consistent": random_consistent(game, seed),
    }
    runs["summary"] = {name: run["mean"] for name, run in runs.items()}
    return runs


def bench_absurdle(game: Game, quick: tuple[str, ...] | None) -> dict[str, Any]:
    """The fewest guesses that force a win against Absurdle, how it was proven, and its cost."""
    from autobot.games.absurdle import shortest_forced_win

    start = time.perf_counter()
    found = shortest_forced_win(game, quick)
    wall = time.perf_counter() - start
    return {
        "game": game.label, "answers": len(game.answers), "guesses": len(game.guesses),
        "quick_guesses": len(quick) if quick else 0,
        "minimum": found[1] if found else None, "win": found[0] if found else None,
        "search_s": round(wall, 2), **(found[2] if found else {}),
        "proof": "iterative deepening: each shorter length was searched exhaustively over every "
                 "allowed guess, pruned only by the sound bound that one guess splits a set into "
                 "at most 3**N buckets (the kept bucket is a largest one)",
    }
