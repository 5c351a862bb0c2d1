"""Wordle's rules: the duplicate-letter scoring rule, codes, mark notations, hard mode."""

from __future__ import annotations

import pytest

from autobot.rules import (
    ALL_GREEN,
    Turn,
    code_to_marks,
    filter_candidates,
    hard_mode_violation,
    marks_to_code,
    parse_marks,
    score,
    score_lenient,
)

# (guess, answer, colours). Worked out by hand from the rule (greens first, then yellows left to
# right from the answer's unmatched letters); the first three are doddle's documented examples.
DUPLICATE_CASES = [
    ("gamma", "mummy", "XXGGX"),
    ("speed", "abide", "XXYXY"),
    ("abbey", "babes", "YYGGX"),
    ("ninny", "annex", "YXGXX"),
    ("eerie", "there", "YXYXG"),
    ("llama", "hello", "YYXXX"),
    ("hello", "llama", "XXYYX"),
    ("sassy", "asset", "YYGXX"),
    ("geese", "eerie", "XGYXG"),
    ("eerie", "geese", "YGXXG"),
    ("mamma", "madam", "GGYXY"),
    ("madam", "mamma", "GGXYY"),
    ("robot", "motor", "YGXGY"),
    ("floor", "robot", "XXYGY"),
    ("teeth", "tweet", "GYGYX"),
    ("tweet", "teeth", "GXGYY"),
    ("lever", "revel", "YGGGY"),
    ("error", "rower", "YYXYG"),
    ("rower", "error", "YYXYG"),
    ("kayak", "knack", "GYXXG"),
    ("civic", "comic", "GXXGG"),
    ("puppy", "upper", "YYGXX"),
    ("papal", "apple", "YYGXY"),
    ("apple", "papal", "YYGYX"),
    ("sissy", "missy", "XGGGG"),
    ("missy", "sissy", "XGGGG"),
    ("swiss", "sassy", "GXXGY"),
    ("sassy", "swiss", "GXYGX"),
    ("nanny", "banal", "XGGXX"),
    ("banal", "nanny", "XGGXX"),
    ("elder", "eerie", "GXXYY"),
    ("fluff", "offal", "YYXYX"),
    ("offal", "fluff", "XYYXY"),
    ("array", "rarer", "YYGXX"),
    ("abbey", "kebab", "YYGYX"),
    ("those", "geese", "XXXGG"),
    # A later green takes the only spare L, so the first L is grey, not yellow.
    ("lolly", "hello", "XYGGX"),
    ("crane", "crane", "GGGGG"),
]


@pytest.mark.parametrize(("guess", "answer", "marks"), DUPLICATE_CASES)
def test_duplicate_letter_rule(guess: str, answer: str, marks: str) -> None:
    assert score(guess, answer) == marks


def test_enough_duplicate_cases() -> None:
    doubled = [c for c in DUPLICATE_CASES if len(set(c[0])) < 5 or len(set(c[1])) < 5]
    assert len(doubled) >= 30


def test_score_ignores_case_and_checks_length() -> None:
    assert score("SPEED", "Abide") == "XXYXY"
    with pytest.raises(ValueError):
        score("spee", "abide")


@pytest.mark.parametrize("marks", ["XXXXX", "GGGGG", "XYGYX", "YYYYY", "GXXXY"])
def test_codes_round_trip(marks: str) -> None:
    code = marks_to_code(marks)
    assert 0 <= code < 243
    assert code_to_marks(code) == marks


def test_all_green_code() -> None:
    assert marks_to_code("GGGGG") == ALL_GREEN == 242
    assert marks_to_code("YXXXX") == 1 and marks_to_code("XXXXG") == 2 * 81


@pytest.mark.parametrize(
    ("text", "marks"),
    [
        ("_?!__", "XYGXX"),  # Dodge
        (".YG..", "XYGXX"),
        ("xyggx", "XYGGX"),
        ("XYGGX", "XYGGX"),
        ("bgyyb", "XGYYX"),  # b = black/grey
        ("⬛🟨🟩⬜⬛", "XYGXX"),
        ("🟧🟦⬛⬛🟧", "GYXXG"),  # high contrast: orange correct, blue present
        ("🟩\ufe0f🟩\ufe0f🟩\ufe0f🟩\ufe0f🟩\ufe0f", "GGGGG"),  # emoji with variation selectors
        ("G Y X X G", "GYXXG"),
        ("00122", "XXYGG"),
    ],
)
def test_parse_marks_notations(text: str, marks: str) -> None:
    assert parse_marks(text) == marks


@pytest.mark.parametrize(
    ("text", "reason"),
    [("", "no colours"), ("xxxx", "expected 5 colours, got 4"), ("xxxxxx", "got 6"),
     ("xxzxx", "'z' is not a colour")],
)
def test_parse_marks_rejects(text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        parse_marks(text)


@pytest.mark.parametrize(
    ("history", "guess", "message"),
    [
        ([("crane", "XXGXX")], "blimp", "3rd letter must be A"),
        ([("crane", "GXXXX")], "bloat", "1st letter must be C"),
        ([("crane", "XGXXX")], "tapir", "2nd letter must be R"),
        ([("slate", "XXXGX")], "bloke", "4th letter must be T"),
        ([("slate", "XXXXG")], "blimp", "5th letter must be E"),
        ([("crane", "XYXXX")], "stout", "Guess must contain R"),
        ([("crane", "XYXXX")], "roast", None),
        ([("crane", "XXGXX")], "beast", None),
        # EERIE vs GEESE reveals three Es (one yellow, two green): two are not enough.
        ([("eerie", "YGXXG")], "belle", "Guess must contain E"),
        ([("eerie", "YGXXG")], "geese", None),
        # A grey duplicate does not demand a second copy.
        ([("speed", "XXYXX")], "abide", None),
        # Greens are checked before yellows, as in the game.
        ([("crane", "GYXXX")], "blimp", "1st letter must be C"),
        ([("crane", "XXXXX"), ("spilt", "XXXGY")], "lotus", "4th letter must be L"),
        ([("crane", "XXXXX"), ("spilt", "XXXGY")], "bully", "Guess must contain T"),
    ],
)
def test_hard_mode_messages(
    history: list[tuple[str, str]], guess: str, message: str | None
) -> None:
    assert hard_mode_violation(guess, [Turn(g, m) for g, m in history]) == message


def test_consistent_words_are_always_hard_mode_legal() -> None:
    words = ["geese", "eerie", "there", "theme", "sheep", "crane", "belle", "elder", "those"]
    history = [Turn("eerie", score("eerie", "geese"))]
    for word in filter_candidates(words, history):
        assert hard_mode_violation(word, history) is None


@pytest.mark.parametrize(
    ("guess", "answer", "strict", "lenient"),
    [
        ("speed", "abide", "XXYXY", "XXYYY"),  # both Es yellow: the answer has a spare E
        ("eerie", "ended", "GYXXX", "GYXXY"),  # one spare E: Wordle colours one E, lenient both
        ("level", "lever", "GGGGX", "GGGGX"),  # no spare E left after the greens
        ("sissy", "shays", "GXYXY", "GXYYY"),  # one spare S: every non-green S yellow
        ("crane", "crane", "GGGGG", "GGGGG"),
    ],
)
def test_lenient_rule_does_not_count_copies(
    guess: str, answer: str, strict: str, lenient: str
) -> None:
    assert score(guess, answer) == strict
    assert score_lenient(guess, answer) == lenient
