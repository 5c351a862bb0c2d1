"""The game, the answer and the player (solver, reader) that the command-line options name."""

from __future__ import annotations

import argparse
from typing import Any

from autobot.app.options import is_variant, length_from_page, multi_strategy, user_game
from autobot.errors import AutobotError
from autobot.wordle import upper_word


def game_from_args(args: argparse.Namespace) -> Any:
    """The --game/--length variant (or the game of the user's --answers/--guesses lists) as an
    `autobot.games.Game`, or None for five-letter Wordle (which keeps the original solver)."""
    listed = user_game(args)
    if listed is not None:
        return listed
    if not is_variant(args):
        return None
    from autobot.games import find_game

    return find_game(args.game, args.length or 5)


def check_answer(word: str | None, game: Any = None) -> str | None:
    """The --answer word, lowercase, if the page would accept it; else bad input."""
    if word is None:
        return None
    word = word.strip().lower()
    if game is not None:
        if game.adversarial:
            raise AutobotError(f"--answer: {game.name} has no fixed answer (it picks as you go)")
        if word not in game.guesses:
            raise AutobotError(f"--answer: {word.upper()} is not a {game.label} word")
        return word
    from autobot.words import load_words

    if word not in load_words("nyt"):
        raise AutobotError(f"--answer: {word.upper()} is not in the word list")
    return word


def page_game(game: Any) -> dict[str, Any]:
    """The bundled page's `length=` and `mode=` for a variant (none for Wordle)."""
    return {} if game is None else {"length": game.length, "mode": game.page_mode}


def solver_from_args(args: argparse.Namespace) -> Any:
    """The solver for --strategy/--hard/--start (a --start that is not a word is bad input);
    a --game/--length variant's `GameStrategy`."""
    from autobot.solver import SolverConfig, make_solver

    start = args.start.lower() if args.start else None
    game = game_from_args(args)
    if game is not None:
        from autobot.games.strategy import GameStrategy

        return GameStrategy(game, hard=args.hard, start=start)
    lang = getattr(args, "lang", "en")  # None: the page is to tell
    named = lang or "en"

    def make(code: str) -> Any:
        # --start is a word of the language named (or of English, until the page says more).
        return make_solver(SolverConfig(strategy=args.strategy, hard=args.hard,
                                        start=start if code == named else None, lang=code))

    solver = make(named)
    if start and not solver.is_allowed(start):
        raise AutobotError(f"--start: {upper_word(start)} is not an allowed guess")
    if lang is None:
        from autobot.harness.language import PageLanguage

        solver = PageLanguage(make)
    if length_from_page(args):
        from autobot.games import find_game
        from autobot.games.strategy import GameStrategy
        from autobot.harness.width import PageWidth

        # A board of another width: that length's words (English; --start is five letters).
        solver = PageWidth(solver, lambda width: GameStrategy(find_game("wordle", width),
                                                              hard=args.hard))
    return solver


def reader_from_args(args: argparse.Namespace) -> tuple[Any, Any]:
    """The --profile calibration (or None) and a board reader that uses it."""
    from autobot.vision.learned import PageReader

    profile = None
    if getattr(args, "profile", None):
        from autobot.harness.calibration import load_profile

        profile = load_profile(args.profile)  # missing or broken: one line, exit 2

    # One reader per game: unchanged tiles skip glyph matching, and the page's own glyphs are
    # learned from the letters the bot types.
    return profile, PageReader(profile)


def save_learned_glyphs(reader: Any, profile: Any, console: Any) -> None:
    """The page's own glyphs the reader learned from typed letters, kept with a --profile that
    has a glyph folder (`autobot calibrate --letters`): the next run reads the page's font
    from its first frame, a game in progress too."""
    folder = getattr(profile, "templates_dir", None)
    save = getattr(reader, "save", None)
    if folder is None or save is None or not reader.known():
        return
    written = save(folder, tag="page")
    console.print(f"learned the page's glyphs of {reader.known()}: {len(written)} saved in "
                  f"{folder}")


def many_solver(args: argparse.Namespace) -> Any:
    """The many-board solver for --strategy / --start."""
    from autobot.multiboard import OPENER, MultiSolver

    lang = getattr(args, "lang", None) or "en"
    return MultiSolver(multi_strategy(args), start=(args.start or OPENER), lang=lang,
                       **{k: v for k in ("answers", "guesses")
                          if (v := getattr(args, k, None)) is not None})
