"""Wordle's rules as pure functions: scoring (duplicate letters!), codes, hard mode."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

# A row's colours, one mark per tile: G correct (green), Y present (yellow), X absent (grey).
Marks = str
# The same colours as one base-3 integer: tile i contributes digit (X=0, Y=1, G=2) * 3**i.
Code = int

WORD_LENGTH = 5
MARK_DIGIT = {"X": 0, "Y": 1, "G": 2}
DIGIT_MARK = "XYG"
ALL_GREEN: Code = sum(2 * 3**i for i in range(WORD_LENGTH))  # 242
PATTERN_COUNT = 3**WORD_LENGTH  # 243


def score(guess: str, answer: str) -> Marks:
    """The colours Wordle shows for `guess` when the answer is `answer`.

    Greens first; then, left to right, a letter is yellow only while the answer still has an
    unmatched copy of it (so a doubled guess letter gets one yellow per spare copy, no more).
    """
    guess, answer = guess.lower(), answer.lower()
    if len(guess) != len(answer):
        raise ValueError(f"{guess!r} and {answer!r} differ in length")
    marks = ["X"] * len(guess)
    spare: Counter[str] = Counter()
    for i, (g, a) in enumerate(zip(guess, answer, strict=True)):
        if g == a:
            marks[i] = "G"
        else:
            spare[a] += 1
    for i, g in enumerate(guess):
        if marks[i] != "G" and spare[g] > 0:
            marks[i] = "Y"
            spare[g] -= 1
    return "".join(marks)


assert score("ninny", "annex") == "YXGXX"
assert score("speed", "abide") == "XXYXY"


def upper_word(word: str) -> str:
    """A word as the tiles show it: upper case, with ß as the one letter ẞ (str.upper gives SS)."""
    return word.replace("ß", "ẞ").upper()


def score_lenient(guess: str, answer: str) -> Marks:
    """The colours of a page that does not count copies (seen on real clones).

    Greens as in Wordle; any other guess letter is yellow whenever the letter occurs among the
    answer's non-green tiles, however many times the guess repeats it.
    """
    guess, answer = guess.lower(), answer.lower()
    if len(guess) != len(answer):
        raise ValueError(f"{guess!r} and {answer!r} differ in length")
    spare = {a for g, a in zip(guess, answer, strict=True) if g != a}
    return "".join(
        "G" if g == a else "Y" if g in spare else "X"
        for g, a in zip(guess, answer, strict=True)
    )


assert score_lenient("speed", "abide") == "XXYYY"


def marks_to_code(marks: Marks) -> Code:
    """The base-3 code of a row of marks ('XYGGX' -> int)."""
    return sum(MARK_DIGIT[m] * 3**i for i, m in enumerate(marks.upper()))


def code_to_marks(code: Code, length: int = WORD_LENGTH) -> Marks:
    """The marks of a base-3 code (inverse of `marks_to_code`)."""
    out = []
    for _ in range(length):
        code, digit = divmod(code, 3)
        out.append(DIGIT_MARK[digit])
    return "".join(out)


@dataclass(frozen=True)
class Turn:
    """One submitted row: the guess and the colours it got."""

    guess: str
    marks: Marks


History = tuple[Turn, ...]


def is_consistent(word: str, history: Iterable[Turn]) -> bool:
    """Could `word` be the answer, given every row so far?"""
    return all(score(turn.guess, word) == turn.marks for turn in history)


def filter_candidates(words: Iterable[str], history: Sequence[Turn]) -> list[str]:
    """The words still possible as the answer after `history`."""
    return [w for w in words if is_consistent(w, history)]


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def hard_mode_violation(guess: str, history: Iterable[Turn]) -> str | None:
    """Why `guess` is illegal in hard mode, in the game's words, or None if it is legal.

    The NYT rule: every green letter stays in its place, and every revealed (green or yellow)
    letter is reused at least as many times as one row revealed it.
    """
    guess = guess.lower()
    for turn in history:
        for i, (g, m) in enumerate(zip(turn.guess.lower(), turn.marks.upper(), strict=True)):
            if m == "G" and guess[i] != g:
                return f"{_ordinal(i + 1)} letter must be {g.upper()}"
        revealed = Counter(
            g for g, m in zip(turn.guess.lower(), turn.marks.upper(), strict=True) if m in "GY"
        )
        have = Counter(guess)
        for letter, need in revealed.items():
            if have[letter] < need:
                return f"Guess must contain {letter.upper()}"
    return None


# Every way people write a tile's colour: Dodge's `_?!`, `.YG`, `xyg`, `bgy` (b = black/grey),
# digits 0/1/2, and the share-grid emoji (🟧/🟦 are correct/present in high contrast).
_TILE_MARK = {
    **dict.fromkeys("_.xXbB-0⬛⬜", "X"),
    **dict.fromkeys("?yY1🟨🟦", "Y"),
    **dict.fromkeys("!gG2🟩🟧", "G"),
}


def parse_marks(text: str, length: int = WORD_LENGTH) -> Marks:
    """A row's colours in any common notation -> 'XYG..' marks; ValueError says what is wrong."""
    tiles = [ch for ch in text if not ch.isspace() and ch != "\ufe0f"]  # emoji variation selector
    if not tiles:
        raise ValueError("no colours given")
    for ch in tiles:
        if ch not in _TILE_MARK:
            raise ValueError(f"{ch!r} is not a colour (use _?! or .YG or xyg/bgy or ⬛🟨🟩)")
    if len(tiles) != length:
        raise ValueError(f"expected {length} colours, got {len(tiles)}")
    return "".join(_TILE_MARK[ch] for ch in tiles)
