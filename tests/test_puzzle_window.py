"""Unruly and Solo (Debian's sgt-puzzles) won hands-free by `autobot live --game unruly|solo`
under a private Xvfb: the window is the real app, the end state is read from its pixels and
checked against the game ID's solution; and the puzzle CLI's bad input and bench wiring."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import require_desktop

from autobot.bench.puzzle_window import app_env, app_window, window_solved

ROOT = Path(__file__).resolve().parents[1]


def _have_app(app: str) -> bool:
    return bool(shutil.which(f"sgt-{app}") or shutil.which(f"/usr/games/sgt-{app}"))


def _require_puzzle_desktop() -> None:
    """Skip locally without Xvfb/pyautogui/sgt-puzzles; in CI (CI=true) that is a failure."""
    require_desktop([f"sgt-{a} (apt-get install sgt-puzzles)" for a in ("unruly", "solo")
                     if not _have_app(a)])


@pytest.fixture(scope="module")
def xdisplay(desktop_tools: None) -> Iterator[dict[str, str]]:
    """A private 800x700 Xvfb; yields the environment for processes that use it."""
    _require_puzzle_desktop()
    from autobot.drivers.desktop import virtual_display

    with virtual_display((800, 700)) as env:
        yield {**os.environ, **env}


def _screen_solved(env: dict[str, str], app: str, game_id: str,
                   monkeypatch: pytest.MonkeyPatch) -> tuple[bool, str]:
    """The check from the window's pixels (mss on the test's display, in this process)."""
    from autobot.drivers.desktop import MssScreen

    for name in ("DISPLAY", "XAUTHORITY"):
        monkeypatch.setenv(name, env[name])
    with MssScreen() as screen:
        return window_solved(screen.grab(), app, game_id)


@pytest.mark.desktop
@pytest.mark.parametrize(("app", "game_id", "look", "tile"), [
    ("unruly", "6x6:ACeHcbCEDc", "dark", 24),  # sgt-unruly --generate 1 '6x6dn#1'
    ("solo", "2x3:a5d4_6a5g4_2g5a3_6d2a", "default", 32),  # sgt-solo --generate 1 '2x3db#1'
])
def test_live_wins_a_real_sgt_window(xdisplay: dict[str, str], tmp_path: Path, app: str,
                                     game_id: str, look: str, tile: int,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    with app_window(app, game_id, {**xdisplay, **app_env(app, look, tile)}):
        time.sleep(0.5)
        before, _ = _screen_solved(xdisplay, app, game_id, monkeypatch)
        assert not before  # the puzzle starts unsolved: the check below can fail
        out = tmp_path / "game.json"
        done = subprocess.run([sys.executable, "-m", "autobot", "live", "--game", app,
                               "--json", str(out)], env=xdisplay, cwd=ROOT,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stdout + done.stderr
        solved, why = _screen_solved(xdisplay, app, game_id, monkeypatch)
        assert solved, why
    game = json.loads(out.read_text())
    assert game["won"] and game["moves"] == len(game["latency_ms"]) > 0
    # The focus watchdog was on: it locked onto the app's window and asked before each move.
    assert game["focus_checks"] >= game["moves"] and app in game["focus_window"].lower()


@pytest.mark.desktop
def test_live_puzzle_stops_when_another_window_takes_the_focus(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from x_windows import THIEF, openbox_display

    _require_puzzle_desktop()
    # sgt-unruly --generate 1 '12x12dn#1': about 100 cells to click, the steal lands mid-puzzle
    game_id = "12x12:EDEBABAFEDAeKfabCbkcNGcicbbnaDEa"
    out = tmp_path / "game.json"
    with openbox_display((1024, 768)) as env, \
            app_window("unruly", game_id, {**env, **app_env("unruly", "default", 24)}):
        # A chat beside the puzzle (not over it): only the focus tells that it took over.
        thief = subprocess.Popen([sys.executable, "-c", THIEF, "740", "40", "240", "160"],
                                 env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 text=True)
        try:
            assert thief.stdout is not None
            up = thief.stdout.readline().split()
            assert up[0] == "up", up
            run = subprocess.Popen([sys.executable, "-m", "autobot", "live", "--game", "unruly",
                                    "--json", str(out)], env={**env, "PYTHONUNBUFFERED": "1"},
                                   cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True)
            try:
                assert run.stdout is not None
                lines = []
                while not any(line.startswith("one click gives") for line in lines):
                    line = run.stdout.readline()
                    assert line, "".join(lines) + run.communicate(timeout=60)[1]
                    lines.append(line)
                # Clicking is under way (about 100 cells to go). The bot is held between two
                # of its looks (a loaded machine could otherwise finish the grid first) while
                # the chat is activated, as on a new message; then it goes on.
                run.send_signal(signal.SIGSTOP)
                try:
                    subprocess.run(["xdotool", "windowactivate", "--sync", up[1]], env=env,
                                   check=True, timeout=30)
                finally:
                    run.send_signal(signal.SIGCONT)
                rest, err = run.communicate(timeout=60)
            finally:
                if run.poll() is None:
                    run.kill()
                    run.wait()
            time.sleep(0.5)  # anything still on its way would show by now
            solved, _ = _screen_solved(env, "unruly", game_id, monkeypatch)
        finally:
            thief.communicate("", timeout=30)  # stdin closed: it exits
    assert run.returncode == 4, "".join(lines) + rest + err
    line = err.strip()
    assert len(line.splitlines()) == 1 and line.startswith("autobot: error: safety stop"), err
    assert '"Team chat" (Thief, window 0x' in line and "took the keyboard focus" in line
    assert not solved  # it stopped clicking mid-puzzle, not after the last cell
    record = json.loads(out.read_text())
    assert (record["exit_code"], record["reason"], record["won"]) == (4, "focus_lost", False)
    assert "unruly" in record["focus_window"].lower() and record["focus_checks"] > 0


@pytest.mark.desktop
def test_live_puzzle_killed_mid_game_records_the_moves_made(
        xdisplay: dict[str, str], tmp_path: Path) -> None:
    """SIGTERM mid-puzzle: exit 143 and the puzzle's own record with the moves made so far."""
    game_id = "12x12:EDEBABAFEDAeKfabCbkcNGcicbbnaDEa"  # about 100 cells to click
    out = tmp_path / "game.json"
    out.write_text('{"won": true, "from": "an older game"}')
    with app_window("unruly", game_id, {**xdisplay, **app_env("unruly", "default", 24)}):
        time.sleep(0.5)
        run = subprocess.Popen([sys.executable, "-m", "autobot", "live", "--game", "unruly",
                                "--json", str(out)], env={**xdisplay, "PYTHONUNBUFFERED": "1"},
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
        try:
            assert run.stdout is not None
            lines: list[str] = []
            while not any(line.startswith("one click gives") for line in lines):
                line = run.stdout.readline()
                assert line, "".join(lines) + run.communicate(timeout=60)[1]
                lines.append(line)
            run.send_signal(signal.SIGTERM)
            _, err = run.communicate(timeout=60)
        finally:
            if run.poll() is None:
                run.kill()
                run.wait()
    assert run.returncode == 143, err
    assert err.strip() == "autobot: interrupted (SIGTERM)"
    record = json.loads(out.read_text())
    assert (record["exit_code"], record["reason"], record["signal"]) == (
        143, "interrupted", "SIGTERM")
    assert record["puzzle"] == "unruly" and record["won"] is False
    assert record["moves"] >= 1 and len(record["placed"]) == record["moves"]
    assert record["size"] == "12x12" and record["focus_checks"] >= 1


def test_window_check_tells_a_start_frame_from_a_won_one() -> None:
    import cv2

    data = ROOT / "tests" / "data" / "puzzles"
    for stem in ("unruly-8x8dn-default-30px", "solo-2x3db-dark-32px"):
        side = json.loads((data / f"{stem}-won.json").read_text())
        for moment, want in (("start", False), ("won", True)):
            frame = cv2.cvtColor(cv2.imread(str(data / f"{stem}-{moment}.png")),
                                 cv2.COLOR_BGR2RGB)
            assert window_solved(frame, side["app"], side["id"])[0] is want


def test_live_puzzle_refuses_word_game_options(capsys: pytest.CaptureFixture[str]) -> None:
    from autobot.cli import main

    assert main(["live", "--game", "solo", "--advise"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "--advise" in err


@pytest.mark.skipif(not _have_app("unruly"), reason="sgt-puzzles not installed")
def test_bench_game_ohhi_runs_the_solver_bench(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    env = {**os.environ, "AUTOBOT_CACHE": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-m", "autobot", "bench", "--game", "ohhi",
                           "--games", "1", "--json", str(out)], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    doc = json.loads(out.read_text())
    assert doc["schema"] == "autobot-bench/1"  # the one bench shape, as every game's
    runs = [run["summary"] for run in doc["runs"]]
    assert len(runs) == 24 and all(s["games"] == s["won"] == 1 for s in runs)
    assert all(s["extra"]["count"] == s["extra"]["solved_checked"] == 1 for s in runs)


def test_solve_and_read_a_puzzle_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    from autobot.cli import main

    assert main(["solve", "--game", "solo", "--puzzle", "2x2:a1d2b3d3a"]) == 0
    out = capsys.readouterr().out.splitlines()
    from autobot.games.puzzles import sudoku

    grid = [int(ch) for row in out[:4] for ch in row]
    assert sudoku.check(sudoku.parse_solo("2x2:a1d2b3d3a"), grid) == []
    assert "propagation" in out[4]
    assert main(["solve", "--game", "sudoku", "--puzzle", "0" * 81]) == 1
    assert "more than one" in capsys.readouterr().out
    assert main(["solve", "--game", "ohhi", "--puzzle", "6x6:AAAzj"]) == 1
    assert "no solution" in capsys.readouterr().out
    assert main(["solve", "--game", "ohhi"]) == 2
    assert "--puzzle" in capsys.readouterr().err
    shot = ROOT / "tests" / "data" / "puzzles" / "solo-3x3di-default-40px-start.png"
    assert main(["read", "--game", "sudoku", "--json", str(shot)]) == 0
    read = json.loads(capsys.readouterr().out)
    side = json.loads(shot.with_suffix(".json").read_text())
    assert read["grid"] == side["grid"] and read["boxes"] == [3, 3]
