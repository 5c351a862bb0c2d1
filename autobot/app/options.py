"""Option groups and option checks shared by the commands (argparse in, plain values out)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from autobot.app.args import (
    BUILTIN_LISTS,
    add_lang_option,
    add_list_options,
    endpoint_address,
    key_delay_ms,
    number_in,
    scale_factor,
    word_length,
)
from autobot.app.request import GameChoice, ListChoice
from autobot.errors import AutobotError
from autobot.games import GAMES, find_game
from autobot.games.puzzles import ALIASES, PUZZLES
from autobot.solver import STRATEGIES, SolverConfig
from autobot.words import (
    Playable,
    list_entries,
    load_words,
    playable_words,
    say_note,
    usual_length,
)


def window_size(text: str) -> tuple[int, int]:
    """'1280x1024' -> (1280, 1024)."""
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"want WxH, e.g. 1280x1024, not {text!r}") from None
    if not (200 <= width <= 8000 and 200 <= height <= 8000):
        raise argparse.ArgumentTypeError(f"window size {text} is out of range (200..8000)")
    return width, height


def add_browser_arguments(parser: argparse.ArgumentParser) -> None:
    """Flags shared by `play` and the browser benchmark: the page and the browser."""
    parser.add_argument("--theme", choices=("light", "dark"), default="light",
                        help="bundled page theme (default light)")
    parser.add_argument("--contrast", action="store_true", help="high-contrast colours")
    parser.add_argument("--hard", action="store_true", help="hard mode (page and solver)")
    parser.add_argument("--scale", type=scale_factor, default=1.0,
                        help="device scale factor (2 = a HiDPI screen)")
    parser.add_argument("--strategy", default="default", help="solver strategy")
    parser.add_argument("--profile", metavar="NAME",
                        help="calibration profile (calibration/NAME.toml) for the reader")
    parser.add_argument("--remote", metavar="URL", type=endpoint_address,
                        help="a Remote WebDriver / Selenium Grid endpoint (not local Chromium)")
    parser.add_argument("--anim", action=argparse.BooleanOptionalAction, default=True,
                        help="page animations (--no-anim turns them off)")
    parser.add_argument("--window-size", type=window_size, default=(1280, 1024), metavar="WxH",
                        help="browser window size in CSS px (default 1280x1024)")
    parser.add_argument("--key-delay", type=key_delay_ms, default=60.0, metavar="MS",
                        help="pause between key presses (default 60 ms)")
    parser.add_argument("--headed", action="store_true",
                        help="show the browser window (on a private Xvfb if there is no "
                        "display); frames are then read from the display, not screenshots")


MAX_BOARDS = 64  # Duotrigordle has 32; more is allowed, within reason


MULTI_STRATEGIES = ("joint", "baseline")  # kept here so parsers need not import the solver


# joint (greedy improved by rollouts) beats the plain greedy baseline on the same seeded sets:
# see the report of `autobot bench --boards N --compare`; it is the default.
DEFAULT_STRATEGY = "joint"


def add_boards_option(parser: argparse.ArgumentParser, what: str, auto: bool = False) -> None:
    """--boards N (and --compare for the benchmark); with `auto`, also --boards auto (the
    default: the boards are counted from the page's pixels)."""
    count = number_in(int, 1, MAX_BOARDS)

    def boards(text: str) -> int | None:
        return None if auto and text.strip().lower() == "auto" else count(text)

    parser.add_argument(
        "--boards", type=boards, default=None, metavar="N" + ("|auto" if auto else ""),
        help=f"{what} N boards at once with N + 5 guesses (2 Dordle, 4 Quordle, 8 Octordle, "
             f"16 Sedecordle, 32 Duotrigordle); strategies: {', '.join(MULTI_STRATEGIES)}"
             + ("; default auto: counted from the page's pixels" if auto else ""),
    )
    if what == "benchmark":
        parser.add_argument("--compare", action="store_true",
                            help="with --boards: also run the other strategy and compare")
        parser.add_argument(
            "--headroom", type=number_in(int, 2, MAX_BOARDS + 5), default=None, metavar="K",
            help="with --boards: instead of games, measure what looking one guess further "
                 "could still win at guess K (--games positions, default 30)")


def multi_strategy(game: GameChoice) -> str:
    """The many-board strategy the --strategy option names (default: DEFAULT_STRATEGY)."""
    name = DEFAULT_STRATEGY if game.strategy == "default" else game.strategy
    if name not in MULTI_STRATEGIES:
        raise AutobotError(
            f"--strategy {name} is a one-board strategy; with --boards use "
            f"{' or '.join(MULTI_STRATEGIES)}"
        )
    if game.hard:
        raise AutobotError("--hard is not supported with --boards")
    return name


def add_answers_option(parser: argparse.ArgumentParser) -> None:
    """--answers/--guesses LIST (the word lists, as every command has them) and
    --page-answers a,b,...: the bundled page's answers, one per board."""

    add_list_options(parser)
    parser.add_argument("--page-answers", metavar="A,B,...",
                        help="with --boards: the bundled page's answers, one per board (the "
                             "older spelling --answers A,B,... still works: a value that is "
                             "no file or list name is taken so)")


def check_answers(text: str | None, boards: int) -> list[str]:
    """The --page-answers words, lowercase, one per board, each a word the page knows."""
    if not text:
        return []

    words = [w.strip().lower() for w in text.split(",") if w.strip()]
    if len(words) != boards:
        raise AutobotError(f"--page-answers: {len(words)} words for {boards} boards")
    known = load_words("nyt")
    bad = [w.upper() for w in words if w not in known]
    if bad:
        raise AutobotError(f"--page-answers: {', '.join(bad)} not in the word list")
    return words


def add_game_options(parser: argparse.ArgumentParser, board_width: bool = False,
                     puzzles: bool = False) -> None:
    """--game NAME and --length N (`board_width`: not given, the board's own width;
    `puzzles`: the grid puzzles are choices too)."""
    names = (*GAMES, *PUZZLES, *ALIASES) if puzzles else tuple(GAMES)
    parser.add_argument("--game", default="wordle", choices=names,
                        help="the game: wordle (default), absurdle, jotto, tuble or fibble" + (
                            "; grid puzzles: ohhi (unruly), sudoku (solo)" if puzzles else ""))
    parser.add_argument("--length", type=word_length, default=None if board_width else 5,
                        metavar="N", help="letters per word, 4..11 (default " + (
                            "the board's own width, 5 until seen)" if board_width else "5)"))


def length_from_page(game: GameChoice) -> bool:
    """Is the word length the board's to tell (plain Wordle, no --length)?"""
    return game.name == "wordle" and game.length is None


def list_entries_of(name: str, option: str) -> list[str]:
    """The lines of a built-in list or of a list file (one word a line, `#` comments), as
    words not yet judged (`autobot.words.list_entries`)."""
    if name in BUILTIN_LISTS:
        return list(load_words(name).words)
    try:
        text = Path(name).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise AutobotError(f"{option}: cannot read word list {name}: {exc}") from None
    return list_entries(text)


def list_words(name: str, entries: list[str], length: int, option: str) -> Playable:
    """The words of a list that a board of `length` tiles can play (and what was skipped, for
    the caller's one note); a list with none is bad input."""
    found = playable_words(entries, length)
    if not found.words:
        raise AutobotError(f"{option} {name}: no {length}-letter word among its "
                           f"{len(entries):,} lines" + (f" (--length {length})"
                                                         if entries else ""))
    return found


def skipped_note(listed: dict[str, tuple[str, Playable]], length: int) -> str | None:
    """One line for every list's skipped lines (one file given as both lists is said once)."""
    by_file: dict[str, list[str]] = {}
    for option, (name, found) in listed.items():
        if found.skipped:
            by_file.setdefault(name, []).append(option)
    notes = []
    for name, options in by_file.items():
        found = listed[options[0]][1]
        notes.append(found.note(f"{'/'.join(options)} {name}", length))
    return "; ".join(n for n in notes if n) or None


def user_game(game: GameChoice, lists: ListChoice) -> Any:
    """The game played with the user's --answers/--guesses lists (a page's own vocabulary:
    names, a theme, a language we have no list for: any letters, Ç or Ñ too), or None
    when none is given. The word length is --length, else the one most of the lines have;
    lines that cannot be played at it (stray lines, words with a hyphen or a middle dot) are
    skipped with a note."""
    from dataclasses import replace

    answers_name, guesses_name = lists.answers, lists.guesses
    if not answers_name and not guesses_name:
        return None
    answer_lines = list_entries_of(answers_name, "--answers") if answers_name else []
    guess_lines = list_entries_of(guesses_name, "--guesses") if guesses_name else []
    length = (game.length or usual_length(answer_lines)
              or usual_length(guess_lines))
    if length is None:
        name, option = (answers_name, "--answers") if answers_name else (guesses_name,
                                                                          "--guesses")
        raise AutobotError(f"{option} {name}: no word in the list")
    listed = {option: (name, list_words(name, lines, length, option))
              for option, name, lines in (("--answers", answers_name, answer_lines),
                                          ("--guesses", guesses_name, guess_lines)) if name}
    say_note(skipped_note(listed, length))
    answers = listed["--answers"][1].words if "--answers" in listed else ()
    guesses = listed["--guesses"][1].words if "--guesses" in listed else ()
    base = find_game(game.name, length)
    answers = answers or base.answers
    guesses = tuple(dict.fromkeys((*(guesses or base.guesses), *answers)))
    # The user's lists are played by the generic strategy (the classic solver has its own).
    return replace(base, answers=answers, guesses=guesses, solver=None)


def add_solver_options(parser: argparse.ArgumentParser) -> None:
    """--strategy --hard --answers --guesses --start (shared with `autobot solve`)."""
    parser.add_argument(
        "--strategy", default="default", choices=("default", *STRATEGIES, *MULTI_STRATEGIES),
        help="default = the optimal tree when one matches the lists and opener, else entropy "
             "(with --boards: joint)",
    )
    parser.add_argument("--hard", action="store_true", help="hard mode (NYT rule)")
    add_list_options(parser, answers="answers", guesses="allowed")
    parser.add_argument("--start", default=None, metavar="WORD", help="force the first guess")
    add_lang_option(parser)


def solver_config(game: GameChoice, lists: ListChoice) -> Any:
    """The SolverConfig the shared options describe."""
    return SolverConfig(
        strategy=game.strategy, hard=game.hard, answers=lists.answers,
        guesses=lists.guesses, start=game.start, lang=game.lang,
    )


def read_init_script(path: str | None) -> str | None:
    """The --init-script file's text; a missing or unreadable file is bad input."""
    if path is None:
        return None
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise AutobotError(f"--init-script: cannot read {path}: {exc}") from None

