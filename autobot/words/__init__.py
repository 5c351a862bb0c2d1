"""The word lists shipped as package data (provenance in words/README.md)."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

from autobot.errors import AutobotError

# Built-in list names -> file in this package.
BUILTIN = {
    "answers": "answers.txt",  # the original 2,315 answers
    "allowed": "allowed.txt",  # the original 12,972 allowed guesses (answers included)
    "nyt": "nyt.txt",  # the current NYT allowed list, 14,855 words
    "nyt-past": "nyt_past.txt",  # 1,564 real NYT answers to date (a benchmark's targets)
    "nyt-dictionary": "nyt_dictionary.txt",  # the 6,535 NYT words a dictionary has in lowercase
}
ASCII_LETTERS = "abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class WordList:
    """A named, ordered, duplicate-free list of lowercase five-letter words."""

    name: str
    words: tuple[str, ...]

    def __len__(self) -> int:
        return len(self.words)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.lower() in self._set

    @property
    def _set(self) -> frozenset[str]:
        return _as_set(self.words)

    @property
    def digest(self) -> str:
        """A short hash of the words, used to key on-disk caches."""
        return hashlib.sha256("\n".join(self.words).encode()).hexdigest()[:16]


@cache
def _as_set(words: tuple[str, ...]) -> frozenset[str]:
    return frozenset(words)


@cache
def _word_pattern(letters: str) -> re.Pattern[str]:
    return re.compile(f"[{re.escape(letters)}]{{5}}")


def parse_words(text: str, source: str, letters: str = ASCII_LETTERS) -> tuple[str, ...]:
    """Words from a list file's text: one per line, '#' comments allowed; bad lines are errors.

    `letters` is the language's lowercase alphabet (a-z by default; German adds ä ö ü ß).
    """
    pattern = _word_pattern(letters)
    words: list[str] = []
    seen: set[str] = set()
    for number, line in enumerate(text.splitlines(), start=1):
        # Lowercase keeps a German ß one letter ('ẞ'.lower() == 'ß'; only upper() doubles it).
        word = line.split("#", 1)[0].strip().lower()
        if not word:
            continue
        if not pattern.fullmatch(word):
            raise AutobotError(f"{source}:{number}: {word!r} is not a five-letter word")
        if word not in seen:
            seen.add(word)
            words.append(word)
    if not words:
        raise AutobotError(f"{source}: no words in the list")
    return tuple(words)


@cache
def load_words(name_or_path: str, letters: str = ASCII_LETTERS) -> WordList:
    """A built-in list by name ('answers', 'allowed', 'nyt') or a list file by path (its words
    in `letters`, a language's lowercase alphabet)."""
    if name_or_path in BUILTIN:
        text = resources.files(__package__).joinpath(BUILTIN[name_or_path]).read_text()
        return WordList(name_or_path, parse_words(text, name_or_path))
    path = Path(name_or_path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        choices = ", ".join(BUILTIN)
        raise AutobotError(f"no word list {name_or_path!r} (use {choices} or a file)") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise AutobotError(f"cannot read word list {name_or_path}: {exc}") from None
    return WordList(path.stem, parse_words(text, str(path), letters))
