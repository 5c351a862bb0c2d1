"""What one game is configured with and what it gives back: config, events, timings, result."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from autobot.errors import AutobotError
from autobot.games import find_game
from autobot.outcomes import BY_EXIT, Reason, reason_of
from autobot.rules import WORD_LENGTH, Turn

ROWS = 6
ALL_GREEN = "G" * WORD_LENGTH
EVALUATED = frozenset("GYX")

Row = tuple[str, str]  # (LETTERS, MARKS) as read off the board

# Why a game ended: the one vocabulary (`autobot.outcomes.Reason`), code -> meaning.
REASONS = {reason.value: reason.meaning for reason in Reason}


def reason_code(won: bool, stopped: str | None, error: AutobotError | None) -> Reason:
    """The `Reason` a game ended for: the stopping error's own, else its exit code's."""
    if error is not None:
        return reason_of(error.reason) or BY_EXIT.get(error.exit_code, Reason.ERROR)
    if won:
        return Reason.WON
    return Reason.QUIT if stopped else Reason.LOST


def is_win(marks: str) -> bool:
    """A row of greens only, at any word length."""
    return bool(marks) and set(marks.upper()) == {"G"}


class BoardView(Protocol):
    """What the loop uses of a vision read (`autobot.vision.BoardRead` has these fields)."""

    found: bool
    settled: bool
    rows: tuple[Row, ...]
    grid: Any


class Reader(Protocol):
    """A board reader: a frame in, a read out (`autobot.vision.read_board`)."""

    def __call__(self, frame: Any, *, hint: Any = None) -> BoardView: ...


def classic_wordle() -> Any:
    """Five-letter Wordle, the game a page is taken for until it is told or seen otherwise."""
    return find_game("wordle", 5)


@dataclass(frozen=True)
class BotConfig:
    """How patient the loop is and what game it expects; times are in seconds."""

    hard: bool = False
    rows: int | None = None  # None: the board's own row count (a growing board up to max_rows)
    # The game (an `autobot.games.Game`): its word length, and how a played row answers, by
    # coloured tiles or by a count beside the row (Jotto); five-letter Wordle unless told.
    game: Any = field(default_factory=lambda: classic_wordle())
    max_rows: int = 30  # a board that grows a row per guess (Absurdle-like) stops here
    settle_timeout: float = 12.0  # the longest a row may take to reveal (flip + toast)
    poll_interval: float = 0.0  # extra pause between frames (screenshots already take ~30 ms)
    # Wordle ignores keys until the last tile's flip has ended, and a tile near the end of its
    # flip already reads as settled: after a board seen moving, it must look the same this
    # long before we type (a board never seen moving, as with animations off, needs only two
    # equal reads).
    quiet: float = 0.25
    # ... or its pixels unchanged this long (frames identical from the first to the last).
    pixel_quiet: float = 0.08
    # Enter only once a settled read shows the guess typed (and, if a letter was seen popping,
    # unchanged this long), so whatever changes after Enter is the page's answer to it.
    typed_quiet: float = 0.1
    # A page that shows no toast (or one we cannot see): a typed row still unchanged this long
    # after Enter and after its last change is a refused word; a late flip resets the wait.
    reject_patience: float = 1.5
    # A typed row that stands still with fewer letters than were typed (every key was sent
    # before the wait): this long, and it is a dropped key, cleared and typed again.
    typed_patience: float = 0.6
    mismatch_patience: float = 0.5  # a board out of step this long is real, not a misread
    # A row read from coloured rings whose letters' keys stay unused this long was refused.
    ring_patience: float = 0.5
    escape_after: float = 0.3  # the board must be gone this long before Escape (a read can blink)
    escape_wait: float = 0.6  # how long to watch for the board after each Escape
    escapes: int = 3  # Escapes to try when no board is visible (and no dialog is seen)
    closes: int = 8  # dialog closing attempts (Escape, its X, button, backdrop) per missing spell
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

    # "row", "rejected", "retype", "escape", "close", "keys", "scroll", "resumed", "note"
    kind: str
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
    # The part of settling that is the page's answer: from Enter to the row read final (what
    # to hold against the page's own reveal time).
    reveal_ms: list[float] = field(default_factory=list)

    STEPS = ("capture_ms", "read_ms", "decide_ms", "type_ms", "settle_ms", "reveal_ms")

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
    captures: dict[str, int] = field(default_factory=dict)  # frames by kind: full, clip
    reason: Reason | None = None  # how it ended (`autobot.outcomes.Reason`)

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
            "reason": self.reason,
            "captures": dict(self.captures),
        }




class GameFailed(AutobotError):
    """A game that stopped on an error; `.result` holds what was played and seen until then."""

    def __init__(self, error: AutobotError, result: GameResult) -> None:
        super().__init__(str(error), error.exit_code)
        self.result = result
