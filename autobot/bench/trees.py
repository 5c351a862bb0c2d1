"""A Wordle length's best strategy benchmarked beside the entropy player: the shipped decision
tree (`autobot.solver.game_tree`) when one matches the game's lists, else the entropy player.

`python -m autobot.bench.trees [LENGTH ...] [--json OUT]` prints the table for every length
4..11 (or those named) in one run; `--json` writes every run as `autobot-bench/1`.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import replace
from typing import Any

import numpy as np

from autobot.bench.model import BenchRecord, BenchRun, summarise
from autobot.bench.output import write_runs
from autobot.bench.variants import bench_entropy
from autobot.games import LENGTHS, find_game
from autobot.games.base import Game
from autobot.solver.game_tree import load_game_tree
from autobot.solver.tree import load_tree
from autobot.words import load_words


def tree_walk(game: Game, root: dict[str, Any]
              ) -> tuple[np.ndarray, int, list[tuple[str, ...]]]:
    """Guesses the tree needs for every answer (0 = it never wins it), its decisions, and each
    answer's guesses.

    Walks all answers down the tree at once: at each node the candidates there are split by the
    node's guess with the game's fast rule (`Game.block`).
    """
    needed = np.zeros(len(game.answers), np.int64)
    paths: list[tuple[str, ...]] = [()] * len(game.answers)
    decisions = 0
    stack: list[tuple[dict[str, Any], np.ndarray, tuple[str, ...]]] = [
        (root, np.arange(len(game.answers)), ())]
    while stack:
        node, cands, path = stack.pop()
        decisions += 1
        path = (*path, node["guess"])
        codes = game.block([node["guess"]], [game.answers[i] for i in cands])[0]
        nxt = node.get("next", {})
        for code in np.unique(codes):
            group = cands[codes == code]
            if code == game.win_code:
                needed[group] = len(path)
            elif str(int(code)) in nxt:
                stack.append((nxt[str(int(code))], group, path))
                continue
            for i in group:  # won here, or the tree stops (a lost answer keeps its guesses)
                paths[int(i)] = path
    return needed, decisions, paths


def tree_needed(game: Game, root: dict[str, Any]) -> tuple[np.ndarray, int]:
    """Guesses the tree needs for every answer (0 = it never wins it), and its decisions."""
    needed, decisions, _ = tree_walk(game, root)
    return needed, decisions


def bench_tree(game: Game, targets: np.ndarray | None = None,
               seed: int | None = None) -> BenchRun | None:
    """The shipped tree over every answer of `game` (or `targets`), or None when no tree
    matches its lists."""
    start = time.perf_counter()
    found = load_game_tree(game)
    if found is None:
        return None
    tree, header = found
    needed, decisions, paths = tree_walk(game, tree.root)
    wall = time.perf_counter() - start
    rows = game.rows or 10**9
    chosen = np.arange(len(game.answers)) if targets is None else targets
    records = tuple(
        BenchRecord(answer=game.answers[int(t)], guesses=paths[int(t)],
                    solved=bool(needed[t]), won=bool(0 < needed[t] <= rows))
        for t in chosen)
    summary = summarise(
        records, game=game.label, strategy="tree", rows=game.rows, wall_s=wall, seed=seed,
        decisions_ms=[],
        extra={"answers": len(game.answers), "guesses": len(game.guesses),
               "opener": header["start"], "decisions": decisions,
               "lower_bound_mean": header.get("bound", {}).get("lower_bound_mean"),
               "tree": {"file": f"autobot/trees/{game.label}.json.gz",
                        "top_k": header["top_k"], "depth": header["depth"],
                        "search_s": header["seconds"], "command": header.get("command")}},
    )
    return BenchRun(summary, records)


def bench_best(game: Game, hard: bool = False, *, sample: int | None = None,
               seed: int = 0) -> list[BenchRun]:
    """The game's best strategy over every answer (or a seeded `sample`), then the entropy
    player on the same answers: the shipped tree when one matches the game's lists.

    The shipped tree is a normal-mode tree: hard mode (and any game without one) is the
    entropy player's alone.
    """
    entropy = bench_entropy(game, hard=hard, sample=sample, seed=seed)
    if hard or game.adversarial or game.lies:
        return [entropy]
    where = {word: i for i, word in enumerate(game.answers)}
    targets = np.array([where[r.answer] for r in entropy.records if isinstance(r.answer, str)])
    best = bench_tree(game, targets, entropy.summary.seed)
    return [entropy] if best is None else [best, entropy]


def table(rows: list[list[BenchRun]]) -> list[str]:
    """One line per length: strategy, won, mean, max, wall time, the entropy mean, the bound."""
    out = [f"{'game':<10} {'strategy':<9} {'won':>11} {'mean':>7} {'max':>4} {'wall s':>7} "
           f"{'entropy':>8} {'ent lost':>8} {'bound':>7}"]
    for runs in rows:
        best, ent = runs[0].summary, runs[-1].summary
        bound = best.extra.get("lower_bound_mean")
        out.append(
            f"{best.game:<10} {best.strategy:<9} {best.won:>5}/{best.games:<5} "
            f"{best.mean:>7.4f} {best.max:>4} {best.wall_s:>7.2f} "
            f"{ent.mean:>8.4f} {ent.lost:>8} {bound if bound is not None else '-':>7}")
    return out


def main(argv: list[str] | None = None) -> int:
    """Every length 4..11 (five: the shipped salet tree beside the entropy player)."""
    parser = argparse.ArgumentParser(prog="python -m autobot.bench.trees", description=__doc__)
    parser.add_argument("lengths", nargs="*", type=int, metavar="LENGTH",
                        help=f"word lengths (default {LENGTHS[0]}..{LENGTHS[-1]})")
    parser.add_argument("--json", metavar="OUT", help="write every run here (autobot-bench/1)")
    args = parser.parse_args(argv)
    rows = []
    for length in args.lengths or list(LENGTHS):
        game = find_game("wordle", length)
        assert isinstance(game, Game)
        rows.append(bench_five(game) if length == 5 else bench_best(game))
        print(table(rows)[-1] if len(rows) > 1 else "\n".join(table(rows)), flush=True)
    write_runs(args.json, [run for runs in rows for run in runs])
    return 0


def bench_five(game: Game) -> list[BenchRun]:
    """Five letters: the shipped salet tree (`autobot.solver.tree`, the `optimal` strategy) on
    Wordle's 2,315 answers, beside the entropy player on the same game."""
    start = time.perf_counter()
    answers, allowed = load_words("answers"), load_words("allowed")
    tree = load_tree("salet", False, answers, allowed)
    assert tree is not None, "the shipped salet tree no longer matches the lists"
    rows = game.rows or 6
    records = []
    for answer in answers.words:
        played = tuple(tree.play(answer))
        solved = played[-1] == answer
        records.append(BenchRecord(answer=answer, guesses=played, solved=solved,
                                   won=solved and len(played) <= rows))
    summary = summarise(records, game=game.label, strategy="optimal", rows=game.rows,
                        wall_s=time.perf_counter() - start, decisions_ms=[],
                        extra={"opener": "salet"})
    # The proven optimum (autobot/trees/README.md): the bound is the tree's own mean.
    summary = replace(summary, extra={**summary.extra, "lower_bound_mean": round(summary.mean, 4)})
    return [BenchRun(summary, tuple(records)), bench_entropy(game)]


if __name__ == "__main__":
    raise SystemExit(main())
