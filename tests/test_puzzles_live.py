"""Unruly and Solo (Debian's sgt-puzzles) won hands-free by `autobot live --game unruly|solo`
under a private Xvfb: the window is the real app, the end state is read from its pixels and
checked against the game ID's solution; and the puzzle CLI's bad input and bench wiring."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import require_desktop

from autobot.bench.puzzles_live import app_env, app_window, window_solved

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
    sets = json.loads(out.read_text())["sets"]
    assert len(sets) == 24 and all(s["count"] == s["solved_checked"] == 1 for s in sets)


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
