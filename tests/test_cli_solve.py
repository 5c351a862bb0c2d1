"""`autobot solve` in-process: simulated games, the stdin dialogue, and the error paths."""

from __future__ import annotations

import io
import re

import pytest

from autobot.app.text import parse_reply
from autobot.cli import main
from autobot.rules import score


def run_solve(
    argv: list[str], stdin: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(["solve", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_answer_simulates_one_game(capsys: pytest.CaptureFixture) -> None:
    assert main(["solve", "--answer", "cigar", "--strategy", "entropy", "--start", "salet"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"SALET  {score('salet', 'cigar')}"
    assert out[-2] == "CIGAR  GGGGG"
    assert out[-1].startswith(f"solved in {len(out) - 1}/6")


def test_answer_in_hard_mode_with_each_strategy(capsys: pytest.CaptureFixture) -> None:
    for strategy in ("minimax", "expected-size", "frequency"):
        assert main(["solve", "--answer", "mummy", "--hard", "--strategy", strategy]) == 0
        assert "MUMMY  GGGGG" in capsys.readouterr().out


def test_interactive_game_to_a_win(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    # Answer CIGAR: feed back whatever the solver suggests, in a different notation each time.
    from autobot.rules import Turn
    from autobot.solver import GameState, SolverConfig, make_solver

    solver = make_solver(SolverConfig(strategy="entropy", start="salet"))
    history: tuple[Turn, ...] = ()
    lines = []
    notations = [
        lambda m: m.replace("X", "_").replace("Y", "?").replace("G", "!"),
        lambda m: m.lower(),
        lambda m: m.replace("X", "⬛").replace("Y", "🟨").replace("G", "🟩"),
        lambda m: m.replace("X", "b").replace("Y", "y").replace("G", "g"),
        lambda m: m.replace("X", "."),
    ]
    while True:
        guess = solver.next_guess(GameState(history))
        marks = score(guess, "cigar")
        lines.append(notations[len(history) % len(notations)](marks))
        history += (Turn(guess, marks),)
        if guess == "cigar":
            break
    code, out, _ = run_solve(
        ["--strategy", "entropy", "--start", "salet"], "\n".join(lines) + "\n", monkeypatch, capsys
    )
    assert code == 0
    assert f"solved in {len(history)}/6" in out
    assert "guess 1: SALET" in out


def test_malformed_input_asks_again(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    code, out, err = run_solve(["--start", "salet"], "xxqxx\nxxxx\n\nggggg\n", monkeypatch, capsys)
    assert code == 0 and err == ""
    assert "'q' is not a colour" in out
    assert "expected 5 colours, got 4" in out
    assert "no colours given" in out
    assert out.count("colours> ") == 4
    assert "solved in 1/6" in out


def test_impossible_colouring_is_a_note_and_the_game_goes_on(
    monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    # SALET all grey, then four greens and a yellow: no word can colour like that.
    code, out, _ = run_solve(
        ["--strategy", "entropy", "--start", "salet"], "xxxxx\nggggy\nquit\n",
        monkeypatch, capsys,
    )
    assert code == 1  # quit unsolved
    assert "note: inconsistent feedback: no word fits the rows under Wordle's rules; " \
           "continuing with the closest words" in out
    assert "guess 3: " in out  # the row was kept and the game went on


def test_without_a_fallback_list_an_impossible_row_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    from autobot.cli import solve
    from autobot.solver import SolverConfig, make_solver

    solver = make_solver(SolverConfig(strategy="entropy", start="salet", fallback=None))
    out = io.StringIO()
    solve.interact(solver, False, io.StringIO("xxxxx\nsissy gxxxx\nquit\n"), out, False)
    # S was grey in SALET, so a green S contradicts the rows before it.
    assert "no word in the answers list fits SALET XXXXX, SISSY GXXXX" in out.getvalue()
    assert "guess 3" not in out.getvalue()


def test_an_off_list_answer_is_simulated_with_a_note(capsys: pytest.CaptureFixture) -> None:
    assert main(["solve", "--answer", "kazoo"]) == 0
    out = capsys.readouterr().out
    assert "KAZOO  GGGGG" in out and "note: no word in the answers list fits" in out


def test_word_and_colours_form(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    # The person played CRANE instead of the suggestion, then the solver carries on from there.
    code, out, _ = run_solve(
        ["--strategy", "entropy", "--start", "salet"],
        f"crqne xxxxx\ncrane {score('crane', 'eerie')}\n", monkeypatch, capsys,
    )
    assert code == 1  # the input ended unsolved
    assert "CRQNE is not in the word list (a typo?)" in out
    assert f"CRANE  {score('crane', 'eerie')}" in out
    assert "guess 2:" in out


def test_hard_mode_refuses_an_illegal_word(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    code, out, _ = run_solve(
        ["--hard", "--strategy", "entropy", "--start", "crane"], "xxgxx\nblimp xxxxx\n",
        monkeypatch, capsys,
    )
    assert code == 1  # the input ended unsolved
    assert "hard mode would refuse BLIMP: 3rd letter must be A" in out


def test_rejected_word_is_replaced(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    code, out, _ = run_solve(["--start", "salet"], "rejected\n", monkeypatch, capsys)
    assert code == 1  # the input ended unsolved
    first, second = re.findall(r"guess 1: (\w+)", out)
    assert first == "SALET" and second != "SALET"


def test_eof_exits_cleanly(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    code, out, err = run_solve([], "", monkeypatch, capsys)
    assert code == 1 and err == ""  # the game was not solved: as quit, exit 1
    assert "guess 1:" in out


@pytest.mark.parametrize("reply", ["quit\n", "q\n", "xxxxx\nexit\n"])
def test_quit_is_exit_1_as_the_readme_says(reply: str, monkeypatch: pytest.MonkeyPatch,
                                           capsys) -> None:
    code, _, err = run_solve([], reply, monkeypatch, capsys)
    assert code == 1 and err == ""


def test_solved_is_still_exit_0(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    code, out, _ = run_solve(["--start", "salet"], "ggggg\n", monkeypatch, capsys)
    assert code == 0 and "solved in 1/6" in out


def test_absurdle_has_no_answer_to_give_as_with_play(capsys) -> None:
    from autobot.cli import main

    assert main(["solve", "--game", "absurdle", "--answer", "crane"]) == 2
    err = capsys.readouterr().err
    assert err == "autobot: error: --answer: absurdle has no fixed answer (it picks as you go)\n"


def test_no_answers_nyt_hint_when_it_was_given(capsys) -> None:
    from autobot.cli import main

    assert main(["solve", "--answer", "zzzzz"]) == 2
    assert "(try --answers nyt)" in capsys.readouterr().err
    assert main(["solve", "--answers", "nyt", "--answer", "zzzzz"]) == 2
    err = capsys.readouterr().err
    assert "nyt list" in err and "try --answers nyt" not in err


def test_parse_reply() -> None:
    assert parse_reply("_?!__", "salet") == ("salet", "XYGXX")
    assert parse_reply("CRANE xyggx", "salet") == ("crane", "XYGGX")
    assert parse_reply("g y x x g", "salet") == ("salet", "GYXXG")
    with pytest.raises(ValueError):
        parse_reply("crane", "salet")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--answer", "zzzzz"], "ZZZZZ is not a possible answer in the answers list"),
        (["--answer", "cat"], "'cat' is not a five-letter word"),
        (["--start", "qqqqq", "--answer", "cigar"], "start word 'qqqqq' is not in the allowed"),
        (["--answers", "/no/such/list.txt"], "no word list '/no/such/list.txt'"),
        (["--strategy", "magic"], "invalid choice: 'magic'"),
        (["--bogus"], "unrecognized arguments: --bogus"),
    ],
)
def test_error_paths(argv: list[str], message: str, capsys: pytest.CaptureFixture) -> None:
    assert main(["solve", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("autobot: error: ") and message in err
    assert len(err.strip().splitlines()) == 1


def test_a_list_with_a_stray_line_plays_on_and_says_so_once(tmp_path, capsys: pytest.CaptureFixture
                                                            ) -> None:
    bad = tmp_path / "words.txt"
    bad.write_text("crane\nslate\nab1de\n")
    assert main(["solve", "--answers", str(bad), "--answer", "crane"]) == 0
    err = capsys.readouterr().err
    assert "skipped 1 line" in err and "'ab1de'" in err and "playing on with 2 words" in err
    assert len(err.strip().splitlines()) == 1


def test_a_list_with_nothing_playable_is_bad_input(tmp_path, capsys: pytest.CaptureFixture
                                                   ) -> None:
    bad = tmp_path / "words.txt"
    bad.write_text("ab1de\n")
    assert main(["solve", "--answers", str(bad), "--answer", "crane"]) == 2
    err = capsys.readouterr().err
    assert "no five-letter word" in err and len(err.strip().splitlines()) == 1


def test_custom_answer_list(tmp_path, capsys: pytest.CaptureFixture) -> None:
    mine = tmp_path / "mine.txt"
    mine.write_text("crane\nslate\ntrace\ncrate\ngrace\n")
    assert main(["solve", "--answers", str(mine), "--answer", "grace"]) == 0
    assert "GRACE  GGGGG" in capsys.readouterr().out


def test_terminal_output_uses_coloured_tiles() -> None:
    from rich.console import Console

    from autobot.cli.solve import interact, render_row
    from autobot.solver import SolverConfig, make_solver

    row = render_row("crane", "XYGXX", styled=True)
    assert row.plain == " C   R   A   N   E  "
    styles = [str(span.style) for span in row.spans]
    assert styles[:3] == [
        "bold white on bright_black", "bold black on yellow", "bold white on green"
    ]
    # The whole dialogue through a terminal-style console, with a '[' that rich must not parse.
    out = io.StringIO()
    solver = make_solver(SolverConfig(strategy="entropy", start="salet"))
    assert interact(solver, False, io.StringIO("[xxxx\nxxxxx\nggggg\n"), out, styled=True) == 0
    text = out.getvalue()
    assert "'[' is not a colour" in text and "solved in 2/6" in text
    console = Console(force_terminal=True, color_system="truecolor", file=io.StringIO())
    console.print(row)
    assert "\x1b[" in console.file.getvalue()  # real ANSI colours on a terminal
