"""`--game` and `--length` for solve: variants go through `autobot.games`.

Five-letter Wordle keeps the original solver path untouched; anything else is played by a text
session (their benchmarks: `autobot.cli.bench`'s `bench_variant` and `bench_tuble`).
"""

from __future__ import annotations

import random
import sys
from typing import Any, TextIO

from autobot.app.prompt import reply_asker
from autobot.app.request import GameChoice, Request
from autobot.app.solve_sessions import play_session
from autobot.errors import AutobotError
from autobot.games import find_game
from autobot.games.lookahead import LookaheadPlayer
from autobot.games.tuble import find_station
from autobot.games.tuble.network import load_network
from autobot.games.tuble.rules import code_table
from autobot.games.tuble.session import session as tuble_session

# A person's session and the question asked at each guess: the app layer's, wired here.
session = play_session
_asker = reply_asker


def check_hard(game: Any, chosen: GameChoice) -> None:
    """--hard with a game whose colours lie (Fibble) is bad input: hard mode trusts them."""
    if chosen.hard and game.lies:
        raise AutobotError(f"--hard: {game.name} has no hard mode (its colours lie)")


def solve_tuble(request: Request, inp: TextIO | None = None,
                out: TextIO | None = None) -> int:
    """Tuble: guesses for a person (or one game against --answer STATION)."""
    inp = sys.stdin if inp is None else inp
    out = sys.stdout if out is None else out
    game = find_game(request.game.name)
    if request.game.answer:
        answer = find_station(request.game.answer)
        names = load_network().names
        return tuble_session(lambda guess: int(code_table()[names.index(guess), answer]), out)
    print(f"autobot solve --game tuble: {game.reply_help}", file=out)
    return tuble_session(_asker(game, inp, out), out)


def solve(request: Request, inp: TextIO | None = None, out: TextIO | None = None) -> int:
    """Suggest guesses for a variant played elsewhere (or simulate one with --answer)."""
    # The streams of the moment, not of import time (a captured or replaced stdout).
    inp = sys.stdin if inp is None else inp
    out = sys.stdout if out is None else out

    chosen = request.game
    game = find_game(chosen.name, chosen.length)
    check_hard(game, chosen)
    player = LookaheadPlayer(game)
    answer = chosen.answer.strip().lower() if chosen.answer else None
    if answer is not None and game.adversarial:  # as `play` says it
        raise AutobotError(f"--answer: {game.name} has no fixed answer (it picks as you go)")
    if answer is not None and answer not in game.answers:
        raise AutobotError(f"--answer {chosen.answer!r} is not a possible {game.label} answer")
    # A game that lies (Fibble) shows --answer's rows through its lies, seeded: repeatable.
    lie = random.Random(0)
    if answer is None:
        print(f"autobot solve --game {game.label}: {game.reply_help}", file=out)
    ask = ((lambda guess: game.shown(game.feedback(guess, answer), lie.getrandbits(30)))
           if answer else _asker(game, inp, out))
    return session(player, ask, out, hard=chosen.hard)

