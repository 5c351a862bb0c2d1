"""Boards that do not fit in view: zoom the page out (as a person presses Ctrl+minus) until
every board shows whole, decided from the pixels alone.

A board cut by the frame's or its box's edge shows fewer rows than the others, or is not
found at all; zooming out shows more boards or more rows. The page is zoomed out a step at a
time while a step shows more, and left at the largest zoom that shows the most (the tiles
stay as big as they can). Zoom is the browser's (a wider CSS viewport at a smaller pixel
ratio), never the page's own code.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

ZOOMS = (1.0, 0.8, 0.67, 0.5, 0.4, 0.33)  # the browser's zoom-out steps tried, in order
MIN_TILE_PX = 14.0  # smaller tiles are not read reliably: no zooming out past them


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


@dataclass
class Room:
    """Zooms a browser page out until its boards fit; remembers what it did, for the record.

    `zoom(z)` sets the browser's zoom (False: this browser cannot), `grab()` takes a frame,
    `find(frame)` finds the boards in it; `settle()` waits for the page to lay out again.
    """

    zoom: Callable[[float], bool]
    grab: Callable[[], Any]
    find: Callable[[Any], Sequence[Any]]
    settle: Callable[[], None] = lambda: None
    level: float = 1.0
    log: list[str] = field(default_factory=list)

    def fit(self, why: str = "") -> bool:
        """Zoom out while each step shows more of the boards; True if the zoom changed."""
        start = self.level
        seen = [(start, in_view(self.find(self.grab())))]
        for z in [z for z in ZOOMS if z < start]:
            if not self.zoom(z):
                break
            self.settle()
            view = in_view(self.find(self.grab()))
            seen.append((z, view))
            if view.boards and view.tile < MIN_TILE_PX:
                break
            best_before = max(v.score for _, v in seen[:-1])
            if len(seen) >= 3 and view.score <= best_before \
                    and seen[-2][1].score <= max(v.score for _, v in seen[:-2]):
                break  # two steps without more in view: all there is shows
        self.tried = seen
        best = best_zoom(seen)
        if best != seen[-1][0]:
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
