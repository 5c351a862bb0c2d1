"""`autobot tree`: build, show and check the decision trees behind the `optimal` strategy."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from autobot.app.args import number_in
from autobot.errors import AutobotError
from autobot.words import load_words


def _top_k(text: str) -> tuple[int, ...]:
    """'60' or '500,100' -> (500, 100): k for the second guess, ..., the last for deeper ones."""
    try:
        values = tuple(int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of integers: {text!r}") from None
    if not values or any(v < 1 for v in values):
        raise argparse.ArgumentTypeError(f"top-k values must be positive: {text!r}")
    return values


def register(subparsers: Any) -> None:
    """Add `autobot tree build|show|check`."""
    parser = subparsers.add_parser("tree", help="build, show or check an optimal decision tree")
    sub = parser.add_subparsers(dest="tree_command", metavar="ACTION", required=True,
                                parser_class=type(parser))

    build = sub.add_parser("build", help="search a decision tree and write it (gzip JSON)")
    build.add_argument("--start", default=None,
                       help="opening guess (default salet; with --length: the search's best)")
    build.add_argument("--length", type=number_in(int, 4, 11), default=None, metavar="N",
                       help="a Wordle of N letters (4..11, autobot.solver.game_tree): all won "
                            "in its N+1 rows if the search finds it, else the fewest lost")
    build.add_argument("--bound-seconds", type=float, default=60.0, metavar="S",
                       help="with --length: time for the lower bound on any tree (default 60)")
    build.add_argument("--repair", type=number_in(int, 0, 100000), default=0, metavar="K",
                       help="with --length: where the tree found loses answers, play the guess "
                            "the exhaustive feasibility search finds that wins them all, else "
                            "the one of K partitions leaving fewest classes it cannot (default 0)")
    build.add_argument("--hard", action="store_true", help="hard mode (NYT rule)")
    build.add_argument("--top-k", type=_top_k, default=None, metavar="K[,K2...]",
                       help="guesses tried per node: first for the 2nd guess, last for deeper "
                            "(default 60,12 normal, 500,100 hard)")
    build.add_argument("--depth", type=number_in(int, 2, 13), default=None,
                       help="most guesses per game (default 5 normal, 6 hard; with --length: "
                            "its rows and one more that counts as lost)")
    build.add_argument("--answers", default="answers", help="answer list name or file")
    build.add_argument("--guesses", default="allowed", help="allowed-guess list name or file")
    build.add_argument("--out", type=Path, default=None,
                       help="output file (default ./START-normal|hard.json.gz)")
    build.add_argument("--quiet", action="store_true", help="no progress lines")

    for name, text in (("show", "print a tree's header and its first levels"),
                       ("check", "play every answer through a tree and check it")):
        p = sub.add_parser(name, help=text)
        p.add_argument("--start", default="salet", help="opening of the shipped tree")
        p.add_argument("--hard", action="store_true", help="the hard-mode tree")
        p.add_argument("--file", type=Path, default=None, help="a tree file instead")
        p.add_argument("--answers", default=None, help="answer list (default: the tree's own)")
        if name == "show":
            p.add_argument("--levels", type=int, default=2, help="levels to print (default 2)")


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
    from autobot.games import find_game
    from autobot.solver import tree as trees
    from autobot.solver.tree_file import write_tree

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
    from autobot.games import find_game
    from autobot.solver import game_tree

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
    from autobot.solver import tree as trees

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
    from autobot.solver.tree import Tree

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
