"""A word list as arrays: letters and letter counts per word, for hard-mode legality in bulk.

Letters are numbered in the list's own alphabet (a-z, plus any other letter its words use), so
a language with ÄÖÜß works the same; one extra number stands for a letter no word has.
"""

from __future__ import annotations

import string
from collections import Counter
from collections.abc import Iterable, Sequence

import numpy as np

from autobot.rules import Turn


class Lexicon:
    """Words with their index, letters (n, 5) and letter counts (n, width)."""

    def __init__(self, words: Sequence[str]) -> None:
        self.words: tuple[str, ...] = tuple(words)
        self.index = {w: i for i, w in enumerate(self.words)}
        text = "".join(self.words)
        self.alphabet = "".join(sorted(set(text) | set(string.ascii_lowercase)))
        self.number = {ch: i for i, ch in enumerate(self.alphabet)}
        self.width = len(self.alphabet) + 1  # the last number: a letter no word has
        if self.alphabet == string.ascii_lowercase:  # the common case, 20x faster
            raw = np.frombuffer(text.encode("ascii"), dtype=np.uint8).astype(np.int16)
            self.letters = (raw - ord("a")).reshape(-1, 5)
        else:
            self.letters = np.array(
                [[self.number[ch] for ch in w] for w in self.words], dtype=np.int16
            ).reshape(-1, 5)
        self.counts = np.zeros((len(self.words), self.width), dtype=np.int8)
        np.add.at(
            self.counts, (np.repeat(np.arange(len(self.words)), 5), self.letters.ravel()), 1
        )

    def encode(self, word: str) -> np.ndarray:
        """A word's letter numbers (1, 5), whether or not it is in the list."""
        unknown = self.width - 1
        return np.array([[self.number.get(ch, unknown) for ch in word.lower()]], dtype=np.int16)

    def decode(self, letters: np.ndarray) -> list[str]:
        """Letter rows back to words (a letter no word has reads '?')."""
        chars = self.alphabet + "?"
        return ["".join(chars[int(x)] for x in row) for row in letters]

    def __len__(self) -> int:
        return len(self.words)

    def rows_of(self, words: Iterable[str]) -> list[int]:
        """Indices of those of `words` that are in the lexicon."""
        return [i for i in (self.index.get(w.lower()) for w in words) if i is not None]

    def legal_mask(
        self, history: Sequence[Turn], hard: bool, banned: Iterable[str] = ()
    ) -> np.ndarray:
        """Words the game would accept now: not banned and, in hard mode, NYT-legal."""
        mask = np.ones(len(self.words), dtype=bool)
        if hard:
            for turn in history:
                revealed: Counter[str] = Counter()
                tiles = zip(turn.guess.lower(), turn.marks.upper(), strict=True)
                for i, (g, m) in enumerate(tiles):
                    if m == "G":
                        mask &= self.letters[:, i] == self.number.get(g, self.width - 1)
                    if m in "GY":
                        revealed[g] += 1
                for letter, need in revealed.items():
                    mask &= self.counts[:, self.number.get(letter, self.width - 1)] >= need
        mask[self.rows_of(banned)] = False
        return mask
