"""The `live` focus watchdog's decisions, on X states written out by hand (no display): where a
key would go, which window shows a point, and when the game must stop before a key.

The real thing (a chat window taking the focus from a Chromium game under Xvfb) is
`tests/test_live.py::test_live_safety_stop_when_another_window_takes_the_focus`; for the
sgt-puzzles windows, `test_live_puzzle_stops_when_another_window_takes_the_focus` in
`tests/test_puzzle_window.py`.
"""

from __future__ import annotations

import pytest

from autobot.drivers.desktop.focus import (
    FOCUS_LOST,
    NONE,
    POINTER_ROOT,
    FocusState,
    FocusWatchdog,
    Place,
    keys_go_to,
    topmost_at,
)
from autobot.errors import SAFETY_EXIT, AutobotError

GAME, CHAT, TERMINAL = 0x200002, 0xC00030, 0x400001


@pytest.mark.parametrize(("state", "gets"), [
    (FocusState(GAME, GAME, CHAT), GAME),  # set explicitly (a window manager): the pointer is moot
    (FocusState(0x200007, GAME, GAME), GAME),  # a subwindow of the game's top-level
    (FocusState(CHAT, CHAT, GAME), CHAT),  # another window took it, pointer still on the game
    (FocusState(POINTER_ROOT, None, GAME), GAME),  # bare Xvfb: the window under the pointer
    (FocusState(POINTER_ROOT, None, TERMINAL), TERMINAL),
    (FocusState(POINTER_ROOT, None, None), None),  # pointer on the bare root
    (FocusState(0x1E1, None, CHAT), CHAT),  # the root window itself: as PointerRoot
    (FocusState(NONE, None, GAME), None),  # focus None: keys are thrown away
])
def test_keys_go_where_the_x_protocol_sends_them(state: FocusState, gets: int | None) -> None:
    assert keys_go_to(state) == gets


def test_the_topmost_window_shows_a_point() -> None:
    stack = [Place(GAME, 100, 100, 900, 880),
             Place(CHAT, 600, 200, 300, 200),  # above the game (later = higher)
             Place(0x77, 0, 0, 1280, 1024, viewable=False),  # unmapped: shows nothing
             Place(0x78, 0, 0, 1280, 1024, input_output=False)]  # InputOnly: shows nothing
    assert topmost_at(stack, 650, 250) == CHAT
    assert topmost_at(stack, 200, 200) == GAME
    assert topmost_at(stack, 1000, 200) is None  # x = 1000 is just right of the game
    assert topmost_at(stack, 999, 979) == GAME


class FakeX:
    """States played back in order (the last one repeats), windows by hand."""

    def __init__(self, states: list[FocusState], stack: list[Place]) -> None:
        self.states = states
        self.stack = stack
        self.asked = 0

    def state(self) -> FocusState:
        self.asked += 1
        return self.states[min(self.asked - 1, len(self.states) - 1)]

    def top_at(self, x: float, y: float) -> int | None:
        return topmost_at(self.stack, x, y)

    def describe(self, top: int | None) -> str:
        names = {GAME: "Wordle (Chromium", CHAT: "Team chat (Thief", TERMINAL: "bash (XTerm"}
        return "nowhere" if top is None else f"{names[top]}, window 0x{top:x})"


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def sleep(self, s: float) -> None:
        self.now += s


STACK = [Place(GAME, 100, 100, 900, 880), Place(CHAT, 1020, 100, 240, 160)]


def watchdog(states: list[FocusState], stack: list[Place] = STACK) -> tuple[FocusWatchdog, Clock]:
    clock = Clock()
    dog = FocusWatchdog(FakeX(states, stack), lambda: (550.0, 540.0), settle=1.0, clock=clock,
                        sleep=clock.sleep)
    return dog, clock


def test_the_locked_window_is_named_once_so_a_record_on_the_way_out_asks_x_nothing() -> None:
    """A signal can cut an X request short, leaving the connection waiting for a reply that
    never comes: the record written on the way out must not ask X again (it hung so)."""
    on_game = FocusState(GAME, GAME, GAME)
    dog, _ = watchdog([on_game])
    dog.check()
    named = dog.window()

    def hang(top: int | None) -> str:
        raise AssertionError("asked X for the window's name again")

    dog.source.describe = hang  # type: ignore[method-assign]
    assert dog.window() == named and named.startswith("Wordle")


def test_the_watchdog_stops_at_once_when_another_window_takes_the_focus() -> None:
    on_game, on_chat = FocusState(GAME, GAME, GAME), FocusState(CHAT, CHAT, GAME)
    dog, clock = watchdog([on_game, on_game, on_chat])
    dog.check()
    dog.check()
    assert dog.target == GAME and dog.window().startswith("Wordle")
    with pytest.raises(AutobotError) as stop:
        dog.check()
    assert stop.value.exit_code == SAFETY_EXIT and stop.value.reason == FOCUS_LOST
    message = str(stop.value)
    assert message.startswith("safety stop: Team chat (Thief, window 0xc00030) took the "
                              "keyboard focus from the game's window (Wordle")
    assert clock.now == 0.0  # after the first key: no waiting for the focus to come back


def test_the_focus_may_take_a_moment_to_arrive_only_at_the_start() -> None:
    # The click that gives the page the focus is handled by the window manager in its time.
    terminal, on_game = FocusState(TERMINAL, TERMINAL, GAME), FocusState(GAME, GAME, GAME)
    dog, clock = watchdog([terminal, terminal, on_game])
    dog.check()
    assert 0 < clock.now < 1.0
    # A focus that never arrives is a stop that says where it is.
    dog, clock = watchdog([terminal])
    with pytest.raises(AutobotError, match=r"focus is on bash \(XTerm.*not on the window "
                                           r"showing the board \(Wordle"):
        dog.check()
    assert clock.now >= 1.0


def test_pointer_root_follows_the_pointer() -> None:
    # Without a window manager nobody may have set the focus: the pointer leaving the game for
    # the chat sends the next key there.
    dog, _ = watchdog([FocusState(POINTER_ROOT, None, GAME), FocusState(POINTER_ROOT, None, CHAT)])
    dog.check()
    with pytest.raises(AutobotError, match="Team chat"):
        dog.check()


def test_a_click_must_land_on_the_games_window() -> None:
    on_game = FocusState(GAME, GAME, GAME)
    dog, _ = watchdog([on_game])
    dog.check(click_at=(500.0, 500.0))
    with pytest.raises(AutobotError, match="Team chat .* is over the spot to click"):
        dog.check(click_at=(1100.0, 150.0))


def test_no_window_at_the_board_is_a_stop() -> None:
    dog, _ = watchdog([FocusState(GAME, GAME, GAME)], stack=[Place(CHAT, 1020, 100, 240, 160)])
    with pytest.raises(AutobotError, match="no window shows the board"):
        dog.check()


def test_keys_wait_for_the_watchdog(monkeypatch: pytest.MonkeyPatch) -> None:
    """The desktop driver asks before every key and click, and sends nothing after a stop."""
    from autobot.drivers.desktop.keys import DesktopDriver
    from autobot.drivers.pointer import PointerMap

    sent: list[str] = []

    class Gui:
        FailSafeException = RuntimeError

        def press(self, key: str, _pause: bool = True) -> None:
            sent.append(key)

        def click(self, x: int, y: int, _pause: bool = True) -> None:
            sent.append(f"click {x},{y}")

    monkeypatch.setattr("autobot.drivers.desktop.keys._import_pyautogui", lambda: Gui())
    keys = DesktopDriver(None, key_delay=0, pointer=PointerMap(0, 0, 1, 1))  # type: ignore[arg-type]
    asked: list[tuple[int, int] | None] = []

    def before(point: tuple[int, int] | None) -> None:
        asked.append(point)
        if len(asked) == 3:
            raise AutobotError("safety stop: focus", SAFETY_EXIT)

    keys.before_input = before
    keys.click(10, 20)
    with pytest.raises(AutobotError):
        keys.type_word("crane")
    assert asked == [(10, 20), None, None]
    assert sent == ["click 10,20", "c"]


def test_after_the_confirm_prompt_the_focus_is_given_back_and_awaited() -> None:
    """`--confirm`: the person answers in their terminal, which has the keyboard then; the
    answer is followed by a click on the game's window, and the next key waits for the focus."""
    from autobot.drivers.desktop.focus import HandBack

    on_game, terminal = FocusState(GAME, GAME, GAME), FocusState(TERMINAL, TERMINAL, GAME)
    dog, clock = watchdog([on_game])
    dog.check()  # the game under way
    source = dog.source
    assert isinstance(source, FakeX)
    clicks: list[str] = []

    class Solver:
        name = "inner"

        def next_guess(self, state: object) -> str:
            # The person answers at the prompt: their terminal holds the focus for a while.
            source.states[source.asked:] = [terminal, terminal, on_game]
            return "crane"

    solver = HandBack(Solver(), dog, lambda: (clicks.append("page"), dog.check((500.0, 500.0))))
    assert solver.next_guess(None) == "crane" and solver.name == "inner"
    assert clicks == ["page"]  # the click was let through though the terminal had the focus
    before = clock.now
    dog.check()  # the key waits for the focus to come back...
    assert clock.now > before
    source.states[source.asked:] = [terminal]
    with pytest.raises(AutobotError, match="took the keyboard focus"):
        dog.check()  # ...once: after that, a focus elsewhere stops at once
    # Without a click to give (--no-click-to-focus) the person has a while to click the page.
    dog, clock = watchdog([on_game])
    dog.check()
    source = dog.source
    assert isinstance(source, FakeX)
    HandBack(Solver(), dog, None, wait=20.0).next_guess(None)
    source.states[source.asked:] = [terminal]
    with pytest.raises(AutobotError, match="focus is on bash .* not on the window showing"):
        dog.check()
    assert clock.now >= 20.0


def test_a_click_elsewhere_is_refused_even_while_the_focus_is_awaited() -> None:
    dog, _ = watchdog([FocusState(TERMINAL, TERMINAL, GAME)])
    with pytest.raises(AutobotError, match="over the spot to click"):
        dog.check((1100.0, 150.0))  # the first input: the board's window is locked, not this


def test_between_keys_every_frame_read_watches_the_focus() -> None:
    """The turn loop's per-frame veto stops the game as soon as the focus leaves (the window
    that took it may hide the board: waiting for the next key would only time out), but says
    nothing while the focus is still awaited."""
    on_game, on_chat = FocusState(GAME, GAME, GAME), FocusState(CHAT, CHAT, GAME)
    dog, _ = watchdog([on_chat, on_game, on_game, on_chat])
    seen: list[str] = []
    guard = dog.guarding(lambda read: seen.append(read) or None)
    assert guard("frame 1") is None  # no key yet: the focus is not the game's to lose
    dog.check()  # the first key: the focus arrives (second look)
    assert guard("frame 2") is None
    with pytest.raises(AutobotError, match="Team chat .* took the keyboard focus") as stop:
        guard("frame 3")
    assert stop.value.reason == FOCUS_LOST
    assert seen == ["frame 1", "frame 2"]
    dog.hand_back(1.0)
    assert guard("frame 4") is None  # awaited after a prompt: not a stop yet


@pytest.mark.desktop
def test_the_x_edge_on_a_bare_xvfb_follows_the_pointer_until_a_focus_is_set(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A fresh Xvfb, no window manager: the focus is PointerRoot, so the window under the
    pointer gets the keys; `xdotool windowfocus` then sets it explicitly. Names as X gives them."""
    import os
    import shutil
    import subprocess
    import sys

    from conftest import require_desktop
    from x_windows import THIEF

    from autobot.drivers.desktop import virtual_display
    from autobot.drivers.desktop.focus import XFocus

    require_desktop([t for t in ("xdotool",) if shutil.which(t) is None])
    with virtual_display((640, 480)) as display_env:
        env = {**os.environ, **display_env}
        thief = subprocess.Popen([sys.executable, "-c", THIEF, "100", "100", "240", "160"],
                                 env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 text=True)
        try:
            assert thief.stdout is not None
            wid = int(thief.stdout.readline().split()[1])
            for name, value in display_env.items():
                monkeypatch.setenv(name, value)
            x = XFocus()
            subprocess.run(["xdotool", "mousemove", "500", "400"], env=env, check=True)
            state = x.state()
            assert state.focus == POINTER_ROOT and keys_go_to(state) is None  # bare root
            subprocess.run(["xdotool", "mousemove", "150", "150"], env=env, check=True)
            assert keys_go_to(x.state()) == wid == x.top_at(150, 150)
            assert x.top_at(500, 400) is None
            assert x.describe(wid) == f'"Team chat" (Thief, window 0x{wid:x})'
            subprocess.run(["xdotool", "mousemove", "500", "400"], env=env, check=True)
            subprocess.run(["xdotool", "windowfocus", "--sync", str(wid)], env=env, check=True)
            state = x.state()
            assert (state.focus, state.focus_top, keys_go_to(state)) == (wid, wid, wid)
            x.close()
        finally:
            thief.communicate("", timeout=30)


def test_a_puzzle_of_clicks_alone_is_watched_from_its_first_click_on() -> None:
    """`live --game unruly` sends clicks only: without a key, the start's wait for the focus
    would never end and the watchdog would stay silent; each click must leave the focus on the
    puzzle's window, and a frame read after a steal stops the game before the next click."""
    from autobot.engines.puzzle_window import WatchedHands, WatchedScreen, lattice_anchor
    from autobot.vision.puzzle_grid import Lattice

    lat = Lattice(xs=(100, 130, 160, 190), ys=(100, 130, 160, 190), side=28)
    box = lattice_anchor(lat).box
    assert box == (100, 100, 218, 218)
    x = FakeX([FocusState(CHAT, CHAT, GAME),  # the chat had it: the first click gives it over
               FocusState(GAME, GAME, GAME),  # ... and it has it after that click
               FocusState(GAME, GAME, GAME),  # the frame read
               FocusState(GAME, GAME, GAME), FocusState(GAME, GAME, GAME),  # the next click
               FocusState(CHAT, CHAT, GAME)],  # then the chat takes it
              [Place(GAME, 50, 50, 400, 400), Place(CHAT, 600, 50, 200, 100)])
    clock = Clock()
    dog = FocusWatchdog(x, lambda: ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), clock=clock,
                        sleep=clock.sleep)
    clicked: list[tuple[float, float]] = []

    class Hands:  # the DesktopDriver's part: its own check before each click
        def click(self, cx: float, cy: float) -> None:
            dog.check((cx, cy))
            clicked.append((cx, cy))

        def type_word(self, word: str) -> None:
            dog.check()

    class Screen:
        def grab(self) -> str:
            return "frame"

    hands, screen = WatchedHands(Hands(), dog), WatchedScreen(Screen(), dog)
    hands.click(114, 114)
    assert screen.grab() == "frame"
    hands.click(144, 114)
    for act in (screen.grab, lambda: hands.click(174, 114)):
        with pytest.raises(AutobotError) as stop:
            act()
        assert stop.value.exit_code == SAFETY_EXIT and stop.value.reason == FOCUS_LOST
        assert "Team chat" in str(stop.value) and "took the keyboard focus" in str(stop.value)
    assert clicked == [(114, 114), (144, 114)]  # nothing after the steal
