"""`autobot bench`: play every answer (or a sample) with a strategy and report the figures."""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

from autobot.app.options import (
    solver_config,
)
from autobot.app.request import Request
from autobot.app.text import write_output
from autobot.bench.output import print_runs, write_runs
from autobot.bench.puzzles import main as bench_puzzles
from autobot.bench.solver import histogram_image, pick_targets, run_benchmark
from autobot.bench.trees import bench_best
from autobot.bench.tuble import bench_browser
from autobot.bench.tuble import bench_tuble as tree_and_seed_runs
from autobot.bench.variants import bench_absurdle, bench_jotto
from autobot.cli.boards import run_bench
from autobot.cli.games import check_hard
from autobot.cli.request import request_from
from autobot.errors import AutobotError, BadInput
from autobot.games import find_game, find_puzzle, runner_for
from autobot.games.player import make_player
from autobot.words import load_words
from autobot.words.languages import load_language


def run(args: argparse.Namespace) -> int:
    """Run the benchmark; 0 when it ran (lost games are figures, not errors)."""
    request = request_from(args)
    return runner_for("bench", request.game.name)(request)  # the game's own benchmark


def bench_puzzle(request: Request) -> int:
    """Grid puzzles: the solver bench over the apps' generated IDs (--games N seeds each,
    default 200), and the puzzle's graded sets (kaidoku's for Sudoku)."""
    own = request.own
    sets = find_puzzle(request.game.name).bench_sets
    argv = ["--sets", sets, "--seeds", str(own["games"] or own["sample"] or 200)]
    if request.record.json is not None:
        argv += ["--json", str(request.record.json)]
    return bench_puzzles(argv)


def bench_word_game(request: Request) -> int:
    """A word game: many boards, a variant's strategy, the browser, or the shipped solver."""
    chosen, own = request.game, request.own
    if chosen.boards is not None:
        return run_bench(request)
    if own["headroom"] is not None:
        raise AutobotError("--headroom needs --boards N (it measures the many-board strategies)")
    game = find_game(chosen.name, chosen.length)
    if game.solver is None:
        return bench_variant(request)  # the generic game strategy's benchmark
    if request.record.trace and (not own["browser"] or own.get("parallel")):
        raise BadInput("--trace is for `bench --browser` with one browser (no --parallel)")
    if own["browser"]:
        try:
            name = "autobot.bench." + ("parallel" if own.get("parallel") else "browser")
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                raise BadInput("browser benchmark not available") from None
            raise
        return int(module.run(request) or 0)

    solver = make_player(game, solver_config(chosen, request.lists))
    lang, targets_name = chosen.lang or "en", own["targets"]
    if lang != "en":
        language = load_language(lang)
        # The language's likely answers, or a list in its letters (ä ö ü ß, ñ).
        listed = load_words(targets_name, language.letters) if targets_name else language.answers
        target_list, words = targets_name or listed.name, listed.words
    else:
        answers = request.lists.answers
        target_list = targets_name or ("answers" if answers == "nyt" else answers)
        words = load_words(target_list).words
    # A target outside the answers list is fine while the fallback list can still find it.
    unknown = [w for w in words if w not in solver.answer_index and not solver.is_allowed(w)]
    if unknown:
        raise AutobotError(
            f"{len(unknown)} target words are not possible answers in the "
            f"{solver.answers.name} list (first: {unknown[0]})"
        )
    seed = own["seed"] or 0
    targets = pick_targets(words, own["sample"] or own["games"], seed)

    label = "wordle" if lang == "en" else f"wordle ({lang})"
    result = _run_with_progress(solver, targets, chosen.hard, own["quiet"], game=label,
                                target_list=target_list,
                                seed=None if len(targets) == len(words) else seed)
    print_runs(result)
    write_runs(request.record.json, result)
    plot = own["plot"]
    if plot is not None:
        write_output(plot, lambda p: histogram_image(result).save(p, format="PNG"))
        print(f"wrote {plot}")
    return 0


def _run_with_progress(solver: Any, targets: list[str], hard: bool, quiet: bool,
                       **about: Any) -> Any:
    """The benchmark with a rich progress bar on stderr when it is a terminal."""
    show = not quiet and sys.stderr.isatty()
    if not show:
        return run_benchmark(solver, targets, hard=hard, **about)
    with Progress(
        "[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
        TimeElapsedColumn(), console=Console(stderr=True), transient=True,
    ) as bar:
        task = bar.add_task(f"{solver.strategy_name}", total=len(targets))
        return run_benchmark(
            solver, targets, hard=hard, progress=lambda done: bar.update(task, completed=done),
            **about,
        )


def bench_variant(request: Request) -> int:
    """Benchmark a variant, print its figures and write --json."""
    chosen, own = request.game, request.own
    game = find_game(chosen.name, chosen.length)
    check_hard(game, chosen)
    if game.adversarial:
        # The answers are tried first at each depth (cheap); every allowed guess then proves it.
        runs = [bench_absurdle(game, game.answers)]
    elif game.page == "count":  # a count beside each row (Jotto): every secret, played out
        runs = bench_jotto(game, own["seed"] or 0)
    else:
        # The game's best strategy (its shipped tree, autobot.solver.game_tree) beside entropy.

        runs = bench_best(game, hard=chosen.hard,
                          sample=own["sample"] or own["games"], seed=own["seed"] or 0)
    print_runs(runs)
    write_runs(request.record.json, runs)
    return 0


def bench_tuble(request: Request) -> int:
    """Tuble: the bot's tree and the seed post's player over every station, in one run."""
    own = request.own
    if own.get("browser"):
        # The bundled page from the pixels: --games N seeded stations (default 20).
        runs = [bench_browser(own["games"] or own["sample"] or 20, own["seed"] or 0,
                              scale=own.get("scale") or 1.0,
                              headed=bool(own.get("headed")))]
    else:
        runs = tree_and_seed_runs()
    print_runs(runs)
    write_runs(request.record.json, runs)
    return 0
