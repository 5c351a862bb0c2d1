"""Every word game's loop goes through the one loop (`autobot.loop.skeleton.play_steps`).

One board, many boards and a Jotto list page each fill in the four steps; these tests play one
fake-driven game of each with `play_steps` spied on, so a loop that goes back to a loop of its
own fails here. Pure logic: the pages are fakes in fake time.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Any

import pytest
from test_jotto_list import WORDS, FakeListPage, _small_jotto
from test_loop import FakeClock, FakeDriver, FakeGame, Scripted, fake_reader

from autobot.loop import jotto_list, many, skeleton, turns
from autobot.loop.jotto_list import ListTurns
from autobot.loop.many import BoardsTurns
from autobot.loop.result import BotConfig, Event
from autobot.loop.skeleton import Played
from autobot.loop.turns import RowTurns
from autobot.loop.watch import DialogCloser, Pace, default_overlay
from autobot.outcomes import Reason
from autobot.rules import score

STEPS = ("ready", "decide", "act", "settle")


def spy(monkeypatch: pytest.MonkeyPatch, module: Any) -> list[tuple[Any, Played[Any]]]:
    """Wrap the real `play_steps` where `module` calls it; the list gets (steps, played)."""
    calls: list[tuple[Any, Played[Any]]] = []
    real = skeleton.play_steps

    def spying(steps: Any, **kw: Any) -> Played[Any]:
        played = real(steps, **kw)
        calls.append((steps, played))
        return played

    monkeypatch.setattr(module, "play_steps", spying)
    return calls


@pytest.mark.parametrize("steps", [RowTurns, BoardsTurns, ListTurns])
def test_each_word_game_names_the_four_steps(steps: type) -> None:
    assert all(callable(getattr(steps, name, None)) for name in STEPS)


def test_one_board_is_played_through_the_one_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = spy(monkeypatch, turns)
    game = FakeGame("robot", FakeClock())
    words = ["crane", "hello", "robot"]
    result = turns.play_game(FakeDriver(game), Scripted(words), BotConfig(),
                             reader=fake_reader, clock=game.clock, sleep=game.clock.sleep)
    assert result.won and result.guesses == words
    [(steps, played)] = calls
    assert isinstance(steps, RowTurns)
    assert played.won and [t.move for t in played.turns] == words
    assert len(result.timings.decide_ms) == len(result.timings.reveal_ms) == len(words)


@dataclass
class FakeBoard:
    """One board of a many-board read."""

    found: bool
    settled: bool
    rows: tuple[tuple[str, str], ...]
    reasons: tuple[str, ...] = ()


@dataclass
class FakeBoardsRead:
    """The fields of a many-board read that the loop uses."""

    found: bool
    settled: bool
    rows: tuple[tuple[str, str], ...]
    boards: tuple[FakeBoard, ...]
    grid: Any = None
    reasons: tuple[str, ...] = ()
    geometry: tuple[Any, ...] = ()


class FakeBoardsPage:
    """Many boards in fake time with no animation: one typed row shared by the open boards."""

    def __init__(self, answers: list[str], clock: FakeClock, size: int = 7) -> None:
        self.answers, self.clock, self.size = answers, clock, size
        self.guesses: list[str] = []
        self.typed = ""
        self.screen = self

    def grab(self) -> FakeBoardsRead:
        self.clock.t += 0.04  # a screenshot takes time
        boards = []
        for answer in self.answers:
            played = self.guesses[:self.guesses.index(answer) + 1] \
                if answer in self.guesses else self.guesses
            rows = [(g.upper(), score(g, answer)) for g in played]
            if answer not in played:
                rows.append((self.typed.upper(), "t" * len(self.typed)
                             + "." * (5 - len(self.typed))))
            rows += [("", ".....")] * (self.size - len(rows))
            boards.append(FakeBoard(True, True, tuple(rows)))
        return FakeBoardsRead(True, True, boards[0].rows, tuple(boards))

    def type_word(self, word: str) -> None:
        self.typed = (self.typed + word)[:5]

    def press_enter(self) -> None:
        if len(self.typed) == 5:
            self.guesses.append(self.typed)
            self.typed = ""

    def erase(self, n: int) -> None:
        self.typed = self.typed[:-n]

    def press_escape(self) -> None:
        pass


class ScriptedMany:
    """A many-board solver that plays a fixed list of words."""

    def __init__(self, words: list[str]) -> None:
        self.words = words

    def next_guess(self, state: Any) -> str:
        return self.words[len(state.guesses)]


def test_many_boards_are_played_through_the_one_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = spy(monkeypatch, many)
    clock = FakeClock()
    page = FakeBoardsPage(["joint", "crane"], clock)
    words = ["slate", "crane", "joint"]
    result = many.play_many(page, ScriptedMany(words), 2,  # type: ignore[arg-type]
                            reader=lambda frame, hint=None: frame, clock=clock,
                            sleep=clock.sleep)
    assert result.won and list(result.guesses) == words
    assert result.marks == (tuple(score(w, "joint") for w in words),
                            tuple(score(w, "crane") for w in words[:2]))
    [(steps, played)] = calls
    assert isinstance(steps, BoardsTurns)
    assert played.won and [t.move for t in played.turns] == words


def test_many_boards_hold_the_loop_parts_rather_than_inherit_the_one_board_loop() -> None:
    """A many-board game holds a watcher of its boards, a dialog closer and a pace of its own,
    and climbs the one-board loop's key ladder through a shared function: a `ManyLoop` that
    inherits `GameLoop` again (overriding its judges) fails here."""
    assert turns.GameLoop not in many.ManyLoop.__mro__
    assert many.ManyLoop.__mro__ == (many.ManyLoop, object)
    assert "ignore[override]" not in inspect.getsource(many)
    clock = FakeClock()
    page = FakeBoardsPage(["joint", "crane"], clock)
    events: list[Event] = []
    loop = many.ManyLoop(page, ScriptedMany([]), many.MANY_CONFIG,  # type: ignore[arg-type]
                         lambda frame, hint=None: frame, clock, clock.sleep, events.append,
                         None, default_overlay)
    assert isinstance(loop.watch, many.BoardsWatcher)
    assert loop.watch.dialogs is loop.dialogs and isinstance(loop.dialogs, DialogCloser)
    assert loop.watch.pace is loop.pace and isinstance(loop.pace, Pace)
    assert loop.watch.game is loop and loop.timings is loop.watch.timings
    rungs = iter(["cdp", None])
    page.escalate = lambda enter: next(rungs)  # type: ignore[attr-defined]
    assert loop.escalate(enter=False) == "cdp"
    assert loop.escalate(enter=False) is None
    assert [(e.kind, e.row, e.detail) for e in events] == [("keys", 0, "cdp")]
    loop.keyboard_failed = True
    assert loop.escalate(enter=False) is None  # the keyboard's failure: no rung climbed


def test_a_list_page_is_played_through_the_one_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    from autobot.games.strategy import GameStrategy

    calls = spy(monkeypatch, jotto_list)
    monkeypatch.setattr(jotto_list, "read_list", lambda frame, length, reader: frame.read())
    monkeypatch.setattr(jotto_list, "POLL", 0.0)
    page = FakeListPage("joint", set(WORDS))
    game = _small_jotto(WORDS)
    result = jotto_list.play_list_game(page, GameStrategy(game), game, settle=0.05)
    assert result.won
    [(steps, played)] = calls
    assert isinstance(steps, ListTurns)
    assert played.won and [t.move for t in played.turns] == [t.guess for t in result.turns]


class DeafBackspacePage(FakeBoardsPage):
    """Boards whose next row keeps two letters: Backspace never reaches the page."""

    def __init__(self, answers: list[str], clock: FakeClock) -> None:
        super().__init__(answers, clock)
        self.typed = "ab"
        self.erased = 0

    def erase(self, n: int) -> None:
        self.erased += 1


def test_many_boards_whose_rows_keep_letters_stop_instead_of_erasing_for_ever() -> None:
    """A row that never comes up empty is erased again a few times (another way if the driver
    has one), then the game stops with `keys_not_reaching`: it once erased for 17 minutes."""
    clock = FakeClock()
    page = DeafBackspacePage(["joint", "crane"], clock)
    with pytest.raises(many.ManyGameFailed) as failed:
        many.play_many(page, ScriptedMany(["slate"]), 2,  # type: ignore[arg-type]
                       reader=lambda frame, hint=None: frame, clock=clock, sleep=clock.sleep)
    assert failed.value.reason == failed.value.result.reason == Reason.KEYS_NOT_REACHING
    assert "keep letters" in str(failed.value)
    assert page.erased == many.MANY_CONFIG.retypes  # erased again twice, then stopped


class SlowScoringPage(FakeBoardsPage):
    """Boards that score a word only `delay` s after Enter (longer than the loop waits before
    it takes a still typed row as refused); Backspace does nothing to a row being scored."""

    def __init__(self, answers: list[str], clock: FakeClock, delay: float) -> None:
        super().__init__(answers, clock)
        self.delay = delay
        self.due: float | None = None

    def grab(self) -> FakeBoardsRead:
        if self.due is not None and self.clock.t >= self.due:
            self.guesses.append(self.typed)
            self.typed, self.due = "", None
        return super().grab()

    def press_enter(self) -> None:
        if len(self.typed) == 5 and self.due is None:
            self.due = self.clock.t + self.delay

    def erase(self, n: int) -> None:
        if self.due is None:
            super().erase(n)


def test_many_boards_take_a_word_scored_after_it_was_taken_as_refused() -> None:
    """A page slower to score than the loop's patience: the word is first taken as refused,
    then its row comes up scored where the next guess was to go; the loop takes the row as
    played (the word unbanned, not counted refused) and wins."""
    clock = FakeClock()
    patience = many.MANY_CONFIG.reject_patience
    page = SlowScoringPage(["joint", "crane"], clock, delay=patience + 1.0)
    words = ["slate", "crane", "joint"]
    events: list[Any] = []
    result = many.play_many(page, ScriptedMany(words), 2,  # type: ignore[arg-type]
                            reader=lambda frame, hint=None: frame, clock=clock,
                            sleep=clock.sleep, on_event=events.append)
    assert result.won and list(result.guesses) == words
    assert result.rejected == ()
    assert any(e.kind == "note" and "scored after all" in e.detail for e in events)
