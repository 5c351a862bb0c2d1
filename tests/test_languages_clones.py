"""Non-English clones won by `autobot play --url ... --lang CODE` in real Chromium.

wordle-global /de/ (German, answer GNADE fixed when it was rendered) and letreco (Portuguese,
date pinned to 2024-05-01: FOBIA). The words a page refused are printed (`pytest -s`) and
bounded: a guess the page does not know costs no row, but each one costs typing time.
"""

from __future__ import annotations

import pytest
from conftest import DATE_SHIM, play_clone

pytestmark = pytest.mark.browser

# wordle-global /de/ accepts only 2,276 base forms (no inflections, no plurals); our German list
# also has inflected forms, until the first refusal switches the solver to base forms only.
MAX_REFUSED = 2


def test_wordle_global_german_is_won(tmp_path, capsys) -> None:
    record = play_clone("wordle-global", tmp_path, "--lang", "de", path="de/")
    err = capsys.readouterr().err.strip()
    print(f"wordle-global /de/: {len(record['rejected'])} refused: {record['rejected']}")
    assert record["exit"] == 0 and record["won"], (record, err)
    assert record["guesses"][-1] == "gnade"
    assert len(record["rejected"]) <= MAX_REFUSED


# letreco's one other look: its colour-blind setting (blue correct, vermillion present, near-black
# absent, rounded tiles), kept in localStorage before the page's scripts read it.
LETRECO_LOOKS = {
    "standard": "",
    "colour-blind": "localStorage.setItem('globalSettings', '{\"isColorblindModeActive\":true}');",
}


@pytest.mark.parametrize("look", sorted(LETRECO_LOOKS))
def test_letreco_portuguese_is_won(tmp_path, capsys, look: str) -> None:
    record = play_clone("letreco", tmp_path, "--lang", "pt",
                        init=DATE_SHIM.format(day="2024-05-01") + LETRECO_LOOKS[look])
    err = capsys.readouterr().err.strip()
    print(f"letreco ({look}): {len(record['rejected'])} refused: {record['rejected']}")
    assert record["exit"] == 0 and record["won"], (record, err)
    assert record["guesses"][-1] == "fobia"
    assert len(record["rejected"]) <= MAX_REFUSED


def test_wordle_global_german_is_won_without_lang(tmp_path, capsys) -> None:
    """No --lang: the keyboard's Ä Ö Ü ß keys name German before the first guess."""
    record = play_clone("wordle-global", tmp_path, path="de/")
    out = capsys.readouterr().out
    assert record["exit"] == 0 and record["won"], (record, out)
    assert record["guesses"][-1] == "gnade" and record["lang"] == "de"
    assert "playing in German (the page's keyboard has Ä Ö Ü ß)" in out
    assert len(record["rejected"]) <= MAX_REFUSED


def test_letreco_is_won_without_lang(tmp_path, capsys) -> None:
    """No --lang, a plain A-Z keyboard: the page refuses English words, then scores the first
    opener of a language it knows (Portuguese), and the game goes on in it."""
    record = play_clone("letreco", tmp_path, init=DATE_SHIM.format(day="2024-05-01"))
    out = capsys.readouterr().out
    print(f"letreco without --lang: refused {record['rejected']}")
    assert record["exit"] == 0 and record["won"], (record, out)
    assert record["guesses"][-1] == "fobia" and record["lang"] == "pt"
    assert "playing in Portuguese" in out
    # The English words it refused, then the openers of languages before Portuguese.
    assert len(record["rejected"]) <= 3 + 2 + MAX_REFUSED


def test_an_english_page_stays_english_without_lang(tmp_path) -> None:
    record = play_clone("wordle-global", tmp_path)
    assert record["exit"] == 0 and record["won"] and record["lang"] == "en", record


# lingle's one board at `/` on 2024-07-15: CERVA, a word of the page's own vocabulary that our
# Portuguese list lacks (wordfreq has it, no spelling dictionary does). The one-board mode reads
# the same answers-by-date.json ("lingle" key, ../shared/clones/README.md).
LINGLE_OWN_WORD_DAY = "2024-07-15"


def test_lingle_answer_past_our_list_is_won(tmp_path, capsys) -> None:
    """Once no word of pt.txt fits the colours, the fallback words are the candidates (it
    stopped with `no_words` before)."""
    import json

    from conftest import require_clone

    table = json.loads((require_clone("lingle-quad") / "answers-by-date.json").read_text())
    assert table[LINGLE_OWN_WORD_DAY]["lingle"] == ["cerva"]
    record = play_clone("lingle-quad", tmp_path, "--lang", "pt", "--key-delay", "30",
                        init=DATE_SHIM.format(day=LINGLE_OWN_WORD_DAY))
    err = capsys.readouterr().err.strip()
    assert record["exit"] == 0 and record["won"], (record, err)
    assert record["guesses"][-1] == "cerva"
