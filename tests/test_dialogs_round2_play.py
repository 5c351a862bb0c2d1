"""Dialogs that show pictures of boards, a dismissal that leaves the keys dead, a native alert
for a refused word: each won in one real-Chromium game on the bundled page (issue 39, items 1
and 2). The page options (autobot/page/README.md) stand for classes of real pages; the bot is
told nothing about which one it faces.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import require_chromium

from autobot.cli import main
from autobot.games.jotto import jotto_feedback

pytestmark = pytest.mark.browser

# option -> what the game's output must show
GAMES = {
    # A first-visit help with no x and no button: Escape hides it but the page stays deaf to
    # keys until its backdrop closes it; only a reload brings it back to be closed so.
    "intro=hides&theme=dark": ("reloading the page", "clicked beside the dialog"),
    # A panel on load with a book cover drawn as a board (letters on coloured tiles), an x on
    # a filled key, a grey FERMER and a bigger green DÉCOUVRIR that leaves the game.
    "promo=load": ("clicked the dialog's X",),
    "promo=load&theme=dark": ("clicked the dialog's X",),
    # A word the page does not know is answered with alert("Not in word list").
    "refuse=alert&vocab=answers": ("browser dialog", "not in the page's word list"),
}


@pytest.mark.parametrize("option", sorted(GAMES))
def test_the_page_is_won(option: str, base: str, tmp_path: Path,
                         capsys: pytest.CaptureFixture) -> None:
    require_chromium()
    out = tmp_path / "game.json"
    code = main(["play", "--url", f"{base}?answer=crane&stats=0&anim=0&{option}",
                 "--json", str(out)])
    record = json.loads(out.read_text())
    assert code == 0 and record["won"] and record["guesses"][-1] == "crane", record
    printed = capsys.readouterr().out
    assert all(what in printed for what in GAMES[option]), printed
    if option.startswith("promo"):
        # The book cover's rows were never taken as played (and its offer, which hides the
        # game, was never clicked: the game was won).
        assert "already on the board" not in printed, printed
    if option.startswith("refuse"):
        assert record["rejected"], record  # refused words counted, the game played on


def test_a_jotto_list_pages_help_with_an_example_line_is_closed_first(
        base: str, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """A How To Play panel over a Jotto list page shows an example line ("CRANE" with a count
    of 3, wrong for WORLD) drawn as the list's own lines; only its x closes it. Closed before
    the list is read, its example is never one of the bot's rows."""
    require_chromium()
    out = tmp_path / "game.json"
    code = main(["play", "--game", "jotto", "--url",
                 f"{base}?mode=jotto&layout=list&answer=world&anim=0&intro=x",
                 "--json", str(out)])
    record = json.loads(out.read_text())
    assert code == 0 and record["won"], record
    printed = capsys.readouterr().out
    assert "a dialog over the page: clicked the dialog's X" in printed, printed
    # Every row holds the count the page gave for the bot's own word (CRANE 3 would not).
    for row in record["guesses"][:-1]:
        assert row["count"] == jotto_feedback(row["word"], "world"), record
