"""Solver strategies on the real lists: they solve, stay legal, respect banned words."""

from __future__ import annotations

from collections import Counter
from functools import cache

import numpy as np
import pytest

from autobot.errors import AutobotError
from autobot.rules import Turn, filter_candidates, hard_mode_violation, score
from autobot.solver import (
    STRATEGIES,
    GameState,
    Solver,
    SolverConfig,
    frequency_prior,
    make_solver,
    play,
    split_stats,
    split_stats_numpy,
)
from autobot.words import load_words

# A fixed sample, with known troublemakers (doubled letters, _ATCH / _IGHT families).
SAMPLE = ["cigar", "mummy", "eerie", "fluff", "watch", "match", "night", "light", "jazzy",
          "vivid", "sassy", "queue", "epoxy", "nymph", "abbey", "llama", "kayak", "hatch",
          "foyer", "baker", "wound", "fiery", "chill", "shave", "tacit"]
SIMPLE = ("entropy", "minimax", "expected-size", "frequency")


@cache
def solver(strategy: str, hard: bool = False, start: str | None = "salet") -> Solver:
    return make_solver(SolverConfig(strategy=strategy, hard=hard, start=start))


def test_strategy_names() -> None:
    assert STRATEGIES == ("optimal", "entropy", "minimax", "expected-size", "frequency")


@pytest.mark.parametrize("strategy", SIMPLE)
def test_each_strategy_solves_the_sample(strategy: str) -> None:
    s = solver(strategy)
    allowed = load_words("allowed")
    for answer in SAMPLE:
        game = play(s, answer)
        assert game.solved, (strategy, answer, game.guesses)
        assert game.guesses[0] == "salet"
        assert all(g in allowed for g in game.guesses)
        limit = 8 if strategy == "frequency" else 6  # the baseline is allowed its bad days
        assert len(game.guesses) <= limit, (strategy, answer, game.guesses)


@pytest.mark.parametrize("strategy", SIMPLE)
def test_each_strategy_is_legal_in_hard_mode(strategy: str) -> None:
    s = solver(strategy, hard=True)
    for answer in SAMPLE:
        game = play(s, answer, hard=True)
        assert game.solved, (strategy, answer, game.guesses)
        history: list[Turn] = []
        for guess in game.guesses:
            assert hard_mode_violation(guess, history) is None, (strategy, answer, game.guesses)
            history.append(Turn(guess, score(guess, answer)))


def test_minimax_probes_with_non_candidates() -> None:
    # Dodge's point: a word that cannot be the answer often splits the rest best.
    s = solver("minimax")
    probes = 0
    for answer in SAMPLE:
        history = (Turn("salet", score("salet", answer)),)
        cands = s.candidates(history)
        guess = s.next_guess(GameState(history))
        if guess not in cands:
            probes += 1
            assert all(_worst(guess, cands) <= _worst(c, cands) for c in cands)
    assert probes >= 5


def _sizes(word: str, cands: list[str]) -> np.ndarray:
    """How many candidates fall in each colouring of `word` (the slow `score`, as the oracle)."""
    return np.array(list(Counter(score(word, c) for c in cands).values()))


def _worst(word: str, cands: list[str]) -> int:
    return int(_sizes(word, cands).max())


def test_minimax_minimises_the_worst_case() -> None:
    s = solver("minimax")
    history = (Turn("salet", "XXXXX"),)
    cands = s.candidates(history)
    guess = s.next_guess(GameState(history))

    for rival in ("crony", "round", "courd", "brond", "corny", "drink", cands[0]):
        assert _worst(guess, cands) <= _worst(rival, cands)


@pytest.mark.parametrize("n", [3, 17, 120, 700])
def test_compiled_and_numpy_splits_agree(n: int) -> None:
    s = solver("entropy")
    rng = np.random.default_rng(n)
    rows = np.arange(0, len(s.guesses), 7)
    cols = np.sort(rng.choice(len(s.answers), n, replace=False))
    weights = rng.random(n) if n == 17 else np.ones(n)
    weights /= weights.sum()
    fast = split_stats(s.matrix, rows, cols, weights)
    slow = split_stats_numpy(s.matrix, rows, cols, weights)
    for a, b in ((fast.entropy, slow.entropy), (fast.sum_sq, slow.sum_sq),
                 (fast.max_p, slow.max_p)):
        assert np.allclose(a, b)
    # And both against plain counting of the slow `score`, for a few rows.
    for r in rows[:20]:
        sizes = _sizes(s.guesses.words[r], [s.answers.words[c] for c in cols])
        if n != 17:
            assert fast.max_p[r // 7] * n == pytest.approx(sizes.max())
            p = sizes / n
            assert fast.entropy[r // 7] == pytest.approx(-(p * np.log2(p)).sum())


def test_entropy_picks_the_most_informative_guess() -> None:
    s = solver("entropy")
    history = (Turn("salet", "XXXXX"), Turn("brond", "XXYXX"))
    cands = s.candidates(history)
    guess = s.next_guess(GameState(history))

    def bits(word: str) -> float:
        p = _sizes(word, cands) / len(cands)
        return float(-(p * np.log2(p)).sum())

    best = max(bits(w) for w in ("crony", "round", "moody", "couch", "human", cands[0], cands[-1]))
    assert bits(guess) >= best - 1e-9


def test_candidates_match_slow_filter() -> None:
    s = solver("entropy")
    history = [Turn("crane", score("crane", "eerie")), Turn("lolly", score("lolly", "eerie"))]
    assert s.candidates(history) == filter_candidates(load_words("answers").words, history)
    # A word outside the guess list (played on another site) takes the slow path.
    history.append(Turn("xyzzy", score("xyzzy", "eerie")))
    assert "eerie" in s.candidates(history)


def test_no_word_fits_names_the_rows_without_a_fallback_list() -> None:
    s = make_solver(SolverConfig(strategy="entropy", start="salet", fallback=None))
    with pytest.raises(AutobotError, match="SALET GGGGX, CRANE XXXXX"):
        s.candidates([Turn("salet", "GGGGX"), Turn("crane", "XXXXX")])
    # With the fallback list (the default) the same rows are a note, not an error.
    fit = solver("entropy").fit([Turn("salet", "GGGGX"), Turn("crane", "XXXXX")])
    assert fit.inconsistent and fit.words and "inconsistent feedback" in (fit.note or "")


def test_banned_words_are_never_proposed() -> None:
    s = solver("entropy", start=None)
    opener = s.next_guess(GameState())
    other = s.next_guess(GameState(banned=frozenset({opener})))
    assert other != opener
    history = (Turn("salet", score("salet", "cigar")),)
    first = s.next_guess(GameState(history))
    assert s.next_guess(GameState(history, banned=frozenset({first}))) != first
    # The forced opener steps aside too.
    assert solver("entropy").next_guess(GameState(banned=frozenset({"salet"}))) != "salet"


def test_two_candidates_guess_one_of_them() -> None:
    s = solver("entropy")
    history = (Turn("salet", score("salet", "watch")), Turn("crony", score("crony", "watch")))
    cands = s.candidates(history)
    if len(cands) <= 2:
        assert s.next_guess(GameState(history)) in cands


def test_unknown_strategy_and_bad_start() -> None:
    with pytest.raises(AutobotError, match="unknown strategy"):
        make_solver(SolverConfig(strategy="magic"))
    with pytest.raises(AutobotError, match="start word 'qqqqq'"):
        make_solver(SolverConfig(start="qqqqq"))


def test_default_strategy_uses_a_tree_or_entropy() -> None:
    s = make_solver(SolverConfig())
    assert s.strategy_name in ("optimal", "entropy")
    for answer in SAMPLE[:10]:
        game = play(s, answer)
        assert game.solved and len(game.guesses) <= 6
    # An opener no tree was built for falls back to entropy.
    assert make_solver(SolverConfig(start="qajaq")).strategy_name == "entropy"


def test_frequency_prior_prefers_common_words() -> None:
    prior = frequency_prior(["about", "house", "aahed", "xylyl"])
    assert prior.sum() == pytest.approx(1.0)
    assert prior[0] > 100 * prior[2] and prior[1] > 100 * prior[3]
    assert (prior > 0).all()  # rare words stay possible


def test_nyt_answers_are_all_14855_words_weighted() -> None:
    s = make_solver(SolverConfig(strategy="entropy", answers="nyt", start="salet"))
    assert len(s.candidates([])) == 14855 and len(s.guesses) == 14855
    assert s.weights.sum() == pytest.approx(1.0)
    assert s.weights[s.answer_index["house"]] > s.weights[s.answer_index["aahed"]]
    # A word outside the original answers can be found.
    game = play(s, "aahed")
    assert game.solved


def test_all_candidates_banned_goes_on_past_the_list() -> None:
    s = solver("entropy")
    history = tuple(Turn(g, score(g, "cigar")) for g in ("salet", "brond", "chair"))
    cands = s.candidates(history)
    assert cands == ["cigar"]
    decision = s.decide(GameState(history, banned=frozenset(cands)))
    assert decision.guess != "cigar" and decision.notes
    assert "no word in the answers list fits" in decision.notes[0]


def test_no_fitting_word_without_a_fallback_says_no_words() -> None:
    """A page whose answer is off every list the solver has: the game's record says why."""
    from autobot.loop.result import reason_code

    # Portuguese: the list's name, "pt", does not say "answer" (it read as bad input).
    s = make_solver(SolverConfig(strategy="entropy", lang="pt", fallback=None))
    history = (Turn("serao", "XXXXX"), Turn("sobre", "GXXXX"))
    with pytest.raises(AutobotError, match="no word in the pt list fits") as caught:
        s.fit(history)
    assert reason_code(False, None, caught.value) == "no_words"
