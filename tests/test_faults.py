"""Faults a run meets from outside, each ending in its documented exit code with a record and
nothing left behind: a signal in the first second (before the parser is even built), the page
server gone mid-game, a browser killed under `bench --browser --parallel 2`.

(A signal mid-game, a browser killed under `play` and an unreachable page are in
`tests/test_shutdown.py`.)
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import require_chromium, session_members

from autobot.harness.record import early_json_path

OLD = '{"won": true, "from": "an older game"}'


def _leftovers(sid: int, tmp: Path) -> tuple[list[str], list[Path]]:
    """What a run left: its session's processes, Chromium profiles in its TMPDIR."""
    members = session_members(sid)
    for _ in range(50):  # a helper killed by the reaper may take a moment to be gone
        if not members:
            break
        time.sleep(0.1)
        members = session_members(sid)
    return members, list(tmp.glob("autobot-chromium-*"))


def _autobot(tmp_path: Path, *args: str) -> subprocess.Popen[str]:
    """`autobot ARGS` in its own session, its TMPDIR in tmp_path (to count its profiles)."""
    env = {**os.environ, "TMPDIR": str(tmp_path), "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen([sys.executable, "-m", "autobot", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env,
                            start_new_session=True, text=True)


def _catches(pid: int, signum: int) -> bool:
    """Has process `pid` a handler for `signum` yet (its SigCgt mask in /proc)?"""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    mask = next(int(line.split()[1], 16) for line in status.splitlines()
                if line.startswith("SigCgt:"))
    return bool(mask >> (signum - 1) & 1)


# --- a signal in the first second --------------------------------------------------------------


@pytest.mark.parametrize(("argv", "path"), [
    (["play", "--json", "g.json", "--answer", "eerie"], "g.json"),
    (["play", "--json=g.json"], "g.json"),
    (["live", "--json", "g.json"], "g.json"),
    (["live", "--advise", "--json", "g.json"], None),  # nothing typed, nothing recorded
    (["bench", "--browser", "--json", "b.json"], "b.json"),
    (["bench", "--json", "b.json"], None),  # the solver bench writes only when it ends
    (["bench", "--browser", "--parallel", "2", "--jsonl", "b.jsonl"], None),
    (["read", "--json", "r.json", "a.png"], None),
    (["play", "--json"], None),
    ([], None),
])
def test_the_record_path_is_known_before_the_parser(argv: list[str], path: str | None) -> None:
    assert early_json_path(argv) == path


def test_a_sigterm_while_the_parser_is_built_leaves_no_older_record(tmp_path: Path) -> None:
    """SIGTERM as soon as autobot can catch it (its handler is the first thing `main` does; the
    parser, with every command's imports, takes a second or more after that): exit 143, and the
    record says interrupted instead of an older game's "won"."""
    out = tmp_path / "game.json"
    out.write_text(OLD)
    os.utime(out, (time.time() - 60, time.time() - 60))  # written a minute ago
    proc = _autobot(tmp_path, "play", "--answer", "eerie", "--json", str(out))
    try:
        while not _catches(proc.pid, signal.SIGTERM):
            assert proc.poll() is None, proc.communicate()
            time.sleep(0.001)
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 143, err
    assert err.strip() == "autobot: interrupted (SIGTERM)"
    data = json.loads(out.read_text())
    assert (data.get("exit_code"), data.get("reason"), data.get("signal")) == (
        143, "interrupted", "SIGTERM"), data
    assert data["won"] is False and data["guesses"] == []
    assert _leftovers(proc.pid, tmp_path) == ([], [])
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary beside it


def test_an_interrupt_never_overwrites_the_record_this_run_wrote(tmp_path: Path) -> None:
    from autobot.harness.record import record_early_interrupt
    from autobot.shutdown import Interrupted

    out = tmp_path / "game.json"
    started = time.time() - 5
    out.write_text('{"won": true, "exit_code": 0}')  # this run's own record, just written
    record_early_interrupt(["play", "--json", str(out)], Interrupted(signal.SIGTERM), started)
    assert json.loads(out.read_text())["won"] is True
    os.utime(out, (started - 60, started - 60))  # an older run's
    record_early_interrupt(["play", "--json", str(out)], Interrupted(signal.SIGTERM), started)
    assert json.loads(out.read_text())["reason"] == "interrupted"
    # The benchmark's record keeps the benchmark's shape.
    from autobot.bench.model import SCHEMA

    bench = tmp_path / "bench.json"
    record_early_interrupt(["bench", "--browser", "--json", str(bench)], Interrupted(signal.SIGHUP),
                           started)
    assert json.loads(bench.read_text()) == {
        "schema": SCHEMA, "runs": [], "exit_code": 129, "reason": "interrupted",
        "error": "interrupted (SIGHUP)", "signal": "SIGHUP"}


# --- the page server stopped mid-game ----------------------------------------------------------


@pytest.mark.browser
def test_the_page_server_stopped_mid_game_does_not_stop_the_game(tmp_path: Path) -> None:
    """`autobot serve` in its own process, `autobot play --url` on its page, the server
    stopped (SIGTERM) after the first row: a loaded page needs no server, so the game plays
    on to its win (exit 0, its record), and neither run leaves anything behind."""
    from autobot.page.server import page_url

    require_chromium()
    out = tmp_path / "game.json"
    out.write_text(OLD)
    server = _autobot(tmp_path, "serve")
    play = None
    try:
        assert server.stdout is not None
        base = server.stdout.readline().strip()
        assert base.startswith("http://127.0.0.1:"), server.stderr
        play = _autobot(tmp_path, "play", "--url", page_url(base, answer="alien", anim=False),
                        "--json", str(out))
        assert play.stdout is not None
        assert play.stdout.readline().strip(), play.stderr  # the first scored row
        server.send_signal(signal.SIGTERM)
        server.communicate(timeout=30)
        assert server.returncode == 143  # the server's own end says which signal stopped it
        _, err = play.communicate(timeout=120)
    finally:
        for proc in (server, play):
            if proc is not None and proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
    assert play.returncode == 0, err
    data = json.loads(out.read_text())
    assert (data["exit_code"], data["reason"], data["won"]) == (0, "won", True)
    assert len(data["guesses"]) == 2  # SALET, then ALIEN played after the server had gone
    for proc in (server, play):
        assert _leftovers(proc.pid, tmp_path) == ([], [])


# --- a browser killed under `bench --browser --parallel 2` -------------------------------------


def _browsers(sid: int) -> list[tuple[int, int]]:
    """(Chromium, its chromedriver) of each browser of session `sid`: the main Chromium
    processes, each one chromedriver's child."""
    members = dict(m.split(" ", 1) for m in session_members(sid))
    found = []
    for pid, name in members.items():
        if name != "chromium":
            continue
        try:
            with_parent = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue  # gone since the list was made
        parent = with_parent[with_parent.rindex(")") + 2:].split()[1]
        if members.get(parent) == "chromedriver":
            found.append((int(pid), int(parent)))
    return found


@pytest.mark.browser
def test_browsers_and_drivers_killed_under_a_parallel_bench_are_retried_nothing_leaks(
        tmp_path: Path) -> None:
    """Three games on two browsers; when the first has landed, both sessions die under the
    games they play: one Chromium is SIGKILLed, the other's chromedriver (its Chromium then runs
    on, orphaned). Each game is played again on a fresh browser, the run ends 0 with every game
    won, its summary record says so, and no process or profile of the run is left."""
    require_chromium()
    summary, lines = tmp_path / "bench.json", tmp_path / "games.jsonl"
    summary.write_text(OLD)
    bench = _autobot(tmp_path, "bench", "--browser", "--parallel", "2", "--games", "3",
                     "--seed", "3", "--jsonl", str(lines), "--json", str(summary))
    try:
        deadline = time.monotonic() + 180
        while not (lines.exists() and lines.read_text().strip()):
            assert bench.poll() is None and time.monotonic() < deadline, bench.communicate()
            time.sleep(0.02)
        browsers = _browsers(bench.pid)
        assert len(browsers) == 2
        os.kill(browsers[0][0], signal.SIGKILL)  # a browser crash
        os.kill(browsers[1][1], signal.SIGKILL)  # a driver crash
        out, err = bench.communicate(timeout=240)
    finally:
        if bench.poll() is None:
            os.killpg(bench.pid, signal.SIGKILL)
    assert bench.returncode == 0, out + err
    data = json.loads(summary.read_text())["runs"][0]["summary"]
    assert (data["won"], data["games"], data["failed"]) == (3, 3, 0), data
    assert data["extra"]["retries"] >= 1
    assert data["extra"]["leaks"] == {"sessions": [], "processes": [], "profiles": []}
    records = [json.loads(line) for line in lines.read_text().splitlines()]
    assert sorted(r["game"] for r in records) == [1, 2, 3]
    assert any(r.get("retries", 0) >= 1 for r in records)
    assert "left over: 0 Grid sessions, 0 browser processes, 0 profiles" in out
    assert _leftovers(bench.pid, tmp_path) == ([], [])


@pytest.mark.browser
def test_a_sigterm_under_a_parallel_bench_records_the_games_that_landed(tmp_path: Path) -> None:
    """SIGTERM once both browsers are up: each worker ends the game it holds and quits its
    browser; exit 143, and `--json` holds those games with reason interrupted (it used to keep
    an older file), nothing left behind."""
    require_chromium()
    summary, lines = tmp_path / "bench.json", tmp_path / "games.jsonl"
    summary.write_text(OLD)
    os.utime(summary, (time.time() - 60, time.time() - 60))
    bench = _autobot(tmp_path, "bench", "--browser", "--parallel", "2", "--games", "2",
                     "--seed", "3", "--jsonl", str(lines), "--json", str(summary))
    try:
        deadline = time.monotonic() + 120
        while len(_browsers(bench.pid)) < 2:
            assert bench.poll() is None and time.monotonic() < deadline, bench.communicate()
            time.sleep(0.05)
        bench.send_signal(signal.SIGTERM)
        _, err = bench.communicate(timeout=240)
    finally:
        if bench.poll() is None:
            os.killpg(bench.pid, signal.SIGKILL)
    assert bench.returncode == 143, err
    assert err.strip().endswith("autobot: interrupted (SIGTERM)")
    doc = json.loads(summary.read_text())
    assert (doc.get("exit_code"), doc.get("reason")) == (143, "interrupted"), doc
    landed = [json.loads(line) for line in lines.read_text().splitlines()]
    assert doc["runs"][0]["summary"]["games"] == len(landed) >= 1
    assert _leftovers(bench.pid, tmp_path) == ([], [])
