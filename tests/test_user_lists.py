"""A user's own word list: stray lines skipped with one note, any alphabet's letters kept, and
only a list with nothing playable refused (one line, exit 2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from autobot.app.options import user_game
from autobot.app.request import GameChoice, ListChoice
from autobot.cli import main
from autobot.errors import AutobotError
from autobot.words import list_entries, load_words, playable_words, usual_length


def _args(answers: Path, guesses: Path | None = None, length: int | None = None,
          game: str = "wordle") -> tuple[GameChoice, ListChoice]:
    return (GameChoice(name=game, length=length, lang=None),
            ListChoice(answers=str(answers), guesses=str(guesses) if guesses else None))


def test_a_stray_line_is_skipped_and_said_once(tmp_path: Path, capsys) -> None:
    names = tmp_path / "names6.txt"
    names.write_text("aabbee\nmorgan\nnuhaundefinedundefined\nstacey\nmorgan\n")
    game = user_game(*_args(names, names))
    assert game.length == 6 and game.answers == ("aabbee", "morgan", "stacey")
    err = capsys.readouterr().err.strip().splitlines()
    notes = [line for line in err if "skipped" in line]
    # One line for the file given as both lists, naming the count and an example.
    assert len(notes) == 1 and "skipped 1 line" in notes[0]
    assert "nuhaundefinedundefined" in notes[0] and "--answers/--guesses" in notes[0]
    other = tmp_path / "other.txt"
    other.write_text("aabbee\nal·lex\n")
    user_game(*_args(names, other))
    notes = [line for line in capsys.readouterr().err.splitlines() if "skipped" in line]
    assert len(notes) == 1 and "--answers" in notes[0] and "--guesses" in notes[0]


def test_letters_beyond_a_to_z_are_words_and_a_middle_dot_is_not(tmp_path: Path) -> None:
    catalan = tmp_path / "ca.txt"
    # FAIÇO, LLANÇ (Ç), one decomposed Ç (C + combining cedilla), AL·LE (a middle dot), ÑANDÚ.
    catalan.write_text("FAIÇO\nllanç\nfaic\u0327o\nal·le\nñandú\n# a comment\n\n")
    game = user_game(*_args(catalan, catalan, game="absurdle"))
    assert game.length == 5 and game.adversarial
    assert game.answers == ("faiço", "llanç", "ñandú")
    assert "faiço" in game.guesses


def test_the_usual_length_wins_and_length_can_be_named(tmp_path: Path) -> None:
    entries = list_entries("crane\nslate\nbuzzer\nal·le\n\n# x\n")
    assert entries == ["crane", "slate", "buzzer", "al·le"]
    assert usual_length(entries) == 5
    found = playable_words(entries, 6)
    assert found.words == ("buzzer",) and found.skipped == 3 and found.example == "crane"
    listed = tmp_path / "l.txt"
    listed.write_text("\n".join(entries))
    assert user_game(*_args(listed, length=6)).answers == ("buzzer",)


def test_a_list_with_nothing_playable_is_bad_input(tmp_path: Path, capsys) -> None:
    junk = tmp_path / "junk.txt"
    junk.write_text("al·le\n12345\n---\n")
    with pytest.raises(AutobotError, match="no word"):
        user_game(*_args(junk))
    code = main(["play", "--answers", str(junk), "--url", "http://127.0.0.1:9/"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and "junk.txt" in err[0]
    short = tmp_path / "six.txt"
    short.write_text("aabbee\n")
    with pytest.raises(AutobotError, match="--length 5"):
        user_game(*_args(short, length=5))


def test_a_five_letter_list_file_skips_what_it_cannot_play(tmp_path: Path, capsys) -> None:
    listed = tmp_path / "five.txt"
    listed.write_text("crane\nslate\nundefined\n")
    words = load_words(str(listed))
    assert words.words == ("crane", "slate")
    assert "skipped 1 line" in capsys.readouterr().err
    empty = tmp_path / "none.txt"
    empty.write_text("undefined\n")
    with pytest.raises(AutobotError, match="no five-letter word"):
        load_words(str(empty))


def test_catalan_is_a_language_with_c_cedilla() -> None:
    from autobot.words.languages import detect_language, load_language

    catalan = load_language("ca")
    assert "Ç" in catalan.alphabet and "faiço" in catalan.allowed
    assert all(len(w) == 5 and "·" not in w for w in catalan.allowed.words)
    assert detect_language("FAIÇO") == "ca"  # the Ç key of a page's keyboard names it
