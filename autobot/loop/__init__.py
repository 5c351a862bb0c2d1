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
   a toast (or a native browser alert, accepted by the driver) while the row is still typed,
   or the typed row unchanged for `reject_patience` s.

Pages differ, so the loop learns each one from what it sees: no board in view means something
covers it (the dialog's X, Escape, its plainest button or its backdrop, found by
`autobot.vision.overlay`, the way that worked first next time; before the game a board inside a
dialog is a picture, never the board); keys that never show after a dialog was closed mean it was
only hidden: it is closed where it was, then the page reloaded and the dialog closed another way
(a driver with `reload`); a typed row vision cannot read but whose tiles gained ink exactly where
the keys went is typed, and its glyphs are learned (a reader with `learn`);
keys that change nothing make the driver climb its ladder of ways to send keys (a driver with
`escalate`); the board's own row count is used when the game does not say; a board cut by the
frame's bottom edge is scrolled into view (a driver with `scroll`).
"""

from autobot.loop.result import (
    ALL_GREEN,
    ROWS,
    BotConfig,
    Event,
    GameFailed,
    GameResult,
    Row,
    Timings,
    percentile,
)
from autobot.loop.rows import (
    board_cut,
    letters_match,
    played_rows,
    row_changed,
    row_kind,
    row_matches,
    sync_problem,
)
from autobot.loop.turns import play_game

__all__ = [
    "ALL_GREEN",
    "ROWS",
    "BotConfig",
    "Event",
    "GameFailed",
    "GameResult",
    "Row",
    "Timings",
    "board_cut",
    "letters_match",
    "percentile",
    "play_game",
    "played_rows",
    "row_changed",
    "row_kind",
    "row_matches",
    "sync_problem",
]
