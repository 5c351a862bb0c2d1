"""The closed loop on the real thing: the bundled page in real headless Chromium.

One page server and one browser per scale serve every game (module fixtures); most games run
with animations off, a few with them on. Each game is checked against Wordle's own scoring.
"""

from __future__ import annotations

import io
import json
import os
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import require_chromium

from autobot.cli import main
from autobot.drivers.driver import SeleniumDriver
from autobot.loop import BotConfig, GameResult, play_game
from autobot.players import Confirm
from autobot.rules import Turn, hard_mode_violation, score
from autobot.solver import GameState, SolverConfig, make_solver

pytestmark = pytest.mark.browser


def _browser(scale: float) -> Iterator[Any]:
    require_chromium()
    from autobot.drivers.browser import BrowserConfig, open_browser

    with open_browser(BrowserConfig(window_size=(1280, 1024), scale=scale)) as web:
        yield web


@pytest.fixture(scope="module")
def browser1() -> Iterator[Any]:
    yield from _browser(1.0)


@pytest.fixture(scope="module")
def browser2() -> Iterator[Any]:
    yield from _browser(2.0)


@pytest.fixture(scope="module")
def solver() -> Any:
    return make_solver(SolverConfig())


@pytest.fixture(scope="module")
def hard_solver() -> Any:
    return make_solver(SolverConfig(hard=True))


def play_page(web: Any, base: str, strategy: Any, answer: str, *, hard: bool = False,
              **page: Any) -> GameResult:
    """Load the bundled page for `answer` and let the bot play it."""
    from autobot.page.server import page_url

    web.get(page_url(base, answer=answer, hard=hard, **page))
    return play_game(SeleniumDriver(web), strategy, BotConfig(hard=hard))


def assert_won_truthfully(result: GameResult, answer: str) -> None:
    assert result.won, f"lost {answer}: {result.guesses} {result.marks}"
    assert result.guesses[-1] == answer
    # The colours the bot read off the screen are exactly Wordle's scoring of each guess.
    assert result.marks == [score(g, answer) for g in result.guesses]


# (answer, theme, contrast, anim) at scale 1: double letters, every palette, some animated.
GAMES_SCALE_1 = [
    ("speed", "light", False, False),
    ("mamma", "light", False, False),
    ("robot", "light", False, False),
    ("llama", "light", False, False),
    ("eerie", "light", False, False),
    ("speed", "dark", False, False),
    ("mamma", "dark", False, False),
    ("robot", "dark", False, False),
    ("llama", "dark", False, False),
    ("eerie", "dark", False, False),
    ("fluff", "light", True, False),
    ("hippo", "light", True, False),
    ("geese", "dark", True, False),
    ("daddy", "dark", True, False),
    ("cigar", "light", False, False),
    ("nanny", "dark", False, False),
    ("robot", "light", False, True),
    ("eerie", "dark", True, True),
]
GAMES_SCALE_2 = [
    ("speed", "light", False, False),
    ("llama", "dark", False, False),
    ("mamma", "light", True, False),
    ("eerie", "dark", True, False),
    ("robot", "dark", False, True),
]


@pytest.mark.parametrize(("answer", "theme", "contrast", "anim"), GAMES_SCALE_1)
def test_wins_at_scale_1(browser1: Any, base: str, solver: Any, answer: str, theme: str,
                         contrast: bool, anim: bool) -> None:
    result = play_page(browser1, base, solver, answer, theme=theme, contrast=contrast, anim=anim)
    assert_won_truthfully(result, answer)


@pytest.mark.parametrize(("answer", "theme", "contrast", "anim"), GAMES_SCALE_2)
def test_wins_at_scale_2(browser2: Any, base: str, solver: Any, answer: str, theme: str,
                         contrast: bool, anim: bool) -> None:
    result = play_page(browser2, base, solver, answer, theme=theme, contrast=contrast, anim=anim)
    assert_won_truthfully(result, answer)


@pytest.mark.parametrize("answer", ["mamma", "vivid"])
def test_hard_mode_win_with_only_legal_guesses(browser1: Any, base: str, hard_solver: Any,
                                               answer: str) -> None:
    result = play_page(browser1, base, hard_solver, answer, hard=True, anim=False)
    assert_won_truthfully(result, answer)
    history: list[Turn] = []
    for turn in result.turns:
        assert hard_mode_violation(turn.guess, history) is None, turn
        history.append(turn)


class NonWordFirst:
    """A strategy whose first proposal is a word no Wordle accepts; then the real solver."""

    def __init__(self, solver: Any, word: str) -> None:
        self.solver = solver
        self.word = word

    def next_guess(self, state: GameState) -> str:
        if self.word not in state.banned:
            return self.word
        return self.solver.next_guess(state)


@pytest.mark.parametrize("anim", [False, True])
def test_a_word_the_page_refuses_is_erased_and_replaced(browser1: Any, base: str, solver: Any,
                                                        anim: bool) -> None:
    result = play_page(browser1, base, NonWordFirst(solver, "xxxxx"), "robot", anim=anim)
    assert result.rejected == ("xxxxx",)
    assert_won_truthfully(result, "robot")


def test_a_lost_game_is_read_to_the_last_row(browser1: Any, base: str) -> None:
    words = ["crane", "spilt", "dumpy", "fight", "bowel", "knack"]

    class Losing:
        def next_guess(self, state: GameState) -> str:
            return words[len(state.history)]

    result = play_page(browser1, base, Losing(), "robot", anim=False)
    assert not result.won
    assert result.guesses == words
    assert result.marks == [score(w, "robot") for w in words]


def test_a_game_in_progress_is_resumed(browser1: Any, base: str, solver: Any) -> None:
    result = play_page(browser1, base, solver, "eerie", anim=False, guesses=("crane", "spilt"))
    assert result.guesses[:2] == ["crane", "spilt"]
    assert_won_truthfully(result, "eerie")


def test_confirm_skip_and_edit_through_the_prompt(browser1: Any, base: str, solver: Any) -> None:
    answers = io.StringIO("s\ne crane\n" + "\n" * 6)
    wrapper = Confirm(solver, input_stream=answers, output=io.StringIO())
    result = play_page(browser1, base, wrapper, "llama", anim=False)
    assert result.guesses[0] == "crane"
    assert_won_truthfully(result, "llama")


def test_confirm_quit_stops_before_typing(browser1: Any, base: str, solver: Any) -> None:
    wrapper = Confirm(solver, input_stream=io.StringIO("q\n"), output=io.StringIO())
    result = play_page(browser1, base, wrapper, "llama", anim=False)
    assert not result.won and result.turns == () and result.stopped


# --- the command line ------------------------------------------------------------------------


def test_cli_play_writes_json(tmp_path: Path, capsys: Any) -> None:
    require_chromium()
    out = tmp_path / "game.json"
    code = main(["play", "--answer", "mamma", "--theme", "dark", "--no-anim", "--key-delay", "20",
                 "--json", str(out)])
    printed = capsys.readouterr().out
    assert code == 0, printed
    data = json.loads(out.read_text())
    assert data["won"] is True and data["guesses"][-1] == "mamma"
    assert data["marks"] == [score(g, "mamma") for g in data["guesses"]]
    assert set(data["timings"]) == {"capture_ms", "read_ms", "decide_ms", "type_ms", "settle_ms",
                                     "reveal_ms"}
    assert all(data["timings"][k] > 0 for k in ("capture_ms", "read_ms", "settle_ms"))
    assert data["seconds"] > 0
    assert "🟩🟩🟩🟩🟩" in printed and "won in" in printed


def test_cli_play_any_page_by_url(base: str, capsys: Any) -> None:
    require_chromium()
    from autobot.page.server import page_url

    url = page_url(base, answer="speed", contrast=True, anim=False)
    assert main(["play", "--url", url]) == 0
    assert "🟧🟧🟧🟧🟧" in capsys.readouterr().out


def test_cli_play_confirm_edits_every_row_and_loses_with_exit_1(
    tmp_path: Path, capsys: Any, monkeypatch: Any
) -> None:
    require_chromium()
    words = ["crane", "spilt", "dumpy", "fight", "bowel", "knack"]
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"e {w}\n" for w in words)))
    out = tmp_path / "lost.json"
    code = main(["play", "--answer", "robot", "--no-anim", "--confirm", "--json", str(out)])
    assert code == 1
    data = json.loads(out.read_text())
    assert data["won"] is False and data["guesses"] == words
    assert data["marks"] == [score(w, "robot") for w in words]
    assert "lost in 6 guesses" in capsys.readouterr().out


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_cli_play_through_a_remote_webdriver(tmp_path: Path) -> None:
    require_chromium()
    port = _free_port()
    server = subprocess.Popen(
        ["/usr/bin/chromedriver", f"--port={port}"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):  # wait for it to listen (up to ~10 s)
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.1)
        out = tmp_path / "remote.json"
        code = main(["play", "--remote", f"http://127.0.0.1:{port}", "--answer", "llama",
                     "--no-anim", "--json", str(out)])
        assert code == 0
        assert json.loads(out.read_text())["guesses"][-1] == "llama"
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["play", "--answer", "zzzzz"], "not in the word list"),
        (["play", "--window-size", "12"], "WxH"),
        (["play", "--scale", "0"], "out of range"),
        (["play", "--key-delay", "-5"], "out of range"),
        (["play", "--theme", "blue"], "invalid choice"),
        (["play", "--url", "http://127.0.0.1:9/", "--answer", "crane"], "only applies"),
        (["play", "--start", "qqqqq"], "qqqqq"),
        (["play", "--strategy", "nope"], "unknown strategy"),
        (["play", "--url", "notaurl"], "not a page address: 'notaurl'"),  # before any browser
        (["play", "--profile", "no-such-profile"], "no calibration profile 'no-such-profile'"),
    ],
)
def test_cli_play_bad_input_is_one_line_exit_2(argv: list[str], needle: str, capsys: Any) -> None:
    require_chromium()  # a bad --url is only found out by the browser
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert needle in err and err.count("\n") == 1


def test_cli_play_unreachable_remote_is_exit_5(capsys: Any) -> None:
    assert main(["play", "--remote", f"http://127.0.0.1:{_free_port()}", "--no-anim"]) == 5
    assert "127.0.0.1" in capsys.readouterr().err


def test_bench_browser_plays_and_writes_json(tmp_path: Path, capsys: Any) -> None:
    require_chromium()
    out = tmp_path / "bench.json"
    assert main(["bench", "--browser", "--games", "2", "--json", str(out)]) == 0
    doc = json.loads(out.read_text())
    assert doc["exit_code"] == 0 and doc["reason"] == "won"
    (run,) = doc["runs"]
    data = run["summary"]
    assert data["games"] == 2 and data["won"] == 2 and data["mode"] == "browser"
    assert data["extra"]["anim"] is False and data["game_s"]["median"] > 0
    for result in run["records"]:
        assert result["guesses"][-1] == result["answer"] and result["won"]
        assert result["marks"] == [score(g, result["answer"]) for g in result["guesses"]]
        assert len(result["decision_ms"]) == len(result["guesses"])
    steps = data["extra"]["steps"]
    assert set(steps) == {"capture_ms", "read_ms", "decide_ms", "type_ms", "settle_ms",
                          "reveal_ms"}
    assert steps["read_ms"]["n"] > 0
    text = capsys.readouterr().out
    assert "p95" in text and "wordle, strategy optimal, browser: 2 games (seed 1)" in text


@pytest.mark.parametrize("size", ["412x915", "1366x768"])
def test_cli_play_phone_and_short_windows(size: str, tmp_path: Path) -> None:
    require_chromium()
    out = tmp_path / "g.json"
    assert main(["play", "--answer", "eerie", "--no-anim", "--window-size", size,
                 "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["marks"] == [score(g, "eerie") for g in data["guesses"]]


def _processes_mentioning(text: str) -> list[int]:
    """PIDs whose command line contains `text` (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except OSError:
                continue
            if text in cmdline:
                found.append(int(entry.name))
    return found


def test_a_long_tmpdir_still_starts_chromium(tmp_path: Path) -> None:
    """Chromium's singleton socket lives under TMPDIR: a nested temp dir (a test runner's, here
    past the 107 characters a socket path holds) made it exit at start ("Chrome instance
    exited"); the browser is now started with a short TMPDIR and its profile stays in ours."""
    require_chromium()
    import sys

    from autobot.drivers.browser import SOCKET_ROOM, chromium_env

    deep = tmp_path / ("d" * max(1, SOCKET_ROOM + 10 - len(str(tmp_path))))
    deep.mkdir()
    assert len(str(deep)) > SOCKET_ROOM
    env = chromium_env(str(deep))
    assert env is not None and env["TMPDIR"] == "/tmp"
    assert chromium_env("/tmp") is None
    done = subprocess.run(
        [sys.executable, "-m", "autobot", "play", "--answer", "eerie", "--no-anim"],
        env={**os.environ, "TMPDIR": str(deep)}, capture_output=True, text=True, timeout=180,
    )
    assert done.returncode == 0, done.stderr
    assert "won" in done.stdout
    assert list(deep.glob("autobot-chromium-*")) == []  # the profile was made here and removed


@pytest.mark.parametrize("whole_group", [False, True])
def test_ctrl_c_quits_the_browser_and_removes_its_profile(tmp_path: Path,
                                                          whole_group: bool) -> None:
    require_chromium()
    import signal
    import sys

    env = {**os.environ, "TMPDIR": str(tmp_path), "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "autobot", "play", "--answer", "eerie", "--anim"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, start_new_session=True,
        text=True,
    )
    try:
        first = proc.stdout.readline()  # the first scored row: the game is under way
        assert first.strip(), proc.stderr.read()
        assert list(tmp_path.glob("autobot-chromium-*")), "the profile lives in TMPDIR"
        if whole_group:
            os.killpg(proc.pid, signal.SIGINT)  # what a terminal's Ctrl-C does
        else:
            proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=60) == 130
    finally:
        if proc.poll() is None:
            proc.kill()
    for _ in range(100):  # Chromium's helpers may take a moment to exit
        if not _processes_mentioning(str(tmp_path)):
            break
        time.sleep(0.1)
    assert _processes_mentioning(str(tmp_path)) == []
    assert list(tmp_path.glob("autobot-chromium-*")) == []
