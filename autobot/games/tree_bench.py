"""A Wordle length's best strategy benchmarked beside the entropy player: the shipped decision
tree (`autobot.solver.game_tree`) when one matches the game's lists, else the entropy player.

`python -m autobot.games.tree_bench` prints the table for every length 4..11 in one run.
"""

from __future__ import annotations

import sys
import time
from typing import Any

import numpy as np

from autobot.games.base import Game


def tree_needed(game: Game, root: dict[str, Any]) -> tuple[np.ndarray, int]:
    """Guesses the tree needs for every answer (0 = it never wins it), and its decisions.

    Walks all answers down the tree at once: at each node the candidates there are split by the
    node's guess with the game's fast rule (`Game.block`).
    """
    needed = np.zeros(len(game.answers), np.int64)
    decisions = 0
    stack: list[tuple[dict[str, Any], np.ndarray, int]] = [
        (root, np.arange(len(game.answers)), 1)]
    while stack:
        node, cands, turn = stack.pop()
        decisions += 1
        codes = game.block([node["guess"]], [game.answers[i] for i in cands])[0]
        nxt = node.get("next", {})
        for code in np.unique(codes):
            group = cands[codes == code]
            if code == game.win_code:
                needed[group] = turn
            elif str(int(code)) in nxt:
                stack.append((nxt[str(int(code))], group, turn + 1))
    return needed, decisions


def bench_tree(game: Game) -> dict[str, Any] | None:
    """The shipped tree over every answer of `game`, or None when no tree matches its lists."""
    from autobot.solver.game_tree import load_game_tree

    start = time.perf_counter()
    found = load_game_tree(game)
    if found is None:
        return None
    tree, header = found
    needed, decisions = tree_needed(game, tree.root)
    wall = time.perf_counter() - start
    solved = needed[needed > 0]
    rows = game.rows or 10**9
    lost = int(np.sum((needed == 0) | (needed > rows)))
    return {
        "game": game.label, "answers": len(game.answers), "guesses": len(game.guesses),
        "solved": int(len(solved)), "mean": round(float(solved.mean()), 4),
        "max": int(solved.max()), "fails": lost,
        "histogram": {int(k): int(v) for k, v in zip(*np.unique(solved, return_counts=True),
                                                         strict=True)},
        "wall_s": round(wall, 2), "decisions": decisions,
        "strategy": "tree", "opener": header["start"], "won": len(game.answers) - lost,
        "tree": {"file": f"autobot/trees/{game.label}.json.gz", "top_k": header["top_k"],
                 "depth": header["depth"], "search_s": header["seconds"],
                 "command": header.get("command")},
        "lower_bound_mean": header.get("bound", {}).get("lower_bound_mean"),
    }


def bench_best(game: Game, hard: bool = False) -> dict[str, Any]:
    """The game's best strategy over every answer, with the entropy player's figures beside.

    The shipped tree is a normal-mode tree: hard mode (and any game without one) is the
    entropy player's.
    """
    from autobot.games.bench import bench_entropy

    entropy = bench_entropy(game, hard=hard)
    best = None if hard or game.adversarial else bench_tree(game)
    if best is None:
        return entropy
    best["hard"] = False
    best["entropy"] = {k: entropy[k] for k in ("mean", "max", "fails", "wall_s", "opener")}
    best["entropy_mean"] = entropy["mean"]
    return best


def table(rows: list[dict[str, Any]]) -> list[str]:
    """One line per length: strategy, won, mean, max, wall time, the entropy mean, the bound."""
    out = [f"{'game':<10} {'strategy':<9} {'won':>11} {'mean':>7} {'max':>4} {'wall s':>7} "
           f"{'entropy':>8} {'ent lost':>8} {'bound':>7}"]
    for r in rows:
        ent = r.get("entropy", {})
        bound = r.get("lower_bound_mean")
        out.append(
            f"{r['game']:<10} {r['strategy']:<9} {r['answers'] - r['fails']:>5}/{r['answers']:<5} "
            f"{r['mean']:>7.4f} {r['max']:>4} {r['wall_s']:>7.2f} "
            f"{ent.get('mean', float('nan')):>8.4f} {ent.get('fails', ''):>8} "
            f"{bound if bound is not None else '-':>7}")
    return out


def main(argv: list[str] | None = None) -> int:
    """Every length 4..11 (five: the shipped salet tree beside the entropy player)."""
    from autobot.games import LENGTHS, find_game

    lengths = [int(a) for a in (argv if argv is not None else sys.argv[1:])] or list(LENGTHS)
    rows = []
    for length in lengths:
        game = find_game("wordle", length)
        assert isinstance(game, Game)
        rows.append(bench_five(game) if length == 5 else bench_best(game))
        print(table(rows)[-1] if len(rows) > 1 else "\n".join(table(rows)), flush=True)
    return 0


def bench_five(game: Game) -> dict[str, Any]:
    """Five letters: the shipped salet tree (`autobot.solver.tree`, the `optimal` strategy) on
    Wordle's 2,315 answers, beside the entropy player on the same game."""
    from autobot.games.bench import bench_entropy
    from autobot.solver.tree import load_tree
    from autobot.words import load_words

    start = time.perf_counter()
    answers, allowed = load_words("answers"), load_words("allowed")
    tree = load_tree("salet", False, answers, allowed)
    assert tree is not None, "the shipped salet tree no longer matches the lists"
    result = tree.evaluate(answers)
    wall = time.perf_counter() - start
    entropy = bench_entropy(game)
    return {
        "game": game.label, "answers": result["games"], "strategy": "optimal",
        "fails": len(result["failures"]) + sum(
            n for k, n in result["histogram"].items() if int(k) > (game.rows or 6)),
        "mean": round(result["mean"], 4), "max": result["max"], "wall_s": round(wall, 2),
        "entropy": {k: entropy[k] for k in ("mean", "max", "fails", "wall_s", "opener")},
        "lower_bound_mean": round(result["mean"], 4),  # proven optimum (autobot/trees/README.md)
    }


if __name__ == "__main__":
    raise SystemExit(main())
