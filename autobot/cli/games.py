"""`--game` and `--length` for bench and solve: variants go through `autobot.games`.

Five-letter Wordle keeps the original solver path untouched; anything else is played by the
games' entropy player (bench), the forced-win search (Absurdle bench) or a text session (solve).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

import numpy as np

from autobot.cli.args import word_length
from autobot.errors import AutobotError


def add_game_options(parser: argparse.ArgumentParser, board_width: bool = False,
                     puzzles: bool = False) -> None:
    """--game NAME and --length N (`board_width`: not given, the board's own width;
    `puzzles`: the grid puzzles are choices too)."""
    from autobot.games import GAMES
    from autobot.games.puzzles import ALIASES, PUZZLES

    names = (*GAMES, *PUZZLES, *ALIASES) if puzzles else tuple(GAMES)
    parser.add_argument("--game", default="wordle", choices=names,
                        help="the game: wordle (default), absurdle, jotto or tuble" + (
                            "; grid puzzles: ohhi (unruly), sudoku (solo)" if puzzles else ""))
    parser.add_argument("--length", type=word_length, default=None if board_width else 5,
                        metavar="N", help="letters per word, 4..11 (default " + (
                            "the board's own width, 5 until seen)" if board_width else "5)"))


def puzzle_of(args: argparse.Namespace) -> str | None:
    """The grid puzzle --game names ("ohhi", "sudoku"), or None for a word game."""
    from autobot.games.puzzles import ALIASES, PUZZLES

    name = str(getattr(args, "game", "wordle")).lower()
    name = ALIASES.get(name, name)
    return name if name in PUZZLES else None


def is_variant(args: argparse.Namespace) -> bool:
    """True when the options ask for anything but five-letter Wordle."""
    return getattr(args, "game", "wordle") != "wordle" or (getattr(args, "length", 5) or 5) != 5


def length_from_page(args: argparse.Namespace) -> bool:
    """Is the word length the board's to tell (plain Wordle, no --length)?"""
    return getattr(args, "game", "wordle") == "wordle" and getattr(args, "length", 5) is None


def bench(args: argparse.Namespace) -> int:
    """Benchmark a variant, print its figures and write --json."""
    from autobot.games import find_game
    from autobot.games.bench import bench_absurdle, bench_entropy, bench_jotto

    game = find_game(args.game, args.length)
    if game.name == "tuble":
        return _bench_tuble(args)
    if game.adversarial:
        # The answers are tried first at each depth (cheap); every allowed guess then proves it.
        result: dict[str, Any] = bench_absurdle(game, game.answers)
    elif game.name == "jotto":
        result = bench_jotto(game, args.seed or 0)
    else:
        result = bench_entropy(game, hard=getattr(args, "hard", False))
    print(json.dumps(result, indent=1))
    if args.json is not None:
        _write_json(args.json, result)
    return 0


def _bench_tuble(args: argparse.Namespace) -> int:
    """Tuble: the bot's tree and the seed post's player over every station, in one run."""
    from autobot.games.tuble.bench import bench_browser, bench_tuble, table

    if getattr(args, "browser", False):
        # The bundled page from the pixels: --games N seeded stations (default 20).
        result = bench_browser(args.games or args.sample or 20, args.seed or 0,
                               scale=getattr(args, "scale", None) or 1.0,
                               headed=bool(getattr(args, "headed", None)))
        print(json.dumps({k: v for k, v in result.items() if k != "played"}, indent=1))
    else:
        result = bench_tuble()
        print(json.dumps(result, indent=1))
        print("\n".join(table(result)))
    if args.json is not None:
        _write_json(args.json, result)
    return 0


def _solve_tuble(args: argparse.Namespace, inp: TextIO, out: TextIO) -> int:
    """Tuble: guesses for a person (or one game against --answer STATION)."""
    from autobot.games.tuble import find_station
    from autobot.games.tuble.network import load_network
    from autobot.games.tuble.rules import code_table
    from autobot.games.tuble.session import HELP, asker, session

    if args.answer:
        answer = find_station(args.answer)
        names = load_network().names
        return session(lambda guess: int(code_table()[names.index(guess), answer]), out)
    print(f"autobot solve --game tuble: {HELP}", file=out)
    return session(asker(inp, out), out)


def _write_json(path: Path, data: Any) -> None:
    try:
        if path.parent != Path(""):
            path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, indent=1) + "\n")
    except OSError as exc:
        raise AutobotError(f"cannot write {path}: {exc}") from None
    print(f"wrote {path}")


def solve(args: argparse.Namespace, inp: TextIO | None = None, out: TextIO | None = None) -> int:
    """Suggest guesses for a variant played elsewhere (or simulate one with --answer)."""
    # The streams of the moment, not of import time (a captured or replaced stdout).
    inp = sys.stdin if inp is None else inp
    out = sys.stdout if out is None else out
    from autobot.games import find_game
    from autobot.games.lookahead import LookaheadPlayer

    game = find_game(args.game, args.length)
    if game.name == "tuble":
        return _solve_tuble(args, inp, out)
    player = LookaheadPlayer(game)
    answer = args.answer.strip().lower() if args.answer else None
    if answer is not None and game.adversarial:  # as `play` says it
        raise AutobotError(f"--answer: {game.name} has no fixed answer (it picks as you go)")
    if answer is not None and answer not in game.answers:
        raise AutobotError(f"--answer {args.answer!r} is not a possible {game.label} answer")
    ask = (lambda guess: game.feedback(guess, answer)) if answer else _asker(game, inp, out)
    return session(player, ask, out, hard=getattr(args, "hard", False))


def session(player: Any, ask: Callable[[str], int | None], out: TextIO, hard: bool = False) -> int:
    """Guess, get the game's code, narrow the candidates; 0 when won, 1 when out of words/rows.

    `hard`: every guess keeps the greens and reuses the revealed letters (any word length).
    """
    from autobot.games.strategy import hard_mask
    from autobot.kernels.feedback import encode
    from autobot.wordle import Turn

    game = player.game
    hard = hard and game.page == "tiles"
    letters = encode(player.guesses)[0][0] if hard else None
    turns: list[Turn] = []
    candidates = np.arange(len(game.answers))
    for turn in range(1, (game.rows or 100) + 1):
        rows_left = game.rows - turn + 1 if game.rows else None
        mask = hard_mask(letters, player.guess_index, turns) if hard and turns else None
        guess = player.guesses[player.decide(candidates, rows_left, mask)]
        print(f"My guess is: {guess}", file=out)
        code = ask(guess)
        if code is None:
            return 1
        print(f"Score: {game.describe(code)}", file=out)
        if code == game.win_code:
            print(f"Solved in {turn}", file=out)
            return 0
        turns.append(Turn(guess, game.describe(code)))
        candidates = candidates[player.codes(player.guess_index[guess], candidates) == code]
        print(f"Legal words left: {len(candidates)}", file=out)
        if len(candidates) == 0:
            print("No word fits those scores", file=out)
            return 1
    return 1


def _asker(game: Any, inp: TextIO, out: TextIO) -> Callable[[str], int | None]:
    """Reads the game's answer to a guess from a person: a count (Jotto) or colours."""
    from autobot.wordle import marks_to_code, parse_marks

    def ask(guess: str) -> int | None:
        while True:
            print("Score? " if game.page == "count" else "Colours? ", end="", file=out,
                  flush=True)
            line = inp.readline()
            if not line:
                return None
            text = line.strip().lower()
            if game.page == "count":
                if text in ("win", "yes", "!"):
                    return game.win_code
                if text.isdigit() and int(text) <= game.length:
                    return int(text)
                print(f"type the letters in common (0..{game.length}) or 'win'", file=out)
                continue
            try:
                return marks_to_code(parse_marks(text, game.length))
            except ValueError as exc:
                print(exc, file=out)

    return ask


def list_words(name: str, letters: str, option: str) -> tuple[str, ...]:
    """The words of a built-in list or of a list file (one a line, `#` comments), any length."""
    import re

    from autobot.cli.args import BUILTIN_LISTS

    if name in BUILTIN_LISTS:
        from autobot.words import load_words

        return load_words(name).words
    try:
        text = Path(name).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise AutobotError(f"{option}: cannot read word list {name}: {exc}") from None
    pattern = re.compile(f"[{re.escape(letters)}]+")
    words: dict[str, None] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        word = line.split("#", 1)[0].strip().lower()
        if not word:
            continue
        if not pattern.fullmatch(word):
            raise AutobotError(f"{option}: {name}:{number}: {word!r} is not a word")
        words[word] = None
    if not words:
        raise AutobotError(f"{option}: {name}: no words in the list")
    return tuple(words)


def user_game(args: argparse.Namespace) -> Any:
    """The game played with the user's --answers/--guesses lists (a page's own vocabulary:
    names, a theme, a language we have no list for), or None when none is given. The word
    length is the lists'."""
    from dataclasses import replace

    from autobot.games import find_game
    from autobot.games.base import check_words
    from autobot.words.languages import spec

    answers_name, guesses_name = getattr(args, "answers", None), getattr(args, "guesses", None)
    if not answers_name and not guesses_name:
        return None
    letters = spec(getattr(args, "lang", None) or "en").letters
    answers = list_words(answers_name, letters, "--answers") if answers_name else ()
    guesses = list_words(guesses_name, letters, "--guesses") if guesses_name else ()
    length = len((answers or guesses)[0])
    if answers:
        check_words(answers, length, f"--answers {answers_name}")
    if guesses:
        check_words(guesses, length, f"--guesses {guesses_name}")
    named = getattr(args, "length", None)
    if named and named != length:
        raise AutobotError(f"--length {named}: the word lists have {length}-letter words")
    base = find_game(getattr(args, "game", "wordle"), length)
    answers = answers or base.answers
    guesses = tuple(dict.fromkeys((*(guesses or base.guesses), *answers)))
    return replace(base, answers=answers, guesses=guesses)
