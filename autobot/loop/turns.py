"""One game, turn by turn: wait for a ready row, type, submit, read the marks, decide again."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from autobot.drivers.driver import Driver
from autobot.drivers.recording import sink_of
from autobot.errors import AutobotError, BadInput, SafetyStop, UserQuit
from autobot.loop.result import (
    EVALUATED,
    ROWS,
    BoardView,
    BotConfig,
    Event,
    GameFailed,
    GameResult,
    Reader,
    Timings,
    is_win,
    reason_code,
)
from autobot.loop.rows import (
    MISREAD,
    letters_match,
    letters_near,
    played_rows,
    recoloured,
    row_changed,
    row_kind,
    row_pixels,
    sync_problem,
)
from autobot.loop.skeleton import Step, play_steps
from autobot.loop.watch import (
    DialogCloser,
    Judge,
    Kind,
    Outcome,
    OutOfStep,
    OverlayFinder,
    Pace,
    Watcher,
    climb_keys,
    default_overlay,
    steady,
    tell,
)
from autobot.outcomes import Reason
from autobot.players import Player, as_player
from autobot.rules import Turn, upper_word
from autobot.solver import GameState
from autobot.vision.learned import PageReader, typed_exactly

# The count reader (Jotto) and the keyboard reader are imported where they are used: every
# command's start (`autobot --help` too) loads this module, and they would add ~15 ms to it.


def _default_reader() -> Reader:
    """`read_board` with a glyph cache for this game (tiles that did not change since an
    earlier frame are not matched again) that learns the page's glyphs from typed letters."""
    return PageReader()


def _game_state(history: tuple[Turn, ...], hard: bool, banned: frozenset[str]) -> Any:
    return GameState(history=history, hard=hard, banned=banned)



SURE_LETTER = 0.8  # a letter read this well is what the page shows, whatever the bot typed


class GameLoop:
    """One game on one board: what was played, the solver, and the parts it plays with (its
    watcher, dialog closer and pace); `play_game` is its only user."""

    font_learned = False  # glyphs of the page's own font were learned from typed letters

    def __init__(
        self,
        driver: Driver,
        solver: Player,  # (or any object with a next_guess: see autobot.players)
        config: BotConfig,
        reader: Reader,
        clock: Callable[[], float],
        sleep: Callable[[float], None],
        on_event: Callable[[Event], None] | None,
        guard: Callable[[BoardView], str | None] | None,
        overlay: OverlayFinder,
    ) -> None:
        self.driver = driver
        self.solver = as_player(solver)  # the contract's defaults for what it lacks
        self.config = config
        self.on_event = on_event
        self.trace = sink_of(driver)  # `--trace`: each event is told to it too
        self.history: list[Turn] = []
        self.banned: set[str] = set()
        self.rejected: list[str] = []
        self.rows = config.rows or ROWS  # the board's row count once seen (start())
        self.growing = False  # the board shows the rows played plus one (Absurdle-like)
        self.started = False  # the board was taken (start() is over): keys may have been sent
        self.keys_proven = False  # a row was scored: Enter reaches the page the current way
        self.refuses_silently = False  # every Enter left a typed row unchanged: a refusal
        self.keyed_rows: set[int] = set()  # rows whose letters' keys were seen coloured
        # (read, typed) letter pairs: the page's font draws the typed letter so that it reads
        # as the other (seen twice in a row typed with care); rows of known words are read so.
        self.confusions: set[tuple[str, str]] = set()
        self.typing: str | None = None  # the word in the row being played, once typed
        self.pace = Pace(clock, sleep)
        self.dialogs = DialogCloser(overlay)  # what covers the board, and how to close it
        self.watch = Watcher(driver, config, reader, self, self.pace, self.dialogs, self.emit,
                             guard)
        self.timings = self.watch.timings  # (the watcher's frames, this loop's guesses)

    def emit(self, event: Event) -> None:
        """Tell what happened in the game (the `--trace` record and the caller)."""
        tell(self.trace, self.on_event, event)

    @property
    def length(self) -> int:
        """Letters per guess: the game's."""
        return int(self.config.game.length)

    def feedback(self, index: int, marks: str) -> str:
        """A scored row's answer as the game gives it (what its Turn records): the colours, or
        for a game that answers with a count (Jotto) that digit, read beside the row from the
        pixels of this and, while it is not legible yet, the next frames."""
        game = self.config.game
        if game.page != "count" or is_win(marks):
            return marks
        from autobot.vision.digits import read_count

        deadline = self.pace.clock() + self.config.settle_timeout
        watch = self.watch
        while True:
            count = read_count(watch.frame, watch.grid, index) if watch.grid is not None else None
            if count is not None and count <= game.length:
                return str(count)
            if self.pace.clock() > deadline:
                raise SafetyStop(f"row {index + 1} is scored but no count shows beside it",
                                 reason=Reason.UNSURE_COLOUR)
            self.watch.look()

    def check_sync(self, read: BoardView, upto: int | None = None) -> None:
        problem = sync_problem(read.rows, self.history, upto)
        if problem and read.settled:
            # The same words, their colours now read with other meanings: the palette
            # learned from a later row what a colour means. The board is the game.
            again = recoloured(read.rows, self.history)
            if again is not None:
                old = " ".join(t.marks for t in self.history)
                self.history = again
                self.emit(Event("note", len(again), detail=(
                    f"the page's colours mean something else than first read: rows "
                    f"{old} are {' '.join(t.marks for t in again)}")))
                problem = sync_problem(read.rows, self.history, upto)
        if problem:
            raise OutOfStep(problem)

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
            return read if steady(read, previous) else None

        read = self.watch.wait(judge, "the board to appear")
        self.started = True
        self.watch.board_tile = float(getattr(getattr(read, "grid", None), "tile", 0.0) or 0.0)
        # A player may adapt to the page (its language).
        self.solver.see_page(self.watch.frame, read)
        self.tell_notes(0)
        game = self.solver.game
        if game is not None and game is not self.config.game:
            # It took the board's word length: the game is that length's from now on.
            self.config = self.watch.config = dataclasses.replace(self.config, game=game)
        width = len(read.rows[0][1]) if read.rows else self.length
        if width != self.length:
            # The solver plays words of the game's length: a board of another width is another
            # game (vision measures the width; the game is the user's to name).
            raise BadInput(f"the board is {width} letters wide but the game has "
                           f"{self.length} (try --length {width})", reason=Reason.BOARD_SIZE)
        if self.config.rows is None:
            self.rows = min(len(read.rows), self.config.max_rows)
            # Only the rows played and one more, fewer than any fixed board: it grows per guess.
            played = len(played_rows(read.rows)[0])
            self.growing = len(read.rows) == played + 1 and len(read.rows) < 5
        elif len(read.rows) < self.config.rows:
            raise SafetyStop(
                f"the board has {len(read.rows)} rows, expected {self.config.rows}",
                reason=Reason.BOARD_SIZE,
            )
        on_board, typed = played_rows(read.rows)
        on_board = [Turn(t.guess, self.feedback(i, t.marks)) for i, t in enumerate(on_board)]
        if history:
            self.history = list(history)
        elif on_board and self.config.resume:
            self.history = on_board
            for i, turn in enumerate(on_board):
                self.emit(Event("resumed", i, turn.guess, turn.marks))
        problem = sync_problem(read.rows, self.history, upto=len(self.history))
        if problem:
            raise SafetyStop(f"the board does not show the game so far: {problem}",
                             reason=Reason.OUT_OF_STEP)
        if typed:
            # Leftover letters in the current row would corrupt the next guess.
            self.watch.send(self.driver.erase, self.length)

    def keys_unplayed(self, read: BoardView, index: int) -> bool:
        """Do the on-screen keys of row `index`'s letters that no earlier row has all look
        unused (the page did not score the row)? False when no keyboard says so."""
        from autobot.vision.keyboard import read_keyboard

        if index in self.keyed_rows:
            return False  # keys once coloured stay so: no keyboard read on every frame
        letters = read.rows[index][0]
        earlier = {ch for row_letters, _ in read.rows[:index] for ch in row_letters}
        new = {ch for ch in letters if ch not in earlier and ch.isalpha()}
        keys = read_keyboard(self.watch.whole_frame(), read.grid,
                             palette=getattr(read, "palette", None))
        if not keys.found or not new:
            return False
        marks = keys.marks()
        seen = [marks[ch] for ch in new if ch in marks]
        if any(mark != "." for mark in seen):
            self.keyed_rows.add(index)
        return bool(seen) and all(mark == "." for mark in seen)

    def tell_notes(self, index: int) -> None:
        """Pass on what the solver has to say (a language it switched to, and why)."""
        for note in self.solver.take_notes():
            self.emit(Event("note", index, detail=note))

    def ready_judge(self, index: int) -> Judge:
        """The board shows the game so far and an empty row `index`, unchanged for `quiet` s.

        Two equal reads are not enough: the last tile's flip looks finished a little before
        the page takes keys again, and a key typed then is lost. A board with no row `index`
        that stays so is a game over (a board that grows a row per guess grows at once).
        """

        def judge(read: BoardView, previous: BoardView | None, still: float) -> Any:
            if not steady(read, previous):
                return None
            self.grow(read)
            if index >= len(read.rows):
                self.check_sync(read)
                return Outcome(Kind.OVER) if still >= self.config.reject_patience else None
            self.check_sync(read, upto=index)
            row = read.rows[index]
            if row_kind(row) in ("evaluated", "moving"):
                # A row the bot took as refused was in fact played: the game went on without us.
                raise OutOfStep(f"row {index + 1} shows {row[0]} {row[1]}, expected an empty row")
            if row_kind(row) != "empty":
                # Letters still being erased, or Backspace that never arrived.
                if still >= self.config.reject_patience:
                    return Outcome(Kind.DIRTY, typed=row[1].count("t"))
                return None
            ready = self.watch.still_enough(still, self.config.quiet)
            return Outcome(Kind.READY) if ready else None

        return judge

    def typed_by_ink(self, read: BoardView, index: int, guess: str, before: Any) -> bool:
        """Letters vision does not see as typed (a font no template knows, in the grey of a
        hint) that the bot knows it typed: the row gained ink in exactly the tiles the keys
        went to since the frame `before` them, and what vision does read agrees with `guess`.
        The row's glyphs are then learned as `guess`'s letters (the reader reads the page's
        font from now on)."""
        row = read.rows[index]
        if row_kind(row) not in ("empty", "typing", "typed"):
            return False
        if row[0]:
            # Letters read unlike the ones typed: an unknown font's near misses (a thin
            # italic L read as I, with a middling score), not other keys (read clearly, or
            # most of the row).
            scores = (getattr(read, "scores", ()) or ())
            row_scores = scores[index] if index < len(scores) else ()
            read_at = [i for i, m in enumerate(row[1]) if m == "t"]
            wrong = [i for i, ch in zip(read_at, row[0], strict=False)
                     if ch != "?" and i < len(guess) and ch != guess[i].upper()]
            if 2 * len(wrong) > len(guess) or any(
                    i < len(row_scores) and row_scores[i] >= SURE_LETTER for i in wrong):
                return False
        if not typed_exactly(before, self.watch.frame, self.watch.grid, index, len(guess)):
            return False
        self.learn_row(read, index, guess)
        return True

    def learn_row(self, read: BoardView, index: int, guess: str) -> None:
        """Teach the reader row `index`'s glyphs as the letters of `guess` (the bot typed them
        there), if it learns (`autobot.vision.learned.PageReader`)."""
        learn = getattr(self.watch.reader, "learn", None)
        if learn is not None and learn(self.watch.frame, read, index, guess):
            # What was read from those pixels before is stale: read them again.
            self.watch.read_again()
            if not self.font_learned:
                self.emit(Event("note", index, detail=(
                    f"the page's letters are in a font of its own: learning it from the "
                    f"letters typed ({guess.upper()})")))
            self.font_learned = True

    def typed_judge(self, index: int, guess: str, before: Any = None,
                    closed: int | None = None) -> Judge:
        """Is `guess` in row `index`, typed and still (ready for Enter), or did keys go astray?

        `before`: the frame grabbed before the keys (to see which tiles gained ink); `closed`:
        dialogs closed before them (one closed since took the keys: no need to wait long)."""

        def judge(read: BoardView, previous: BoardView | None, still: float) -> Outcome | None:
            if read.found and not read.settled and index < len(read.rows) \
                    and self.watch.frozen() >= self.config.still_override:
                # Vision calls the row moving ("mid-flip") but the page has not changed a pixel
                # for a while: a row that does not show the word is a typing fault, not a flip.
                row = read.rows[index]
                if not letters_match(row[0], guess) and row_kind(row) not in ("evaluated",):
                    return Outcome(Kind.MISTYPED, typed=row[1].count("t"), letters=row[0])
            if not (read.found and read.settled) or index >= len(read.rows):
                return None
            self.check_sync(read, upto=index)
            row = read.rows[index]
            kind = row_kind(row)
            if kind == "typed" and letters_match(row[0], guess):
                # One settled frame showing every letter proves the keys arrived; a letter
                # seen popping must first stand still.
                if not self.watch.still_enough(still, self.config.typed_quiet):
                    return None
                if "?" in row[0]:
                    self.learn_row(read, index, guess)  # letters typed, unreadable: learn them
                return Outcome(Kind.TYPED)
            if kind in ("evaluated", "moving"):
                raise OutOfStep(f"row {index + 1} shows {row[0]} {row[1]} before Enter")
            if (before is not None and steady(read, previous)
                    and self.watch.still_enough(still, self.config.typed_quiet)
                    and self.typed_by_ink(read, index, guess, before)):
                return Outcome(Kind.TYPED)
            # Fewer or other letters: keys may still be on their way; only a row that stays
            # wrong is a dropped or misdirected key. Every key was sent before this wait, so
            # a row that stands still short of the word is short for good. A dialog that came
            # up and was closed since the keys took them: a row that stands still after it is
            # all that arrived.
            patience = self.config.typed_patience if kind in ("typing", "empty") \
                else self.config.reject_patience
            if closed is not None and self.dialogs.closed > closed:
                patience = min(patience, self.config.escape_wait)
            if steady(read, previous) and still >= patience:
                return Outcome(Kind.MISTYPED, typed=row[1].count("t"), letters=row[0])
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
        won = ""  # the row's marks once read all green, in step with the game so far

        def judge(read: BoardView, previous: BoardView | None, still: float) -> Outcome | None:
            nonlocal accepted, toast, won
            if not read.found and won:
                # The end dialog covered the board before a second read: the win stands.
                return Outcome(Kind.SCORED, won)
            if not read.found or index >= len(read.rows):
                return None
            row = read.rows[index]
            kind = row_kind(row)
            if (kind == "evaluated" and is_win(row[1]) and letters_match(row[0], guess)
                    and sync_problem(read.rows, self.history, upto=index) is None):
                won = row[1]
            if any(m in EVALUATED for m in row[1]):
                accepted = True
            elif not accepted and (self.watch.alert is not None or any(
                    "toast" in r for r in getattr(read, "reasons", ()) or ())):
                # (a native browser dialog since Enter is the page's word, as a toast is)
                toast = True
            same_row = (
                previous is not None
                and previous.found
                and index < len(previous.rows)
                and previous.rows[index] == row
            )
            if (kind == "evaluated" and index in getattr(read, "ringed", ())
                    and self.keys_unplayed(read, index)):
                # Colours read from rings, and the keys of its letters still unused: a page
                # that rings a refused word in red (letreco), not one drawing its tiles so.
                # Keys may colour a moment after the tiles: only a lasting look says no.
                return Outcome(Kind.REJECTED) if still >= self.config.ring_patience else None
            if (
                kind == "evaluated"
                and same_row
                and letters_match(row[0], guess)
                and (is_win(row[1]) or last_row or index == len(read.rows) - 1)
                and sync_problem(read.rows, self.history, upto=index) is None
            ):
                # The game may be over: a win toast or the statistics dialog may now cover the
                # board for good, so two equal reads of the final row are taken as final.
                return Outcome(Kind.SCORED, row[1])
            if not steady(read, previous):
                return None
            self.check_sync(read, upto=index)
            if kind == "evaluated":
                if not letters_match(row[0], guess):
                    # The row was read as typed before Enter; scored, its letters are drawn
                    # on colour, where a page's font may read as a look-alike (O as D, M as
                    # N): one such letter is that, learned; more is another row.
                    if not letters_near(row[0], guess, MISREAD):
                        raise OutOfStep(f"row {index + 1} was scored as {row[0]} but the bot "
                                        f"typed {guess.upper()}")
                    self.learn_look_alikes(row[0], guess, "scored")
                return Outcome(Kind.SCORED, row[1])
            if accepted:
                return None  # revealing; a half-scored row settles into a scored one
            patient = still >= self.config.reject_patience
            if kind == "typed" and letters_match(row[0], guess):
                if toast:
                    return Outcome(Kind.REJECTED)
                if patient:
                    # Once every Enter was tried on a still row and none changed it, the page
                    # is one that refuses words silently: the next still row is a refusal.
                    proven = self.keys_proven or self.refuses_silently
                    return Outcome(Kind.REJECTED if proven else Kind.DEAF)
                return None
            if kind == "empty" and patient:
                return Outcome(Kind.REJECTED)  # a page that clears a refused row
            if kind in ("typed", "typing") and patient:
                raise OutOfStep(
                    f"row {index + 1} shows {row[0] or '(nothing)'} {row[1]} after Enter, "
                    f"expected {guess.upper()}"
                )
            return None

        return judge

    def font_confusion(self, typed: Outcome, shown: str, guess: str) -> bool:
        """A row that shows as many letters as typed, some of them others, and the very same
        others again after it was cleared and typed anew: the keys arrive, the page's font
        draws those letters like others. Remember the pairs (read as typed from now on)."""
        word = upper_word(guess)
        letters = typed.letters
        if not shown or letters != shown or typed.typed != len(word) or len(letters) != len(word):
            return False
        return self.learn_look_alikes(letters, guess, "typed")

    def learn_look_alikes(self, letters: str, guess: str, how: str) -> bool:
        """Remember each letter of a row read as another than the one typed there (read as
        typed from now on); False if there is none."""
        word = upper_word(guess)
        pairs = {(a, w) for a, w in zip(letters, word, strict=True) if a not in (w, "?")}
        if not pairs:
            return False
        self.confusions |= pairs
        self.emit(Event("note", len(self.history), guess, detail=(
            f"the page's {how} letters read as others: " + ", ".join(
                f"{w} looks like {a}" for a, w in sorted(pairs)) + " (read as typed)")))
        return True

    def escalate(self, *, enter: bool) -> str | None:
        """Ask the driver for its next way of sending keys (None: it has none left)."""
        return climb_keys(self.driver, self.emit, len(self.history), enter=enter)

    def press_enter_harder(self, index: int, guess: str) -> Outcome:
        """Nothing scored yet and the typed row just sits there after Enter: the page may not
        have taken our Enter. Try the next ways of pressing it before calling the word refused;
        if none changes anything, the page refused it, and keys go on the way that typed it."""
        rung = getattr(self.driver, "rung", None)
        what = f"row {index + 1} ({guess.upper()})"
        while self.escalate(enter=True) is not None:
            try:
                self.watch.send(self.driver.press_enter)
            except AutobotError:
                break  # this way is not available here (no DevTools, no on-screen keyboard)
            outcome: Outcome = self.watch.wait(self.submit_judge(index, guess), what)
            if outcome.kind is not Kind.DEAF:
                return outcome
        if rung is not None:
            self.driver.rung = rung  # type: ignore[attr-defined]
            self.emit(Event("keys", index, detail=f"{rung} again"))
        self.refuses_silently = True
        return Outcome(Kind.REJECTED)

    revivals = 0  # steps taken to close for good a dialog that left the keys dead

    def revive_keys(self, index: int) -> bool:
        """Not one typed key showed after a dialog was closed: the page may have only hidden
        it and still hold it open (deaf to keys until its X or backdrop closes it). First
        click where its X and its backdrop were; then reload the page and close the dialog
        another way than before. False when there is nothing (more) to try: keys go on up
        the driver's ladder."""
        dialogs = self.dialogs
        if self.history or self.keys_proven or dialogs.closed_by is None:
            return False
        dialog = dialogs.last_dialog
        click = self.watch.frame_clicker()
        self.revivals += 1
        if self.revivals == 1 and dialog is not None and click is not None:
            for what, target in (("the dialog's X", dialog.close),
                                 ("beside the dialog", dialog.outside)):
                if target is not None and what != dialogs.closed_by:
                    self.watch.send(click, *target)
                    self.emit(Event("close", index, detail=(
                        f"keys dead after the dialog went: clicked where {what} was "
                        f"({target[0]},{target[1]})")))
            return True
        reload = getattr(self.driver, "reload", None)
        if self.revivals > 2 or reload is None:
            return False
        dead = dialogs.deaf_way()
        self.emit(Event("note", index, detail=(
            f"keys dead after closing the dialog by {dead}: reloading the page to close it "
            f"another way")))
        self.watch.send(reload)
        self.started = False
        self.watch.forget_place()
        self.start(())
        return True

    def play(self, history: Sequence[Turn]) -> bool:
        """Play rows until a win or the last row; True on a win."""
        self.start(history)
        return play_steps(RowTurns(self), clock=self.pace.clock).won


@dataclass
class TurnStamps:
    """When each part of a guess's last pass began, for the game's Timings (a word typed
    again after dropped keys counts from its last `ready`, as one pass of the old loop did)."""

    began: float = 0.0  # the wait for a ready row
    ready: float = 0.0  # the row ready: the guess decided from here
    typing: float = 0.0  # the keys sent from here
    typed: float = 0.0  # the keys sent: the wait for the row to show them
    shown: float = 0.0  # the row shows the guess: Enter sent from here
    entered: float = 0.0  # Enter sent: the reveal from here

    def record(self, timings: Timings, done: float) -> None:
        """Add the guess's parts: `done` is when the page's answer was read."""
        # Settling is every wait for the page: the quiet before typing, the typed row
        # standing still before Enter, and the reveal after it.
        timings.decide_ms.append((self.typing - self.ready) * 1000)
        timings.type_ms.append((self.typed - self.typing + self.entered - self.shown) * 1000)
        timings.settle_ms.append((self.ready - self.began + self.shown - self.typed
                                  + done - self.entered) * 1000)
        timings.reveal_ms.append((done - self.entered) * 1000)


class RowTurns:
    """One board's turns for `play_steps`: wait for the next row ready for keys, ask the
    solver for a guess, type it into the row, press Enter and read the row's marks."""

    def __init__(self, loop: GameLoop) -> None:
        self.loop = loop
        self.retypes = 0  # times the current guess (or the row's erasing) was tried again
        self.shown = ""  # what the row showed the last time it did not show the guess
        # The last wait already saw the next row empty on a board that never moved.
        self.ready_seen = False
        self.closed = 0  # dialogs closed before the keys of the current guess
        self.typed_row: Any = None  # the row's pixels with the guess typed, before Enter
        self.stamps = TurnStamps()

    def ready(self) -> Step:
        """Wait for the next row to be empty and the board still: a row that keeps letters
        is erased (AGAIN); no row left, OVER; a won game already on the board, WON."""
        loop = self.loop
        if loop.history and is_win(loop.history[-1].marks):
            return Step.WON
        index = len(loop.history)
        # The last row of a board the game did not size (or of one that grows): one more
        # row may or may not come.
        maybe_over = not loop.more_rows() or loop.growing
        if maybe_over and (loop.config.rows is not None or index >= loop.config.max_rows):
            return Step.OVER
        self.stamps.began = loop.pace.clock()
        if not self.ready_seen or maybe_over:
            got: Outcome = loop.watch.wait(
                loop.ready_judge(index), f"row {index + 1} to be ready for keys",
                missing=Outcome(Kind.OVER) if maybe_over else None,
            )
            if got.kind is Kind.OVER:
                return Step.OVER
            if got.kind is Kind.DIRTY:
                # Backspace did not clear the row: erase again, another way if there is one.
                self.retypes += 1
                if loop.escalate(enter=False) is None and self.retypes > loop.config.retypes:
                    raise SafetyStop(
                        f"the keys do not reach the page: row {index + 1} keeps "
                        f"{got.typed} letters after Backspace", reason=Reason.KEYS_NOT_REACHING,
                    )
                loop.watch.send(loop.driver.erase, max(got.typed, loop.length))
                return Step.AGAIN
        self.ready_seen = False
        self.stamps.ready = loop.pace.clock()
        return Step.NEXT

    def decide(self) -> str:
        """The solver's next guess for the game so far (and what it has to say)."""
        loop = self.loop
        state = _game_state(tuple(loop.history), loop.config.hard, frozenset(loop.banned))
        guess = loop.solver.next_guess(state).lower()
        loop.tell_notes(len(loop.history))
        return guess

    def act(self, guess: str) -> Step:
        """Type `guess` into the row and wait until it shows it; keys that went astray are
        erased and the same guess typed again (AGAIN), another way when the driver has one."""
        loop = self.loop
        index = len(loop.history)
        self.stamps.typing = loop.pace.clock()
        closed = self.closed = loop.dialogs.closed
        before = loop.watch.frame  # the row before the keys: which tiles gain ink is theirs
        loop.typing = guess
        loop.watch.send(loop.driver.type_word, guess)
        self.stamps.typed = loop.pace.clock()
        typed: Outcome = loop.watch.wait(
            loop.typed_judge(index, guess, before, closed),
            f"row {index + 1} to show {guess.upper()}",
        )
        self.stamps.shown = loop.pace.clock()
        self.typed_row = row_pixels(loop.watch.frame, loop.watch.grid, index)
        if typed.kind is Kind.MISTYPED and loop.font_confusion(typed, self.shown, guess):
            typed = Outcome(Kind.TYPED)
        if typed.kind is not Kind.MISTYPED:
            return Step.NEXT
        self.shown = typed.letters
        loop.emit(Event("retype", index, guess))
        if loop.dialogs.closed > closed:
            # A dialog came up and took the keys: the same way again, not another.
            loop.watch.send(loop.driver.erase, loop.length)
            return Step.AGAIN
        if not typed.typed and loop.revive_keys(index):
            return Step.AGAIN  # what was closed is closed another way: the same keys again
        self.retypes += 1
        # Another way of typing if the driver has one; else a plain retry or two.
        if loop.escalate(enter=False) is None and self.retypes > loop.config.retypes:
            raise SafetyStop(
                f"the keys do not reach the page: row {index + 1} does not show "
                f"{guess.upper()} after typing it {self.retypes} times",
                reason=Reason.DROPPED_KEYS if typed.typed else Reason.KEYS_NOT_REACHING,
            )
        loop.watch.send(loop.driver.erase, loop.length)
        return Step.AGAIN

    def settle(self, guess: str) -> Step:
        """Press Enter and wait for the row's answer: scored, the row joins the game (WON on
        a win); refused, the word is erased and banned. Either way the next guess follows."""
        loop = self.loop
        index = len(loop.history)
        closed = loop.dialogs.closed
        what = f"row {index + 1} ({guess.upper()})"
        loop.watch.send(loop.driver.press_enter)
        self.stamps.entered = loop.pace.clock()
        outcome: Outcome = loop.watch.wait(loop.submit_judge(index, guess), what)
        if outcome.kind is Kind.DEAF and loop.dialogs.closed > closed:
            # A dialog came up and took the Enter: press it again the same way.
            loop.watch.send(loop.driver.press_enter)
            outcome = loop.watch.wait(loop.submit_judge(index, guess), what)
        if outcome.kind is Kind.DEAF and row_changed(
            self.typed_row, row_pixels(loop.watch.frame, loop.watch.grid, index)
        ):
            # The rows read the same but the row looks different (a red ring or border):
            # the page heard Enter and said no without a toast.
            outcome = Outcome(Kind.REJECTED)
        if outcome.kind is Kind.DEAF:
            outcome = loop.press_enter_harder(index, guess)
        self.stamps.record(loop.timings, loop.pace.clock())
        self.retypes, self.shown, loop.typing = 0, "", None
        if outcome.kind is Kind.SCORED:
            loop.keys_proven = True
            answer = loop.feedback(index, outcome.marks)
            loop.history.append(Turn(guess, answer))
            loop.emit(Event("row", index, guess, answer))
            if is_win(answer):
                return Step.WON
            # Scored on two equal reads with the rows below checked empty; if nothing moved
            # (no animations) the page already takes keys, so no second look is needed.
            self.ready_seen = not loop.watch.motion and index + 1 < loop.rows and not loop.growing
            return Step.NEXT
        loop.watch.send(loop.driver.erase, loop.length)
        loop.banned.add(guess)
        loop.rejected.append(guess)
        loop.emit(Event("rejected", index, guess))
        if len(loop.rejected) > loop.config.max_rejections:
            raise SafetyStop(
                f"the page refused {len(loop.rejected)} words; is this Wordle?",
                reason=Reason.REFUSED_WORDS,
            )
        return Step.NEXT


def play_game(
    driver: Driver,
    solver: Player,
    config: BotConfig | None = None,
    *,
    reader: Reader | None = None,
    history: Sequence[Turn] = (),
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
    on_event: Callable[[Event], None] | None = None,
    guard: Callable[[BoardView], str | None] | None = None,
    overlay: OverlayFinder = default_overlay,
) -> GameResult:
    """Play one game of Wordle through `driver`, asking `solver` for every guess.

    `history` is the game so far if the caller knows it (else rows already on the board are
    adopted when `config.resume`). `guard` may veto any read (a reason string = safety stop,
    exit 4). `overlay` finds a dialog in a frame (`autobot.vision.overlay.find_overlay`).
    Raises GameFailed (an AutobotError: exit 3 no board, 4 out of step / not settling, ...)
    carrying the game so far as `.result`.
    """
    config = config or BotConfig()
    loop = GameLoop(
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
            theme=loop.watch.theme,
            high_contrast=loop.watch.high_contrast,
            error=str(error) if error else None,
            exit_code=error.exit_code if error else (0 if won else 1),
            seen=loop.watch.seen,
            waiting_for=loop.watch.waiting_for if error else None,
            captures=dict(loop.watch.captures),
            reason=reason_code(won, stopped, error),
        )

    try:
        won = loop.play(history)
    except UserQuit as exc:
        won, stopped = False, str(exc)
    except AutobotError as exc:
        raise GameFailed(exc, result(False, exc)) from None
    return result(won)


