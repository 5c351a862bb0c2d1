"""One way out: signals, browser deaths and unreachable pages all clean up and leave a record."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import require_chromium, session_members

from autobot.errors import AutobotError, browser_failure
from autobot.harness.record import GameRecord, exit_of, outcome, verdict_line
from autobot.harness.report import check_writable, write_json
from autobot.shutdown import Interrupted, exit_code_of, signal_of, signals_as_interrupt

# --- the signal handler (pure, in this process) ------------------------------------------------


@pytest.mark.parametrize(("signum", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143),
                                              (signal.SIGHUP, 129)])
def test_each_signal_becomes_an_interrupt_with_the_shells_exit_code(signum: int, code: int
                                                                    ) -> None:
    with pytest.raises(KeyboardInterrupt) as caught, signals_as_interrupt():
        os.kill(os.getpid(), signum)
        time.sleep(5)  # the handler runs before this returns
    assert isinstance(caught.value, Interrupted)
    assert exit_code_of(caught.value) == code
    assert signal_of(caught.value) == signal.Signals(signum).name
    assert signal.getsignal(signal.SIGTERM) is not None  # restored, not left as ours
    assert signal.getsignal(signal.SIGTERM).__class__.__name__ != "_Handler"


def test_a_second_signal_during_cleanup_is_held_back_and_a_third_obeyed() -> None:
    cleaned = []
    with pytest.raises(KeyboardInterrupt) as third, signals_as_interrupt() as received:
        try:
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(5)
        except Interrupted:
            os.kill(os.getpid(), signal.SIGHUP)  # e.g. the terminal's group-wide one
            time.sleep(0.05)
            cleaned.append("done")  # cleanup went on
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(5)
    assert cleaned == ["done"]
    assert received == [signal.SIGTERM, signal.SIGHUP, signal.SIGINT]
    assert exit_code_of(third.value) == 130


def test_a_plain_keyboard_interrupt_is_sigint() -> None:
    assert exit_code_of(KeyboardInterrupt()) == 130
    assert signal_of(KeyboardInterrupt()) == "SIGINT"


# --- exit reasons and the record -----------------------------------------------------------------


class _SeleniumLike(Exception):
    """Stands for a Selenium error without importing Selenium."""


_SeleniumLike.__module__ = "selenium.common.exceptions"


@pytest.mark.parametrize(("exc", "phase", "code", "reason"), [
    (Interrupted(signal.SIGTERM), "game", 143, "interrupted"),
    (KeyboardInterrupt(), "browser", 130, "interrupted"),
    (AutobotError("x", 5), "browser", 5, "browser_unavailable"),
    (AutobotError("x", 5), "page", 5, "page_unreachable"),
    (AutobotError("x", 5), "game", 5, "browser_died"),
    (AutobotError("x", 4), "game", 4, "safety_stop"),
    (AutobotError("x", 3), "game", 3, "no_board"),
    (AutobotError("x", 2), "setup", 2, "bad_input"),
    (_SeleniumLike("invalid session id\nstack"), "game", 5, "browser_died"),
    (ConnectionRefusedError(111, "refused"), "game", 5, "browser_died"),
    (ValueError("boom"), "game", 1, "error"),
])
def test_every_way_out_has_an_exit_code_and_a_stable_reason(exc: BaseException, phase: str,
                                                            code: int, reason: str) -> None:
    got_code, got_reason, error = exit_of(exc, phase)
    assert (got_code, got_reason) == (code, reason)
    assert "\n" not in error


def test_a_browser_failure_is_one_line_and_other_errors_are_not_one() -> None:
    line = browser_failure(_SeleniumLike("invalid session id\n#0 0x55 <unknown>"))
    assert line == "the browser stopped answering: _SeleniumLike: invalid session id"
    assert browser_failure(ValueError("x")) is None


def test_a_quit_is_not_a_loss_and_one_guess_is_singular() -> None:
    assert outcome(False, "quit at the confirm prompt") == "quit"
    assert outcome(False, None) == "lost" and outcome(True, None) == "won"
    assert verdict_line("lost", 1) == "lost in 1 guess"
    assert verdict_line("won", 3) == "won in 3 guesses"
    assert verdict_line("quit", 0) == "quit after 0 guesses"


def test_the_record_path_is_checked_first_and_missing_folders_are_made(tmp_path: Path) -> None:
    check_writable(str(tmp_path / "a" / "b" / "game.json"))
    assert (tmp_path / "a" / "b").is_dir()
    assert list((tmp_path / "a" / "b").iterdir()) == []  # the probe file is gone
    with pytest.raises(AutobotError, match="--json: cannot write .*: it is a folder"):
        check_writable(str(tmp_path))
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(AutobotError) as exc:
        GameRecord(str(blocker / "game.json"))  # a folder under a file: never writable
    assert exc.value.exit_code == 2 and "\n" not in str(exc.value)


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    write_json(str(out), {"won": True})
    with pytest.raises(TypeError):
        write_json(str(out), {"bad": object()})  # not JSON: fails before any file is touched
    tmp_path.chmod(0o500)
    try:
        if os.access(tmp_path, os.W_OK):
            pytest.skip("running as root: a read-only folder is still writable")
        with pytest.raises(AutobotError):
            write_json(str(out), {"won": False})
    finally:
        tmp_path.chmod(0o700)
    assert json.loads(out.read_text()) == {"won": True}
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


class _Event:
    def __init__(self, kind: str, guess: str, marks: str) -> None:
        self.kind, self.guess, self.marks = kind, guess, marks


def test_an_interrupted_game_records_the_rows_played_with_its_signal(tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    out.write_text('{"won": true}')  # an older game's record must not survive
    record = GameRecord(str(out))
    record.phase = "game"
    with pytest.raises(KeyboardInterrupt), record.on_any_exit():
        record.note(_Event("row", "salet", "XYXXG"))
        record.note(_Event("note", "", ""))
        raise Interrupted(signal.SIGTERM)
    data = json.loads(out.read_text())
    assert data["won"] is False
    assert (data["exit_code"], data["reason"], data["signal"]) == (143, "interrupted", "SIGTERM")
    assert data["guesses"] == ["salet"] and data["marks"] == ["XYXXG"]


def _chromedriver_gone() -> Exception:
    """What Selenium raises once chromedriver has died (a Selenium-module error, no import)."""
    return _SeleniumLike("HTTPConnectionPool(host='localhost', port=1): Max retries exceeded "
                         "with url: /session/x/screenshot (Connection refused)")


def _game_record(tmp_path: Path) -> tuple[Path, GameRecord]:
    out = tmp_path / "game.json"
    out.write_text('{"won": true}')  # an older game's record must not survive
    record = GameRecord(str(out))
    record.phase = "game"
    return out, record


def test_a_browser_gone_before_the_signal_is_handled_ends_as_the_interrupt(tmp_path: Path
                                                                          ) -> None:
    """A closed terminal signals the whole group: chromedriver can be dead, and the next call
    to it failed, before the handler here has run. The run ends as that interrupt."""
    out, record = _game_record(tmp_path)
    late = threading.Timer(0.1, os.kill, (os.getpid(), signal.SIGHUP))
    with pytest.raises(KeyboardInterrupt) as caught, signals_as_interrupt():
        with record.on_any_exit():
            record.note(_Event("row", "salet", "XYXXG"))
            late.start()  # the signal arrives after the browser's failure, as it did on CI
            raise _chromedriver_gone()
    late.join()
    assert exit_code_of(caught.value) == 129
    assert isinstance(caught.value.__cause__, _SeleniumLike)  # what was seen first is kept
    data = json.loads(out.read_text())
    assert (data["exit_code"], data["reason"], data["signal"]) == (129, "interrupted", "SIGHUP")
    assert data["guesses"] == ["salet"]


def test_a_signal_whose_interrupt_was_swallowed_still_ends_the_run_as_one(tmp_path: Path
                                                                         ) -> None:
    """A library's catch-all (or a finaliser) may eat the Interrupted; the browser's failure that
    follows is still the signal's doing."""
    out, record = _game_record(tmp_path)
    with pytest.raises(KeyboardInterrupt) as caught, signals_as_interrupt():
        with record.on_any_exit():
            try:
                os.kill(os.getpid(), signal.SIGTERM)
                time.sleep(5)
            except BaseException:  # noqa: BLE001 - the swallowing library
                pass
            raise AutobotError("the browser stopped answering", 5)
    assert exit_code_of(caught.value) == 143
    assert json.loads(out.read_text())["reason"] == "interrupted"


def test_a_browser_that_dies_with_no_signal_is_still_a_dead_browser(tmp_path: Path) -> None:
    out, record = _game_record(tmp_path)
    with pytest.raises(_SeleniumLike), signals_as_interrupt(), record.on_any_exit():
        raise _chromedriver_gone()  # waited SIGNAL_GRACE_S for a signal: none came
    data = json.loads(out.read_text())
    assert (data["exit_code"], data["reason"]) == (5, "browser_died")


def test_a_reason_the_game_set_is_kept_when_the_exit_agrees(tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    record = GameRecord(str(out))
    record.write({"won": False, "exit_code": 4, "reason": "out_of_step"}, exit_code=4,
                 reason="safety_stop")
    assert json.loads(out.read_text())["reason"] == "out_of_step"
    record.write({"won": False, "exit_code": 4, "reason": "out_of_step"}, exit_code=143,
                 reason="interrupted")
    assert json.loads(out.read_text())["reason"] == "interrupted"


def test_the_profile_reaper_ends_what_still_runs_on_the_profile(tmp_path: Path) -> None:
    from autobot.drivers.browser import processes_using, remove_profile

    profile = tmp_path / "autobot-chromium-test"
    profile.mkdir()
    # A process that names the profile and ignores SIGTERM, as a wedged Chromium helper might.
    stray = subprocess.Popen([sys.executable, "-c", "import signal, time; signal.signal("
                              "signal.SIGTERM, signal.SIG_IGN); print('ready', flush=True); "
                              "time.sleep(60)", str(profile)], stdout=subprocess.PIPE, text=True)
    try:
        assert stray.stdout.readline().strip() == "ready"  # SIGTERM is ignored from here on
        remove_profile(str(profile), timeout=0.2)
        assert stray.wait(timeout=10) == -signal.SIGKILL
        assert processes_using(str(profile)) == []
        assert not profile.exists()
    finally:
        stray.kill()


# --- real runs: a real Chromium stopped by a signal or a fault mid-game -------------------------


def _leftovers(proc: subprocess.Popen[str], tmp: Path) -> tuple[list[str], list[Path]]:
    """What the run left: its session's processes, Chromium profiles in its TMPDIR."""
    for _ in range(50):  # a helper killed by the reaper may take a moment to be gone
        members = session_members(proc.pid)
        if not members:
            break
        time.sleep(0.1)
    return members, list(tmp.glob("autobot-chromium-*"))


def _start_game(tmp_path: Path, out: Path, *extra: str) -> subprocess.Popen[str]:
    """`autobot play --json OUT` in its own session (its TMPDIR in tmp_path), started."""
    out.write_text('{"won": true, "from": "an older game"}')
    env = {**os.environ, "TMPDIR": str(tmp_path), "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(
        [sys.executable, "-m", "autobot", "play", "--answer", "eerie", "--json", str(out),
         *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
        env=env, start_new_session=True, text=True)


@pytest.mark.browser
@pytest.mark.parametrize(("signum", "whole_group"), [(signal.SIGTERM, False),
                                                     (signal.SIGHUP, True)])
def test_a_signal_mid_game_quits_everything_and_writes_the_record(
        tmp_path: Path, signum: int, whole_group: bool) -> None:
    """SIGTERM to autobot alone (`timeout`, systemd) and SIGHUP to the whole group (a closed
    terminal: chromedriver and Chromium get it too) end the same way."""
    require_chromium()
    out = tmp_path / "game.json"
    proc = _start_game(tmp_path, out)
    try:
        first = proc.stdout.readline()  # the first scored row: the game is under way
        assert first.strip(), proc.stderr.read()
        if whole_group:
            os.killpg(proc.pid, signum)
        else:
            proc.send_signal(signum)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 128 + signum, err
    assert err.strip() == f"autobot: interrupted ({signal.Signals(signum).name})"
    members, profiles = _leftovers(proc, tmp_path)
    assert members == [] and profiles == []
    data = json.loads(out.read_text())
    assert (data["exit_code"], data["reason"]) == (128 + signum, "interrupted")
    assert data["won"] is False and len(data["guesses"]) >= 1  # the rows played so far


@pytest.mark.browser
@pytest.mark.parametrize(("argv", "under_way", "shape"), [
    # Tuble: a station row printed; the record is Tuble's, with the rows played.
    (["--game", "tuble"], lambda line: bool(line.strip()),
     lambda data: data["game"] == "tuble" and len(data["rows"]) >= 1
     and data["guesses"] == len(data["rows"])),
    # 0h h1 on the bundled page (12x12: ~70 clicks): the first cell placed; the record is the
    # puzzle's, with the moves made.
    (["--game", "ohhi", "--answer", "12:77"], lambda line: line.startswith("one click gives"),
     lambda data: data["puzzle"] == "unruly" and data["moves"] >= 1
     and len(data["placed"]) == data["moves"]),
], ids=["tuble", "ohhi"])
def test_a_signal_mid_game_records_the_games_own_shape_so_far(
        chromium: None, tmp_path: Path, argv: list[str], under_way: Any, shape: Any) -> None:
    """Games with records of their own (Tuble's stations, a puzzle's moves) end on SIGTERM as
    Wordle does: exit 143, nothing left running, and the game so far in its own shape."""
    out = tmp_path / "game.json"
    out.write_text('{"won": true, "from": "an older game"}')
    env = {**os.environ, "TMPDIR": str(tmp_path), "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "autobot", "play", *argv, "--json", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env,
        start_new_session=True, text=True)
    try:
        assert proc.stdout is not None
        seen = []
        while not seen or not under_way(seen[-1]):
            line = proc.stdout.readline()
            assert line, "".join(seen) + proc.communicate(timeout=60)[1]
            seen.append(line)
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 143, err
    assert err.strip() == "autobot: interrupted (SIGTERM)"
    members, profiles = _leftovers(proc, tmp_path)
    assert members == [] and profiles == []
    data = json.loads(out.read_text())
    assert (data["exit_code"], data["reason"], data["signal"]) == (143, "interrupted", "SIGTERM")
    assert data["won"] is False and shape(data), data


@pytest.mark.browser
def test_a_browser_killed_mid_game_is_exit_5_with_a_record(tmp_path: Path) -> None:
    require_chromium()
    out = tmp_path / "game.json"
    proc = _start_game(tmp_path, out)
    try:
        assert proc.stdout.readline().strip(), proc.stderr.read()
        browsers = [int(m.split()[0]) for m in session_members(proc.pid)
                    if m.split()[1] == "chromium"]
        assert browsers
        for pid in browsers:
            os.kill(pid, signal.SIGKILL)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 5, err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert err.startswith("autobot: error: the browser stopped answering")
    members, profiles = _leftovers(proc, tmp_path)
    assert members == [] and profiles == []
    data = json.loads(out.read_text())
    assert (data["exit_code"], data["reason"]) == (5, "browser_died")


@pytest.mark.browser
def test_an_unreachable_page_writes_its_record(tmp_path: Path, capsys: Any) -> None:
    import socket

    from autobot.cli import main

    require_chromium()
    with socket.socket() as sock:  # a port nothing listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    out = tmp_path / "new" / "game.json"  # its folder is made, as for the other commands
    assert main(["play", "--url", f"http://127.0.0.1:{port}/", "--json", str(out)]) == 5
    assert "ERR_CONNECTION_REFUSED" in capsys.readouterr().err
    data = json.loads(out.read_text())
    assert (data["exit_code"], data["reason"], data["guesses"]) == (5, "page_unreachable", [])


def test_an_unwritable_record_is_refused_before_anything_starts(tmp_path: Path,
                                                               capsys: Any) -> None:
    from autobot.cli import main

    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["play", "--json", str(blocker / "game.json")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("autobot: error: --json: cannot write") and err.count("\n") == 1


@pytest.mark.browser
def test_a_quit_at_the_prompt_is_not_a_loss(tmp_path: Path, capsys: Any,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from autobot.cli import main

    require_chromium()
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    out = tmp_path / "game.json"
    assert main(["play", "--confirm", "--no-anim", "--answer", "eerie", "--json", str(out)]) == 1
    printed = capsys.readouterr().out
    assert "quit after 0 guesses" in printed and "lost in" not in printed
    data = json.loads(out.read_text())
    assert (data["exit_code"], data["reason"], data["won"]) == (1, "quit", False)
