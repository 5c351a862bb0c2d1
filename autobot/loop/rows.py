"""Pure judgements on board rows and frames: what a row shows, does it match the game so far."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from autobot.errors import SafetyStop
from autobot.loop.result import EVALUATED, BoardView, Row, is_win
from autobot.outcomes import Reason
from autobot.rules import Turn, upper_word

MIN_LENGTH = 4  # shorter rows are not a word game's (the reader's misfits)

# --- pure judgements on rows -------------------------------------------------------------


def row_kind(row: Row) -> str:
    """What a board row shows: empty, typing (some letters), typed, evaluated, moving or unknown.

    `moving` is a row half revealed (some tiles scored, some still typed), as during the flip.
    """
    marks = row[1]
    n = len(marks)  # the board's word length
    if n < MIN_LENGTH or "?" in marks or len(row[0]) > n:  # more letters than tiles: a misread
        return "unknown"
    if marks == "." * n:
        return "empty"
    if all(m in EVALUATED for m in marks):
        return "evaluated"
    if marks == "t" * n:
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


MISREAD = 1  # letters of a row of 5 the reader may take for a look-alike (M read as N or H)
# ... in a scored row, whose colours must match exactly: coloured small tiles read worse.
MISREAD_SCORED = 2


def letters_near(letters: str, word: str, slack: int = MISREAD) -> bool:
    """Does a row's LETTERS show `word`, but for at most `slack` letters (of the alphabet: the
    same look-alike anywhere in the row counts once) read as others? Every
    open board shows the same row, so a dropped key still shows (a tile left empty); a
    letter read as its look-alike in a page's font must not stop the game."""
    if len(letters) != len(word):
        return False
    # A font draws a letter like another wherever it stands: COMEM read as CONEN is one
    # look-alike (M as N), not two.
    return len({(a, b) for a, b in zip(letters.upper(), word.upper(), strict=True)
                if a not in ("?", b)}) <= slack


def as_typed(
    rows: Sequence[Row], words: Sequence[str], confusions: frozenset[tuple[str, str]] | set
) -> tuple[Row, ...]:
    """Rows whose words the bot knows (`words[i]` typed into row i), with each letter the
    page's font is known to draw like another (`confusions`: (read, typed) pairs, learned
    when a careful retype showed the same other letter again) read as the letter typed.

    A typed letter the font was seen to draw as a look-alike is read as typed wherever it
    stands in a known row, whatever it is read as now (Lingle's M read as N on one frame
    and as H on the next): one bad letter is not another board."""
    unsure = {w for _, w in confusions}
    out = []
    for i, (letters, marks) in enumerate(rows):
        word = upper_word(words[i]) if i < len(words) and words[i] else ""
        if word and len(letters) == len(word):
            letters = "".join(
                w if (a, w) in confusions or w in unsure else a
                for a, w in zip(letters, word, strict=True)
            )
        out.append((letters, marks))
    return tuple(out)


def row_matches(row: Row, turn: Turn) -> bool:
    """Does a board row show this scored guess? `?` (occluded) tiles agree with anything.

    A turn answered by a count (Jotto: its marks are the digits) matches any scored row with
    its letters: the count is read beside the row when it is played, not from the tiles.
    """
    letters, marks = row
    if len(marks) != len(turn.guess) or not letters_match(letters, turn.guess):
        return False
    if turn.marks.isdigit():
        return row_kind(row) == "evaluated"
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
    if upto is not None and upto < len(rows) and is_win(rows[upto][1]):
        return None  # the game is won there: what a page draws below is its own (the word again)
    for i in range(start, len(rows)):
        if row_kind(rows[i]) not in ("empty", "unknown"):
            letters, marks = rows[i]
            return f"row {i + 1} shows {letters or '(nothing)'} {marks}, expected an empty row"
    return None


def recoloured(rows: Sequence[Row], history: Sequence[Turn]) -> list[Turn] | None:
    """The game so far with the marks the board shows now, when they differ from the recorded
    ones only by what each colour means (one recorded mark always reads as the same other one:
    a colour first taken for correct is present, once a later row proves it); else None.

    A page with colours no known palette has is read by cues that a later row can overturn;
    the board then tells the game better than the first reading did.
    """
    if len(rows) < len(history) or any(t.marks.isdigit() for t in history):
        return None
    meaning: dict[str, str] = {}
    for (letters, marks), turn in zip(rows, history, strict=False):
        if not letters_match(letters, turn.guess) or len(marks) != len(turn.marks) \
                or any(m not in EVALUATED for m in marks):
            return None
        for old, new in zip(turn.marks.upper(), marks, strict=True):
            if meaning.setdefault(old, new) != new:
                return None  # one colour read two ways: not a change of meaning
    if len(set(meaning.values())) < len(meaning) or all(a == b for a, b in meaning.items()):
        return None  # two colours merged into one, or nothing changed
    return [Turn(t.guess, "".join(meaning[m] for m in t.marks.upper())) for t in history]


def played_rows(rows: Sequence[Row]) -> tuple[list[Turn], int]:
    """The scored rows at the top of a board (a game in progress) and the letters typed after.

    Returns the turns and how many tiles of the next row hold typed, unsubmitted letters.
    """
    turns: list[Turn] = []
    for letters, marks in rows:
        if row_kind((letters, marks)) != "evaluated":
            break
        if len(letters) != len(marks) or "?" in letters:
            raise SafetyStop(
                f"row {len(turns) + 1} is scored but its letters cannot be read ({letters or '?'})",
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
                    if marks.strip("."))
    state = "settled" if read.settled else "moving"
    why = "; ".join(getattr(read, "reasons", ()) or ())
    return f"{state}{f' ({why})' if why else ''}, rows {rows or 'empty'}"


def board_box(read: BoardView) -> tuple[int, int, int, int] | None:
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


def stall_reason(read: BoardView) -> Reason:
    """The reason of a wait that ran out: colours no role fits, else a plain timeout."""
    why = " ".join(getattr(read, "reasons", ()) or ())
    return Reason.UNSURE_COLOUR if "fits no role" in why or "colour" in why else Reason.TIMEOUT


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


