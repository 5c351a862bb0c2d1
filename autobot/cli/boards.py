"""`autobot bench --boards N` and `autobot solve --boards N`: the many-board game's commands."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from autobot.app.options import multi_strategy
from autobot.app.request import Request
from autobot.app.solve_sessions import interact_boards
from autobot.app.text import printer, write_output
from autobot.bench.boards import bench_sets, run_multi_benchmark
from autobot.bench.output import print_comparison, print_runs, write_runs
from autobot.errors import AutobotError
from autobot.multiboard import MultiSolver, guess_limit
from autobot.multiboard.headroom import headroom_lines, run_headroom


def _solver(request: Request, strategy: str) -> Any:
    """The many-board solver of `strategy` for the request's lists and --start."""
    return MultiSolver(strategy, answers=request.lists.answers, guesses=request.lists.guesses,
                       start=request.game.start or "salet")


def run_bench(request: Request) -> int:
    """Benchmark one strategy (or it and the baseline) on seeded answer sets; 0 when it ran."""
    own, boards = request.own, request.game.boards or 1
    if own["browser"]:
        raise AutobotError("--boards has no browser benchmark yet (the solver's alone)")
    name = multi_strategy(request.game)
    if own["headroom"] is not None:
        return _run_headroom(request, name)
    other = "joint" if name == "baseline" else "baseline"
    names = [name] + ([other] if own["compare"] else [])
    seed = own["seed"] or 0
    games = own["games"] or own["sample"] or 100
    results = []
    for strategy in names:
        solver = _solver(request, strategy)
        if boards > len(solver.answers):
            raise AutobotError(f"{boards} boards need as many answers in the list")
        sets = bench_sets(solver, boards, games, seed)
        results.append(run_multi_benchmark(solver, sets, seed,
                                           _progress(own["quiet"], strategy, games)))
        if len(results) > 1:
            print()
        print_runs(results[-1])  # each as it finishes (a joint run takes a while)
    if len(results) > 1:
        print()
        print_comparison(results)
    write_runs(request.record.json, results)
    return 0


def _run_headroom(request: Request, strategy: str) -> int:
    """`bench --boards N --headroom K`: one step of policy improvement at guess K, measured."""
    own, boards = request.own, request.game.boards or 1
    headroom = own["headroom"]
    if own["compare"]:
        raise AutobotError("--headroom measures one strategy; drop --compare")
    if headroom > guess_limit(boards):
        raise AutobotError(f"a {boards}-board game has only {guess_limit(boards)} "
                           f"guesses, no guess {headroom}")
    solver = _solver(request, strategy)
    if boards > len(solver.answers):
        raise AutobotError(f"{boards} boards need as many answers in the list")
    result = run_headroom(solver, boards, headroom, own["games"] or own["sample"] or 30,
                          own["seed"] or 0)
    print("\n".join(headroom_lines(result)))
    out = request.record.json
    if out is not None:
        write_output(Path(out),
                     lambda p: p.write_text(json.dumps(result.to_json(), indent=1) + "\n"))
        print(f"wrote {out}")
    return 0


def _progress(quiet: bool, strategy: str, total: int) -> Any:
    """A progress callback printing to stderr when it is a terminal, else None."""
    if quiet or not sys.stderr.isatty():
        return None

    def show(done: int) -> None:
        print(f"\r{strategy}: {done}/{total} games", end="" if done < total else "\n",
              file=sys.stderr, flush=True)

    return show


def run_solve(request: Request) -> int:
    """The many-board helper for a person: prints a guess, asks each open board's colours."""
    solver = _solver(request, multi_strategy(request.game))
    if request.game.answer is not None:
        raise AutobotError("--answer is for one board; with --boards play the game interactively")
    return interact_boards(solver, request.game.boards or 1, sys.stdin, sys.stdout,
                           printer(sys.stdout, False))
