"""The solver: word lists + pattern matrix + a strategy, pure with respect to the game state.

A strategy is a callable `(GameState, candidates) -> guess`. `Solver.decide` adds what every
strategy needs: the forced opener, banned words, hard-mode legality, memoisation per history, and
what to do when no word of the answers list fits the rows (`autobot.solver.offlist`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from autobot.errors import AutobotError
from autobot.outcomes import Reason
from autobot.players import Player
from autobot.rules import ALL_GREEN, Turn, marks_to_code, score
from autobot.solver.lexicon import Lexicon
from autobot.solver.offlist import NOTES, ROWS, Fit, OffList
from autobot.solver.patterns import pattern_matrix
from autobot.solver.prior import STRICTER_AFTER, in_dictionary, prior_from_zipf, zipf_values
from autobot.solver.state import STRATEGIES, Decision, GameState, SolverConfig, Strategy
from autobot.solver.strategies import (
    STRATEGY_CLASSES,
    EntropyStrategy,
    WithFallback,
    tree_strategy_for,
)
from autobot.words import WordList, load_words
from autobot.words.languages import load_fallback, load_language

# --- the solver --------------------------------------------------------------------------------


class Solver(Player):
    """Holds lists, matrix and strategy; pure w.r.t. game state."""

    def __init__(self, config: SolverConfig, zipf: Mapping[str, float] | None = None) -> None:
        self.config = config
        self.zipf = zipf  # word -> Zipf frequency for the priors (None: English)
        name = config.strategy
        if name != "default" and name not in STRATEGIES:
            raise AutobotError(
                f"unknown strategy {name!r} (choose from default, {', '.join(STRATEGIES)})"
            )
        self.inflected: frozenset[str] = frozenset()  # words that are not dictionary base forms
        if config.lang != "en":
            # Any word of the language may be the answer, weighted by frequency (like nyt).
            language = load_language(config.lang)
            self.zipf = zipf = language.zipf
            self.answers: WordList = language.allowed
            base = language.allowed
            guess_name = language.allowed.name
            if language.base:  # see _base_forms_only
                self.inflected = frozenset(language.allowed.words) - language.base
        else:
            self.answers = load_words(config.answers)
            guess_name = "nyt" if config.answers == "nyt" else config.guesses
            base = load_words(guess_name)
        extra = tuple(w for w in self.answers.words if w not in base)
        # Every possible answer must also be a legal guess, or the solver could never win.
        self.guesses: WordList = (
            WordList(f"{base.name}+{self.answers.name}", base.words + extra) if extra else base
        )
        self.guess_index = {w: i for i, w in enumerate(self.guesses.words)}
        self.answer_index = {w: i for i, w in enumerate(self.answers.words)}
        self.matrix = pattern_matrix(self.guesses, self.answers)
        # The frequency prior for the all-words list; the curated lists are uniform.
        weighted = config.answers == "nyt" or config.lang != "en"
        self._answer_zipf = zipf_values(self.answers.words, zipf) if weighted else None
        self._answer_dictionary = (
            self._dictionary_mask(self.answers.words) if self._answer_zipf is not None else None
        )
        self._weights: dict[int, np.ndarray] = {}
        self.weights = self.weights_for(GameState())
        # guess row -> answer column (or -1): lets a guess's own chance of winning be looked up.
        self._guess_to_col = np.array(
            [self.answer_index.get(w, -1) for w in self.guesses.words], dtype=np.int64
        )
        self._answer_to_row = np.array(
            [self.guess_index[w] for w in self.answers.words], dtype=np.int64
        )
        self.lexicon = Lexicon(self.guesses.words)
        self._offlist: OffList | None = None
        if config.start is not None:
            start = config.start.lower()
            if start not in self.guess_index:
                raise AutobotError(f"start word {config.start!r} is not in the {guess_name} list")
            self.start: str | None = start
        else:
            self.start = None
        self.strategy_name, self.strategy = self._pick_strategy(name)
        self._memo: dict[tuple[tuple[Turn, ...], bool, frozenset[str]], Decision] = {}
        self._common: dict[float, np.ndarray] = {}  # threshold -> common_mask

    def _pick_strategy(self, name: str) -> tuple[str, Strategy]:
        entropy = EntropyStrategy(self)
        if name in ("default", "optimal"):
            tree = tree_strategy_for(self.config, self, entropy)
            if tree is not None:
                return "optimal", WithFallback(self, tree, entropy)
            return "entropy", entropy
        return name, STRATEGY_CLASSES[name](self)

    # -- queries ------------------------------------------------------------------------------

    def is_allowed(self, word: str) -> bool:
        """Would the game accept this word as a guess (the guess list or the fallback list)?"""
        word = word.lower()
        if word in self.guess_index:
            return True
        offlist = self.offlist
        return offlist is not None and word in offlist.lexicon.index

    @property
    def offlist(self) -> OffList | None:
        """Every word the game may accept, for rows no answer fits (built on first use).

        English: the fallback list (nyt) with the guesses. Another language: its allowed words
        then its fallback words (`load_fallback`: wordfreq's words no dictionary has, weighed
        DICTIONARY_FACTOR less than a dictionary word of their frequency)."""
        if self._offlist is not None or self.config.fallback is None:
            return self._offlist
        if self.config.lang == "en":
            base = load_words(self.config.fallback).words
            known = set(base)
            words = base + tuple(w for w in self.guesses.words if w not in known)
            self._offlist = OffList(
                Lexicon(words), zipf_values(words, self.zipf), self.config.fallback,
                self._dictionary_mask(words),
            )
            return self._offlist
        more = load_fallback(self.config.lang)
        known = set(self.guesses.words)
        words = self.guesses.words + tuple(w for w in more.words.words if w not in known)
        zipf = {**more.zipf, **(self.zipf or {})}
        # Probes are the main list's words: a page may well refuse a rare or foreign word.
        probes = np.zeros(len(words), dtype=bool)
        probes[: len(self.guesses)] = True
        self._offlist = OffList(
            Lexicon(words), zipf_values(words, zipf), f"{self.guesses.name}+{more.words.name}",
            np.array([w not in more.zipf for w in words], dtype=bool), probes,
        )
        return self._offlist

    def _dictionary_mask(self, words: Sequence[str]) -> np.ndarray | None:
        """Which words are dictionary words, where a dictionary is known (English only)."""
        return in_dictionary(words) if self.zipf is None else None

    def weights_for(self, state: GameState) -> np.ndarray:
        """The answers' prior in this game: each word the page refused tilts it to common words."""
        # Uniform lists get no tilt; the inflected words _base_forms_only bans count as one.
        banned = state.banned
        refusals = len(banned - self.inflected) + bool(banned & self.inflected)
        refusals = refusals if self._answer_zipf is not None else 0
        weights = self._weights.get(refusals)
        if weights is None:
            weights = self._weights[refusals] = (
                np.full(len(self.answers), 1.0 / len(self.answers))
                if self._answer_zipf is None
                else prior_from_zipf(self._answer_zipf, refusals, self._answer_dictionary)
            )
        return weights

    def candidate_columns(self, history: Sequence[Turn]) -> np.ndarray:
        """Answer-list columns still possible after `history` (may be empty)."""
        cols = np.arange(len(self.answers))
        for turn in history:
            guess = turn.guess.lower()
            code = marks_to_code(turn.marks)
            row = self.guess_index.get(guess)
            if row is not None:
                cols = cols[self.matrix[row, cols] == code]
            else:  # a word outside the guess list (the person played it elsewhere): slow path
                marks = turn.marks.upper()
                keep = [c for c in cols if score(guess, self.answers.words[c]) == marks]
                cols = np.array(keep, dtype=np.int64)
            if code != ALL_GREEN:
                # A wrong guess is not the answer, whatever list it came from.
                col = self.answer_index.get(guess)
                if col is not None:
                    cols = cols[cols != col]
        return cols

    def fit(self, history: Sequence[Turn], banned: frozenset[str] = frozenset()) -> Fit:
        """The words still possible and how well they fit: the answers list's while any fits,
        else the fallback list's, else (inconsistent rows) the words that explain them best."""
        banned = frozenset(w.lower() for w in banned)
        cols = self.candidate_columns(history)
        # The site refused a banned word as a guess, so it cannot be the answer either.
        words = tuple(w for w in (self.answers.words[c] for c in cols) if w not in banned)
        if words:
            return Fit(words, "answers")
        offlist = self.offlist  # built only now: a game the answers list covers never needs it
        if offlist is None:
            rows = ", ".join(f"{t.guess.upper()} {t.marks.upper()}" for t in history)
            raise AutobotError(f"no word in the {self.answers.name} list fits {rows}",
                              reason=Reason.NO_WORDS)
        found, level = offlist.fit(history, banned)
        note = NOTES[level].format(answers=self.answers.name, n=len(offlist), wide=offlist.name)
        return Fit(tuple(offlist.lexicon.words[i] for i in found), level, note)

    def candidates(
        self, history: Sequence[Turn], banned: frozenset[str] = frozenset()
    ) -> list[str]:
        """The words still possible (see `fit`): never empty while any word is left."""
        return list(self.fit(history, banned).words)

    def answer_columns(self, candidates: Sequence[str]) -> np.ndarray:
        """Columns of these candidate words."""
        return np.fromiter((self.answer_index[w] for w in candidates), dtype=np.int64)

    def answer_rows(self, cols: np.ndarray) -> np.ndarray:
        """Guess rows of these answer columns (every answer is a guess)."""
        return self._answer_to_row[cols]

    def guess_prior(self, rows: np.ndarray, cols: np.ndarray, weights: np.ndarray) -> np.ndarray:
        """For each guess row, its probability of being the answer among `cols` (weights)."""
        lookup = np.zeros(len(self.answers), dtype=np.float64)
        lookup[cols] = weights
        col = self._guess_to_col[rows]
        return np.where(col >= 0, lookup[np.maximum(col, 0)], 0.0)

    def legal_mask(self, state: GameState) -> np.ndarray:
        """Guess rows the game would accept now: not banned, and hard-mode legal if hard."""
        return self.lexicon.legal_mask(
            state.history, state.hard or self.config.hard, state.banned
        )

    def probe_mask(self, state: GameState, cols: np.ndarray | None = None) -> np.ndarray:
        """Guess rows worth trying now: legal, and once the page refused words, as common as
        it seems to want (see common_mask) or one of the possible answers `cols`."""
        mask = self.legal_mask(state)
        common = self.common_mask(len(state.banned))
        if common is None:
            return mask
        if cols is not None and len(cols):
            common = common.copy()
            common[self.answer_rows(cols)] = True
        return mask & common if (mask & common).any() else mask

    def common_mask(self, refusals: int) -> np.ndarray | None:
        """Guess rows a page that refused `refusals` words will likely take (None: any).

        A page's word list can be far smaller than ours: each refused probe word costs a
        retype and brings nothing, so after a few refusals probes are common words only (the
        curated answers, and words at least as frequent as the threshold), then rarer ones
        are not tried at all.
        """
        threshold = next((z for n, z in STRICTER_AFTER if refusals >= n), None)
        if threshold is None:
            return None
        mask = self._common.get(threshold)
        if mask is None:  # built once per threshold (two at most)
            mask = zipf_values(self.guesses.words, self.zipf) >= threshold
            if self._answer_zipf is None:  # a curated answers list: its words are common
                mask = mask | (self._guess_to_col >= 0)
            self._common[threshold] = mask
        return mask

    def most_likely(self, candidates: Sequence[str], state: GameState) -> str:
        """The likeliest candidate the site has not rejected."""
        pool = [w for w in candidates if w not in state.banned] or list(candidates)
        weights = self.weights_for(state)
        return max(pool, key=lambda w: (weights[self.answer_index[w]], -self.answer_index[w]))

    # -- the decision ---------------------------------------------------------------------------

    def is_memoised(self, state: GameState) -> bool:
        """Has this exact position been decided before (benchmarks time fresh decisions)?"""
        return self._key(state) in self._memo

    def _key(self, state: GameState) -> tuple[tuple[Turn, ...], bool, frozenset[str]]:
        history = tuple(Turn(t.guess.lower(), t.marks.upper()) for t in state.history)
        banned = frozenset(w.lower() for w in state.banned)
        return history, state.hard or self.config.hard, banned

    def warm_up(self) -> None:
        """Load what a first off-list decision needs (the fallback list, the compiled kernel)."""
        offlist = self.offlist
        if offlist is not None:
            cols = np.arange(min(3, len(offlist)), dtype=np.int64)
            offlist.choose(cols, np.full(len(cols), 1.0 / len(cols)), np.ones(len(offlist), bool))

    def next_guess(self, state: GameState) -> str:
        """The guess to play now: never banned, legal in hard mode; memoised per position."""
        return self.decide(state).guess

    def decide(self, state: GameState) -> Decision:
        """The guess to play now, with notes when the rows have left the answers list."""
        key = self._key(state)
        cached = self._memo.get(key)
        if cached is not None:
            return cached
        state = GameState(history=key[0], hard=key[1], banned=key[2])
        if not state.history and self.start and self.start not in state.banned:
            decision = Decision(self.start)
        else:
            decision = self._decide(state)
        self._memo[key] = decision
        return decision

    def _decide(self, state: GameState) -> Decision:
        fit = self.fit(state.history, state.banned)
        notes = (fit.note,) if fit.note else ()
        if fit.level == "answers":
            state = self._base_forms_only(state, fit.words)
            words = [w for w in fit.words if w not in state.banned]
            guess = self.strategy(state, words)
            row = self.guess_index.get(guess)
            if guess in state.banned or row is None or not self.legal_mask(state)[row]:
                raise AssertionError(f"strategy {self.strategy_name} proposed illegal {guess!r}")
            return Decision(guess, notes)
        offlist = self.offlist
        assert offlist is not None  # fit() only leaves the answers list for the fallback one
        cols = np.array(offlist.lexicon.rows_of(fit.words), dtype=np.int64)
        weights = offlist.prior(len(state.banned))[cols]
        legal = offlist.lexicon.legal_mask(state.history, state.hard, state.banned)
        rows_left = ROWS - len(state.history)
        unrefused = offlist.lexicon.legal_mask((), False, state.banned)
        guess = offlist.choose(cols, weights / weights.sum(), legal, rows_left, unrefused)
        if guess in state.banned:
            raise AssertionError(f"the fallback proposed refused {guess!r}")
        return Decision(guess, notes)


    def _base_forms_only(self, state: GameState, candidates: Sequence[str]) -> GameState:
        """After the site refused an inflected word, play base forms only: strict lists (many
        clones use a spelling dictionary's stems) have no plurals or inflections, so every other
        such guess would be refused too. Not when that would leave no possible answer."""
        if not state.banned & self.inflected:
            return state
        strict = state.banned | self.inflected
        if all(w in strict for w in candidates):
            return state
        return GameState(history=state.history, hard=state.hard, banned=strict)


def make_solver(config: SolverConfig, zipf: Mapping[str, float] | None = None) -> Solver:
    """A ready solver for this configuration (loads lists and the cached pattern matrix).

    `zipf` maps each word to its Zipf frequency for the priors (default: English).
    """
    return Solver(config, zipf)


@dataclass
class PlayedGame:
    """One simulated game against a known answer (for benchmarks and `solve --answer`)."""

    answer: str
    guesses: list[str] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    fresh: list[bool] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # the solver's notes, each once

    @property
    def solved(self) -> bool:
        return bool(self.guesses) and self.guesses[-1] == self.answer


def play(solver: Solver, answer: str, hard: bool = False, limit: int = 20) -> PlayedGame:
    """Play against `answer` until solved (or `limit` guesses), timing each decision."""
    import time

    game = PlayedGame(answer)
    history: tuple[Turn, ...] = ()
    while len(game.guesses) < limit:
        state = GameState(history=history, hard=hard)
        fresh = not solver.is_memoised(state)
        t0 = time.perf_counter()
        decision = solver.decide(state)
        guess = decision.guess
        game.seconds.append(time.perf_counter() - t0)
        game.notes.extend(n for n in decision.notes if n not in game.notes)
        game.fresh.append(fresh)
        game.guesses.append(guess)
        if guess == answer:
            break
        history += (Turn(guess, score(guess, answer)),)
    return game
