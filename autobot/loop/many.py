"""Many boards, one typed guess (Dordle, Quordle ... Duotrigordle): look, decide, type, check.

The one-board loop's pieces, not a copy: the same watcher (frames read and timed, waits on a
settled picture, Escape / the dialog's X for what covers the boards), the same driver and its
ladder of ways to send keys, the same judgements on a row (`row_kind`, `row_matches`). Every
frame is read whole by the many-board reader (`autobot.vision.boards.BoardsReader`: every board
found and read). Each guess is three waits:
1. ready: every open board's next row is empty and the boards stood still;
2. typed: every open board shows the guess typed in that row (else erase and type it again);
3. scored: every open board's row is coloured, the same on two reads; or refused: the row was
   cleared (or stays typed) for `reject_patience` s.

Which board read is which board of the game is told by its rows, not its place: an open board's
read must show exactly the colours that board got so far (boards that showed the same colours
so far are interchangeable to the solver). Solved boards that fade or fold away, or boards
found in another order, change nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, is_dataclass, replace
from typing import Any, Protocol

from autobot.drivers.driver import RUNGS, Driver
from autobot.drivers.recording import sink_of
from autobot.errors import AutobotError, SafetyStop, UserQuit
from autobot.loop.result import (
    ALL_GREEN,
    ROWS,
    BotConfig,
    Event,
    Reader,
    Row,
    Timings,
    reason_code,
)
from autobot.loop.rows import MISREAD_SCORED, letters_near, row_kind, row_matches
from autobot.loop.skeleton import Step, play_steps
from autobot.loop.turns import TurnStamps
from autobot.loop.watch import (
    DialogCloser,
    Judge,
    Kind,
    OutOfStep,
    OverlayFinder,
    Pace,
    Watcher,
    climb_keys,
    default_overlay,
    tell,
)
from autobot.multiboard import MultiState
from autobot.outcomes import Reason
from autobot.players import as_player
from autobot.rules import WORD_LENGTH, Turn, score
from autobot.vision.boards import BoardsReader, renumbered


def row_near(row: Row, turn: Turn) -> bool:
    """`row_matches`, with the letters as `letters_near`: the colours must be exact."""
    letters, marks = row
    if len(marks) != len(turn.guess) or not letters_near(letters, turn.guess, MISREAD_SCORED):
        return False
    return all(m == "?" or m == t for m, t in zip(marks, turn.marks.upper(), strict=True))


KEYBOARD_RUNGS = ("click",)  # ways of sending keys through the page's on-screen keyboard

# Many boards take longer to read and to reveal; a read never turns "still" by pixels alone
# (the watcher's shortcut keeps only the rows, not which board they belong to).
MANY_CONFIG = BotConfig(settle_timeout=30.0, still_override=float("inf"), retypes=2)


class ManyStrategy(Protocol):
    """The many-board solver as the loop sees it (`autobot.multiboard.MultiSolver`)."""

    def next_guess(self, state: MultiState) -> str: ...


@dataclass(frozen=True)
class ManyResult:
    """How a many-board game went: guesses, each board's colours, refused words, time."""

    won: bool
    boards: int
    guesses: tuple[str, ...]
    marks: tuple[tuple[str, ...], ...]  # per board, one per guess until the board was solved
    rejected: tuple[str, ...]
    seconds: float
    timings: Timings
    stopped: str | None = None
    theme: str | None = None
    error: str | None = None
    exit_code: int = 0
    waiting_for: str | None = None
    found: int = 0  # boards found in view (auto) or told (--boards)
    view: tuple[str, ...] = ()  # how boards out of view were brought into it (zoom, scroll)
    reason: Reason | None = None  # how it ended (`autobot.outcomes.Reason`)

    def to_json(self) -> dict[str, Any]:
        """The `--json` record of `autobot play --boards N` / `autobot live --boards N`."""
        return {
            "won": self.won,
            "boards": self.boards,
            "guesses": list(self.guesses),
            "marks": [list(m) for m in self.marks],
            "solved": sum(bool(m) and m[-1] == "G" * WORD_LENGTH for m in self.marks),
            "seconds": round(self.seconds, 3),
            "timings": self.timings.medians(),
            "rejected": list(self.rejected),
            "stopped": self.stopped,
            "error": self.error,
            "exit_code": self.exit_code,
            "waiting_for": self.waiting_for,
            "boards_found": self.found or self.boards,
            "brought_into_view": list(self.view),
            "reason": self.reason or (Reason.WON if self.won else None),
        }


class ManyGameFailed(AutobotError):
    """A game that stopped on an error; `.result` holds what was played until then."""

    def __init__(self, error: AutobotError, result: ManyResult) -> None:
        super().__init__(str(error), error.exit_code, error.reason)
        self.result = result


# --- pure judgements ---------------------------------------------------------------------


def board_rows(read: Any) -> list[tuple[Row, ...]] | None:
    """The rows of every board found in a read (None: not a many-board read)."""
    boards = getattr(read, "boards", None)
    if boards is None:
        return None
    return [tuple(b.rows) for b in boards if b.found]


BOX_TURNS = 3  # turns of the wheel over boards cut by their boxes, per guess and wait
MIN_WINDOW_ROWS = 1  # played rows a board scrolled in its own box must show to be told


def window_offset(state: MultiState, board: int, rows: Sequence[Row]) -> int | None:
    """Where a board read's rows start in the game (0: at its first row; o: a box scrolled
    past its first o rows, which are remembered from the game's history), if the read is
    this open board's: a row for this guess, and its rows before it with exactly the
    board's colours; else None. The least offset that fits is taken."""
    k = len(state.guesses)
    want = state.marks[board]
    for offset in range(k + 1):
        shown = k - offset  # played rows the read shows
        if offset and shown < min(k, MIN_WINDOW_ROWS):
            return None
        # An old row's unreadable tile ('?', a misread) agrees with anything.
        if len(rows) > shown and all(
            row_matches(rows[j - offset], Turn(state.guesses[j], want[j]))
            or row_near(rows[j - offset], Turn(state.guesses[j], want[j]))
            for j in range(offset, k)
        ):
            return offset
    return None


def ends_short(state: MultiState, board: int, rows: Sequence[Row]) -> bool:
    """Does a board read show some of this open board's played rows in a row (at least one),
    with nothing after them: its later rows and the row for this guess cut by the bottom of
    a box of its own?"""
    k, n = len(state.guesses), len(rows)
    if not n or n > k or rows[-1] == ("", "....."):
        return False
    want = state.marks[board]
    return any(all(row_matches(rows[j], Turn(state.guesses[o + j], want[o + j]))
                   or row_near(rows[j], Turn(state.guesses[o + j], want[o + j]))
                   for j in range(n))
               for o in range(k - n + 1))


def assign(state: MultiState, boards: Sequence[Sequence[Row]], partial: bool = False
           ) -> dict[int, int] | str:
    """Which board read shows each open board, {board: read index}, or why none does.

    A read is an open board's when it has a row for this guess and its rows before it show
    the guesses with exactly that board's colours (`window_offset`: a board scrolled in its
    own box shows the last of them); reads are taken in order, each once. With `partial`, a
    board no read shows maps to -1 instead.
    """
    # Reads that show more of a board's played rows are surer: those pairs are taken first
    # (a read of every row before one scrolled in its box; in order for equal ones).
    pairs = []
    for b in state.open_boards:
        for i, rows in enumerate(boards):
            offset = window_offset(state, b, rows)
            if offset is not None:
                pairs.append((offset, b, i))
    out: dict[int, int] = {}
    taken: set[int] = set()
    for _, b, i in sorted(pairs):
        if b not in out and i not in taken:
            out[b] = i
            taken.add(i)
    for b in state.open_boards:
        if b not in out:
            if not partial:
                want = state.marks[b]
                return (f"board {b + 1} ({' '.join(want) or 'no rows yet'}) is not among the "
                        f"{len(boards)} boards read")
            out[b] = -1
    return out


def rebased(state: MultiState, board: int, read: Any) -> Any:
    """A board read whose box scrolled past its first rows, with those rows put back from the
    game's history (letters and the board's colours) and its reasons' rows renumbered: its
    row k is the game's row k again."""
    offset = window_offset(state, board, tuple(read.rows)) or 0
    if not offset or not is_dataclass(read):
        return read
    played = tuple((g.upper(), m) for g, m in zip(state.guesses[:offset],
                                                   state.marks[board][:offset], strict=True))
    return replace(read, rows=played + tuple(read.rows),
                   reasons=tuple(renumbered(why, offset) for why in read.reasons))


def could_be(state: MultiState, board: int, word: str) -> bool:
    """Could `word` be this board's answer, by the colours it showed so far?"""
    return all(score(g, word) == m for g, m in zip(state.guesses, state.marks[board],
                                                    strict=False))


def _named_rows(reason: str) -> list[int]:
    """The 1-based rows a vision reason names ("tile 3,2 ...", "row 4 ..."); [] if none."""
    words = reason.replace(",", " ").split()
    return [int(words[i + 1]) for i, w in enumerate(words[:-1])
            if w in ("tile", "row") and words[i + 1].isdigit()]


def settled_from(board: Any, index: int) -> bool:
    """Is this board read settled from row `index` (0-based) on? What vision doubts in rows
    already played and checked (a tile it cannot place) does not hold the game up."""
    if board.settled:
        return True
    # Rows past the one being played are empty in any game: one cut by the edge of the
    # view (a board not all in view) holds nothing up either.
    return all((named := _named_rows(why))
               and (max(named) <= index or min(named) > index + 2) for why in board.reasons)


MOTION_DOUBTS = ("mid-flip", "mid-reveal")  # what vision says of a tile it thinks is moving
FROZEN_STILL_S = 1.0  # s of pixel-identical frames after which no tile is moving (a flip is 0.5 s)


def still_despite(board: Any, index: int) -> bool:
    """Would this board read be settled from row `index` (0-based) on but for doubts of
    motion alone ("mid-flip" on a tile whose letter and colour were read), which frames that
    stay pixel-identical disprove (faint outlines on small tiles measure as squashed)?"""
    rows = board.rows[:index + 1]
    if any("?" in letters or "?" in marks for letters, marks in rows):
        return False
    return all(any(doubt in why for doubt in MOTION_DOUBTS) or
               ((named := _named_rows(why)) and (max(named) <= index or min(named) > index + 2))
               for why in board.reasons)


def quiet_to(board: Any, index: int) -> bool:
    """Is this board read still up to row `index` (0-based)? What vision doubts past it
    (the rows to come, empty in any game, cut by the edge of the view) is no motion."""
    return all((named := _named_rows(why)) and min(named) > index + 1 for why in board.reasons) \
        or settled_from(board, index)


def open_reads(state: MultiState, read: Any, partial: bool = False) -> dict[int, Any] | None:
    """Every open board's read (None: the boards cannot be told apart in this read; with
    `partial`, a board not in view maps to None)."""
    boards = getattr(read, "boards", None)
    if boards is None:
        return None
    found = [b for b in boards if b.found]
    got = assign(state, [tuple(b.rows) for b in found], partial)
    if isinstance(got, str):
        return None
    return {b: rebased(state, b, found[i]) if i >= 0 else None for b, i in got.items()}


def rows_now(state: MultiState, read: Any) -> dict[int, Row] | None:
    """Every open board's row for the guess being played (None: the boards cannot be told)."""
    reads = open_reads(state, read)
    if reads is None:
        return None
    k = len(state.guesses)
    return {b: tuple(r.rows[k]) for b, r in reads.items()}  # type: ignore[misc]


def stall_code(seen: str, code: str | None) -> str | None:
    """The reason code of a many-board wait that ran out: boards the reads never showed
    (out of view, not brought into it) are their own; else the one-board loop's code."""
    return "out_of_view" if "is not among" in seen or "no boards in view" in seen else code


def describe_many(read: Any, state: MultiState) -> str:
    """A read in a few words, for error messages."""
    boards = board_rows(read)
    if not getattr(read, "found", False) or boards is None:
        return "no boards in view"
    mood = "settled" if read.settled else "moving"
    got = assign(state, boards)
    if isinstance(got, str):
        return f"{mood}, {got}"
    k = len(state.guesses)
    rows = {b: boards[i][k - (window_offset(state, b, boards[i]) or 0)] for b, i in got.items()}
    shown = " ".join(f"{r[0] or '-'}:{r[1]}" for r in rows.values())
    return f"{mood}, {len(boards)} boards, row {k + 1}: {shown}"


# --- the loop ----------------------------------------------------------------------------


class BoardsWatcher(Watcher):
    """The watcher of many boards: "settled" means the open boards from the current row on,
    and keys the on-screen keyboard cannot give step back to the way of sending keys before
    it (`ManyLoop.calm`, `ManyLoop.step_back`)."""

    def __init__(self, loop: ManyLoop, reader: Reader,
                 guard: Callable[[Any], str | None] | None) -> None:
        super().__init__(loop.driver, loop.config, reader, loop, loop.pace, loop.dialogs,
                         loop.emit, guard)
        self.boards = loop  # (its `calm` and `step_back`)

    def track(self, read: Any) -> float:
        """As the watcher's, with "settled" meaning the open boards from the current row on."""
        return super().track(self.boards.calm(read))

    def send(self, keys: Callable[..., None], *args: Any) -> None:
        """As the watcher's; a keyboard's details never end a game the page's keys can type."""
        try:
            super().send(keys, *args)
        except SafetyStop as exc:
            if not self.boards.step_back(exc):
                raise
            super().send(keys, *args)


class ManyLoop:
    """One many-board game: the boards' colours so far, the solver, and the parts it plays
    with (a boards watcher, a dialog closer, a pace), held as the one-board loop holds its
    own; the key ladder is the shared `climb_keys`, the judges are its own."""

    def __init__(
        self,
        driver: Driver,
        solver: ManyStrategy,
        config: BotConfig,
        reader: Reader,
        clock: Callable[[], float],
        sleep: Callable[[float], None],
        on_event: Callable[[Event], None] | None,
        guard: Callable[[Any], str | None] | None,
        overlay: OverlayFinder,
    ) -> None:
        self.driver = driver
        self.solver = as_player(solver)  # (its next_guess takes a MultiState)
        self.config = config
        self.on_event = on_event
        self.trace = sink_of(driver)  # `--trace`: each event is told to it too
        self.banned: set[str] = set()
        self.rejected: list[str] = []
        # What the watcher asks of the game it watches (`WatchedGame`): the game's rows are
        # its state's, per board, so these stay a one-board game's before its first row (the
        # watcher's events say row 0, no confusions, no typed word).
        self.history: list[Turn] = []
        self.typing: str | None = None
        self.confusions: set[tuple[str, str]] = set()
        self.rows = config.rows or ROWS
        self.started = False  # the game was set up (`setup`): keys may have been sent
        self.pace = Pace(clock, sleep)
        self.dialogs = DialogCloser(overlay)  # what covers the boards, and how to close it
        self.watch = BoardsWatcher(self, reader, guard)
        self.timings = self.watch.timings  # (the watcher's frames, this loop's guesses)

    def emit(self, event: Event) -> None:
        """Tell what happened in the game (the `--trace` record and the caller)."""
        tell(self.trace, self.on_event, event)

    def setup(self, boards: int, room: Any = None) -> None:
        """A game of `boards` boards from its start; `room` brings boards out of view in."""
        self.state = MultiState(boards)
        self.started = True  # no resumed rows: a many-board game is played from its start
        self.room = room  # zooms out / scrolls when boards do not fit (None: cannot)
        # (guess, wait) the room was tried for; (guess, "boxes WAIT", n) boxes were turned
        self.room_tried: set[tuple] = set()
        self.keyboard_failed = False  # the on-screen keyboard lacked a key (real keys stay)

    def steady(self, board: Any, index: int) -> bool:
        """`settled_from`, or still by its pixels: a board whose only doubts are of motion
        stands still when the frames have been pixel-identical for `FROZEN_STILL_S` s."""
        return settled_from(board, index) or (
            self.watch.frozen() >= FROZEN_STILL_S and self.watch.identical_frames + 1
            >= self.config.still_frames and still_despite(board, index))

    def make_room(self, read: Any, why: str, wait: str = "ready") -> bool:
        """Zoom out (else scroll through) once per guess and wait when open boards are out of
        view; True if more came into view."""
        k = len(self.state.guesses)
        if self.room is None or (k, wait) in self.room_tried or not getattr(read, "found", False):
            return False
        got = open_reads(self.state, read, partial=True)
        # An open board in view whose row for this guess is cut by the edge of the view (or
        # of its box: a row half shown reads as tiles moving, on a page that stands still)
        # is no more in view than one not found.
        if got is not None and all(r is not None and len(r.rows) > k and self.steady(r, k)
                                   for r in got.values()):
            return False
        self.room_tried.add((k, wait))
        bring = getattr(self.room, "bring", self.room.fit)
        if not bring(why):
            return False
        self.emit(Event(self.room.log[-1].split()[0], k, detail=self.room.log[-1]))
        if hasattr(self.watch.reader, "side"):
            self.watch.reader.side = None  # the tiles changed size: look for them afresh
        return True

    def calm(self, read: Any) -> Any:
        """`read`, "settled" if the open boards are, from the current row on."""
        reads = open_reads(self.state, read, partial=True) if read.found else None
        k = len(self.state.guesses)
        whole = [r is not None and len(r.rows) > k and self.steady(r, k)
                 for r in (reads or {}).values()]
        # Boards out of view, or cut by the edge of the view (read as tiles moving) past this
        # guess's row or at it, say nothing: the page is still when the rest is (or its
        # pixels are), and then those boards are brought into view (`make_room`).
        calm = reads is not None and (all(whole) or self.watch.frozen() > 0 or any(
            r is not None for r in reads.values()) and all(
            r is None or len(r.rows) <= k or quiet_to(r, k) for r in reads.values()))
        if is_dataclass(read) and calm != read.settled:
            read = replace(read, settled=calm)
        return read

    def settled_rows(self, read: Any) -> dict[int, Row] | None:
        """Every open board's current row, if those boards are settled there (else None)."""
        reads = open_reads(self.state, read) if read.found else None
        k = len(self.state.guesses)
        if reads is None or not all(self.steady(r, k) for r in reads.values()):
            return None
        return {b: tuple(r.rows[k]) for b, r in reads.items()}  # type: ignore[misc]

    def scroll_boxes(self, read: Any, wait: str = "ready") -> bool:
        """Open boards whose reads end at their last played row (the row for this guess cut by
        the bottom of a box of their own): turn the wheel over each by two rows, as a person
        scrolls a board's box to its row, up to BOX_TURNS times a wait (a page may scroll its
        boxes back after a reveal); True if any was turned."""
        k = len(self.state.guesses)
        scroll = getattr(self.driver, "scroll", None)
        room = self.room
        tries = sum(1 for t in self.room_tried if t[:2] == (k, f"boxes {wait}"))
        if scroll is None or tries >= BOX_TURNS or not getattr(read, "found", False) \
                or (room is not None and getattr(room, "scroller", None) is not None):
            return False
        got = open_reads(self.state, read, partial=True)
        if got is None or all(r is not None for r in got.values()):
            return False
        self.room_tried.add((k, f"boxes {wait}", tries))
        missing = [b for b, r in got.items() if r is None]
        turned = []
        for read_board, g in zip(read.boards, read.geometry, strict=False):
            if read_board.found and any(ends_short(self.state, b, read_board.rows)
                                        for b in missing):
                x0, y0, x1, y1 = g.bbox()
                self.watch.send(scroll, (x0 + x1) / 2, (y0 + y1) / 2, 2 * g.pitch_y)
                turned.append(f"{(x0 + x1) // 2},{(y0 + y1) // 2}")
        if turned:
            self.emit(Event("scroll", k, detail=f"boxes at {' '.join(turned)} by two rows"))
        return bool(turned)

    def ready_judge(self, index: int) -> Judge:
        """Every open board's next row empty, the boards still (after `quiet` if they moved)."""

        def judge(read: Any, previous: Any, still: float) -> str | None:
            rows = self.settled_rows(read)
            if rows is None:
                if still >= self.config.quiet and not self.scroll_boxes(read):
                    self.make_room(read, f"guess {index + 1}: boards out of view", "scored")
                return None
            kinds = {row_kind(r) for r in rows.values()}
            if kinds == {"evaluated"}:
                # The row this guess is to go in is scored: a word taken as refused was played
                # after all (a page slower to score than `reject_patience`), or the game went on
                # without us.
                late = self.rejected[-1] if self.rejected else ""
                if late and all(letters_near(r[0], late, MISREAD_SCORED) for r in rows.values()):
                    return {b: r[1] for b, r in rows.items()}
                shown = sorted({r[0] for r in rows.values()})
                raise OutOfStep(f"guess {index + 1}: the boards show {', '.join(shown)} scored, "
                                "expected an empty row")
            if kinds != {"empty"}:
                return Kind.DIRTY if still >= self.config.reject_patience else None
            return Kind.READY if self.watch.still_enough(still, self.config.quiet) else None

        return judge

    def typed_judge(self, index: int, guess: str) -> Judge:
        """Every open board shows `guess` typed (ready for Enter), or keys went astray."""

        def judge(read: Any, previous: Any, still: float) -> str | None:
            rows = self.settled_rows(read)
            if rows is None:
                # The page still, a board's row not all shown (its box scrolled back on a key).
                if still >= self.config.quiet and not self.scroll_boxes(read, "typed"):
                    self.make_room(read, f"guess {index + 1}: boards out of view", "typed")
                return None
            if all(row_kind(r) == "typed" and letters_near(r[0], guess) for r in rows.values()):
                typed = self.watch.still_enough(still, self.config.typed_quiet)
                return Kind.TYPED if typed else None
            return Kind.MISTYPED if still >= self.config.reject_patience else None

        return judge

    def submit_judge(self, index: int, guess: str) -> Judge:
        """Every open board's row scored on a read of settled boards (or the same on three
        reads: after the last guess a dialog may come over the boards for good), or the
        word refused."""
        accepted = False
        last: dict[int, Row] | None = None
        same = 0

        def judge(read: Any, previous: Any, still: float) -> Any:
            nonlocal accepted, last, same
            got = open_reads(self.state, read, partial=True) if read.found else None
            if got is None:
                return None
            # A board this guess solved may fade or fold away at once (Duotrigordle): one
            # gone from view whose answer the guess can be is taken as solved, on two reads.
            gone = [b for b, r in got.items() if r is None]
            if gone and still >= self.config.quiet \
                    and self.make_room(read, f"guess {index + 1}: boards out of view", "scored"):
                return None  # a board that grew a row past the edge of the view, back in it
            if gone and not all(could_be(self.state, b, guess) for b in gone):
                return None
            reads = {b: r for b, r in got.items() if r is not None}
            if still >= self.config.quiet and not all(
                    len(r.rows) > index and self.steady(r, index) for r in reads.values()):
                # A row cut by the edge of the view (or of its box) on a page standing still.
                self.make_room(read, f"guess {index + 1}: rows out of view", "scored")
            rows = {b: tuple(r.rows[index]) for b, r in reads.items()}
            same = same + 1 if rows == last else 0
            last = rows
            kinds = {row_kind(r) for r in rows.values()}
            accepted = accepted or any(any(m in "GYX" for m in r[1]) for r in rows.values())
            settled = all(self.steady(r, index) for r in reads.values())
            # One read of settled boards is enough (vision tells a tile mid-flip): the last
            # guess may be followed at once by an end dialog over the boards.
            if kinds <= {"evaluated"} and same >= (1 if gone or not reads else 0 if settled
                                                    else 2):
                if not all(letters_near(r[0], guess, MISREAD_SCORED) for r in rows.values()):
                    shown = sorted({r[0] for r in rows.values()})
                    raise OutOfStep(f"the boards show {', '.join(shown)} scored, "
                                    f"the bot typed {guess.upper()}")
                return {**{b: ALL_GREEN for b in gone}, **{b: r[1] for b, r in rows.items()}}
            if accepted or not settled or still < self.config.reject_patience:
                return None
            return Kind.REJECTED if kinds in ({"empty"}, {"typed"}) else None

        return judge

    def erase(self) -> None:
        """Backspace over the guess typed into every open board's row."""
        self.watch.send(self.driver.erase, WORD_LENGTH)

    def escalate(self, *, enter: bool) -> str | None:
        """As the one-board loop's; none left once the on-screen keyboard failed to type (it is
        the last way: climbing to it again would step back again, for ever)."""
        if getattr(self, "keyboard_failed", False):
            return None
        return climb_keys(self.driver, self.emit, len(self.history), enter=enter)

    def step_back(self, stop: SafetyStop) -> bool:
        """Keys the on-screen keyboard could not give (no BACK key drawn, no keyboard found):
        step back to the way of sending keys before it, which real keys use; False if they
        were not sent through the keyboard (the stop stands)."""
        rung = getattr(self.driver, "rung", None)
        if rung not in KEYBOARD_RUNGS:
            return False
        back = RUNGS[RUNGS.index(rung) - 1]
        self.driver.rung = back  # type: ignore[attr-defined]
        self.keyboard_failed = True
        self.emit(Event("keys", len(self.state.guesses), detail=f"{back} again ({stop})"))
        return True

    def play_many(self) -> bool:
        """Guess until every board is solved or the guesses run out; True on a win."""
        return play_steps(BoardsTurns(self), clock=self.pace.clock).won


class BoardsTurns:
    """Many boards' turns for `play_steps`: wait for every open board's next row ready for
    keys, ask the solver for a guess, type it into them all, press Enter and read each
    board's marks."""

    def __init__(self, loop: ManyLoop) -> None:
        self.loop = loop
        self.retypes = 0  # times the current guess was typed again
        self.dirty = 0  # times the next row was erased again before it came up empty
        self.stamps = TurnStamps()

    def ready(self) -> Step:
        """Wait for every open board's next row empty and the boards still: rows that keep
        letters are erased (AGAIN); every board solved, WON; no guess left, OVER."""
        loop = self.loop
        if loop.state.won:
            return Step.WON
        if loop.state.left <= 0:
            return Step.OVER
        k = len(loop.state.guesses)
        self.stamps.began = loop.pace.clock()
        got = loop.watch.wait(loop.ready_judge(k), f"guess {k + 1}: the boards ready for keys")
        if isinstance(got, dict):
            # The word last taken as refused was scored after all: it is this guess.
            word = loop.rejected.pop()
            loop.banned.discard(word)
            loop.emit(Event("note", k, detail=f"{word.upper()} was scored after all, not refused"))
            loop.state = loop.state.after(word, got)
            loop.emit(Event("row", k, word, " ".join(got[b] for b in sorted(got))))
            return Step.WON if loop.state.won else Step.AGAIN
        if got is Kind.DIRTY:
            # Backspace did not clear the rows: erase again, another way if there is one, and
            # stop (never loop for ever) once every way was tried as often as a retype.
            self.dirty += 1
            self.erase_or_stop(self.dirty, f"the boards keep letters in guess {k + 1}'s row "
                                           f"after Backspace {self.dirty} times")
            return Step.AGAIN
        self.dirty = 0
        self.stamps.ready = loop.pace.clock()
        return Step.NEXT

    def decide(self) -> str:
        """The solver's next guess for every board's colours so far."""
        loop = self.loop
        return loop.solver.next_guess(replace(loop.state, banned=frozenset(loop.banned))).lower()

    def act(self, guess: str) -> Step:
        """Type `guess` and wait until every open board shows it; keys that went astray are
        erased and the same guess typed again (AGAIN), another way when the driver has one."""
        loop = self.loop
        k = len(loop.state.guesses)
        self.stamps.typing = loop.pace.clock()
        loop.watch.send(loop.driver.type_word, guess)
        self.stamps.typed = loop.pace.clock()
        typed = loop.watch.wait(loop.typed_judge(k, guess), f"guess {k + 1}: {guess.upper()} typed")
        self.stamps.shown = loop.pace.clock()
        if typed is not Kind.MISTYPED:
            return Step.NEXT
        self.retypes += 1
        loop.emit(Event("retype", k, guess))
        self.erase_or_stop(self.retypes, f"the boards do not show {guess.upper()} after "
                                         f"typing it {self.retypes} times")
        return Step.AGAIN

    def erase_or_stop(self, tries: int, why: str) -> None:
        """Erase the row to try again (another way of sending keys if the driver has one);
        stop with `keys_not_reaching` once plain tries passed the config's retypes."""
        loop = self.loop
        if loop.escalate(enter=False) is None and tries > loop.config.retypes:
            raise SafetyStop(f"the keys do not reach the page: {why}",
                             reason=Reason.KEYS_NOT_REACHING)
        loop.erase()

    def settle(self, guess: str) -> Step:
        """Press Enter and wait for every open board's row scored (the boards' colours join
        the game; WON once every board is solved) or the word refused (erased and banned)."""
        loop = self.loop
        k = len(loop.state.guesses)
        loop.watch.send(loop.driver.press_enter)
        self.stamps.entered = loop.pace.clock()
        outcome = loop.watch.wait(loop.submit_judge(k, guess),
                                  f"guess {k + 1}: {guess.upper()} scored")
        self.stamps.record(loop.timings, loop.pace.clock())
        self.retypes = 0
        if outcome is Kind.REJECTED:
            loop.erase()
            loop.banned.add(guess)
            loop.rejected.append(guess)
            loop.emit(Event("rejected", k, guess))
            if len(loop.rejected) > loop.config.max_rejections:
                raise SafetyStop(f"the page refused {len(loop.rejected)} words",
                                 reason=Reason.REFUSED_WORDS)
            return Step.NEXT
        loop.state = loop.state.after(guess, outcome)
        loop.emit(Event("row", k, guess, " ".join(outcome[b] for b in sorted(outcome))))
        return Step.WON if loop.state.won else Step.NEXT


def play_many(
    driver: Driver,
    solver: ManyStrategy,
    boards: int,
    config: BotConfig = MANY_CONFIG,
    *,
    reader: Any = None,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
    on_event: Callable[[Event], None] | None = None,
    guard: Callable[[Any], str | None] | None = None,
    overlay: OverlayFinder = default_overlay,
    room: Any = None,
    found: int = 0,
) -> ManyResult:
    """Play one game of `boards` boards through `driver`, asking `solver` for every guess.

    `reader`: frame -> many-board read (default `autobot.vision.boards.BoardsReader()`).
    `room`: an `autobot.loop.room.Room` that zooms the page out when boards are out of view.
    Raises ManyGameFailed (an AutobotError: exit 3 no boards, 4 out of step / not settling)
    carrying the game so far as `.result`.
    """
    if reader is None:
        reader = BoardsReader()
    # Reading 32 boards takes seconds a frame: a reveal gets a few frames' time whatever N.
    config = replace(config, settle_timeout=max(config.settle_timeout, 4.0 * boards))
    loop = ManyLoop(driver, solver, config, reader, clock, sleep, on_event, guard, overlay)
    loop.setup(boards, room)
    started = clock()
    stopped: str | None = None

    def result(won: bool, error: AutobotError | None = None) -> ManyResult:
        s = loop.state
        return ManyResult(won, boards, s.guesses, s.marks, tuple(loop.rejected),
                          clock() - started, loop.timings, stopped, loop.watch.theme,
                          str(error) if error else None,
                          error.exit_code if error else (0 if won else 1),
                          loop.watch.waiting_for if error else None, found,
                          tuple(room.log) if room is not None else (),
                          reason_code(won, stopped, error))

    try:
        won = loop.play_many()
    except UserQuit as exc:
        won, stopped = False, str(exc)
    except AutobotError as exc:
        if "did not settle" in str(exc):
            # The same error (class, code), with the boards as last seen and why it stalled.
            seen = describe_many(loop.watch.last_board, loop.state)
            exc = type(exc)(f"{exc} [{seen}]", exc.exit_code, stall_code(seen, exc.reason))
        raise ManyGameFailed(exc, result(False, exc)) from None
    return result(won)
