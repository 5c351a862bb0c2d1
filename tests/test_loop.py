"""The turn loop's logic, driven by a fake game (pure state machine) and a fake clock.

These are unit tests of decisions (settled? rejected? out of step? covered?), so the game, the
screen and the reader are fakes; tests/test_play.py plays the real page in real Chromium.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

import pytest

from autobot.errors import AutobotError
from autobot.loop import (
    BotConfig,
    Event,
    Timings,
    percentile,
    play_game,
    played_rows,
    row_kind,
    sync_problem,
)
from autobot.rules import Turn, score
from autobot.solver import GameState, SolverConfig, make_solver
from autobot.words import load_words


class FakeClock:
    """A monotonic clock that only moves when told to."""

    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t

    def sleep(self, seconds: float) -> None:
        self.t += seconds


@dataclass
class FakeRead:
    """The fields of a vision read that the loop uses."""

    found: bool
    settled: bool
    rows: tuple[tuple[str, str], ...]
    grid: Any = None
    reasons: tuple[str, ...] = ()


@dataclass
class FakeGame:
    """A Wordle page as a state machine in fake time: flips, toasts and dialogs take time."""

    answer: str
    clock: FakeClock
    words: frozenset[str] = field(default_factory=lambda: frozenset(load_words("nyt").words))
    reveal: float = 1.6  # seconds of flipping after Enter
    toast: float = 1.5  # seconds a toast covers the board
    modal_after_end: float | None = 0.5  # the stats dialog appears this long after the last flip
    dialog: bool = False  # a dialog covers the board now (Escape closes it)
    dialog_sticks: bool = False  # Escape does not close it
    drop_keys: int = 0  # swallow this many letter keys (a clone that drops fast keys)
    rows: list[tuple[str, str]] = field(default_factory=list)
    typed: str = ""
    moving_until: float = 0.0
    toast_until: float = 0.0
    modal_at: float | None = None
    keys: list[str] = field(default_factory=list)
    hard: bool = False
    blink_every: int = 0  # every n-th frame the reader loses the board (a mid-flip misread)
    frames: int = 0
    misread: int = 0  # this many settled frames read the first row's first letter(s) wrong
    misread_as: str = "Q"  # ... as these letters
    deaf: float = 0.0  # keys are still ignored this long after the last tile looks done
    flip_delay: float = 0.0  # a busy page starts the reveal this long after Enter
    pop: float = 0.0  # a typed letter pops (reads as moving) this long
    toast_seen: bool = True  # the reader reports a toast over the board
    busy_until: float = 0.0
    flip_at: float = 0.0
    popping_until: float = 0.0
    ignored: list[str] = field(default_factory=list)  # keys the page dropped while busy
    size: int = 6  # rows on the board
    grows: bool = False  # shows only the rows played plus one (Absurdle-like), up to `size`
    deaf_enter: int = 0  # ignore Enter until the driver has climbed this many rungs
    rung: int = 0  # the driver's rung (set by FakeDriver.escalate)
    silent_refusal: bool = False  # a refused word keeps its row: no toast at all
    examples: bool = False  # the dialog shows example rows that a reader takes for a board
    grid: Any = None  # what reads carry as their grid
    cover_below: int | None = None  # the end dialog leaves this many rows in view (else none)

    def press(self, key: str) -> None:
        self.keys.append(key)
        if key == "escape":
            if not self.dialog_sticks:
                self.dialog = False
                self.modal_at = None
            return
        if self.dialog or self.over:
            return
        now = self.clock()
        if now < self.busy_until:
            self.ignored.append(key)  # as the real page: no keys while a row is revealed
            return
        if key == "backspace":
            self.typed = self.typed[:-1]
        elif key == "enter":
            if self.rung < self.deaf_enter:
                return
            if len(self.typed) < 5 or self.typed not in self.words:
                if not self.silent_refusal:
                    self.toast_until = now + self.toast
                return
            marks = score(self.typed, self.answer)
            self.rows.append((self.typed.upper(), marks))
            self.typed = ""
            self.flip_at = now + self.flip_delay
            self.moving_until = self.flip_at + self.reveal
            self.busy_until = self.moving_until + self.deaf
            if self.over:
                self.toast_until = self.moving_until + self.toast
                if self.modal_after_end is not None:
                    self.modal_at = self.moving_until + self.modal_after_end
        elif self.drop_keys:
            self.drop_keys -= 1
        elif len(self.typed) < 5:
            self.typed += key
            self.popping_until = now + self.pop

    @property
    def over(self) -> bool:
        return len(self.rows) == self.size or bool(self.rows and self.rows[-1][1] == "GGGGG")

    def frame(self) -> FakeRead:
        """What a perfect reader would say about the screen now."""
        now = self.clock()
        self.frames += 1
        if self.blink_every and self.frames % self.blink_every == 0:
            return FakeRead(False, False, ())
        if self.dialog and self.examples:
            examples = (("WEARY", "Gtttt"), ("PILLS", "tYttt"), ("VAGUE", "tttXt"))
            return FakeRead(True, True, examples, grid=self.grid)
        if self.modal_at is not None and now >= self.modal_at and self.cover_below is not None:
            return FakeRead(True, True, tuple(self.rows[: self.cover_below]), grid=self.grid)
        if self.dialog or (self.modal_at is not None and now >= self.modal_at):
            return FakeRead(False, False, ())
        rows = list(self.rows)
        settled = True
        if now < self.flip_at and rows:
            # Enter taken, but nothing moves yet: at most the last letter is still popping.
            popping = now < self.popping_until
            rows[-1] = (rows[-1][0], "tttt?" if popping else "ttttt")
            settled = not popping
        elif now < self.moving_until and rows:
            # Mid reveal: the left tiles are scored, the tile turning is unreadable.
            done = int(5 * (1 - (self.moving_until - now) / self.reveal))
            letters, marks = rows[-1]
            rows[-1] = (letters, marks[:done] + "?" + "t" * (4 - done))
            settled = False
        reasons: tuple[str, ...] = ()
        if now < self.toast_until:
            settled = False
            if self.toast_seen:
                reasons = ("toast over the board (tile 1,3)",)
        if len(rows) < self.size:
            marks = "t" * len(self.typed) + "." * (5 - len(self.typed))
            if self.typed and now < self.popping_until:
                # The newest letter is mid-pop: its tile is bigger and reads as unsure.
                marks = marks[: len(self.typed) - 1] + "?" + marks[len(self.typed) :]
                settled = False
            rows.append((self.typed.upper(), marks))
        if not self.grows:
            rows += [("", ".....")] * (self.size - len(rows))
        if self.misread and settled and self.rows:
            self.misread -= 1
            rows[0] = (self.misread_as + rows[0][0][len(self.misread_as):], rows[0][1])
        return FakeRead(True, settled, tuple(rows), grid=self.grid, reasons=reasons)


class FakeScreen:
    def __init__(self, game: FakeGame, frame_cost: float = 0.04) -> None:
        self.game = game
        self.frame_cost = frame_cost

    def grab(self) -> FakeRead:
        self.game.clock.t += self.frame_cost  # a screenshot takes time
        return self.game.frame()


class FakeDriver:
    def __init__(self, game: FakeGame) -> None:
        self.game = game
        self.screen = FakeScreen(game)

    def type_word(self, word: str) -> None:
        for letter in word:
            self.game.press(letter)
            self.game.clock.t += 0.06

    def press_enter(self) -> None:
        self.game.press("enter")

    def erase(self, n: int) -> None:
        for _ in range(n):
            self.game.press("backspace")

    def press_escape(self) -> None:
        self.game.press("escape")


def fake_reader(frame: FakeRead, *, hint: Any = None) -> FakeRead:
    return frame


class Scripted:
    """A solver that proposes words from a list, skipping banned ones; records the states."""

    def __init__(self, words: list[str]) -> None:
        self.words = words
        self.states: list[GameState] = []

    def next_guess(self, state: GameState) -> str:
        self.states.append(state)
        pool = [w for w in self.words if w not in state.banned]
        return pool[len(state.history)]


@pytest.fixture(scope="module")
def solver():
    return make_solver(SolverConfig())


def play(game: FakeGame, solver: Any, config: BotConfig | None = None, **kw: Any):
    events: list[Event] = []
    result = play_game(
        FakeDriver(game),
        solver,
        config or BotConfig(),
        reader=fake_reader,
        clock=game.clock,
        sleep=game.clock.sleep,
        on_event=events.append,
        **kw,
    )
    return result, events


@pytest.mark.parametrize("answer", ["speed", "mamma", "robot", "llama", "eerie", "cigar"])
def test_wins_and_reports_the_games_own_marks(answer: str, solver: Any) -> None:
    game = FakeGame(answer, FakeClock())
    result, events = play(game, solver)
    assert result.won
    assert result.guesses[-1] == answer
    assert result.marks == [score(g, answer) for g in result.guesses]
    assert [e.kind for e in events] == ["row"] * len(result.guesses)
    n = len(result.guesses)
    assert len(result.timings.decide_ms) == len(result.timings.type_ms) == n
    assert len(result.timings.settle_ms) == n
    assert len(result.timings.capture_ms) == len(result.timings.read_ms) > n


def test_win_is_taken_even_when_the_stats_dialog_covers_the_board_at_once(solver: Any) -> None:
    # No animations: the row is scored, the win toast covers the board and the dialog follows
    # right away; two equal reads of an all-green row are the end of the game.
    game = FakeGame("robot", FakeClock(), reveal=0.0, toast=5.0, modal_after_end=0.1)
    result, _ = play(game, solver)
    assert result.won and result.guesses[-1] == "robot"


def test_win_read_once_stands_when_the_end_dialog_covers_the_board_before_a_second_read(
    solver: Any,
) -> None:
    # A busy machine: each screenshot takes 0.4 s and the statistics dialog covers the board
    # 0.1 s after the last flip, for good: only one settled read of the winning row comes.
    game = FakeGame("robot", FakeClock(), toast=0.0, modal_after_end=0.1, dialog_sticks=True)
    driver = FakeDriver(game)
    driver.screen = FakeScreen(game, frame_cost=0.4)
    result = play_game(driver, Scripted(["crane", "robot"]), BotConfig(), reader=fake_reader,
                       clock=game.clock, sleep=game.clock.sleep)
    assert result.won and result.guesses == ["crane", "robot"]


def test_a_refused_word_is_erased_banned_and_replaced() -> None:
    clock = FakeClock()
    words = frozenset(load_words("nyt").words) - {"crane"}
    game = FakeGame("robot", clock, words=words)
    scripted = Scripted(["crane", "sloth", "robot"])
    result, events = play(game, scripted)
    assert result.won
    assert result.guesses == ["sloth", "robot"]
    assert result.rejected == ("crane",)
    assert [e.kind for e in events] == ["rejected", "row", "row"]
    assert game.keys.count("backspace") == 5
    assert "crane" in scripted.states[-1].banned


def test_loss_after_six_rows() -> None:
    game = FakeGame("robot", FakeClock())
    words = ["crane", "spilt", "dumpy", "fight", "bowel", "knack"]
    result, _ = play(game, Scripted(words))
    assert not result.won
    assert result.guesses == words
    assert result.marks == [score(w, "robot") for w in words]


def test_loss_on_the_last_row_even_when_the_answer_toast_never_leaves() -> None:
    game = FakeGame("robot", FakeClock(), toast=60.0, modal_after_end=None)
    words = ["crane", "spilt", "dumpy", "fight", "bowel", "knack"]
    result, _ = play(game, Scripted(words))
    assert not result.won and len(result.guesses) == 6


def test_a_dialog_over_the_board_is_closed_with_escape(solver: Any) -> None:
    game = FakeGame("llama", FakeClock(), dialog=True)
    result, events = play(game, solver)
    assert result.won
    assert events[0].kind == "escape"
    assert game.keys[0] == "escape"


def test_a_board_lost_for_one_frame_is_not_a_dialog(solver: Any) -> None:
    game = FakeGame("mamma", FakeClock(), blink_every=3)
    result, events = play(game, solver)
    assert result.won
    assert "escape" not in game.keys and all(e.kind == "row" for e in events)


def test_a_dialog_that_will_not_close_stops_with_exit_3(solver: Any) -> None:
    game = FakeGame("llama", FakeClock(), dialog=True, dialog_sticks=True)
    with pytest.raises(AutobotError) as err:
        play(game, solver, BotConfig(escapes=3))
    assert err.value.exit_code == 3
    assert "no Wordle board" in str(err.value)
    assert game.keys == ["escape"] * 3


def test_a_board_that_changes_under_the_bot_stops_with_exit_4() -> None:
    game = FakeGame("robot", FakeClock())

    class Meddler(Scripted):
        def next_guess(self, state: GameState) -> str:
            if len(state.history) == 1:
                game.rows[0] = ("CRANK", score("crank", "robot"))  # someone else played
            return super().next_guess(state)

    with pytest.raises(AutobotError) as err:
        play(game, Meddler(["crane", "sloth", "robot"]))
    assert err.value.exit_code == 4
    assert "row 1 shows CRANK" in str(err.value)


def test_a_brief_misread_is_not_a_stop_but_a_lasting_one_is() -> None:
    game = FakeGame("robot", FakeClock(), misread=2)  # two equal frames: a steady misread
    result, _ = play(game, Scripted(["crane", "sloth", "dumpy", "robot"]))
    assert result.won and game.misread == 0
    # A lasting misread of two letters is another row: a stop.
    game = FakeGame("robot", FakeClock(), misread=10**6, misread_as="QO")
    with pytest.raises(AutobotError) as err:
        play(game, Scripted(["crane", "sloth", "dumpy", "robot"]))
    assert err.value.exit_code == 4 and "QOANE" in str(err.value)


def test_one_letter_of_a_scored_row_read_as_a_look_alike_is_learned_not_a_stop() -> None:
    """A scored row always shows one letter as another (a page's font on colour: O as D):
    the row read as typed before Enter is taken as scored, the look-alike noted and read as
    typed in that row from then on (every later frame shows it too)."""
    game = FakeGame("robot", FakeClock(), misread=10**6)
    result, events = play(game, Scripted(["crane", "sloth", "dumpy", "robot"]))
    assert result.won and result.guesses[-1] == "robot"
    assert any("C looks like Q" in (e.detail or "") for e in events), events


def test_a_board_that_never_settles_stops_with_exit_4(solver: Any) -> None:
    game = FakeGame("robot", FakeClock(), reveal=1000.0)
    with pytest.raises(AutobotError) as err:
        play(game, solver, BotConfig(settle_timeout=5.0))
    assert err.value.exit_code == 4
    assert "did not settle" in str(err.value)


def test_dropped_keys_are_retyped_once() -> None:
    game = FakeGame("robot", FakeClock(), drop_keys=1)
    result, events = play(game, Scripted(["crane", "sloth", "robot"]))
    assert result.won and result.guesses == ["crane", "sloth", "robot"]
    assert events[0].kind == "retype"
    # The short row is seen before Enter: it is erased and retyped, never submitted.
    assert game.keys.count("enter") == 3


# --- races with the page's animations ------------------------------------------------------


def test_keys_wait_until_the_page_listens_again_after_a_reveal(solver: Any) -> None:
    # The last tile looks done (two equal, settled reads) 0.2 s before the page takes keys
    # again: typing on two equal reads would lose the first letters (CRONY arriving as RONY).
    game = FakeGame("eerie", FakeClock(), deaf=0.2)
    result, events = play(game, solver)
    assert result.won and game.ignored == []
    assert all(e.kind == "row" for e in events)
    assert result.marks == [score(g, "eerie") for g in result.guesses]


def test_without_a_quiet_period_the_same_page_loses_keys(solver: Any) -> None:
    # The control for the test above: it is the quiet period that keeps the keys.
    game = FakeGame("eerie", FakeClock(), deaf=0.2)
    result, events = play(game, solver, BotConfig(quiet=0.0))
    assert game.ignored != []
    assert "retype" in [e.kind for e in events]


@pytest.mark.parametrize("config", [BotConfig(), BotConfig(reject_patience=3.0)])
def test_a_late_flip_after_a_popping_last_letter_is_not_taken_for_a_refusal(
    config: BotConfig,
) -> None:
    # A busy machine: the last letter is still popping at Enter (the read changes after
    # Enter), then the row stays typed and still for a while before the flip begins.
    late = config.reject_patience * 0.9
    game = FakeGame("robot", FakeClock(), pop=0.15, flip_delay=late)
    words = ["drone", "sloth", "robot"]
    result, events = play(game, Scripted(words), config)
    assert result.won and result.guesses == words
    assert result.rejected == () and "backspace" not in game.keys
    assert [e.kind for e in events] == ["row"] * 3
    assert result.marks == [score(w, "robot") for w in words]


def test_a_refusal_is_known_by_its_toast_without_waiting_out_the_patience() -> None:
    words = frozenset(load_words("nyt").words) - {"crane"}
    game = FakeGame("robot", FakeClock(), words=words, pop=0.1)
    result, events = play(game, Scripted(["crane", "sloth", "robot"]),
                          BotConfig(reject_patience=60.0, settle_timeout=20.0))
    assert result.won and result.rejected == ("crane",)
    assert [e.kind for e in events] == ["rejected", "row", "row"]


def test_a_refusal_without_a_visible_toast_is_known_by_a_still_typed_row() -> None:
    words = frozenset(load_words("nyt").words) - {"crane"}
    game = FakeGame("robot", FakeClock(), words=words, toast_seen=False, toast=0.0)
    result, events = play(game, Scripted(["crane", "sloth", "robot"]))
    assert result.won and result.rejected == ("crane",)
    assert [e.kind for e in events] == ["rejected", "row", "row"]
    # ... but only after the row stood still, typed, for the whole patience period.
    assert max(result.timings.settle_ms) >= BotConfig().reject_patience * 1000


def test_keys_that_never_arrive_stop_with_exit_4() -> None:
    game = FakeGame("robot", FakeClock(), drop_keys=1000)
    with pytest.raises(AutobotError) as err:
        play(game, Scripted(["crane", "sloth", "robot"]))
    assert err.value.exit_code == 4
    assert "keys do not reach" in str(err.value)


def test_a_game_in_progress_is_resumed(solver: Any) -> None:
    game = FakeGame("eerie", FakeClock())
    game.rows = [("CRANE", score("crane", "eerie")), ("SPILT", score("spilt", "eerie"))]
    game.typed = "ab"  # leftover letters are erased first
    result, events = play(game, solver)
    assert result.won
    assert result.guesses[:2] == ["crane", "spilt"]
    assert [e.kind for e in events[:2]] == ["resumed", "resumed"]
    assert game.keys[:5] == ["backspace"] * 5


def test_the_guard_can_stop_the_game(solver: Any) -> None:
    game = FakeGame("robot", FakeClock())
    with pytest.raises(AutobotError) as err:
        play(game, solver, guard=lambda read: "safety stop: window moved")
    assert err.value.exit_code == 4 and "window moved" in str(err.value)


def test_hard_mode_is_passed_to_the_solver() -> None:
    game = FakeGame("robot", FakeClock())
    scripted = Scripted(["crane", "sloth", "robot"])
    play(game, scripted, BotConfig(hard=True))
    assert all(s.hard for s in scripted.states)


# --- the pure judgements ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("row", "kind"),
    [
        (("", "....."), "empty"),
        (("CRA", "ttt.."), "typing"),
        (("CRANE", "ttttt"), "typed"),
        (("CRANE", "XYGGX"), "evaluated"),
        (("CRANE", "XY?tt"), "unknown"),
        (("CRANE", "XYttt"), "moving"),
        (("CRANE", "XYGG"), "unknown"),
    ],
)
def test_row_kind(row: tuple[str, str], kind: str) -> None:
    assert row_kind(row) == kind


def test_sync_problem() -> None:
    history = [Turn("crane", "XYGGX")]
    empty = ("", ".....")
    assert sync_problem([("CRANE", "XYGGX")] + [empty] * 5, history) is None
    assert sync_problem([("C?ANE", "XYG?X")] + [empty] * 5, history) is None  # occluded tiles
    assert "row 1 shows CRANE XYGXX" in sync_problem([("CRANE", "XYGXX")] + [empty] * 5, history)
    typed = [("CRANE", "XYGGX"), ("SLO", "ttt..")] + [empty] * 4
    assert "expected an empty row" in sync_problem(typed, history)
    assert sync_problem(typed, history, upto=1) is None


def test_played_rows() -> None:
    rows = [("CRANE", "XYGGX"), ("SL", "tt..."), ("", ".....")]
    assert played_rows(rows) == ([Turn("crane", "XYGGX")], 2)
    with pytest.raises(AutobotError):
        played_rows([("CR?NE", "XYGGX")])


def test_percentile_and_timings() -> None:
    assert percentile([], 50) == 0.0
    assert percentile([3.0, 1.0, 2.0], 50) == 2.0
    assert percentile(list(range(101)), 95) == 95.0
    t = Timings(read_ms=[1.0, 2.0, 3.0, 4.0])
    assert t.medians()["read_ms"] == 2.5
    assert t.summary()["read_ms"]["n"] == 4


def test_the_last_grid_is_the_next_reads_hint_unless_the_board_was_lost() -> None:
    game = FakeGame("robot", FakeClock(), blink_every=4)
    hints: list[Any] = []

    def reader(frame: FakeRead, *, hint: Any = None) -> FakeRead:
        hints.append(hint)
        if frame.found:
            frame.grid = "grid"
        return frame

    scripted = Scripted(["crane", "sloth", "robot"])
    play_game(FakeDriver(game), scripted, BotConfig(), reader=reader, clock=game.clock,
              sleep=game.clock.sleep)
    assert hints[0] is None and "grid" in hints
    # After a frame with no board the reader gets no hint (a stale one could mislead it).
    assert all(hints[i + 1] is None for i in range(3, len(hints) - 1, 4))
    hints.clear()
    game = FakeGame("robot", FakeClock())
    play_game(FakeDriver(game), Scripted(["crane", "robot"]), BotConfig(use_hint=False),
              reader=reader, clock=game.clock, sleep=game.clock.sleep)
    assert set(hints) == {None}


def test_many_answers_in_fake_time_all_won_truthfully(solver: Any) -> None:
    import random

    rng = random.Random(7)
    answers = rng.sample(list(load_words("answers").words), 60)
    for i, answer in enumerate(answers):
        # Alternate the page's pace: no animations, the real game's, and a slow, blinking one.
        reveal, toast, blink = [(0.0, 1.5, 0), (1.6, 1.5, 0), (2.5, 2.0, 5)][i % 3]
        game = FakeGame(answer, FakeClock(), reveal=reveal, toast=toast, blink_every=blink)
        result, _ = play(game, solver)
        assert result.won, answer
        assert result.marks == [score(g, answer) for g in result.guesses]
        assert [r[0].lower() for r in game.rows] == result.guesses


def test_a_page_without_animations_is_typed_into_without_the_quiet_period(solver: Any) -> None:
    # Nothing was ever seen moving, so nothing can still hold the page: two equal reads do.
    game = FakeGame("eerie", FakeClock(), reveal=0.0, toast=0.0, modal_after_end=None)
    config = BotConfig(quiet=30.0, typed_quiet=30.0)
    result, _ = play(game, solver, config)
    assert result.won
    assert result.seconds < config.quiet  # fake time: the 30 s quiet was never waited
    game = FakeGame("eerie", FakeClock(), reveal=1.6, modal_after_end=None)
    result, _ = play(game, solver, BotConfig(quiet=30.0, settle_timeout=60.0))
    assert result.won and result.seconds > 30.0 * (len(result.guesses) - 1)


# --- pages that differ: row counts, deaf keys, dialogs, still frames ------------------------


def test_the_boards_own_row_count_is_played_when_the_game_does_not_say() -> None:
    words = ["crane", "sloth", "pudgy", "waltz", "jumbo", "nymph", "vivid", "fjord"]
    for size in (5, 7, 8):
        game = FakeGame("robot", FakeClock(), size=size)
        result, _ = play(game, Scripted(words))
        assert not result.won and len(result.guesses) == size
    with pytest.raises(AutobotError) as err:  # told 6 rows, shown 5: a safety stop
        play(FakeGame("robot", FakeClock(), size=5), Scripted(words), BotConfig(rows=6))
    assert err.value.exit_code == 4


def test_a_board_that_grows_a_row_per_guess_is_played_past_six_rows() -> None:
    game = FakeGame("robot", FakeClock(), size=9, grows=True)
    words = ["crane", "sloth", "pudgy", "waltz", "jumbo", "nymph", "vivid", "fjord", "quick"]
    result, _ = play(game, Scripted(words))
    assert not result.won and len(result.guesses) == 9  # the board stopped growing: over
    game = FakeGame("vivid", FakeClock(), size=9, grows=True)
    result, _ = play(game, Scripted(words))
    assert result.won and len(result.guesses) == 7


class LadderDriver(FakeDriver):
    """A driver with `rungs` ways of sending keys; climbing one tells the fake page."""

    def __init__(self, game: FakeGame, rungs: int = 4) -> None:
        super().__init__(game)
        self.rungs = rungs
        self.rung = 0

    def escalate(self, *, enter: bool = False) -> int | None:
        if self.rung + 1 >= self.rungs:
            return None
        self.rung += 1
        self.game.rung = self.rung
        return self.rung


def play_ladder(game: FakeGame, words: list[str], rungs: int = 4) -> tuple[Any, list[Event], Any]:
    events: list[Event] = []
    driver = LadderDriver(game, rungs)
    result = play_game(driver, Scripted(words), BotConfig(), reader=fake_reader,
                       clock=game.clock, sleep=game.clock.sleep, on_event=events.append)
    return result, events, driver


def test_an_enter_the_page_does_not_take_climbs_the_ladder_and_stays_there() -> None:
    game = FakeGame("robot", FakeClock(), deaf_enter=2, silent_refusal=True)
    result, events, driver = play_ladder(game, ["crane", "sloth", "xxxxx", "robot"])
    assert result.won and result.guesses == ["crane", "sloth", "robot"]
    assert [e.detail for e in events if e.kind == "keys"] == [1, 2]
    # Once a row was scored, a silent still row is a refusal, not a deaf Enter: no climbing.
    assert result.rejected == ("xxxxx",) and driver.rung == 2


def test_a_silent_refusal_before_any_score_tries_every_enter_then_keeps_the_old_way() -> None:
    game = FakeGame("robot", FakeClock(), silent_refusal=True)
    result, events, driver = play_ladder(game, ["xxxxx", "crane", "robot"], rungs=3)
    assert result.won and result.rejected == ("xxxxx",)
    assert [e.detail for e in events if e.kind == "keys"] == [1, 2, "0 again"]
    assert driver.rung == 0


class ClickDriver(FakeDriver):
    """A page whose dialog ignores Escape and closes on a click on its X."""

    clicks_frame_pixels = True

    def __init__(self, game: FakeGame) -> None:
        super().__init__(game)
        self.clicks: list[tuple[int, int]] = []

    def click(self, x: int, y: int) -> None:
        self.clicks.append((x, y))
        if (x, y) == (90, 10):
            self.game.dialog = False


def test_a_dialog_that_ignores_escape_is_closed_by_its_x_found_by_pixels(solver: Any) -> None:
    from autobot.vision.overlay import Overlay

    game = FakeGame("llama", FakeClock(), dialog=True, dialog_sticks=True)
    driver = ClickDriver(game)
    events: list[Event] = []
    result = play_game(driver, solver, BotConfig(), reader=fake_reader, clock=game.clock,
                       sleep=game.clock.sleep, on_event=events.append,
                       overlay=lambda frame: Overlay((0, 0, 100, 100), (90, 10), (150, 50))
                       if game.dialog else None)
    assert result.won and driver.clicks == [(90, 10)]
    # Its X first (a page may only hide a dialog on Escape and stay deaf to keys): no Escape.
    assert [e.kind for e in events][:2] == ["close", "row"]
    assert "X" in events[0].detail and "escape" not in game.keys


def test_a_dialog_that_never_closes_is_exit_3_after_escape_x_and_backdrop(solver: Any) -> None:
    from autobot.vision.overlay import Overlay

    game = FakeGame("llama", FakeClock(), dialog=True, dialog_sticks=True)
    driver = ClickDriver(game)
    with pytest.raises(AutobotError) as err:
        play_game(driver, solver, BotConfig(closes=6), reader=fake_reader, clock=game.clock,
                  sleep=game.clock.sleep,
                  overlay=lambda frame: Overlay((0, 0, 100, 100), (80, 20), (150, 50)))
    assert err.value.exit_code == 3
    assert game.keys == ["escape"] * 2 and driver.clicks == [(80, 20), (150, 50)] * 2
    assert err.value.result.waiting_for == "the board to appear"  # type: ignore[attr-defined]


class ButtonDriver(ClickDriver):
    """A dialog without an X that ignores Escape and its backdrop: only its button closes it;
    it comes back once after the first close."""

    def __init__(self, game: FakeGame) -> None:
        super().__init__(game)
        self.shown = 1

    def click(self, x: int, y: int) -> None:
        self.clicks.append((x, y))
        if (x, y) == (50, 80):
            self.game.dialog = False

    def type_word(self, word: str) -> None:
        if self.shown == 1 and not self.game.dialog:
            self.shown, self.game.dialog = 2, True  # back at the first key, swallowing it
            return
        super().type_word(word)


def test_a_dialog_closed_only_by_its_button_and_back_once_is_closed_the_same_way(
        solver: Any) -> None:
    from autobot.vision.overlay import Overlay

    game = FakeGame("llama", FakeClock(), dialog=True, dialog_sticks=True)
    driver = ButtonDriver(game)
    events: list[Event] = []
    at: list[float] = []  # fake time of each event

    def on_event(event: Event) -> None:
        events.append(event)
        at.append(game.clock.t)

    result = play_game(driver, solver, BotConfig(), reader=fake_reader, clock=game.clock,
                       sleep=game.clock.sleep, on_event=on_event,
                       overlay=lambda frame: Overlay((0, 0, 100, 100), None, (150, 50), (50, 80))
                       if game.dialog else None)
    assert result.won
    # Escape, then the button; when it comes back, the button first (what worked before).
    assert [e.detail for e in events if e.kind in ("escape", "close")] == [
        "pressed Escape", "clicked the dialog's button at 50,80",
        "clicked the dialog's button at 50,80"]
    assert driver.clicks == [(50, 80), (50, 80)]
    # The word the dialog swallowed is typed again soon after it is closed: the row standing
    # empty after a close is all that arrived (no reject_patience wait for late keys).
    closed = max(i for i, e in enumerate(events) if e.kind == "close")
    retyped = next(i for i, e in enumerate(events) if e.kind == "retype")
    assert retyped > closed and at[retyped] - at[closed] < BotConfig().reject_patience


class StillScreen:
    """Frames as arrays: the same pixels every time, or new ones every time."""

    def __init__(self, clock: FakeClock, changing: bool) -> None:
        self.clock = clock
        self.changing = changing
        self.n = 0

    def grab(self) -> Any:
        import numpy as np

        self.clock.t += 0.05
        self.n += 1
        return np.full((4, 4, 3), self.n % 256 if self.changing else 7, dtype=np.uint8)


def test_a_board_vision_calls_moving_on_identical_frames_is_taken_as_still() -> None:
    empty = FakeRead(True, False, (("", "....."),) * 6)
    for changing in (False, True):
        clock = FakeClock()
        driver = FakeDriver(FakeGame("robot", clock))
        driver.screen = StillScreen(clock, changing)  # type: ignore[assignment]
        with pytest.raises(AutobotError) as err:
            play_game(driver, Scripted(["crane"]), BotConfig(), clock=clock,
                      sleep=clock.sleep, reader=lambda frame, hint=None: empty)
        if changing:  # really moving: the loop waits it out and stops for safety
            assert "did not settle" in str(err.value) and "the board to appear" in str(err.value)
        else:  # identical pixels: past the start, it typed (and saw the keys do nothing)
            assert "keys do not reach the page" in str(err.value)


def test_a_failed_game_carries_what_was_played_and_seen() -> None:
    from autobot.loop import GameFailed

    game = FakeGame("robot", FakeClock(), drop_keys=1000)
    game.rows = [("CRANE", score("crane", "robot"))]
    with pytest.raises(GameFailed) as err:
        play(game, Scripted(["crane", "sloth", "robot"]))
    record = err.value.result.to_json()
    assert record["won"] is False and record["exit_code"] == 4
    assert record["guesses"] == ["crane"] and "keys do not reach" in record["error"]
    assert record["rows_seen"][0] == ["CRANE", score("crane", "robot")]
    assert record["waiting_for"].startswith("row 2 to show")


class BoxGrid:
    def bbox(self) -> tuple[int, int, int, int]:
        return (20, 20, 80, 80)


def test_example_rows_in_a_dialog_are_not_the_board_but_a_board_in_a_card_is(
    solver: Any,
) -> None:
    from autobot.vision.overlay import Overlay

    panel = Overlay((0, 0, 100, 100), (90, 10), (150, 50))  # around the board's box
    game = FakeGame("llama", FakeClock(), dialog=True, examples=True, grid=BoxGrid())
    events: list[Event] = []
    result = play_game(FakeDriver(game), solver, BotConfig(), reader=fake_reader,
                       clock=game.clock, sleep=game.clock.sleep, on_event=events.append,
                       overlay=lambda frame: panel)
    assert result.won and game.keys[0] == "escape"
    assert not any(e.kind == "resumed" for e in events)  # WEARY was never taken as played
    # A real board framed by a panel-like card: settled, plausible rows, so it is played.
    game = FakeGame("llama", FakeClock(), grid=BoxGrid())
    result, _ = play(game, solver, overlay=lambda frame: panel)
    assert result.won and "escape" not in game.keys


def test_a_growing_board_picked_up_after_six_rows_keeps_growing() -> None:
    words = ["crane", "sloth", "pudgy", "waltz", "jumbo", "nymph"]
    game = FakeGame("vivid", FakeClock(), size=9, grows=True)
    game.rows = [(w.upper(), score(w, "vivid")) for w in words]  # 7 rows shown: 6 + 1
    result, events = play(game, Scripted([*words, "fjord", "vivid"]))
    assert result.won and result.guesses[6:] == ["fjord", "vivid"]
    assert [e.kind for e in events].count("resumed") == 6


def test_a_dialog_over_the_lower_rows_is_not_a_smaller_board(solver: Any) -> None:
    # The end dialog comes at once and leaves only the first row in view (a reader that finds
    # a one-row board there): fewer rows than played is a covered board, closed with Escape.
    game = FakeGame("robot", FakeClock(), reveal=0.0, modal_after_end=0.0, cover_below=1)
    result, events = play(game, Scripted(["crane", "sloth", "robot"]))
    assert result.won and result.guesses == ["crane", "sloth", "robot"]
    assert "escape" in game.keys


def _watcher(driver: Any, config: BotConfig, reader: Any, clock: FakeClock) -> Any:
    """A watcher of a game not started yet, with no dialog finder, its events dropped."""
    from types import SimpleNamespace

    from autobot.loop.watch import DialogCloser, Pace, Watcher

    game = SimpleNamespace(started=False, history=[], typing=None, confusions=set(), rows=6)
    return Watcher(driver, config, reader, game, Pace(clock, clock.sleep),
                   DialogCloser(lambda frame: None), lambda event: None)


def test_a_board_whose_pixels_stopped_changing_takes_keys_before_the_read_quiet() -> None:
    """After motion, identical frames for `pixel_quiet` s are enough; frames that keep changing
    (something moving beside a board that reads the same) need the full `quiet`."""
    import numpy as np

    clock = FakeClock()
    board = FakeRead(True, True, (("SALET", "XXXGX"), ("", ".....")))
    frames: list[np.ndarray] = []

    class Frames:
        def grab(self) -> np.ndarray:
            clock.t += 0.02  # a display grab every 20 ms
            return frames.pop(0)

    class Keys:
        screen = Frames()

    config = BotConfig()
    assert config.pixel_quiet < config.quiet
    for moving, expected_wait in ((False, config.pixel_quiet), (True, config.quiet)):
        watcher = _watcher(Keys(), config, lambda frame, hint=None: board, clock)
        watcher.motion = True  # the row was seen flipping
        frames[:] = [np.full((8, 8, 3), i if moving else 0, dtype=np.uint8) for i in range(40)]
        start = None
        while True:
            read = watcher.look()
            still = watcher.track(read)
            start = watcher.captured_at if start is None else start
            if watcher.still_enough(still, config.quiet):
                break
        waited = watcher.captured_at - start
        assert expected_wait <= waited < expected_wait + 0.05, (moving, waited)


def test_a_whole_frame_grabbed_for_a_dialog_counts_as_a_capture() -> None:
    """While only the board's clip is captured, a dialog or keyboard check takes a whole frame:
    the game's record counts it like any other frame (it matched the screen's own count only
    when no such check came, which depends on the page's timing)."""
    import numpy as np

    class ClipScreen:
        last_kind = "clip"
        captures = {"full": 0, "clip": 0}

        def grab(self) -> np.ndarray:
            self.captures["clip"] += 1
            return np.zeros((8, 8, 3), np.uint8)

        def grab_full(self) -> np.ndarray:
            self.captures["full"] += 1
            return np.ones((8, 8, 3), np.uint8)

    class Keys:
        screen = ClipScreen()

    board = FakeRead(True, True, (("SALET", "XXXGX"), ("", ".....")))
    watcher = _watcher(Keys(), BotConfig(), lambda frame, hint=None: board, FakeClock())
    watcher.game.started = True
    watcher.look()
    assert watcher.whole_frame().max() == 1  # a fresh whole frame, not the clip
    assert watcher.captures == Keys.screen.captures == {"full": 1, "clip": 1}


def test_fewer_rows_of_much_smaller_tiles_are_never_the_board() -> None:
    """A dialog's example rows (32 px tiles over a 62 px board), in any look: not the board.
    A board that grows rows as its tiles shrink, or is zoomed out whole, still is."""
    from types import SimpleNamespace

    clock = FakeClock()
    watcher = _watcher(None, BotConfig(), None, clock)

    def read(tile: float, rows: int) -> FakeRead:
        return FakeRead(True, True, (("", "....."),) * rows, SimpleNamespace(tile=tile))

    assert not watcher.smaller_than_the_board(read(62, 6))  # before the game: nothing to compare
    watcher.game.started, watcher.game.rows = True, 6
    assert not watcher.smaller_than_the_board(read(62, 6))
    assert watcher.smaller_than_the_board(read(32, 1))  # the tutorial's row
    assert watcher.smaller_than_the_board(read(32, 3))
    assert not watcher.smaller_than_the_board(read(55, 7))  # an open board grew a row
    assert not watcher.smaller_than_the_board(read(48, 9))  # ... and again, a little smaller
    assert not watcher.smaller_than_the_board(read(24, 9))  # zoomed out: every row still there
    assert not watcher.smaller_than_the_board(FakeRead(False, False, ()))


class UnreadableTyped:
    """A reader of a page whose typed letters no template knows (read as '?'), which learns."""

    def __init__(self) -> None:
        self.learned: list[tuple[int, str]] = []

    def __call__(self, frame: FakeRead, *, hint: Any = None) -> FakeRead:
        rows = tuple((("?" * len(letters), marks) if set(marks) == {"t"} else (letters, marks))
                     for letters, marks in frame.rows)
        return dataclasses.replace(frame, rows=rows)

    def learn(self, frame: Any, read: Any, row: int, word: str) -> int:
        self.learned.append((row, word))
        return len(word)


def test_typed_letters_read_as_unknown_glyphs_are_learned_as_the_keys_typed() -> None:
    game = FakeGame("robot", FakeClock())
    reader = UnreadableTyped()
    events: list[Event] = []
    result = play_game(FakeDriver(game), Scripted(["crane", "robot"]), BotConfig(),
                       reader=reader, clock=game.clock, sleep=game.clock.sleep,
                       on_event=events.append)
    assert result.won and reader.learned == [(0, "crane"), (1, "robot")]
    notes = [e.detail for e in events if e.kind == "note"]
    assert len(notes) == 1 and "font of its own" in notes[0]  # said once, not per row


def test_a_page_that_refused_silently_once_is_not_deaf_the_second_time() -> None:
    # Every Enter was tried on the first still row: the next one is a refusal at once.
    game = FakeGame("robot", FakeClock(), silent_refusal=True)
    result, events, driver = play_ladder(game, ["xxxxx", "yyyyy", "crane", "robot"], rungs=3)
    assert result.won and result.rejected == ("xxxxx", "yyyyy")
    assert [e.detail for e in events if e.kind == "keys"] == [1, 2, "0 again"]
    assert driver.rung == 0
