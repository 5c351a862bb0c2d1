"""Game traces (`--trace DIR`): the recording wrapper, the trace folder, its replay, and real
games on the bundled page that do not win (lost, stopped, interrupted by SIGTERM)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from autobot.cli import main
from autobot.drivers.recording import record_driver, record_screen, sink_of
from autobot.errors import BadInput, SafetyStop
from autobot.harness.record import GameRecord, keep_game, traced_game
from autobot.harness.trace import Trace, prepare_folder, read_entry, read_lines
from autobot.vision import load_image, read_board

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "fixtures" / "screenshots" / "absurdle_dark_desk.png"  # 3 scored rows


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


class FakeScreen:
    """Frames from a list, then the last one again; `grab` falls back on `grab_full` (as
    SeleniumScreen's does with no clip), so a nested grab must be recorded once."""

    def __init__(self, frames: list[np.ndarray]) -> None:
        self.frames = frames
        self.shown = 0
        self.last_kind = "full"

    def grab_full(self) -> np.ndarray:
        frame = self.frames[min(self.shown, len(self.frames) - 1)]
        self.shown += 1
        return frame

    def grab(self) -> np.ndarray:
        return self.grab_full()


class FakeDriver:
    """Keys that do nothing; a `type_word` on the click rung clicks (a nested send)."""

    def __init__(self, screen: FakeScreen) -> None:
        self.screen = screen
        self.rung = "keys"
        self.sent: list[str] = []

    def type_word(self, word: str) -> None:
        if self.rung == "click":
            for _ in word:
                self.click(1.0, 2.0)
        self.sent.append(word)

    def press_enter(self) -> None:
        raise SafetyStop("enter refused")

    def erase(self, n: int) -> None:
        self.sent.append(f"-{n}")

    def press_escape(self) -> None:
        pass

    def click(self, x: float, y: float) -> None:
        self.sent.append(f"click {x},{y}")


def solid(value: int, shape: tuple[int, int] = (40, 60)) -> np.ndarray:
    return np.full((*shape, 3), value, dtype=np.uint8)


# --- the trace folder ----------------------------------------------------------------------


def test_repeated_frames_are_stored_once_with_their_count(tmp_path: Path) -> None:
    ticks = iter(float(i) for i in range(100))
    trace = Trace(tmp_path / "t", clock=lambda: next(ticks))
    a, b = solid(10), solid(200)
    b2 = b.copy()  # the same pixels in another array
    numbers = [trace.frame(f) for f in (a, a, b, b2, b, a)]
    assert numbers == [1, 1, 2, 2, 2, 3]
    trace.close()
    frames = lines(tmp_path / "t" / "frames.jsonl")
    assert [(f["n"], f["count"]) for f in frames] == [(1, 2), (2, 3), (3, 1)]
    assert frames[1]["t"] < frames[1]["last_t"]
    assert frames[0]["size"] == [60, 40]
    stored = load_image(tmp_path / "t" / frames[1]["file"])
    assert np.array_equal(stored, b)  # lossless, RGB kept RGB
    manifest = json.loads((tmp_path / "t" / "trace.json").read_text())
    assert (manifest["frames"], manifest["grabs"], manifest["closed"]) == (3, 6, True)


def test_a_read_names_its_frame_and_repeats_are_not_written(tmp_path: Path) -> None:
    frame = load_image(FIXTURE)
    read = read_board(frame)
    with Trace(tmp_path / "t") as trace:
        trace.frame(frame)
        trace.read(frame, read)
        trace.read(frame, read)  # the loop's cached read of the same pixels: one line
        other = frame.copy()
        other[:10] = 0
        trace.read(other, read)  # a frame never grabbed is stored when it is read
    reads = lines(tmp_path / "t" / "reads.jsonl")
    assert [r["frame"] for r in reads] == [1, 2]
    assert reads[0]["rows"][:3] == [["CRANE", "XXXXX"], ["SLOTH", "XYXXX"], ["PUDGY", "XXXXG"]]
    assert reads[0]["found"] and reads[0]["settled"] and reads[0]["theme"] == "dark"
    x0, y0, x1, y1 = reads[0]["box"]
    assert 0 <= x0 < x1 <= frame.shape[1] and 0 <= y0 < y1 <= frame.shape[0]


def test_the_entry_of_a_many_board_read_keeps_each_board() -> None:
    from autobot.vision.boards import BoardsRead

    one = read_board(load_image(FIXTURE))
    entry = read_entry(BoardsRead(True, True, (one, one)))
    assert len(entry["boards"]) == 2 and entry["boards"][1]["rows"] == entry["boards"][0]["rows"]
    assert entry["rows"] == entry["boards"][0]["rows"] * 2  # the loop's view: all in turn
    assert read_entry(read_board(solid(255)))["rows"] == []  # nothing found: no rows


def test_the_folder_must_be_new_empty_or_an_older_trace(tmp_path: Path) -> None:
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "notes.txt").write_text("mine")
    with pytest.raises(BadInput, match="not empty and holds no trace"):
        prepare_folder(busy)
    assert (busy / "notes.txt").exists()
    old = tmp_path / "old"
    with Trace(old) as trace:
        trace.frame(solid(1))
    with Trace(old):
        pass
    assert not list((old / "frames").iterdir())  # the older trace's frames are gone
    (tmp_path / "file").write_text("")
    with pytest.raises(BadInput, match="cannot write"):
        prepare_folder(tmp_path / "file" / "sub")


def test_a_trace_flag_to_an_unwritable_place_is_one_line_before_any_browser(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """No browser starts (the audit hook would fail this unmarked test): exit 2, one line."""
    blocker = tmp_path / "file"
    blocker.write_text("")
    for argv in (["play", "--trace", str(blocker / "t")],
                 ["live", "--advise", "--trace", str(blocker / "t")],
                 ["bench", "--browser", "--games", "1", "--trace", str(blocker / "t")]):
        assert main(argv) == 2
        err = capsys.readouterr().err.strip()
        assert err.startswith("autobot: error: --trace: cannot write") and "\n" not in err
    assert main(["bench", "--trace", str(tmp_path / "t")]) == 2  # not a browser bench
    assert "--trace is for `bench --browser`" in capsys.readouterr().err


def test_a_broken_last_line_is_skipped_any_other_is_bad_input(tmp_path: Path) -> None:
    path = tmp_path / "reads.jsonl"
    path.write_text('{"frame": 1}\n{"frame": 2')  # killed in the middle of a line
    assert read_lines(path) == [{"frame": 1}]
    path.write_text('{"frame": 1\n{"frame": 2}\n')
    with pytest.raises(BadInput, match="line 1 is not JSON"):
        read_lines(path)


# --- the recording wrapper -----------------------------------------------------------------


def test_keys_clicks_and_frames_are_recorded_once_with_times_and_errors(tmp_path: Path) -> None:
    screen = FakeScreen([solid(1), solid(2)])
    driver = FakeDriver(screen)
    with Trace(tmp_path / "t") as trace:
        record_driver(driver, trace)
        assert sink_of(driver) is trace
        driver.screen.grab()  # grab -> grab_full: one frame
        driver.type_word("salet")
        with pytest.raises(SafetyStop):
            driver.press_enter()
        driver.rung = "click"  # set on the driver itself, as the key ladder does
        driver.type_word("ab")  # two clicks inside it, recorded as within the word
        driver.erase(2)
        record_driver(driver, None)  # off: nothing more is recorded, the keys still go
        driver.erase(1)
    assert driver.sent == ["salet", "click 1.0,2.0", "click 1.0,2.0", "ab", "-2", "-1"]
    actions = lines(tmp_path / "t" / "actions.jsonl")
    assert [(a["action"], a.get("text"), a.get("n"), a["rung"]) for a in actions] == [
        ("type", "salet", None, "keys"), ("enter", None, None, "keys"),
        ("click", None, None, "click"), ("click", None, None, "click"),
        ("type", "ab", None, "click"), ("erase", None, 2, "click")]
    assert [a.get("within", False) for a in actions] == [False] * 2 + [True] * 2 + [False] * 2
    assert (actions[2]["x"], actions[2]["y"]) == (1.0, 2.0)
    assert actions[1]["error"] == "SafetyStop: enter refused"
    assert all(a["after_frame"] == 1 and a["ms"] >= 0 for a in actions)
    outer = [a["t"] for a in actions if not a.get("within")]
    assert outer == sorted(outer)
    assert len(lines(tmp_path / "t" / "frames.jsonl")) == 1
    assert screen.shown == 1


def test_a_guard_finds_the_trace_of_the_driver_it_wraps(tmp_path: Path) -> None:
    class Guard:
        def __init__(self, inner: Any) -> None:
            self.inner, self.screen = inner, FakeScreen([solid(3)])

    inner = FakeDriver(FakeScreen([solid(1)]))
    with Trace(tmp_path / "t") as trace:
        record_driver(inner, trace)
        assert sink_of(Guard(inner)) is trace
        screen = FakeScreen([solid(9)])
        record_screen(screen, trace)
        assert sink_of(type("D", (), {"screen": screen})()) is trace
    assert sink_of(FakeDriver(FakeScreen([solid(1)]))) is None


def test_a_failed_game_writes_its_record_into_the_trace_and_closes_it(tmp_path: Path) -> None:
    record = GameRecord(None, str(tmp_path / "t"))
    with pytest.raises(SafetyStop), record.on_any_exit():
        record.trace.frame(solid(5))  # type: ignore[union-attr]
        raise SafetyStop("keys never reached the page", reason="keys_not_reaching")
    data = json.loads((tmp_path / "t" / "record.json").read_text())
    assert (data["exit_code"], data["reason"], data["won"]) == (4, "safety_stop", False)
    assert data["error"] == "keys never reached the page"
    assert record.trace is not None and record.trace.closed
    assert len(lines(tmp_path / "t" / "frames.jsonl")) == 1


def test_a_bench_keeps_the_trace_of_a_lost_game_only(tmp_path: Path) -> None:
    """The recording is switched off between games; a won game's folder is deleted."""
    from autobot.loop.result import GameResult, Timings
    from autobot.rules import Turn

    driver = FakeDriver(FakeScreen([solid(1), solid(2)]))
    for number, guesses in ((1, ["salet", "crane"]), (2, ["salet", "beard"])):
        with traced_game(driver, str(tmp_path), f"game-{number}", {"answer": "crane"}) \
                as record:
            driver.screen.grab()
            driver.type_word(guesses[-1])
            turns = tuple(Turn(g, "GGGGG" if g == "crane" else "XXXXX") for g in guesses)
            result = GameResult(won=guesses[-1] == "crane", turns=turns, rejected=(),
                                seconds=1.0, timings=Timings())
            keep_game(record, {**result.to_json(), "answer": "crane"}, result.won)
        assert sink_of(driver) is None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game-2"]
    data = json.loads((tmp_path / "game-2" / "record.json").read_text())
    assert (data["reason"], data["exit_code"], data["answer"]) == ("lost", 1, "crane")
    assert lines(tmp_path / "game-2" / "actions.jsonl")[0]["text"] == "beard"


# --- replay --------------------------------------------------------------------------------


def make_trace(folder: Path) -> None:
    """A trace of one fixture frame read by the reader, as a game would leave it."""
    frame = load_image(FIXTURE)
    with Trace(folder) as trace:
        trace.frame(frame)
        trace.read(frame, read_board(frame))


def test_replay_passes_on_a_trace_and_fails_on_a_board_corrected_by_hand(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "t"
    make_trace(folder)
    assert main(["replay", str(folder)]) == 0
    assert "1 passed, 0 failed" in capsys.readouterr().out
    assert main(["replay", str(tmp_path)]) == 0  # a folder of traces: each one
    assert "PASS  t/000001" in capsys.readouterr().out
    assert main(["replay", str(folder), "--expect", "1"]) == 0  # the bot's read, to edit
    sidecar = folder / "frames" / "000001.json"
    assert str(sidecar) in capsys.readouterr().out
    assert main(["replay", str(folder)]) == 0  # as the bot read it: still a pass
    data = json.loads(sidecar.read_text())
    data["expected"]["rows"][1] = ["SLOTH", "XYXXY"]  # "the bot misread the last tile"
    sidecar.write_text(json.dumps(data))
    assert main(["replay", str(folder), "--expect", "1"]) == 0  # never overwrites a correction
    assert json.loads(sidecar.read_text()) == data
    assert main(["replay", str(folder), "--expect", "7"]) == 2
    assert "the bot read no frame 7 (read: 1)" in capsys.readouterr().err
    assert main(["replay", str(folder)]) == 1
    out = capsys.readouterr().out
    assert "FAIL  t/000001" in out and "row 2: expected SLOTH XYXXY got SLOTH XYXXX" in out


@pytest.mark.parametrize(("damage", "message"), [
    (lambda f: (f / "trace.json").write_text("{"), "not a readable trace"),
    (lambda f: (f / "trace.json").write_text('{"kind": "other"}'),
     "does not describe an autobot trace"),
    (lambda f: (f / "reads.jsonl").unlink(), "holds no reads"),
    (lambda f: (f / "frames" / "000001.png").unlink(), "000001.png is missing"),
    (lambda f: (f / "reads.jsonl").write_text('{"t": 1}\n{"t": 2}\n'), "a line without frame"),
    (lambda f: (f / "reads.jsonl").write_text(""), "holds no frame the bot read"),
])
def test_a_bad_trace_is_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           damage: Any, message: str) -> None:
    folder = tmp_path / "t"
    make_trace(folder)
    damage(folder)
    assert main(["replay", str(folder)]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and "\n" not in err and err.startswith("autobot: error:")


# --- real games on the bundled page --------------------------------------------------------


def bundled_url(base: str, **query: str) -> str:
    return base + "/?" + "&".join(f"{k}={v}" for k, v in query.items())


@pytest.mark.usefixtures("chromium")
def test_a_lost_game_leaves_a_full_trace_that_replays(tmp_path: Path) -> None:
    """A two-row board whose answer is not found in two guesses: lost (exit 1); its trace
    holds every read frame, the keys with times, the events and the record, and replays."""
    from autobot.page.server import serve_page

    folder = tmp_path / "trace"
    with serve_page() as base:
        code = main(["play", "--url", bundled_url(base, answer="crane", rows="2", anim="0"),
                     "--trace", str(folder)])
    assert code == 1
    record = json.loads((folder / "record.json").read_text())
    assert (record["exit_code"], record["reason"], record["won"]) == (1, "lost", False)
    guesses = record["guesses"]
    assert len(guesses) == 2
    actions = lines(folder / "actions.jsonl")
    typed = [a["text"] for a in actions if a["action"] == "type"]
    assert typed == guesses and sum(a["action"] == "enter" for a in actions) == 2
    assert all(a["t"] > 0 and a["rung"] == "keys" for a in actions)
    events = lines(folder / "events.jsonl")
    assert [e["guess"] for e in events if e["kind"] == "row"] == guesses
    frames = lines(folder / "frames.jsonl")
    assert all((folder / f["file"]).is_file() for f in frames)
    reads = lines(folder / "reads.jsonl")
    assert {r["frame"] for r in reads} <= {f["n"] for f in frames}
    # (a later frame may show the page's answer toast over a row)
    final = [r for r in reads if [row[0] for row in r["rows"]] == [g.upper() for g in guesses]]
    assert final, reads[-1]
    assert main(["replay", "-q", str(folder)]) == 0
    # The final board, corrected by hand to what the bot did not read: a failure.
    wrong = [["CRANE", "GGGGG"], *final[0]["rows"][1:]]
    (folder / f"frames/{final[0]['frame']:06d}.json").write_text(json.dumps(
        {"expected": {"found": True, "rows": wrong}}))
    assert main(["replay", "-q", str(folder)]) == 1


@pytest.mark.usefixtures("chromium")
def test_a_stopped_bench_game_leaves_its_trace(tmp_path: Path) -> None:
    """A window too small for the board: the benchmark's first game stops (no board, exit 3)
    and leaves DIR/game-1 with its frames and the record saying why."""
    folder = tmp_path / "traces"
    code = main(["bench", "--browser", "--games", "1", "--window-size", "400x300",
                 "--trace", str(folder)])
    assert code == 3
    record = json.loads((folder / "game-1" / "record.json").read_text())
    assert (record["exit_code"], record["reason"]) == (3, "no_board")
    assert lines(folder / "game-1" / "frames.jsonl")
    manifest = json.loads((folder / "game-1" / "trace.json").read_text())
    assert manifest["closed"] and manifest["game"] == 1 and manifest["answer"]
    # The folder of traces replays as a whole: every read said "no board", and still does.
    assert lines(folder / "game-1" / "reads.jsonl")[0]["found"] is False
    assert main(["replay", "-q", str(folder)]) == 0


@pytest.mark.usefixtures("chromium")
def test_a_game_interrupted_by_sigterm_leaves_a_trace_with_its_record(tmp_path: Path) -> None:
    folder = tmp_path / "trace"
    env = {**os.environ, "TMPDIR": str(tmp_path), "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "autobot", "play", "--answer", "crane", "--trace", str(folder)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env,
        start_new_session=True, text=True, cwd=ROOT)
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip(), proc.stderr  # the first scored row
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 143, err
    record = json.loads((folder / "record.json").read_text())
    assert (record["exit_code"], record["reason"], record["signal"]) == (
        143, "interrupted", "SIGTERM")
    assert record["guesses"][:1] == ["salet"]
    assert json.loads((folder / "trace.json").read_text())["closed"] is True
    assert [a["text"] for a in lines(folder / "actions.jsonl") if a["action"] == "type"][:1] \
        == ["salet"]
    frames = lines(folder / "frames.jsonl")
    assert frames and all((folder / f["file"]).is_file() for f in frames)
    assert not list((folder / "frames").glob(".*"))  # no half-written picture left


@pytest.mark.usefixtures("chromium")
def test_a_lost_live_game_on_a_desktop_leaves_its_trace(desktop_tools: None,
                                                        tmp_path: Path) -> None:
    """`autobot live --launch` on a private Xvfb: the board search's reads, the focus click,
    the keys, and the record of the lost game, all in the trace (the desktop path's edges)."""
    from autobot.drivers.desktop import virtual_display
    from autobot.page.server import serve_page

    folder = tmp_path / "trace"
    with virtual_display((1280, 1024)) as display_env, serve_page() as base:
        env = {**os.environ, **display_env, "TMPDIR": str(tmp_path)}
        done = subprocess.run(
            [sys.executable, "-m", "autobot", "live", "--launch",
             bundled_url(base, answer="crane", rows="2", anim="0"), "--trace", str(folder)],
            env=env, cwd=ROOT, input="", capture_output=True, text=True, timeout=240)
    assert done.returncode == 1, done.stdout + done.stderr
    record = json.loads((folder / "record.json").read_text())
    assert (record["exit_code"], record["reason"], len(record["guesses"])) == (1, "lost", 2)
    actions = lines(folder / "actions.jsonl")
    assert actions[0]["action"] == "click"  # the click that gives the page the focus
    assert [a["text"] for a in actions if a["action"] == "type"] == record["guesses"]
    reads = lines(folder / "reads.jsonl")
    assert reads[0]["t"] < actions[0]["t"] and reads[0]["found"]  # the board search's read
    assert main(["replay", "-q", str(folder)]) == 0


@pytest.mark.usefixtures("chromium")
def test_the_live_bench_dump_is_a_trace(desktop_tools: None, tmp_path: Path) -> None:
    """`python -m autobot.bench.live --dump DIR`: a window too small for the board stops the
    first game (no board); DIR/ANSWER is that game's trace, its record saying why."""
    folder = tmp_path / "dump"
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "autobot.bench.live", "--games", "1", "--xvfb", "--no-anim",
         "--window", "0,0,320,240", "--dump", str(folder), "--json", str(tmp_path / "b.json")],
        env=env, cwd=ROOT, capture_output=True, text=True, timeout=240)
    assert done.returncode == 3, done.stdout + done.stderr
    (trace,) = list(folder.iterdir())
    record = json.loads((trace / "record.json").read_text())
    assert (record["exit_code"], record["reason"]) == (3, "no_board")
    manifest = json.loads((trace / "trace.json").read_text())
    assert manifest["answer"] == trace.name and manifest["closed"]
    reads = lines(trace / "reads.jsonl")  # the board search's reads: nothing found
    assert reads and not any(r["found"] for r in reads)
    assert all((trace / f["file"]).is_file() for f in lines(trace / "frames.jsonl"))
