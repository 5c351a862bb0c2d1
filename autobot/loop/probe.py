"""What a loaded page shows before the game starts, from its pixels: how many boards, tiles or
a list of text lines, where plain page is safe to click."""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from autobot import vision
from autobot.errors import NoBoardFound

# The many-board and list readers, zooming and scrolling are imported where they are used:
# every command's start (`autobot --help` too) loads this module, and they would add ~25 ms.


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
    view are brought into it first (zoomed out, else scrolled through) and counted again.
    A page that shows no board at all in view is looked down (`look_below`) and counted there."""
    n = count_boards_on(driver.screen, room, sleep, clock)
    if n == 0 and hasattr(driver, "scroll") and not board_in_view(_grab(driver.screen)) \
            and look_below(driver, sleep) is not None:
        n = count_boards_on(driver.screen, room, sleep, clock)
        if not board_in_view(_grab(driver.screen)):
            look_below(driver, sleep)  # scrolling tried and undone put the page at its top
    return n


BELOW_STEP_SHARE = 0.8  # of the view's height: one turn of the wheel down a page without boards
BELOW_VIEWS = 10  # turns at most (a page that scrolls for ever)
BELOW_TOP_PX = 8  # px: found boards are brought to this far below the view's top
SCROLL_SETTLE_S = 0.25  # s after a turn of the wheel before the view is looked at
TOP_PX = 100_000  # px the wheel turns up to reach the page's top


def _grab(screen: Any) -> Any:
    return getattr(screen, "grab_full", screen.grab)()


def board_in_view(frame: Any) -> bool:
    """Does the frame show tiles of a board (one or many), whole or cut by its edges?"""
    from autobot.vision.boards import find_boards

    return bool(find_boards(frame)) or vision.read_board(frame).found


def boards_top(frame: Any) -> float | None:
    """The top (frame px) of the highest board of tiles in the frame, or None."""
    from autobot.vision.boards import find_boards

    boards = find_boards(frame)
    if boards:
        return float(min(b.bbox()[1] for b in boards))
    read = vision.read_board(frame)
    return float(read.grid.bbox()[1]) if read.found and read.grid is not None else None


def look_below(driver: Any, sleep: Any = time.sleep) -> str | None:
    """No board in view (a banner, a header or an article above the game): turn the wheel down
    the page a view at a time until tiles show, then bring their top near the view's top, as
    a person scrolls down to the game. What was done, or None (nothing below: back at the top)."""
    frame = _grab(driver.screen)
    h, w = frame.shape[:2]
    x, y = w / 2, h / 2
    turned = 0
    for _ in range(BELOW_VIEWS):
        step = round(BELOW_STEP_SHARE * h)
        driver.scroll(x, y, step)
        sleep(SCROLL_SETTLE_S)
        after = _grab(driver.screen)
        if np.array_equal(after, frame):
            break  # nothing moved: the bottom of the page
        frame, turned = after, turned + step
        top = boards_top(frame)
        if top is None:
            continue
        if top > BELOW_TOP_PX:
            driver.scroll(x, y, top - BELOW_TOP_PX)
            sleep(SCROLL_SETTLE_S)
        return f"no board in view: scrolled down {turned} px to tiles"
    driver.scroll(x, y, -TOP_PX)
    return None


def count_boards_on(screen: Any, room: Any = None, sleep: Any = time.sleep,
                    clock: Any = time.monotonic) -> int:
    """`count_boards` on a screen (a desktop's, where nothing is zoomed or scrolled: no room)."""
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
        if n < 2 and last < 2 and waited >= AUTO_LOOK_S and vision.read_board(frame).found:
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
    from autobot.vision.textlist import caret_between, read_list

    deadline = time.monotonic() + timeout
    seen: list[Any] = []
    while True:
        frame = grab(driver)
        if vision.read_board(frame).found:
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
