"""A word list as arrays: letters and letter counts per word, for hard-mode legality in bulk."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

import numpy as np

from autobot.wordle import Turn


class Lexicon:
    """Words with their index, letters (n, 5) and letter counts (n, 26)."""

    def __init__(self, words: Sequence[str]) -> None:
        self.words: tuple[str, ...] = tuple(words)
        self.index = {w: i for i, w in enumerate(self.words)}
        raw = np.frombuffer("".join(self.words).encode("ascii"), dtype=np.uint8)
        self.letters = (raw.reshape(-1, 5) - ord("a")).astype(np.int8)
        self.counts = np.zeros((len(self.words), 26), dtype=np.int8)
        np.add.at(
            self.counts, (np.repeat(np.arange(len(self.words)), 5), self.letters.ravel()), 1
        )

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
                        mask &= self.letters[:, i] == ord(g) - ord("a")
                    if m in "GY":
                        revealed[g] += 1
                for letter, need in revealed.items():
                    mask &= self.counts[:, ord(letter) - ord("a")] >= need
        mask[self.rows_of(banned)] = False
        return mask
