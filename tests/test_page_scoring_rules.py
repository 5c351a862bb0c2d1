"""A page that colours repeated letters its own way, played in real Chromium: the bundled page's
`scoring=anywhere` (absurdle.cat's rule) and absurdle.cat itself with its own Catalan words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import play_clone, require_clone

from autobot.cli import main


def test_a_page_colouring_repeated_letters_anywhere_is_won(chromium: None, base: str,
                                                           tmp_path: Path) -> None:
    # BUZZER at six letters: read with Wordle's rule alone, BREWER's and BUTTER's rows point
    # to other words and the game is lost in seven rows; with the rule learned from the rows
    # (BREWER's colours are impossible under Wordle's), it is won.
    out = tmp_path / "game.json"
    query = "answer=buzzer&length=6&scoring=anywhere&stats=0&anim=0"
    code = main(["play", "--url", f"{base}?{query}", "--json", str(out)])
    record = json.loads(out.read_text())
    assert code == 0 and record["won"], record
    assert record["guesses"][-1] == "buzzer" and len(record["guesses"]) <= 7


@pytest.mark.slow
def test_absurdle_cat_is_won_with_its_own_words_typing_c_cedilla(chromium: None,
                                                                 tmp_path: Path) -> None:
    """absurdle.cat (../shared/clones): a one-row board over a ten-key keyboard, yellow for a
    letter anywhere in the word, the winning word left typed under the won row; the page's own
    list (Ç, and one line with a middle dot) as the user's lists, FAIÇO typed first."""
    folder = require_clone("absurdle-cat")
    words = json.loads((folder / "answers.json").read_text(encoding="utf-8"))["words"]
    listed = tmp_path / "ca.txt"
    listed.write_text("\n".join(words) + "\n", encoding="utf-8")
    record = play_clone("absurdle-cat", tmp_path, "--game", "absurdle", "--answers", str(listed),
                        "--guesses", str(listed), "--start", "faiço")
    assert record["exit"] == 0 and record["won"], record
    assert record["guesses"][0] == "faiço" and record["rows_seen"][0][0] == "FAIÇO"
    # The page's own adversary (its rule, ../shared/clones/README.md) left only the last guess.
    left = list(dict.fromkeys(words))
    for guess in record["guesses"]:
        buckets: dict[str, list[str]] = {}
        for word in left:
            marks = "".join("c" if word[i] == g else "p" if g in word else "a"
                            for i, g in enumerate(guess))
            buckets.setdefault(marks, []).append(word)
        kept = [guess]
        for bucket in buckets.values():
            if guess not in bucket and len(bucket) >= len(kept):
                kept = bucket
        left = kept
    assert left == [record["guesses"][-1]]
