"""The one prompt loop: a person is asked about a guess and types a line, for every game.

Every interactive question (`autobot solve`'s colours, Jotto's count, Tuble's colour and stops,
a board of many, the `--confirm` prompt) goes through `Prompt.ask`, so the shared commands mean
the same everywhere:

    quit, q, exit, end of input   UserQuit (exit 1: the game was not won, as the README says)
    help, h                       the session's help line, then the question again
    anything else                 the caller's parse; a ValueError is one line, asked again

What a reply means is the game's: `Game.parse_reply` (colours by default, a count for Jotto,
a colour and stops for Tuble) or a session's own parse built on it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TextIO, TypeVar

from autobot.errors import UserQuit

T = TypeVar("T")

QUIT = frozenset({"q", "quit", "exit"})
HELP = frozenset({"h", "help"})


class Prompt:
    """Asks a person questions on `inp`/`out` until a reply parses (or they stop)."""

    def __init__(self, inp: TextIO, out: TextIO, help_text: str, *,
                 where: str = "prompt") -> None:
        self.inp = inp
        self.out = out
        self.help = help_text
        self.where = where  # named in UserQuit's message ("quit at the confirm prompt")

    def say(self, text: str = "") -> None:
        """One line to the person."""
        print(text, file=self.out, flush=True)

    def ask(self, question: str, parse: Callable[[str], T]) -> T:
        """Ask `question` until `parse` takes the stripped line; UserQuit when they stop."""
        while True:
            self.out.write(question)
            self.out.flush()
            line = self.inp.readline()
            if not line:  # end of input: the person is done, the game is not won
                self.say()  # end the unanswered question's line
                raise UserQuit(f"quit: no more input at the {self.where}")
            text = line.strip()
            if text.lower() in QUIT:
                raise UserQuit(f"quit at the {self.where}")
            if text.lower() in HELP:
                self.say(self.help)
                continue
            try:
                return parse(text)
            except ValueError as exc:
                self.say(f"  {exc}; try again ('help' explains)")


def reply_asker(game: Any, inp: TextIO, out: TextIO) -> Callable[[str], int | None]:
    """`ask(guess)`: the game's answer to a guess as a person types it (its code), or None when
    they stop; the game says the question, the help and the parse."""
    prompt = Prompt(inp, out, game.reply_help)

    def ask(guess: str) -> int | None:
        try:
            return prompt.ask(game.reply_question, game.parse_reply)
        except UserQuit:
            return None

    return ask


__all__ = ["HELP", "QUIT", "Prompt", "reply_asker"]
