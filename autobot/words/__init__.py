"""The word lists shipped as package data (provenance in words/README.md)."""

from __future__ import annotations

import hashlib
import re
import sys
import unicodedata
from collections import Counter
from collections.abc import Sequence
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


def list_entries(text: str) -> list[str]:
    """A user's list file's lines as words: lowercase, composed (NFC), '#' comments and blank
    lines dropped; nothing is judged yet (see `playable_words`)."""
    entries = []
    for line in text.splitlines():
        # NFC makes a C + combining cedilla the one letter ç a tile shows; lowercase keeps
        # a German ß one letter ('ẞ'.lower() == 'ß'; only upper() doubles it).
        word = unicodedata.normalize("NFC", line.split("#", 1)[0].strip()).lower()
        if word:
            entries.append(word)
    return entries


def is_playable(word: str, length: int, letters: str | None = None) -> bool:
    """Can `word` be typed on a board of `length` tiles: that many letters, every one a letter
    (of `letters` when given; any alphabet's, Ç Ñ Ä é included, when not)?"""
    if len(word) != length:
        return False
    if letters is not None:
        return all(ch in letters for ch in word)
    return all(ch.isalpha() for ch in word)


def usual_length(entries: Sequence[str]) -> int | None:
    """The word length most lines of a list have (among lines of letters only; a tie goes to
    the length met first), or None for a list with no such line."""
    lengths = Counter(len(w) for w in entries if w.isalpha())
    if not lengths:
        return None
    top = max(lengths.values())
    return next(len(w) for w in entries if w.isalpha() and lengths[len(w)] == top)


@dataclass(frozen=True)
class Playable:
    """A list file's playable words at one length, and what was left out."""

    words: tuple[str, ...]  # in the list's order, duplicates dropped
    skipped: int  # lines that cannot be played at this length
    example: str | None  # the first skipped line, for the note

    def note(self, source: str, length: int) -> str | None:
        """One line saying what was skipped, or None when nothing was."""
        if not self.skipped:
            return None
        lines = "line that is not a" if self.skipped == 1 else "lines that are not"
        return (f"{source}: skipped {self.skipped:,} {lines} {length}-letter "
                f"word{'s' * (self.skipped != 1)} (e.g. {self.example!r}); playing on with "
                f"{len(self.words):,} words")


def playable_words(entries: Sequence[str], length: int, letters: str | None = None
                   ) -> Playable:
    """The entries a board of `length` tiles can play (`is_playable`); the others counted."""
    words: dict[str, None] = {}
    skipped = 0
    example = None
    for word in entries:
        if is_playable(word, length, letters):
            words[word] = None
        else:
            skipped += 1
            example = example or word
    return Playable(tuple(words), skipped, example)


def say_note(line: str | None) -> None:
    """Print a one-line note about the user's input on stderr (the game goes on), once
    however many times the options are read."""
    if line:
        _say_once(line)


@cache
def _say_once(line: str) -> None:
    print(f"autobot: note: {line}", file=sys.stderr, flush=True)


@cache
def load_words(name_or_path: str, letters: str = ASCII_LETTERS) -> WordList:
    """A built-in list by name ('answers', 'allowed', 'nyt') or a list file by path: its
    five-letter words in `letters` (a language's lowercase alphabet); other lines are skipped
    with one note, and a file with no such word is bad input."""
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
    entries = list_entries(text)
    found = playable_words(entries, 5, letters)
    if not found.words:
        raise AutobotError(f"{path}: no five-letter word in its {len(entries):,} lines")
    say_note(found.note(str(path), 5))
    return WordList(path.stem, found.words)
