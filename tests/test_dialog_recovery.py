"""Dialogs that leave the keys dead, and native browser dialogs, in the turn loop (issue 39,
items 1 and 2), on the fake game of tests/test_loop.py: decisions, not pixels
(tests/test_dialogs_round2_play.py plays the same classes on the bundled page in Chromium).
"""

from __future__ import annotations

from test_loop import FakeClock, FakeDriver, FakeGame, Scripted, fake_reader

from autobot.loop import BotConfig, Event, play_game
from autobot.rules import score
from autobot.vision.overlay import Overlay

PANEL = (0, 0, 100, 100)
BESIDE = (150, 50)


class HidingGame(FakeGame):
    """A first-visit dialog that Escape only hides: the page still holds it open and ignores
    every key until its backdrop is clicked while it shows; a reload shows it again."""

    deaf_keys = False

    def press(self, key: str) -> None:
        if key == "escape" and self.dialog:
            self.keys.append(key)
            self.dialog, self.deaf_keys = False, True  # hidden, not closed
            return
        if self.deaf_keys and key != "escape":
            self.keys.append(key)
            return
        super().press(key)


class ReloadDriver(FakeDriver):
    """Clicks in frame pixels, and a reload that brings the page back as on a first visit."""

    clicks_frame_pixels = True

    def __init__(self, game: HidingGame) -> None:
        super().__init__(game)
        self.game: HidingGame = game
        self.clicks: list[tuple[int, int]] = []
        self.reloads = 0

    def click(self, x: int, y: int) -> None:
        self.clicks.append((x, y))
        if (x, y) == BESIDE and self.game.dialog:
            self.game.dialog, self.game.deaf_keys = False, False

    def reload(self) -> None:
        self.reloads += 1
        self.game.dialog, self.game.deaf_keys, self.game.typed = True, False, ""


def test_a_dialog_that_escape_only_hid_is_closed_another_way_after_a_reload() -> None:
    game = HidingGame("llama", FakeClock(), dialog=True)
    driver = ReloadDriver(game)
    events: list[Event] = []
    result = play_game(driver, Scripted(["crane", "llama"]), BotConfig(), reader=fake_reader,
                       clock=game.clock,
                       sleep=game.clock.sleep, on_event=events.append,
                       overlay=lambda frame: Overlay(PANEL, None, BESIDE) if game.dialog
                       else None)
    assert result.won and result.guesses[-1] == "llama", result
    # Escape hid it once (no X to click); after the reload its backdrop closed it for good,
    # and Escape was not tried again: the way that left the keys dead comes last.
    assert game.keys.count("escape") == 1 and driver.reloads == 1
    assert any("reloading the page" in str(e.detail) for e in events)
    assert driver.clicks[-1] == BESIDE
    # The key ladder was never climbed: the keys were fine, the dialog was not.
    assert not any(e.kind == "keys" for e in events)


def test_keys_that_never_show_with_no_dialog_closed_climb_the_ladder_without_reloading(
) -> None:
    game = HidingGame("llama", FakeClock(), drop_keys=1000)
    driver = ReloadDriver(game)
    events: list[Event] = []
    try:
        play_game(driver, Scripted(["crane"]), BotConfig(), reader=fake_reader, clock=game.clock,
                  sleep=game.clock.sleep, on_event=events.append, overlay=lambda frame: None)
    except Exception as exc:  # noqa: BLE001 - the stop itself is what is checked
        assert "keys do not reach the page" in str(exc)
    else:
        raise AssertionError("keys that never arrive must stop the game")
    assert driver.reloads == 0  # nothing was closed: no dialog to close another way


class AlertDriver(FakeDriver):
    """A page that answers a word it refuses with a native alert() and nothing on screen."""

    def __init__(self, game: FakeGame) -> None:
        super().__init__(game)
        self.alerts: list[str] = []

    def press_enter(self) -> None:
        typed, rows = self.game.typed, len(self.game.rows)
        super().press_enter()
        if len(typed) == 5 and len(self.game.rows) == rows:
            self.alerts.append("Not a valid word!")

    def take_alerts(self) -> list[str]:
        taken, self.alerts = self.alerts, []
        return taken


def test_a_native_alert_after_enter_is_the_pages_refusal() -> None:
    game = FakeGame("robot", FakeClock(), silent_refusal=True)
    game.words = frozenset({"crane", "robot"})  # SLATE is not a word here
    driver = AlertDriver(game)
    events: list[Event] = []
    at: list[float] = []

    def on_event(event: Event) -> None:
        events.append(event)
        at.append(game.clock.t)

    result = play_game(driver, Scripted(["slate", "crane", "robot"]), BotConfig(),
                       reader=fake_reader, clock=game.clock, sleep=game.clock.sleep,
                       on_event=on_event, overlay=lambda frame: None)
    assert result.won and result.rejected == ("slate",)
    assert result.turns[0].marks == score("crane", "robot")
    notes = [i for i, e in enumerate(events) if e.kind == "note" and "browser dialog" in e.detail]
    rejected = next(i for i, e in enumerate(events) if e.kind == "rejected")
    assert notes and notes[0] < rejected
    # Taken as the page's answer at once: no wait for a still row, no other Enter tried.
    assert at[rejected] - at[notes[0]] < BotConfig().reject_patience
    assert not any(e.kind == "keys" for e in events)


class SmallGrid:
    """A board's place that fills a small part of the panel found around it."""

    def bbox(self) -> tuple[int, int, int, int]:
        return (40, 40, 60, 60)


def test_a_board_in_a_corner_of_a_panel_is_a_picture_until_the_panel_stays_through_closing(
) -> None:
    """Before the game, plausible rows in a small part of a panel are a dialog's picture (a
    book cover): the panel is closed first. A panel that stays through every way of closing
    it is the page's own card: its board is then played."""
    panel = Overlay(PANEL, None, None)
    # A dialog that Escape closes: its picture is never the board (no row adopted from it).
    game = FakeGame("llama", FakeClock(), dialog=True, examples=True, grid=SmallGrid())
    events: list[Event] = []
    result = play_game(FakeDriver(game), Scripted(["crane", "llama"]), BotConfig(),
                       reader=fake_reader, clock=game.clock, sleep=game.clock.sleep,
                       on_event=events.append,
                       overlay=lambda frame: panel if game.dialog else None)
    assert result.won and game.keys[0] == "escape"
    assert not any(e.kind == "resumed" for e in events)
    # The page's card, found as a panel whatever is pressed: played after a few tries.
    game = FakeGame("llama", FakeClock(), grid=SmallGrid())
    result = play_game(FakeDriver(game), Scripted(["crane", "llama"]), BotConfig(),
                       reader=fake_reader, clock=game.clock, sleep=game.clock.sleep,
                       overlay=lambda frame: panel)
    assert result.won and 1 <= game.keys.count("escape") <= 4
