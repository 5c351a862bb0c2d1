"""Games as a parameter: registry, per-length lists, fast rules against the reference rules."""

from __future__ import annotations

import io
import random
import subprocess
import sys

import numpy as np
import pytest

from autobot.errors import AutobotError
from autobot.games import GAMES, LENGTHS, find_game, length_lists
from autobot.games.entropy import EntropyPlayer, choose, play


def test_registry_names_every_game() -> None:
    assert {"wordle", "absurdle", "jotto", "tuble"} <= set(GAMES)
    assert find_game("Wordle", 7).label == "wordle-7"
    assert find_game("absurdle").adversarial and find_game("absurdle").rows is None
    with pytest.raises(AutobotError, match="unknown game"):
        find_game("quordle")
    with pytest.raises(AutobotError, match="4..11"):
        length_lists(12)


@pytest.mark.parametrize(("length", "answers", "allowed"), [
    (4, 1997, 7200), (6, 4080, 29901), (7, 4268, 42024), (11, 1185, 37556),
])
def test_lists_per_length_are_the_mywordle_counts(length: int, answers: int, allowed: int) -> None:
    words, guesses = length_lists(length)
    assert (len(words), len(guesses)) == (answers, allowed)
    assert set(words) <= set(guesses)
    assert all(len(w) == length and w.isalpha() for w in words)


def test_five_letters_keep_wordles_own_lists() -> None:
    game = find_game("wordle", 5)
    assert (len(game.answers), len(game.guesses), game.rows) == (2315, 12972, 6)


@pytest.mark.parametrize("length", LENGTHS)
def test_fast_codes_match_the_reference_score(length: int) -> None:
    game = find_game("wordle", length)
    rnd = random.Random(length)
    guesses = rnd.sample(game.guesses, 30) + ["e" * length]  # a doubled letter stress case
    answers = rnd.sample(game.answers, 30)
    fast = game.block(guesses, answers)
    slow = np.array([[game.feedback(g, a) for a in answers] for g in guesses])
    assert (fast == slow).all()
    assert fast.max() < game.n_codes and game.win_code == 3**length - 1


def test_codes_above_uint16_for_eleven_letters() -> None:
    game = find_game("wordle", 11)
    word = game.answers[0]
    assert game.block([word], [word])[0, 0] == 3**11 - 1 > 65535


def test_choose_prefers_most_information_then_a_candidate() -> None:
    nlogn = np.array([5.0, 3.0, 3.0, 4.0])
    assert choose(nlogn, np.array([False, False, True, True])) == 2
    assert choose(nlogn, np.zeros(4, dtype=bool)) == 1


def test_entropy_player_solves_sampled_six_letter_answers_within_the_rows() -> None:
    game = find_game("wordle", 6)
    player = EntropyPlayer(game)
    for answer in random.Random(1).sample(range(len(game.answers)), 15):
        guesses = play(player, answer)
        assert player.guesses[guesses[-1]] == game.answers[answer]
        assert len(guesses) <= game.rows


def test_solve_session_reads_colours_for_any_length() -> None:
    from autobot.cli.games import _asker, session
    from autobot.rules import score

    game = find_game("wordle", 7)
    answer = "example"
    assert answer in game.answers
    shown: list[str] = []
    sink = io.StringIO()

    def ask(guess: str) -> int | None:
        """The colours a person reads off the page (reference rule), typed as text."""
        shown.append(score(guess, answer))
        return _asker(game, io.StringIO(shown[-1] + "\n"), sink)(guess)

    out = io.StringIO()
    assert session(EntropyPlayer(game), ask, out) == 0
    assert shown[-1] == "G" * 7 and len(shown) <= game.rows
    assert "Legal words left" in out.getvalue()


def test_cli_rejects_a_bad_length_with_exit_2() -> None:
    done = subprocess.run([sys.executable, "-m", "autobot", "bench", "--length", "12"],
                          capture_output=True, text=True)
    assert done.returncode == 2 and "out of range" in done.stderr
    assert "Traceback" not in done.stderr


def test_only_honest_tile_games_are_looked_for_on_many_boards() -> None:
    assert find_game("wordle", 5).on_many_boards and find_game("wordle", 7).on_many_boards
    assert not any(find_game(name, 5).on_many_boards for name in ("absurdle", "jotto", "fibble"))
