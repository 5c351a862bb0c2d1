"""Live desktop mode on a real desktop: Xvfb, a headed Chromium window, mss frames, pyautogui keys.

Each `autobot live` runs as its own process (as a user would start it) against a private Xvfb
started here, so DISPLAY/XAUTHORITY are set for these processes only. The pure pieces (region
parsing, BGRA conversion, the board guard) are unit-tested with small synthetic inputs first.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import require_desktop
from x_windows import THIEF, openbox_display

from autobot.drivers.desktop import (
    Anchor,
    GuardedDriver,
    bgra_to_rgb,
    board_moved,
    focus_spot,
    parse_region,
    rows_differ,
)
from autobot.errors import AutobotError
from autobot.rules import score

ROOT = Path(__file__).resolve().parents[1]

# --- pure pieces ---------------------------------------------------------------------------


def test_parse_region() -> None:
    assert parse_region("10, 20,300,400") == (10, 20, 300, 400)
    for bad in ("1,2,3", "a,b,c,d", "0,0,0,10", "0,0,10,-5"):
        with pytest.raises(AutobotError):
            parse_region(bad)


def test_bgra_to_rgb_swaps_channels() -> None:
    bgra = np.zeros((2, 3, 4), np.uint8)
    bgra[..., 0], bgra[..., 1], bgra[..., 2], bgra[..., 3] = 10, 20, 30, 255
    rgb = bgra_to_rgb(bgra.tobytes(), 3, 2)
    assert rgb.shape == (2, 3, 3) and rgb.dtype == np.uint8 and rgb.flags["C_CONTIGUOUS"]
    assert rgb[1, 2].tolist() == [30, 20, 10]


class _Grid:
    def __init__(self, x: float, y: float, pitch: float = 67.0, tile: float = 62.0) -> None:
        self.x, self.y, self.pitch_x, self.pitch_y, self.tile = x, y, pitch, pitch, tile
        self.cols, self.rows = 5, 6


def test_board_moved_tolerates_jitter_not_moves() -> None:
    anchor = Anchor(100, 200, 67, 67)
    assert board_moved(anchor, _Grid(101, 199)) is None
    assert "moved" in (board_moved(anchor, _Grid(160, 200)) or "")
    assert "size" in (board_moved(anchor, _Grid(100, 200, pitch=40, tile=36)) or "")


def test_focus_spot_is_blank_background_beside_the_board() -> None:
    frame = np.full((600, 900, 3), 255, np.uint8)
    grid = _Grid(300, 100)
    frame[100:100 + 6 * 67, 300:300 + 5 * 67] = 120  # the board
    x, y = focus_spot(frame, grid) or (-1, -1)
    assert not (300 <= x < 300 + 5 * 67) and 0 <= x < 900 and 100 <= y < 100 + 6 * 67
    assert (frame[y - 20:y + 21, x - 20:x + 21] == 255).all()
    # Nothing blank anywhere beside it (a busy page): no spot, rather than a risky click.
    busy = np.random.default_rng(0).integers(0, 255, frame.shape, dtype=np.uint8)
    assert focus_spot(busy, grid) is None


class _Read:
    def __init__(self, grid: _Grid | None, settled: bool = True, rows: Any = ()) -> None:
        self.found = grid is not None
        self.grid = grid
        self.settled = settled
        self.rows = rows


class _Keys:
    def __init__(self) -> None:
        self.screen = self
        self.typed: list[str] = []

    def grab(self) -> np.ndarray:
        return np.zeros((1, 1, 3), np.uint8)

    def type_word(self, word: str) -> None:
        self.typed.append(word)

    def click(self, x: float, y: float) -> None:
        self.typed.append(f"click {x},{y}")

    def click_key(self, keyboard: Any, label: str) -> None:
        self.typed.append(f"key {label}")

    def press_escape(self) -> None:
        self.typed.append("escape")


def test_guarded_driver_clicks_only_while_the_board_stays() -> None:
    reads = iter([_Read(_Grid(100, 100)), _Read(_Grid(100, 100)), _Read(_Grid(100, 300))])
    keys = _Keys()
    guarded = GuardedDriver(keys, lambda frame: next(reads), quiet=0.0)
    guarded.click(5, 6)
    guarded.click_key(None, "ENTER")
    with pytest.raises(AutobotError) as stop:
        guarded.click_key(None, "A")
    assert stop.value.exit_code == 4 and keys.typed == ["click 5,6", "key ENTER"]


def test_guarded_driver_types_only_while_the_board_stays() -> None:
    reads = iter([_Read(_Grid(100, 100)), _Read(_Grid(100, 100)), _Read(_Grid(400, 100))])
    keys = _Keys()
    guarded = GuardedDriver(keys, lambda frame: next(reads), quiet=0.0)
    guarded.type_word("salet")  # first read anchors the board
    guarded.type_word("crony")
    with pytest.raises(AutobotError) as stop:
        guarded.type_word("dumpy")
    assert stop.value.exit_code == 4 and "moved" in str(stop.value)
    assert keys.typed == ["salet", "crony"]


def test_guarded_driver_waits_for_a_quiet_board_before_typing() -> None:
    # The page drops keys until the last flip ends: type only after two settled, equal reads
    # at least `quiet` apart (a moving frame in between starts the wait again).
    now = [0.0]
    grid = _Grid(100, 100)
    frames = [_Read(grid, False), _Read(grid, True, ("A",)), _Read(grid, False),
              _Read(grid, True, ("B",)), _Read(grid, True, ("B",)), _Read(grid, True, ("B",)),
              _Read(grid, True, ("B",)), _Read(grid, True, ("B",))]
    seen: list[float] = []

    def read(frame: np.ndarray) -> _Read:
        seen.append(now[0])
        return frames.pop(0)

    keys = _Keys()
    guarded = GuardedDriver(keys, read, quiet=0.3, clock=lambda: now[0],
                            sleep=lambda s: now.__setitem__(0, now[0] + s))
    guarded.type_word("salet")
    assert keys.typed == ["salet"]
    assert seen[-1] - seen[3] >= 0.3  # B first seen at seen[3]; typed 0.3 s of stillness later
    assert len(frames) <= 1


def test_rows_differ_ignores_unreadable_tiles_only() -> None:
    before = (("SALET", "XYXXX"), ("", "....."))
    assert rows_differ(before, (("SA?ET", "XY?XX"), ("", "....."))) is None
    assert "row 2 now shows CRONY" in (
        rows_differ(before, (("SALET", "XYXXX"), ("CRONY", "XXGXX"))) or "")


def test_guarded_driver_stops_when_the_board_is_gone() -> None:
    now = [0.0]
    keys = _Keys()
    guarded = GuardedDriver(keys, lambda frame: _Read(None), anchor=Anchor(1, 1, 67, 67),
                            clock=lambda: now[0], sleep=lambda s: now.__setitem__(0, now[0] + s))
    with pytest.raises(AutobotError) as stop:
        guarded.type_word("salet")
    assert stop.value.exit_code == 4 and "gone" in str(stop.value) and keys.typed == []


def _dialog(panel: tuple[int, int, int, int] = (50, 50, 400, 400)) -> Any:
    from autobot.vision.overlay import Overlay

    return Overlay(panel, close=(panel[2] - 20, panel[1] + 20), outside=(20, 600))


def test_guarded_driver_closes_only_a_dialog_over_the_board() -> None:
    now = [0.0]
    clock, sleep = (lambda: now[0]), (lambda s: now.__setitem__(0, now[0] + s))
    anchor = Anchor(100, 100, 67, 67, box=(100, 100, 430, 500))
    keys = _Keys()
    guarded = GuardedDriver(keys, lambda frame: _Read(None), anchor=anchor, clock=clock,
                            sleep=sleep, overlay=lambda frame: _dialog())
    guarded.press_escape()
    guarded.click(380, 70)  # its X
    guarded.click(20, 600)  # its backdrop
    assert keys.typed == ["escape", "click 380,70", "click 20,600"]
    with pytest.raises(AutobotError) as stop:  # anywhere else: not what the pixels show
        guarded.click(700, 700)
    assert stop.value.exit_code == 4 and keys.typed[3:] == []
    # A panel away from the board is another window's: no Escape, no click.
    elsewhere = GuardedDriver(keys, lambda frame: _Read(None), anchor=anchor, clock=clock,
                              sleep=sleep, overlay=lambda frame: _dialog((600, 50, 900, 400)))
    with pytest.raises(AutobotError) as stop:
        elsewhere.press_escape()
    assert stop.value.exit_code == 4 and "gone" in str(stop.value) and len(keys.typed) == 3


def test_find_board_starts_under_a_dialog_only_when_one_is_seen_twice() -> None:
    from autobot.engines.desktop import find_board

    now = [0.0]

    class Screen:
        def grab(self) -> np.ndarray:
            now[0] += 0.3
            return np.zeros((4, 4, 3), np.uint8)

    seen = iter([None, _dialog(), _dialog()])
    frame, read = find_board(Screen(), lambda f: _Read(None), 10.0, "monitor 1",
                             clock=lambda: now[0], dialog=lambda f: next(seen))
    assert not read.found and frame.shape == (4, 4, 3)
    with pytest.raises(AutobotError) as stop:  # no dialog: no board is exit 3, as before
        find_board(Screen(), lambda f: _Read(None), 3.0, "monitor 1", clock=lambda: now[0],
                   dialog=lambda f: None)
    assert stop.value.exit_code == 3


def test_a_dialogs_button_is_found_in_a_window_and_may_be_clicked() -> None:
    """A tutorial closed only by its button, in a window on a desktop: the button is found in
    desktop pixels, and the guard lets a click through there (and not a little beside it)."""
    from autobot.drivers.desktop import page_dialog
    from autobot.drivers.desktop.guard import aims_at
    from autobot.vision import load_image

    page = load_image(ROOT / "tests" / "data" / "overlay" / "page_button_light_x1.png")
    desktop = np.zeros((1100, 1500, 3), np.uint8)
    desktop[40:40 + page.shape[0], 150:150 + page.shape[1]] = page
    found = page_dialog(desktop)
    assert found is not None and found.close is None and found.button is not None
    assert abs(found.button[0] - 790) <= 8 and abs(found.button[1] - 705) <= 8
    assert aims_at(found, found.button)
    assert not aims_at(found, (found.button[0], found.button[1] - 200))


def test_a_dialog_counts_only_over_a_game() -> None:
    from autobot.drivers.desktop import page_dialog
    from autobot.vision import load_image

    shots = ROOT / "fixtures" / "screenshots"
    for name in ("intro_light_desk", "intro_light-hc_phone", "stats_dark_phone"):
        found = page_dialog(load_image(shots / f"{name}.png"))
        assert found is not None and found.close is not None, name
    page = load_image(shots / "intro_light_desk.png")
    alone = page_dialog(page)
    # The page in a window on a dark desktop: the window is a panel too, around the keyboard;
    # the dialog is the panel inside it, and its backdrop point is on the page, not the desktop.
    desktop = np.zeros((1100, 1500, 3), np.uint8)
    desktop[40:40 + page.shape[0], 150:150 + page.shape[1]] = page
    found = page_dialog(desktop)
    assert found is not None and alone is not None
    assert found.panel == (alone.panel[0] + 150, alone.panel[1] + 40,
                           alone.panel[2] + 150, alone.panel[3] + 40)
    assert found.outside is not None and 150 <= found.outside[0] < 150 + page.shape[1]
    assert page_dialog(load_image(shots / "mid_light_desk.png")) is None
    # A window with an X on an ordinary desktop (no board, no keyboard) is not the game's.
    desk = np.full((900, 1200, 3), (40, 90, 140), np.uint8)
    desk[150:700, 300:900] = 245
    desk[150:180, 300:900] = 200
    import cv2

    cv2.line(desk, (870, 158), (884, 172), (30, 30, 30), 2)
    cv2.line(desk, (884, 158), (870, 172), (30, 30, 30), 2)
    from autobot.vision.overlay import find_overlay

    assert find_overlay(desk) is not None and page_dialog(desk) is None


# --- no display, no pyautogui ---------------------------------------------------------------


def _env_without_display() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "XAUTHORITY",
                                                           "WAYLAND_DISPLAY")}
    return env


def test_import_and_other_commands_need_no_display_nor_pyautogui() -> None:
    code = (
        "import sys\n"
        "sys.modules['pyautogui'] = None  # as if not installed: importing it raises\n"
        "import autobot, autobot.drivers.desktop, autobot.cli.live, autobot.drivers.driver\n"
        "import autobot.loop\n"
        "from autobot.cli import main\n"
        "assert main(['solve', '--answer', 'cigar']) == 0\n"
        "assert main(['live', '--help']) == 0\n"
        "code = main(['live', '--find-timeout', '1'])\n"
        "assert code == 5, code\n"
        "assert 'pyautogui' not in sys.modules or sys.modules['pyautogui'] is None\n"
    )
    done = subprocess.run([sys.executable, "-c", code], env=_env_without_display(), cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "CIGAR" in done.stdout.upper()
    # The refusal is one line saying why, not a traceback.
    errors = [line for line in done.stderr.splitlines() if line.startswith("autobot: error:")]
    assert len(errors) == 1 and "Traceback" not in done.stderr
    assert "pyautogui" in errors[0] or "display" in errors[0].lower()


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--answer", "crane"], "only apply to --launch bundled"),
        (["--launch", "bundled", "--answer", "zzzzz"], "ZZZZZ is not in the word list"),
        (["--launch", "wordle.example"], "--launch wants a URL"),
        (["--watch", "3"], "--watch only applies to --advise"),
        (["--region", "1,2,3"], "X,Y,W,H"),
        (["--advise", "--confirm"], "not allowed with"),
        (["--monitor", "1", "--region", "0,0,10,10"], "not allowed with"),
        (["--start", "qqqqq"], "qqqqq"),
        (["--profile", "no-such-profile-here"], "no calibration profile"),
    ],
)
def test_live_bad_input_is_exit_2_before_touching_the_screen(
        args: list[str], says: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from autobot.cli import main

    # No display at all: bad flags must be reported as such, not as "no display".
    monkeypatch.delenv("DISPLAY", raising=False)
    code = main(["live", *args])
    err = capsys.readouterr().err
    assert code == 2, err
    assert says in err and len(err.strip().splitlines()) == 1


def test_live_without_display_is_one_line_exit_5() -> None:
    done = subprocess.run([sys.executable, "-m", "autobot", "live", "--advise"],
                          env=_env_without_display(), cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 5
    assert done.stderr.startswith("autobot: error:") and len(done.stderr.splitlines()) == 1
    assert "display" in done.stderr.lower()


# --- the real desktop ----------------------------------------------------------------------


def _require_desktop() -> None:
    """Skip locally without Xvfb/Chromium/pyautogui; in CI (CI=true) that is a failure."""
    missing = [p for p in ("/usr/bin/chromium", "/usr/bin/chromedriver") if not os.path.exists(p)]
    require_desktop(missing + [t for t in ("xdotool",) if shutil.which(t) is None])


@pytest.fixture(scope="module")
def xdisplay(desktop_tools: None) -> Iterator[dict[str, str]]:
    """A private 1280x1024x24 Xvfb; yields the environment for processes that use it."""
    _require_desktop()
    from autobot.drivers.desktop import virtual_display

    with virtual_display((1280, 1024)) as display_env:
        yield {**os.environ, **display_env}


@pytest.fixture
def open_window(xdisplay: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """Opens a headed Chromium app window on the test display, as a person's own browser.

    `autobot live` then runs without --launch and must find and play this window; the window
    outlives the run, so the test can look at the board afterwards. Closed at teardown.
    """
    from autobot.drivers.browser import BrowserConfig, open_browser

    for name in ("DISPLAY", "XAUTHORITY"):
        monkeypatch.setenv(name, xdisplay[name])
    with contextlib.ExitStack() as stack:

        def opener(url: str, geometry: tuple[int, int, int, int]) -> Any:
            x, y, w, h = geometry
            web = stack.enter_context(open_browser(BrowserConfig(
                headless=False, window_size=(w, h), window_position=(x, y), app_mode_url=url)))
            wait_for_board(xdisplay)
            return web

        yield opener


def wait_for_board(env: dict[str, str], timeout: float = 30) -> None:
    """Until the new window shows a board (the page loads after the window maps)."""
    deadline = time.monotonic() + timeout
    while not read_screen(env)["found"]:
        assert time.monotonic() < deadline, "the browser window never showed a board"
        time.sleep(0.2)


def _url(base: str, **kw: Any) -> str:
    from autobot.page.server import page_url

    return page_url(base, **kw)


def live(env: dict[str, str], *args: str, stdin: str | None = None,
         timeout: float = 180) -> subprocess.CompletedProcess[str]:
    """Run `autobot live ARGS` on the test display to its end."""
    return subprocess.run([sys.executable, "-m", "autobot", "live", *args], env=env, cwd=ROOT,
                          input=stdin if stdin is not None else "", capture_output=True,
                          text=True, timeout=timeout)


class Running:
    """`autobot live` running in the background; its output read as it comes."""

    def __init__(self, env: dict[str, str], *args: str) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "autobot", "live", *args], env=env,
                                     cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self.out = ""

    def wait_for(self, text: str, timeout: float = 120) -> str:
        """Read stdout until `text` shows (prompts end without a newline, so bytes, not lines)."""
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + timeout
        while text not in self.out:
            left = deadline - time.monotonic()
            if left <= 0 or self.proc.poll() is not None and not select.select([fd], [], [], 0)[0]:
                err = self.proc.stderr.read().decode() if self.proc.poll() is not None else ""
                raise AssertionError(f"never saw {text!r}; stdout: {self.out!r}; stderr: {err}")
            ready, _, _ = select.select([fd], [], [], min(left, 0.5))
            if ready:
                chunk = os.read(fd, 65536)
                if chunk:
                    self.out += chunk.decode(errors="replace")
        return self.out

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line.encode())
        self.proc.stdin.flush()

    def finish(self, timeout: float = 120) -> tuple[int, str, str]:
        out, err = self.proc.communicate(timeout=timeout)
        self.out += out.decode(errors="replace")
        return self.proc.returncode, self.out, err.decode(errors="replace")

    def kill(self) -> None:
        """Ctrl-C, as a person would: autobot closes its browser on the way out."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def check_game(record: dict[str, Any], answer: str) -> None:
    """A won game whose every row shows exactly Wordle's own scoring."""
    assert record["won"] is True, record
    assert record["guesses"][-1] == answer
    for guess, marks in zip(record["guesses"], record["marks"], strict=True):
        assert marks == score(guess, answer), (guess, marks)


def read_screen(env: dict[str, str]) -> Any:
    """What vision sees on the test display right now (via a fresh process: a clean X client)."""
    code = (
        "import json\n"
        "from autobot.drivers.desktop import MssScreen\n"
        "from autobot.vision import read_board\n"
        "with MssScreen() as s: r = read_board(s.grab())\n"
        "print(json.dumps({'found': r.found, 'rows': r.rows}))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def xdotool(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(["xdotool", *args], env=env, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    return done.stdout


def chromium_windows(env: dict[str, str]) -> list[str]:
    """The visible Chromium windows on the test display."""
    return xdotool(env, "search", "--onlyvisible", "--class", "chromium").split()


@pytest.mark.desktop
@pytest.mark.parametrize(
    ("theme", "contrast", "answer", "window"),
    [
        ("light", False, "speed", "0,0,1280,1024"),
        ("dark", False, "llama", "420,80,760,900"),
        ("light", False, "eerie", "150,300,1000,700"),
        ("dark", True, "robot", "700,120,560,880"),
    ],
)
def test_live_wins_in_a_real_window(xdisplay: dict[str, str], base: str, tmp_path: Path,
                                    theme: str, contrast: bool, answer: str,
                                    window: str) -> None:
    out = tmp_path / "game.json"
    url = _url(base, answer=answer, theme=theme, contrast=contrast)
    done = live(xdisplay, "--launch", url, "--window", window, "--json", str(out))
    assert done.returncode == 0, done.stderr
    check_game(json.loads(out.read_text()), answer)
    assert "won in" in done.stdout


@pytest.mark.desktop
@pytest.mark.parametrize(("intro", "theme", "answer"), [("1", "dark", "plumb"),
                                                         ("sticky", "light", "gecko")])
def test_live_closes_the_help_dialog_however_it_closes(xdisplay: dict[str, str], base: str,
                                                        tmp_path: Path, intro: str, theme: str,
                                                        answer: str) -> None:
    # "How To Play" is up on load, over the board, and comes back once at the first key;
    # `sticky` ignores Escape: only its X or its backdrop close it, clicked where the pixels are.
    out = tmp_path / "game.json"
    url = _url(base, answer=answer, theme=theme, intro=intro)
    done = live(xdisplay, "--launch", url, "--window", "100,0,1100,1000", "--json", str(out))
    assert done.returncode == 0, done.stdout + done.stderr
    check_game(json.loads(out.read_text()), answer)
    assert "a dialog covers the game: closing it" in done.stdout
    closes = [line for line in done.stdout.splitlines() if line.startswith("no board in view")]
    assert len(closes) >= 2, done.stdout  # on load and when it came back
    if intro == "sticky":
        assert any("clicked the dialog's X" in c or "beside the dialog" in c for c in closes)


@pytest.mark.desktop
def test_live_bundled_page_in_a_region_dark(xdisplay: dict[str, str], tmp_path: Path) -> None:
    # The window on the right half, captured as a region (as if on a second monitor).
    out = tmp_path / "game.json"
    done = live(xdisplay, "--launch", "bundled", "--answer", "robot", "--theme", "dark",
                "--window", "640,0,640,1000", "--region", "600,0,680,1024", "--json", str(out))
    assert done.returncode == 0, done.stderr
    check_game(json.loads(out.read_text()), "robot")


# Two RandR 1.5 monitors side by side on one 2560x1024 Xvfb screen (what `xrandr --setmonitor`
# does; python-xlib 0.33 cannot pack SetMonitor's struct, hence the one-line patch of rq.Object).
TWO_MONITORS = """
from Xlib import display
from Xlib.protocol import rq
rq.Object.pack_value = lambda self, val: (self.type.to_binary(**val), None, None)
d = display.Display()
root = d.screen().root
for name, x in (("AUTOBOT-LEFT", 0), ("AUTOBOT-RIGHT", 1280)):
    root.xrandr_set_monitor(dict(
        name=d.intern_atom(name), primary=x == 0, automatic=False, x=x, y=0,
        width_in_pixels=1280, height_in_pixels=1024, width_in_millimeters=340,
        height_in_millimeters=270, crtcs=[]))
d.sync()
import mss
with mss.MSS() as s:
    print([(m["left"], m["width"]) for m in s.monitors[1:3]])
"""


@pytest.fixture(scope="module")
def two_monitors(desktop_tools: None) -> Iterator[dict[str, str]]:
    """A private Xvfb 2560 px wide, split into monitor 1 (left) and monitor 2 (right)."""
    _require_desktop()
    from autobot.drivers.desktop import virtual_display

    with virtual_display((2560, 1024)) as display_env:
        env = {**os.environ, **display_env}
        done = subprocess.run([sys.executable, "-c", TWO_MONITORS], env=env, capture_output=True,
                              text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == "[(0, 1280), (1280, 1280)]", done.stdout
        yield env


@pytest.mark.desktop
def test_live_plays_on_the_second_monitor(two_monitors: dict[str, str], base: str,
                                          tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    done = live(two_monitors, "--monitor", "2", "--launch", _url(base, answer="piano"),
                "--window", "1500,40,1000,950", "--json", str(out))
    assert done.returncode == 0, done.stderr
    check_game(json.loads(out.read_text()), "piano")
    # The same window seen from monitor 1: no board there.
    done = live(two_monitors, "--monitor", "1", "--advise", "--find-timeout", "2",
                "--launch", _url(base, answer="piano"), "--window", "1500,40,1000,950")
    assert done.returncode == 3
    assert "no Wordle board found on monitor 1" in done.stderr


@pytest.mark.desktop
def test_live_resumes_a_game_in_progress(xdisplay: dict[str, str], base: str,
                                         tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    url = _url(base, answer="mamma", guesses=("crane", "slate"))
    done = live(xdisplay, "--launch", url, "--window", "200,40,900,960", "--json", str(out))
    assert done.returncode == 0, done.stderr
    record = json.loads(out.read_text())
    assert record["guesses"][:2] == ["crane", "slate"]
    check_game(record, "mamma")
    assert done.stdout.count("already on the board") == 2


@pytest.mark.desktop
def test_live_confirm_accept_edit_quit(xdisplay: dict[str, str], base: str, tmp_path: Path,
                                       open_window: Any) -> None:
    out = tmp_path / "game.json"
    # accept the proposal, refuse a non-word, edit to CRONY, then quit at the third prompt.
    open_window(_url(base, answer="ninja"), (100, 50, 1000, 950))
    done = live(xdisplay, "--confirm", "--json", str(out), stdin="\nzzzzz\ne crony\nq\n")
    assert done.returncode == 1, done.stderr
    record = json.loads(out.read_text())
    first = record["guesses"][0]
    assert record["guesses"] == [first, "crony"], done.stdout
    assert record["marks"] == [score(first, "ninja"), score("crony", "ninja")]
    assert "quit" in (record["stopped"] or "")
    assert "ZZZZZ is not in the word list" in done.stdout
    assert "board as read (1 row(s))" in done.stdout
    # What is on the screen afterwards: exactly those two rows, nothing typed after them.
    board = read_screen(xdisplay)
    assert board["found"]
    assert [r for r in board["rows"] if r[1] != "....."] == [
        [first.upper(), record["marks"][0]], ["CRONY", record["marks"][1]]]


@pytest.mark.desktop
def test_live_confirm_hard_mode_refuses_an_illegal_edit(xdisplay: dict[str, str], base: str,
                                                        tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    # After CRANE on PANIC (A and N revealed), THUMP is illegal in hard mode; accept the rest.
    done = live(xdisplay, "--confirm", "--hard", "--start", "crane",
                "--launch", _url(base, answer="panic", hard=True),
                "--window", "0,0,1100,1000", "--json", str(out),
                stdin="\ne thump\n" + "\n" * 6)
    assert done.returncode == 0, done.stderr
    assert "hard mode:" in done.stdout
    record = json.loads(out.read_text())
    assert "thump" not in record["guesses"]
    check_game(record, "panic")


@pytest.mark.desktop
def test_live_advise_suggests_and_never_types(xdisplay: dict[str, str], base: str,
                                              open_window: Any) -> None:
    from autobot.rules import Turn
    from autobot.solver import GameState, SolverConfig, make_solver

    solver = make_solver(SolverConfig())
    answer = "fjord"
    played = [Turn(w, score(w, answer)) for w in ("crane", "slate")]
    want = solver.next_guess(GameState(history=tuple(played)))
    open_window(_url(base, answer=answer, guesses=("crane", "slate")), (300, 100, 900, 900))
    run = Running(xdisplay, "--advise", "--watch", "90")
    try:
        run.wait_for(f"suggest: {want.upper()}")
        # The person types a different word themselves; the advice follows the board.
        human = "dumpy"
        played.append(Turn(human, score(human, answer)))
        then = solver.next_guess(GameState(history=tuple(played)))
        window = chromium_windows(xdisplay)[0]
        xdotool(xdisplay, "mousemove", "--window", window, "60", "400", "click", "1")
        xdotool(xdisplay, "type", "--delay", "80", human)
        xdotool(xdisplay, "key", "Return")
        run.wait_for(f"suggest: {then.upper()}")
        board = read_screen(xdisplay)
    finally:
        run.kill()
    # Nothing but the person's rows: the advisor typed nothing.
    assert [r for r in board["rows"] if r[1] != "....."] == [
        [t.guess.upper(), t.marks] for t in played]
    assert run.out.count("suggest:") == 2


def _start_paused_at_second_guess(env: dict[str, str], base: str, answer: str,
                                  open_window: Any) -> Running:
    open_window(_url(base, answer=answer), (100, 100, 900, 880))
    run = Running(env, "--confirm")
    run.wait_for("guess 1:")
    run.send("\n")
    run.wait_for("guess 2:")
    return run


@pytest.mark.desktop
def test_live_safety_stop_when_the_window_moves(xdisplay: dict[str, str], base: str,
                                                open_window: Any) -> None:
    run = _start_paused_at_second_guess(xdisplay, base, "vivid", open_window)
    try:
        for window in chromium_windows(xdisplay):
            xdotool(xdisplay, "windowmove", window, "300", "60")
        run.send("\n")
        code, out, err = run.finish()
    finally:
        run.kill()
    assert code == 4, err
    assert err.startswith("autobot: error: safety stop") and "moved" in err
    assert "stopped after 1 row(s)" in out
    # Row 2 never got a letter: the stop came before any key.
    board = read_screen(xdisplay)
    assert board["found"] and board["rows"][1][1] == "....."


COVER = """
import sys
from Xlib import X, display
x, y, w, h = map(int, sys.argv[1:5])
d = display.Display()
s = d.screen()
grey = s.default_colormap.alloc_color(0x7000, 0x7000, 0x7000).pixel
win = s.root.create_window(x, y, w, h, 0, s.root_depth, X.InputOutput, X.CopyFromParent,
                           background_pixel=grey, override_redirect=1)
win.map()
d.sync()
print("up", flush=True)
sys.stdin.read()
"""


@pytest.mark.desktop
def test_live_safety_stop_when_the_window_is_covered(xdisplay: dict[str, str], base: str,
                                                     open_window: Any) -> None:
    run = _start_paused_at_second_guess(xdisplay, base, "quirk", open_window)
    cover = subprocess.Popen([sys.executable, "-c", COVER, "0", "0", "1280", "1024"],
                             env=xdisplay, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert cover.stdout is not None and cover.stdout.readline().strip() == b"up"
        run.send("\n")
        code, out, err = run.finish()
    finally:
        run.kill()
        cover.kill()
        cover.wait()
    assert code == 4, err
    assert err.startswith("autobot: error: safety stop") and "gone" in err
    board = read_screen(xdisplay)  # the cover is gone now: row 2 is still empty
    assert board["found"] and board["rows"][1][1] == "....."


@pytest.fixture
def window_manager() -> Iterator[dict[str, str]]:
    """A private Xvfb with a real window manager (openbox: reparenting frames, focus set by the
    manager on click and on `_NET_ACTIVE_WINDOW` requests), as a person's desktop has."""
    _require_desktop()
    with openbox_display((1280, 1024)) as env:
        yield env


@pytest.mark.desktop
def test_live_safety_stop_when_another_window_takes_the_focus(
        window_manager: dict[str, str], base: str, tmp_path: Path) -> None:
    env = window_manager
    out = tmp_path / "game.json"
    thief = subprocess.Popen([sys.executable, "-c", THIEF, "1020", "100", "240", "160"],
                             env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    run = None
    try:
        assert thief.stdout is not None
        up = thief.stdout.readline().split()
        assert up[0] == "up", up
        # FUZZY takes five guesses: the game is under way, far from its end, after row 1.
        run = Running(env, "--launch", _url(base, answer="fuzzy"),
                      "--window", "100,100,900,880", "--json", str(out))
        run.wait_for("\n")  # the first scored row is printed
        # The chat is activated (its program asks the window manager, as on a new message).
        xdotool(env, "windowactivate", "--sync", up[1])
        code, out_text, err = run.finish()
    finally:
        if run is not None:
            run.kill()
        thief_out, _ = thief.communicate("", timeout=30)  # stdin closed: it exits
    assert code == 4, err
    line = err.strip()
    assert len(line.splitlines()) == 1 and line.startswith("autobot: error: safety stop"), err
    assert '"Team chat" (Thief, window 0x' in line and "took the keyboard focus" in line
    record = json.loads(out.read_text())
    assert (record["exit_code"], record["reason"], record["won"]) == (4, "focus_lost", False)
    assert "Chromium" in record["focus_window"] and 1 <= len(record["guesses"]) < 5
    assert "key" not in thief_out, thief_out  # not one key reached the chat


@pytest.mark.desktop
def test_live_safety_stop_when_the_board_changes_behind_its_back(
        xdisplay: dict[str, str], base: str, open_window: Any) -> None:
    run = _start_paused_at_second_guess(xdisplay, base, "ninja", open_window)
    try:
        # While the bot waits at the prompt, the person plays row 2 themselves.
        window = chromium_windows(xdisplay)[0]
        xdotool(xdisplay, "mousemove", "--window", window, "60", "400", "click", "1")
        xdotool(xdisplay, "type", "--delay", "80", "crony")
        xdotool(xdisplay, "key", "Return")
        deadline = time.monotonic() + 30
        while read_screen(xdisplay)["rows"][1][1] != score("crony", "ninja"):
            assert time.monotonic() < deadline, "the person's row never showed"
            time.sleep(0.3)
        run.send("\n")
        code, _out, err = run.finish()
    finally:
        run.kill()
    assert code == 4, err
    assert "safety stop: the board changed since the bot last looked" in err
    assert "row 2 now shows CRONY" in err
    board = read_screen(xdisplay)
    assert board["rows"][2][1] == "....."  # the bot typed nothing into row 3


@pytest.mark.desktop
def test_live_failsafe_corner_is_a_safety_stop(xdisplay: dict[str, str], base: str,
                                               open_window: Any) -> None:
    run = _start_paused_at_second_guess(xdisplay, base, "jazzy", open_window)
    try:
        xdotool(xdisplay, "mousemove", "0", "0")
        run.send("\n")
        code, _out, err = run.finish()
    finally:
        run.kill()
        xdotool(xdisplay, "mousemove", "640", "512")  # out of the corner for the next test
    assert code == 4, err
    assert "failsafe" in err and len(err.strip().splitlines()) == 1


@pytest.mark.desktop
def test_live_moved_mid_game_without_confirm(xdisplay: dict[str, str], base: str) -> None:
    run = Running(xdisplay, "--launch", _url(base, answer="zesty"), "--window", "50,50,900,900")
    try:
        run.wait_for("\n", timeout=120)  # the first scored row is printed
        for window in chromium_windows(xdisplay):
            xdotool(xdisplay, "windowmove", window, "330", "100")
        code, out, err = run.finish()
    finally:
        run.kill()
    assert code == 4, err
    assert "safety stop" in err


@pytest.mark.desktop
def test_live_on_a_desktop_without_pyautogui(xdisplay: dict[str, str]) -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        code = ("import sys\nsys.modules['pyautogui'] = None\nfrom autobot.cli import main\n"
                f"raise SystemExit(main({list(args)!r}))\n")
        return subprocess.run([sys.executable, "-c", code], env=xdisplay, cwd=ROOT,
                              capture_output=True, text=True, timeout=120)

    typing = run("live", "--find-timeout", "1")
    assert typing.returncode == 5
    assert typing.stderr.strip() == (
        "autobot: error: live typing needs pyautogui: pip install 'autobot[desktop]'")
    advice = run("live", "--advise", "--find-timeout", "1")  # advice needs no keyboard
    assert advice.returncode == 3, advice.stderr


@pytest.mark.desktop
def test_live_no_board_and_bad_monitor(xdisplay: dict[str, str]) -> None:
    done = live(xdisplay, "--advise", "--find-timeout", "1")
    assert done.returncode == 3
    assert done.stderr.strip() == "autobot: error: no Wordle board found on monitor 1"
    done = live(xdisplay, "--advise", "--monitor", "7")
    assert done.returncode == 2 and "monitor" in done.stderr


@pytest.mark.desktop
def test_calibrate_the_screen_then_play_live_with_the_profile(
        xdisplay: dict[str, str], base: str, tmp_path: Path, open_window: Any) -> None:
    """`calibrate --screen` measures a real window's board; `live --profile` then finishes it."""
    from autobot.harness.calibration import load_profile

    answer = "spare"  # CRANE and SLATE against SPARE show correct, present and absent tiles
    open_window(_url(base, answer=answer, theme="dark", guesses=("crane", "slate")),
                (200, 60, 900, 900))
    made = subprocess.run(
        [sys.executable, "-m", "autobot", "calibrate", "--screen", "--letters", "CRANE,SLATE",
         "--name", "xvfb", "--root", str(tmp_path)],
        env=xdisplay, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert made.returncode == 0, made.stderr
    profile = load_profile("xvfb", root=tmp_path)
    assert profile.theme == "dark" and profile.frame_size == (1280, 1024)
    spec = {"correct": (0x53, 0x8D, 0x4E), "present": (0xB5, 0x9F, 0x3B),
            "absent": (0x3A, 0x3A, 0x3C)}
    for role, rgb in spec.items():
        got = profile.palette[role]
        assert max(abs(a - b) for a, b in zip(got, rgb, strict=True)) <= 6, (role, got)
    assert len(list((tmp_path / "templates" / "xvfb").glob("*.png"))) == 10
    out = tmp_path / "game.json"
    done = live(xdisplay, "--profile", str(tmp_path / "calibration" / "xvfb.toml"),
                "--json", str(out))
    assert done.returncode == 0, done.stderr
    game = json.loads(out.read_text())
    assert game["won"] and game["guesses"][:2] == ["crane", "slate"], game
    assert game["marks"] == [score(g, answer) for g in game["guesses"]]


# Clicks on-screen keys through DesktopDriver (frame pixels of a region capture, mapped to the
# pointer), then reads the board until the clicked word shows: run as its own X client.
CLICK_KEYS = """
import json, sys, time
from autobot.drivers.desktop import DesktopDriver, MssScreen
from autobot.vision import read_board
from autobot.vision.keyboard import read_keyboard
region = tuple(int(v) for v in sys.argv[1].split(","))
with MssScreen(region=region) as screen:
    frame = screen.grab()
    board = read_board(frame)
    keys = read_keyboard(frame, board.grid)
    driver = DesktopDriver(screen)
    for label in sys.argv[2].split(","):
        driver.click_key(keys, label)
        time.sleep(0.2)
    deadline = time.monotonic() + 10
    while True:
        read = read_board(screen.grab())
        if read.settled and read.rows[0][1] != "....." or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    pm = driver.pointer
    print(json.dumps({"rows": read.rows, "scale": [pm.scale_x, pm.scale_y],
                      "origin": [pm.origin_x, pm.origin_y]}))
"""


@pytest.mark.desktop
def test_clicking_on_screen_keys_plays_a_row(xdisplay: dict[str, str], base: str,
                                             open_window: Any) -> None:
    open_window(_url(base, answer="slate", anim=False, stats=False), (300, 30, 800, 980))
    # A typo fixed with BACK, then ENTER: every kind of key, all by clicks.
    labels = "C,R,A,Q,BACK,N,E,ENTER"
    done = subprocess.run([sys.executable, "-c", CLICK_KEYS, "250,0,900,1024", labels],
                          env=xdisplay, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["scale"] == [1.0, 1.0] and result["origin"] == [250, 0]  # Xvfb is 1:1
    assert result["rows"][0] == ["CRANE", score("crane", "slate")]


# --- real third-party clones on the desktop ----------------------------------------------------

LIVE_CLONES = [
    # (clone, page path, answer or None for the clone's own random pick)
    ("wordle-global", "", "porch"),  # rendered with a fixed answer
    ("solid-wordle", "", None),  # a random answer per load, repeated letters over-marked
]


@pytest.mark.desktop
@pytest.mark.parametrize(("clone", "path", "answer"), LIVE_CLONES,
                         ids=[c for c, _, _ in LIVE_CLONES])
def test_live_wins_a_third_party_clone(xdisplay: dict[str, str], tmp_path: Path, clone: str,
                                       path: str, answer: str | None) -> None:
    from conftest import serve_clone

    out = tmp_path / "game.json"
    with serve_clone(clone) as base:
        done = live(xdisplay, "--launch", base + path, "--window", "100,40,1000,960",
                    "--json", str(out))
    assert done.returncode == 0, done.stderr
    record = json.loads(out.read_text())
    assert record["won"] is True, record
    assert record["marks"][-1] == "GGGGG"
    if answer is not None:
        assert record["guesses"][-1] == answer
