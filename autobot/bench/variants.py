"""Benchmarks for the games: every answer played, as the common benchmark model's records."""

from __future__ import annotations

import random
import time
from typing import Any

import numpy as np

from autobot.bench.model import BenchRecord, BenchRun, summarise
from autobot.games.absurdle import shortest_forced_win
from autobot.games.base import Game
from autobot.games.entropy import EntropyPlayer, GreedyPlayer
from autobot.games.lookahead import LookaheadPlayer
from autobot.games.strategy import hard_mask
from autobot.kernels.feedback import encode
from autobot.rules import Turn


def draw(seed: int, answer: int, turn: int) -> int:
    """A seeded number picking what a lying game shows on row `turn` against answer `answer`."""
    return random.Random(f"{seed}/{answer}/{turn}").getrandbits(30)


def _walk(player: EntropyPlayer, limit: int, hard: bool = False,
          targets: np.ndarray | None = None, seed: int = 0
          ) -> tuple[np.ndarray, list[float], list[tuple[int, ...]]]:
    """Guesses needed for each of `targets` (answer numbers, default all; 0 = not solved within
    `limit`), each decision's time, and the guesses (indices) each target was played with.

    Plays all targets at once as a tree: one decision per set of candidates left, which is
    exactly what playing them one by one would decide (the player is pure). A target follows
    the branch of the code its row shows (`Game.shown`: the true code, or for a game that lies
    a draw seeded by `seed`, the target and the row); the branch keeps the candidates
    `Game.consistent` with that code. `hard`: every guess obeys hard mode given the rows on
    its branch.
    """
    game = player.game
    letters = encode(player.guesses)[0][0] if hard else None
    everyone = np.arange(len(game.answers))
    targets = everyone if targets is None else np.asarray(targets)
    needed = np.zeros(len(game.answers), dtype=np.int64)
    paths: dict[int, tuple[int, ...]] = {}
    times: list[float] = []
    stack: list[tuple[np.ndarray, np.ndarray, int, tuple[Turn, ...], tuple[int, ...]]] = [
        (everyone, targets, 1, (), ())]
    while stack:
        candidates, going, turn, rows, path = stack.pop()
        if turn > limit:
            paths.update((int(a), path) for a in going)
            continue
        start = time.perf_counter()
        mask = hard_mask(letters, player.guess_index, rows) if letters is not None and rows \
            else None
        guess = player.decide(candidates, game.rows - turn + 1 if game.rows else None, mask)
        times.append(time.perf_counter() - start)
        codes = player.codes(guess, candidates)
        shown = player.codes(guess, going)
        if game.lies:  # each target's row through its own seeded lie
            shown = np.array([game.shown(int(c), draw(seed, int(a), turn))
                              for a, c in zip(going, shown, strict=True)], dtype=np.int64)
        here = (*path, int(guess))
        for code in np.unique(shown):
            if code == game.win_code:
                needed[going[shown == code]] = turn
                paths.update((int(a), here) for a in going[shown == code])
                continue
            row = Turn(player.guesses[guess], game.describe(int(code))) if hard else None
            stack.append((candidates[game.consistent(codes, int(code))], going[shown == code],
                          turn + 1, (*rows, row) if row else rows, here))
    return needed[targets], times, [paths.get(int(t), ()) for t in targets]


def _records(game: Game, words: tuple[str, ...], targets: np.ndarray, needed: np.ndarray,
             paths: list[tuple[int, ...]]) -> tuple[BenchRecord, ...]:
    """Each target's game as a record (won: found within the game's rows, if it has any)."""
    rows = game.rows or 10**9
    return tuple(
        BenchRecord(answer=game.answers[int(t)], guesses=tuple(words[g] for g in path),
                    solved=bool(n), won=bool(0 < n <= rows))
        for t, n, path in zip(targets, needed, paths, strict=True)
    )


def bench_entropy(game: Game, hard: bool = False, *, player: EntropyPlayer | None = None,
                  sample: int | None = None, seed: int = 0) -> BenchRun:
    """The entropy player (or `player`) over every answer of `game` (or a `sample` of them
    drawn with `seed`, which also draws a lying game's lies; opener cached, its first cost
    reported); `hard`: in hard mode (Wordle's tiles games)."""
    targets = np.arange(len(game.answers))
    sampled = sample is not None and sample < len(game.answers)
    if sample is not None and sampled:
        targets = np.array(sorted(random.Random(seed).sample(range(len(game.answers)), sample)))
    start = time.perf_counter()
    player = EntropyPlayer(game) if player is None else player
    opener_start = time.perf_counter()
    opener = player.guesses[player.opener()]
    opener_s = time.perf_counter() - opener_start
    player.decide(np.arange(min(3, len(game.answers))))  # load the compiled kernels untimed
    hard = hard and game.page == "tiles"
    needed, times, paths = _walk(player, limit=(game.rows or 30) * 3, hard=hard,
                                 targets=targets, seed=seed)
    records = _records(game, player.guesses, targets, needed, paths)
    summary = summarise(
        records, game=game.label, strategy=player.book_tag or "entropy", hard=hard,
        rows=game.rows, wall_s=time.perf_counter() - start,
        seed=seed if sampled or game.lies else None, decisions_ms=[t * 1000 for t in times],
        extra={"answers": len(game.answers), "guesses": len(game.guesses), "opener": opener,
               "book_s": round(opener_s, 2), "memory_mb": round(memory_bytes(game) / 1e6, 1)},
    )
    return BenchRun(summary, records)


def memory_bytes(game: Game) -> int:
    """Peak working memory of a decision: letters of both lists plus one bucket-count array."""
    letters = (len(game.guesses) + len(game.answers)) * game.length * 4
    return letters + game.n_codes * 8 + len(game.answers) * 8


def random_consistent(game: Game, seed: int = 0) -> BenchRun:
    """Bendersky's baseline: guess a random word still consistent with every score so far."""
    matrix = game.block(game.guesses, game.answers)
    index = {w: i for i, w in enumerate(game.guesses)}
    rows = np.array([index[w] for w in game.answers])
    rng = random.Random(seed)
    start = time.perf_counter()
    needed = np.zeros(len(game.answers), dtype=np.int64)
    paths: list[tuple[int, ...]] = []
    for answer in range(len(game.answers)):
        candidates = np.arange(len(game.answers))
        path: list[int] = []
        for turn in range(1, 200):
            guess = rows[candidates[rng.randrange(len(candidates))]]
            path.append(int(guess))
            code = matrix[guess, answer]
            if code == game.win_code:
                needed[answer] = turn
                break
            candidates = candidates[matrix[guess, candidates] == code]
        paths.append(tuple(path))
    records = _records(game, game.guesses, np.arange(len(game.answers)), needed, paths)
    summary = summarise(records, game=game.label, strategy="random-consistent", rows=game.rows,
                        wall_s=time.perf_counter() - start, seed=seed, decisions_ms=[],
                        extra={"answers": len(game.answers), "guesses": len(game.guesses)})
    return BenchRun(summary, records)


def bench_jotto(game: Game, seed: int = 0) -> list[BenchRun]:
    """The bot (look-ahead), the greedy rules and the random-consistent player, on one list."""
    return [
        bench_entropy(game, player=LookaheadPlayer(game)),
        bench_entropy(game),
        bench_entropy(game, player=GreedyPlayer(game, "expected")),
        bench_entropy(game, player=GreedyPlayer(game, "minimax")),
        random_consistent(game, seed),
    ]


PROOF = ("iterative deepening: each shorter length was searched exhaustively over every allowed "
         "guess, pruned only by the sound bound that one guess splits a set into at most 3**N "
         "buckets (the kept bucket is a largest one)")


def bench_absurdle(game: Game, quick: tuple[str, ...] | None) -> BenchRun:
    """The fewest guesses that force a win against Absurdle, how it was proven, and its cost:
    one record, the forced win (its last word is the answer Absurdle is left with)."""
    start = time.perf_counter()
    found = shortest_forced_win(game, quick)
    wall = time.perf_counter() - start
    records = (BenchRecord(answer=found[0][-1], guesses=tuple(found[0]), solved=True,
                           won=True),) if found else ()
    extra: dict[str, Any] = {
        "answers": len(game.answers), "guesses": len(game.guesses),
        "quick_guesses": len(quick) if quick else 0,
        "minimum": found[1] if found else None, **(found[2] if found else {}), "proof": PROOF,
    }
    summary = summarise(records, game=game.label, strategy="shortest-forced-win", mode="search",
                        rows=game.rows, wall_s=wall, decisions_ms=[], extra=extra)
    return BenchRun(summary, records)
