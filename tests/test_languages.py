"""Languages: the shipped word lists, ß as one letter, any alphabet in the matrix and solver."""

from __future__ import annotations

import json
from importlib import resources

import numpy as np
import pytest

from autobot.cli import main
from autobot.errors import AutobotError
from autobot.rules import Turn, score, upper_word
from autobot.solver import GameState, SolverConfig, make_solver, play
from autobot.solver.patterns import compute_matrix, reference_matrix
from autobot.words import load_words, parse_words
from autobot.words.languages import (
    ANSWER_ZIPF,
    LANGUAGES,
    SPECS,
    detect_language,
    load_language,
)
from autobot.words.make_languages import (
    dictionary_entries,
    dictionary_words,
    fold,
    language_table,
    restore_sharp_s,
)

OTHERS = [code for code in LANGUAGES if code != "en"]


def lowercase_letters(code: str) -> set[str]:
    return set(load_language(code).letters)


@pytest.mark.parametrize("code", OTHERS)
def test_each_language_ships_a_consistent_list(code: str) -> None:
    language = load_language(code)
    assert len(language.allowed) > 2500 and len(language.answers) > 1000
    assert set(language.answers.words) <= set(language.allowed.words)
    letters = lowercase_letters(code)
    assert all(len(w) == 5 and set(w) <= letters for w in language.allowed.words)
    assert set(language.zipf) == set(language.allowed.words)
    # Likely answers are exactly the frequent words: nothing rarer, nothing frequent left out.
    frequent = {w for w, z in language.zipf.items() if z >= ANSWER_ZIPF}
    assert set(language.answers.words) == frequent
    # The shipped text and JSON list the same words, sorted, as make_languages writes them.
    folder = resources.files("autobot.words").joinpath("lang")
    text = folder.joinpath(f"{code}.txt").read_text(encoding="utf-8")
    table = json.loads(folder.joinpath(f"{code}_freq.json").read_text(encoding="utf-8"))
    assert text.split() == sorted(table) == list(language.allowed.words)


def test_english_is_the_nyt_lists() -> None:
    english = load_language("en")
    assert english.allowed == load_words("nyt")
    assert english.answers == load_words("answers")
    assert english.zipf["crane"] > 3 and english.alphabet == "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def test_german_keeps_umlauts_and_sharp_s_portuguese_folds_spanish_keeps_enye() -> None:
    german = load_language("de")
    for word in ("gnade", "größe", "grüße", "außen", "mädel"):
        assert word in german.allowed.words, word
    assert "masse" in german.allowed.words  # 'ss' words the dictionary knows stay 'ss'
    assert {"ä", "ö", "ü", "ß"} <= set("".join(german.allowed.words))
    portuguese = load_language("pt")
    assert {"fobia", "tempo", "fatia", "plano"} <= set(portuguese.allowed.words)
    assert "".join(portuguese.allowed.words).isascii()
    spanish = load_language("es")
    assert any("ñ" in w for w in spanish.allowed.words)
    assert not set("áéíóú") & set("".join(spanish.allowed.words))


def test_unknown_language_is_one_line_listing_the_codes() -> None:
    with pytest.raises(AutobotError) as info:
        load_language("xx")
    assert info.value.exit_code == 2
    message = str(info.value)
    assert "\n" not in message and all(code in message for code in LANGUAGES)


def test_upper_word_keeps_sharp_s_one_letter() -> None:
    assert "größe".upper() == "GRÖSSE"  # why the helper exists
    assert upper_word("größe") == "GRÖẞE" and len(upper_word("größe")) == 5
    assert upper_word("GRÖẞE").lower() == "größe"
    assert upper_word("crane") == "CRANE"


def test_detect_language_names_one_only_from_letters_of_its_own() -> None:
    assert detect_language("GNÄDE") == "de"
    assert detect_language(["G", "R", "Ö", "ẞ", "E"]) == "de"
    assert detect_language("größe") == "de"
    assert detect_language("AÑOSX") == "es"
    assert detect_language("CRANE") is None  # A-Z fits every language
    assert detect_language("") is None
    assert detect_language("ÄÑ") is None  # no language has both
    assert detect_language("A?C") is None


def test_every_language_alphabet_is_uppercase_and_distinct() -> None:
    for spec in SPECS:
        assert spec.alphabet == upper_word(spec.alphabet.lower())
        assert len(set(spec.alphabet)) == len(spec.alphabet)


def test_parse_words_accepts_the_given_alphabet_only() -> None:
    with pytest.raises(AutobotError):
        parse_words("größe\n", "x")
    assert parse_words("GRÖẞE\ngnade\n", "x", "abcdefghijklmnopqrstuvwxyzäöüß") == (
        "größe", "gnade")


def test_matrix_on_non_ascii_words_matches_the_slow_reference() -> None:
    german = load_language("de").allowed.words
    special = [w for w in german if set(w) & set("äöüß")][:60]
    words = tuple(special + list(german[::97]))
    assert np.array_equal(compute_matrix(words, words), reference_matrix(words, words))
    assert score("größe", "grüße") == "GGXGG"


def test_fold_drops_accents_outside_the_alphabet() -> None:
    assert fold("pão", "abcdefghijklmnopqrstuvwxyz") == "pao"
    assert fold("Año", "abcdefghijklmnopqrstuvwxyzñ") == "año"
    assert fold("Größe", "abcdefghijklmnopqrstuvwxyzäöüß") == "größe"
    assert fold("ﬁne", "abcdefghijklmnopqrstuvwxyz") is None  # a ligature is not a letter
    assert fold("日本", "abcdefghijklmnopqrstuvwxyz") is None


def test_dictionary_words_drop_names_unless_nouns_are_capitalised() -> None:
    lines = ["Paris", "casa", "Haus", ""]
    assert dictionary_words(lines, "abcdefghijklmnopqrstuvwxyz", False) == {"casa"}
    assert dictionary_words(lines, "abcdefghijklmnopqrstuvwxyz", True) == {"paris", "casa", "haus"}


def test_sharp_s_is_restored_only_where_the_dictionary_spells_it() -> None:
    zipf: dict[str, float] = {}
    six = {"grösse": 4.8, "masse": 4.0, "wasser": 5.0, "strasse": 5.2}
    restore_sharp_s(zipf, {w: z for w, z in six.items() if len(w) == 6},
                    {"größe", "masse", "wasser", "waßer"})
    assert zipf == {"größe": 4.8}  # 'wasser' is itself a word: no 'waßer'


def test_language_table_pools_spellings_that_fold_alike() -> None:
    spec = next(s for s in SPECS if s.code == "pt")
    table = language_table(spec, [("avião", 3.0), ("aviao", 3.0), ("casas", 2.0), ("xyzzy", 5.0)],
                           {"aviao", "casas"})
    assert table == {"aviao": 3.3, "casas": 2.0}  # 2 x 10**3 per billion -> Zipf 3.3


@pytest.mark.parametrize(("code", "answer"), [("de", "größe"), ("de", "gnade"), ("pt", "fobia"),
                                               ("es", "sueño"), ("fr", "monde")])
def test_solver_wins_in_any_language(code: str, answer: str) -> None:
    solver = make_solver(SolverConfig(lang=code))
    assert answer in solver.answer_index
    game = play(solver, answer)
    assert game.solved and len(game.guesses) <= 6


def test_hard_mode_keeps_umlauts_and_sharp_s() -> None:
    solver = make_solver(SolverConfig(lang="de", hard=True))
    history = (Turn("große", score("große", "größe")),)  # G R _ ẞ E green, O absent
    guess = solver.next_guess(GameState(history=history, hard=True))
    assert guess == "größe"
    mask = solver.legal_mask(GameState(history=history, hard=True))
    legal = [w for w, ok in zip(solver.guesses.words, mask, strict=True) if ok]
    assert legal and all(w[0] == "g" and w[3] == "ß" for w in legal)


@pytest.mark.parametrize("command", ["solve", "bench", "play", "live", "replay"])
def test_unknown_lang_on_the_command_line_is_one_line_exit_2(command: str, capsys) -> None:
    extra = ["fixtures"] if command == "replay" else []
    assert main([command, "--lang", "xx", *extra]) == 2
    err = capsys.readouterr().err.strip()
    assert "unknown language 'xx'" in err and "\n" not in err
    assert all(code in err for code in LANGUAGES)


def test_solve_prints_sharp_s_as_one_tile(capsys) -> None:
    assert main(["solve", "--lang", "de", "--answer", "größe"]) == 0
    out = capsys.readouterr().out
    assert "GRÖẞE  GGGGG" in out


def test_bench_plays_the_languages_own_answers(tmp_path, capsys) -> None:
    out = tmp_path / "pt.json"
    assert main(["bench", "--lang", "pt", "--sample", "40", "--quiet", "--json", str(out)]) == 0
    record = json.loads(out.read_text())
    assert "mean" in capsys.readouterr().out
    portuguese = load_language("pt")
    played = [game["answer"] for game in record["runs"][0]["records"]]
    assert len(played) == 40 and set(played) <= set(portuguese.answers.words)


def test_hunspell_dic_entries_are_the_stems_before_flags_and_morphology() -> None:
    lines = ["3", "casa/SX", "/ a comment", "tchau\tpo:interj", "xampu", ""]
    assert dictionary_entries(lines, "usr/share/hunspell/pt_BR.dic") == ["casa", "tchau", "xampu"]
    assert dictionary_entries(["casa", "casas"], "usr/share/dict/brazilian") == ["casa", "casas"]


def test_base_forms_are_allowed_words_and_english_has_none() -> None:
    assert load_language("en").base == frozenset()
    for code in OTHERS:
        language = load_language(code)
        assert 1000 < len(language.base) < len(language.allowed)
        assert language.base <= set(language.allowed.words)
    german = load_language("de")
    assert {"gnade", "größe", "haben"} <= german.base and "einer" not in german.base


def test_after_an_inflected_word_is_refused_only_base_forms_are_played() -> None:
    solver = make_solver(SolverConfig(lang="de"))
    german = load_language("de")
    opener = solver.next_guess(GameState())
    inflected = opener if opener not in german.base else "einer"
    state = GameState(banned=frozenset({inflected}))
    guess = solver.next_guess(state)
    assert guess in german.base
    history = (Turn(guess, score(guess, "gnade")),)
    assert solver.next_guess(GameState(history=history, banned=state.banned)) in german.base
    # A refused base form says nothing about inflections: they stay playable.
    assert solver._base_forms_only(GameState(banned=frozenset({"gnade"})), ["einer"]).banned == {
        "gnade"}


def test_an_inflected_answer_is_still_found_after_the_switch_to_base_forms() -> None:
    solver = make_solver(SolverConfig(lang="de"))
    german = load_language("de")
    answer = "einer"  # inflected: when it is the only word left it must still be guessed
    assert answer not in german.base
    banned = frozenset({next(w for w in german.allowed.words if w not in german.base
                             and w != answer)})
    history: tuple[Turn, ...] = ()
    for _ in range(8):
        guess = solver.next_guess(GameState(history=history, banned=banned))
        history += (Turn(guess, score(guess, answer)),)
        if guess == answer:
            break
    assert history[-1].guess == answer
