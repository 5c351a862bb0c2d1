"""`--game` and `--length` for bench and solve: variants go through `autobot.games`.

Five-letter Wordle keeps the original solver path untouched; anything else is played by the
games' entropy player (bench), the forced-win search (Absurdle bench) or a text session (solve).
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any, TextIO

from autobot.app.prompt import reply_asker
from autobot.app.solve_sessions import play_session
from autobot.bench.output import print_runs, write_runs
from autobot.bench.trees import bench_best
from autobot.bench.tuble import bench_browser
from autobot.bench.tuble import bench_tuble as tree_and_seed_runs
from autobot.bench.variants import bench_absurdle, bench_jotto
from autobot.errors import AutobotError
from autobot.games import find_game
from autobot.games.lookahead import LookaheadPlayer
from autobot.games.tuble import find_station
from autobot.games.tuble.network import load_network
from autobot.games.tuble.rules import code_table

# A person's session and the question asked at each guess: the app layer's, wired here.
session = play_session
_asker = reply_asker


def bench(args: argparse.Namespace) -> int:
    """Benchmark a variant, print its figures and write --json."""
    game = find_game(args.game, args.length)
    check_hard(game, args)
    if game.adversarial:
        # The answers are tried first at each depth (cheap); every allowed guess then proves it.
        runs = [bench_absurdle(game, game.answers)]
    elif game.page == "count":  # a count beside each row (Jotto): every secret, played out
        runs = bench_jotto(game, args.seed or 0)
    else:
        # The game's best strategy (its shipped tree, autobot.solver.game_tree) beside entropy.

        runs = bench_best(game, hard=getattr(args, "hard", False),
                          sample=args.sample or args.games, seed=args.seed or 0)
    print_runs(runs)
    write_runs(args.json, runs)
    return 0


def check_hard(game: Any, args: argparse.Namespace) -> None:
    """--hard with a game whose colours lie (Fibble) is bad input: hard mode trusts them."""
    if getattr(args, "hard", False) and game.lies:
        raise AutobotError(f"--hard: {game.name} has no hard mode (its colours lie)")


def bench_tuble(args: argparse.Namespace) -> int:
    """Tuble: the bot's tree and the seed post's player over every station, in one run."""
    if getattr(args, "browser", False):
        # The bundled page from the pixels: --games N seeded stations (default 20).
        runs = [bench_browser(args.games or args.sample or 20, args.seed or 0,
                              scale=getattr(args, "scale", None) or 1.0,
                              headed=bool(getattr(args, "headed", None)))]
    else:
        runs = tree_and_seed_runs()
    print_runs(runs)
    write_runs(args.json, runs)
    return 0


def solve_tuble(args: argparse.Namespace, inp: TextIO | None = None,
                out: TextIO | None = None) -> int:
    """Tuble: guesses for a person (or one game against --answer STATION)."""
    from autobot.games.tuble.session import session

    inp = sys.stdin if inp is None else inp
    out = sys.stdout if out is None else out
    game = find_game(args.game)
    if args.answer:
        answer = find_station(args.answer)
        names = load_network().names
        return session(lambda guess: int(code_table()[names.index(guess), answer]), out)
    print(f"autobot solve --game tuble: {game.reply_help}", file=out)
    return session(_asker(game, inp, out), out)


def solve(args: argparse.Namespace, inp: TextIO | None = None, out: TextIO | None = None) -> int:
    """Suggest guesses for a variant played elsewhere (or simulate one with --answer)."""
    # The streams of the moment, not of import time (a captured or replaced stdout).
    inp = sys.stdin if inp is None else inp
    out = sys.stdout if out is None else out

    game = find_game(args.game, args.length)
    check_hard(game, args)
    player = LookaheadPlayer(game)
    answer = args.answer.strip().lower() if args.answer else None
    if answer is not None and game.adversarial:  # as `play` says it
        raise AutobotError(f"--answer: {game.name} has no fixed answer (it picks as you go)")
    if answer is not None and answer not in game.answers:
        raise AutobotError(f"--answer {args.answer!r} is not a possible {game.label} answer")
    # A game that lies (Fibble) shows --answer's rows through its lies, seeded: repeatable.
    lie = random.Random(0)
    if answer is None:
        print(f"autobot solve --game {game.label}: {game.reply_help}", file=out)
    ask = ((lambda guess: game.shown(game.feedback(guess, answer), lie.getrandbits(30)))
           if answer else _asker(game, inp, out))
    return session(player, ask, out, hard=getattr(args, "hard", False))

