"""The languages the bot can play: alphabet, word lists and word frequencies (package data).

English is the shipped NYT lists; every other language is built from wordfreq's frequency list
filtered by a spelling dictionary (`python -m autobot.words.make_languages`, see words/README.md).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType

from autobot.errors import BadInput
from autobot.rules import upper_word
from autobot.words import WordList, load_words, parse_words

ENGLISH_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

# A word whose Zipf frequency is at least this is a likely answer (about 1 use in a million
# words): the original English answers' median is 3.4, and Wordle games pick common words.
ANSWER_ZIPF = 3.0


@dataclass(frozen=True)
class LanguageSpec:
    """What a language's Wordle plays with: its name and the letters its tiles show."""

    code: str
    name: str
    alphabet: str  # uppercase letters a tile can show; other accents fold to these
    nouns_capitalised: bool = False  # the dictionary writes common nouns with a capital

    @property
    def letters(self) -> str:
        """The alphabet as word lists write it: lowercase ('ẞ'.lower() is 'ß')."""
        return self.alphabet.lower()


SPECS: tuple[LanguageSpec, ...] = (
    LanguageSpec("en", "English", ENGLISH_ALPHABET),
    # German Wordles keep the umlauts and ß as letters of their own.
    LanguageSpec("de", "German", ENGLISH_ALPHABET + "ÄÖÜẞ", nouns_capitalised=True),
    # Portuguese, French, Italian and Dutch Wordles drop accents (letreco, Le Mot, Parole).
    LanguageSpec("pt", "Portuguese", ENGLISH_ALPHABET),
    LanguageSpec("fr", "French", ENGLISH_ALPHABET),
    # Spanish Wordles drop the accents but keep Ñ (a letter of its own).
    LanguageSpec("es", "Spanish", ENGLISH_ALPHABET + "Ñ"),
    LanguageSpec("it", "Italian", ENGLISH_ALPHABET),
    LanguageSpec("nl", "Dutch", ENGLISH_ALPHABET),
    # Catalan Wordles drop the accents but keep Ç (a key of its own on their keyboards).
    LanguageSpec("ca", "Catalan", ENGLISH_ALPHABET + "Ç"),
)
LANGUAGES: tuple[str, ...] = tuple(spec.code for spec in SPECS)
_SPEC = {spec.code: spec for spec in SPECS}


@dataclass(frozen=True)
class Language:
    """A language's Wordle: its letters, likely answers, accepted guesses and word frequencies."""

    code: str
    name: str
    alphabet: str  # uppercase letters
    answers: WordList  # likely answers: the most frequent words
    allowed: WordList  # every accepted guess (answers included)
    zipf: Mapping[str, float]  # Zipf frequency of each allowed word (0 = unseen)
    # Allowed words a dictionary lists as base forms (no plurals or inflections; empty = no
    # such knowledge, as for English): strict games (wordle-global /de/) accept only these.
    base: frozenset[str] = frozenset()

    @property
    def letters(self) -> str:
        """The alphabet as word lists write it: lowercase ('ẞ'.lower() is 'ß')."""
        return self.alphabet.lower()


def spec(code: str) -> LanguageSpec:
    """The spec of a language code; AutobotError (exit 2) listing the known codes."""
    try:
        return _SPEC[code.lower()]
    except KeyError:
        raise BadInput(
            f"unknown language {code!r} (choose from {', '.join(LANGUAGES)})"
        ) from None


@cache
def load_language(code: str) -> Language:
    """The word lists and frequencies of a language ('en', 'de', 'pt', ...)."""
    language = spec(code)
    if language.code == "en":
        allowed = load_words("nyt")
        zipf = _read_json("nyt_freq.json")
        answers = load_words("answers")
        base: frozenset[str] = frozenset()
    else:
        path = f"lang/{language.code}.txt"
        text = resources.files("autobot.words").joinpath(path).read_text(encoding="utf-8")
        allowed = WordList(language.code, parse_words(text, path, language.alphabet.lower()))
        zipf = _read_json(f"lang/{language.code}_freq.json")
        answers = WordList(
            f"{language.code}-answers",
            tuple(w for w in allowed.words if zipf.get(w, 0.0) >= ANSWER_ZIPF),
        )
        path = f"lang/{language.code}_base.txt"
        text = resources.files("autobot.words").joinpath(path).read_text(encoding="utf-8")
        base = frozenset(parse_words(text, path, language.letters))
    return Language(
        language.code, language.name, language.alphabet, answers, allowed,
        MappingProxyType(zipf), base,
    )


@dataclass(frozen=True)
class Fallback:
    """A language's words past its main list, for a board no listed word fits: the five-letter
    words a spelling dictionary or wordfreq has that the main list lacks."""

    words: WordList
    zipf: Mapping[str, float]  # Zipf of the words wordfreq has (the others are dictionary words)


@cache
def load_fallback(code: str) -> Fallback:
    """The fallback words of a language other than English (lang/CODE_more.txt)."""
    language = spec(code)
    if language.code == "en":
        raise BadInput("English's fallback is the nyt list (SolverConfig.fallback)")
    path = f"lang/{language.code}_more.txt"
    text = resources.files("autobot.words").joinpath(path).read_text(encoding="utf-8")
    words = WordList(f"{language.code}-more", parse_words(text, path, language.letters))
    return Fallback(words, MappingProxyType(_read_json(f"lang/{language.code}_more_freq.json")))


def _read_json(name: str) -> dict[str, float]:
    return json.loads(resources.files("autobot.words").joinpath(name).read_text(encoding="utf-8"))


def detect_language(letters: Iterable[str]) -> str | None:
    """The language whose alphabet alone has every letter seen, or None when that is not clear.

    Letters A-Z fit every language, so only a letter of its own (Ä, Ñ, ...) names one: None
    for plain A-Z, for an unreadable mix, or when two languages share the special letters.
    """
    seen = {upper_word(ch) for ch in letters if ch.isalpha()}
    if seen <= set(ENGLISH_ALPHABET):
        return None
    fits = [s.code for s in SPECS if seen <= set(s.alphabet)]
    return fits[0] if len(fits) == 1 else None
