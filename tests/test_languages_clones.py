"""Non-English clones won by `autobot play --url ... --lang CODE` in real Chromium.

wordle-global /de/ (German, answer GNADE fixed when it was rendered) and letreco (Portuguese,
date pinned to 2024-05-01: FOBIA). The words a page refused are printed (`pytest -s`) and
bounded: a guess the page does not know costs no row, but each one costs typing time.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import DATE_SHIM, require_chromium, serve_clone

from autobot.cli import main

pytestmark = pytest.mark.browser

# wordle-global /de/ accepts only 2,276 base forms (no inflections, no plurals); our German list
# also has inflected forms, until the first refusal switches the solver to base forms only.
MAX_REFUSED = 2


def play_clone(name: str, tmp_path: Path, lang: str, init: str | None = None,
               path: str = "") -> dict:
    """`autobot play --url --lang` on a served clone: the --json record plus the exit code
    (a game that stopped early, e.g. 'no word fits' after a misread, has no record)."""
    require_chromium()
    out = tmp_path / "game.json"
    args = ["play", "--json", str(out), "--lang", lang]
    if init is not None:
        script = tmp_path / "init.js"
        script.write_text(init, encoding="utf-8")
        args += ["--init-script", str(script)]
    with serve_clone(name) as base:
        code = main([*args, "--url", base + path])
    record = json.loads(out.read_text()) if out.exists() else {"won": False, "rejected": []}
    return {**record, "exit": code}


def test_wordle_global_german_is_won(tmp_path, capsys) -> None:
    record = play_clone("wordle-global", tmp_path, "de", path="de/")
    err = capsys.readouterr().err.strip()
    print(f"wordle-global /de/: {len(record['rejected'])} refused: {record['rejected']}")
    assert record["exit"] == 0 and record["won"], (record, err)
    assert record["guesses"][-1] == "gnade"
    assert len(record["rejected"]) <= MAX_REFUSED


def test_letreco_portuguese_is_won(tmp_path, capsys) -> None:
    record = play_clone("letreco", tmp_path, "pt", init=DATE_SHIM.format(day="2024-05-01"))
    err = capsys.readouterr().err.strip()
    print(f"letreco: {len(record['rejected'])} refused: {record['rejected']}")
    assert record["exit"] == 0 and record["won"], (record, err)
    assert record["guesses"][-1] == "fobia"
    assert len(record["rejected"]) <= MAX_REFUSED
