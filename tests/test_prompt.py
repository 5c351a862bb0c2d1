"""The one prompt loop (`autobot.app.prompt`): every game's reply through it, the shared commands
(quit, end of input, help, a bad reply) the same for every session that asks a person."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from autobot.app.prompt import Prompt, reply_asker
from autobot.errors import UserQuit
from autobot.games import find_game
from autobot.rules import marks_to_code

ROOT = Path(__file__).resolve().parent.parent
AGAIN = "; try again ('help' explains)"


def asked(game_name: str, length: int, typed: str) -> tuple[int | None, str]:
    """The code the loop returns for `typed` lines, and everything it wrote."""
    out = io.StringIO()
    code = reply_asker(find_game(game_name, length), io.StringIO(typed), out)("guess")
    return code, out.getvalue()


# Each game's reply, through the same loop: (game, length, a bad line, a good line, its code).
REPLIES = [
    ("wordle", 5, "xxqxx", "_?!__", marks_to_code("XYGXX")),
    ("wordle", 7, "xyg", "GGGGGGG", marks_to_code("G" * 7)),
    ("absurdle", 5, "🟩🟩", "⬛🟨🟩⬛⬛", marks_to_code("XYGXX")),
    ("fibble", 5, "gggg", "b y g b b", marks_to_code("XYGXX")),
    ("jotto", 5, "7", "3", 3),
    ("jotto", 5, "two", "win", 6),
    ("tuble", 5, "purple 3", "orange 7", 2 * 64 + 7),
    ("tuble", 5, "o", "win", 0),
]


@pytest.mark.parametrize(("name", "length", "bad", "good", "code"), REPLIES)
def test_each_games_reply_through_the_one_loop(name: str, length: int, bad: str, good: str,
                                               code: int) -> None:
    game = find_game(name, length)
    got, said = asked(name, length, f"{bad}\n{good}\n")
    assert got == code == game.parse_reply(good)
    # The bad line is one line of why, then the game's own question again.
    assert said.count(game.reply_question) == 2
    lines = said.replace(game.reply_question, "").splitlines()
    assert len(lines) == 1 and lines[0].startswith("  ") and lines[0].endswith(AGAIN)
    with pytest.raises(ValueError):
        game.parse_reply(bad)


@pytest.mark.parametrize("name", ["wordle", "absurdle", "fibble", "jotto", "tuble"])
@pytest.mark.parametrize("typed", ["quit\n", "q\n", "EXIT\n", "", "help\n", "nonsense!\nq\n"])
def test_quit_and_end_of_input_stop_every_game(name: str, typed: str) -> None:
    game = find_game(name)
    code, said = asked(name, 5, typed)
    assert code is None  # the session's "the person stopped" (exit 1)
    if typed == "help\n":  # help, then the question again, then the input ends
        assert game.reply_help in said and said.count(game.reply_question) == 2
    prompt = Prompt(io.StringIO(typed), io.StringIO(), game.reply_help, where="test prompt")
    with pytest.raises(UserQuit) as err:
        prompt.ask(game.reply_question, game.parse_reply)
    assert err.value.exit_code == 1
    assert ("no more input" in str(err.value)) == (typed in ("", "help\n"))


def test_the_loop_passes_the_stripped_line_and_any_value() -> None:
    seen: list[str] = []

    def parse(text: str) -> tuple[str, int]:
        seen.append(text)
        if text == "":
            raise ValueError("nothing typed")
        return text, len(text)

    out = io.StringIO()
    prompt = Prompt(io.StringIO("   \n  Help me  \n"), out, "the help")
    assert prompt.ask("> ", parse) == ("Help me", 7)  # 'help' is the whole line, not a word
    assert seen == ["", "Help me"]
    assert out.getvalue() == f">   nothing typed{AGAIN}\n> "


# Every session that asks a person, wired as the CLI wires it: the same commands, the same
# one line for a bad reply, exit 1 when the person stops, nothing on stderr.
SESSIONS = [
    (["solve", "--start", "salet"], "colours> "),
    (["solve", "--boards", "2"], "board 1 colours> "),
    (["solve", "--game", "jotto"], "Score? "),
    (["solve", "--game", "absurdle"], "Colours? "),
    (["solve", "--game", "wordle", "--length", "6"], "Colours? "),
    (["solve", "--game", "tuble"], "Colour and stops? "),
]


@pytest.mark.parametrize(("argv", "question"), SESSIONS)
@pytest.mark.parametrize("stop", ["quit\n", ""])
def test_every_solve_session_shares_the_commands(argv: list[str], question: str, stop: str,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture) -> None:
    from autobot.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO(f"help\nnonsense!\n{stop}"))
    assert main(argv) == 1
    out, err = capsys.readouterr()
    assert err == ""
    assert out.count(question) == 3  # help, the bad reply: asked again each time
    assert len([line for line in out.splitlines() if line.endswith(AGAIN)]) == 1
    assert "Traceback" not in out


def test_the_confirm_prompt_is_the_same_loop() -> None:
    from autobot.players import CONFIRM_HELP, Confirm, Player
    from autobot.solver import GameState

    class Salet(Player):
        def next_guess(self, state: object) -> str:
            return "salet"

        def is_allowed(self, word: str) -> bool:
            return word in ("salet", "crane")

    for stop, why in (("quit\n", "quit at the confirm prompt"),
                      ("", "quit: no more input at the confirm prompt")):
        out = io.StringIO()
        confirm = Confirm(Salet(), input_stream=io.StringIO(f"help\nzzzzz\n{stop}"), output=out)
        with pytest.raises(UserQuit) as err:
            confirm.next_guess(GameState())
        assert str(err.value) == why and err.value.exit_code == 1
        said = out.getvalue()
        assert CONFIRM_HELP in said and said.count("guess 1: SALET") == 3
        assert f"  ZZZZZ is not in the word list{AGAIN}" in said


def test_only_the_prompt_loop_reads_a_person() -> None:
    """One place in the package reads a line a person typed: `autobot/app/prompt.py`."""
    readers = sorted(
        str(path.relative_to(ROOT)) for path in (ROOT / "autobot").rglob("*.py")
        # (a line from a child process's pipe, `proc.stdout.readline()`, is not a person's)
        if re.search(r"(?<!proc\.stdout)\.readline\(|\binput\(|stdin\.read",
                     path.read_text(encoding="utf-8"))
    )
    assert readers == ["autobot/app/prompt.py"]
