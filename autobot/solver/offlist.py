"""Past the answers list: every word the game accepts, weighted by how common it is.

When no word of the solver's answers list fits the rows (an answer the list lacks, or a page with
its own list or rules), the game goes on here rather than stopping. The candidates are the words
that fit the rows; when none does, the page's feedback is inconsistent with Wordle's rules, and
the candidates are the words that explain it best: first reading repeated letters leniently
(any rule of `autobot.scoring`: `score_lenient`, "anywhere", "once"), then the words with the
fewest contradicted tiles. Guesses are the likeliest
candidates plus the probes a cheap letter score ranks highest, scored exactly on a small matrix
computed on the spot (no 14,855 x 14,855 matrix).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from autobot.errors import AutobotError
from autobot.kernels.feedback import feedback_block
from autobot.outcomes import Reason
from autobot.rules import ALL_GREEN, WORD_LENGTH, Turn, marks_to_code
from autobot.scoring import RULES, rule_codes
from autobot.solver.lexicon import Lexicon
from autobot.solver.patterns import reference_matrix
from autobot.solver.prior import prior_from_zipf
from autobot.solver.splits import split_stats

# How well the candidates fit the rows, best first. "answers" is the solver's own list.
LEVELS = ("answers", "fits", "lenient", "closest")
INCONSISTENT = "inconsistent feedback: no word fits the rows under Wordle's rules; continuing"
NOTES = {
    "fits": "no word in the {answers} list fits; continuing over the {n:,} words of the {wide} "
            "list, common words first",
    "lenient": INCONSISTENT + " with the closest words (repeated letters read leniently, "
               "as pages colour them their own way)",
    "closest": INCONSISTENT + " with the closest words (fewest contradicted tiles)",
}

ROWS = 6  # Wordle's rows: with two left, a guess must make the last one a sure thing
PROBES = 200  # non-candidate guesses scored exactly, the best by the letter score
CANDIDATE_POOL = 150  # the likeliest candidates scored exactly as guesses
# Guesses still needed once a guess leaves h bits unknown: about 1 + h * REST_PER_BIT.
REST_PER_BIT = 0.6
_ROW_CACHE = 4096  # memoised code rows (one per guess word and rule, ~15 kB each)
# code -> its five digits (X=0, Y=1, G=2), to count contradicted tiles.
_DIGITS = np.array(
    [[code // 3**i % 3 for i in range(WORD_LENGTH)] for code in range(3**WORD_LENGTH)],
    dtype=np.uint8,
)


@dataclass(frozen=True)
class Fit:
    """The words still possible and how well they fit the rows (a level of LEVELS)."""

    words: tuple[str, ...]
    level: str
    note: str | None = None

    @property
    def inconsistent(self) -> bool:
        """True when no word fits the rows under Wordle's rules."""
        return self.level in ("lenient", "closest")


@cache
def _kernel() -> Callable[..., np.ndarray] | None:
    """The one feedback kernel (compiled), or None where numba is missing."""
    try:
        import numba  # noqa: F401
    except ImportError:
        return None

    return feedback_block


def _group_maxima(sub: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Per guess row of `sub`: the sum over its colour groups of the group's largest weight."""
    n_rows = sub.shape[0]
    keys = sub.astype(np.int64) + (np.arange(n_rows, dtype=np.int64) * 3**WORD_LENGTH)[:, None]
    top = np.zeros(n_rows * 3**WORD_LENGTH)
    np.maximum.at(top, keys.ravel(), np.broadcast_to(weights, sub.shape).ravel())
    return top.reshape(n_rows, -1).sum(axis=1)


def _entropy_bits(p: np.ndarray) -> np.ndarray:
    """Binary entropy of each probability (0 at 0 and 1)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        h = -(p * np.log2(p) + (1 - p) * np.log2(1 - p))
    return np.nan_to_num(h)


class OffList:
    """Every word the game may accept, with a frequency prior; picks guesses among them."""

    def __init__(
        self, lexicon: Lexicon, zipf: np.ndarray, name: str, dictionary: np.ndarray | None = None,
        probes: np.ndarray | None = None,
    ) -> None:
        self.lexicon = lexicon
        self.name = name
        self.zipf = zipf
        self.dictionary = dictionary  # which words a dictionary has (None: no dictionary)
        self.probes = probes  # words worth typing when not a candidate (None: every word)
        self._rows: dict[tuple[str, bool], np.ndarray] = {}
        self._priors: dict[int, np.ndarray] = {}
        self._presence = (lexicon.counts > 0).astype(np.float32)

    def __len__(self) -> int:
        return len(self.lexicon)

    def codes(self, guess: str, lenient: bool = False) -> np.ndarray:
        """The colour code of `guess` against every word (memoised per guess and rule)."""
        key = (guess.lower(), lenient)
        row = self._rows.get(key)
        if row is None:
            if len(self._rows) >= _ROW_CACHE:
                self._rows.clear()
            index = self.lexicon.index.get(key[0])
            letters = (
                self.lexicon.letters[index : index + 1] if index is not None
                else self.lexicon.encode(key[0])
            )
            row = self._rows[key] = self._code_block(letters, self.lexicon.letters, lenient)[0]
        return row

    def rule_codes(self, guess: str, rule: str) -> np.ndarray:
        """The codes of `guess` against every word under a repeated-letter rule of
        `autobot.scoring` (Wordle's and the lenient one from the memoised kernel rows)."""
        if rule in ("standard", "lenient"):
            return self.codes(guess, rule == "lenient")
        key = (f"{guess.lower()}:{rule}", False)
        row = self._rows.get(key)
        if row is None:
            if len(self._rows) >= _ROW_CACHE:
                self._rows.clear()
            row = self._rows[key] = rule_codes(rule, [guess.lower()],
                                               self.lexicon.words)[0].astype(np.uint8)
        return row

    def block(self, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
        """The codes of words `rows` (as guesses) against words `cols` (as answers)."""
        letters = self.lexicon.letters
        return self._code_block(letters[rows], letters[cols], False)

    def _code_block(self, guesses: np.ndarray, answers: np.ndarray, lenient: bool) -> np.ndarray:
        """Codes of letter rows `guesses` x `answers`, compiled when numba is there."""
        kernel = _kernel()
        if kernel is not None:
            return kernel(guesses, answers, self.lexicon.width, lenient, np.uint8)
        decode = self.lexicon.decode
        return reference_matrix(decode(guesses), decode(answers), lenient)

    def prior(self, refusals: int = 0) -> np.ndarray:
        """Each word's chance of being the answer after `refusals` refused words this game."""
        prior = self._priors.get(refusals)
        if prior is None:
            prior = self._priors[refusals] = prior_from_zipf(self.zipf, refusals, self.dictionary)
        return prior

    # -- which words are still possible ---------------------------------------------------------

    def _possible(self, history: Sequence[Turn], banned: frozenset[str]) -> np.ndarray:
        """Words not ruled out by the game itself: not refused, not a wrong guess."""
        alive = np.ones(len(self), dtype=bool)
        wrong = [t.guess for t in history if marks_to_code(t.marks) != ALL_GREEN]
        alive[self.lexicon.rows_of([*banned, *wrong])] = False
        return alive

    def fit(self, history: Sequence[Turn], banned: frozenset[str]) -> tuple[np.ndarray, str]:
        """Indices of the words that explain the rows best, and how well (a level)."""
        possible = self._possible(history, banned)
        if not possible.any():
            raise AutobotError(f"every word of the {self.name} list was ruled out or refused",
                               reason=Reason.NO_WORDS)
        strict = possible.copy()
        for turn in history:
            strict &= self.codes(turn.guess) == marks_to_code(turn.marks)
        if strict.any():
            return np.flatnonzero(strict), "fits"
        lenient = possible.copy()
        for turn in history:
            code = marks_to_code(turn.marks)
            # A page may colour repeated letters its own way (autobot.scoring): a row read by
            # any of those rules fits too.
            fits = np.zeros(len(self), dtype=bool)
            for rule in RULES:
                fits |= self.rule_codes(turn.guess, rule) == code
            lenient &= fits
        if lenient.any():
            return np.flatnonzero(lenient), "lenient"
        wrong = np.zeros(len(self), dtype=np.int32)
        for turn in history:
            seen = _DIGITS[marks_to_code(turn.marks)]
            tiles = [(_DIGITS[self.rule_codes(turn.guess, rule)] != seen).sum(axis=1)
                     for rule in RULES]
            wrong += np.minimum.reduce(tiles)
        wrong[~possible] = np.iinfo(np.int32).max
        return np.flatnonzero(wrong == wrong.min()), "closest"

    # -- the guess ------------------------------------------------------------------------------

    def choose(
        self,
        cols: np.ndarray,
        weights: np.ndarray,
        legal: np.ndarray,
        rows_left: int = ROWS,
        unrefused: np.ndarray | None = None,
    ) -> str:
        """The guess expected to finish soonest among candidates `cols` (weights sum to 1).

        `legal` marks the words the game accepts now; when no candidate is legal (hard mode on
        rows no legal word explains) legality gives way to `unrefused` (default: every word).
        With two rows left it is the guess most likely to win by the last row instead.
        """
        words = self.lexicon.words
        order = np.argsort(-weights, kind="stable")
        ranked = cols[order]
        playable = ranked[legal[ranked]]
        if len(playable) == 0:  # hard mode and rows no legal word explains: legality gives way
            legal = np.ones_like(legal) if unrefused is None else unrefused
            playable = ranked[legal[ranked]]
        if len(cols) <= 2 or rows_left <= 1:
            return words[int(playable[0])]
        probes = self._probes(cols, weights, legal if self.probes is None else legal & self.probes)
        pool = np.unique(np.concatenate([playable[:CANDIDATE_POOL], probes]))
        sub = self.block(pool, cols)
        lookup = np.zeros(len(self), dtype=np.float64)
        lookup[cols] = weights
        p_win = lookup[pool]
        if rows_left == 2:
            # Won by the last row: now, or next by guessing the likeliest word of each group.
            best = _group_maxima(sub, weights) + 1e-6 * p_win
            return words[int(pool[int(np.argmax(best))])]
        stats = split_stats(sub, np.arange(len(pool)), np.arange(len(cols)), weights)
        with np.errstate(divide="ignore", invalid="ignore"):
            known = -np.sum(np.where(weights > 0, weights * np.log2(weights), 0.0))
        rest = np.maximum(known - stats.entropy, 0.0)
        cost = 1.0 + (1.0 - p_win) * (1.0 + REST_PER_BIT * rest)
        ties = np.flatnonzero(cost <= cost.min() + 1e-9)
        return words[int(pool[ties[np.argmax(p_win[ties])]])]

    def _probes(self, cols: np.ndarray, weights: np.ndarray, legal: np.ndarray) -> np.ndarray:
        """The legal words whose letters best split the candidates (a cheap upper bound)."""
        letters = self.lexicon.letters
        has = self._presence[cols].T @ weights  # chance the answer has each letter
        score = self._presence @ _entropy_bits(has).astype(np.float32)
        for i in range(WORD_LENGTH):
            at = np.bincount(letters[cols, i], weights=weights, minlength=self.lexicon.width)
            score += _entropy_bits(at)[letters[:, i]]
        score[~legal] = -np.inf
        k = min(PROBES, int(legal.sum()))
        if k == 0:
            return np.zeros(0, dtype=np.int64)
        return np.argpartition(-score, k - 1)[:k]
