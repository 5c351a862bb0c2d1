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


LOOKS = ["intro=1", "intro=1&theme=dark&contrast=1", "intro=button&theme=dark",
         "intro=1&palette=letreco", "intro=1&palette=pastel&theme=dark",
         "intro=1&tiles=round&theme=dark", "intro=1&tiles=rect", "intro=x&tiles=outline&theme=dark"]


def test_a_dialogs_example_rows_are_never_the_board_in_any_look(base: str) -> None:
    """The tutorial's example rows (real tiles in the page's palette and shape) over the board,
    in every look of the bundled page: before the game, a read of them lies inside the dialog
    found by pixels; once the game is on, a lattice of fewer, smaller tiles is not the board."""
    require_chromium()
    import time
    from types import SimpleNamespace

    from autobot.drivers.browser import BrowserConfig, open_browser
    from autobot.drivers.driver import SeleniumDriver
    from autobot.loop.result import BotConfig
    from autobot.loop.watch import DialogCloser, Pace, Watcher, default_overlay
    from autobot.vision import read_board

    found_somewhere = 0
    with open_browser(BrowserConfig()) as web:
        screen = SeleniumDriver(web).screen
        for look in LOOKS:
            web.get(f"{base}?answer=crane&anim=0&stats=0&{look}")
            for _ in range(100):  # the page is up once its word lists are in
                if web.execute_script("return document.body.dataset.ready === '1'"):
                    break
                time.sleep(0.05)
            frame = screen.grab()
            read = read_board(frame)
            if not read.found:
                continue
            found_somewhere += 1
            game = SimpleNamespace(started=False, history=[], typing=None, confusions=set(),
                                   rows=6)
            watcher = Watcher(SimpleNamespace(screen=screen), BotConfig(), None, game,
                              Pace(lambda: 0.0, lambda s: None), DialogCloser(default_overlay),
                              lambda event: None)
            watcher.frame = frame
            assert watcher.covered(read), (look, read.rows)
            game.started, watcher.board_tile = True, 62.0
            assert watcher.smaller_than_the_board(read), (look, read.rows)
    assert found_somewhere >= 2, found_somewhere  # (dark looks: example rows read as a lattice)


def test_a_panel_over_the_last_rows_at_the_win_is_closed_and_the_win_read(
        base: str, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """The end panel comes the moment the winning row is scored, over the board's lower rows
    (stats=now; Wordle Global's stats modal under a loaded machine): the first frame shows the
    played rows only. The panel is closed and the whole board found again, not the cut one's
    place (it once pressed Escape 8 times at a board kept to the cut rows: exit 3)."""
    require_chromium()
    out = tmp_path / "game.json"
    code = main(["play", "--url", f"{base}?answer=crane&stats=now&anim=0", "--start", "pious",
                 "--json", str(out)])
    record = json.loads(out.read_text())
    assert code == 0 and record["won"] and record["guesses"][-1] == "crane", record
    assert len(record["guesses"]) >= 3, record  # the panel hid a row that had been empty
    printed = capsys.readouterr().out
    # (closed by its X, the way a dialog's own control closes it, or by Escape)
    assert "clicked the dialog's X" in printed or "pressed Escape" in printed, printed
