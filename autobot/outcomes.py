"""How a game ended: one vocabulary for every loop, record and benchmark.

Each `Reason` is a stable code (the `reason` of every `--json` record and bench game) with a
line saying what it means; the README's table lists them all. An error that stops a game
carries its reason (`AutobotError(..., reason=Reason.NO_WORDS)`): nothing reads a message.
"""

from __future__ import annotations

from enum import StrEnum


class Reason(StrEnum):
    """Why a run ended (a str: it is written to JSON as its code)."""

    WON = "won"
    LOST = "lost"
    QUIT = "quit"
    INTERRUPTED = "interrupted"
    BAD_INPUT = "bad_input"
    NO_BOARD = "no_board"
    DIALOG = "dialog"
    KEYS_NOT_REACHING = "keys_not_reaching"
    DROPPED_KEYS = "dropped_keys"
    REFUSED_WORDS = "refused_words"
    NO_WORDS = "no_words"
    BOARD_MOVED = "board_moved"
    OUT_OF_VIEW = "out_of_view"
    FOCUS_LOST = "focus_lost"
    OUT_OF_STEP = "out_of_step"
    BOARD_SIZE = "board_size"
    UNSURE_COLOUR = "unsure_colour"
    TIMEOUT = "timeout"
    SAFETY_STOP = "safety_stop"
    BROWSER_UNAVAILABLE = "browser_unavailable"
    PAGE_UNREACHABLE = "page_unreachable"
    BROWSER_DIED = "browser_died"
    ERROR = "error"

    @property
    def meaning(self) -> str:
        """What the code means, in a line."""
        return MEANINGS[self]


MEANINGS: dict[Reason, str] = {
    Reason.WON: "the game was won",
    Reason.LOST: "every row was played without a win",
    Reason.QUIT: "the person at the keyboard stopped the game (not a loss)",
    Reason.INTERRUPTED: "SIGINT, SIGTERM or SIGHUP (named in the record's `signal`)",
    Reason.BAD_INPUT: "bad input: an option, a file or a word the command cannot use",
    Reason.NO_BOARD: "no board was ever found on the screen",
    Reason.DIALOG: "the board went out of view (a dialog over it) and closing did not help",
    Reason.KEYS_NOT_REACHING: "keys typed never showed on the board, whichever way they were sent",
    Reason.DROPPED_KEYS: "a typed row kept showing fewer or other letters than were typed",
    Reason.REFUSED_WORDS: "the page refused more words than a game allows",
    Reason.NO_WORDS: "no word of the lists fits the rows played, or every one was refused",
    Reason.BOARD_MOVED: "the board moved, vanished or changed under the bot (a safety stop)",
    Reason.OUT_OF_VIEW: "boards stayed out of view: neither zooming out nor scrolling showed them",
    Reason.FOCUS_LOST: "another window took the keyboard focus from the game's (a safety stop)",
    Reason.OUT_OF_STEP: "the board stopped matching the rows the bot played",
    Reason.BOARD_SIZE: "the board's width or rows do not fit the game asked for",
    Reason.UNSURE_COLOUR: "a row's colours (or count) could not be told apart",
    Reason.TIMEOUT: "the board did not settle in time",
    Reason.SAFETY_STOP: "any other safety stop: the screen was not as the bot left it",
    Reason.BROWSER_UNAVAILABLE: "the browser, driver or display could not be started",
    Reason.PAGE_UNREACHABLE: "the browser could not load the page",
    Reason.BROWSER_DIED: "the browser stopped answering mid-game",
    Reason.ERROR: "anything else",
}

# What an error's exit code says when the error names no reason (and the run's phase no more).
BY_EXIT: dict[int, Reason] = {0: Reason.WON, 1: Reason.LOST, 2: Reason.BAD_INPUT,
                              3: Reason.NO_BOARD, 4: Reason.SAFETY_STOP,
                              5: Reason.BROWSER_DIED}


def reason_of(code: str | None) -> Reason | None:
    """The `Reason` a code names, or None for no code or one outside the vocabulary."""
    try:
        return Reason(code) if code else None
    except ValueError:
        return None


__all__ = ["BY_EXIT", "MEANINGS", "Reason", "reason_of"]
