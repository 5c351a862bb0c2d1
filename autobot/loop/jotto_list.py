"""One game of Jotto on a page that lists the guesses as lines of text (no tile board).

Each turn: click the text box if one was seen (else the keys go to the page), type the word,
press Enter, and wait for a new line of the list that reads as the word typed with a count on
its right. The bot knows what it typed, so a new line whose letters are unsure (a font no
template knows) is still its word when it is the only new line of that length: its glyphs are
learned and read the next lines. No new line after the page's settle time is a refusal: the word
is erased and another tried. A count equal to the length ends the game when no other answer has
those letters; else the game ends when the page takes no further guess. A list that has reached
the bottom of the view is scrolled (the mouse wheel over its last line) before the new line is
looked for; lines are then told by their words, not their places.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from autobot.errors import AutobotError
from autobot.loop.skeleton import Step, play_steps
from autobot.loop.watch import closing_ways, default_overlay
from autobot.rules import Turn
from autobot.solver import GameState
from autobot.vision.textlist import ListLine, ListRead, TextReader, read_list

FIND_TIMEOUT = 1.0  # s for the page to show a list or a text box before keys go to the page
SETTLE = 2.0  # s after Enter with no new line: the page did not take the word
POLL = 0.05  # s between frames while waiting
DIALOG_TRIES = 6  # ways tried to close a dialog over the page before its list is read
DIALOG_WAIT = 0.6  # s to let a dialog go after each try


@dataclass
class ListGame:
    """A finished (or stopped) list game: what was played and how it ended."""

    turns: list[Turn] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    won: bool = False
    seconds: float = 0.0
    stopped: str | None = None  # a stable code when the game did not end in a win or a loss
    error: str | None = None  # what stopped it, in words
    field_seen: bool = False
    learned: int = 0  # glyphs learned from the bot's own typed words
    scrolled: int = 0  # times the list was scrolled to bring a new line into view

    def to_json(self) -> dict[str, Any]:
        return {
            "won": self.won, "layout": "list", "seconds": round(self.seconds, 2),
            "guesses": [{"word": t.guess,
                         "count": int(t.marks) if t.marks.isdigit() else len(t.guess)}
                        for t in self.turns],
            "refused": self.refused, "stopped": self.stopped, "error": self.error,
            "field": self.field_seen,
            "learned_glyphs": self.learned, "scrolled": self.scrolled,
        }


def grab(driver: Any) -> Any:
    """The whole viewport (the list may be anywhere in it)."""
    screen = driver.screen
    return getattr(screen, "grab_full", screen.grab)()


def matches(read: str, word: str) -> bool:
    """Does a line read as `read` ('?' unsure) show `word`? Unsure letters match any."""
    return len(read) == len(word) and all(r in ("?", w) for r, w in zip(read, word, strict=True))


def new_line(read: ListRead, word: str, known: list[ListLine]) -> ListLine | None:
    """The line for `word` among those of `read` that were not there before (`known`)."""
    old = {line.box for line in known}
    fresh = [line for line in read.lines if line.box not in old]
    hit = [line for line in fresh if matches(line.word, word)]
    if hit:
        return hit[0]
    # A list that moved (the newest on top pushes the rest down): compare by words.
    words = [line.word for line in known]
    moved = [line for line in read.lines
             if matches(line.word, word) and not any(matches(w, word) for w in words)]
    return moved[0] if moved else None


def close_dialogs(driver: Any, on_event: Callable[[str], None] = lambda text: None,
                  sleep: Callable[[float], None] = time.sleep) -> int:
    """Dialogs first: close every panel over the page before its list is read (a How to play
    panel's example line, "CRANE 3", is never one of the bot's guesses). Its X, Escape, its
    button, its backdrop (`autobot.loop.watch.closing_ways`); a panel that stays through
    every way is the page's own card, left as it is. Returns the closes tried."""
    clicks = getattr(driver, "clicks_frame_pixels", False) and hasattr(driver, "click")
    closed_by: str | None = None
    tried = 0
    for _ in range(DIALOG_TRIES):
        found = default_overlay(grab(driver))
        if found is None:
            return tried
        ways = [(what, target) for what, target in closing_ways(found, closed_by)
                if target is None or clicks]
        what, target = ways[tried % len(ways)]
        if target is None:
            driver.press_escape()
            on_event("a dialog over the page: pressed Escape")
        else:
            driver.click(*target)
            on_event(f"a dialog over the page: clicked {what} at {target[0]},{target[1]}")
        tried += 1
        sleep(DIALOG_WAIT)
    return tried


def wait_for_page(driver: Any, length: int, reader: TextReader,
                  clock: Callable[[], float] = time.monotonic) -> ListRead:
    """The first frame that shows a Jotto list or a text box, else the last one (an empty list
    with a bare or focused field: the keys then go to the page)."""
    deadline = clock() + FIND_TIMEOUT
    while True:
        read = read_list(grab(driver), length, reader)
        if read.found or clock() > deadline:
            return read
        time.sleep(POLL * 4)


def play_list_game(driver: Any, strategy: Any, game: Any, *,
                   on_event: Callable[[str], None] = lambda text: None,
                   max_guesses: int = 30, settle: float = SETTLE,
                   clock: Callable[[], float] = time.monotonic,
                   reader: TextReader | None = None) -> ListGame:
    """Play one Jotto game on a list page; the result says won or why it stopped."""
    t0 = clock()
    reader = reader if reader is not None else TextReader()
    length = int(game.length)
    close_dialogs(driver, on_event)
    read = wait_for_page(driver, length, reader, clock)
    result = ListGame(field_seen=read.field is not None)
    # A game in progress: the lines already listed are turns (only those read with certainty).
    for line in read.lines:
        if line.sure:
            result.turns.append(Turn(line.word, str(line.count)))
    try:
        _play(driver, strategy, game, reader, read, result, on_event, max_guesses, settle, clock)
    except ListGameStopped as stop:
        result.stopped, result.error = stop.code, str(stop)
    except AutobotError as exc:  # the solver: no answer fits the counts read, or all refused
        result.stopped, result.error = "no-answer-fits", str(exc)
    result.seconds = clock() - t0
    return result


class ListGameStopped(AutobotError):
    """The game cannot go on; `code` says why, as a stable word to count over many runs."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message, 4)
        self.code = code


def _play(driver: Any, strategy: Any, game: Any, reader: TextReader, read: ListRead,
          result: ListGame, on_event: Callable[[str], None], max_guesses: int, settle: float,
          clock: Callable[[], float]) -> None:
    """The turns of `play_list_game`, recorded in `result`."""
    turns = ListTurns(driver, strategy, game, reader, read, result, on_event, max_guesses,
                      settle, clock)
    play_steps(turns, clock=clock)


class ListTurns:
    """A list page's turns for `play_steps`: a guess left, the solver's word, the word typed
    into the page's text box (or the page), Enter and the new line's count read."""

    def __init__(self, driver: Any, strategy: Any, game: Any, reader: TextReader,
                 read: ListRead, result: ListGame, on_event: Callable[[str], None],
                 max_guesses: int, settle: float, clock: Callable[[], float]) -> None:
        self.driver, self.strategy, self.game, self.reader = driver, strategy, game, reader
        self.read, self.result, self.on_event = read, result, on_event
        self.max_guesses, self.settle_s, self.clock = max_guesses, settle, clock
        self.length = int(game.length)
        self.known = list(read.lines)  # the lines listed so far, where they were last seen
        self.banned: set[str] = set()
        self.maybe_won = False  # the last count was the length and the word could be the answer

    def ready(self) -> Step:
        """A guess is left to play (else the game is OVER, out of guesses)."""
        if len(self.result.turns) < self.max_guesses:
            return Step.NEXT
        self.result.stopped = "out-of-guesses"
        return Step.OVER

    def decide(self) -> str:
        """The solver's next word for the counts so far."""
        state = GameState(history=tuple(self.result.turns), banned=frozenset(self.banned))
        return self.strategy.next_guess(state)

    def act(self, guess: str) -> Step:
        """Click the text box if the page has one, then type the word."""
        if self.read.field is not None:
            x0, y0, x1, y1 = self.read.field
            self.driver.click((x0 + x1) / 2, (y0 + y1) / 2)
        self.driver.type_word(guess)
        return Step.NEXT

    def settle(self, guess: str) -> Step:
        """Press Enter and wait for the word's new line with its count: the count joins the
        game (WON when it is the length and no anagram is left). No new line: the word was
        refused (erased and banned), or, after a count of the length, that word was the win."""
        driver, result, length = self.driver, self.result, self.length
        driver.press_enter()
        if _at_the_fold(self.known, driver):
            # The list reached the bottom of the view: the new line will be below it. The wheel
            # over the last line brings it up (the lines then move: they are told by word).
            x0, y0, x1, y1 = self.known[-1].box
            driver.scroll((x0 + x1) / 2, (y0 + y1) / 2, _view_height(driver) / 2)
            result.scrolled += 1
            line, self.read = _wait_line(driver, guess, [], length, self.reader, self.settle_s,
                                         self.clock, played={t.guess for t in result.turns})
        else:
            line, self.read = _wait_line(driver, guess, self.known, length, self.reader,
                                         self.settle_s, self.clock)
        if line is None:
            driver.erase(length)  # the word stays in the box on most pages: clear it
            if self.maybe_won:
                # The page takes no more words after a count of the length: that was the win.
                last = result.turns[-1]
                result.turns[-1] = Turn(last.guess, "G" * length)
                result.won = True
                self.on_event(f"{last.guess.upper()} was the word: the page takes no more "
                              "guesses")
                return Step.WON
            self.banned.add(guess)
            result.refused.append(guess)
            self.on_event(f"{guess.upper()} refused (no new line)")
            if len(result.refused) > 12:
                raise ListGameStopped("refused", f"{len(result.refused)} words in a row made "
                                      "no new line: the page does not take the words typed")
            return Step.NEXT
        if "?" in line.word:
            self.reader.learn(line.glyphs, guess)
            result.learned += len(guess)
        self.known = list(self.read.lines)
        result.turns.append(Turn(guess, str(line.count)))
        self.on_event(f"{guess.upper()}  {line.count}")
        if line.count == length:
            if guess in self.game.answers and not _anagram_left(self.strategy, result.turns,
                                                                guess):
                result.turns[-1] = Turn(guess, "G" * length)
                result.won = True
                return Step.WON
            self.maybe_won = guess in self.game.answers
        else:
            self.maybe_won = False
        return Step.NEXT


def _anagram_left(strategy: Any, turns: list[Turn], guess: str) -> bool:
    """Is another answer with the same letters as `guess` still possible?"""
    try:
        left = strategy.candidates(tuple(turns))
    except AutobotError:
        return False
    answers = strategy.game.answers
    return any(answers[int(i)] != guess for i in left)


def _view_height(driver: Any) -> int:
    return int(grab(driver).shape[0])


def _at_the_fold(known: list[ListLine], driver: Any) -> bool:
    """Does the list's last line sit within two lines of the bottom of the view?"""
    if not known or not hasattr(driver, "scroll"):
        return False
    x0, y0, x1, y1 = known[-1].box
    pitch = (y1 - y0) * 2 if len(known) < 2 else y0 - known[-2].box[1]
    return y1 + 2 * max(pitch, y1 - y0) >= _view_height(driver)


def _wait_line(driver: Any, guess: str, known: list[ListLine], length: int, reader: TextReader,
               settle: float, clock: Callable[[], float],
               played: set[str] | None = None) -> tuple[ListLine | None, ListRead]:
    """The new line for `guess` with its count read, or None after `settle` s without one.
    `played`: after a scroll, every line not of these words is new (boxes have moved)."""
    deadline = clock() + settle
    while True:
        read = read_list(grab(driver), length, reader)
        if played is not None:
            known = [ln for ln in read.lines if ln.word in played]
        line = new_line(read, guess, known)
        if line is None and played is None:
            line = _only_new(read, known)
        if line is not None and line.count is not None:
            return line, read
        if clock() > deadline:
            if line is not None:
                raise ListGameStopped("no-count", f"the line for {guess.upper()} shows no "
                                      "count that can be read")
            return None, read
        time.sleep(POLL)


def _only_new(read: ListRead, known: list[ListLine]) -> ListLine | None:
    """The one new line of a frame whose letters could not be read (an unknown font)."""
    old = {line.box for line in known}
    fresh = [line for line in read.lines if line.box not in old]
    if len(fresh) == 1 and len(read.lines) == len(known) + 1 and "?" in fresh[0].word:
        return fresh[0]
    return None


__all__ = ["ListGame", "matches", "new_line", "play_list_game"]
