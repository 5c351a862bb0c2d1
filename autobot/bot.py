"""The turn loop: look at the board, check it against the game so far, decide, type, wait.

Pixels in, keys out: everything the loop knows about the game comes from `Screen.grab()` frames
read by the vision layer, and everything it does goes through a `Driver`'s keys. The decisions
made on what was read (is the board settled? does it match the rows played? was the word
rejected?) are pure functions below, so tests drive them with fakes and a fake clock.

Each row is three waits, all timed with the injectable clock, never fixed sleeps:
1. ready: the next row is empty and, if the board was seen moving since the last keys, it has
   looked the same for `quiet` s (the page ignores keys until the last flip has really ended);
2. typed: a settled read shows the guess in the row, else it is erased and retyped, never
   submitted;
3. submitted: the row is scored (two equal reads), or refused, which needs positive evidence:
   a toast while the row is still typed, or the typed row unchanged for `reject_patience` s.

Pages differ, so the loop learns each one from what it sees: no board in view means something
covers it (Escape, then the dialog's X or its backdrop, found by `autobot.vision.overlay`);
keys that change nothing make the driver climb its ladder of ways to send keys (a driver with
`escalate`); the board's own row count is used when the game does not say; a board cut by the
frame's bottom edge is scrolled into view (a driver with `scroll`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from autobot.driver import Driver, UserQuit
from autobot.errors import AutobotError
from autobot.wordle import WORD_LENGTH, Turn, upper_word

ROWS = 6
ALL_GREEN = "G" * WORD_LENGTH
EVALUATED = frozenset("GYX")

Row = tuple[str, str]  # (LETTERS, MARKS) as read off the board


class BoardView(Protocol):
    """What the loop uses of a vision read (`autobot.vision.BoardRead` has these fields)."""

    found: bool
    settled: bool
    rows: tuple[Row, ...]
    grid: Any


class Reader(Protocol):
    """A board reader: a frame in, a read out (`autobot.vision.read_board`)."""

    def __call__(self, frame: Any, *, hint: Any = None) -> BoardView: ...


class Strategy(Protocol):
    """A solver as the loop sees it (`autobot.solver.make_solver(...)` or a wrapper)."""

    def next_guess(self, state: Any) -> str: ...


@dataclass(frozen=True)
class BotConfig:
    """How patient the loop is and what game it expects; times are in seconds."""

    hard: bool = False
    rows: int | None = None  # None: the board's own row count (a growing board up to max_rows)
    max_rows: int = 30  # a board that grows a row per guess (Absurdle-like) stops here
    settle_timeout: float = 12.0  # the longest a row may take to reveal (flip + toast)
    poll_interval: float = 0.0  # extra pause between frames (screenshots already take ~30 ms)
    # Wordle ignores keys until the last tile's flip has ended, and a tile near the end of its
    # flip already reads as settled: after a board seen moving, it must look the same this
    # long before we type (a board never seen moving, as with animations off, needs only two
    # equal reads).
    quiet: float = 0.25
    # Enter only once a settled read shows the guess typed (and, if a letter was seen popping,
    # unchanged this long), so whatever changes after Enter is the page's answer to it.
    typed_quiet: float = 0.1
    # A page that shows no toast (or one we cannot see): a typed row still unchanged this long
    # after Enter and after its last change is a refused word; a late flip resets the wait.
    reject_patience: float = 1.5
    mismatch_patience: float = 0.5  # a board out of step this long is real, not a misread
    escape_after: float = 0.3  # the board must be gone this long before Escape (a read can blink)
    escape_wait: float = 0.6  # how long to watch for the board after each Escape
    escapes: int = 3  # Escapes to try when no board is visible (and no dialog is seen)
    closes: int = 6  # dialog closing attempts (Escape, its X, its backdrop) per missing spell
    # A board vision keeps calling unsettled but whose frames stay pixel-identical this long
    # (and at least `still_frames` frames), every tile readable, is settled: the page is still.
    still_override: float = 1.0
    still_frames: int = 3
    max_rejections: int = 30  # words the page may refuse in one game
    retypes: int = 1  # retries when the row on screen is not what was typed (dropped keys)
    resume: bool = True  # continue a game already in progress (rows on the board at start)
    use_hint: bool = True  # pass the last grid to the reader to find the board faster


@dataclass(frozen=True)
class Event:
    """Something the player should hear about while the game runs."""

    kind: str  # "row", "rejected", "retype", "escape", "close", "keys", "scroll", "resumed"
    row: int  # 0-based board row
    guess: str = ""
    marks: str = ""
    detail: str = ""  # "keys": the new way of sending keys; "close": what was clicked


@dataclass
class Timings:
    """Per-step samples in milliseconds: capture and read per frame, the others per guess."""

    capture_ms: list[float] = field(default_factory=list)
    read_ms: list[float] = field(default_factory=list)
    decide_ms: list[float] = field(default_factory=list)
    type_ms: list[float] = field(default_factory=list)
    settle_ms: list[float] = field(default_factory=list)

    STEPS = ("capture_ms", "read_ms", "decide_ms", "type_ms", "settle_ms")

    def extend(self, other: Timings) -> None:
        """Add another game's samples to these."""
        for step in self.STEPS:
            getattr(self, step).extend(getattr(other, step))

    def medians(self) -> dict[str, float]:
        """The median of each step (NaN-free: 0.0 when a step has no samples)."""
        return {step: round(percentile(getattr(self, step), 50), 3) for step in self.STEPS}

    def summary(self) -> dict[str, dict[str, float]]:
        """Median, p95, max and sample count per step."""
        out: dict[str, dict[str, float]] = {}
        for step in self.STEPS:
            values = getattr(self, step)
            out[step] = {
                "median": round(percentile(values, 50), 3),
                "p95": round(percentile(values, 95), 3),
                "max": round(max(values), 3) if values else 0.0,
                "n": len(values),
            }
        return out


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile with linear interpolation (0.0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100
    low = math.floor(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


@dataclass(frozen=True)
class GameResult:
    """How a game went: the rows played, words the page refused, and where the time went."""

    won: bool
    turns: tuple[Turn, ...]
    rejected: tuple[str, ...]
    seconds: float
    timings: Timings
    stopped: str | None = None  # why the game ended early (the player quit), else None
    theme: str | None = None  # the page's theme as seen on screen ("light" / "dark")
    high_contrast: bool = False  # the page's palette as seen on screen
    error: str | None = None  # the one-line error a failed game stopped on
    exit_code: int = 0
    seen: tuple[Row, ...] = ()  # the rows of the last board read (what the bot last saw)
    waiting_for: str | None = None  # what the loop was waiting for when it stopped

    @property
    def guesses(self) -> list[str]:
        """The words played, in order."""
        return [t.guess for t in self.turns]

    @property
    def marks(self) -> list[str]:
        """The colours each word got, in order."""
        return [t.marks for t in self.turns]

    def to_json(self) -> dict[str, Any]:
        """The `--json` record of `autobot play` / `autobot live`."""
        return {
            "won": self.won,
            "guesses": self.guesses,
            "marks": self.marks,
            "seconds": round(self.seconds, 3),
            "timings": self.timings.medians(),
            "rejected": list(self.rejected),
            "stopped": self.stopped,
            "error": self.error,
            "exit_code": self.exit_code,
            "rows_seen": [[letters, marks] for letters, marks in self.seen],
            "waiting_for": self.waiting_for,
        }


# --- pure judgements on rows -------------------------------------------------------------


def row_kind(row: Row) -> str:
    """What a board row shows: empty, typing (some letters), typed, evaluated, moving or unknown.

    `moving` is a row half revealed (some tiles scored, some still typed), as during the flip.
    """
    marks = row[1]
    if len(marks) != WORD_LENGTH or "?" in marks:
        return "unknown"
    if marks == "." * WORD_LENGTH:
        return "empty"
    if all(m in EVALUATED for m in marks):
        return "evaluated"
    if marks == "t" * WORD_LENGTH:
        return "typed"
    typed = marks.rstrip(".")
    if typed and set(typed) == {"t"}:
        return "typing"
    return "moving"


def letters_match(letters: str, word: str) -> bool:
    """Does a row's LETTERS agree with `word`? Unreadable letters (`?`) agree with anything."""
    if len(letters) != len(word):
        return False
    pairs = zip(upper_word(letters), upper_word(word), strict=True)
    return all(a == "?" or a == b for a, b in pairs)


def row_matches(row: Row, turn: Turn) -> bool:
    """Does a board row show this scored guess? `?` (occluded) tiles agree with anything."""
    letters, marks = row
    if len(marks) != WORD_LENGTH or not letters_match(letters, turn.guess):
        return False
    return all(m == "?" or m == t for m, t in zip(marks, turn.marks.upper(), strict=True))


def sync_problem(
    rows: Sequence[Row], history: Sequence[Turn], upto: int | None = None
) -> str | None:
    """Why the board does not show the game so far (rows played, then nothing), or None.

    `upto` is the row being played now: rows from it on are left to the caller (it may hold
    the word being typed); without it every row after the history must be empty.
    """
    if len(rows) < len(history):
        return f"the board shows {len(rows)} rows but {len(history)} were played"
    for i, turn in enumerate(history):
        if not row_matches(rows[i], turn):
            letters, marks = rows[i]
            return (
                f"row {i + 1} shows {letters or '(empty)'} {marks}, "
                f"expected {turn.guess.upper()} {turn.marks}"
            )
    start = len(history) if upto is None else upto + 1
    for i in range(start, len(rows)):
        if row_kind(rows[i]) not in ("empty", "unknown"):
            letters, marks = rows[i]
            return f"row {i + 1} shows {letters or '(nothing)'} {marks}, expected an empty row"
    return None


def played_rows(rows: Sequence[Row]) -> tuple[list[Turn], int]:
    """The scored rows at the top of a board (a game in progress) and the letters typed after.

    Returns the turns and how many tiles of the next row hold typed, unsubmitted letters.
    """
    turns: list[Turn] = []
    for letters, marks in rows:
        if row_kind((letters, marks)) != "evaluated":
            break
        if len(letters) != WORD_LENGTH or "?" in letters:
            raise AutobotError(
                f"row {len(turns) + 1} is scored but its letters cannot be read ({letters or '?'})",
                4,
            )
        turns.append(Turn(letters.lower(), marks))
    typed = 0
    if len(turns) < len(rows):
        typed = rows[len(turns)][1].count("t")
    return turns, typed


def describe(read: BoardView) -> str:
    """A read in a few words, for error messages."""
    if not read.found:
        why = "; ".join(getattr(read, "reasons", ()) or ())
        return f"no board{f' ({why})' if why else ''}"
    rows = " ".join(f"{letters or '-'}:{marks}" for letters, marks in read.rows
                    if marks != "." * WORD_LENGTH)
    state = "settled" if read.settled else "moving"
    why = "; ".join(getattr(read, "reasons", ()) or ())
    return f"{state}{f' ({why})' if why else ''}, rows {rows or 'empty'}"


# --- the loop -----------------------------------------------------------------------------


def _default_reader() -> Reader:
    from autobot.vision import read_board

    return read_board


def _game_state(history: tuple[Turn, ...], hard: bool, banned: frozenset[str]) -> Any:
    from autobot.solver import GameState

    return GameState(history=history, hard=hard, banned=banned)


Judge = Callable[[BoardView, "BoardView | None", float], Any]
OverlayFinder = Callable[[Any], Any]  # frame -> autobot.vision.overlay.Overlay | None


def _default_overlay(frame: Any) -> Any:
    """A dialog panel in a real frame (fakes in tests are not arrays: nothing to find)."""
    import numpy as np

    if not isinstance(frame, np.ndarray):
        return None
    from autobot.vision.overlay import find_overlay

    return find_overlay(frame)


def _board_box(read: BoardView) -> tuple[int, int, int, int] | None:
    grid = getattr(read, "grid", None)
    return grid.bbox() if grid is not None and hasattr(grid, "bbox") else None


def board_cut(read: BoardView, height: int) -> str | None:
    """Which part of a found board the frame's bottom edge may cut off, or None.

    Vision may say so ("cut"/"edge" in its reasons); else a board whose next row would not fit
    above the bottom edge may go on below it (a real page keeps a margin or its keyboard there).
    """
    if not read.found:
        return None
    if any("cut" in r or "edge" in r for r in getattr(read, "reasons", ()) or ()):
        return "the board's bottom (vision sees tiles cut by the bottom edge)"
    grid = getattr(read, "grid", None)
    try:
        last = grid.y + grid.rows * grid.pitch_y  # type: ignore[union-attr]
        tile = grid.tile  # type: ignore[union-attr]
    except AttributeError:
        return None
    if last + tile / 2 > height:
        return f"the rows below row {grid.rows} (the board reaches the bottom edge)"
    return None


def row_pixels(frame: Any, grid: Any, index: int) -> Any:
    """The pixels of board row `index` and a margin of half a pitch around it (or None)."""
    import numpy as np

    if not isinstance(frame, np.ndarray) or grid is None:
        return None
    try:
        x0, y0, _, _ = grid.tile_box(index, 0)
        _, _, x1, y1 = grid.tile_box(index, grid.cols - 1)
        mx, my = int(grid.pitch_x / 2), int(grid.pitch_y / 2)
    except (AttributeError, TypeError):
        return None
    h, w = frame.shape[:2]
    crop = frame[max(0, y0 - my):min(h, y1 + my), max(0, x0 - mx):min(w, x1 + mx)]
    return crop.astype(np.int16) if crop.size else None


def row_changed(before: Any, after: Any) -> bool:
    """Did a row's pixels visibly change (a red ring, red borders, a shake frozen mid-way)?"""
    import numpy as np

    if before is None or after is None or before.shape != after.shape:
        return False
    # Many pixels changing a little, not a few (antialiasing, a caret blinking).
    return bool(np.mean(np.abs(before - after).max(axis=2) > 24) > 0.004)


def frame_digest(frame: Any) -> int | None:
    """A fingerprint of a frame's pixels (None for frames that are not arrays)."""
    import numpy as np

    if not isinstance(frame, np.ndarray):
        return None
    return hash(frame[::2, ::2].tobytes())


@dataclass(frozen=True)
class _StillRead:
    """A read vision called unsettled on frames that stayed pixel-identical: taken as settled."""

    found: bool
    settled: bool
    rows: tuple[Row, ...]
    grid: Any
    reasons: tuple[str, ...] = ()
    theme: str | None = None
    high_contrast: bool = False


class _OutOfStep(Exception):
    """A read that contradicts the game so far (a stop if it persists)."""


@dataclass
class _Outcome:
    """What a wait turned into."""

    # "typed" (ready for Enter), "mistyped", "scored", "rejected", "deaf" (Enter did nothing
    # visible before any row was scored: maybe the page did not take our Enter), "dirty" (a
    # row that should be empty keeps letters: Backspace did not arrive), "over" (no row left)
    kind: str
    marks: str = ""
    typed: int = 0


class _Loop:
    """One game's mutable state; `play_game` is its only user."""

    def __init__(
        self,
        driver: Driver,
        solver: Strategy,
        config: BotConfig,
        reader: Reader,
        clock: Callable[[], float],
        sleep: Callable[[float], None],
        on_event: Callable[[Event], None] | None,
        guard: Callable[[BoardView], str | None] | None,
        overlay: OverlayFinder,
    ) -> None:
        self.driver = driver
        self.solver = solver
        self.config = config
        self.reader = reader
        self.clock = clock
        self.sleep = sleep
        self.on_event = on_event
        self.guard = guard
        self.overlay = overlay
        self.timings = Timings()
        self.history: list[Turn] = []
        self.banned: set[str] = set()
        self.rejected: list[str] = []
        self.rows = config.rows or ROWS  # the board's row count once seen (start())
        self.waiting_for = "the game to start"
        self.seen: tuple[Row, ...] = ()  # the rows of the last board read (for failure reports)
        self.frame: Any = None  # the last frame grabbed
        self.grid: Any = None  # the board's place in the last frame that showed it
        self._hint: Any = None
        self.captured_at = 0.0  # when the last frame's capture started
        self._same_since: float | None = None  # capture time of the first frame of a still run
        self._last_board: BoardView | None = None  # the last frame that showed a board
        self._digest: int | None = None  # the last frame's pixels, fingerprinted
        self._identical_since: float | None = None  # first capture of a pixel-identical run
        self._identical_frames = 0
        self.motion = False  # a frame since the last keys showed the board moving
        self.keys_proven = False  # a row was scored: Enter reaches the page the current way
        self.scrolled = False  # the board was scrolled into view once (not again and again)
        self.closed = 0  # dialogs closed so far (keys sent while one was up were lost to it)
        self.growing = False  # the board shows the rows played plus one (Absurdle-like)
        self.started = False  # the board was taken (start() is over): keys may have been sent
        self._covered_digest: int | None = None  # the frame the last dialog check looked at
        self._covered = False
        self.theme: str | None = None
        self.high_contrast = False

    def emit(self, event: Event) -> None:
        if self.on_event is not None:
            self.on_event(event)

    def look(self) -> BoardView:
        """Grab one frame and read it, timing both."""
        t0 = self.clock()
        self.captured_at = t0
        frame = self.driver.screen.grab()
        t1 = self.clock()
        read = self.reader(frame, hint=self._hint)
        t2 = self.clock()
        self.frame = frame
        self.timings.capture_ms.append((t1 - t0) * 1000)
        self.timings.read_ms.append((t2 - t1) * 1000)
        read = self.unstick(read, frame_digest(frame))
        # A board found once is looked for in the same place first (vision falls back if not).
        if self.config.use_hint:
            self._hint = read.grid if read.found else None
        if read.found:
            self.seen = tuple(read.rows)
            self.grid = read.grid
        if read.found and read.settled:
            self.theme = getattr(read, "theme", None) or self.theme
            self.high_contrast = bool(getattr(read, "high_contrast", False))
        if self.guard is not None:
            reason = self.guard(read)
            if reason:
                raise AutobotError(reason, 4)
        return read

    def unstick(self, read: BoardView, digest: int | None) -> BoardView:
        """A board read as moving on frames that stay pixel-identical is in fact still.

        Vision may keep a frame unsettled (a tile it cannot place, a mark it doubts) while
        nothing on the page moves; waiting for it would stall the loop until the timeout.
        Only a run of identical frames over `still_override` s, every tile readable, counts.
        """
        if digest is None or digest != self._digest:
            self._digest, self._identical_since, self._identical_frames = digest, None, 0
            return read
        if self._identical_since is None:
            self._identical_since = self.captured_at
        self._identical_frames += 1
        if not read.found or read.settled:
            return read
        readable = all(
            len(marks) == WORD_LENGTH and "?" not in marks and "?" not in letters
            for letters, marks in read.rows
        )
        if (
            readable
            and self._identical_frames + 1 >= self.config.still_frames
            and self.captured_at - self._identical_since >= self.config.still_override
        ):
            return _StillRead(
                True, True, tuple(read.rows), read.grid, tuple(getattr(read, "reasons", ())),
                getattr(read, "theme", None), bool(getattr(read, "high_contrast", False)),
            )
        return read

    def track(self, read: BoardView) -> float:
        """How long (s) the board has looked exactly like `read`, settled; -1 if it is moving.

        Measured from the capture of the first frame that showed it, across waits, until the
        next keys. A frame without a board says nothing about whether it changed (a misread,
        a blink): only a board read moving or different ends the still run.
        """
        if read.found and not read.settled:
            self._same_since = None
            self.motion = True
        elif read.found and (
            self._same_since is None or self._last_board is None
            or tuple(self._last_board.rows) != tuple(read.rows)
        ):
            self._same_since = self.captured_at
        if read.found:
            self._last_board = read
        return -1.0 if self._same_since is None else self.captured_at - self._same_since

    def send(self, keys: Callable[..., None], *args: Any) -> None:
        """Send keys to the page; what the board did before no longer counts as still."""
        keys(*args)
        self._same_since = None
        self._last_board = None
        self.motion = False

    def quiet_for(self, seconds: float) -> float:
        """`seconds` if the board moved since the last keys (an animation may still hold
        the page), else 0: a page without animations takes keys as soon as it shows them."""
        return seconds if self.motion else 0.0

    # what covers the board --------------------------------------------------------------

    def covered(self, read: BoardView) -> bool:
        """Is the board read inside a dialog panel (a tutorial's example rows, not the game)?

        Looked at before the first keys, and later only on a board that vision calls moving
        while its frames stay pixel-identical (a still dialog, not a flip); never for a settled
        board of plausible rows: a page may frame its real board in a card with an X-like icon.
        """
        static = (self._identical_since is not None
                  and self.captured_at - self._identical_since >= 0.3)
        if not read.found or (self.started and (read.settled or not static)):
            return False
        if read.settled and all(
            row_kind(row) in ("empty", "typing", "typed", "evaluated") for row in read.rows
        ):
            return False  # a game board (a page may frame its board in a card): not examples
        if self._covered_digest == self._digest and self._digest is not None:
            return self._covered
        box = _board_box(read)
        found = self.overlay(self.frame) if box is not None else None
        inside = found is not None and (
            found.panel[0] <= box[0] and found.panel[1] <= box[1]  # type: ignore[index]
            and box[2] <= found.panel[2] and box[3] <= found.panel[3]  # type: ignore[index]
        )
        self._covered_digest, self._covered = self._digest, inside
        return inside

    def frame_clicker(self) -> Callable[[float, float], None] | None:
        """The driver's click in frame pixels, if it has one (a desktop's clicks are in screen
        pixels and land on whatever is there: the loop never clicks through those)."""
        if not getattr(self.driver, "clicks_frame_pixels", False):
            return None
        return getattr(self.driver, "click", None)

    def uncover(self, attempt: int) -> str:
        """One step of closing what hides the board; says what was done.

        Escape first (most dialogs close on it), then, from the pixels, the dialog's X or a
        click on its backdrop; round again if the dialog stays or comes back.
        """
        click = self.frame_clicker()
        found = self.overlay(self.frame) if click is not None and attempt % 3 else None
        if found is not None:
            target = found.close if attempt % 3 == 1 and found.close else found.outside
            if target is not None:
                self.send(click, *target)
                what = "the dialog's X" if target == found.close else "beside the dialog"
                return f"clicked {what} at {target[0]},{target[1]}"
        self.send(self.driver.press_escape)
        return "pressed Escape"

    def scroll_into_view(self, read: BoardView) -> bool:
        """A board cut by the frame's bottom edge: turn the wheel over it once; True if done."""
        scroll = getattr(self.driver, "scroll", None)
        box = _board_box(read)
        shape = getattr(self.frame, "shape", None)
        if scroll is None or box is None or shape is None or self.scrolled:
            return False
        height = shape[0]
        if not board_cut(read, height):
            return False
        self.scrolled = True
        # Bring the board's bottom a little above the frame's edge, or its top near the top.
        dy = max(box[3] - height + (box[3] - box[1]) // 6, height // 3)
        dy = min(dy, max(box[1] - 8, 1))
        self.send(scroll, (box[0] + box[2]) // 2, min(box[1] + 4, height - 1), dy)
        self.emit(Event("scroll", len(self.history), detail=f"{dy} px"))
        return True

    def wait(self, judge: Judge, what: str, missing: Any = None) -> Any:
        """Poll frames until `judge(read, previous_read, still)` returns something (not None).

        `missing`, if given, is returned when the board stays out of view for
        `reject_patience` s, instead of trying to uncover it, or when nothing is conclusive
        for twice that (after a game that may be over, the page's end dialog or answer toast
        is nothing to close or wait out).

        `still` is how long (s) the board has looked exactly like this read, settled: from
        the capture of the first frame that showed it to the capture of this one.

        No board in view: close what covers it (Escape, the dialog's X, its backdrop), watch,
        retry, then give up (exit 3). Nothing conclusive before the deadline: exit 4.
        """
        self.waiting_for = what
        started = self.clock()
        deadline = started + self.config.settle_timeout
        previous: BoardView | None = None
        closes = 0
        last_close: float | None = None
        missing_since: float | None = None
        wrong_since: float | None = None
        while True:
            read = self.look()
            now = self.clock()
            if self.covered(read):
                read = _StillRead(False, False, (), None, ("the board is inside a dialog",))
            elif self.started and read.found and len(read.rows) <= len(self.history):
                # Fewer rows than played and the one being played: the rest is covered (a
                # dialog over the lower rows) or the game is over. Either way, not the board.
                read = _StillRead(False, False, (), None, (
                    f"only {len(read.rows)} rows in view, {len(self.history)} played",))
            if read.found and self.scroll_into_view(read):
                deadline = max(deadline, self.clock() + self.config.escape_wait)
                previous = None
                continue
            still = self.track(read)
            try:
                outcome = judge(read, previous, still)
            except _OutOfStep as exc:
                # One misread (a letter caught mid-flip) must not end a game; a lasting one does.
                if wrong_since is None:
                    wrong_since = now
                if now - wrong_since >= self.config.mismatch_patience:
                    raise AutobotError(f"the board is out of step with the game: {exc}", 4) \
                        from None
                outcome = None
            else:
                wrong_since = None
            if outcome is not None:
                return outcome
            if missing is not None and now - started >= 2 * self.config.reject_patience:
                return missing
            if read.found:
                missing_since = None
            elif missing_since is None:
                missing_since = now
            elif missing is not None:
                if now - missing_since >= self.config.reject_patience:
                    return missing
            elif now - missing_since >= self.config.escape_after and (
                last_close is None or now - last_close >= self.config.escape_wait
            ):
                limit = self.config.closes if self.frame_clicker() \
                    else self.config.escapes
                if closes >= limit:
                    raise AutobotError(
                        f"no Wordle board found on the screen while waiting for {what} "
                        f"({closes} tries to close what might cover it did not help; "
                        f"last seen: {describe(read)})",
                        3,
                    )
                done = self.uncover(closes)
                closes += 1
                self.closed += 1
                last_close = self.clock()
                kind = "escape" if done == "pressed Escape" else "close"
                self.emit(Event(kind, len(self.history), detail=done))
                deadline = max(deadline, last_close + self.config.escape_wait)
            if now >= deadline:
                raise AutobotError(
                    f"the board did not settle within {self.config.settle_timeout:g} s "
                    f"while waiting for {what} (last seen: {describe(read)})",
                    4,
                )
            previous = read
            if self.config.poll_interval > 0:
                self.sleep(self.config.poll_interval)

    # judges -------------------------------------------------------------------------------

    @staticmethod
    def steady(read: BoardView, previous: BoardView | None) -> bool:
        """Settled by vision's own signs and the same as the frame before."""
        return (
            read.found
            and read.settled
            and previous is not None
            and previous.found
            and tuple(previous.rows) == tuple(read.rows)
        )

    def check_sync(self, read: BoardView, upto: int | None = None) -> None:
        problem = sync_problem(read.rows, self.history, upto)
        if problem:
            raise _OutOfStep(problem)

    def grow(self, read: BoardView) -> None:
        """A board the game did not size: follow its own row count (it may grow per guess)."""
        if self.config.rows is None and len(read.rows) > self.rows:
            self.growing = True
            self.rows = min(len(read.rows), self.config.max_rows)

    def more_rows(self) -> bool:
        """Is there a row left to play (on a growing board: until the cap)?"""
        if self.growing:
            return len(self.history) < self.config.max_rows
        return len(self.history) < self.rows

    def start(self, history: Sequence[Turn]) -> None:
        """Wait for a steady board; adopt the rows already played (or check them)."""

        def judge(read: BoardView, previous: BoardView | None, still: float) -> BoardView | None:
            return read if self.steady(read, previous) else None

        read = self.wait(judge, "the board to appear")
        self.started = True
        if self.config.rows is None:
            self.rows = min(len(read.rows), self.config.max_rows)
            # Only the rows played and one more, fewer than any fixed board: it grows per guess.
            played = len(played_rows(read.rows)[0])
            self.growing = len(read.rows) == played + 1 and len(read.rows) < 5
        elif len(read.rows) < self.config.rows:
            raise AutobotError(
                f"the board has {len(read.rows)} rows, expected {self.config.rows}", 4
            )
        on_board, typed = played_rows(read.rows)
        if history:
            self.history = list(history)
        elif on_board and self.config.resume:
            self.history = on_board
            for i, turn in enumerate(on_board):
                self.emit(Event("resumed", i, turn.guess, turn.marks))
        problem = sync_problem(read.rows, self.history, upto=len(self.history))
        if problem:
            raise AutobotError(f"the board does not show the game so far: {problem}", 4)
        if typed:
            # Leftover letters in the current row would corrupt the next guess.
            self.send(self.driver.erase, WORD_LENGTH)

    def ready_judge(self, index: int) -> Judge:
        """The board shows the game so far and an empty row `index`, unchanged for `quiet` s.

        Two equal reads are not enough: the last tile's flip looks finished a little before
        the page takes keys again, and a key typed then is lost. A board with no row `index`
        that stays so is a game over (a board that grows a row per guess grows at once).
        """

        def judge(read: BoardView, previous: BoardView | None, still: float) -> Any:
            if not self.steady(read, previous):
                return None
            self.grow(read)
            if index >= len(read.rows):
                self.check_sync(read)
                return _Outcome("over") if still >= self.config.reject_patience else None
            self.check_sync(read, upto=index)
            row = read.rows[index]
            if row_kind(row) in ("evaluated", "moving"):
                # A row the bot took as refused was in fact played: the game went on without us.
                raise _OutOfStep(f"row {index + 1} shows {row[0]} {row[1]}, expected an empty row")
            if row_kind(row) != "empty":
                # Letters still being erased, or Backspace that never arrived.
                if still >= self.config.reject_patience:
                    return _Outcome("dirty", typed=row[1].count("t"))
                return None
            return _Outcome("ready") if still >= self.quiet_for(self.config.quiet) else None

        return judge

    def typed_judge(self, index: int, guess: str) -> Judge:
        """Is `guess` in row `index`, typed and still (ready for Enter), or did keys go astray?"""

        def judge(read: BoardView, previous: BoardView | None, still: float) -> _Outcome | None:
            if not (read.found and read.settled) or index >= len(read.rows):
                return None
            self.check_sync(read, upto=index)
            row = read.rows[index]
            kind = row_kind(row)
            if kind == "typed" and letters_match(row[0], guess):
                # One settled frame showing every letter proves the keys arrived; a letter
                # seen popping must first stand still.
                return _Outcome("typed") if still >= self.quiet_for(self.config.typed_quiet) \
                    else None
            if kind in ("evaluated", "moving"):
                raise _OutOfStep(f"row {index + 1} shows {row[0]} {row[1]} before Enter")
            # Fewer or other letters: keys may still be on their way; only a row that stays
            # wrong is a dropped or misdirected key.
            if self.steady(read, previous) and still >= self.config.reject_patience:
                return _Outcome("mistyped", typed=row[1].count("t"))
            return None

        return judge

    def submit_judge(self, index: int, guess: str) -> Judge:
        """Decide what a submitted row became: scored or rejected (still typed, or cleared).

        Called only after the row stood still, fully typed, before Enter: so any reveal is
        the page's answer. "Rejected" needs positive evidence: a toast over the board while
        the row is still typed, or the typed row unchanged for `reject_patience` s since its
        last change. Once part of the row has been scored it is never taken as rejected.
        Before any row was scored, a silent still row may also be an Enter the page did not
        take ("deaf"): the loop then tries another way of pressing Enter first.
        """
        last_row = index == self.rows - 1
        accepted = False  # saw the row revealing (a scored tile), so the word was taken
        toast = False  # saw a toast while the row was still typed: the page said no

        def judge(read: BoardView, previous: BoardView | None, still: float) -> _Outcome | None:
            nonlocal accepted, toast
            if not read.found or index >= len(read.rows):
                return None
            row = read.rows[index]
            kind = row_kind(row)
            if any(m in EVALUATED for m in row[1]):
                accepted = True
            elif not accepted and any("toast" in r for r in getattr(read, "reasons", ()) or ()):
                toast = True
            same_row = (
                previous is not None
                and previous.found
                and index < len(previous.rows)
                and previous.rows[index] == row
            )
            if (
                kind == "evaluated"
                and same_row
                and letters_match(row[0], guess)
                and (row[1] == ALL_GREEN or last_row or index == len(read.rows) - 1)
                and sync_problem(read.rows, self.history, upto=index) is None
            ):
                # The game may be over: a win toast or the statistics dialog may now cover the
                # board for good, so two equal reads of the final row are taken as final.
                return _Outcome("scored", row[1])
            if not self.steady(read, previous):
                return None
            self.check_sync(read, upto=index)
            if kind == "evaluated":
                if not letters_match(row[0], guess):
                    raise _OutOfStep(
                        f"row {index + 1} was scored as {row[0]} but the bot typed {guess.upper()}"
                    )
                return _Outcome("scored", row[1])
            if accepted:
                return None  # revealing; a half-scored row settles into a scored one
            patient = still >= self.config.reject_patience
            if kind == "typed" and letters_match(row[0], guess):
                if toast:
                    return _Outcome("rejected")
                if patient:
                    return _Outcome("rejected" if self.keys_proven else "deaf")
                return None
            if kind == "empty" and patient:
                return _Outcome("rejected")  # a page that clears a refused row
            if kind in ("typed", "typing") and patient:
                raise _OutOfStep(
                    f"row {index + 1} shows {row[0] or '(nothing)'} {row[1]} after Enter, "
                    f"expected {guess.upper()}"
                )
            return None

        return judge

    def escalate(self, *, enter: bool) -> str | None:
        """Ask the driver for its next way of sending keys (None: it has none left)."""
        climb = getattr(self.driver, "escalate", None)
        rung = climb(enter=enter) if climb is not None else None
        if rung is not None:
            self.emit(Event("keys", len(self.history), detail=rung))
        return rung

    def press_enter_harder(self, index: int, guess: str) -> _Outcome:
        """Nothing scored yet and the typed row just sits there after Enter: the page may not
        have taken our Enter. Try the next ways of pressing it before calling the word refused;
        if none changes anything, the page refused it, and keys go on the way that typed it."""
        rung = getattr(self.driver, "rung", None)
        what = f"row {index + 1} ({guess.upper()})"
        while self.escalate(enter=True) is not None:
            try:
                self.send(self.driver.press_enter)
            except AutobotError:
                break  # this way is not available here (no DevTools, no on-screen keyboard)
            outcome: _Outcome = self.wait(self.submit_judge(index, guess), what)
            if outcome.kind != "deaf":
                return outcome
        if rung is not None:
            self.driver.rung = rung  # type: ignore[attr-defined]
            self.emit(Event("keys", index, detail=f"{rung} again"))
        return _Outcome("rejected")

    def play(self, history: Sequence[Turn]) -> bool:
        """Play rows until a win or the last row; True on a win."""
        self.start(history)
        if self.history and self.history[-1].marks == ALL_GREEN:
            return True
        retypes = 0
        guess: str | None = None  # the word to type again after dropped keys
        ready = False  # the last wait already saw the next row empty on a board that never moved
        while True:
            index = len(self.history)
            # The last row of a board the game did not size (or of one that grows): one more
            # row may or may not come.
            maybe_over = not self.more_rows() or self.growing
            if maybe_over and (self.config.rows is not None or index >= self.config.max_rows):
                return False
            t0 = self.clock()
            if not ready or maybe_over:
                got: _Outcome = self.wait(
                    self.ready_judge(index), f"row {index + 1} to be ready for keys",
                    missing=_Outcome("over") if maybe_over else None,
                )
                if got.kind == "over":
                    return False
                if got.kind == "dirty":
                    # Backspace did not clear the row: erase again, another way if there is one.
                    retypes += 1
                    if self.escalate(enter=False) is None and retypes > self.config.retypes:
                        raise AutobotError(
                            f"the keys do not reach the page: row {index + 1} keeps "
                            f"{got.typed} letters after Backspace", 4,
                        )
                    self.send(self.driver.erase, max(got.typed, WORD_LENGTH))
                    continue
            ready = False
            t1 = self.clock()
            if guess is None:
                state = _game_state(tuple(self.history), self.config.hard, frozenset(self.banned))
                guess = self.solver.next_guess(state).lower()
            t2 = self.clock()
            closed = self.closed
            self.send(self.driver.type_word, guess)
            t3 = self.clock()
            typed: _Outcome = self.wait(
                self.typed_judge(index, guess), f"row {index + 1} to show {guess.upper()}"
            )
            t4 = self.clock()
            typed_row = row_pixels(self.frame, self.grid, index)
            if typed.kind == "mistyped":
                self.emit(Event("retype", index, guess))
                if self.closed > closed:
                    # A dialog came up and took the keys: the same way again, not another.
                    self.send(self.driver.erase, WORD_LENGTH)
                    continue
                retypes += 1
                # Another way of typing if the driver has one; else a plain retry or two.
                if self.escalate(enter=False) is None and retypes > self.config.retypes:
                    raise AutobotError(
                        f"the keys do not reach the page: row {index + 1} does not show "
                        f"{guess.upper()} after typing it {retypes} times",
                        4,
                    )
                self.send(self.driver.erase, WORD_LENGTH)
                continue
            closed = self.closed
            self.send(self.driver.press_enter)
            t5 = self.clock()
            outcome: _Outcome = self.wait(
                self.submit_judge(index, guess), f"row {index + 1} ({guess.upper()})"
            )
            if outcome.kind == "deaf" and self.closed > closed:
                # A dialog came up and took the Enter: press it again the same way.
                self.send(self.driver.press_enter)
                outcome = self.wait(
                    self.submit_judge(index, guess), f"row {index + 1} ({guess.upper()})"
                )
            if outcome.kind == "deaf" and row_changed(
                typed_row, row_pixels(self.frame, self.grid, index)
            ):
                # The rows read the same but the row looks different (a red ring or border):
                # the page heard Enter and said no without a toast.
                outcome = _Outcome("rejected")
            if outcome.kind == "deaf":
                outcome = self.press_enter_harder(index, guess)
            t6 = self.clock()
            # Settling is every wait for the page: the quiet before typing, the typed row
            # standing still before Enter, and the reveal after it.
            self.timings.decide_ms.append((t2 - t1) * 1000)
            self.timings.type_ms.append((t3 - t2 + t5 - t4) * 1000)
            self.timings.settle_ms.append((t1 - t0 + t4 - t3 + t6 - t5) * 1000)
            word, guess, retypes = guess, None, 0
            if outcome.kind == "scored":
                self.keys_proven = True
                self.history.append(Turn(word, outcome.marks))
                self.emit(Event("row", index, word, outcome.marks))
                if outcome.marks == ALL_GREEN:
                    return True
                # Scored on two equal reads with the rows below checked empty; if nothing moved
                # (no animations) the page already takes keys, so no second look is needed.
                ready = not self.motion and index + 1 < self.rows and not self.growing
                continue
            self.send(self.driver.erase, WORD_LENGTH)
            self.banned.add(word)
            self.rejected.append(word)
            self.emit(Event("rejected", index, word))
            if len(self.rejected) > self.config.max_rejections:
                raise AutobotError(
                    f"the page refused {len(self.rejected)} words; is this Wordle?", 4
                )


def play_game(
    driver: Driver,
    solver: Strategy,
    config: BotConfig | None = None,
    *,
    reader: Reader | None = None,
    history: Sequence[Turn] = (),
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
    on_event: Callable[[Event], None] | None = None,
    guard: Callable[[BoardView], str | None] | None = None,
    overlay: OverlayFinder = _default_overlay,
) -> GameResult:
    """Play one game of Wordle through `driver`, asking `solver` for every guess.

    `history` is the game so far if the caller knows it (else rows already on the board are
    adopted when `config.resume`). `guard` may veto any read (a reason string = safety stop,
    exit 4). `overlay` finds a dialog in a frame (`autobot.vision.overlay.find_overlay`).
    Raises GameFailed (an AutobotError: exit 3 no board, 4 out of step / not settling, ...)
    carrying the game so far as `.result`.
    """
    config = config or BotConfig()
    loop = _Loop(
        driver,
        solver,
        config,
        reader or _default_reader(),
        clock,
        sleep,
        on_event,
        guard,
        overlay,
    )
    started = clock()
    stopped: str | None = None

    def result(won: bool, error: AutobotError | None = None) -> GameResult:
        return GameResult(
            won=won,
            turns=tuple(loop.history),
            rejected=tuple(loop.rejected),
            seconds=clock() - started,
            timings=loop.timings,
            stopped=stopped,
            theme=loop.theme,
            high_contrast=loop.high_contrast,
            error=str(error) if error else None,
            exit_code=error.exit_code if error else (0 if won else 1),
            seen=loop.seen,
            waiting_for=loop.waiting_for if error else None,
        )

    try:
        won = loop.play(history)
    except UserQuit as exc:
        won, stopped = False, str(exc)
    except AutobotError as exc:
        raise GameFailed(exc, result(False, exc)) from None
    return result(won)


class GameFailed(AutobotError):
    """A game that stopped on an error; `.result` holds what was played and seen until then."""

    def __init__(self, error: AutobotError, result: GameResult) -> None:
        super().__init__(str(error), error.exit_code)
        self.result = result
