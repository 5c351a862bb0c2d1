"""Fibble: Wordle whose rows each tell exactly one lie, as one registry entry.

Pure rules against slow references (every shown code against every true code), the solver
never losing the answer over seeded lying games, the bench walk against playing each answer one
by one, solve/bench from the CLI, and one real-Chromium game on the bundled page.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from itertools import product
from pathlib import Path

import numpy as np
import pytest

from autobot.bench.variants import _walk, draw
from autobot.games import GAMES, find_game
from autobot.games.entropy import EntropyPlayer
from autobot.games.fibble import fibble_consistent, lies
from autobot.games.strategy import GameStrategy
from autobot.rules import Turn, code_to_marks, marks_to_code, score
from autobot.solver import GameState


def differing(a: str, b: str) -> int:
    """Tiles whose marks differ (the obviously-correct way: letter by letter)."""
    return sum(x != y for x, y in zip(a, b, strict=True))


@pytest.fixture(scope="module")
def fibble():
    return find_game("fibble")


@pytest.fixture(scope="module")
def small(fibble):
    """Fibble over a slice of the real lists (the same rule, fewer words: fast)."""
    answers = fibble.answers[::8]
    guesses = tuple(dict.fromkeys((*answers, *fibble.guesses[::20])))
    return replace(fibble, answers=answers, guesses=guesses)


def test_fibble_is_a_registry_entry_with_wordles_tiles_and_nine_rows(fibble) -> None:
    wordle = find_game("wordle")
    assert "fibble" in GAMES and fibble.name == "fibble" and fibble.rows == 9
    assert fibble.page == "tiles" and fibble.page_mode == "fibble"
    assert fibble.answers == wordle.answers and fibble.guesses == wordle.guesses
    assert find_game("fibble", 6).rows == 10
    rng = random.Random(3)
    guesses, answers = rng.sample(fibble.guesses, 40), rng.sample(fibble.answers, 40)
    block = fibble.block(guesses, answers)
    # The true colours are Wordle's: the reference rule against the fast block.
    assert all(block[i, j] == marks_to_code(score(g, a)) == fibble.feedback(g, a)
               for i, g in enumerate(guesses) for j, a in enumerate(answers))


def test_each_lie_changes_exactly_one_tile_and_never_shows_a_win() -> None:
    for length in (4, 5):
        win = 3**length - 1
        for code in range(3**length):
            true = code_to_marks(code, length)
            shown = [code_to_marks(s, length) for s in lies(code, length)]
            if code == win:
                assert shown == [true]  # the winning row tells the truth
                continue
            # Every (tile, other colour) change but the ones that would read as a win.
            expected = {true[:i] + m + true[i + 1:] for i in range(length) for m in "XYG"
                        if m != true[i]} - {"G" * length}
            assert set(shown) == expected and len(shown) == len(expected)
            assert all(differing(s, true) == 1 for s in shown)


def test_consistent_is_lies_turned_round_for_every_pair_of_codes(fibble) -> None:
    codes = np.arange(fibble.n_codes)
    for shown in range(fibble.n_codes):
        fast = fibble.consistent(codes, shown)
        slow = [shown in lies(t, 5) for t in range(fibble.n_codes)]
        assert fast.tolist() == slow
    assert fibble_consistent(codes, 3**5 - 1, 5).tolist() == (codes == 3**5 - 1).tolist()


def test_honest_games_keep_equality_and_show_the_truth() -> None:
    codes = np.arange(243)
    for name in ("wordle", "absurdle"):
        game = find_game(name)
        assert game.shows(17) == (17,) and game.shown(17, 12345) == 17
        assert game.consistent(codes, 17).tolist() == (codes == 17).tolist()
    jotto = find_game("jotto")
    assert jotto.consistent(np.arange(7), 3).tolist() == [c == 3 for c in range(7)]


def test_the_shown_code_is_one_of_the_lies_picked_by_the_draw(fibble) -> None:
    code = marks_to_code("XYGXG")
    options = lies(code, 5)
    assert [fibble.shown(code, k) for k in range(len(options))] == list(options)
    assert fibble.shown(fibble.win_code, 7) == fibble.win_code


def play_lying_game(game, answer: str, seed: int) -> tuple[list[str], list[int]]:
    """One game through the loop's solver, the rows shown with seeded lies; the guesses and the
    candidates left after each row (the answer must be among them every time)."""
    strategy = GameStrategy(game)
    rng = random.Random(seed)
    history: list[Turn] = []
    left: list[int] = []
    while len(history) < game.rows:
        guess = strategy.next_guess(GameState(history=tuple(history)))
        shown = game.shown(game.feedback(guess, answer), rng.getrandbits(30))
        history.append(Turn(guess, code_to_marks(shown, game.length)))
        if shown == game.win_code:
            return [t.guess for t in history], left
        cands = strategy.candidates(history)
        assert game.answers.index(answer) in cands, (answer, history)
        left.append(len(cands))
    return [t.guess for t in history], left


def test_the_solver_never_drops_the_answer_and_wins_seeded_lying_games(small, fibble) -> None:
    rng = random.Random(11)
    for seed in range(40):
        answer = rng.choice(small.answers)
        guesses, left = play_lying_game(small, answer, seed)
        assert guesses[-1] == answer and len(guesses) <= small.rows
        assert all(a >= b for a, b in zip(left, left[1:], strict=False))  # only narrows
    for seed, answer in enumerate(("crane", "jazzy", "mummy")):  # the real lists
        guesses, _ = play_lying_game(fibble, answer, seed)
        assert guesses[-1] == answer and len(guesses) <= fibble.rows


def test_the_lying_bench_walk_agrees_with_playing_each_answer(small) -> None:
    """The walk (all targets at once, one decision per branch) against playing each target
    alone with the same seeded lies: the same guesses needed."""
    player = EntropyPlayer(small)
    targets = np.array(sorted(random.Random(2).sample(range(len(small.answers)), 60)))
    needed, _, paths = _walk(player, limit=small.rows * 3, targets=targets, seed=5)
    for target, walked, path in zip(targets, needed, paths, strict=True):
        candidates = np.arange(len(small.answers))
        for turn in range(1, small.rows * 3 + 1):
            guess = player.decide(candidates, small.rows - turn + 1)
            assert path[turn - 1] == guess  # the walk's record of the game is this game
            true = small.feedback(player.guesses[guess], small.answers[target])
            shown = small.shown(true, draw(5, int(target), turn))
            if shown == small.win_code:
                assert walked == turn
                break
            candidates = candidates[small.consistent(player.codes(guess, candidates), shown)]
            assert target in candidates


def test_bench_over_a_seeded_sample_wins_every_game(tmp_path: Path, capsys) -> None:
    from autobot.cli import main

    out = tmp_path / "fibble.json"
    assert main(["bench", "--game", "fibble", "--sample", "12", "--seed", "3",
                 "--json", str(out)]) == 0
    (run,) = json.loads(out.read_text())["runs"]
    result = run["summary"]
    assert result["games"] == 12 and result["won"] == 12 and result["lost"] == 0
    assert result["guesses"]["max"] <= 9 and result["seed"] == 3 and result["rows"] == 9
    assert sum(result["histogram"].values()) == 12
    assert all(r["guesses"][-1] == r["answer"] for r in run["records"])
    assert "fibble, strategy" in capsys.readouterr().out


def test_solve_for_a_person_and_against_an_answer(capsys) -> None:
    import io

    from autobot.app.request import GameChoice, Request
    from autobot.cli import main
    from autobot.cli.games import solve

    assert main(["solve", "--game", "fibble", "--answer", "crane"]) == 0
    printed = capsys.readouterr().out
    assert "Solved in" in printed and printed.count("My guess is:") <= 9
    # A person types the colours shown (a lie in each row but the win).
    args = Request(game=GameChoice(name="fibble", length=5))
    shown = code_to_marks(lies(marks_to_code(score("soare", "crane")), 5)[0], 5)
    out = io.StringIO()
    assert solve(args, io.StringIO(f"{shown}\nGGGGG\n"), out) == 0
    assert "Legal words left:" in out.getvalue() and "Solved in 2" in out.getvalue()
    out = io.StringIO()
    solve(args, io.StringIO("GGGGX\n"), out)  # one green away from a win: some word fits
    assert "Legal words left:" in out.getvalue()


@pytest.mark.browser
def test_play_wins_fibble_on_the_bundled_page(tmp_path: Path) -> None:
    """`autobot play --game fibble` in real Chromium: every row but the last shows exactly one
    lie (read from the pixels), and the bot wins within 9 rows."""
    from conftest import require_chromium

    require_chromium()
    from autobot.cli import main

    record = tmp_path / "game.json"
    assert main(["play", "--game", "fibble", "--answer", "crane", "--no-anim",
                 "--json", str(record)]) == 0
    data = json.loads(record.read_text())
    guesses, marks = data["guesses"], data["marks"]
    assert data["won"] and guesses[-1].lower() == "crane" and len(guesses) <= 9
    assert marks[-1] == "GGGGG" and len(guesses) >= 2
    for guess, shown in zip(guesses[:-1], marks[:-1], strict=True):
        assert differing(shown, score(guess.lower(), "crane")) == 1, (guess, shown)


def test_every_shown_code_of_a_row_is_consistent_with_its_truth(fibble) -> None:
    for true, draw_ in product(range(0, 243, 7), range(5)):
        shown = fibble.shown(true, draw_)
        assert fibble.consistent(np.array([true]), shown)[0]


@pytest.mark.parametrize("command", ["solve", "bench", "play"])
def test_hard_mode_is_refused_as_the_colours_lie(command: str, capsys) -> None:
    from autobot.cli import main

    assert find_game("fibble").lies and not find_game("wordle").lies
    assert main([command, "--game", "fibble", "--hard"]) == 2
    assert "--hard: fibble has no hard mode (its colours lie)" in capsys.readouterr().err
