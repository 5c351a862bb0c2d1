"""`autobot bench --boards N` and `autobot solve --boards N`: the many-board game's commands."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from autobot.app.options import multi_strategy
from autobot.app.solve_sessions import interact_boards
from autobot.app.text import printer, write_output
from autobot.errors import AutobotError


def run_bench(args: argparse.Namespace) -> int:
    """Benchmark one strategy (or it and the baseline) on seeded answer sets; 0 when it ran."""
    from autobot.bench.boards import bench_sets, run_multi_benchmark
    from autobot.bench.output import print_comparison, print_runs, write_runs
    from autobot.multiboard import MultiSolver

    if args.browser:
        raise AutobotError("--boards has no browser benchmark yet (the solver's alone)")
    name = multi_strategy(args)
    if args.headroom is not None:
        return _run_headroom(args, name)
    other = "joint" if name == "baseline" else "baseline"
    names = [name] + ([other] if args.compare else [])
    seed = args.seed or 0
    games = args.games or args.sample or 100
    results = []
    for strategy in names:
        solver = MultiSolver(strategy, answers=args.answers, guesses=args.guesses,
                             start=args.start or "salet")
        if args.boards > len(solver.answers):
            raise AutobotError(f"{args.boards} boards need as many answers in the list")
        sets = bench_sets(solver, args.boards, games, seed)
        results.append(run_multi_benchmark(solver, sets, seed, _progress(args, strategy, games)))
        if len(results) > 1:
            print()
        print_runs(results[-1])  # each as it finishes (a joint run takes a while)
    if len(results) > 1:
        print()
        print_comparison(results)
    write_runs(args.json, results)
    return 0


def _run_headroom(args: argparse.Namespace, strategy: str) -> int:
    """`bench --boards N --headroom K`: one step of policy improvement at guess K, measured."""
    from autobot.multiboard import MultiSolver, guess_limit
    from autobot.multiboard.headroom import headroom_lines, run_headroom

    if args.compare:
        raise AutobotError("--headroom measures one strategy; drop --compare")
    if args.headroom > guess_limit(args.boards):
        raise AutobotError(f"a {args.boards}-board game has only {guess_limit(args.boards)} "
                           f"guesses, no guess {args.headroom}")
    solver = MultiSolver(strategy, answers=args.answers, guesses=args.guesses,
                         start=args.start or "salet")
    if args.boards > len(solver.answers):
        raise AutobotError(f"{args.boards} boards need as many answers in the list")
    result = run_headroom(solver, args.boards, args.headroom, args.games or args.sample or 30,
                          args.seed or 0)
    print("\n".join(headroom_lines(result)))
    if args.json is not None:
        write_output(args.json,
                     lambda p: p.write_text(json.dumps(result.to_json(), indent=1) + "\n"))
        print(f"wrote {args.json}")
    return 0


def _progress(args: argparse.Namespace, strategy: str, total: int) -> Any:
    """A progress callback printing to stderr when it is a terminal, else None."""
    if args.quiet or not sys.stderr.isatty():
        return None

    def show(done: int) -> None:
        print(f"\r{strategy}: {done}/{total} games", end="" if done < total else "\n",
              file=sys.stderr, flush=True)

    return show


def run_solve(args: argparse.Namespace) -> int:
    """The many-board helper for a person: prints a guess, asks each open board's colours."""
    from autobot.multiboard import MultiSolver

    solver = MultiSolver(multi_strategy(args), answers=args.answers, guesses=args.guesses,
                         start=args.start or "salet")
    if args.answer is not None:
        raise AutobotError("--answer is for one board; with --boards play the game interactively")
    return interact_boards(solver, args.boards, sys.stdin, sys.stdout,
                           printer(sys.stdout, False))
