"""Any game as the turn loop's solver: the rows so far in, the next guess out.

The loop records each played row as a `Turn(guess, feedback)`; the game says what that feedback
means (`Game.code_of`: Wordle's colours, Jotto's count), so one strategy serves every variant:
keep the answers that could have shown that feedback (`Game.consistent`: the same code, unless
the game lies), then ask the entropy player.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np

from autobot.errors import AutobotError, SafetyStop
from autobot.games.absurdle import Search, opening_plan
from autobot.games.base import Game
from autobot.games.entropy import EntropyPlayer
from autobot.kernels.feedback import encode
from autobot.outcomes import Reason
from autobot.players import Player
from autobot.rules import Turn
from autobot.scoring import possible_rules, rule_candidates
from autobot.solver.prior import STRICTER_AFTER


def hard_mask(guesses: np.ndarray, index: dict[str, int], history: Sequence[Turn]) -> np.ndarray:
    """Which of the encoded `guesses` hard mode allows after `history` (any word length).

    The NYT rule as `autobot.rules.hard_mode_violation` states it: greens stay in place, and
    each revealed letter is used at least as often as one row revealed it.
    """
    ok = np.ones(len(guesses), dtype=bool)
    for turn in history:
        letters = guesses[index[turn.guess]]
        marks = turn.marks.upper()
        for i, mark in enumerate(marks):
            if mark == "G":
                ok &= guesses[:, i] == letters[i]
        need = Counter(int(c) for c, m in zip(letters, marks, strict=True) if m in "GY")
        for letter, times in need.items():
            ok &= (guesses == letter).sum(axis=1) >= times
    return ok


# Refusals after which probe words come from the answers list only: the Wordle solver's first
# step towards common words (other lengths have no word frequencies, only curated answers).
REFUSALS_FOR_ANSWERS_ONLY = STRICTER_AFTER[-1][0]


# Sets an adversary's row may expand in its forced-win search (a few seconds at most).
OUTWIT_BUDGET = 300


class GameStrategy(Player):
    """The loop's solver for a `Game`: `next_guess(state)` from `state.history`."""

    def __init__(self, game: Game, hard: bool = False, start: str | None = None) -> None:
        if hard and game.lies:
            raise AutobotError(f"--hard: {game.name} has no hard mode (its colours lie)")
        self.game = game
        self.hard = hard
        self.player = EntropyPlayer(game)
        self.start = start.lower() if start else None
        if self.start is not None and self.start not in self.player.guess_index:
            raise AutobotError(f"--start: {self.start.upper()} is not an allowed "
                               f"{game.label} guess")
        (self._letters,), _ = encode(self.player.guesses)
        rows = self.player._answer_row
        self._is_answer = np.zeros(len(self.player.guesses), bool)  # guess row -> an answer
        self._is_answer[rows[rows >= 0]] = True
        self._plan: tuple[str, ...] | None = None  # Absurdle: a forced win from the start
        self._rules_told: tuple[str, ...] = game.scorings  # the page's rules as last told
        self._notes: list[str] = []

    def candidates(self, history: Sequence[Turn]) -> np.ndarray:
        """Answer numbers still possible after `history` (AutobotError if a guess is unknown).

        A page that may colour repeated letters its own way (`Game.scorings`): the answers
        some rule its rows still allow gives every row (`autobot.scoring`)."""
        left = np.arange(len(self.game.answers))
        for turn in history:
            guess = self.player.guess_index.get(turn.guess.lower())
            if guess is None:
                raise SafetyStop(f"{turn.guess.upper()} is not a {self.game.label} word")
            if not self.rules_unsure:
                left = left[self.game.consistent(self.player.codes(guess, left),
                                                 self.game.code_of(turn.marks))]
        if self.rules_unsure:
            return rule_candidates(self.page_rules(history), self.game.answers, history)
        return left

    @property
    def rules_unsure(self) -> bool:
        """May the page colour repeated letters in more than one way (honest tiles only)?"""
        return len(self.game.scorings) > 1 and self.game.page == "tiles" and not self.game.lies

    def page_rules(self, history: Sequence[Turn]) -> tuple[str, ...]:
        """The repeated-letter rules the page's rows so far allow (`possible_rules`)."""
        if not self.rules_unsure:
            return self.game.scorings
        return possible_rules(self.game.scorings, self.game.answers, history)

    def _tell_rules(self, history: Sequence[Turn]) -> None:
        """A note when the rows rule out ways of colouring repeated letters."""
        if not self.rules_unsure:
            return
        rules = self.page_rules(history)
        if rules != self._rules_told:
            self._rules_told = rules
            self._notes.append(f"repeated letters: the page's rows allow the "
                               f"{' or '.join(rules)} rule{'s' * (len(rules) > 1)} "
                               f"(autobot.scoring)")

    def take_notes(self) -> list[str]:
        """What the rows taught about the page's colouring since last asked."""
        notes, self._notes = self._notes, []
        return notes

    def next_guess(self, state: Any) -> str:
        """The next word to play, given the loop's `GameState` (history, hard, banned)."""
        history = tuple(state.history)
        if not history and self.start and self.start not in state.banned:
            return self.start
        self._tell_rules(history)
        left = self.candidates(history)
        if len(left) == 0 and self.game.page == "tiles":
            # The page colours repeated letters its own way (or the answer is off the list):
            # the answers that contradict the fewest tiles played.
            left = self.closest(history, state.banned)
        if len(left) == 0:
            raise SafetyStop(f"no {self.game.label} answer fits the rows played",
                             reason=Reason.NO_WORDS)
        if self.game.adversarial and not state.banned:
            return self._outwit(history, left)
        mask = None
        if (self.hard or state.hard) and history and self.game.page == "tiles":
            mask = hard_mask(self._letters, self.player.guess_index, history)
        if state.banned:
            banned = [self.player.guess_index[w] for w in state.banned
                      if w in self.player.guess_index]
            mask = np.ones(len(self.player.guesses), bool) if mask is None else mask
            mask[banned] = False
            if len(state.banned) >= REFUSALS_FOR_ANSWERS_ONLY:
                # The page's list is smaller than ours: probe with the game's answers (the
                # common words), which such a page most likely has too.
                if (mask & self._is_answer).any():
                    mask = mask & self._is_answer
            left = left[mask[self.player._answer_row[left]]]
            if len(left) == 0 and self.game.page == "tiles":
                # The page refused every answer that fits: its colours or list differ from
                # ours; a refused word never ends the game, the nearest answers go on.
                left = self.closest(history, state.banned)
            if len(left) == 0:
                raise SafetyStop(f"every {self.game.label} answer left was refused",
                                  reason=Reason.NO_WORDS)
        rows_left = self.game.rows - len(history) if self.game.rows else None
        return self.player.guesses[self.player.decide(left, rows_left, mask)]

    def closest(self, history: Sequence[Turn], banned: Any = ()) -> np.ndarray:
        """The answers (not refused) whose colours for the rows played differ from the page's
        in the fewest tiles."""
        everyone = np.arange(len(self.game.answers))
        miss = np.zeros(len(everyone), np.int64)
        for turn in history:
            guess = self.player.guess_index.get(turn.guess.lower())
            if guess is None:
                continue
            got = self.player.codes(guess, everyone).astype(np.int64)
            want = self.game.code_of(turn.marks)
            for _ in range(self.game.length):
                miss += (got % 3) != (want % 3)
                got, want = got // 3, want // 3
        open_ = np.array([w not in banned for w in self.game.answers], bool)
        open_ &= np.array([w not in {t.guess.lower() for t in history}
                           for w in self.game.answers], bool)
        if not open_.any():
            return everyone[:0]
        return everyone[open_ & (miss == miss[open_].min())]

    def _outwit(self, history: Sequence[Turn], left: np.ndarray) -> str:
        """Against an adversary (Absurdle): the shortest forced win from the start while the
        game follows it, else the shortest one searched from the words left."""
        if self._plan is None:
            self._plan = opening_plan(self.game) or ()
        played = tuple(t.guess for t in history)
        if self._plan[: len(played)] == played and len(played) < len(self._plan):
            return self._plan[len(played)]
        if len(left) == 1:
            return self.game.answers[int(left[0])]
        # A budget per row: a user's list of thousands of words makes the deeper searches
        # long, and a page's adversary may not be the one searched against anyway.
        search = Search(self.game, self.game.answers, budget=OUTWIT_BUDGET)
        for depth in range(1, 6):
            found = search.solve(left, depth)
            if found:
                return self.game.answers[found[0]]
        return self.player.guesses[self.player.decide(left)]

    def is_allowed(self, word: str) -> bool:
        """Is `word` a guess of this game?"""
        return word.lower() in self.player.guess_index
