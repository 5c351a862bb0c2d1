"""What the solver is told (the game state, its configuration) and what it answers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from autobot.rules import Turn


@dataclass(frozen=True)
class GameState:
    """What the solver knows about a game: the rows so far, hard mode, words the site rejected."""

    history: tuple[Turn, ...] = ()
    hard: bool = False
    banned: frozenset[str] = frozenset()  # "Not in word list" on the site: never propose again


class Strategy(Protocol):
    """Picks the next guess given the state and the words still possible."""

    def __call__(self, state: GameState, candidates: Sequence[str]) -> str: ...


STRATEGIES: tuple[str, ...] = ("optimal", "entropy", "minimax", "expected-size", "frequency")


@dataclass(frozen=True)
class SolverConfig:
    """Which lists, strategy and opener to play with."""

    strategy: str = "default"  # "default" = optimal when a shipped tree matches, else entropy
    hard: bool = False
    answers: str = "answers"  # list name or path ("nyt" = all 14,855 words, frequency-weighted)
    guesses: str = "allowed"  # allowed guesses (when answers == "nyt", guesses is nyt too)
    start: str | None = None  # forced first guess
    # Every word the game may accept: searched, frequency-weighted, once no word of the answers
    # list fits the rows (an answer the list lacks, or a page with other rules). None = never.
    fallback: str | None = "nyt"
    lang: str = "en"  # another language plays its own lists (autobot.words.languages)


@dataclass(frozen=True)
class Decision:
    """The guess to play and, when the rows left the answers list, notes saying so."""

    guess: str
    notes: tuple[str, ...] = ()
