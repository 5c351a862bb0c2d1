"""The solver: word lists + pattern matrix + a strategy, pure with respect to the game state.

A strategy is a callable `(GameState, candidates) -> guess`. `Solver.next_guess` adds what every
strategy needs: the forced opener, banned words, hard-mode legality and memoisation per history.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Protocol

import numpy as np

from autobot.errors import AutobotError
from autobot.patterns import pattern_matrix
from autobot.wordle import ALL_GREEN, PATTERN_COUNT, Turn, marks_to_code, score
from autobot.words import WordList, load_words
from autobot.words.languages import load_language


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
    lang: str = "en"  # another language plays its own lists (autobot.words.languages)


# --- the frequency prior for unknown answer lists -------------------------------------------

# Zipf 2.5 (about 3 uses per billion words) is where the original answers thin out (their 5th
# percentile is 2.3); the logistic's width makes common plurals and rare words soft, not zero.
PRIOR_MIDPOINT = 2.5
PRIOR_WIDTH = 0.35
PRIOR_FLOOR = 1e-4  # a word wordfreq never saw can still be the answer, just unlikely


@cache
def _zipf_table() -> dict[str, float]:
    text = resources.files("autobot.words").joinpath("nyt_freq.json").read_text()
    return json.loads(text)


def frequency_prior(words: Sequence[str], zipf: Mapping[str, float] | None = None) -> np.ndarray:
    """Relative chance each word is the answer, from its Zipf frequency (sums to 1).

    `zipf` is the language's table (English's nyt_freq.json when None)."""
    table = _zipf_table() if zipf is None else zipf
    zipf = np.array([table.get(w, 0.0) for w in words], dtype=np.float64)
    weights = PRIOR_FLOOR + 1.0 / (1.0 + np.exp(-(zipf - PRIOR_MIDPOINT) / PRIOR_WIDTH))
    return weights / weights.sum()


# --- splits: the core of every information strategy -----------------------------------------


@dataclass(frozen=True)
class SplitStats:
    """Per guess row: how its colours split the candidates' probability mass into groups."""

    entropy: np.ndarray  # expected information in bits: -sum p log2 p
    sum_sq: np.ndarray  # sum p^2: the expected mass of the group the answer falls in
    max_p: np.ndarray  # the largest group's mass (the worst case)


_CELLS_PER_CHUNK = 2_000_000  # bounds the (rows x 243) tables of the numpy fallback


def _partitions(
    matrix: np.ndarray, rows: np.ndarray, cols: np.ndarray, weights: np.ndarray
) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """(row indices, mass[rows, 243]) chunks: how each guess splits the weighted candidates."""
    n = len(cols)
    step = max(1, _CELLS_PER_CHUNK // max(n, PATTERN_COUNT))
    for start in range(0, len(rows), step):
        chunk = rows[start : start + step]
        codes = matrix[np.ix_(chunk, cols)].astype(np.int32)
        codes += (np.arange(len(chunk), dtype=np.int32) * PATTERN_COUNT)[:, None]
        flat_w = np.broadcast_to(weights, codes.shape).ravel()
        mass = np.bincount(codes.ravel(), weights=flat_w, minlength=len(chunk) * PATTERN_COUNT)
        yield chunk, mass.reshape(len(chunk), PATTERN_COUNT)


def split_stats_numpy(
    matrix: np.ndarray, rows: np.ndarray, cols: np.ndarray, weights: np.ndarray
) -> SplitStats:
    """The plain numpy version of the split statistics (reference for the compiled one)."""
    parts: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
    for _, mass in _partitions(matrix, rows, cols, weights):
        with np.errstate(divide="ignore", invalid="ignore"):
            terms = np.where(mass > 0, mass * np.log2(mass), 0.0)
        parts.append((-terms.sum(axis=1), (mass * mass).sum(axis=1), mass.max(axis=1)))
    if not parts:
        empty = np.zeros(0)
        return SplitStats(empty, empty, empty)
    return SplitStats(*(np.concatenate(column) for column in zip(*parts, strict=True)))


@cache
def _compiled() -> Callable[..., tuple[np.ndarray, np.ndarray, np.ndarray]] | None:
    """numba's version of the split loop (about 10x faster), or None where numba is missing."""
    try:
        from autobot.split_jit import split_stats
    except ImportError:
        return None
    return split_stats


def split_stats(
    matrix: np.ndarray, rows: np.ndarray, cols: np.ndarray, weights: np.ndarray
) -> SplitStats:
    """How each guess row splits the candidates `cols` (weights sum to 1)."""
    kernel = _compiled()
    if kernel is None:
        return split_stats_numpy(matrix, rows, cols, weights)
    rows = np.ascontiguousarray(rows, dtype=np.int64)
    cols = np.ascontiguousarray(cols, dtype=np.int64)
    weights = np.ascontiguousarray(weights, dtype=np.float64)
    return SplitStats(*kernel(matrix, rows, cols, weights))


# --- strategies ------------------------------------------------------------------------------


class _MatrixStrategy:
    """Shared machinery: score every legal guess on how it splits the candidates, pick the best."""

    name = "matrix"

    def __init__(self, solver: Solver) -> None:
        self.solver = solver

    def scores(self, stats: SplitStats, n: int) -> np.ndarray:
        """Lower is better; one score per guess row."""
        raise NotImplementedError

    def __call__(self, state: GameState, candidates: Sequence[str]) -> str:
        solver = self.solver
        if len(candidates) <= 2:
            return solver.most_likely(candidates, state)
        cols = solver.answer_columns(candidates)
        weights = solver.weights[cols]
        weights = weights / weights.sum()
        mask = solver.legal_mask(state)
        perfect = self._perfect_candidate(cols, weights, mask)
        if perfect is not None:  # splits the rest into singletons: no guess can do better
            return perfect
        rows = np.flatnonzero(mask)
        scores = self.scores(split_stats(solver.matrix, rows, cols, weights), len(cols))
        # Float sums are not exact: equal splits can differ in the last bits.
        ties = rows[scores <= scores.min() + 1e-9]
        # Among equals prefer a possible answer (then the likelier one), then list order.
        prior = solver.guess_prior(ties, cols, weights)
        pick = ties[int(np.argmax(prior))] if prior.max() > 0 else ties[0]
        return solver.guesses.words[int(pick)]

    def _perfect_candidate(
        self, cols: np.ndarray, weights: np.ndarray, mask: np.ndarray
    ) -> str | None:
        """The likeliest legal candidate whose colours tell every other candidate apart."""
        solver = self.solver
        rows = solver.answer_rows(cols)
        for i in np.argsort(-weights, kind="stable"):
            row = rows[i]
            if mask[row] and len(np.unique(solver.matrix[row, cols])) == len(cols):
                return solver.guesses.words[int(row)]
        return None


class EntropyStrategy(_MatrixStrategy):
    """Maximise the expected information of the colours (bits)."""

    name = "entropy"

    def scores(self, stats: SplitStats, n: int) -> np.ndarray:
        return -stats.entropy


class MinimaxStrategy(_MatrixStrategy):
    """Dodge's rule: the smallest worst-case group, probing with any allowed word."""

    name = "minimax"

    def scores(self, stats: SplitStats, n: int) -> np.ndarray:
        # The worst case in words (exact for a uniform prior); the expected group size, scaled
        # below 1, breaks ties between equal worst cases.
        return stats.max_p * n + stats.sum_sq * (n * n) / (n * n + 1.0)


class ExpectedSizeStrategy(_MatrixStrategy):
    """Minimise the expected number of candidates left after the guess."""

    name = "expected-size"

    def scores(self, stats: SplitStats, n: int) -> np.ndarray:
        return stats.sum_sq  # sum p^2 = E[group size] / n for a uniform prior


class FrequencyStrategy:
    """The classic blog solver: the candidate whose distinct letters are commonest among them."""

    name = "frequency"

    def __init__(self, solver: Solver) -> None:
        self.solver = solver

    def __call__(self, state: GameState, candidates: Sequence[str]) -> str:
        pool = [w for w in candidates if w not in state.banned] or list(candidates)
        letters = Counter(ch for w in pool for ch in set(w))
        positions = Counter((i, ch) for w in pool for i, ch in enumerate(w))
        # Distinct-letter coverage first; positional frequency only breaks ties.
        return max(
            pool,
            key=lambda w: (
                sum(letters[ch] for ch in set(w)),
                sum(positions[(i, ch)] for i, ch in enumerate(w)),
            ),
        )


_STRATEGY_CLASSES: dict[str, Callable[[Solver], Strategy]] = {
    "entropy": EntropyStrategy,
    "minimax": MinimaxStrategy,
    "expected-size": ExpectedSizeStrategy,
    "frequency": FrequencyStrategy,
}


def _tree_strategy(config: SolverConfig, solver: Solver, fallback: Strategy) -> Strategy | None:
    """The shipped optimal tree for these lists/opener/mode, or None (the one place trees enter)."""
    try:
        from autobot import tree
    except ModuleNotFoundError as exc:
        if exc.name == "autobot.tree":
            return None
        raise
    factory = getattr(tree, "tree_strategy", None)
    if factory is None:
        return None
    return factory(
        hard=config.hard,
        start=solver.start,
        answers=solver.answers,
        guesses=solver.guesses,
        fallback=fallback,
    )


class _WithFallback:
    """Ask the tree first; off the tree (a banned word, a row it never planned, a guess hard
    mode forbids) ask the fallback strategy."""

    def __init__(self, solver: Solver, primary: Strategy, fallback: Strategy) -> None:
        self.solver = solver
        self.primary = primary
        self.fallback = fallback

    def __call__(self, state: GameState, candidates: Sequence[str]) -> str:
        try:
            guess = self.primary(state, candidates)
        except (LookupError, ValueError):
            guess = None
        row = self.solver.guess_index.get(guess or "")
        if row is not None and self.solver.legal_mask(state)[row]:
            return guess  # type: ignore[return-value]
        return self.fallback(state, candidates)


# --- the solver --------------------------------------------------------------------------------


class Solver:
    """Holds lists, matrix and strategy; pure w.r.t. game state."""

    def __init__(self, config: SolverConfig) -> None:
        self.config = config
        name = config.strategy
        if name != "default" and name not in STRATEGIES:
            raise AutobotError(
                f"unknown strategy {name!r} (choose from default, {', '.join(STRATEGIES)})"
            )
        zipf: Mapping[str, float] | None = None
        self.inflected: frozenset[str] = frozenset()  # words that are not dictionary base forms
        if config.lang != "en":
            # Any word of the language may be the answer, weighted by frequency (like nyt).
            language = load_language(config.lang)
            self.answers, base, zipf = language.allowed, language.allowed, language.zipf
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
        self.weights = (
            frequency_prior(self.answers.words, zipf)
            if config.answers == "nyt" or zipf is not None
            else np.full(len(self.answers), 1.0 / len(self.answers))
        )
        # guess row -> answer column (or -1): lets a guess's own chance of winning be looked up.
        self._guess_to_col = np.array(
            [self.answer_index.get(w, -1) for w in self.guesses.words], dtype=np.int64
        )
        self._answer_to_row = np.array(
            [self.guess_index[w] for w in self.answers.words], dtype=np.int64
        )
        # Letters as indices into this language's alphabet (a-z, or with ä ö ü ß, ñ, ...).
        alphabet = sorted(set("".join(self.guesses.words)))
        self._letter_index = {ch: i for i, ch in enumerate(alphabet)}
        self._letters = np.array(
            [[self._letter_index[ch] for ch in w] for w in self.guesses.words], dtype=np.int8
        ).reshape(-1, 5)
        self._letter_counts = np.zeros((len(self.guesses), len(alphabet)), dtype=np.int8)
        np.add.at(
            self._letter_counts,
            (np.repeat(np.arange(len(self.guesses)), 5), self._letters.ravel()),
            1,
        )
        if config.start is not None:
            start = config.start.lower()
            if start not in self.guess_index:
                raise AutobotError(f"start word {config.start!r} is not in the {guess_name} list")
            self.start: str | None = start
        else:
            self.start = None
        self.strategy_name, self.strategy = self._pick_strategy(name)
        self._memo: dict[tuple[tuple[Turn, ...], bool, frozenset[str]], str] = {}

    def _pick_strategy(self, name: str) -> tuple[str, Strategy]:
        entropy = EntropyStrategy(self)
        if name in ("default", "optimal"):
            tree = _tree_strategy(self.config, self, entropy)
            if tree is not None:
                return "optimal", _WithFallback(self, tree, entropy)
            return "entropy", entropy
        return name, _STRATEGY_CLASSES[name](self)

    # -- queries ------------------------------------------------------------------------------

    def is_allowed(self, word: str) -> bool:
        """Would the game accept this word as a guess?"""
        return word.lower() in self.guess_index

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

    def candidates(self, history: Sequence[Turn]) -> list[str]:
        """The answers still possible; AutobotError naming the rows if there are none."""
        cols = self.candidate_columns(history)
        if len(cols) == 0:
            rows = ", ".join(f"{t.guess.upper()} {t.marks.upper()}" for t in history)
            raise AutobotError(f"no word in the {self.answers.name} list fits {rows}")
        return [self.answers.words[c] for c in cols]

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
        mask = np.ones(len(self.guesses), dtype=bool)
        if state.hard or self.config.hard:
            for turn in state.history:
                revealed: Counter[str] = Counter()
                tiles = zip(turn.guess.lower(), turn.marks.upper(), strict=True)
                for i, (g, m) in enumerate(tiles):
                    if m == "G":
                        mask &= self._letters[:, i] == self._letter_index.get(g, -1)
                    if m in "GY":
                        revealed[g] += 1
                for letter, need in revealed.items():
                    index = self._letter_index.get(letter)
                    if index is None:  # a letter no guess has: nothing is legal
                        mask[:] = False
                        continue
                    mask &= self._letter_counts[:, index] >= need
        for word in state.banned:
            row = self.guess_index.get(word.lower())
            if row is not None:
                mask[row] = False
        return mask

    def most_likely(self, candidates: Sequence[str], state: GameState) -> str:
        """The likeliest candidate the site has not rejected."""
        pool = [w for w in candidates if w not in state.banned] or list(candidates)
        return max(pool, key=lambda w: (self.weights[self.answer_index[w]], -self.answer_index[w]))

    # -- the decision ---------------------------------------------------------------------------

    def is_memoised(self, state: GameState) -> bool:
        """Has this exact position been decided before (benchmarks time fresh decisions)?"""
        return self._key(state) in self._memo

    def _key(self, state: GameState) -> tuple[tuple[Turn, ...], bool, frozenset[str]]:
        history = tuple(Turn(t.guess.lower(), t.marks.upper()) for t in state.history)
        return history, state.hard or self.config.hard, state.banned

    def next_guess(self, state: GameState) -> str:
        """The guess to play now: never banned, legal in hard mode; memoised per position."""
        key = self._key(state)
        cached = self._memo.get(key)
        if cached is not None:
            return cached
        state = GameState(history=key[0], hard=key[1], banned=frozenset(w.lower() for w in key[2]))
        if not state.history and self.start and self.start not in state.banned:
            guess = self.start
        else:
            candidates = self.candidates(state.history)
            state = self._base_forms_only(state, candidates)
            # The site refused a banned word as a guess, so it cannot be the answer either.
            allowed = [w for w in candidates if w not in state.banned]
            if not allowed:
                rejected = ", ".join(sorted(w.upper() for w in candidates))
                raise AutobotError(f"every word that fits was rejected by the game: {rejected}")
            guess = self.strategy(state, allowed)
        if guess in state.banned or not self.legal_mask(state)[self.guess_index[guess]]:
            raise AssertionError(f"strategy {self.strategy_name} proposed illegal {guess!r}")
        self._memo[key] = guess
        return guess

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


def make_solver(config: SolverConfig) -> Solver:
    """A ready solver for this configuration (loads lists and the cached pattern matrix)."""
    return Solver(config)


@dataclass
class Game:
    """One simulated game against a known answer (for benchmarks and `solve --answer`)."""

    answer: str
    guesses: list[str] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    fresh: list[bool] = field(default_factory=list)

    @property
    def solved(self) -> bool:
        return bool(self.guesses) and self.guesses[-1] == self.answer


def play(solver: Solver, answer: str, hard: bool = False, limit: int = 20) -> Game:
    """Play against `answer` until solved (or `limit` guesses), timing each decision."""
    import time

    game = Game(answer)
    history: tuple[Turn, ...] = ()
    while len(game.guesses) < limit:
        state = GameState(history=history, hard=hard)
        fresh = not solver.is_memoised(state)
        t0 = time.perf_counter()
        guess = solver.next_guess(state)
        game.seconds.append(time.perf_counter() - t0)
        game.fresh.append(fresh)
        game.guesses.append(guess)
        if guess == answer:
            break
        history += (Turn(guess, score(guess, answer)),)
    return game
