"""Watching the page: read frames, wait for the board to settle, close what covers it."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from autobot.drivers.driver import Driver
from autobot.drivers.recording import sink_of
from autobot.errors import NoBoardFound, SafetyStop
from autobot.loop.result import BoardView, BotConfig, Event, Reader, Row, Timings
from autobot.loop.rows import (
    MIN_LENGTH,
    as_typed,
    board_box,
    board_cut,
    describe,
    frame_digest,
    row_kind,
    stall_reason,
)
from autobot.outcomes import Reason
from autobot.rules import Turn

Judge = Callable[[BoardView, "BoardView | None", float], Any]
OverlayFinder = Callable[[Any], Any]  # frame -> autobot.vision.overlay.Overlay | None
SMALLER_TILES = 0.7  # fewer rows of tiles this much smaller than the board's: not the board
# A board read inside a panel before the game fills at least this share of it if the panel is
# the page's own card; a dialog's pictures of boards (a book cover, example rows) fill less.
CARD_SHARE = 0.25
# A panel still there after this many closing tries, and every way tried, is the page's own.
STAYS_AFTER = 3


def closing_ways(found: Any, closed_by: str | None = None,
                 dead_ways: Collection[str] = ()) -> list[tuple[str, Any]]:
    """The ways to close dialog `found` (None: none seen), in the order to try them: (what,
    frame point to click, or None for Escape).

    Its X first (the control it has for that: a page may merely hide a dialog on Escape and
    stay deaf to keys until it is really closed), Escape, its button (PLAY, OK, Fermer: found
    by shape, never by the word), a click on its backdrop. The way that closed the page's last
    dialog (`closed_by`) comes first; a way that left the keys dead (`dead_ways`), last.
    """
    ways: list[tuple[str, Any]] = []
    if found is not None and found.close is not None:
        ways.append(("the dialog's X", found.close))
    ways.append(("Escape", None))
    if found is not None:
        ways += [(what, target) for what, target in (
            ("the dialog's button", getattr(found, "button", None)),
            ("beside the dialog", found.outside)) if target is not None]
    # A dialog that comes back (or the page's next one) most likely closes the same way.
    ways.sort(key=lambda way: (way[0] in dead_ways, way[0] != closed_by))
    return ways


def _rounded(box: Any) -> tuple[int, ...]:
    """A panel's place to 16 px: the same panel found again a pixel off is the same one."""
    return tuple(int(v) // 16 for v in box)


def _area(box: Any) -> int:
    return max(0, box[2] - box[0]) * max(0, box[3] - box[1])


def default_overlay(frame: Any) -> Any:
    """A dialog panel in a real frame (fakes in tests are not arrays: nothing to find)."""
    import numpy as np

    if not isinstance(frame, np.ndarray):
        return None
    # (imported here: every command's start, `autobot --help` too, loads this module)
    from autobot.vision.overlay import find_overlay

    return find_overlay(frame)


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


class OutOfStep(Exception):
    """A read that contradicts the game so far (a stop if it persists)."""


class Kind(StrEnum):
    """What a wait turned into (a StrEnum: it compares, prints and dumps as its word)."""

    READY = "ready"  # the row to play is empty and the board still: keys may go
    TYPED = "typed"  # the word is in the row, still: ready for Enter
    MISTYPED = "mistyped"  # the row stays short of the word or shows others: keys went astray
    SCORED = "scored"  # the row is coloured
    REJECTED = "rejected"  # the page refused the word (a toast, a cleared or ringed row)
    # Enter did nothing visible before any row was scored: maybe the page did not take it.
    DEAF = "deaf"
    DIRTY = "dirty"  # a row that should be empty keeps letters: Backspace did not arrive
    OVER = "over"  # no row left


@dataclass
class Outcome:
    """What a wait turned into."""

    kind: Kind
    marks: str = ""
    typed: int = 0
    letters: str = ""  # "mistyped": the letters the row showed


class DialogCloser:
    """What a game knows of the dialogs over its page: how to find one in a frame, the ways
    to close it in the order to try them on this page, and what each close did."""

    def __init__(self, overlay: OverlayFinder) -> None:
        self.find = overlay  # frame -> the dialog's panel, X, button, backdrop point (or None)
        self.closed = 0  # dialogs closed so far (keys sent while one was up were lost to it)
        self.closing: str | None = None  # the way the last close step tried
        self.closed_by: str | None = None  # the way that closed the last dialog (tried first)
        # Ways that closed a dialog to the eye but left the page deaf to keys (tried last).
        self.dead_ways: set[str] = set()
        self.last_dialog: Any = None  # the last dialog closed (its X, button, backdrop point)
        self.panel_closes: dict[tuple[int, ...], int] = {}  # closes tried per panel (its place)
        self.panel_ways: dict[tuple[int, ...], int] = {}  # ... and the ways it has
        # The last judgement of a board read inside a dialog (`Watcher.covered`): on which
        # frame (its pixels' digest) with how many closes tried by then, and what it said.
        self.covered_on: tuple[int | None, int] | None = None
        self.covering = False

    def ways(self, found: Any) -> list[tuple[str, Any]]:
        """The ways to close dialog `found` in the order to try them on this page."""
        return closing_ways(found, self.closed_by, self.dead_ways)

    def next_way(self, frame: Any, attempt: int, can_click: bool) -> tuple[str, Any]:
        """The way to try at close step `attempt` on what covers `frame`: (what, frame point
        to click, or None for Escape); round again if the dialog stays or comes back."""
        found = self.find(frame)
        if found is not None:
            self.last_dialog = found
            key = _rounded(found.panel)
            self.panel_closes[key] = self.panel_closes.get(key, 0) + 1
        # (a driver that cannot click has Escape only)
        ways = [way for way in self.ways(found) if way[1] is None or can_click]
        if found is not None:
            self.panel_ways[_rounded(found.panel)] = len(ways)
        what, target = ways[attempt % len(ways)]
        self.closing = what
        return what, target

    def took(self) -> None:
        """The board is back after a close step: the way it tried closed the dialog."""
        if self.closing is not None:
            self.closed_by, self.closing = self.closing, None

    def tries(self) -> int:
        """Close steps tried so far, over every panel."""
        return sum(self.panel_closes.values())

    def stayed(self, panel: Any) -> bool:
        """Has the panel at `panel` stayed through every way of closing it (and a few tries)?
        Then it is the page's own card, not a dialog."""
        key = _rounded(panel)
        return self.panel_closes.get(key, 0) >= max(STAYS_AFTER, self.panel_ways.get(key, 0))

    def deaf_way(self) -> str | None:
        """The way that closed the last dialog left the keys dead: tried last from now on,
        never first again on this page. Returns it (None: no way closed one)."""
        dead = self.closed_by
        if dead is not None:
            self.dead_ways.add(dead)
        self.closed_by = None
        return dead


@dataclass(frozen=True)
class Pace:
    """How a loop waits: its clock and its sleep (in tests, a fake clock's)."""

    clock: Callable[[], float]
    sleep: Callable[[float], None]

    def poll(self, seconds: float) -> None:
        """Wait between two frames (no wait at all for 0)."""
        if seconds > 0:
            self.sleep(seconds)


def tell(trace: Any, on_event: Callable[[Event], None] | None, event: Event) -> None:
    """Tell what happened in a game: to the `--trace` record (`trace`, if any) and the caller."""
    if trace is not None:
        trace.event(event)
    if on_event is not None:
        on_event(event)


def climb_keys(driver: Driver, emit: Callable[[Event], None], index: int, *,
               enter: bool) -> str | None:
    """Ask the driver for its next way of sending keys, told as a "keys" event at `index`
    (None: it has none left)."""
    climb = getattr(driver, "escalate", None)
    rung = climb(enter=enter) if climb is not None else None
    if rung is not None:
        emit(Event("keys", index, detail=rung))
    return rung


class WatchedGame(Protocol):
    """What a watcher needs to know of the game it watches (the loop that plays it)."""

    started: bool  # the board was taken: keys may have been sent
    history: list[Turn]  # the rows played
    typing: str | None  # the word in the row being played, once typed
    # (read, typed) letter pairs the page's font draws alike: rows of known words read so
    confusions: set[tuple[str, str]]
    rows: int  # the board's row count


def steady(read: BoardView, previous: BoardView | None) -> bool:
    """Settled by vision's own signs and the same as the frame before."""
    return (
        read.found
        and read.settled
        and previous is not None
        and previous.found
        and tuple(previous.rows) == tuple(read.rows)
    )


class Watcher:
    """What a loop watches: frames grabbed and read, how long the board stood still, waits
    until a judge is satisfied, and what covers the board closed (by its `DialogCloser`)."""

    def __init__(
        self,
        driver: Driver,
        config: BotConfig,
        reader: Reader,
        game: WatchedGame,
        pace: Pace,
        dialogs: DialogCloser,
        emit: Callable[[Event], None],
        guard: Callable[[BoardView], str | None] | None = None,
    ) -> None:
        self.driver = driver
        self.config = config
        self.reader = reader
        self.game = game
        self.pace = pace
        self.dialogs = dialogs
        self.emit = emit  # the game's events (a scroll, a dialog closed, a browser dialog)
        self.guard = guard
        self.timings = Timings()
        self.captures: dict[str, int] = {}  # frames by how they were captured ("full", "clip")
        self.waiting_for = "the game to start"
        self.seen: tuple[Row, ...] = ()  # the rows of the last board read (for failure reports)
        self.frame: Any = None  # the last frame grabbed
        self.grid: Any = None  # the board's place in the last frame that showed it
        self._hint: Any = None
        self.captured_at = 0.0  # when the last frame's capture started
        self._same_since: float | None = None  # capture time of the first frame of a still run
        self.last_board: BoardView | None = None  # the last frame that showed a board
        self._digest: int | None = None  # the last frame's pixels, fingerprinted
        self._raw_read: Any = None  # the reader's last read, of pixels `_read_digest` ...
        self._read_digest: int | None = None
        self._read_hint: Any = None  # ... and the hint a read of them again would have
        self._digest_at = 0.0  # when the frame that first showed those pixels was captured
        self._identical_since: float | None = None  # first capture of a pixel-identical run
        self.identical_frames = 0  # frames in a row with the same pixels
        self.motion = False  # a frame since the last keys showed the board moving
        self.scrolled = False  # the board was scrolled into view once (not again and again)
        self.board_tile = 0.0  # the board's tile side (px) when the game started on it
        self.alert: str | None = None  # a native browser dialog's text since the last keys
        self.theme: str | None = None
        self.high_contrast = False
        self.trace = sink_of(driver)  # `--trace`: each read is told to it too

    def read_again(self) -> None:
        """What was read from the last pixels is stale (the reader learned): read them again."""
        self._read_digest = None

    def look(self) -> BoardView:
        """Grab one frame and read it, timing both."""
        screen = self.driver.screen
        focus = getattr(screen, "focus", None)  # a screen that can capture the board alone
        if focus is not None and not self.game.started:
            focus(None)  # until the game is on, the whole screen (a dialog, a tutorial's rows)
        t0 = self.pace.clock()
        self.captured_at = t0
        frame = screen.grab()
        t1 = self.pace.clock()
        digest = frame_digest(frame)
        if digest is not None and digest == self._read_digest and self._hint is self._read_hint:
            # The same pixels read the same: only a changed frame costs a read (while the
            # page stands still, frames then come as fast as they can be captured).
            read = self._raw_read
        else:
            read = self.reader(frame, hint=self._hint)
            # (the hint the next look will have: this read's board, see below)
            hint_next = read.grid if read.found and self.config.use_hint else None
            self._raw_read, self._read_digest, self._read_hint = read, digest, hint_next
            self.timings.read_ms.append((self.pace.clock() - t1) * 1000)
        if self.trace is not None:
            self.trace.read(frame, read)  # the reader's own read, before the loop's
        self.timings.capture_ms.append((t1 - t0) * 1000)
        kind = getattr(screen, "last_kind", "full")
        self.captures[kind] = self.captures.get(kind, 0) + 1
        if kind != "full" and not read.found:
            # The clip no longer shows the board (it moved, or something covers it): look
            # at the whole screen again at once rather than lose a frame.
            focus(None)  # type: ignore[misc]
            return self.look()
        self.frame = frame
        self.take_alerts()
        read = self.unstick(read, digest)
        if self.game.confusions and read.found and dataclasses.is_dataclass(read):
            words = [t.guess for t in self.game.history] + [self.game.typing or ""]
            rows = as_typed(read.rows, words, self.game.confusions)
            if rows != tuple(read.rows):
                read = dataclasses.replace(read, rows=rows)  # type: ignore[arg-type]
        # A board found once is looked for in the same place first (vision falls back if not).
        if self.config.use_hint:
            self._hint = read.grid if read.found else None
        if read.found:
            self.seen = tuple(read.rows)
            self.grid = read.grid
        if focus is not None and self.game.started:
            focus(board_box(read))  # the game is on: the next frames need only the board
        if read.found and read.settled:
            self.theme = getattr(read, "theme", None) or self.theme
            self.high_contrast = bool(getattr(read, "high_contrast", False))
        if self.guard is not None:
            reason = self.guard(read)
            if reason:
                raise SafetyStop(reason, reason=Reason.BOARD_MOVED)
        return read

    def take_alerts(self) -> None:
        """Native browser dialogs (alert) the driver accepted since the last look: the page's
        answer to the last keys (e.g. "Not a valid word!"), kept until the next keys."""
        take = getattr(self.driver, "take_alerts", None)
        for text in take() if take is not None else ():
            self.alert = text
            self.emit(Event("note", len(self.game.history), detail=(
                f'the page opened a browser dialog ("{text}"): accepted')))

    def forget_place(self) -> None:
        """The next look searches the whole screen with no hint (the last board was cut)."""
        self._hint = None
        focus = getattr(self.driver.screen, "focus", None)
        if focus is not None:
            focus(None)

    def unstick(self, read: BoardView, digest: int | None) -> BoardView:
        """A board read as moving on frames that stay pixel-identical is in fact still.

        Vision may keep a frame unsettled (a tile it cannot place, a mark it doubts) while
        nothing on the page moves; waiting for it would stall the loop until the timeout.
        Only a run of identical frames over `still_override` s, every tile readable, counts.
        """
        if digest is None or digest != self._digest:
            self._digest, self._identical_since, self.identical_frames = digest, None, 0
            self._digest_at = self.captured_at
            return read
        if self._identical_since is None:
            self._identical_since = self._digest_at  # the pixels are as they were then
        self.identical_frames += 1
        if not read.found or read.settled:
            return read
        readable = all(
            len(marks) >= MIN_LENGTH and "?" not in marks and "?" not in letters
            for letters, marks in read.rows
        )
        if (
            readable
            and self.identical_frames + 1 >= self.config.still_frames
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
            self._same_since is None or self.last_board is None
            or tuple(self.last_board.rows) != tuple(read.rows)
        ):
            self._same_since = self.captured_at
        if read.found:
            self.last_board = read
        return -1.0 if self._same_since is None else self.captured_at - self._same_since

    def send(self, keys: Callable[..., None], *args: Any) -> None:
        """Send keys to the page; what the board did before no longer counts as still."""
        self.take_alerts()  # (a dialog from before these keys is not their answer)
        self.alert = None
        keys(*args)
        self.take_alerts()  # one met while sending them is theirs (opened by their Enter)
        self._same_since = None
        self.last_board = None
        self.motion = False
        # Frames from before the keys prove nothing about the page after them.
        self._digest, self._identical_since, self.identical_frames = None, None, 0

    def frozen(self) -> float:
        """How long (s) the frames have been pixel-identical (0 while they change)."""
        if self._identical_since is None:
            return 0.0
        return self.captured_at - self._identical_since

    def still_enough(self, still: float, seconds: float) -> bool:
        """Has a board read the same for `still` s stood still long enough to take keys?

        With no motion since the last keys, at once. Else it must read the same for `seconds`,
        or its pixels must not have changed for `pixel_quiet` s (a flip changes pixels every
        frame, while its last frames already read final: with frames a few ms apart this is
        the sooner sign, and a page that never stops moving somewhere still gets `seconds`).
        """
        if still < 0:
            return False
        if not self.motion or still >= seconds:
            # (a page without animations takes keys as soon as it shows them)
            return True
        pixels = 0.0 if self._identical_since is None else self.captured_at - self._identical_since
        return pixels >= min(seconds, self.config.pixel_quiet)

    # what covers the board --------------------------------------------------------------

    def covered(self, read: BoardView) -> bool:
        """Is the board read inside a dialog panel (a tutorial's example rows, not the game)?

        Looked at before the first keys, and later only on a board that vision calls moving
        while its frames stay pixel-identical (a still dialog, not a flip); never for a settled
        board of plausible rows: a page may frame its real board in a card with an X-like icon.
        """
        static = (self._identical_since is not None
                  and self.captured_at - self._identical_since >= 0.3)
        # (settled by vision's own signs: a read only taken as still because its frames stay
        # identical may be a dialog's example row, still as dialogs are)
        settled = read.settled and not isinstance(read, _StillRead)
        if not read.found or (self.game.started and (settled or not static)):
            return False
        plausible = read.settled and all(
            row_kind(row) in ("empty", "typing", "typed", "evaluated") for row in read.rows
        )
        if plausible and self.game.started:
            return False  # a game board (a page may frame its board in a card): not examples
        # (the same pixels judged again once more closes were tried: the card rule may apply)
        seen = (self._digest, self.dialogs.tries())
        if self.dialogs.covered_on == seen and self._digest is not None:
            return self.dialogs.covering
        box = board_box(read)
        found = self.dialogs.find(self.whole_frame()) if box is not None else None
        inside = found is not None and (
            found.panel[0] <= box[0] and found.panel[1] <= box[1]  # type: ignore[index]
            and box[2] <= found.panel[2] and box[3] <= found.panel[3]  # type: ignore[index]
        )
        if inside and plausible and (
                _area(box) >= CARD_SHARE * _area(found.panel)
                or self.dialogs.stayed(found.panel)):
            # Before the game, plausible rows that fill the panel: the page's card around its
            # board. Plausible rows in a corner of it are a picture (a dialog's book cover),
            # unless the panel stayed through every way of closing it: the page's own.
            inside = False
        self.dialogs.covered_on, self.dialogs.covering = seen, inside
        return inside

    def smaller_than_the_board(self, read: BoardView) -> bool:
        """Is `read` a lattice of fewer rows than the board, of tiles under SMALLER_TILES of
        the board's last size (a dialog's examples)? A board that grows rows (its tiles
        shrinking a little each time) or is zoomed out whole keeps its rows: it still counts."""
        tile = getattr(getattr(read, "grid", None), "tile", None)
        if not (self.game.started and read.found and tile):
            return False
        if self.board_tile and float(tile) < SMALLER_TILES * self.board_tile \
                and len(read.rows) < self.game.rows:
            return True
        self.board_tile = float(tile)
        return False

    def whole_frame(self) -> Any:
        """The last frame if it shows the whole screen, else a fresh whole one (a dialog is
        looked for on all of it, not on the board's clip)."""
        screen = self.driver.screen
        if getattr(screen, "last_kind", "full") == "full" or not hasattr(screen, "grab_full"):
            return self.frame
        frame = screen.grab_full()  # type: ignore[attr-defined]
        # A frame like any other: the game's record counts every capture the loop made.
        self.captures["full"] = self.captures.get("full", 0) + 1
        return frame

    def frame_clicker(self) -> Callable[[float, float], None] | None:
        """The driver's click in frame pixels, if it has one (`clicks_frame_pixels`: Selenium's
        maps them to CSS pixels, the desktop's to the pointer, guarded by the desktop driver)."""
        if not getattr(self.driver, "clicks_frame_pixels", False):
            return None
        return getattr(self.driver, "click", None)

    def uncover(self, attempt: int) -> str:
        """One step of closing what hides the board; says what was done (round again if the
        dialog stays or comes back: `closing_ways` says the order)."""
        click = self.frame_clicker()
        what, target = self.dialogs.next_way(self.whole_frame(), attempt, click is not None)
        if target is None or click is None:
            self.send(self.driver.press_escape)
            return "pressed Escape"
        self.send(click, *target)
        return f"clicked {what} at {target[0]},{target[1]}"

    def scroll_into_view(self, read: BoardView) -> bool:
        """A board cut by the frame's bottom edge: turn the wheel over it once; True if done."""
        scroll = getattr(self.driver, "scroll", None)
        box = board_box(read)
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
        self.emit(Event("scroll", len(self.game.history), detail=f"{dy} px"))
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
        started = self.pace.clock()
        deadline = started + self.config.settle_timeout
        previous: BoardView | None = None
        closes = 0
        last_close: float | None = None
        missing_since: float | None = None
        wrong_since: float | None = None
        while True:
            read = self.look()
            now = self.pace.clock()
            if self.covered(read):
                read = _StillRead(False, False, (), None, ("the board is inside a dialog",))
            elif self.smaller_than_the_board(read):
                # A lattice of much smaller tiles than the game's board: a dialog's example
                # rows over it (in any look, found as a panel or not), never the board.
                read = _StillRead(False, False, (), None, (
                    "tiles much smaller than the board's (a dialog's examples?)",))
            elif self.game.started and read.found and len(read.rows) <= len(self.game.history):
                # Fewer rows than played and the one being played: the rest is covered (a
                # dialog over the lower rows) or the game is over. Either way, not the board.
                read = _StillRead(False, False, (), None, (
                    f"only {len(read.rows)} rows in view, {len(self.game.history)} played",))
                # The board's place was learned from that cut board: once the dialog is
                # closed, the whole board must be found again, not the cut one's rows.
                self.forget_place()
            if read.found and self.scroll_into_view(read):
                deadline = max(deadline, self.pace.clock() + self.config.escape_wait)
                previous = None
                continue
            still = self.track(read)
            try:
                outcome = judge(read, previous, still)
            except OutOfStep as exc:
                # One misread (a letter caught mid-flip) must not end a game; a lasting one does.
                if wrong_since is None:
                    wrong_since = now
                if now - wrong_since >= self.config.mismatch_patience:
                    raise SafetyStop(f"the board is out of step with the game: {exc}",
                                     reason=Reason.OUT_OF_STEP) \
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
                if closes:
                    self.dialogs.took()
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
                    raise NoBoardFound(
                        f"no Wordle board found on the screen while waiting for {what} "
                        f"({closes} tries to close what might cover it did not help; "
                        f"last seen: {describe(read)})",
                        reason=Reason.DIALOG
                        if self.game.started or self.dialogs.find(self.frame) is not None
                        else "no_board",
                    )
                done = self.uncover(closes)
                closes += 1
                self.dialogs.closed += 1
                last_close = self.pace.clock()
                kind = "escape" if done == "pressed Escape" else "close"
                self.emit(Event(kind, len(self.game.history), detail=done))
                deadline = max(deadline, last_close + self.config.escape_wait)
            if now >= deadline:
                raise SafetyStop(
                    f"the board did not settle within {self.config.settle_timeout:g} s "
                    f"while waiting for {what} (last seen: {describe(read)})",
                    reason=stall_reason(read),
                )
            previous = read
            self.pace.poll(self.config.poll_interval)
