"""The loop's solver for any game: rows in, next guess out; hard mode at any word length."""

from __future__ import annotations

import random

import numpy as np
import pytest

from autobot.errors import AutobotError
from autobot.games import find_game
from autobot.games.absurdle import reply
from autobot.games.strategy import GameStrategy, hard_mask
from autobot.kernels.feedback import encode
from autobot.rules import Turn, code_to_marks, hard_mode_violation
from autobot.solver import GameState


def play_out(strategy: GameStrategy, answer: str, hard: bool = False) -> list[Turn]:
    """Turns the strategy plays against a fixed answer, as the loop would record them."""
    game = strategy.game
    turns: list[Turn] = []
    for _ in range(30):
        guess = strategy.next_guess(GameState(history=tuple(turns), hard=hard))
        code = game.feedback(guess, answer)
        marks = code_to_marks(code, game.length) if game.page == "tiles" else (
            "G" * game.length if code == game.win_code else str(code))
        turns.append(Turn(guess, marks))
        if code == game.win_code:
            return turns
    raise AssertionError(f"not solved in 30: {[t.guess for t in turns]}")


@pytest.mark.parametrize("length", [4, 6, 8])
def test_hard_mask_is_the_reference_rule(length: int) -> None:
    game = find_game("wordle", length)
    rng = random.Random(length)
    words = list(game.guesses)
    (letters,), _ = encode(words)
    index = {w: i for i, w in enumerate(words)}
    sample = rng.sample(range(len(words)), 400)
    for _ in range(5):
        answer = rng.choice(game.answers)
        history = []
        for guess in rng.sample(words, 2):
            history.append(Turn(guess, code_to_marks(game.feedback(guess, answer), length)))
        mask = hard_mask(letters, index, history)
        expected = [hard_mode_violation(words[i], history) is None for i in sample]
        assert mask[sample].tolist() == expected
        assert mask[index[answer]]  # the answer is always legal


@pytest.mark.parametrize("length", [4, 6, 7])
def test_hard_mode_games_at_other_lengths_keep_the_rule_and_win(length: int) -> None:
    game = find_game("wordle", length)
    strategy = GameStrategy(game, hard=True)
    rng = random.Random(1)
    hard_turns = easy_turns = 0
    for answer in rng.sample(game.answers, 12):
        turns = play_out(strategy, answer, hard=True)  # won (else it raises)
        for i, turn in enumerate(turns):
            assert hard_mode_violation(turn.guess, turns[:i]) is None, (answer, turns)
        hard_turns += len(turns)
        easy_turns += len(play_out(GameStrategy(game), answer))
    # The rule costs guesses (fewer words to probe with), never saves them on the whole.
    assert hard_turns >= easy_turns


def test_hard_mode_changes_some_choice() -> None:
    """A normal-mode guess that breaks the rule is replaced in hard mode."""
    game = find_game("wordle", 6)
    normal, hard = GameStrategy(game), GameStrategy(game, hard=True)
    rng = random.Random(3)
    differs = 0
    for answer in rng.sample(game.answers, 15):
        first = normal.next_guess(GameState())
        turn = Turn(first, code_to_marks(game.feedback(first, answer), 6))
        soft = normal.next_guess(GameState(history=(turn,)))
        strict = hard.next_guess(GameState(history=(turn,), hard=True))
        assert hard_mode_violation(strict, [turn]) is None
        differs += soft != strict
    assert differs > 0


@pytest.mark.slow
def test_jotto_counts_as_the_loop_records_them() -> None:
    game = find_game("jotto")
    strategy = GameStrategy(game)
    for answer in random.Random(5).sample(game.answers, 5):
        turns = play_out(strategy, answer)
        assert turns[-1].guess == answer and turns[-1].marks == "GGGGG"
        assert all(t.marks.isdigit() for t in turns[:-1])


def test_absurdle_strategy_wins_against_the_adversary() -> None:
    game = find_game("absurdle")
    strategy = GameStrategy(game)
    left: tuple[str, ...] = game.answers
    turns: list[Turn] = []
    while True:
        guess = strategy.next_guess(GameState(history=tuple(turns)))
        code, left = reply(game, guess, left)
        turns.append(Turn(guess, code_to_marks(code, 5)))
        assert set(strategy.candidates(turns)) == {game.answers.index(w) for w in left}
        if code == game.win_code:
            break
    # The proven minimum (autobot bench --game absurdle: no forced win in 3 exists).
    assert len(turns) == 4


def test_known_absurdle_win_is_forced_and_a_wrong_one_is_not() -> None:
    from autobot.games.absurdle import KNOWN_WINS, forced_win

    game = find_game("absurdle")
    assert forced_win(game, KNOWN_WINS[5])
    assert not forced_win(game, ("early", "point", "chump", "crane"))


def test_banned_words_are_not_played_and_bad_rows_are_errors() -> None:
    game = find_game("wordle", 6)
    strategy = GameStrategy(game)
    first = strategy.next_guess(GameState())
    turn = Turn(first, "XXXXXX")
    second = strategy.next_guess(GameState(history=(turn,)))
    other = strategy.next_guess(GameState(history=(turn,), banned=frozenset({second})))
    assert other != second
    with pytest.raises(AutobotError, match="not a wordle-6 word"):
        strategy.candidates([Turn("zzzzzz", "XXXXXX")])
    with pytest.raises(AutobotError, match="--start"):
        GameStrategy(game, start="crane")
    assert np.all(strategy.candidates([]) == np.arange(len(game.answers)))


def test_hard_bench_walk_agrees_with_playing_each_answer() -> None:
    """The bench's tree walk in hard mode decides exactly as the loop's strategy game by game."""
    from dataclasses import replace

    from autobot.bench.variants import _walk
    from autobot.games.entropy import EntropyPlayer

    base = find_game("wordle", 6)
    rng = random.Random(9)
    answers = tuple(sorted(rng.sample(base.answers, 60)))
    guesses = tuple(sorted(set(rng.sample(base.guesses, 1500)) | set(answers)))
    game = replace(base, answers=answers, guesses=guesses)
    player = EntropyPlayer(game)
    needed, _, paths = _walk(player, limit=20, hard=True)
    strategy = GameStrategy(game, hard=True)
    for i, answer in enumerate(answers):
        played = play_out(strategy, answer, hard=True)
        assert len(played) == needed[i], answer
        # The walk's record of the game is the game the strategy plays.
        assert [player.guesses[g] for g in paths[i]] == [t.guess for t in played], answer
