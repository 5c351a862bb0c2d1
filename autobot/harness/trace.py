"""A game's trace on disk (`--trace DIR`): what the bot saw, read, sent and how it ended.

    DIR/trace.json      what this is: version, start time (UTC), the command, totals
    DIR/frames/NNNNNN.png   every distinct frame grabbed, numbered from 1 (RGB, lossless)
    DIR/frames.jsonl    one line per stored frame: n, file, t (s from the start), last_t and
                        count (pixel-identical frames grabbed in a row are stored once), kind
                        ("full" viewport or a "clip" pasted into one), size [w, h]
    DIR/reads.jsonl     what the reader made of a frame: frame, t, found, settled, rows as
                        [LETTERS, MARKS] (DEVELOPERS.md's labels format), box [x0, y0, x1, y1],
                        reasons, theme, high_contrast; many boards: boards [{rows, box, ...}]
    DIR/actions.jsonl   keys, clicks and scrolls sent: t, ms, action (type, enter, erase,
                        escape, click, scroll, click_key), its arguments (text, n, x, y, dy,
                        label), rung, after_frame (the last frame grabbed before it), within
                        (a click the click rung made to type a word), error (the call raised)
    DIR/events.jsonl    the game loop's events (row, rejected, retype, escape, close, keys, ...)
    DIR/record.json     the game's record: the JSON `--json` writes, exit_code and reason

Every line is written as it happens and frames go to disk from a writer thread through a
short queue (memory stays bounded), so a game cut short (an error, SIGINT, SIGTERM) leaves a
trace that can be read; `close` finishes the frame index and `trace.json`.
`autobot replay DIR` replays a trace (`autobot.harness.replay`): each frame read is read
again and compared with the bot's read, or with `frames/NNNNNN.json` where a person corrected
it (a fixture sidecar: {"expected": {"found", "rows", "settled"?, "theme"?}};
`autobot replay DIR --expect N` writes one from the bot's read, to edit).
"""

from __future__ import annotations

import contextlib
import datetime
import json
import os
import queue
import shutil
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

import numpy as np

from autobot.errors import BadInput
from autobot.harness.report import write_atomic

VERSION = 1
MANIFEST = "trace.json"
FRAMES_DIR = "frames"
FRAMES = "frames.jsonl"
READS = "reads.jsonl"
ACTIONS = "actions.jsonl"
EVENTS = "events.jsonl"
RECORD = "record.json"
KIND = "autobot-trace"
QUEUE_FRAMES = 8  # frames waiting for the writer at most (then the game waits for the disk)
OWN_FILES = (MANIFEST, FRAMES, READS, ACTIONS, EVENTS, RECORD)


def frame_name(n: int) -> str:
    """The file of stored frame `n`, relative to the trace's folder."""
    return f"{FRAMES_DIR}/{n:06d}.png"


def prepare_folder(directory: str | Path, flag: str = "--trace") -> Path:
    """Make `directory` ready for a new trace, or fail now (bad input, one line): it must be
    new, empty, or an older trace (replaced); anything else is not ours to clear."""
    path = Path(directory)
    try:
        if path.exists() and not path.is_dir():
            raise BadInput(f"{flag}: {directory} is a file, not a folder")
        path.mkdir(parents=True, exist_ok=True)
        entries = list(path.iterdir())
        if entries and not (path / MANIFEST).is_file():
            raise BadInput(f"{flag}: {directory} is not empty and holds no trace: "
                           "give a new or empty folder")
        for entry in entries:
            if entry.name == FRAMES_DIR and entry.is_dir():
                shutil.rmtree(entry)
            elif entry.name in OWN_FILES or entry.name.startswith("."):
                entry.unlink()
        (path / FRAMES_DIR).mkdir()
        probe = path / ".probe"
        probe.write_text("", encoding="utf-8")
        probe.unlink()
    except OSError as exc:
        raise BadInput(f"{flag}: cannot write {directory}: {exc.strerror or exc}") from None
    return path


def check_folder(folder: str | Path, flag: str = "--trace") -> None:
    """A folder of traces (one per game) can be made and written in, or bad input now."""
    import tempfile

    try:
        Path(folder).mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        raise BadInput(f"{flag}: cannot write {folder}: {exc.strerror or exc}") from None


def rows_of(read: Any) -> list[list[str]]:
    """A read's rows as [LETTERS, MARKS] lists (none when nothing was found)."""
    if not getattr(read, "found", False):
        return []
    return [[str(letters), str(marks)] for letters, marks in getattr(read, "rows", ())]


def box_of(read: Any) -> list[int] | None:
    """The board's box [x0, y0, x1, y1] in frame pixels, when the read has one grid."""
    grid = getattr(read, "grid", None)
    bbox = getattr(grid, "bbox", None)
    if not callable(bbox):
        return None
    return [int(round(float(v))) for v in bbox()]


def read_entry(read: Any) -> dict[str, Any]:
    """What a read says, as one JSON-friendly dict (one board, or many boards' `boards`)."""
    entry: dict[str, Any] = {
        "found": bool(getattr(read, "found", False)),
        "settled": bool(getattr(read, "settled", False)),
        "rows": rows_of(read),
        "box": box_of(read),
        "reasons": [str(r) for r in getattr(read, "reasons", ()) or ()],
        "theme": getattr(read, "theme", None),
        "high_contrast": bool(getattr(read, "high_contrast", False)),
    }
    boards = getattr(read, "boards", None)
    if boards is not None:  # many boards: `rows` is every found board's rows in turn
        geometry = list(getattr(read, "geometry", ()) or ())
        entry["boards"] = []
        for i, board in enumerate(boards):
            one = {"found": bool(board.found), "settled": bool(board.settled),
                   "rows": rows_of(board), "box": box_of(board)}
            if one["box"] is None and i < len(geometry):
                with contextlib.suppress(AttributeError, TypeError, ValueError):
                    one["box"] = [int(round(float(v))) for v in geometry[i].bbox()]
            entry["boards"].append(one)
    return entry


def event_entry(event: Any) -> dict[str, Any]:
    """A loop event as a dict (its dataclass fields, or what it has of them)."""
    fields = ("kind", "row", "guess", "marks", "detail", "board")
    return {name: plain_value(getattr(event, name)) for name in fields if hasattr(event, name)}


def plain_value(value: Any) -> Any:
    """A value JSON can hold (tuples as lists, anything else odd as its text)."""
    if isinstance(value, (str, bool, int, float)) or value is None:
        return value
    if isinstance(value, (list, tuple)):
        return [plain_value(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain_value(v) for k, v in value.items()}
    item = getattr(value, "item", None)
    if callable(item):
        with contextlib.suppress(TypeError, ValueError):
            return item()
    return str(value)


def same_pixels(a: Any, b: Any) -> bool:
    """Are two frames pixel-identical (same shape, every byte)?"""
    return (isinstance(a, np.ndarray) and isinstance(b, np.ndarray) and a.shape == b.shape
            and a.dtype == b.dtype and bool(np.array_equal(a, b)))


def write_png(path: Path, frame: np.ndarray) -> None:
    """An RGB frame as a PNG, through a temporary file (never half a picture on disk)."""
    import cv2

    # Fast, as frames come quickly: zlib's lightest level, and one row filter (SUB) instead of
    # trying every filter on every row (measured on a 1280x937 game frame: 18 ms, not 71).
    params = [cv2.IMWRITE_PNG_COMPRESSION, 1]
    if hasattr(cv2, "IMWRITE_PNG_FILTER"):
        params += [cv2.IMWRITE_PNG_FILTER, cv2.IMWRITE_PNG_FILTER_SUB]
    ok, data = cv2.imencode(".png", np.ascontiguousarray(frame[:, :, ::-1]), params)
    if not ok:
        raise OSError(f"cannot encode {path.name}")
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_bytes(data.tobytes())
    os.replace(tmp, path)


class Trace:
    """One game's trace folder, written as the game goes (a `drivers.recording.Sink`)."""

    def __init__(self, directory: str | Path, *, meta: dict[str, Any] | None = None,
                 clock: Callable[[], float] = time.monotonic, prepared: bool = False,
                 flag: str = "--trace") -> None:
        self.path = Path(directory) if prepared else prepare_folder(directory, flag)
        self.clock = clock
        self.started = clock()
        self.meta: dict[str, Any] = {
            "kind": KIND, "version": VERSION,
            "started": datetime.datetime.now(datetime.UTC).isoformat(
                timespec="seconds"),
            "command": sys.argv[1:], **(meta or {}),
        }
        self.frames = 0  # distinct frames stored
        self.grabs = 0  # frames grabbed (repeats included)
        self.reads = 0
        self.actions = 0
        self.events = 0
        self.closed = False
        self.error: str | None = None  # the first write that failed (the game goes on)
        self._last: Any = None  # the last frame grabbed, its number, first/last time, count
        self._last_n = 0
        self._last_t = (0.0, 0.0)
        self._last_count = 0
        self._last_kind = "full"
        self._last_read: dict[str, Any] | None = None
        self._recent: list[tuple[Any, int]] = []  # (frame, n): frames a read may name
        self._files: dict[str, TextIO] = {}
        self._queue: queue.Queue[tuple[Path, np.ndarray] | None] = queue.Queue(QUEUE_FRAMES)
        self._writer = threading.Thread(target=self._write_frames, name="trace-frames",
                                        daemon=True)
        self._writer.start()
        self._manifest()

    # --- the sink ------------------------------------------------------------------------------

    def now(self) -> float:
        """Seconds since the trace started, to the millisecond."""
        return round(self.clock() - self.started, 3)

    def frame(self, frame: Any, kind: str = "full") -> int:
        """A frame grabbed: stored unless it repeats the last one pixel for pixel; its number."""
        if self.closed or not isinstance(frame, np.ndarray):
            return 0
        t = self.now()
        self.grabs += 1
        if self._last is not None and (frame is self._last or same_pixels(frame, self._last)):
            self._last_count += 1
            self._last_t = (self._last_t[0], t)
            self._remember(frame, self._last_n)
            return self._last_n
        self._flush_frame()
        self.frames += 1
        n = self.frames
        self._last, self._last_n, self._last_t, self._last_count = frame, n, (t, t), 1
        self._last_kind = kind
        self._remember(frame, n)
        self._queue.put((self.path / frame_name(n), frame))
        return n

    def _remember(self, frame: Any, n: int) -> None:
        self._recent.append((frame, n))
        del self._recent[:-4]  # a read names one of the last few frames grabbed

    def number_of(self, frame: Any) -> int:
        """The stored number of a frame grabbed lately (one never seen is stored now)."""
        for seen, n in reversed(self._recent):
            if seen is frame:
                return n
        return self.frame(frame)

    def read(self, frame: Any, read: Any) -> None:
        """What the reader made of `frame` (a repeat of the last read of it is not written)."""
        if self.closed:
            return
        entry = {"frame": self.number_of(frame), **read_entry(read)}
        if entry == self._last_read:
            return
        self._last_read = entry
        self.reads += 1
        self._line(READS, {"t": self.now(), **entry})

    def action(self, name: str, fields: dict[str, Any], started: float, ended: float,
               error: str | None) -> None:
        """Input sent to the page (times from `time.monotonic`, as the clock's)."""
        if self.closed:
            return
        self.actions += 1
        entry = {"t": round(started - self.started, 3), "ms": round((ended - started) * 1000, 1),
                 "action": name, **fields, "after_frame": self._last_n}
        if error:
            entry["error"] = error
        self._line(ACTIONS, entry)

    def event(self, event: Any) -> None:
        """One of the game loop's events."""
        if self.closed:
            return
        self.events += 1
        self._line(EVENTS, {"t": self.now(), **event_entry(event)})

    def finish(self, record: dict[str, Any]) -> None:
        """The game's final record (what `--json` writes, exit_code and reason included)."""
        with contextlib.suppress(OSError, ValueError, TypeError, BadInput):
            write_atomic(self.path / RECORD, json.dumps(plain_value(record), indent=2) + "\n")

    # --- files ---------------------------------------------------------------------------------

    def _line(self, name: str, entry: dict[str, Any]) -> None:
        try:
            handle = self._files.get(name)
            if handle is None:
                handle = self._files[name] = open(self.path / name, "a",  # noqa: SIM115
                                                  encoding="utf-8")
            handle.write(json.dumps(plain_value(entry)) + "\n")
            handle.flush()  # a game killed now still leaves every line before it
        except OSError as exc:
            self.error = self.error or f"{name}: {exc.strerror or exc}"

    def _flush_frame(self) -> None:
        if self._last is None:
            return
        height, width = self._last.shape[:2]
        self._line(FRAMES, {"n": self._last_n, "file": frame_name(self._last_n),
                            "t": self._last_t[0], "last_t": self._last_t[1],
                            "count": self._last_count, "kind": self._last_kind,
                            "size": [int(width), int(height)]})

    def _write_frames(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            path, frame = item
            try:
                write_png(path, frame)
            except OSError as exc:
                self.error = self.error or f"{path.name}: {exc}"

    def _manifest(self) -> None:
        data = {**self.meta, "frames": self.frames, "grabs": self.grabs, "reads": self.reads,
                "actions": self.actions, "events": self.events, "closed": self.closed}
        if self.error:
            data["error"] = self.error
        with contextlib.suppress(OSError, BadInput):
            write_atomic(self.path / MANIFEST, json.dumps(plain_value(data), indent=2) + "\n")

    def close(self) -> None:
        """Finish the frame index, wait for the frames on their way to disk, close the files."""
        if self.closed:
            return
        self._flush_frame()
        self.closed = True
        self._queue.put(None)
        self._writer.join()
        for handle in self._files.values():
            with contextlib.suppress(OSError):
                handle.close()
        self._files.clear()
        self._last = None
        self._recent.clear()
        self._manifest()

    def discard(self) -> None:
        """Close and delete the whole trace (a game that needs none: a win under a bench)."""
        self.close()
        shutil.rmtree(self.path, ignore_errors=True)

    def __enter__(self) -> Trace:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# --- reading a trace back -------------------------------------------------------------------


def is_trace(path: str | Path) -> bool:
    """Is `path` a trace folder (it has trace.json)?"""
    return (Path(path) / MANIFEST).is_file()


def read_lines(path: Path) -> list[dict[str, Any]]:
    """The entries of a JSON-lines file; a broken last line (a game killed mid-write) is
    skipped, any other broken line is bad input."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise BadInput(f"cannot read {path}: {exc.strerror or exc}") from None
    entries = []
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except ValueError:
            if i == len(lines) - 1:
                break
            raise BadInput(f"{path}: line {i + 1} is not JSON") from None
        if not isinstance(entry, dict):
            raise BadInput(f"{path}: line {i + 1} is not a JSON object")
        entries.append(entry)
    return entries


def load_manifest(directory: str | Path) -> dict[str, Any]:
    """A trace's trace.json (bad input if it is not one)."""
    path = Path(directory) / MANIFEST
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise BadInput(f"{directory}: not a readable trace ({MANIFEST}: {exc})") from None
    if not isinstance(data, dict) or data.get("kind") != KIND:
        raise BadInput(f"{directory}: {MANIFEST} does not describe an autobot trace")
    if int(data.get("version", 0)) > VERSION:
        raise BadInput(f"{directory}: trace version {data.get('version')} is newer than this "
                       f"autobot reads ({VERSION})")
    return data


def last_reads(directory: str | Path) -> dict[int, dict[str, Any]]:
    """Each read frame's number -> the last read the bot made of it, in frame order."""
    folder = Path(directory)
    load_manifest(folder)
    reads_path = folder / READS
    if not reads_path.is_file():
        raise BadInput(f"{directory}: the trace holds no reads ({READS} is missing)")
    by_frame: dict[int, dict[str, Any]] = {}
    for entry in read_lines(reads_path):
        try:
            n = int(entry["frame"])
            if not isinstance(entry["rows"], list) or not isinstance(entry["found"], bool):
                raise TypeError
        except (KeyError, TypeError, ValueError):
            raise BadInput(f"{reads_path}: a line without frame, found and rows: "
                           f"{json.dumps(entry)[:60]}") from None
        by_frame[n] = entry
    return dict(sorted(by_frame.items()))
