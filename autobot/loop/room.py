"""Boards that do not fit in view: zoom the page out (as a person presses Ctrl+minus) until
every board shows whole, and past the smallest tiles that still read, scroll, decided from
the pixels alone.

A board cut by the frame's or its box's edge shows fewer rows than the others, or is not
found at all; zooming out shows more boards or more rows. The page is zoomed out a step at a
time while a step shows more, and left at the largest zoom that shows the most (the tiles
stay as big as they can), never at one whose tiles are smaller than MIN_READ_TILE_PX. Zoom is
the browser's (a wider CSS viewport at a smaller pixel ratio), never the page's own code.
When zooming shows no more, the boards are scrolled through the view by the mouse wheel and
the views stitched into one (`autobot.loop.scroll`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

FIRST_STEP_SHARE = 0.4  # of the boards' visible height: the wheel's first turn

ZOOMS = (1.0, 0.8, 0.67, 0.5, 0.4, 0.33)  # the browser's zoom-out steps tried, in order
# px: smaller tiles are not read reliably, no zooming out to them. Measured: the bundled
# page's plain tiles read at 20.5 px (zoom 0.33), Dec-lingle's bold ones at 28 px; finer
# looks fail sooner (Duotrigordle's 22 px tiles at zoom 0.8 are not even found: that step
# shows fewer rows and is not kept).
MIN_READ_TILE_PX = 20.0


@dataclass(frozen=True)
class InView:
    """What one frame shows of a many-board page: boards found and their rows in view."""

    boards: int
    rows: int
    tile: float

    @property
    def score(self) -> tuple[int, int]:
        """More rows in view first (a board cut by an edge shows fewer; one missed by the
        finder in a small frame does not hide the rows of the others), then more boards."""
        return self.rows, self.boards


def in_view(geometry: Sequence[Any]) -> InView:
    """Boards and rows a frame's board geometries show."""
    if not geometry:
        return InView(0, 0, 0.0)
    tiles = sorted(g.tile for g in geometry)
    return InView(len(geometry), sum(g.rows for g in geometry), tiles[len(tiles) // 2])


def best_zoom(seen: Sequence[tuple[float, InView]]) -> float:
    """The largest zoom whose frame showed the most (rows, then boards) of all tried."""
    top = max(v.score for _, v in seen)
    return max(z for z, v in seen if v.score == top)


def spot_of(geometry: Sequence[Any]) -> tuple[tuple[float, float], float] | None:
    """Where to turn the wheel over these boards (the middle of the box around them) and
    how tall that box is (px); None without boards."""
    if not geometry:
        return None
    boxes = [g.bbox() for g in geometry]
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    return ((x0 + x1) / 2, (y0 + y1) / 2), float(y1 - y0)


@dataclass
class Room:
    """Zooms a browser page out until its boards fit, else scrolls them through the view;
    remembers what it did, for the record.

    `zoom(z)` sets the browser's zoom (False: this browser cannot), `grab()` takes a frame,
    `find(frame)` finds the boards in it; `settle()` waits for the page to lay out again;
    `scroll(spot, step)` puts a stitching screen in front of the driver's (None: cannot) and
    `unscroll()` takes it away.
    """

    zoom: Callable[[float], bool]
    grab: Callable[[], Any]
    find: Callable[[Any], Sequence[Any]]
    settle: Callable[[], None] = lambda: None
    level: float = 1.0
    log: list[str] = field(default_factory=list)
    scroll: Callable[[tuple[float, float], float], Any] | None = None
    unscroll: Callable[[], None] = lambda: None
    scroller: Any = None  # the stitching screen, once scrolling

    def fit(self, why: str = "") -> bool:
        """Zoom out while each step shows more of the boards (their tiles still readable);
        True if the zoom changed."""
        if self.scroller is not None:
            return False  # every board already shows, scrolled through
        start = current = self.level
        seen = [(start, in_view(self.find(self.grab())))]
        for z in [z for z in ZOOMS if z < start]:
            if not self.zoom(z):
                break
            current = z
            self.settle()
            view = in_view(self.find(self.grab()))
            if view.boards and view.tile < MIN_READ_TILE_PX:
                break  # tiles too small to read: this zoom and the ones past it are no use
            seen.append((z, view))
            best_before = max(v.score for _, v in seen[:-1])
            if len(seen) >= 3 and view.score <= best_before \
                    and seen[-2][1].score <= max(v.score for _, v in seen[:-2]):
                break  # two steps without more in view: all there is shows
        self.tried = seen
        best = best_zoom(seen)
        if best != current:
            self.zoom(best)
            self.settle()
        self.level = best
        if best == start:
            return False
        before = seen[0][1]
        after = next(v for z, v in seen if z == best)
        self.log.append(f"zoom {best:g}{' (' + why + ')' if why else ''}: "
                        f"{before.boards} boards, {before.rows} rows in view at {start:g} -> "
                        f"{after.boards} boards, {after.rows} rows")
        return True

    def scroll_through(self, why: str = "") -> bool:
        """Scroll the boards through the view and stitch the views (when zooming shows no
        more): True if the stitched frame shows more of the boards than the view."""
        if self.scroll is None or self.scroller is not None:
            return False
        geometry = self.find(self.grab())
        spot = spot_of(geometry)
        if spot is None:
            return False
        before = in_view(geometry)
        self.scroller = self.scroll(spot[0], FIRST_STEP_SHARE * spot[1])
        if self.scroller is None:
            return False
        tall = self.scroller.grab()
        after = in_view(self.find(tall))
        if after.score <= before.score:
            self.unscroll()
            self.scroller = None
            return False
        x, y = spot[0]
        self.log.append(f"scroll{' (' + why + ')' if why else ''}: wheel at {x:.0f},{y:.0f}, "
                        f"{self.scroller.views} views stitched ({self.scroller.depth} px "
                        f"scrolled): {before.boards} boards, {before.rows} rows in view -> "
                        f"{after.boards} boards, {after.rows} rows")
        return True

    def frame(self) -> Any:
        """A frame of the boards as they are brought into view now (stitched, once scrolling)."""
        return self.scroller.grab() if self.scroller is not None else self.grab()

    def bring(self, why: str = "") -> bool:
        """Zoom out, else scroll through: True if more of the boards came into view."""
        return self.fit(why) or self.scroll_through(why)
