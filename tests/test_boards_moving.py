"""Many-board pages that move or hide things: boards below the fold of a beige page, an on-screen
keyboard without a BACK key, small tiles whose faint outlines read as a flip (twordle), each in
real Chromium; and the pure rule that pixel-identical frames disprove a doubt of motion."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from conftest import play_clone, require_chromium, require_clone

from autobot.loop.many import assign, ends_short, open_reads, still_despite, window_offset
from autobot.multiboard import MultiState
from autobot.rules import score
from autobot.vision.model import BoardRead

QUORDLE = ["cigar", "rebut", "humph", "awake"]


class _Board:
    def __init__(self, rows: tuple[tuple[str, str], ...], reasons: tuple[str, ...]) -> None:
        self.rows, self.reasons, self.settled, self.found = rows, reasons, False, True


def test_only_doubts_of_motion_on_read_tiles_are_disproved_by_still_pixels() -> None:
    rows = (("SALET", "XYXXX"), ("GRAND", "ttttt"), ("", "....."))
    assert still_despite(_Board(rows, ("tile 2,3 mid-flip",)), 1)
    # A tile it could not tell, or a toast over the board, is no motion: still pixels say
    # nothing of them.
    assert not still_despite(_Board((("SALET", "XYXXX"), ("GR?ND", "tt?tt")),
                                    ("tile 2,3 occluded or moving",)), 1)
    assert not still_despite(_Board(rows, ("toast over the board (tile 2,1)",)), 1)


def _read(*rows: tuple[str, str], reasons: tuple[str, ...] = ()) -> BoardRead:
    return BoardRead(True, True, "light", False, tuple(rows), None, reasons)


def test_a_board_scrolled_in_its_box_is_told_by_the_rows_it_shows() -> None:
    state = MultiState(2).after("salet", ["XYXXX", "XXXXG"]).after("brond", ["XXXYX", "YXXXX"])
    # Board 1 scrolled past SALET: BROND and the row being played show.
    scrolled = _read(("BROND", "XXXYX"), ("", "....."), reasons=("tile 2,3 mid-flip",))
    whole = _read(("SALET", "XXXXG"), ("BROND", "YXXXX"), ("", "....."))
    assert window_offset(state, 0, scrolled.rows) == 1
    assert window_offset(state, 1, whole.rows) == 0
    assert window_offset(state, 1, scrolled.rows) is None  # another board's colours
    reads = open_reads(state, type("R", (), {"boards": [scrolled, whole]})())
    assert reads is not None
    # The row scrolled out is put back from the game's history, the reasons renumbered.
    assert reads[0].rows == (("SALET", "XYXXX"), ("BROND", "XXXYX"), ("", "....."))
    assert reads[0].reasons == ("tile 3,3 mid-flip",)
    assert reads[1] is whole
    # A read showing none of the board's played rows (only the one being played) tells nothing.
    assert isinstance(assign(state, [_read(("", ".....")).rows] * 2), str)


def test_a_read_that_ends_at_the_last_played_row_is_cut_by_its_box() -> None:
    state = MultiState(2).after("salet", ["XYXXX", "XXXXG"]).after("brond", ["XXXYX", "YXXXX"])
    assert ends_short(state, 0, (("SALET", "XYXXX"), ("BROND", "XXXYX")))
    assert ends_short(state, 0, (("BROND", "XXXYX"),))  # scrolled, and cut
    assert ends_short(state, 0, (("SALET", "XYXXX"),))  # its last played row cut too
    assert not ends_short(state, 0, (("BROND", "XXXYX"), ("", ".....")))  # its row shows
    assert not ends_short(state, 1, (("SALET", "XYXXX"), ("BROND", "XXXYX")))  # not its rows
    assert not ends_short(state, 0, ())


def test_a_whole_read_is_taken_before_a_window_that_also_fits() -> None:
    # Both boards showed XXXXX for SALET; board 2 then showed YXXXX for BROND. A window of one
    # row fits board 2 as well as the read that shows both its rows: the whole one wins.
    state = MultiState(2).after("salet", ["XXXXX", "XXXXX"]).after("brond", ["XXXXX", "YXXXX"])
    window = _read(("BROND", "YXXXX"), ("", "....."))
    whole_1 = _read(("SALET", "XXXXX"), ("BROND", "XXXXX"), ("", "....."))
    whole_2 = _read(("SALET", "XXXXX"), ("BROND", "YXXXX"), ("", "....."))
    assert assign(state, [window.rows, whole_1.rows, whole_2.rows]) == {0: 1, 1: 2}


@pytest.mark.browser
def test_boards_in_scroll_boxes_with_a_taller_current_row_are_won(tmp_path: Path) -> None:
    """box=4&current=tall: each board a box of its own showing about three rows and a half,
    scrolled by the page to the row being played, drawn 1.55 times as tall as the others (as
    Sedordle's boards): the tall row is its board's (it was no board row at all: "the boards do
    not show SALET after typing it 4 times"), the rows scrolled out are the game's own."""
    from autobot.cli import main
    from autobot.page.server import page_url, serve_page

    require_chromium()
    out = tmp_path / "game.json"
    with serve_page() as base:
        url = page_url(base, boards=4, answers=QUORDLE) + "&box=4&current=tall"
        code = main(["play", "--url", url, "--json", str(out)])
    record = json.loads(out.read_text())
    assert code == 0 and record["won"], record
    guesses = record["guesses"]
    assert len(guesses) > 4  # the boxes scrolled
    for answer, marks in zip(QUORDLE, record["marks"], strict=True):
        assert marks == [score(g, answer) for g in guesses[:guesses.index(answer) + 1]]


@pytest.mark.browser
def test_boards_below_the_fold_of_a_beige_page_are_found_and_won(tmp_path: Path) -> None:
    """An ad-like banner taller than the view pushes four boards wholly below the fold of a
    beige page: the first view shows no tile at all (it was "no board found"); the page is
    scrolled down to them, they are counted and the game is won, every board's colours the
    page's own."""
    from autobot.cli import main
    from autobot.page.server import page_url, serve_page

    require_chromium()
    out = tmp_path / "game.json"
    with serve_page() as base:
        url = page_url(base, boards=4, answers=QUORDLE, anim=False, offset=1100) \
            + "&paper=beige"
        code = main(["play", "--url", url, "--json", str(out)])
    record = json.loads(out.read_text())
    assert code == 0 and record["won"], record
    assert record["boards_found"] == 4
    guesses = record["guesses"]
    for answer, marks in zip(QUORDLE, record["marks"], strict=True):
        assert marks == [score(g, answer) for g in guesses[:guesses.index(answer) + 1]]


@pytest.mark.browser
def test_a_keyboard_without_back_never_ends_a_game_real_keys_type() -> None:
    """Keys sent by clicking the on-screen keyboard, which has no BACK key: erasing steps back
    to real keys (it was "the on-screen keyboard has no BACK key", the game over)."""
    from autobot.drivers.browser import BrowserConfig, load_page, open_browser
    from autobot.drivers.driver import SeleniumDriver
    from autobot.loop.many import MANY_CONFIG, ManyLoop
    from autobot.loop.watch import default_overlay
    from autobot.page.server import page_url, serve_page
    from autobot.vision.boards import BoardsReader

    require_chromium()
    with serve_page() as base, \
            open_browser(BrowserConfig(headless=True, window_size=(1280, 1024))) as wd:
        load_page(wd, page_url(base, boards=2, answers=QUORDLE[:2], anim=False)
                  + "&keypad=noback")
        driver = SeleniumDriver(wd, key_delay_ms=30)
        reader = BoardsReader()
        loop = ManyLoop(driver, None, MANY_CONFIG, reader, time.monotonic, time.sleep, None,
                        None, default_overlay)
        loop.setup(2)
        driver.rung = "click"
        loop.watch.send(driver.type_word, "sal")  # letters are on the keyboard: clicked
        assert _first_rows(reader, driver) == ["SAL", "SAL"]
        loop.erase()  # no BACK key to click: real Backspaces
        assert driver.rung != "click"
        assert _first_rows(reader, driver) == ["", ""]
        assert loop.escalate(enter=False) is None  # the keyboard is not climbed to again


def _first_rows(reader, driver) -> list[str]:  # type: ignore[no-untyped-def]
    """Each board's first row's letters once two reads agree."""
    last = None
    for _ in range(40):
        now = [b.rows[0][0] for b in reader(driver.screen.grab_full()).boards]
        if now == last:
            return now
        last = now
        time.sleep(0.1)
    return last or []


@pytest.mark.browser
def test_twordle_is_won(tmp_path: Path) -> None:
    """Twordle (2 boards, GRAND and CHILD; small tiles with faint outlines, each board a scroll
    box, a solved board fades): a typed row's tile read as squashed stood still for good (it
    was "did not settle within 30 s ... tile 4,3 mid-flip"); frames that stay pixel-identical
    disprove it."""
    record = play_clone("twordle", tmp_path)
    assert record["exit"] == 0 and record["won"], record
    guesses = record["guesses"]
    assert {"grand", "child"} <= set(guesses)
    for answer, marks in zip(["grand", "child"], record["marks"], strict=True):
        assert marks == [score(g, answer) for g in guesses[:guesses.index(answer) + 1]]


@pytest.mark.browser
@pytest.mark.slow  # sixteen boards, up to 21 rows
def test_sedordle_is_won(tmp_path: Path) -> None:
    """Sedordle (16 boards of 21 rows, each its own scroll box showing about six rows and a
    taller row being played, the 4th row of boards below the fold, solved boards fade, a
    keyboard without BACK): the page is zoomed out to show every board (one's last column
    under its box's scroll bar), the tall row is its board's, the boxes' hidden rows are the
    game's own. Checked against the page's answers for the day."""
    day = "2022-04-23"
    case = next(c for c in json.loads((require_clone("sedordle") / "answers.json").read_text())
                ["cases"] if c["url"] == f"/?now={day}")
    record = play_clone("sedordle", tmp_path, path=f"?now={day}")
    assert record["exit"] == 0 and record["won"], record
    answers = [a.lower() for a in case["answers"]]
    guesses = record["guesses"]
    assert set(answers) <= set(guesses) and len(guesses) <= 21
    for answer, marks in zip(answers, record["marks"], strict=True):
        assert marks == [score(g, answer) for g in guesses[:guesses.index(answer) + 1]]
