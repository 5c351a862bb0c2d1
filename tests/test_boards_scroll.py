"""Boards that do not fit even zoomed out: scrolled through the view and the views stitched
into one frame (`autobot.vision.stitch`, `autobot.loop.scroll`), and the zoom that stops at
the smallest tiles that read (`autobot.loop.room`).

The real frames are Duotrigordle's board box (fixtures/clones-parts, cropped headless-Chromium
screenshots of ../shared/clones/duotrigordle at four scroll positions; the shifts in the
sidecar are the box's scrollTop steps, read once when the frames were made). The fakes are
pages made of numbers, to check the pure steps (a fake screen and wheel over a tall image).
"""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from autobot.loop.many import letters_near
from autobot.loop.room import MIN_READ_TILE_PX, InView, Room, spot_of
from autobot.loop.scroll import ScrollView, scroll_view, uninstall
from autobot.vision import load_image
from autobot.vision.boards import BoardsReader, many_boards
from autobot.vision.stitch import (
    moved_region,
    scroll_shift,
    scroll_shift_slow,
    stitch,
    union,
)

PARTS = Path(__file__).resolve().parent.parent / "fixtures" / "clones-parts"
DUO = json.loads((PARTS / "duotrigordle-scroll.json").read_text())
START = Path(__file__).resolve().parent.parent / "fixtures" / "clones" / "duotrigordle-start.png"


def duo(name: str) -> np.ndarray:
    return load_image(PARTS / f"duotrigordle-scroll-{name}.png")


def test_the_empty_tile_fill_is_learned_again_once_a_fading_page_is_still() -> None:
    """A game that fades in shows dim empty tiles in its first frames: the fill learned there
    would make every later empty row a coloured one. Real frames of Duotrigordle 0.6 s apart:
    the reader's fill is the still page's, as a reader that saw only the still frame has it."""
    from autobot.vision.colour import delta_e

    fading = load_image(PARTS / "duotrigordle-fading-in.png")
    still = load_image(PARTS / "duotrigordle-empty-still.png")
    reader = BoardsReader()
    assert len(reader(fading).boards) == 32
    dim = reader.blank[0].copy()
    assert len(reader(still).boards) == 32
    fresh = BoardsReader()
    fresh(still)
    assert float(delta_e(dim[None], fresh.blank[0])[0]) > 8  # the two fills differ
    assert float(delta_e(reader.blank[0][None], fresh.blank[0])[0]) < 1


def test_a_typed_row_whose_letters_reach_the_tile_edge_is_a_row_of_its_board() -> None:
    """The row typed under each board (IDIOM, not yet entered) is a row of that board even
    where a wide letter in small tiles (Duotrigordle's D and M, 27 px) reaches the strip just
    inside the tile's left edge: only page colour across that strip says the row is cut. A
    real frame of the game that waited 128 s on guess 4 when 4 boards lost that row."""
    side = json.loads((PARTS / "duotrigordle-typed-row.json").read_text())["expected"]
    reader = BoardsReader()
    reader(load_image(PARTS / "duotrigordle-empty-still.png"))  # the fill, as in a game
    got = reader(load_image(PARTS / "duotrigordle-typed-row.png"))
    assert got.settled, got.reasons
    assert len(got.boards) == side["boards_in_view"]
    assert [len(b.rows) for b in got.boards] == side["rows_per_board"]
    typed = [b.rows[-1][0] for b in got.boards if b.rows[-1][1] == "ttttt"]
    assert len(typed) == side["boards_with_typed_row"]
    assert all(letters_near(word, side["typed_row"]) for word in typed)


@pytest.mark.parametrize("name", ["5rows", "12rows"])
def test_a_stitched_box_of_32_boards_shows_32(name: str) -> None:
    # Real stitched frames where the finder once saw 33: a board split where its rows did
    # not link, a square board of 5 x 5 tiles hiding its middle tile, a board found twice.
    side = json.loads((PARTS / f"duotrigordle-stitched-{name}.json").read_text())
    frame = load_image(PARTS / f"duotrigordle-stitched-{name}.png")
    boards = many_boards(frame)
    assert len(boards) == side["expected"]["boards"] == 32
    # Each board once: no two overlap.
    boxes = [b.bbox() for b in boards]
    for i, (x0, y0, x1, y1) in enumerate(boxes):
        for u0, v0, u1, v1 in boxes[i + 1:]:
            assert min(x1, u1) <= max(x0, u0) or min(y1, v1) <= max(y0, v0)


@pytest.mark.parametrize(("a", "b"), [("s0", "s1"), ("s1", "s2"), ("s3", "s4")])
def test_the_shift_of_a_real_scroll_is_measured_from_the_pixels(a: str, b: str) -> None:
    before, after = duo(a), duo(b)
    region = moved_region(before, after)
    assert region is not None
    want = DUO["expected"]["shift"][f"{a}-{b}"]
    # The wheel turned 300 px each time; at the bottom the box moved only 27.
    assert scroll_shift(before, after, region, expect=300) == want
    assert scroll_shift(before, after, region) == want  # no hint: every shift tried
    assert scroll_shift_slow(before, after, region) == want  # the reference


def test_stitched_views_read_as_every_board_once_whole() -> None:
    names = DUO["frames"]
    frames = [duo(n) for n in names]
    shifts, region = [0], None
    for fa, fb in zip(frames, frames[1:], strict=False):
        moved = moved_region(fa, fb)
        region = union(region, moved)
        got = scroll_shift(fa, fb, moved, expect=300)
        assert got is not None
        shifts.append(shifts[-1] + got)
    assert shifts[-1] == DUO["expected"]["scroll_top_end"]
    tall = stitch(frames, shifts, region)
    assert tall.shape[0] == frames[0].shape[0] + shifts[-1] - (frames[0].shape[0] - region[3])
    reader = BoardsReader()
    x0, y0, x1, y1 = DUO["crop"]
    reader(load_image(START)[y0:y1, x0:x1])  # the game not begun: its empty tiles' colour
    read = reader(tall)
    assert len(read.boards) == DUO["expected"]["boards"]
    assert read.settled, read.reasons
    words = [w.upper() for w in DUO["entered"]]
    for board in read.boards:
        assert len(board.rows) == DUO["expected"]["rows"]
        # (at most one letter a row read as its look-alike: M as H, as the loop allows)
        assert all(letters_near(letters, w) for (letters, _), w in
                   zip(board.rows[:5], words, strict=True)), board.rows
        assert board.rows[5] == ("", ".....")  # the row to type in: once, not stuck twice
    # Every board once: two boards with the same colours would be the same board twice.
    assert len({b.rows for b in read.boards}) == len(read.boards)


def page(height: int = 1200, width: int = 90, seed: int = 3) -> np.ndarray:
    """A tall page of random blocks (what scrolls), grey."""
    rng = np.random.default_rng(seed)
    blocks = rng.integers(0, 255, (height // 6 + 1, width // 6 + 1), dtype=np.uint8)
    img = np.kron(blocks, np.ones((6, 6), np.uint8))[:height, :width]
    return np.repeat(img[:, :, None], 3, axis=2)


class FakeBox:
    """A frame with a header, a scrolling box over `content` and a footer; the wheel over
    it scrolls the box (stopping at its ends); `sticky` px at the box's bottom stay fixed."""

    def __init__(self, content: np.ndarray, top: int = 40, box: int = 300, sticky: int = 0):
        self.content, self.top, self.box, self.sticky = content, top, box, sticky
        self.scroll = 0
        self.grabs = 0

    def grab(self) -> np.ndarray:
        self.grabs += 1
        c = self.content
        frame = np.full((self.top + self.box + 50, c.shape[1] + 20, 3), 17, np.uint8)
        frame[self.top:self.top + self.box, 10:-10] = c[self.scroll:self.scroll + self.box]
        if self.sticky:
            frame[self.top + self.box - self.sticky:self.top + self.box, 10:-10] = 222
        return frame

    def wheel(self, x: float, y: float, dy: float) -> None:
        end = self.content.shape[0] - self.box
        self.scroll = int(min(end, max(0, self.scroll + dy)))


@pytest.mark.parametrize("sticky", [0, 20])
def test_a_scroll_view_stitches_the_whole_box_from_its_views(sticky: int) -> None:
    content = page()
    box = FakeBox(content, sticky=sticky)
    box.scroll = 170  # left part way down: the sweep starts from the top
    view = ScrollView(box, box.wheel, (50.0, 150.0), 120.0, sleep=lambda s: None)
    tall = view.grab()
    # Every row of the content, top to bottom; under a band stuck to the box's bottom, all
    # but the last rows (never shown), and the band left out of every view.
    shown = content.shape[0] - sticky
    assert tall.shape[0] == box.top + shown
    assert np.array_equal(tall[box.top:, 10:-10], content[:shown])
    assert view.depth == content.shape[0] - box.box
    assert view.views >= 4 and box.scroll == content.shape[0] - box.box
    assert np.array_equal(view.grab(), tall)  # the same page: the same frame


def test_a_box_that_does_not_scroll_gives_the_view_itself() -> None:
    box = FakeBox(page(300))  # content as tall as the box
    view = ScrollView(box, box.wheel, (50.0, 150.0), 120.0, sleep=lambda s: None)
    assert np.array_equal(view.grab(), box.grab())
    assert view.views == 1


def test_a_periodic_page_takes_the_shift_the_wheel_asked_for() -> None:
    # Rows of identical empty tiles agree at every whole period: the wheel's own amount,
    # when it agrees, is the shift; without it, the slow search finds some shift that agrees.
    tile = np.zeros((30, 90, 3), np.uint8)
    tile[2:28, 5:85] = 200
    content = np.concatenate([tile] * 40)
    box = FakeBox(content)
    before = box.grab()
    box.wheel(0, 0, 100)
    after = box.grab()
    region = moved_region(before, after)
    assert region is not None
    assert scroll_shift(before, after, region, expect=100) == 100
    assert scroll_shift_slow(before, after, region) % 30 == 10  # agrees, one period or more off


def test_install_and_uninstall_put_the_real_screen_back_at_the_top() -> None:
    box = FakeBox(page())
    driver = SimpleNamespace(screen=SimpleNamespace(grab=box.grab),
                             scroll=lambda x, y, dy, ratio=None: box.wheel(x, y, dy))
    inner = driver.screen
    view = scroll_view(driver, (50.0, 150.0), 100.0)
    view.sleep = lambda s: None
    assert driver.screen is view
    view.grab()
    assert box.scroll > 0
    uninstall(driver)
    assert driver.screen is inner and box.scroll == 0


def fake_room(views: dict[float, InView], scrolled: InView | None = None
              ) -> tuple[Room, list[float], list]:
    """A room over a page showing `views[zoom]`; scrolling through shows `scrolled`."""
    calls: list[float] = []
    state = {"z": 1.0, "scroll": False}
    installed: list = []

    def zoom(z: float) -> bool:
        calls.append(z)
        state["z"] = z
        return True

    def find(frame: object) -> list:
        v = scrolled if frame == "tall" else views[state["z"]]
        per = v.rows // max(1, v.boards)
        return [SimpleNamespace(rows=per, tile=v.tile, bbox=lambda: (0, 100, 400, 600))
                for _ in range(v.boards)]

    def scroll(spot: tuple[float, float], step: float) -> object:
        installed.append((spot, step))
        return SimpleNamespace(grab=lambda: "tall", views=5, depth=1599)

    return Room(zoom, lambda: "view", find, scroll=scroll,
                unscroll=lambda: installed.append("off")), calls, installed


def test_the_room_never_zooms_to_tiles_too_small_to_read_and_scrolls_instead() -> None:
    # 27 px tiles at 1x, 18 px at 0.8: more rows, but too small to read.
    views = {1.0: InView(24, 120, 27.0), 0.8: InView(32, 192, 18.0)}
    room, calls, installed = fake_room(views, scrolled=InView(32, 192, 27.0))
    assert not room.fit("test")
    assert room.level == 1.0 and calls == [0.8, 1.0]  # tried, too small, put back
    assert MIN_READ_TILE_PX > 18.0
    assert room.bring("guess 3: boards out of view")
    assert installed == [((200.0, 350.0), 0.4 * 500)]
    assert room.scroller is not None and room.frame() == "tall"
    assert room.log[-1].startswith("scroll (guess 3")
    assert "5 views" in room.log[-1] and "24 boards" in room.log[-1]
    assert "32 boards" in room.log[-1]
    assert not room.bring("again")  # scrolling already: nothing more to do


def test_a_zoom_whose_tiles_are_not_found_is_not_kept() -> None:
    # Duotrigordle: at zoom 0.8 its 22 px tiles are mostly not found (fewer rows in view).
    views = {1.0: InView(30, 50, 27.0), 0.8: InView(3, 3, 22.0), 0.67: InView(0, 0, 0.0)}
    room, calls, installed = fake_room(views, scrolled=InView(32, 55, 27.0))
    assert room.bring("guess 1: boards out of view")
    assert room.level == 1.0 and calls[-1] == 1.0
    assert room.log == [room.log[-1]] and room.log[-1].startswith("scroll")


def test_scrolling_that_shows_no_more_is_undone() -> None:
    views = {z: InView(4, 36, 60.0 * z) for z in (1.0, 0.8, 0.67, 0.5, 0.4, 0.33)}
    room, _, installed = fake_room(views, scrolled=InView(4, 36, 60.0))
    assert not room.bring()
    assert installed[-1] == "off" and room.scroller is None and room.log == []


def test_spot_is_the_middle_of_the_boards() -> None:
    boards = [SimpleNamespace(bbox=lambda: (10, 20, 110, 220)),
              SimpleNamespace(bbox=lambda: (130, 20, 230, 420))]
    assert spot_of(boards) == ((120.0, 220.0), 400.0)
    assert spot_of([]) is None


def test_a_many_board_record_says_why_it_stopped() -> None:
    from autobot.errors import AutobotError
    from autobot.loop.many import ManyResult, stall_code
    from autobot.loop.result import REASONS, Timings

    assert stall_code("moving, board 31 (no rows yet) is not among the 30 boards read",
                      "timeout") == "out_of_view"
    assert stall_code("no boards in view", None) == "out_of_view"
    assert stall_code("settled, 10 boards, row 3: ...", "unsure_colour") == "unsure_colour"
    assert "out_of_view" in REASONS
    won = ManyResult(True, 2, ("a",), ((),), (), 1.0, Timings(), view=("scroll ...",))
    assert won.to_json()["reason"] == "won"
    assert won.to_json()["brought_into_view"] == ["scroll ..."]
    lost = ManyResult(False, 2, ("a",), ((),), (), 1.0, Timings(), reason="out_of_view",
                      error=str(AutobotError("x", 4)), exit_code=4)
    assert lost.to_json()["reason"] == "out_of_view"


def test_rows_cut_past_the_one_played_are_no_motion() -> None:
    from autobot.loop.many import quiet_to, settled_from

    def board(*reasons: str) -> SimpleNamespace:
        return SimpleNamespace(settled=not reasons, reasons=reasons)

    cut = board("tile 14,1 occluded or moving", "tile 14,4 occluded or moving")
    # Guess 13 (index 12): row 14 is the next row, cut by the box's edge: no motion, but
    # not settled enough to be played in (it is brought into view first).
    assert quiet_to(cut, 12) and not settled_from(cut, 12)
    assert not quiet_to(board("tile 13,2 mid-flip"), 12)  # this guess's row: motion
    assert quiet_to(board("tile 3,4 occluded or moving"), 12)  # an old row's doubt
    assert quiet_to(board(), 0)


def test_one_look_alike_counts_once_wherever_it_stands() -> None:
    # Dec-lingle's small bold M reads as N: COMEM typed shows CONEN (once stuck 3 retypes).
    assert letters_near("CONEN", "comem")
    assert not letters_near("CONEH", "comem")  # two look-alikes
    assert not letters_near("CONE", "comem")  # a dropped key
