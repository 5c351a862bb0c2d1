"""Dialogs closed only by their own controls and letters in a font no template knows, each
won in one real-Chromium game on the bundled page (issue 22, classes 4 and 5).

The page options (autobot/page/README.md) stand for classes of real pages; the bot is told
nothing about which one it faces.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import require_chromium

from autobot.cli import main

pytestmark = pytest.mark.browser

# option -> what the game's output must show (how the dialog was closed, what was learned)
GAMES = {
    # A tutorial over the whole board that ignores Escape and its backdrop, closed only by its
    # button (JOUER); it comes back at the first key; a promo panel after the first guess.
    "intro=button&promo=1": ("clicked the dialog's button", "clicked the dialog's"),
    # The same with only a text x, on the dark theme (its example rows read as a board).
    "intro=x&promo=1&theme=dark": ("clicked the dialog's X", "clicked the dialog's"),
    # Thin grey italic letters: typed rows read as empty by the shipped templates.
    "font=thin": ("font of its own",),
    "font=thin&theme=dark": ("font of its own",),
}


@pytest.mark.parametrize("option", sorted(GAMES))
def test_the_page_is_won(option: str, base: str, tmp_path: Path, capsys: pytest.CaptureFixture
                         ) -> None:
    require_chromium()
    out = tmp_path / "game.json"
    code = main(["play", "--url", f"{base}?answer=crane&stats=0&anim=0&{option}",
                 "--json", str(out)])
    record = json.loads(out.read_text())
    assert code == 0 and record["won"] and record["guesses"][-1] == "crane", record
    out = capsys.readouterr().out
    assert all(what in out for what in GAMES[option]), out
    if "promo" in option:  # closed twice on load (it comes back) and once after a guess
        assert out.count("clicked the dialog's") >= 3, out
    if option.startswith("font"):
        assert not record["rejected"]  # no word lost to a misread row
