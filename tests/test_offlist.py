"""Past the answers list: off-list answers, inconsistent pages, refused words (real lists)."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import numpy as np
import pytest

from autobot.rules import Turn, hard_mode_violation, score, score_lenient
from autobot.scoring import score_anywhere
from autobot.solver import GameState, Solver, SolverConfig, frequency_prior, make_solver, play
from autobot.words import load_words


@cache
def solver(hard: bool = False, strategy: str = "default") -> Solver:
    return make_solver(SolverConfig(hard=hard, strategy=strategy))


@cache
def off_list() -> list[str]:
    """The real NYT answers the original list lacks (25 of them)."""
    answers = set(load_words("answers").words)
    return [w for w in load_words("nyt-past").words if w not in answers]


def play_page(s: Solver, answer: str, rule=score, hard: bool = False, rows: int = 12) -> list[str]:
    """A game against a page colouring by `rule`; the guesses (the last is the answer if won)."""
    history: tuple[Turn, ...] = ()
    guesses: list[str] = []
    while len(guesses) < rows:
        guess = s.next_guess(GameState(history, hard=hard))
        guesses.append(guess)
        if guess == answer:
            break
        history += (Turn(guess, rule(guess, answer)),)
    return guesses


def test_the_25_off_list_answers_are_the_known_ones() -> None:
    assert len(off_list()) == 25
    assert {"atlas", "kazoo", "snafu", "guano", "tizzy"} <= set(off_list())


@pytest.mark.parametrize("hard", [False, True])
def test_every_off_list_answer_is_found(hard: bool) -> None:
    s = solver(hard)
    lengths = []
    for answer in off_list():
        game = play(s, answer, hard=hard)
        assert game.solved, (answer, game.guesses)
        assert game.notes and "no word in the answers list fits" in game.notes[0]
        lengths.append(len(game.guesses))
        if hard:
            for i, guess in enumerate(game.guesses):
                rows = [Turn(g, score(g, answer)) for g in game.guesses[:i]]
                assert hard_mode_violation(guess, rows) is None, (answer, game.guesses)
    # Hard mode's tree spends six rows on BOXER's ?O?ER family; GOFER then takes eight there.
    assert np.mean(lengths) <= 4.3 and max(lengths) <= (8 if hard else 6), lengths


def test_the_tree_hands_over_when_its_answers_run_out() -> None:
    s = solver()
    assert s.strategy_name == "optimal"
    history = (Turn("salet", score("salet", "kazoo")),)
    fit = s.fit(history)
    assert fit.level == "answers"  # SALET alone leaves original answers
    game = play(s, "kazoo")
    rows = tuple(Turn(g, score(g, "kazoo")) for g in game.guesses[:-1])
    assert s.fit(rows).level == "fits" and "kazoo" in s.candidates(rows)
    assert s.is_allowed("kazoo") and s.is_allowed("aahed")  # NYT words the page would take


def test_on_list_games_cost_the_same_as_without_the_fallback() -> None:
    # Knowing the words the list lacks only reorders guesses that are equally good over the list:
    # every answer of it is still found, with the same guesses in all and the same histogram.
    plain = make_solver(SolverConfig(fallback=None))
    answers = load_words("answers").words
    with_fallback = Counter(len(play(solver(), a).guesses) for a in answers)
    without = Counter(len(play(plain, a).guesses) for a in answers)
    assert with_fallback == without and max(with_fallback) <= 5


def test_a_lenient_page_is_still_won() -> None:
    # A page that colours every repeated letter yellow: Wordle's rule finds no word.
    s = solver()
    doubled = [w for w in load_words("answers").words if len(set(w)) < 5]
    won = notes = 0
    for answer in random.Random(11).sample(doubled, 40):
        guesses = play_page(s, answer, rule=score_lenient)
        won += guesses[-1] == answer and len(guesses) <= 6
        history = tuple(Turn(g, score_lenient(g, answer)) for g in guesses[:-1])
        fit = s.fit(history)
        assert answer in fit.words, (answer, guesses, fit.level)
        notes += fit.inconsistent
    assert won >= 38


def test_lenient_rows_are_explained_leniently() -> None:
    # GEESE on a page that does not count copies, answer ABBEY: both spare-less Es yellow.
    rows = tuple(Turn(g, score_lenient(g, "abbey")) for g in ("salet", "geese"))
    assert rows[1].marks == "XYYXY"
    fit = solver().fit(rows)
    assert fit.level == "lenient" and "abbey" in fit.words
    assert "repeated letters read leniently" in (fit.note or "")
    guesses = play_page(solver(), "abbey", rule=score_lenient)
    assert guesses[-1] == "abbey" and len(guesses) <= 6


def test_rows_coloured_anywhere_are_explained_by_that_rule() -> None:
    # GEESE on a page whose yellow means "somewhere in the word" (absurdle.cat), answer PROSE:
    # its one E is green at the end, yet both other Es are yellow; no count-based rule gives
    # that, the "anywhere" rule does (autobot.scoring).
    rows = tuple(Turn(g, score_anywhere(g, "prose")) for g in ("salet", "geese"))
    assert rows[1].marks == "XYYGG" != score_lenient("geese", "prose")
    fit = solver().fit(rows)
    assert fit.level == "lenient" and "prose" in fit.words


def test_inconsistent_rows_never_raise_while_words_exist() -> None:
    rng = random.Random(3)
    nyt = load_words("nyt").words
    for hard in (False, True):
        s = solver(hard)
        for _ in range(40):
            history = tuple(
                Turn(rng.choice(nyt), "".join(rng.choice("XYG") for _ in range(5)))
                for _ in range(rng.randrange(1, 5))
            )
            banned = frozenset(rng.sample(nyt, 3))
            decision = s.decide(GameState(history, hard=hard, banned=banned))
            assert decision.guess not in banned and decision.guess in s.offlist.lexicon.index
            fit = s.fit(history, banned)
            if fit.inconsistent:
                assert any("inconsistent feedback" in n for n in decision.notes)
                assert "closest words" in (fit.note or "")


def test_fewest_contradicted_tiles_is_the_last_resort() -> None:
    s = solver()
    # SALET all green but then CRANE all grey: no rule explains both.
    rows = [Turn("salet", "GGGGX"), Turn("crane", "XXXXX")]
    fit = s.fit(rows)
    assert fit.level == "closest"

    def wrong(word: str) -> int:  # the slow count, per row the kinder of the two rules
        return sum(
            min(sum(a != b for a, b in zip(rule(t.guess, word), t.marks, strict=True))
                for rule in (score, score_lenient))
            for t in rows
        )

    counts = {w: wrong(w) for w in load_words("nyt").words if w not in ("salet", "crane")}
    best = min(counts.values())
    assert sorted(fit.words) == sorted(w for w, n in counts.items() if n == best)


@pytest.mark.parametrize("strategy", ["default", "entropy", "frequency"])
def test_refused_words_are_never_proposed_again(strategy: str) -> None:
    # Refuse every proposal in turn: the tree, the strategy, then the fallback list take over.
    s = solver(strategy=strategy)
    for answer, probes in (("cigar", ("salet", "brond", "chair")), ("snafu", ("salet",))):
        history = tuple(Turn(g, score(g, answer)) for g in probes)
        banned: set[str] = set()
        for _ in range(12):
            guess = s.next_guess(GameState(history, banned=frozenset(banned)))
            assert guess not in banned
            banned.add(guess)
    # CIGAR was the list's only word left: refused, the fallback list took over.
    cigar_rows = tuple(Turn(g, score(g, "cigar")) for g in ("salet", "brond", "chair"))
    assert s.fit(cigar_rows, frozenset({"cigar"})).level == "fits"


def test_each_refusal_tilts_the_prior_to_common_words() -> None:
    words = ["house", "bathe", "aahed"]
    before, after, twice = (frequency_prior(words, refusals=n) for n in (0, 1, 2))
    assert before[0] / before[1] < after[0] / after[1] < twice[0] / twice[1]
    assert before[1] / before[2] < after[1] / after[2]
    # In a game: the fallback list's prior and the all-words solver's weights follow the bans.
    off = solver().offlist
    i, j = off.lexicon.index["house"], off.lexicon.index["kazoo"]
    assert off.prior(0)[i] / off.prior(0)[j] < off.prior(1)[i] / off.prior(1)[j]
    nyt = make_solver(SolverConfig(strategy="entropy", answers="nyt", start="salet"))
    plain = nyt.weights_for(GameState())
    tilted = nyt.weights_for(GameState(banned=frozenset({"xylyl"})))
    k, m = nyt.answer_index["house"], nyt.answer_index["kazoo"]
    assert plain[k] / plain[m] < tilted[k] / tilted[m]


def test_dictionary_words_are_likelier_answers() -> None:
    # GOMER (a name) is commoner in text than GOFER, but only GOFER is a dictionary word.
    prior = frequency_prior(["gomer", "gofer"])
    assert prior[1] > prior[0]
    plain = frequency_prior(["gomer", "gofer"], dictionary=frozenset({"gomer", "gofer"}))
    assert plain[0] > plain[1]
    # Another language's table (no dictionary given) is frequency alone.
    assert frequency_prior(["gomer", "gofer"], zipf={"gomer": 2.3, "gofer": 1.7})[0] > 0.5


def test_a_refusal_changes_the_fallback_guess_toward_common_words() -> None:
    s = solver()
    history = tuple(Turn(g, score(g, "gofer")) for g in ("salet", "rownd", "chevy", "poker"))
    zipf = s.offlist.zipf
    idx = s.offlist.lexicon.index
    plain = s.decide(GameState(history)).guess
    refused = s.decide(GameState(history, banned=frozenset({"qajaq", "xylyl", "zzzzz"})))
    assert zipf[idx[refused.guess]] >= zipf[idx[plain]]


def test_hard_mode_relaxes_legality_only_when_nothing_legal_fits() -> None:
    s = solver(hard=True)
    rows = (Turn("salet", "GGGGX"), Turn("crane", "XXXXX"))
    decision = s.decide(GameState(rows, hard=True))
    assert decision.notes and "inconsistent" in decision.notes[0]
    banned: set[str] = set()  # legality relaxed, refusals still hold
    for _ in range(8):
        guess = s.next_guess(GameState(rows, hard=True, banned=frozenset(banned)))
        assert guess not in banned
        banned.add(guess)
    # Off-list but consistent rows: the guess stays legal.
    for answer in ("kazoo", "snafu"):
        history = (Turn("salet", score("salet", answer)), Turn("brond", score("brond", answer)))
        guess = s.next_guess(GameState(history, hard=True))
        assert hard_mode_violation(guess, history) is None


@pytest.mark.parametrize("lenient", [False, True])
def test_compiled_codes_match_the_slow_rules(lenient: bool) -> None:
    from autobot.solver.patterns import reference_matrix

    nyt = load_words("nyt").words
    doubled = [w for w in nyt if len(set(w)) <= 3][:60]
    words = doubled + random.Random(9).sample(nyt, 60)
    off = solver().offlist
    letters = off.lexicon.letters[off.lexicon.rows_of(words)]
    slow = reference_matrix(words, words, lenient)
    assert (off._code_block(letters, letters, lenient) == slow).all()
    assert off.lexicon.decode(letters) == words
    # One row against the whole list, as the fallback asks for it; a guess with a letter no
    # word has (a German page read by the English solver) is just grey there.
    for guess in ("geese", "hölle"):
        row = off.codes(guess, lenient)
        assert (row[::97] == reference_matrix([guess], nyt[::97], lenient)[0]).all()


def test_a_lexicon_takes_any_alphabet() -> None:
    from autobot.solver.lexicon import Lexicon

    lex = Lexicon(["hölle", "größe", "crane"])
    assert set("öß") <= set(lex.alphabet) and lex.decode(lex.letters) == list(lex.words)
    rows = (Turn("hölle", score("hölle", "größe")),)
    assert lex.legal_mask(rows, hard=True).tolist() == [True, True, False]  # Ö and the E
    # The fallback over such a list: fit and choose with letters past z.
    from autobot.solver import OffList

    words = ["hölle", "höhle", "größe", "grüße", "küche", "bäche", "säure", "crane", "lösen"]
    off = OffList(Lexicon(words), np.zeros(len(words)), "de")
    rows = (Turn("hölle", score("hölle", "höhle")),)
    found, level = off.fit(rows, frozenset())
    assert level == "fits" and [words[i] for i in found] == ["höhle"]
    cols = np.arange(len(words))
    assert off.choose(cols, np.full(len(words), 1 / len(words)), np.ones(len(words), bool)) in words
