"""A page's own vocabulary: a language's fallback words (lang/CODE_more.txt), played only when
no word of the main list fits a board's colours (the `no_words` stop before)."""

from __future__ import annotations

import pytest

from autobot.multiboard import MultiSolver
from autobot.multiboard.game import play as play_boards
from autobot.solver import SolverConfig, make_solver, play
from autobot.words.languages import LANGUAGES, load_fallback, load_language
from autobot.words.make_languages import five_letter_zipf, language_table, more_words

OTHERS = [code for code in LANGUAGES if code != "en"]
# Real lingle answers our Portuguese list lacks (its 2024 Duo/Quad/Octo/Dec games were lost
# on them): wordfreq has them, no spelling dictionary does.
LINGLE_ONLY = ("trois", "cisto", "cotia", "rinha")


@pytest.mark.parametrize("code", OTHERS)
def test_each_language_ships_a_fallback_past_its_list(code: str) -> None:
    language = load_language(code)
    more = load_fallback(code)
    words = more.words.words
    assert len(words) > 1000 and list(words) == sorted(set(words))
    assert all(len(w) == 5 and set(w) <= set(language.letters) for w in words)
    assert not set(words) & set(language.allowed.words)
    # every one is wordfreq's (a word only a dictionary has is not shipped)
    assert set(more.zipf) == set(words) and all(z > 0 for z in more.zipf.values())


def test_the_fallback_is_wordfreqs_words_no_dictionary_has() -> None:
    from autobot.words.languages import spec

    pt = spec("pt")
    wordlist = [("avião", 3.0), ("casas", 2.0), ("cotia", 3.3), ("ab", 4.0)]
    spelling = {"aviao", "casas", "xisto", "sobremesa"}
    everyday = five_letter_zipf(pt, wordlist, spelling)
    table = language_table(pt, wordlist, spelling)
    assert table == {"aviao": 3.0, "casas": 2.0}
    words, zipf = more_words(spelling, everyday, table)
    assert words == ["cotia"]  # xisto, only a dictionary's, is not shipped
    assert zipf == {"cotia": 3.3}


def test_lingle_answers_are_fallback_words() -> None:
    pt = load_language("pt")
    more = set(load_fallback("pt").words.words)
    for word in LINGLE_ONLY:
        assert word not in pt.allowed.words and word in more, word


@pytest.mark.parametrize("answer", LINGLE_ONLY)
def test_one_board_answer_only_in_the_fallback_is_won(answer: str) -> None:
    game = play(make_solver(SolverConfig(strategy="entropy", lang="pt")), answer, limit=6)
    assert game.solved, game.guesses
    assert any("no word in the pt list fits" in n for n in game.notes), game.notes


def test_without_a_fallback_the_same_game_stops() -> None:
    from autobot.errors import AutobotError

    solver = make_solver(SolverConfig(strategy="entropy", lang="pt", fallback=None))
    with pytest.raises(AutobotError, match="no word in the pt list fits"):
        play(solver, "cisto", limit=6)


@pytest.mark.parametrize("answers", [("pareo", "trois"), ("cisto", "pouco"),
                                     ("exato", "cisto", "devam", "medio")])
def test_boards_whose_answer_is_only_in_the_fallback_are_won(answers: tuple[str, ...]) -> None:
    game = play_boards(MultiSolver("joint", lang="pt"), answers)
    assert game.won, game.guesses
    assert set(answers) <= set(game.guesses)


@pytest.mark.parametrize("answer", ["pouco", "farra", "fobia"])
def test_an_answer_of_the_main_list_never_looks_at_the_fallback(answer: str) -> None:
    """Same guesses as a solver that has no fallback, and the fallback never built."""
    solver = make_solver(SolverConfig(strategy="entropy", lang="pt"))
    game = play(solver, answer, limit=6)
    plain = play(make_solver(SolverConfig(strategy="entropy", lang="pt", fallback=None)),
                 answer, limit=6)
    assert game.solved and game.guesses == plain.guesses and not game.notes
    assert solver._offlist is None


def test_boards_of_the_main_list_never_look_at_the_fallback() -> None:
    answers = ("nobel", "vivam", "irado", "piora")
    solver = MultiSolver("joint", lang="pt")
    game = play_boards(solver, answers)
    assert game.won
    assert solver.single._offlist is None
