"""The game, the answer and the player (solver, reader) that the command-line options name."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from autobot.app.options import length_from_page, multi_strategy, user_game
from autobot.app.request import Request
from autobot.errors import AutobotError
from autobot.games import find_game
from autobot.games.player import make_player
from autobot.harness.calibration import load_profile
from autobot.multiboard import OPENER, MultiSolver
from autobot.players import PageLanguage, PageWidth
from autobot.scoring import RULES
from autobot.solver import SolverConfig
from autobot.words import load_words


def game_for(request: Request) -> Any:
    """The `autobot.games.Game` the request names: --game/--length (five-letter Wordle when
    neither is given), or the game of the user's --answers/--guesses lists."""
    chosen = request.game
    return any_scoring(user_game(chosen, request.lists)
                       or find_game(chosen.name, chosen.length or 5))


def any_scoring(game: Any) -> Any:
    """A game played on a page: the page may colour repeated letters its own way, and its rows
    tell which (`autobot.scoring`); honest coloured tiles only."""
    if getattr(game, "page", None) == "tiles" and not game.lies:
        return replace(game, scorings=tuple(RULES))
    return game


def check_answer(word: str | None, game: Any) -> str | None:
    """The --answer word, lowercase, if the page would accept it; else bad input."""
    if word is None:
        return None
    word = word.strip().lower()
    if game.adversarial:
        raise AutobotError(f"--answer: {game.name} has no fixed answer (it picks as you go)")
    if game.solver is not None:
        known: Any = load_words("nyt")  # the classic solver's page list: every NYT word
    else:
        known = game.guesses
    if word not in known:
        raise AutobotError(f"--answer: {word.upper()} is not in the word list ({game.label})")
    return word


def page_game(game: Any) -> dict[str, Any]:
    """The bundled page's `length=` and `mode=` for the game."""
    return {"length": game.length, "mode": game.page_mode}


def solver_for(request: Request) -> Any:
    """The game's player for --strategy/--hard/--start/--lang (a --start that is not a word is
    bad input); the page's language and width when they are the page's to tell."""
    chosen = request.game
    start = chosen.start.lower() if chosen.start else None
    game = game_for(request)
    lang = chosen.lang  # None: the page is to tell
    named = lang or "en"
    config = SolverConfig(strategy=chosen.strategy, hard=chosen.hard, start=start, lang=named)

    def make(code: str) -> Any:
        # --start is a word of the language named (or of English, until the page says more).
        return make_player(game, replace(config, lang=code,
                                         start=start if code == named else None))

    solver = make(named)
    if lang is None and game.solver is not None:  # other languages are the classic solver's

        solver = PageLanguage(make)
    if length_from_page(chosen):
        # A board of another width: that length's words (English; --start is five letters).
        solver = PageWidth(solver, lambda width: make_player(
            any_scoring(find_game("wordle", width)), SolverConfig(hard=chosen.hard)), game)
    return solver


def reader_for(request: Request) -> tuple[Any, Any]:
    """The --profile calibration (or None) and a board reader that uses it."""
    from autobot.vision.learned import PageReader

    profile = None
    if request.profile:
        profile = load_profile(request.profile)  # missing or broken: one line, exit 2

    # One reader per game: unchanged tiles skip glyph matching, and the page's own glyphs are
    # learned from the letters the bot types. A game of a known word length looks for a board
    # that wide first (an on-screen keyboard of ten keys a row is a wider lattice).
    cols = None if length_from_page(request.game) else game_for(request).length
    return profile, PageReader(profile, cols=cols)


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


def many_solver(request: Request) -> Any:
    """The many-board solver for --strategy / --start."""
    chosen, lists = request.game, request.lists
    return MultiSolver(multi_strategy(chosen), start=(chosen.start or OPENER),
                       lang=chosen.lang or "en",
                       **{k: v for k, v in (("answers", lists.answers),
                                            ("guesses", lists.guesses)) if v is not None})
