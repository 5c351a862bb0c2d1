"""The ways pages colour repeated letters (autobot.scoring): the fast codes against the
slow rules, the rule a page's rows allow, and a game won on a page whose rule is not Wordle's."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest

from autobot.games import find_game
from autobot.games.strategy import GameStrategy
from autobot.loop.rows import sync_problem
from autobot.rules import Turn, score, score_lenient
from autobot.scoring import (
    RULES,
    possible_rules,
    rule_candidates,
    rule_candidates_reference,
    rule_codes,
    rule_codes_reference,
    score_anywhere,
    score_once,
)
from autobot.solver import GameState


def test_each_rule_colours_repeated_letters_its_own_way() -> None:
    # SPEED against ABIDE: Wordle gives the answer's one E one yellow.
    assert score("speed", "abide") == "XXYXY"
    assert score_lenient("speed", "abide") == "XXYYY"
    assert score_anywhere("speed", "abide") == "XXYYY"
    assert score_once("speed", "abide") == "XXYXY"
    # XANXA against PEDRA (absurdle.cat): the A green at the end still makes the first A yellow.
    assert score("xanxa", "pedra") == "XXXXG" == score_lenient("xanxa", "pedra")
    assert score_anywhere("xanxa", "pedra") == "XYXXG"
    # A letter green somewhere is never yellow elsewhere under `once` (open-wordljs).
    assert score_once("eerie", "there") == "XXYXG"
    assert score("eerie", "there") == "YXYXG"


def test_every_rule_agrees_on_a_word_without_repeated_letters() -> None:
    words = ["crane", "slate", "abide", "faiço", "pedra", "lesio", "turac"]
    for guess in words:
        for answer in words + ["xanxa", "geese", "llanç"]:
            assert len({rule(guess, answer) for rule in RULES.values()}) == 1, (guess, answer)


@pytest.mark.parametrize("rule", list(RULES))
def test_fast_codes_match_the_slow_rule(rule: str) -> None:
    draw = random.Random(7)
    letters = "aabcdeeçñ"
    words = ["".join(draw.choice(letters) for _ in range(6)) for _ in range(120)]
    guesses, answers = words[:30], words[30:]
    assert (rule_codes(rule, guesses, answers)
            == rule_codes_reference(rule, guesses, answers)).all()


ANSWERS = ("buzzer", "burger", "butter", "busier", "bummer", "barber", "rubber")


def test_a_row_impossible_under_wordles_rule_rules_it_out() -> None:
    # BREWER on a page that colours "anywhere": no answer gives these colours under Wordle's
    # rule, so the page is not Wordle's.
    rows = (Turn("brewer", score_anywhere("brewer", "buzzer")),)
    assert rows[0].marks == "GYYXGG"
    rules = possible_rules(tuple(RULES), ANSWERS, rows)
    assert "standard" not in rules and "anywhere" in rules
    kept = rule_candidates(rules, ANSWERS, rows)
    assert "buzzer" in {ANSWERS[k] for k in kept}
    assert list(kept) == rule_candidates_reference(rules, ANSWERS, rows)


def test_rules_that_disagree_keep_every_answer_some_rule_allows() -> None:
    rows = (Turn("rubber", score_anywhere("rubber", "buzzer")),)
    standard_only = rule_candidates(("standard",), ANSWERS, rows)
    every = rule_candidates(tuple(RULES), ANSWERS, rows)
    assert "buzzer" not in {ANSWERS[k] for k in standard_only}
    assert "buzzer" in {ANSWERS[k] for k in every}
    assert set(standard_only) <= set(every)
    assert list(every) == rule_candidates_reference(tuple(RULES), ANSWERS, rows)


def test_rows_no_rule_explains_say_nothing_about_the_rule() -> None:
    rows = (Turn("buzzer", "YYYYYY"),)  # no listed answer shows this under any rule
    assert possible_rules(tuple(RULES), ANSWERS, rows) == tuple(RULES)


def _play(strategy: GameStrategy, answer: str, rule: str) -> list[Turn]:
    rows: list[Turn] = []
    for _ in range(strategy.game.rows or 12):
        guess = strategy.next_guess(GameState(history=tuple(rows)))
        rows.append(Turn(guess, RULES[rule](guess, answer)))
        if guess == answer:
            break
    return rows


def test_a_page_colouring_anywhere_is_won_once_its_rule_is_learned() -> None:
    game = find_game("wordle", 6)
    learning = GameStrategy(replace(game, scorings=tuple(RULES)))
    rows = _play(learning, "buzzer", "anywhere")
    assert rows[-1].guess == "buzzer" and len(rows) <= game.rows
    assert any("anywhere rule" in note for note in learning.take_notes())
    # Wordle's rule alone follows the wrong answers and loses this game.
    wordle_only = _play(GameStrategy(game), "buzzer", "anywhere")
    assert wordle_only[-1].guess != "buzzer"


def test_a_standard_page_is_played_as_before_while_no_row_repeats_a_letter() -> None:
    game = find_game("wordle", 6)
    rows = (Turn("stripe", score("stripe", "burger")),)
    both = GameStrategy(replace(game, scorings=tuple(RULES))).candidates(rows)
    assert np.array_equal(both, GameStrategy(game).candidates(rows))


def test_rows_below_a_won_row_are_the_pages_own() -> None:
    # absurdle.cat keeps the winning word typed in the row under it.
    rows = [("LESIO", "XXXXX"), ("XANXA", "GGGGG"), ("XANXA", "ttttt")]
    history = [Turn("lesio", "XXXXX")]
    assert sync_problem(rows, history, upto=1) is None
    rows[1] = ("XANXA", "XYXXG")
    assert sync_problem(rows, history, upto=1) is not None


def _one_row_over_a_keyboard() -> np.ndarray:
    """absurdle.cat's first screen, drawn: one row of five bordered empty tiles at the top, and
    a keyboard of filled keys a few pixels narrower and taller than the tiles, ten a row."""
    import cv2

    frame = np.full((937, 1280, 3), 255, np.uint8)
    for c in range(5):
        x = 492 + c * 60
        cv2.rectangle(frame, (x, 72), (x + 55, 127), (211, 214, 218), 2)
    labels = "QWERTYUIOPASDFGHJKLCZXCVBNMXY"
    for r, count in enumerate((10, 10, 9)):
        for c in range(count):
            x, y = 382 + c * 52, 757 + r * 60
            cv2.rectangle(frame, (x, y), (x + 47, y + 55), (226, 232, 240), -1)
            cv2.putText(frame, labels[r * 10 + c], (x + 16, y + 35), cv2.FONT_HERSHEY_SIMPLEX,
                        0.6, (20, 20, 20), 2)
    return frame


def test_a_known_word_length_finds_a_one_row_board_over_a_wider_keyboard() -> None:
    from autobot.vision.find import locate_grid

    frame = _one_row_over_a_keyboard()
    grid, _ = locate_grid(frame, None, 5)
    assert grid is not None and (grid.rows, grid.cols) == (1, 5)
    assert grid.bbox()[1] < 100  # the row at the top, not keys
    wide, _ = locate_grid(frame, None)  # any width: the keys are the bigger lattice
    assert wide is not None and wide.cols == 10
