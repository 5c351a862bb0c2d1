"""Word lists per word length: Wordle's own for five letters, mywordle's for 4 and 6..11."""

from __future__ import annotations

from functools import cache
from importlib import resources

from autobot.errors import AutobotError
from autobot.words import load_words

LENGTHS = (4, 5, 6, 7, 8, 9, 10, 11)


def _read(name: str) -> tuple[str, ...]:
    text = resources.files("autobot.words").joinpath("length", name).read_text()
    return tuple(w for w in (ln.strip() for ln in text.splitlines()) if w)


@cache
def length_lists(length: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(answers, allowed guesses) for words of `length` letters; allowed includes every answer."""
    if length not in LENGTHS:
        raise AutobotError(f"no word lists for {length} letters (choose 4..11)")
    if length == 5:
        answers = load_words("answers").words
        allowed = load_words("allowed").words
        return answers, allowed + tuple(sorted(set(answers) - set(allowed)))
    return _read(f"answers-{length}.txt"), _read(f"allowed-{length}.txt")
