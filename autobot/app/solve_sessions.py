"""`autobot solve`'s sessions for a person playing elsewhere: Wordle's (one board, or one game
simulated against an answer), many boards' and any other game's. Each asks through the one
prompt loop (`autobot.app.prompt`); `autobot.cli.solve` and `autobot.cli.games` only wire them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any, TextIO

import numpy as np

from autobot.app.prompt import Prompt
from autobot.app.text import parse_reply, printer
from autobot.errors import AutobotError, UserQuit
from autobot.games.strategy import hard_mask
from autobot.kernels.feedback import encode
from autobot.multiboard import MultiState
from autobot.rules import (
    ALL_GREEN,
    Turn,
    hard_mode_violation,
    marks_to_code,
    score,
    upper_word,
)
from autobot.solver import GameState, play
from autobot.words import load_words

REJECTED = "rejected"  # the reply that the game refused the guess (Not in word list)
ROWS = 6  # Wordle's rows
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
BOARDS_HELP = (
    "for each open board type the colours it showed: _?! (absent/present/correct), .YG, xyg, "
    "bgy or ⬛🟨🟩; 'WORD COLOURS' on the first board if you played another word; 'rejected' if "
    "the game said Not in word list; 'quit' to stop"
)


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
    return solver.is_allowed(word) or word in load_words("nyt")


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


def _board_line(solver: Any, state: Any, board: int) -> str:
    """'board 2: 3 possible: CRANE TRACE GRACE' (the words once few enough)."""
    words = solver.candidates(state, board)
    text = f"board {board + 1}: {len(words)} possible"
    return text + (": " + " ".join(w.upper() for w in words) if len(words) <= 6 else "")


def interact_boards(solver: Any, boards: int, inp: TextIO, out: TextIO, show: Any) -> int:
    """The question-answer loop; 0 when every board is solved, 1 when lost or the person stops
    (quit or end of input: the README's exit 1, as for one board)."""
    state = MultiState(boards)
    prompt = Prompt(inp, out, BOARDS_HELP)
    show(f"autobot solve --boards {boards} ({solver.strategy_name}, {state.limit} guesses): "
         f"{BOARDS_HELP}")
    while not state.won and state.left > 0:
        guess = solver.next_guess(state)
        show(f"guess {len(state.guesses) + 1}: {guess.upper()}")
        for b in state.open_boards:
            show("  " + _board_line(solver, state, b))
        try:
            reply = _ask_rows(solver, state, guess, prompt)
        except UserQuit:
            return 1
        if reply == REJECTED:
            state = replace(state, banned=state.banned | {guess})
            continue
        word, marks = reply
        state = state.after(word, marks)
        for b in range(boards):
            rows = "  ".join(f"{g.upper()} {m}" for g, m in
                             zip(state.guesses, state.marks[b], strict=False))
            show(f"  board {b + 1}: {rows}" + ("  solved" if state.is_solved(b) else ""))
    if state.won:
        show(f"solved all {boards} boards in {len(state.guesses)}/{state.limit}")
        return 0
    show(f"out of guesses after {state.limit}")
    return 1


def _board_reply(solver: Any, state: Any, board: int, word: str, first: bool,
                 text: str) -> tuple[str, str] | str:
    """One board's typed reply -> (word played, its colours) or REJECTED (first board only);
    ValueError says why it cannot be taken."""
    if first and text.lower() in (REJECTED, "not in word list"):
        return REJECTED
    played, row = parse_reply(text, word)
    if played != word:
        if not first:
            raise ValueError(f"every board got {word.upper()}; type its colours")
        if not solver.single.is_allowed(played):
            raise ValueError(f"{played.upper()} is not in the word list (a typo?)")
    history = state.history(board) + (Turn(played, row),)
    if len(solver.single.candidate_columns(history)) == 0:
        raise ValueError(f"no word fits board {board + 1} with {played.upper()} {row}: "
                         "check the colours")
    return played, row


def _ask_rows(
    solver: Any, state: Any, guess: str, prompt: Any
) -> tuple[str, dict[int, str]] | str:
    """(word played, marks per open board) or REJECTED, each board asked through the one
    prompt loop (UserQuit when the person stops)."""
    word = guess
    marks: dict[int, str] = {}
    for b in state.open_boards:
        reply = prompt.ask(f"board {b + 1} colours> ",
                           partial(_board_reply, solver, state, b, word, not marks))
        if reply == REJECTED:
            return REJECTED
        word, marks[b] = reply
    return word, marks


def play_session(player: Any, ask: Callable[[str], int | None], out: TextIO,
                 hard: bool = False) -> int:
    """Guess, get the game's code, narrow the candidates; 0 when won, 1 when out of words/rows.

    `hard`: every guess keeps the greens and reuses the revealed letters (any word length).
    """
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
        codes = player.codes(player.guess_index[guess], candidates)
        candidates = candidates[game.consistent(codes, code)]
        print(f"Legal words left: {len(candidates)}", file=out)
        if len(candidates) == 0:
            print("No word fits those scores", file=out)
            return 1
    return 1


__all__ = ["BOARDS_HELP", "HELP", "REJECTED", "ROWS", "interact", "interact_boards",
           "play_session", "render_row", "simulate"]
