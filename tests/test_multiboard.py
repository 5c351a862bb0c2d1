"""The many-board solver, pure: split kernel vs reference, state, strategies, seeded games."""

from __future__ import annotations

import numpy as np
import pytest

from autobot.errors import AutobotError
from autobot.loop.result import reason_code
from autobot.multiboard import (
    MultiSolver,
    MultiState,
    View,
    answer_sets,
    baseline,
    board_splits,
    board_splits_reference,
    guess_limit,
    joint,
    play,
)
from autobot.rules import score


@pytest.fixture(scope="module")
def solver() -> MultiSolver:
    return MultiSolver("joint")


@pytest.fixture(scope="module")
def base() -> MultiSolver:
    return MultiSolver("baseline")


def test_split_kernel_matches_reference(solver: MultiSolver) -> None:
    rng = np.random.default_rng(7)
    rows = rng.choice(len(solver.guesses), 40, replace=False)
    # Boards of every size that matters: one candidate, two, a few, many; one column repeated
    # across boards (boards may share candidates).
    boards = [np.array([5]), np.array([5, 9]), rng.choice(2315, 7, replace=False),
              rng.choice(2315, 300, replace=False)]
    fast = board_splits(solver.matrix, rows, boards)
    slow = board_splits_reference(solver.matrix, rows, boards)
    for name in ("entropy", "expected_left", "settled"):
        np.testing.assert_allclose(getattr(fast, name), getattr(slow, name), atol=1e-12)
    # One candidate: nothing to learn, certainly settled.
    assert np.all(fast.entropy[:, 0] == 0) and np.all(fast.settled[:, 0] == 1)


def test_split_figures_of_a_known_case(solver: MultiSolver) -> None:
    # CIGAR against {cigar, rebut}: two groups of one: 1 bit, 1 left on average, settled.
    col = {w: i for i, w in enumerate(solver.answers.words)}
    row = solver.single.guess_index["cigar"]
    splits = board_splits(solver.matrix, np.array([row]), [np.array([col["cigar"], col["rebut"]])])
    assert splits.entropy[0, 0] == pytest.approx(1.0)
    assert splits.expected_left[0, 0] == pytest.approx(1.0)
    assert splits.settled[0, 0] == pytest.approx(1.0)


def test_state_tracks_open_boards_and_limit() -> None:
    state = MultiState(4)
    assert state.limit == guess_limit(4) == 9 and state.left == 9
    assert state.open_boards == (0, 1, 2, 3)
    state = state.after("salet", ["XXXXX", "GGGGG", "XYXXX", "XXXXG"])
    assert state.open_boards == (0, 2, 3) and state.is_solved(1) and state.left == 8
    state = state.after("crane", ["GGGGG", "XXXXX", "XXXXX"])
    assert state.open_boards == (2, 3)
    assert state.marks[1] == ("GGGGG",)  # a solved board gets no more rows
    assert [t.guess for t in state.history(2)] == ["salet", "crane"]
    with pytest.raises(ValueError):
        state.after("crane", ["XXXXX"])
    assert not state.won and MultiState(1).after("salet", ["GGGGG"]).won


@pytest.mark.parametrize("strategy", ["joint", "baseline"])
def test_opener_is_salet(strategy: str) -> None:
    assert MultiSolver(strategy).next_guess(MultiState(4)) == "salet"


def _view(solver: MultiSolver, words: list[list[str]], left: int) -> View:
    col = {w: i for i, w in enumerate(solver.answers.words)}
    boards = tuple(np.array([col[w] for w in ws]) for ws in words)
    return View(boards, left, np.ones(len(solver.guesses), dtype=bool))


def test_baseline_guesses_a_certain_answer_first(base: MultiSolver) -> None:
    view = _view(base, [["cigar", "rebut", "sissy"], ["humph"], ["awake", "blush"]], 7)
    assert base.guesses.words[baseline(base.lists, view)] == "humph"


def test_baseline_maximises_summed_entropy(base: MultiSolver) -> None:
    boards = [["cigar", "rebut", "sissy", "humph"], ["awake", "blush", "focal", "evade"]]
    view = _view(base, boards, 7)
    pick = baseline(base.lists, view)
    # Brute force with score(): summed entropy of the colour groups per board.
    def bits(guess: str) -> float:
        total = 0.0
        for words in boards:
            groups: dict[str, int] = {}
            for w in words:
                groups[score(guess, w)] = groups.get(score(guess, w), 0) + 1
            total -= sum(c / len(words) * np.log2(c / len(words)) for c in groups.values())
        return total
    best = max(bits(w) for w in base.guesses.words[::7])  # a sample of the list: a lower bound
    assert bits(base.guesses.words[pick]) >= best - 1e-9
    assert bits(base.guesses.words[pick]) == pytest.approx(4.0)  # both boards told apart


def test_joint_picks_the_certain_answer_that_tells_most(solver: MultiSolver) -> None:
    view = _view(solver, [["humph"], ["cigar"], ["rebut", "sissy", "civic", "cider"]], 7)
    pick = solver.guesses.words[joint(solver.lists, view)]
    assert pick in ("humph", "cigar")
    # CIGAR shares letters with the open board's words, HUMPH with none of them.
    assert pick == "cigar"


def test_joint_guesses_only_candidates_when_guesses_are_short(solver: MultiSolver) -> None:
    words = solver.answers.words
    boards = [list(words[0:60]), list(words[60:120])]  # too big for rollouts: greedy
    roomy = solver.guesses.words[joint(solver.lists, _view(solver, boards, 5))]
    tight = solver.guesses.words[joint(solver.lists, _view(solver, boards, 2))]
    assert tight in boards[0] + boards[1]
    assert roomy not in boards[0] + boards[1]  # with room to spare a splitter is better


def test_banned_words_are_never_proposed(solver: MultiSolver) -> None:
    state = MultiState(2, banned=frozenset({"salet"}))
    assert solver.next_guess(state) != "salet"
    state = MultiState(2).after("salet", [score("salet", "cigar"), score("salet", "humph")])
    first = solver.next_guess(state)
    again = MultiSolver("joint").next_guess(MultiState(2, state.guesses, state.marks,
                                                       frozenset({first})))
    assert again != first


def test_impossible_colours_name_the_board(solver: MultiSolver) -> None:
    state = MultiState(2).after("salet", ["XXXXX", "GGGGY"])
    with pytest.raises(AutobotError, match="board 2: no word"):
        solver.next_guess(state)


def test_no_fitting_word_in_another_language_says_no_words() -> None:
    """The game's record says why: it said "bad_input" for a Portuguese page whose answer is
    off our list (its name, "pt", does not say "answer")."""
    state = MultiState(2).after("serao", ["XXXXX", "GGGGY"])
    with pytest.raises(AutobotError, match="board 2: no word in the pt list") as caught:
        MultiSolver("joint", lang="pt").next_guess(state)
    assert reason_code(False, None, caught.value) == "no_words"


@pytest.mark.parametrize(("boards", "games"), [(1, 4), (2, 4), (4, 3), (8, 2)])
@pytest.mark.parametrize("strategy", ["joint", "baseline"])
def test_seeded_games_finish_within_the_limit(strategy: str, boards: int, games: int) -> None:
    solver = MultiSolver(strategy)
    for answers in answer_sets(solver.answers.words, boards, games, seed=11):
        game = play(solver, answers)
        assert game.won, (answers, game.guesses)
        assert len(game.guesses) <= guess_limit(boards)
        assert set(answers) <= set(game.guesses)
        assert len(game.guesses) == len(set(game.guesses))  # never the same word twice


@pytest.mark.slow
@pytest.mark.parametrize("boards", [16, 32])
def test_big_games_finish_within_the_limit(solver: MultiSolver, boards: int) -> None:
    (answers,) = answer_sets(solver.answers.words, boards, 1, seed=3)
    game = play(solver, answers)
    assert game.won and len(game.guesses) <= guess_limit(boards), game.guesses


def test_answer_sets_are_seeded_and_distinct(solver: MultiSolver) -> None:
    words = solver.answers.words
    one, two = answer_sets(words, 4, 5, seed=1), answer_sets(words, 4, 5, seed=1)
    assert one == two and one != answer_sets(words, 4, 5, seed=2)
    assert all(len(set(s)) == 4 for s in one)


def test_unknown_strategy_and_start_are_clear_errors() -> None:
    with pytest.raises(AutobotError, match="unknown multi-board strategy"):
        MultiSolver("magic")
    with pytest.raises(AutobotError, match="start word 'qqqqq'"):
        MultiSolver("joint", start="qqqqq")


def test_rollouts_match_the_reference_on_random_positions(solver: MultiSolver) -> None:
    from autobot.multiboard.rollout import rollout_reference, rollouts, sample_targets

    rng = np.random.default_rng(5)
    checked = 0
    for trial in range(6):
        n_boards = int(rng.integers(1, 5))
        boards = [np.sort(rng.choice(2315, int(rng.integers(1, 25)), replace=False))
                  for _ in range(n_boards)]
        answers = np.unique(np.concatenate([solver.answer_rows[b] for b in boards]))
        pool = np.concatenate([answers, rng.choice(len(solver.guesses), 30, replace=False)])
        firsts = rng.choice(pool, 3, replace=False)
        targets = sample_targets(boards, 5, seed=trial)
        left = int(rng.integers(n_boards, n_boards + 6))
        hit_bits = float(trial % 3)
        fast = rollouts(solver.matrix, solver.answer_rows, pool, boards, firsts, targets, left,
                        hit_bits)
        for i, first in enumerate(firsts):
            for s, target in enumerate(targets):
                slow = rollout_reference(solver.matrix, solver.answer_rows, pool, boards,
                                         int(first), target, left, hit_bits)
                assert fast[i, s] == slow, (trial, i, s)
                checked += 1
    assert checked >= 6 * 3 * 5 // 2


def test_rollout_counts_guesses_and_charges_a_loss(solver: MultiSolver) -> None:
    from autobot.multiboard.rollout import LOST_PENALTY, rollouts

    col = {w: i for i, w in enumerate(solver.answers.words)}
    row = solver.single.guess_index
    boards = [np.array([col["cigar"]]), np.array([col["humph"], col["rebut"]])]
    targets = np.array([[col["cigar"], col["rebut"]]])
    pool = solver.answer_rows[np.array([col["cigar"], col["humph"], col["rebut"]])]
    # CIGAR solves board 1 and its colours tell HUMPH from REBUT: then REBUT, 2 guesses.
    # HUMPH solves nothing but leaves both boards certain: then CIGAR and REBUT, 3 guesses.
    firsts = np.array([row["cigar"], row["humph"]])
    out = rollouts(solver.matrix, solver.answer_rows, pool, boards, firsts, targets, 6)
    assert out.tolist() == [[2], [3]]
    # Only one guess left: HUMPH leaves both boards open, the game is lost.
    out = rollouts(solver.matrix, solver.answer_rows, pool, boards, firsts[1:], targets, 1)
    assert out.tolist() == [[1 + LOST_PENALTY]]


def test_sample_targets_enumerate_small_positions() -> None:
    from autobot.multiboard.rollout import sample_targets

    boards = [np.array([3, 4]), np.array([7, 8, 9])]
    every = sample_targets(boards, 10, seed=0)
    assert sorted(map(tuple, every.tolist())) == [(a, b) for a in (3, 4) for b in (7, 8, 9)]
    drawn = sample_targets(boards, 4, seed=0)
    assert drawn.shape == (4, 2) and np.isin(drawn[:, 1], boards[1]).all()
    assert (drawn == sample_targets(boards, 4, seed=0)).all()


def test_joint_plays_the_guess_that_finishes_soonest(solver: MultiSolver) -> None:
    # Board 1 is CIGAR or REBUT, board 2 HUMPH or AWAKE: a possible answer that also tells the
    # other board apart wins half the time now; the joint strategy must play such a word,
    # never a splitter that solves nothing.
    boards = [["cigar", "rebut"], ["humph", "awake"]]
    pick = solver.guesses.words[joint(solver.lists, _view(solver, boards, 6))]
    assert pick in {"cigar", "rebut", "humph", "awake"}


def test_boards_whose_answers_the_list_lacks_go_on_over_every_accepted_word(
    solver: MultiSolver,
) -> None:
    from autobot.words import load_words

    listed = set(solver.answers.words)
    assert not {"atlas", "atria", "balsa", "beaut", "tizzy"} & listed  # past NYT answers
    for answers in (("atlas", "atria", "balsa", "beaut"), ("crane", "tizzy")):
        game = play(solver, answers)
        assert game.won and set(answers) <= set(game.guesses), game
    # Once no listed answer fits a board, its candidates are the accepted words that fit,
    # likeliest first; a board of listed answers keeps to the list.
    state = MultiState(2)
    for guess in ("salet", "witty"):
        state = state.after(guess, [score(guess, "crane"), score(guess, "tizzy")])
    assert all(w in listed for w in solver.candidates(state, 0))
    past = solver.candidates(state, 1)
    assert "tizzy" in past and not set(past) & listed and len(past) > 1
    accepted = set(load_words("nyt").words)
    assert set(past) <= accepted | set(solver.guesses.words)
    assert all(score(g, w) == t.marks for w in past for g, t in
               zip(("salet", "witty"), state.history(1), strict=True))
