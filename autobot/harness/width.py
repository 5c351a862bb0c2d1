"""Play the page's own word length: five-letter Wordle until the board shows another width."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from autobot.errors import AutobotError


class PageWidth:
    """A five-letter solver that becomes the page's length's game once the board is seen.

    `make(width)` builds the strategy for words of that length (it carries its `game`); a
    width no game is made for leaves the five-letter solver, and the loop says the board does
    not fit it.
    """

    def __init__(self, five: Any, make: Callable[[int], Any], game: Any) -> None:
        self._make = make
        self.solver = five  # the strategy played now
        self.game = game  # the game played now: the five-letter one until the board is seen
        self._notes: list[str] = []

    def see_page(self, frame: Any, read: Any) -> None:
        """Take the board's width as the game's word length (and let the solver look too)."""
        width = len(read.rows[0][1]) if getattr(read, "rows", None) else self.game.length
        if width != self.game.length:
            try:
                strategy = self._make(width)
            except AutobotError:
                return  # no words of that length: the loop's own message says so
            self.solver, self.game = strategy, strategy.game
            self._notes.append(f"the board is {width} letters wide: playing "
                               f"{strategy.game.label} words")
            return
        see = getattr(self.solver, "see_page", None)
        if see is not None:
            see(frame, read)

    def take_notes(self) -> list[str]:
        """What the player should hear: the length taken, then the solver's own notes."""
        notes, self._notes = self._notes, []
        take = getattr(self.solver, "take_notes", None)
        return notes + (list(take()) if take is not None else [])

    def next_guess(self, state: Any) -> str:
        """The next guess, of the board's length."""
        return str(self.solver.next_guess(state))

    def __getattr__(self, name: str) -> Any:
        # Everything else (is_allowed, candidates, lang ...) is the solver played now's.
        if name.startswith("_") or name in ("solver", "game"):
            raise AttributeError(name)
        return getattr(self.solver, name)
