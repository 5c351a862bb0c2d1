"""What a loaded page shows before the game starts, from its pixels: how many boards, tiles or
a list of text lines, where plain page is safe to click."""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from autobot.errors import NoBoardFound


def room_for(driver: Any) -> Any:
    """The zoom-out (and scroll-through) helper for boards that do not fit in view (None: a
    driver that cannot zoom)."""
    if not hasattr(driver, "zoom"):
        return None
    from autobot.loop.room import Room
    from autobot.loop.scroll import scroll_view, uninstall
    from autobot.vision.boards import many_boards

    screen = driver.screen
    return Room(driver.zoom, getattr(screen, "grab_full", screen.grab), many_boards,
                settle=lambda: time.sleep(ZOOM_SETTLE_S),
                scroll=lambda spot, step: scroll_view(driver, spot, step),
                unscroll=lambda: uninstall(driver))


ZOOM_SETTLE_S = 0.4  # the page lays out again after a zoom step


AUTO_LOOK_S = 0.6  # a page shows no boards this long after loading: one board (or none)


AUTO_LOOK_MAX_S = 5.0  # no board at all (a menu, a page still drawing): looked for this long


def unplayed_boards(frame: Any) -> int:
    """Boards of a page before its first guess, counted from the pixels: two or more boards of
    the same tiles with no letter in any row yet (0 otherwise). A keyboard's rows and a dialog's
    example rows carry letters before any guess, so they are never counted."""
    from autobot.vision.boards import read_boards

    read = read_boards(frame)
    blank = [b for b in read.boards
             if b.found and not any(ch.isalpha() for letters, _ in b.rows for ch in letters)]
    return len(blank) if len(blank) >= 2 else 0


def count_boards(driver: Any, room: Any = None, sleep: Any = time.sleep,
                 clock: Any = time.monotonic) -> int:
    """How many boards the loaded page shows (0 or 1: the one-board game), from its pixels:
    the same count of two or more boards on two frames in a row; boards that do not fit in
    view are brought into it first (zoomed out, else scrolled through) and counted again."""
    return count_boards_on(driver.screen, room, sleep, clock)


def count_boards_on(screen: Any, room: Any = None, sleep: Any = time.sleep,
                    clock: Any = time.monotonic) -> int:
    """`count_boards` on a screen (a desktop's, where nothing is zoomed or scrolled: no room)."""
    from autobot.vision import read_board

    grab = getattr(screen, "grab_full", screen.grab)
    started = clock()
    last = -1
    while True:
        frame = grab()
        n = unplayed_boards(frame)
        if n >= 2 and n == last:
            break
        waited = clock() - started
        if waited >= AUTO_LOOK_MAX_S:
            return n if n >= 2 else 0
        # One board in view for a while: the one-board game. Nothing yet (a menu, a page
        # still drawing its game): keep looking.
        if n < 2 and last < 2 and waited >= AUTO_LOOK_S and read_board(frame).found:
            return 0
        last = n
        sleep(0.2)
    if room is not None and room.bring("boards cut by the edge of the view"):
        n = max(n, unplayed_boards(room.frame()))
    return n


def page_layout(driver: Any, game: Any, timeout: float = 5.0) -> str:
    """"tiles" when the page shows a tile board, "list" when it lists guesses as lines of text,
    shows an outlined text box or a focused field's blinking caret (an empty list), from the
    pixels of the first frames that show either."""
    from autobot.loop.jotto_list import grab
    from autobot.vision import read_board
    from autobot.vision.textlist import caret_between, read_list

    deadline = time.monotonic() + timeout
    seen: list[Any] = []
    while True:
        frame = grab(driver)
        if read_board(frame).found:
            return "tiles"
        if read_list(frame, game.length).found:
            return "list"
        # A text field with the focus: its caret blinks (on and off ~0.5 s each), so frames
        # taken at different moments differ by a thin upright bar only.
        seen = [*seen[-3:], frame, grab(driver)]
        if any(caret_between(a, b) is not None for a in seen[:-1] for b in seen[-1:]):
            return "list"
        if time.monotonic() > deadline:
            return "tiles"  # let the board loop say what it does not find


def find_boards_on_screen(screen: Any, read: Any, timeout: float, where: str) -> tuple[Any, Any]:
    """Poll until two consecutive reads agree on settled boards; (frame, read), else exit 3."""
    deadline = time.monotonic() + timeout
    previous = None
    while True:
        frame = screen.grab()
        got = read(frame)
        if got.found and got.settled and previous is not None and previous.rows == got.rows \
                and len(previous.boards) == len(got.boards):
            return frame, got
        previous = got
        if time.monotonic() >= deadline:
            raise NoBoardFound(f"no boards found on {where}")
        time.sleep(0.05)


def below_boards(frame: np.ndarray, geometry: Any) -> tuple[int, int] | None:
    """A frame pixel of plain page under the boards (or beside them), safe to click; or None."""
    x0 = min(g.bbox()[0] for g in geometry)
    x1 = max(g.bbox()[2] for g in geometry)
    y1 = max(g.bbox()[3] for g in geometry)
    pitch = int(round(geometry[0].pitch_y))
    h, w = frame.shape[:2]
    for y in (y1 + pitch, y1 + 2 * pitch):
        for x in ((x0 + x1) // 2, x0 + pitch, x1 - pitch):
            patch = frame[max(0, y - 6):y + 7, max(0, x - 6):x + 7].astype(np.int16)
            if 0 <= y < h and 0 <= x < w and patch.size and np.ptp(patch, axis=(0, 1)).max() <= 4:
                return x, y
    return None
