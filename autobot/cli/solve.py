"""`autobot solve`: a helper for a person playing elsewhere, or one simulated game (--answer)."""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from autobot.app.options import add_boards_option
from autobot.app.text import parse_reply, printer
from autobot.cli.boards import run_solve
from autobot.errors import AutobotError
from autobot.wordle import (
    ALL_GREEN,
    Turn,
    hard_mode_violation,
    marks_to_code,
    score,
    upper_word,
)

ROWS = 6
HELP = (
    "type the colours Wordle showed: _?! (absent/present/correct), .YG, xyg, bgy or ⬛🟨🟩 "
    "(🟧🟦 high contrast); 'WORD COLOURS' if you played another word; 'rejected' if the game "
    "said Not in word list; 'quit' to stop"
)

# Named ANSI colours, not the site's hex values: they stay right on 8/16-colour terminals too.
_STYLE = {
    "G": "bold white on green",
    "Y": "bold black on yellow",
    "X": "bold white on bright_black",
}


def register(subparsers: Any) -> None:
    """Add `autobot solve`."""
    from autobot.app.options import add_solver_options

    parser = subparsers.add_parser(
        "solve", help="suggest guesses for a game you play elsewhere",
        description="Prints a guess, asks for the colours the game showed, repeats. "
                    "With --answer WORD, plays one game against WORD and prints it.",
    )
    add_solver_options(parser)
    parser.add_argument("--answer", default=None, metavar="WORD",
                        help="simulate one game against this answer and print it")
    add_boards_option(parser, "solve")
    from autobot.app.options import add_game_options

    add_game_options(parser, puzzles=True)
    parser.add_argument("--puzzle", default=None, metavar="ID",
                        help="with --game ohhi|sudoku: the puzzle, as an Unruly/Solo game ID "
                             "(or 81 digits for Sudoku)")


def run(args: argparse.Namespace) -> int:
    """Interactive helper (stdin/stdout) or one simulated game."""
    from autobot.app.options import puzzle_of
    from autobot.cli import games
    from autobot.games import find_game

    puzzle = puzzle_of(args)
    if puzzle is not None:
        from autobot.cli.puzzles import solve_puzzle

        return solve_puzzle(args, puzzle)
    game = find_game(args.game, args.length)
    if game.solver is None:
        return games.solve(args)  # the generic game strategy's session
    from autobot.app.options import solver_config
    from autobot.games.player import make_player

    if args.boards is not None:
        return run_solve(args)
    if args.answer is not None:
        answer = args.answer.strip().lower()
        if len(answer) != game.length or not answer.isalpha():  # any alphabet: größe, año
            raise AutobotError(f"--answer {args.answer!r} is not a five-letter word")
    solver = make_player(game, solver_config(args))
    styled = sys.stdout.isatty()
    if args.answer is not None:
        return simulate(solver, answer, args.hard, sys.stdout, styled)
    return interact(solver, args.hard, sys.stdin, sys.stdout, styled)


def render_row(word: str, marks: str, styled: bool) -> Any:
    """One board row: rich coloured tiles for a terminal, 'CRANE  XYGXX' for plain text."""
    if not styled:
        return f"{upper_word(word)}  {marks}"
    from rich.text import Text

    text = Text()
    for letter, mark in zip(upper_word(word), marks, strict=True):
        text.append(f" {letter} ", style=_STYLE[mark])
        text.append(" ")
    return text


def simulate(solver: Any, answer: str, hard: bool, out: TextIO, styled: bool) -> int:
    """Play one game against `answer` and print its rows; 1 when it took more than six."""
    from autobot.solver import play

    if answer not in solver.answer_index and not solver.is_allowed(answer):
        hint = "" if solver.answers.name == "nyt" else " (try --answers nyt)"  # not twice
        raise AutobotError(
            f"{answer.upper()} is not a possible answer in the {solver.answers.name} list{hint}"
        )
    show = printer(out, styled)
    game = play(solver, answer, hard=hard)
    for guess in game.guesses:
        show(render_row(guess, score(guess, answer), styled))
    for note in game.notes:
        show(f"note: {note}")
    n = len(game.guesses)
    if game.solved and n <= ROWS:
        show(f"solved in {n}/{ROWS} ({solver.strategy_name})")
        return 0
    show(f"lost: {answer.upper()} not found in {ROWS} guesses ({solver.strategy_name}, took {n})")
    return 1


def _playable(solver: Any, word: str) -> bool:
    """Would a Wordle site have accepted this word (the solver's list or today's NYT list)?"""
    from autobot.words import load_words

    return solver.is_allowed(word) or word in load_words("nyt")


REJECTED = "rejected"  # the reply that the game refused the guess (Not in word list)


def _reply(solver: Any, hard: bool, history: tuple[Turn, ...], guess: str,
           text: str) -> Turn | str:
    """A typed reply to `guess` -> the row played (its word and colours) or REJECTED;
    ValueError says why it cannot be taken."""
    if text.lower() in (REJECTED, "not in word list"):
        return REJECTED
    word, marks = parse_reply(text, guess)
    if word != guess and not _playable(solver, word):
        raise ValueError(f"{word.upper()} is not in the word list (a typo?)")
    if hard:
        why = hard_mode_violation(word, history)
        if why:
            raise ValueError(f"hard mode would refuse {word.upper()}: {why}")
    turn = Turn(word, marks)
    if marks_to_code(marks) != ALL_GREEN:
        try:  # only a solver without a fallback list can run out of words
            solver.candidates(history + (turn,))
        except AutobotError as exc:
            raise ValueError(f"{exc}: check the colours") from None
    return turn


def interact(solver: Any, hard: bool, inp: TextIO, out: TextIO, styled: bool) -> int:
    """The question-answer loop; returns 0 when solved, 1 when quit (or input ends) or after
    six wrong rows."""
    from functools import partial

    from autobot.app.prompt import Prompt
    from autobot.errors import UserQuit
    from autobot.solver import GameState

    show = printer(out, styled)
    prompt = Prompt(inp, out, HELP)
    history: tuple[Turn, ...] = ()
    banned: set[str] = set()
    show(f"autobot solve ({solver.strategy_name}{', hard mode' if hard else ''}): {HELP}")
    while len(history) < ROWS:
        state = GameState(history, hard, frozenset(banned))
        candidates = solver.candidates(history, state.banned)
        decision = solver.decide(state)
        guess = decision.guess
        for note in decision.notes:  # past the answers list, or rows no word fits
            show(f"note: {note}")
        left = f"{len(candidates)} possible"
        if len(candidates) <= 8:
            left += ": " + " ".join(w.upper() for w in candidates)
        show(f"guess {len(history) + 1}: {guess.upper()}   ({left})")
        try:
            reply = prompt.ask("colours> ", partial(_reply, solver, hard, history, guess))
        except UserQuit:
            return 1  # stopped unsolved: the README's exit 1, as `solve --game jotto`
        if isinstance(reply, str):
            banned.add(guess)  # ask the solver again without that word
            continue
        history += (reply,)
        if marks_to_code(reply.marks) == ALL_GREEN:
            show(render_row(reply.guess, reply.marks, styled))
            show(f"solved in {len(history)}/{ROWS}")
            return 0
        for row in history:
            show(render_row(row.guess, row.marks, styled))
    show(f"out of rows after {ROWS} guesses")
    return 1
