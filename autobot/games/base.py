"""A game as data: its rule (feedback code), board shape, rows, lists and how a page shows it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from autobot.rules import marks_to_code, parse_marks

# Codes for `guesses` x `answers` (int32); every game's fast rule has this shape.
Block = Callable[[Sequence[str], Sequence[str]], np.ndarray]


COLOURS_HELP = ("type the colours the row showed, one per tile: _?! (absent/present/correct), "
                ".YG, xyg, bgy, 012 or ⬛🟨🟩 (🟧🟦 high contrast); 'quit' to stop")


def honest(code: int) -> tuple[int, ...]:
    """The codes a row may show in an honest game: its true code only."""
    return (code,)


def same_code(codes: np.ndarray, shown: int) -> np.ndarray:
    """Which true `codes` a row showing `shown` can come from in an honest game: equal ones."""
    return np.asarray(codes) == shown


@dataclass(frozen=True)
class Game:
    """One word game: what a guess is answered with, how many rows, which words."""

    name: str  # registry name ("wordle", "absurdle", "jotto")
    length: int  # letters per word = tiles per row
    rows: int | None  # rows allowed (None: unlimited)
    page: str  # how a page shows the feedback: "tiles" (coloured tiles) or "count" (a number)
    answers: tuple[str, ...]  # possible secret words
    guesses: tuple[str, ...]  # allowed guesses (answers included)
    feedback: Callable[[str, str], int]  # the slow, obviously-correct rule: guess, answer -> code
    block: Block  # the fast rule, same codes (tests compare them)
    win_code: int  # the code of a won row
    n_codes: int  # codes are 0..n_codes-1
    describe: Callable[[int], str] = field(default=str)  # a code in the game's words
    adversarial: bool = False  # the secret is chosen against you as you go (Absurdle)
    # A played row's feedback as the loop records it (Turn.marks) -> the game's code:
    # Wordle's colours "XYG.." by default; Jotto's count as a digit, or all greens for the win.
    code_of: Callable[[str], int] = field(default=marks_to_code)
    page_mode: str = "wordle"  # the bundled page's mode= for this game
    # A game whose rows may misreport (Fibble lies about one tile per row): `shows` gives the
    # codes a row of true code c can show, each equally likely; `consistent` is the same
    # relation turned round for arrays (which true codes a shown code can come from). Every
    # solver keeps the answers `consistent` with each row instead of those of equal code.
    shows: Callable[[int], tuple[int, ...]] = field(default=honest)
    consistent: Callable[[np.ndarray, int], np.ndarray] = field(default=same_code)
    # The game's own solver, `autobot.solver.SolverConfig -> player` (classic five-letter
    # Wordle: the pattern-matrix solver, its optimal trees, priors and languages); None: the
    # generic `GameStrategy` plays it. `autobot.games.player.make_player` is the one chooser.
    solver: Callable[[Any], Any] | None = None
    # How a person types a row's answer (`autobot solve`, through `autobot.app.prompt`): the
    # parse (text -> code; ValueError says what is wrong; None: the row's colours, one a tile,
    # in any notation `parse_marks` reads), the question asked and one line of help.
    reply_parse: Callable[[str], int] | None = None
    reply_question: str = "Colours? "
    reply_help: str = COLOURS_HELP
    # The ways the page may colour a letter the guess repeats (`autobot.scoring.RULES`):
    # Wordle's own alone for the games' own benches; a real page's rule is learned from its
    # rows (`autobot.app.players.game_for` names them all for a page).
    scorings: tuple[str, ...] = ("standard",)

    @property
    def label(self) -> str:
        """Name with the length when it is not Wordle's five ("wordle-6")."""
        return self.name if self.length == 5 else f"{self.name}-{self.length}"

    @property
    def on_many_boards(self) -> bool:
        """Can a page show many boards of this game at once (Dordle ... Duotrigordle)? Honest
        coloured tiles with a fixed answer per board: Wordle, not Absurdle, Jotto or Fibble."""
        return self.page == "tiles" and not self.adversarial and not self.lies

    @property
    def lies(self) -> bool:
        """Can a row show other colours than its true ones (Fibble)? Hard mode, whose rule
        reads the colours as true, is then refused."""
        return self.shows is not honest

    def parse_reply(self, text: str) -> int:
        """A row's answer as a person typed it -> the game's code; ValueError says why not."""
        if self.reply_parse is not None:
            return self.reply_parse(text)
        return marks_to_code(parse_marks(text, self.length))

    def shown(self, code: int, draw: int) -> int:
        """The code a row of true code `code` shows; `draw` (any int) picks among the codes
        the game may show (an honest game shows the true one)."""
        options = self.shows(code)
        return options[draw % len(options)]
