"""`autobot tree`: build, show and check the decision trees behind the `optimal` strategy."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from autobot.errors import AutobotError
from autobot.games import find_game
from autobot.solver import game_tree
from autobot.solver import tree as trees
from autobot.solver.tree import Tree
from autobot.solver.tree_file import write_tree
from autobot.words import load_words


def run(args: argparse.Namespace) -> int:
    """Dispatch to the tree action."""
    if args.tree_command == "build":
        return _build(args)
    return _show(args) if args.tree_command == "show" else _check(args)


def _build(args: argparse.Namespace) -> int:
    if args.length is not None and args.length != 5:
        return _build_game(args)
    if args.repair:
        raise AutobotError("--repair: only with --length N (four, six or more letters)")
    if args.depth is not None and args.depth > 6:
        raise AutobotError("--depth: at most 6 for five letters")
    args.start = args.start or "salet"
    answers, guesses = load_words(args.answers), load_words(args.guesses)
    top_k = args.top_k or (trees.DEFAULT_TOP_K_HARD if args.hard else trees.DEFAULT_TOP_K)
    missing = [w for w in answers.words if w not in guesses]
    if missing:
        raise AutobotError(f"{len(missing)} answers are not allowed guesses (e.g. {missing[0]})")
    mode = "hard" if args.hard else "normal"
    out = args.out or Path(f"{args.start.lower()}-{mode}.json.gz")
    command = ["autobot", "tree", "build", "--start", args.start.lower()]
    command += ["--hard"] if args.hard else []
    command += ["--top-k", ",".join(map(str, top_k))]
    command += ["--depth", str(args.depth)] if args.depth else []
    command += ["--answers", args.answers] if args.answers != "answers" else []
    command += ["--guesses", args.guesses] if args.guesses != "allowed" else []
    command += ["--out", str(out)]

    def progress(line: str) -> None:
        if not args.quiet:
            print(line, file=sys.stderr, flush=True)

    header = trees.build_tree(args.start, answers, guesses, find_game("wordle", 5),
                              hard=args.hard, top_k=top_k, depth=args.depth, progress=progress)
    header = {"format": header["format"], "command": " ".join(command), **header}
    write_tree(header, out)
    print(f"{out}: start {header['start']}, {mode}, total {header['total']} "
          f"(mean {header['total'] / len(answers):.4f}), max {header['max']}, "
          f"histogram {header['histogram']}, {header['seconds']} s")
    return 0


def _build_game(args: argparse.Namespace) -> int:
    """`tree build --length N`: the tree of any word length, with its lower bound."""
    if args.hard or args.answers != "answers" or args.guesses != "allowed":
        raise AutobotError("--length builds normal-mode trees on the length's own lists only")
    game = find_game("wordle", args.length)
    top_k = args.top_k or game_tree.DEFAULT_TOP_K
    out = args.out or Path(f"{game.label}.json.gz")
    command = ["autobot", "tree", "build", "--length", str(args.length)]
    command += ["--start", args.start.lower()] if args.start else []
    command += ["--top-k", ",".join(map(str, top_k))]
    command += ["--depth", str(args.depth)] if args.depth else []
    command += ["--repair", str(args.repair)] if args.repair else []
    command += ["--bound-seconds", f"{args.bound_seconds:g}", "--out", str(out)]

    def progress(line: str) -> None:
        if not args.quiet:
            print(line, file=sys.stderr, flush=True)

    search = game_tree.GameSearch.of(game, args.depth, top_k, args.repair)
    header = game_tree.build_game_tree(game, args.start, top_k, args.depth, progress, search)
    bound = game_tree.lower_bound(game, search, args.bound_seconds)
    header = {"format": header["format"], "kind": header["kind"], "command": " ".join(command),
              **header, "lower_bound": bound["lower_bound"], "bound": bound}
    game_tree.write_tree(header, out)
    print(f"{out}: {game.label}, start {header['start']}, total {header['total']} "
          f"(mean {header['mean']:.4f}), max {header['max']}, lost {header['lost']} in "
          f"{header['rows']} rows, histogram {header['histogram']}, {header['seconds']} s; "
          f"any tree >= {bound['lower_bound']} (mean {bound['lower_bound_mean']:.4f})")
    return 0


def _header(args: argparse.Namespace) -> dict[str, Any]:
    if args.file is not None:
        return trees.read_tree_file(args.file)
    path = trees.shipped_path(args.start, args.hard)
    if not path.is_file():
        mode = "hard" if args.hard else "normal"
        raise AutobotError(f"no shipped {mode}-mode tree for {args.start.lower()!r}")
    return trees.read_tree_file(path)


def _show(args: argparse.Namespace) -> int:
    header = _header(args)
    for key, value in header.items():
        if key != "tree":
            print(f"{key}: {value}")

    def walk(node: dict[str, Any], prefix: str, level: int) -> None:
        print(f"{prefix}{node['guess'].upper()}")
        if level >= args.levels:
            return
        for marks, child in sorted(node.get("next", {}).items()):
            walk(child, prefix + f"  {marks} ", level + 1)

    walk(header["tree"], "", 1)
    return 0


def _check(args: argparse.Namespace) -> int:
    header = _header(args)
    answers = load_words(args.answers or header.get("answers", "answers"))
    tree = Tree(header["tree"], bool(header.get("hard")))
    result = tree.evaluate(answers)
    print(f"games {result['games']}, total {result['total']}, mean {result['mean']:.4f}, "
          f"max {result['max']}, histogram {result['histogram']}")
    problems = [f"unsolved: {w}" for w in result["failures"]]
    if tree.hard:
        problems += [f"illegal in hard mode: {p}" for p in tree.hard_mode_violations()]
    for line in problems[:20]:
        print(line)
    if problems:
        print(f"{len(problems)} problems")
        return 1
    print("ok")
    return 0
