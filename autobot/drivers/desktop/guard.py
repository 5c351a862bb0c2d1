"""The guard: nothing is typed unless the board is still where it was, no dialog covers it and
the rows read as the game left them; and where to click to give the page the focus."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from autobot.errors import SafetyStop


def _patch_is_blank(frame: np.ndarray, x: int, y: int, half: int, background: np.ndarray) -> bool:
    """Is the square around (x, y) plain page background (no text, button or tile to hit)?"""
    h, w = frame.shape[:2]
    if x - half < 0 or y - half < 0 or x + half >= w or y + half >= h:
        return False
    patch = frame[y - half : y + half + 1, x - half : x + half + 1].astype(np.int16)
    return bool(np.abs(patch - background).max() <= 6)


def focus_spot(frame: np.ndarray, grid: Any) -> tuple[int, int] | None:
    """A frame pixel beside the board that is empty page background, safe to click; or None.

    Tries left of the board, then right, at a few heights, from 3/4 of a tile pitch out, and
    keeps the spot only if a wide square around it is uniform page colour.
    """
    tile = int(grid.tile)
    pitch_x = int(round(grid.pitch_x))
    board_w = int(round(grid.pitch_x * (grid.cols - 1))) + tile
    board_h = int(round(grid.pitch_y * (grid.rows - 1))) + tile
    x0, y0 = int(grid.x), int(grid.y)
    # The page colour: the band just outside the board's left and right edges, by median.
    band = []
    for bx in (x0 - max(4, tile // 3), x0 + board_w + max(4, tile // 3)):
        if 0 <= bx < frame.shape[1]:
            band.append(frame[max(0, y0) : y0 + board_h, bx])
    if not band:
        return None
    background = np.median(np.concatenate(band), axis=0).astype(np.int16)
    half = max(6, tile // 3)
    # Nearest first: a narrow window leaves only a strip of page beside the board.
    for dx in (0.75, 1.5, 2.5, 4.0):
        for side in (-1, 1):
            x = x0 - int(dx * pitch_x) if side < 0 else x0 + board_w + int(dx * pitch_x)
            for fy in (0.5, 0.3, 0.7):
                y = y0 + int(board_h * fy)
                if _patch_is_blank(frame, x, y, half, background):
                    return x, y
    return None


# --- the guard: nothing is typed unless the board is still where it was ------------------------


@dataclass(frozen=True)
class Anchor:
    """Where the board was when the game was taken over (frame pixels)."""

    x: float
    y: float
    pitch_x: float
    pitch_y: float
    box: tuple[int, int, int, int] | None = None  # the whole board (x0, y0, x1, y1), if known


def anchor_of(grid: Any) -> Anchor:
    """The part of a read grid that must not change while we type."""
    box = tuple(int(v) for v in grid.bbox()) if hasattr(grid, "bbox") else None
    return Anchor(float(grid.x), float(grid.y), float(grid.pitch_x), float(grid.pitch_y),
                  box)  # type: ignore[arg-type]


def board_moved(anchor: Anchor, grid: Any) -> str | None:
    """Why `grid` is not the board at `anchor` (moved or resized), or None if it is."""
    tol = max(3.0, 0.08 * anchor.pitch_x)
    if abs(float(grid.pitch_x) - anchor.pitch_x) > tol or \
            abs(float(grid.pitch_y) - anchor.pitch_y) > tol:
        return f"the board changed size (tile pitch {anchor.pitch_x:.0f} -> {grid.pitch_x:.0f} px)"
    dx, dy = float(grid.x) - anchor.x, float(grid.y) - anchor.y
    if abs(dx) > tol or abs(dy) > tol:
        return f"the board moved by ({dx:+.0f}, {dy:+.0f}) px"
    return None


ReadFn = Callable[[np.ndarray], Any]
DialogFn = Callable[[np.ndarray], Any]  # frame -> autobot.vision.overlay.Overlay | None


def page_dialog(frame: np.ndarray) -> Any:
    """The page's dialog over a Wordle game in a desktop frame (an Overlay in frame pixels), or
    None.

    A desktop is full of panels with an X at the top right: windows, whose X would close the
    user's browser. A dialog of the game is a panel beside the game's on-screen keyboard (read
    by pixels), not around it: a panel holding the keyboard is the browser window or the page,
    and the dialog is looked for inside it. No keyboard in view: nothing is taken for a dialog.
    """
    from autobot.vision.keyboard import read_keyboard

    keys = read_keyboard(frame)
    if not keys.found:
        return None
    return _dialog_beside(frame, [k.center for k in keys.keys], (0, 0), depth=2)


def _dialog_beside(frame: np.ndarray, keys: list[tuple[int, int]], offset: tuple[int, int],
                   depth: int) -> Any:
    """The largest panel of `frame` (a crop at `offset`) that does not hold most `keys`."""
    from dataclasses import replace

    from autobot.vision.overlay import find_overlay

    found = find_overlay(frame)
    if found is None:
        return None
    x0, y0, x1, y1 = found.panel
    ox, oy = offset
    held = sum(x0 <= x - ox < x1 and y0 <= y - oy < y1 for x, y in keys)
    if 2 * held <= len(keys):

        def shift(p: tuple[int, int] | None) -> tuple[int, int] | None:
            return None if p is None else (p[0] + ox, p[1] + oy)

        return replace(found, panel=(x0 + ox, y0 + oy, x1 + ox, y1 + oy),
                       close=shift(found.close), outside=shift(found.outside),
                       button=shift(found.button))
    if depth == 0 or x1 - x0 < 32 or y1 - y0 < 32:
        return None
    return _dialog_beside(frame[y0:y1, x0:x1], keys, (ox + x0, oy + y0), depth - 1)


def aims_at(dialog: Any, point: tuple[float, float]) -> bool:
    """Is `point` the dialog's close X, its button or its backdrop point (as found in this
    frame)?"""
    x0, _, x1, _ = dialog.panel
    tol = max(8.0, 0.03 * (x1 - x0))
    targets = (dialog.close, getattr(dialog, "button", None), dialog.outside)
    return any(t is not None and abs(t[0] - point[0]) <= tol and abs(t[1] - point[1]) <= tol
               for t in targets)


def rows_differ(before: Any, now: Any) -> str | None:
    """How two reads of the board disagree, or None; '?' (unreadable) agrees with anything."""
    if len(before) != len(now):
        return f"{len(before)} rows became {len(now)}"
    for i, ((l1, m1), (l2, m2)) in enumerate(zip(before, now, strict=True)):
        marks_ok = len(m1) == len(m2) and all(
            a == b or "?" in (a, b) for a, b in zip(m1, m2, strict=True))
        letters_ok = len(l1) == len(l2) and all(
            a == b or "?" in (a, b) for a, b in zip(l1, l2, strict=True))
        if not (marks_ok and letters_ok):
            return f"row {i + 1} now shows {l2 or '(nothing)'} {m2}, was {l1 or '(nothing)'} {m1}"
    return None


class GuardedDriver:
    """A Driver that re-reads the screen before every key burst and stops if the board moved.

    The live page is a window the user owns: if it moves, shrinks, is covered or the board
    vanishes, keys could land somewhere else, so we raise the safety stop (exit 4) instead.
    One exception: a dialog of the page over the board (found by pixels on a frame grabbed
    now, over where the board was) may be closed with Escape or a click on its X or backdrop.
    """

    def __init__(
        self,
        inner: Any,
        read: ReadFn,
        *,
        anchor: Anchor | None = None,
        settle_timeout: float = 3.0,
        quiet: float = 0.3,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
        overlay: DialogFn = page_dialog,
    ) -> None:
        self.inner = inner
        self.screen = inner.screen
        self._read = read
        self._overlay = overlay
        self.anchor = anchor
        self._settle_timeout = settle_timeout
        # Wordle ignores keys until the last tile's flip has ended (250 ms out); a frame can
        # look settled a little before that, so the board must look the same this long apart.
        self.quiet = quiet
        self._clock = clock
        self._sleep = sleep
        self.checks = 0
        self.check_ms: list[float] = []  # how long each pre-key look took (for the benchmark)
        self.seen_rows: Any = None  # the rows of the last settled frame the turn loop read

    def observe(self, read: Any) -> str | None:
        """The turn loop's per-frame veto (`play_game(guard=driver.observe)`).

        Remembers what the loop last saw, so typing can be refused if the board changed
        behind its back (a person typed, another game loaded); a settled board found
        elsewhere is a move. Mid-animation grids can be off by a few px, so only settled
        reads count.
        """
        if read.found and getattr(read, "settled", True):
            if self.anchor is None:
                self.anchor = anchor_of(read.grid)  # (a run that started under a dialog)
            why = board_moved(self.anchor, read.grid)
            if why:
                return f"safety stop: {why}"
            self.seen_rows = getattr(read, "rows", None)
        return None

    def dialog(self, frame: np.ndarray) -> Any:
        """The page's dialog in `frame` over where the board was (before any board was seen:
        anywhere; the run started under it), or None."""
        found = self._overlay(frame)
        box = None if self.anchor is None else self.anchor.box
        if found is None or (box is not None and not found.covers(box)):
            return None
        return found

    def check(self, quiet: float = 0.0, dialog_ok: Callable[[Any], bool] | None = None) -> Any:
        """Grab a frame now and raise the safety stop unless the board is where it was.

        A toast or an animation may briefly hide part of the board, so a missing board is
        re-read for a short while before we give up; a board found elsewhere stops at once.
        With `quiet`, also wait until two settled reads `quiet` seconds apart agree.
        With `dialog_ok`, a frame without the board in place will do if it shows a dialog over
        the board that `dialog_ok` accepts (closing it is what the caller is about to do).
        """
        started = self._clock()
        deadline = started + self._settle_timeout
        calm: tuple[float, Any] | None = None  # (when, rows) of the first settled read
        while True:
            frame = self.screen.grab()
            read = self._read(frame)
            self.checks += 1
            settled = read.found and getattr(read, "settled", True)
            in_place = read.found and (
                self.anchor is None or board_moved(self.anchor, read.grid) is None)
            if dialog_ok is not None and not (in_place and settled):
                found = self.dialog(frame)
                if found is not None and dialog_ok(found):
                    self.check_ms.append((self._clock() - started) * 1000)
                    return read
            if read.found:
                why = None if self.anchor is None else board_moved(self.anchor, read.grid)
                if self.anchor is None and settled:
                    self.anchor = anchor_of(read.grid)
                if why is None:
                    now = self._clock()
                    if quiet > 0 and now < deadline:
                        rows = getattr(read, "rows", None)
                        if not getattr(read, "settled", True) or calm is None or \
                                calm[1] != rows:
                            calm = (now, rows) if getattr(read, "settled", True) else None
                            self._sleep(min(quiet, 0.1))
                            continue
                        if now - calm[0] < quiet:
                            self._sleep(min(quiet - (now - calm[0]), 0.1))
                            continue
                    self.check_ms.append((now - started) * 1000)
                    return read
                # A shaking or bouncing row can shift the grid for a moment: only a board that
                # stands still somewhere else (or stays off for the whole wait) is a move.
                if getattr(read, "settled", True) or self._clock() >= deadline:
                    raise SafetyStop(f"safety stop: {why}; not typing")
            elif self._clock() >= deadline:
                raise SafetyStop(
                    "safety stop: the board is gone (window covered, moved or closed); not typing",
                )
            self._sleep(0.05)

    def type_word(self, word: str) -> None:
        """Check the board (still, in place, as the loop last saw it), then type `word`."""
        read = self.check(self.quiet)
        rows = getattr(read, "rows", None)
        if self.seen_rows is not None and rows is not None:
            why = rows_differ(self.seen_rows, rows)
            if why:
                raise SafetyStop(
                    f"safety stop: the board changed since the bot last looked ({why}); "
                    "not typing")
        self.inner.type_word(word)

    def press_enter(self) -> None:
        """Check the board, let the typed letters stop popping, then submit.

        Waiting for a still row first means any change the loop sees after Enter is the
        page's answer to it (a flip, a shake, a toast), not the last letter's pop.
        """
        self.check(min(self.quiet, 0.15))  # a letter's pop lasts 100 ms
        self.inner.press_enter()

    def erase(self, n: int) -> None:
        """Check the board, then backspace `n` letters."""
        self.check()
        self.inner.erase(n)

    def press_escape(self) -> None:
        """Escape only while the board is in view where it was, or the page's dialog over it:
        never into a covering window."""
        self.check(dialog_ok=lambda _dialog: True)
        self.inner.press_escape()

    def click(self, x: float, y: float) -> None:
        """Click frame pixel (x, y) only while the board is where it was (the window may have
        moved: the pixel would then be something else's), or if a frame grabbed now shows a
        dialog over the board whose close X or backdrop is exactly there."""
        self.check(dialog_ok=lambda dialog: aims_at(dialog, (x, y)))
        self.inner.click(x, y)

    def click_key(self, keyboard: Any, label: str) -> None:
        """Click an on-screen key only while the board is where it was."""
        self.check()
        self.inner.click_key(keyboard, label)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)
