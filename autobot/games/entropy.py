"""The greedy entropy player for any game: the guess whose feedback tells the most.

Per decision it splits the candidates by every allowed guess (no stored guesses x answers
matrix: for eleven letters that would be 37,556 x 1,185 x 4 bytes = 178 MB), keeps the guess of
highest entropy, prefers a candidate among equals, and guesses outright when at most two are left.
With two rows left it plays for the finish instead: the chance of winning in those two rows is
(buckets of the guess) / (candidates), so it takes the guess with the most buckets.
The first two decisions are the same for every game (the opener, then one reply per colour
pattern it can get: the "book"), so they are computed once and cached on disk.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from autobot.games.base import Game
from autobot.games.codes import block_split, wordle_split
from autobot.kernels.feedback import encode, feedback_block
from autobot.solver.patterns import cache_dir


def choose(cost: np.ndarray, is_candidate: np.ndarray) -> int:
    """Index of the best guess: least cost, then a candidate, then the first."""
    best = cost.min()
    ties = np.flatnonzero(cost <= best + 1e-9 * max(1.0, abs(best)))
    preferred = ties[is_candidate[ties]]
    return int(preferred[0] if len(preferred) else ties[0])


class EntropyPlayer:
    """Guesses by entropy over the game's feedback buckets; pure given the candidates."""

    book_tag = ""  # a subclass that decides differently keeps its opener book apart

    def __init__(self, game: Game, guesses: Sequence[str] | None = None) -> None:
        self.game = game
        self.guesses = tuple(guesses) if guesses is not None else game.guesses
        self.guess_index = {w: i for i, w in enumerate(self.guesses)}
        self._answer_row = np.array([self.guess_index.get(w, -1) for w in game.answers])
        self._fused = game.page == "tiles"
        if self._fused:
            (self._g, self._a), self._width = encode(self.guesses, game.answers)
        else:  # small lists (Jotto): the whole matrix is cheap and simplest
            matrix = game.block(self.guesses, game.answers)
            self._matrix = matrix.astype(np.int8) if game.n_codes < 128 else matrix
        self._opener: int | None = None
        self._book: dict[int, int] = {}  # opener's code -> second guess
        self._bucket_size: dict[int, int] = {}

    def codes(self, guess: int, candidates: np.ndarray) -> np.ndarray:
        """Feedback codes of guess number `guess` against answer numbers `candidates`."""
        if self._fused:
            return feedback_block(self._g[guess : guess + 1], self._a[candidates], self._width)[0]
        return self._matrix[guess, candidates]

    def split(self, candidates: np.ndarray, rows: np.ndarray | None = None
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Per guess (of `rows`, default all) over `candidates`: sum n*log n, largest bucket,
        number of buckets."""
        if self._fused:
            g = self._g if rows is None else self._g[rows]
            return wordle_split(g, self._a[candidates], self._width, self.game.n_codes)
        matrix = self._matrix if rows is None else self._matrix[rows]
        return block_split(matrix[:, candidates], self.game.n_codes)

    def decide(self, candidates: np.ndarray, rows_left: int | None = None,
               allowed: np.ndarray | None = None) -> int:
        """The guess (index into `self.guesses`) for answer numbers `candidates`; `allowed`
        (a mask over the guesses, hard mode) narrows the choice, skipping the book."""
        if len(candidates) == len(self.game.answers) and (
                allowed is None or allowed[self.opener()]):
            return self.opener()  # (a page that refused the opener gets the next best word)
        if allowed is not None:
            return self._best(candidates, rows_left, allowed)
        code = int(self.codes(self.opener(), candidates[:1])[0])
        if self._bucket_size.get(code) == len(candidates):  # all of one opener bucket: turn 2
            return self._book[code]
        return self._best(candidates, rows_left)

    def _best(self, candidates: np.ndarray, rows_left: int | None = None,
              allowed: np.ndarray | None = None) -> int:
        if len(candidates) <= 2 or rows_left == 1:
            return int(self._answer_row[candidates[0]])
        # Only the allowed guesses are split (a page that refused words allows few of ours).
        rows = np.flatnonzero(allowed) if allowed is not None else np.arange(len(self.guesses))
        nlogn, _, buckets = self.split(candidates, None if allowed is None else rows)
        is_candidate = np.zeros(len(self.guesses), dtype=bool)
        is_candidate[self._answer_row[candidates]] = True
        cost = -buckets.astype(np.float64) if rows_left == 2 else nlogn
        return int(rows[choose(cost, is_candidate[rows])])

    def opener(self) -> int:
        """The first guess, from the on-disk book or computed once with the book."""
        if self._opener is None:
            path = _opener_path(self.game, self.guesses, self.book_tag)
            try:
                data = json.loads(path.read_text())
                self._opener = self.guess_index[data["opener"]]
                self._book = {int(c): self.guess_index[w] for c, w in data["second"].items()}
            except (OSError, ValueError, KeyError):
                self._opener, self._book = self._compute_book()
                _save(path, {
                    "game": self.game.label, "opener": self.guesses[self._opener],
                    "second": {str(c): self.guesses[g] for c, g in self._book.items()},
                })
            everyone = np.arange(len(self.game.answers))
            codes, sizes = np.unique(self.codes(self._opener, everyone), return_counts=True)
            self._bucket_size = {int(c): int(n) for c, n in zip(codes, sizes, strict=True)
                                 if c != self.game.win_code}
        return self._opener

    def _compute_book(self) -> tuple[int, dict[int, int]]:
        everyone = np.arange(len(self.game.answers))
        opener = self._best(everyone)
        codes = self.codes(opener, everyone)
        rows_left = self.game.rows - 1 if self.game.rows else None
        book = {int(c): self._best(everyone[codes == c], rows_left)
                for c in np.unique(codes) if c != self.game.win_code}
        return opener, book


class GreedyPlayer(EntropyPlayer):
    """A one-step greedy rule other than entropy, for comparison: the smallest expected bucket
    ("expected") or the smallest largest bucket ("minimax"); games with a stored matrix only."""

    def __init__(self, game: Game, rule: str) -> None:
        super().__init__(game)
        if self._fused or rule not in ("expected", "minimax"):
            raise ValueError(f"no greedy rule {rule!r} for {game.label}")
        self.rule = rule
        self.book_tag = rule

    def _best(self, candidates: np.ndarray, rows_left: int | None = None,
              allowed: np.ndarray | None = None) -> int:
        if len(candidates) <= 2 or rows_left is not None or allowed is not None:
            return super()._best(candidates, rows_left, allowed)
        block = self._matrix[:, candidates]
        counts = np.stack([(block == c).sum(axis=1) for c in range(self.game.n_codes)], axis=1)
        cost = (counts**2).sum(axis=1) if self.rule == "expected" else counts.max(axis=1)
        is_candidate = np.zeros(len(self.guesses), dtype=bool)
        is_candidate[self._answer_row[candidates]] = True
        return choose(cost.astype(np.float64), is_candidate)


def _opener_path(game: Game, guesses: Sequence[str], tag: str = "") -> Path:
    digest = hashlib.sha256(
        "\n".join((game.label, *guesses, "|", *game.answers)).encode()
    ).hexdigest()[:16]
    name = f"{game.label}-{tag}" if tag else game.label
    return cache_dir() / f"opener-{name}-{digest}.json"


def _save(path: os.PathLike[str], data: dict[str, object]) -> None:
    target = Path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(data))
        os.replace(tmp, target)
    except OSError:
        pass  # a read-only cache only costs time


def play(player: EntropyPlayer, answer: int, limit: int = 50) -> list[int]:
    """The guesses the player makes against answer number `answer` (last one wins)."""
    game = player.game
    candidates = np.arange(len(game.answers))
    out: list[int] = []
    while len(out) < limit:
        rows_left = game.rows - len(out) if game.rows else None
        guess = player.decide(candidates, rows_left)
        out.append(guess)
        code = game.feedback(player.guesses[guess], game.answers[answer])
        if code == game.win_code:
            return out
        candidates = candidates[player.codes(guess, candidates) == code]
    return out
