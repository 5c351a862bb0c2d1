"""Pure parts of issue 22's typing classes: letters a font draws like others, the reason code
of a failed game, the word-list options shared by every command, a page's own vocabulary and
a keyboard of bordered keys right under the board (never board rows)."""

from __future__ import annotations

from pathlib import Path

import pytest

from autobot.app.args import is_list_name
from autobot.app.options import user_game
from autobot.app.request import GameChoice, ListChoice
from autobot.cli import main
from autobot.cli.request import split_answers
from autobot.errors import AutobotError
from autobot.loop.result import REASONS, GameResult, Timings, reason_code
from autobot.loop.rows import as_typed, stall_reason
from autobot.rules import Turn
from autobot.vision.locate import Box, fit_lattice


def test_rows_of_known_words_read_as_typed_only_where_the_font_confuses() -> None:
    rows = (("SALET", "XYXXG"), ("ABDUT", "ttttt"), ("", "....."))
    got = as_typed(rows, ["salet", "about"], {("D", "O")})
    assert got == (("SALET", "XYXXG"), ("ABOUT", "ttttt"), ("", "....."))
    # A real D where D was typed stays D; a D where another letter was typed stays a mismatch.
    assert as_typed((("COURD", "XYYXX"),), ["courd"], {("D", "O")}) == (("COURD", "XYYXX"),)
    assert as_typed((("ABDUT", "ttttt"),), ["abaut"], {("D", "O")}) == (("ABDUT", "ttttt"),)
    assert as_typed(rows, ["salet", "about"], set()) == rows
    # An O once read as D is read as typed whatever it shows later (the font draws O badly).
    assert as_typed((("ABQUT", "ttttt"),), ["about"], {("D", "O")}) == (("ABOUT", "ttttt"),)
    # Other letters of the row are still read as they are: another row stays another row.
    assert as_typed((("ABOUX", "ttttt"),), ["about"], {("D", "O")}) == (("ABOUX", "ttttt"),)


def test_reason_codes_are_stable_and_documented() -> None:
    assert reason_code(True, None, None) == "won"
    assert reason_code(False, None, None) == "lost"
    assert reason_code(False, "quit at the confirm prompt", None) == "quit"
    assert reason_code(False, None, AutobotError("x", 4, "dropped_keys")) == "dropped_keys"
    assert reason_code(False, None, AutobotError("no board", 3)) == "no_board"
    assert reason_code(False, None, AutobotError("odd", 4)) == "safety_stop"
    assert reason_code(False, None, AutobotError("odd", 7)) == "error"
    # The error carries its reason; its words are never read for one.
    assert reason_code(False, None, AutobotError("no wordle-6 answer fits the rows played",
                                                 4)) == "safety_stop"
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    for code in REASONS:
        assert f"`{code}`" in readme, code


def test_stall_reason_tells_colours_from_a_plain_timeout() -> None:
    class Read:
        reasons = ("tile colour #83aa7e fits no role",)

    class Still:
        reasons = ("tile 7,4 mid-flip",)

    assert stall_reason(Read()) == "unsure_colour"
    assert stall_reason(Still()) == "timeout"


def test_game_json_carries_the_reason() -> None:
    result = GameResult(False, (Turn("salet", "XXXXX"),), (), 1.0, Timings(),
                        reason="refused_words")
    assert result.to_json()["reason"] == "refused_words"


def test_answers_value_is_a_list_or_the_bundled_pages_words(tmp_path: Path) -> None:
    listed = tmp_path / "names.txt"
    listed.write_text("aabbee\nstacey\n")
    assert is_list_name(str(listed)) and is_list_name("nyt") and is_list_name("x/y.txt")
    assert not is_list_name("cigar,rebut")
    values = {"answers": "cigar,rebut", "page_answers": None}
    split_answers(values)  # the older spelling of --page-answers
    assert (values["answers"], values["page_answers"]) == (None, "cigar,rebut")
    values = {"answers": str(listed), "page_answers": None}
    split_answers(values)
    assert (values["answers"], values["page_answers"]) == (str(listed), None)


def test_user_lists_make_the_game_of_their_length(tmp_path: Path) -> None:
    answers = tmp_path / "a.txt"
    answers.write_text("aabbee\nstacey  # a name\nlarine\n")
    game = user_game(GameChoice(length=None, lang=None), ListChoice(answers=str(answers)))
    assert game.length == 6 and game.rows == 7
    assert game.answers == ("aabbee", "stacey", "larine")
    assert set(game.answers) <= set(game.guesses)
    assert user_game(GameChoice(lang=None), ListChoice()) is None
    with pytest.raises(AutobotError, match="--length 5"):
        user_game(GameChoice(length=5, lang=None), ListChoice(answers=str(answers)))
    mixed = tmp_path / "m.txt"
    mixed.write_text("aabbee\ncigar\n")  # a tie: the first line's length, the other skipped
    game = user_game(GameChoice(length=None, lang=None), ListChoice(answers=str(mixed)))
    assert game.length == 6 and game.answers == ("aabbee",)


def test_unreadable_list_file_is_bad_input(tmp_path: Path, capsys) -> None:
    code = main(["play", "--answers", str(tmp_path / "none.txt"), "--url", "http://127.0.0.1:9/"])
    assert code == 2
    assert "--answers" in capsys.readouterr().err


def test_page_scoring_its_own_way_still_leaves_the_nearest_answers() -> None:
    from dataclasses import replace

    from autobot.games import find_game
    from autobot.games.strategy import GameStrategy
    from autobot.solver import GameState

    base = find_game("wordle", 6)
    game = replace(base, answers=("aabbee", "stacey", "larine"),
                   guesses=("aabbee", "stacey", "larine"))
    strategy = GameStrategy(game)
    # The page greys an A that NYT colours yellow: no answer fits exactly, the nearest goes on.
    assert len(strategy.candidates((Turn("larine", "XGXXXG"),))) == 1
    odd = (Turn("larine", "XGXXXG"), Turn("stacey", "XXXXGX"))
    assert len(strategy.candidates(odd)) == 0
    assert strategy.next_guess(GameState(history=odd, hard=False, banned=frozenset())) \
        == "aabbee"
    with pytest.raises(AutobotError):  # nothing left that was not played or refused
        strategy.next_guess(GameState(history=odd, hard=False, banned=frozenset({"aabbee"})))


def _tiles(x0: float, y0: float, cols: int, rows: int, side: float, pitch: float) -> list[Box]:
    return [Box(x0 + c * pitch, y0 + r * pitch, side, side) for r in range(rows)
            for c in range(cols)]


def test_bordered_keys_right_under_the_board_are_not_board_rows() -> None:
    # open-wordljs at half size: 5x6 tiles of 22 px at a 27 px pitch, then three rows of keys
    # 17x23 at a 20.5 px pitch one tile pitch below, one key each row as wide as a tile and
    # right on a board column.
    board = _tiles(255, 16, 5, 6, 22, 27.2)
    keys: list[Box] = []
    for row, (x0, n) in enumerate([(210, 10), (220, 9), (220, 9)]):
        y = 16 + (6 + row) * 27.2 - 1
        keys += [Box(x0 + i * 20.5, y, 17, 23) for i in range(n)]
        keys.append(Box(255 + 2 * 27.2, y, 19, 23))  # a key that fits the size group
    lat = fit_lattice(board + keys)
    assert lat is not None and (lat.rows, lat.cols) == (6, 5)


def test_tiles_traced_outside_and_inside_their_border_are_one_board() -> None:
    # Filled tiles traced at a 2 px border's outside (26 px), empty ones inside it (22 px).
    filled = _tiles(242 - 2, 16 - 2, 6, 4, 26, 27.2)
    empty = [Box(b.x, b.y + 4 * 27.2, b.w, b.h) for b in _tiles(242, 16, 6, 3, 22, 27.2)]
    lat = fit_lattice(filled[::2] + empty)  # some filled tiles merged away
    assert lat is not None and (lat.rows, lat.cols) == (7, 6)


def test_page_url_carries_the_typing_fault_options() -> None:
    from urllib.parse import parse_qs, urlsplit

    from autobot.page.server import page_url

    url = page_url("http://127.0.0.1:1/", keys="lossy", refuse="silent", vocab="answers")
    assert parse_qs(urlsplit(url).query) == {"keys": ["lossy"], "refuse": ["silent"],
                                             "vocab": ["answers"]}
