"""The bundled page's typing faults (issue 22 classes 3 and 6), won in real Chromium: keys
lost when typed within 30 ms of the last, and words refused without a toast, a shake or a mark."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import require_chromium

from autobot.cli import main

pytestmark = pytest.mark.browser


def _play(base: str, query: str, tmp_path: Path, *extra: str) -> dict:
    require_chromium()
    out = tmp_path / "game.json"
    code = main(["play", "--url", f"{base}?{query}", "--json", str(out), *extra])
    return {**json.loads(out.read_text()), "exit": code}


def test_keys_lost_when_typed_fast_are_typed_again_slower(base: str, tmp_path: Path) -> None:
    # No pause between keys: the page keeps only the first letter of each burst.
    record = _play(base, "answer=crane&stats=0&anim=0&keys=lossy", tmp_path, "--key-delay", "0")
    assert record["exit"] == 0 and record["won"], record
    assert record["guesses"][-1] == "crane"
    assert record["keys"] != "keys"  # it climbed to a slower way of typing, and kept it
    assert record["reason"] == "won"  # the record of a won game says so


def test_words_refused_silently_are_cleared_and_the_next_tried(base: str,
                                                                tmp_path: Path) -> None:
    # The page takes only its answers as guesses and refuses the rest without a sign: the
    # row just stays typed after Enter.
    record = _play(base, "answer=crane&stats=0&anim=0&refuse=silent&vocab=answers", tmp_path)
    assert record["exit"] == 0 and record["won"], record
    assert record["guesses"][-1] == "crane"
    assert record["rejected"], record  # the opener (off the page's list) was refused
    assert not set(record["rejected"]) & set(record["guesses"])
    assert record["keys"] == "keys"  # refusals did not change how keys are sent
