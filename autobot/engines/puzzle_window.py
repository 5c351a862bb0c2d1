"""Play a grid puzzle window on the desktop (Unruly: 0h h1's rules; Solo: Sudoku) from the
pixels: find the lattice, read the givens, solve, click (and type) each cell, check after each
move that the window shows it, and read the finished grid back from the window. A turn is one
cell, played by the one game loop (`autobot.loop.skeleton`: `UnrulySteps`, `SoloSteps`).

Nothing about the app is assumed beyond what a person sees: the colours are learned (the
commonest cell colour is "empty"; one click on an empty cell shows which colour one click
gives), the grid size and the Sudoku box shape come from the lines, and a rule the window does
not show (Unruly's unique rows, Solo's X diagonals) is tried only when the puzzle needs it.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from autobot.drivers.desktop.focus import watch_focus
from autobot.drivers.desktop.guard import Anchor
from autobot.errors import BadInput, NoBoardFound, SafetyStop
from autobot.games.puzzles import sudoku, takuzu
from autobot.games.runs import load_path
from autobot.loop.skeleton import Step, play_steps
from autobot.vision import glyphs
from autobot.vision.buttons import find_pad
from autobot.vision.digits import load_digit_templates
from autobot.vision.puzzle_grid import (
    Lattice,
    box_groups,
    cell_colours,
    cell_glyph,
    find_lattice,
    group_colours,
)

COLOUR_TOL = 40.0  # per channel: two cell colours this close are the same colour


class Screen(Protocol):
    """Frames of the desktop (MssScreen)."""

    def grab(self) -> np.ndarray: ...


class Hands(Protocol):
    """Clicks and keys (DesktopDriver)."""

    def click(self, x: float, y: float) -> None: ...

    def type_word(self, word: str) -> None: ...


@dataclass
class Played:
    """How a game went: won, cells filled, per-move latency (frame -> click) in ms."""

    puzzle: str
    size: str
    won: bool
    moves: int
    latency_ms: list[float] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    grid: str = ""
    lattice: Lattice | None = None  # where the grid was found (not in the summary)
    placed: list[tuple[int, int, int]] = field(default_factory=list)  # (row, col, value) made
    extra: dict[str, Any] = field(default_factory=dict)  # e.g. the focus watchdog's figures

    def summary(self) -> dict[str, Any]:
        """Figures for JSON."""
        lat = sorted(self.latency_ms)
        p95 = lat[min(len(lat) - 1, int(0.95 * len(lat)))] if lat else 0.0
        return {"puzzle": self.puzzle, "size": self.size, "won": self.won, "moves": self.moves,
                "move_ms_median": round(statistics.median(lat), 2) if lat else 0.0,
                "move_ms_p95": round(p95, 2), "notes": self.notes, "grid": self.grid,
                "latency_ms": [round(x, 2) for x in self.latency_ms],
                "placed": [list(move) for move in self.placed], **self.extra}


def find_grid(screen: Screen, timeout: float = 10.0) -> tuple[np.ndarray, Lattice]:
    """The first frame that shows a lattice of cells, or a clear error (exit 3)."""
    deadline = time.monotonic() + timeout
    while True:
        frame = screen.grab()
        lattice = find_lattice(frame)
        if lattice is not None and lattice.rows >= 4 and lattice.cols >= 4:
            return frame, lattice
        if time.monotonic() > deadline:
            raise NoBoardFound("no puzzle grid found on the screen")
        time.sleep(0.2)


class _Timed:
    """A screen that remembers when its last frame was grabbed: a move's latency runs from
    that frame to the click."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.last = time.perf_counter()

    def grab(self) -> np.ndarray:
        frame = self.screen.grab()
        self.last = time.perf_counter()
        return frame


def _wait_for(screen: Screen, ok: Callable[[np.ndarray], bool],
              timeout: float) -> tuple[np.ndarray, bool]:
    """Grab frames until `ok(frame)`: the last frame and whether it was ok (False: time up)."""
    deadline = time.monotonic() + timeout
    while True:
        frame = screen.grab()
        if ok(frame):
            return frame, True
        if time.monotonic() > deadline:
            return frame, False
        time.sleep(0.005)


def _near(a: np.ndarray, b: np.ndarray) -> bool:
    return bool(np.abs(np.asarray(a, float) - np.asarray(b, float)).max() <= COLOUR_TOL)


def _solve_takuzu(w: int, h: int, cells: list[int]) -> takuzu.Solution:
    """Solve without the unique-lines rule; with it when that leaves more than one answer."""
    sol = takuzu.solve(takuzu.new(w, h, cells))
    if sol.status == "multiple":
        sol = takuzu.solve(takuzu.new(w, h, cells, unique=True))
    return sol


def play_unruly(screen: Screen, hands: Hands, *, timeout: float = 10.0,
                settle: float = 2.0, log: Callable[[str], None] = print,
                on_grid: Callable[[Lattice], None] | None = None,
                on_start: Callable[[Played], None] | None = None) -> Played:
    """Fill an Unruly (0h h1) window by clicks; won when the window's grid is the solution.
    `on_grid` hears where the grid was found, before the first click; `on_start` gets the
    game being played, filled in as moves are made (a record of a run cut short)."""
    screen = _Timed(screen)
    frame, lat = find_grid(screen, timeout)
    if on_grid is not None:
        on_grid(lat)
    colours = cell_colours(frame, lat)
    labels, means = group_colours(colours, COLOUR_TOL)
    if len(means) < 2:
        raise NoBoardFound("the grid shows only one colour: no givens to start from")
    empty = means[0]
    # Givens' colours: value 0 and (if shown) value 1; which is which does not matter.
    refs: list[np.ndarray] = [means[1]] + ([means[2]] if len(means) > 2 else [])
    cells = [-1 if labels[r, c] == 0 else int(labels[r, c]) - 1 if labels[r, c] <= 2 else -2
             for r in range(lat.rows) for c in range(lat.cols)]
    if -2 in cells:
        raise NoBoardFound(f"the grid shows {len(means)} cell colours, not 3")
    sol = _solve_takuzu(lat.cols, lat.rows, cells)
    size = f"{lat.cols}x{lat.rows}"
    log(f"unruly {size}: {cells.count(-1)} empty cells, solver: {sol.status}"
        + (" (propagation alone)" if sol.by_propagation else ""))
    if sol.status != "solved":
        how = "no" if sol.status == "none" else "more than one"
        raise NoBoardFound(f"this {size} grid has {how} solution as read")
    target = sol.cells
    assert target is not None  # solved: its one answer
    played = Played("unruly", size, False, 0, lattice=lat)
    if on_start is not None:
        on_start(played)
    todo = [i for i, v in enumerate(cells) if v == -1]

    def colour_at(f: np.ndarray, i: int) -> np.ndarray:
        r, c = divmod(i, lat.cols)
        return cell_colours_one(f, lat, r, c)

    # Learn how many clicks each colour takes: one click on the first empty cell.
    first = todo[0]
    t_frame = screen.last
    _click_cell(hands, lat, first)
    played.latency_ms.append((time.perf_counter() - t_frame) * 1000)
    frame, _ = _wait_for(screen, lambda f: not _near(colour_at(f, first), empty), settle)
    one = colour_at(frame, first)
    if _near(one, empty):
        raise SafetyStop("a click on an empty cell changed nothing")
    if _near(one, refs[0]):
        clicks = {0: 1, 1: 2}
    elif len(refs) > 1 and _near(one, refs[1]):
        clicks = {1: 1, 0: 2}
    else:
        raise SafetyStop("one click gave a colour no given cell has")
    if len(refs) == 1:
        refs.append(np.zeros(3))  # learned when a two-click cell shows it
    played.moves += 1  # the learning cell
    played.placed.append((*divmod(first, lat.cols), target[first]))
    log(f"one click gives colour {clicks[0] == 1 and 0 or 1}; the other takes two")
    steps = UnrulySteps(screen, hands, lat, played, target, todo, clicks, empty, one, refs,
                        settle)
    play_steps(steps)
    return played


Cell = tuple[int, int, int]  # a move: (row, col, value)


class UnrulySteps:
    """An Unruly window's cells as the loop's steps (autobot.loop.skeleton): a turn is one
    cell, clicked as many times as its colour takes (learned from the first click)."""

    def __init__(self, screen: _Timed, hands: Hands, lat: Lattice, played: Played,
                 target: tuple[int, ...], todo: list[int], clicks: dict[int, int],
                 empty: np.ndarray, one: np.ndarray, refs: list[np.ndarray],
                 settle: float) -> None:
        self.screen, self.hands, self.lat, self.played = screen, hands, lat, played
        self.target, self.todo, self.clicks = target, list(todo), clicks
        self.empty, self.one, self.refs, self.patience = empty, one, refs, settle
        self.made = {todo[0]: 1}  # clicks already made on a cell (the learning one)

    def _need(self, i: int) -> int:
        return self.clicks[self.target[i]] - self.made.get(i, 0)

    def ready(self) -> Step:
        """The frame that showed the last cell; when none is left to fill, the grid read
        back from the window: WON when it is the solution, else OVER."""
        while self.todo and self._need(self.todo[0]) <= 0:
            self.todo.pop(0)  # the learning click already made it
        if self.todo:
            return Step.NEXT
        time.sleep(0.6)  # the finished grid flashes briefly
        played = self.played
        played.won, played.grid = _read_back_unruly(self.screen, self.lat, self.empty,
                                                     self.refs, self.target)
        return Step.WON if played.won else Step.OVER

    def decide(self) -> Cell:
        """The next empty cell and its colour in the solution."""
        i = self.todo[0]
        return (*divmod(i, self.lat.cols), self.target[i])

    def act(self, move: Cell) -> Step:
        """Click the cell as many times as its colour takes."""
        r, c, want = move
        i = r * self.lat.cols + c
        t_frame = self.screen.last  # the frame that showed the previous move
        for k in range(self._need(i)):
            _click_cell(self.hands, self.lat, i)
            if k == 0:
                self.played.latency_ms.append((time.perf_counter() - t_frame) * 1000)
        self.made[i] = self.clicks[want]
        self.played.moves += 1
        self.played.placed.append(move)
        return Step.NEXT

    def settle(self, move: Cell) -> Step:
        """Wait until the window shows the cell in its colour (the first two-click cell
        teaches the second colour)."""
        r, c, want = move
        lat, empty, one = self.lat, self.empty, self.one

        def colour(f: np.ndarray) -> np.ndarray:
            return cell_colours_one(f, lat, r, c)

        ref = self.refs[want]
        self.todo.pop(0)
        if not ref.any():
            frame, _ = _wait_for(self.screen, lambda f: not _near(colour(f), empty)
                                 and not _near(colour(f), one), self.patience)
            self.refs[want] = colour(frame)
            return Step.NEXT
        _, shown = _wait_for(self.screen, lambda f: _near(colour(f), ref), self.patience)
        if not shown:
            raise SafetyStop(f"cell {(r, c)} does not show the colour clicked")
        return Step.NEXT


def cell_colours_one(frame: np.ndarray, lat: Lattice, row: int, col: int) -> np.ndarray:
    """One cell's middle colour (median RGB)."""
    return np.median(lat.crop(frame, row, col, 0.35).reshape(-1, 3), axis=0)


def _click_cell(hands: Hands, lat: Lattice, i: int) -> None:
    r, c = divmod(i, lat.cols)
    hands.click(*lat.centre(r, c))


def _read_back_unruly(screen: Screen, lat: Lattice, empty: np.ndarray, refs: list[np.ndarray],
                      target: tuple[int, ...]) -> tuple[bool, str]:
    """Read every cell from a fresh frame; won when each shows the solution's colour."""
    deadline = time.monotonic() + 3.0
    while True:
        frame = screen.grab()
        colours = cell_colours(frame, lat)
        got = []
        for r in range(lat.rows):
            for c in range(lat.cols):
                col = colours[r, c]
                got.append(0 if _near(col, refs[0]) else 1 if _near(col, refs[1]) else -1)
        if got == list(target) or time.monotonic() > deadline:
            text = "\n".join("".join(".01"[v + 1] for v in got[r * lat.cols:(r + 1) * lat.cols])
                             for r in range(lat.rows))
            return got == list(target), text
        time.sleep(0.1)


# Solo writes the symbols past 9 as letters: 10 'a', 11 'b' ... (a 16x16 ends at 'g').
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def symbol_value(symbol: str) -> int:
    """A cell's symbol -> its value: '1'..'9', then 'a' = 10 ... (-1 for anything else)."""
    if symbol.isdigit() and symbol != "0":
        return int(symbol)
    return 10 + LETTERS.index(symbol) if symbol in LETTERS else -1


def value_key(value: int) -> str:
    """The key that enters `value` (a digit, or the letter of a value past 9)."""
    return str(value) if value <= 9 else LETTERS[value - 10]


def read_solo(frame: np.ndarray, lat: Lattice, templates: Any) -> list[tuple[int, Any]]:
    """Each cell's value (0 blank, -1 unreadable) and ink colour, row by row."""
    out: list[tuple[int, Any]] = []
    for r in range(lat.rows):
        for c in range(lat.cols):
            g = cell_glyph(frame, lat, r, c)
            if g.crop is None:
                out.append((0, None))
                continue
            letter, score = templates.match([glyphs.normalise(g.crop)])[0]
            out.append((symbol_value(letter), g.ink))
    return out


def learn_letters(screen: Screen, hands: Hands, lat: Lattice, spots: list[int], n: int,
                  templates: Any, played: Played, settle: float) -> Any:
    """Symbols past 9 drawn as the app draws them: each letter key typed once into an empty
    cell (the fill overwrites it later), its glyph kept; the templates plus those glyphs."""
    keys, crops = [], []
    for value, i in zip(range(10, n + 1), spots, strict=False):
        r, c = divmod(i, n)
        key = value_key(value)
        t_frame = getattr(screen, "last", time.perf_counter())
        hands.click(*lat.centre(r, c))
        hands.type_word(key)
        played.latency_ms.append((time.perf_counter() - t_frame) * 1000)
        frame, shown = _wait_for(screen, lambda f, r=r, c=c: cell_glyph(f, lat, r, c).crop
                                 is not None, settle)
        if not shown:
            raise SafetyStop(f"cell ({r}, {c}) shows nothing after the key {key!r}")
        time.sleep(0.05)  # drawn in full
        crop = cell_glyph(screen.grab(), lat, r, c).crop
        if crop is None:
            raise SafetyStop(f"cell ({r}, {c}) lost the {key!r} typed")
        keys.append(key)
        crops.append(glyphs.normalise(crop))
    return glyphs.with_glyphs(templates, keys, crops)


def letters_as_drawn(frame: np.ndarray, lat: Any, want: Sequence[int], templates: Any) -> Any:
    """The digit templates plus each letter (values past 9) as the window draws it in the first
    cell the solution puts it in: the other cells of that value must then read as it, the
    cells of every other value must not (one shape per value, as the solution partitions them)."""
    keys, crops = [], []
    for value in sorted({v for v in want if v > 9}):
        r, c = divmod(list(want).index(value), lat.cols)
        crop = cell_glyph(frame, lat, r, c).crop
        if crop is not None:
            keys.append(value_key(value))
            crops.append(glyphs.normalise(crop))
    return glyphs.with_glyphs(templates, keys, crops)


class CellEntry:
    """How the screen takes a digit into a cell, learned from the first move and kept: click
    the cell and type the key; else click the cell and the digit on an on-screen pad (buttons
    or numerals outside the grid whose glyphs read as digits, or ones the click popped up);
    else the pad's digit first, then the cell; else hover the cell (no click) and type."""

    WAYS = ("keys", "pad", "digit-first", "hover")

    def __init__(self, screen: Screen, hands: Hands, lat: Lattice, templates: Any, values: int,
                 settle: float, log: Callable[[str], None]) -> None:
        self.screen, self.hands, self.lat = screen, hands, lat
        self.templates, self.values, self.settle, self.log = templates, values, settle, log
        self.way: str | None = None
        self.pad: dict[int, tuple[int, int]] = {}
        self.tried: list[str] = []
        self.first_sent = 0.0  # perf_counter when the last move's first input was sent
        self.popup = False  # the pad pops up by the clicked cell (found again every move)
        self.start: np.ndarray | None = None  # the frame before the learning move's tries

    def grid_box(self) -> tuple[int, int, int, int]:
        """The grid's box in frame pixels (a pad lies outside it)."""
        lat = self.lat
        x1, y1 = lat.box(lat.rows - 1, lat.cols - 1)[2:]
        return lat.xs[0], lat.ys[0], x1, y1

    def send(self, way: str, r: int, c: int, value: int) -> bool:
        """Enter `value` at cell (r, c) one way; False when this screen has no such way."""
        centre = self.lat.centre(r, c)
        if way == "keys":
            self.hands.click(*centre)
            self.sent()
            self.hands.type_word(value_key(value))
        elif way == "pad":
            before = self.screen.grab() if self.popup else self.start
            self.hands.click(*centre)
            self.sent()
            if self.popup or not self.pad:
                self.pad = self.find_pad(before)
            elif value not in self.pad:  # a digit not read at first (or shown again): look
                self.pad = {**self.find_pad(None), **self.pad}
            if value not in self.pad:
                return False
            self.hands.click(*self.pad[value])
        elif way == "digit-first":  # the pad's digit picked, then the cell clicked
            if not self.pad or self.popup:
                return False  # no pad beside the grid was seen by the cell-first try
            if value not in self.pad:  # a digit not read at first (or shown again): look
                self.pad = {**self.find_pad(None), **self.pad}
            if value not in self.pad:
                return False
            self.hands.click(*self.pad[value])
            self.sent()
            self.hands.click(*centre)
        else:
            hover = getattr(self.hands, "hover", None)
            if hover is None:
                return False
            hover(*centre)
            self.sent()
            self.hands.type_word(value_key(value))
        return True

    def sent(self) -> None:
        """Note when a move's first input went out (its latency's end)."""
        self.first_sent = self.first_sent or time.perf_counter()

    def find_pad(self, before: np.ndarray | None) -> dict[int, tuple[int, int]]:
        """The digit pad: one beside the grid (kept for the game), else one that popped up
        when the cell was clicked (looked for again on every move: it follows the cell)."""
        side = self.lat.side  # a pad's numerals are about a cell's digit in size
        heights = (max(6, side // 4), 3 * side // 2)
        # Learning, a page with no pad is the common case: a short look; once known, a pad
        # that is slow to pop up gets the full wait.
        deadline = time.monotonic() + (self.settle if self.way else min(1.0, self.settle))
        while True:
            time.sleep(0.1)  # a pad may appear, or slide in, once a cell is chosen
            frame = self.screen.grab()
            # What the click made appear first (a popup may reach past the grid's edge: part
            # of it alone could pass for a pad beside the grid); then a pad that was there.
            if before is not None:
                pad = find_pad(frame, self.templates, self.values, glyph_height=heights,
                               before=before)
                if pad:
                    self.popup = True
                    return pad
            if not self.popup:
                pad = find_pad(frame, self.templates, self.values, skip=[self.grid_box()],
                               glyph_height=heights)
                if pad:
                    return pad
            if time.monotonic() > deadline:
                return {}

    def enter(self, r: int, c: int, value: int, shows: Callable[[np.ndarray], bool]
              ) -> bool | None:
        """Enter `value` at (r, c) the way learned (None: not yet seen, `shown` waits for
        it); the first move tries each way in turn, waiting on each, and keeps the one that
        worked (False: no way showed it)."""
        self.first_sent = 0.0
        # Learning: the frame before any try, so a pad that an earlier try popped up is new.
        self.start = self.screen.grab() if self.way is None else None
        if self.way is not None:
            self.send(self.way, r, c, value)
            return None
        for way in self.WAYS:
            self.tried.append(way)
            if not self.send(way, r, c, value):
                continue
            if self.shown(shows):
                self.way = way
                if way != "keys":
                    self.log(f"the cell took the digit by {way}" + (
                        f" ({len(self.pad)} digits on the pad)" if self.pad else ""))
                return True
        return False

    def shown(self, shows: Callable[[np.ndarray], bool]) -> bool:
        """Wait until `shows` sees the digit entered (False: not within the settle time)."""
        return _wait_for(self.screen, shows, self.settle)[1]


def _solve_sudoku(c: int, r: int, cells: list[int]) -> sudoku.Solution:
    """Solve as drawn; with X diagonals when the plain rules leave more than one answer."""
    sol = sudoku.solve(sudoku.new(c, r, cells))
    if sol.status == "multiple":
        sol = sudoku.solve(sudoku.new(c, r, cells, x=True))
    return sol


def play_solo(screen: Screen, hands: Hands, *, timeout: float = 10.0, settle: float = 2.0,
              log: Callable[[str], None] = print,
              on_grid: Callable[[Lattice], None] | None = None,
              on_start: Callable[[Played], None] | None = None) -> Played:
    """Fill a Solo (Sudoku) window: click a cell, type its digit; won when the window's grid is
    the solution. `on_grid` hears where the grid was found, before the first click; `on_start`
    gets the game being played, filled in as moves are made."""

    screen = _Timed(screen)
    templates = load_digit_templates()
    frame, lat = find_grid(screen, timeout)
    if on_grid is not None:
        on_grid(lat)
    if lat.rows != lat.cols:
        raise NoBoardFound(f"a Sudoku grid is square, this one is {lat.cols}x{lat.rows}")
    n = lat.cols
    if n > 9 + len(LETTERS):
        raise BadInput(f"a {n}x{n} Sudoku has more symbols than digits and letters")
    bw, bh = box_groups(lat)
    if bw * bh != n:
        raise NoBoardFound(f"boxes of {bw}x{bh} cells do not tile a {n}x{n} grid")
    played = Played("solo", f"{n}x{n} ({bw}x{bh} boxes)", False, 0, lattice=lat)
    if on_start is not None:
        on_start(played)
    if n > 9:
        # Values past 9 are letters in the app's font: typed once each to see them drawn.
        blank = [i for i, (d, _) in enumerate(read_solo(frame, lat, templates)) if d == 0]
        templates = learn_letters(screen, hands, lat, blank, n, templates, played, settle)
        read = read_solo(frame, lat, templates)
    else:
        read = read_solo(frame, lat, templates)
    cells = [d for d, _ in read]
    if -1 in cells or max(cells) > n:
        raise NoBoardFound("a given digit could not be read")
    sol = _solve_sudoku(bw, bh, cells)
    size = f"{n}x{n} ({bw}x{bh} boxes)"
    log(f"solo {size}: {cells.count(0)} empty cells, solver: {sol.status}"
        + (" (propagation alone)" if sol.by_propagation else ""))
    if sol.status != "solved":
        raise NoBoardFound(f"this grid has {'no' if sol.status == 'none' else 'more than one'} "
                           "solution as read")
    assert sol.cells is not None  # solved: its one answer
    entry = CellEntry(screen, hands, lat, templates, n, settle, log)
    play_steps(SoloSteps(screen, entry, played, cells, sol.cells, (bw, bh)))
    return played


class SoloSteps:
    """A Solo window's empty cells as the loop's steps (autobot.loop.skeleton): a turn is one
    cell, its digit entered as the window takes it (`CellEntry`, learned on the first)."""

    def __init__(self, screen: _Timed, entry: CellEntry, played: Played, cells: list[int],
                 solution: tuple[int, ...], boxes: tuple[int, int]) -> None:
        self.screen, self.entry, self.played, self.solution = screen, entry, played, solution
        self.lat, self.templates, self.boxes = entry.lat, entry.templates, boxes
        self.todo = [i for i, v in enumerate(cells) if not v]
        self.t_frame = 0.0
        self.learnt: bool | None = None  # the learning move's answer (it waited already)

    def ready(self) -> Step:
        """The frame that showed the last digit; when no cell is left, the grid read back
        from the window: WON when it is the solution, else OVER."""
        if self.todo:
            return Step.NEXT
        played, lat = self.played, self.lat
        played.extra["input"] = self.entry.way or ""
        time.sleep(0.6)  # the finished grid flashes briefly
        deadline = time.monotonic() + 3.0
        while True:
            got = [d for d, _ in read_solo(self.screen.grab(), lat, self.templates)]
            if got == list(self.solution) or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        played.won = got == list(self.solution)
        played.grid = sudoku.render(sudoku.new(*self.boxes, [max(0, d) for d in got]))
        return Step.WON if played.won else Step.OVER

    def decide(self) -> Cell:
        """The next empty cell and its digit in the solution."""
        i = self.todo[0]
        return (*divmod(i, self.lat.cols), self.solution[i])

    def shows(self, move: Cell) -> Callable[[np.ndarray], bool]:
        """Does a frame show the move's digit in its cell?"""
        r, c, want = move
        lat, templates = self.lat, self.templates

        def shows(f: np.ndarray) -> bool:
            g = cell_glyph(f, lat, r, c)
            if g.crop is None:
                return False
            return templates.match([glyphs.normalise(g.crop)])[0][0] == value_key(want)

        return shows

    def act(self, move: Cell) -> Step:
        """Enter the digit the way the window takes it (the first move learns the way)."""
        self.t_frame = self.screen.last  # the frame that showed the previous move
        self.learnt = self.entry.enter(*move, self.shows(move))
        return Step.NEXT

    def settle(self, move: Cell) -> Step:
        """Wait until the window shows the digit in its cell."""
        entry, played = self.entry, self.played
        ok = self.learnt if self.learnt is not None else entry.shown(self.shows(move))
        # The latency runs from the frame before the move to its input sent (not shown).
        played.latency_ms.append(((entry.first_sent or time.perf_counter()) - self.t_frame)
                                 * 1000)
        played.moves += 1
        played.placed.append(move)
        if not ok:
            r, c, want = move
            tried = ", ".join(entry.tried) if entry.way is None else entry.way
            raise SafetyStop(f"cell ({r}, {c}) does not show the {value_key(want)} entered "
                             f"(tried: {tried})")
        self.todo.pop(0)
        return Step.NEXT


# --- the focus watchdog: clicks and keys only while the puzzle's window has the focus -----------


def lattice_anchor(lat: Lattice) -> Any:
    """The grid as the focus watchdog places a board (its box, frame pixels)."""
    x0, y0 = lat.xs[0], lat.ys[0]
    x1, y1 = lat.xs[-1] + lat.side, lat.ys[-1] + lat.side
    return Anchor(float(x0), float(y0), float(lat.side), float(lat.side), (x0, y0, x1, y1))


class WatchedScreen:
    """Frames, each read only after the watchdog saw the focus still on the puzzle's window
    (the window that took it may also hide the grid: stop now, not at a later time-out)."""

    def __init__(self, screen: Screen, dog: Any) -> None:
        self.screen = screen
        self._dog = dog

    def grab(self) -> np.ndarray:
        self._dog.watch()
        return self.screen.grab()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.screen, name)


class WatchedHands:
    """Clicks and keys (the driver's own pre-input check asks the watchdog first); after a
    click, the puzzle's window must have the keyboard focus: the click gave it (a moment is
    allowed for that once, at the start), and a puzzle of clicks alone is watched as well as
    one with keys."""

    def __init__(self, hands: Hands, dog: Any) -> None:
        self.hands = hands
        self._dog = dog

    def click(self, x: float, y: float) -> None:
        self.hands.click(x, y)
        self._dog.check()

    def type_word(self, word: str) -> None:
        self.hands.type_word(word)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.hands, name)


def play_watched(puzzle: Any, screen: Any, hands: Any, *, timeout: float = 10.0,
                 record: Any = None, log: Callable[[str], None] = print) -> Played:
    """Play `puzzle` (a registry `Puzzle`) on the desktop with the focus watchdog on every
    click, key and frame where X11 can be asked (the pixels alone elsewhere). `record` (a
    `GameRecord`) is kept able to write the game so far: a stop or a signal records it."""
    grid: list[Lattice] = []
    size = getattr(screen, "size", (0, 0))
    dog = watch_focus(hands, lambda: lattice_anchor(grid[0]) if grid else None, size)
    keep_progress(record, puzzle, None, lambda: focus_figures(dog))
    play = load_path(puzzle.player)
    if dog is not None:
        screen, hands = WatchedScreen(screen, dog), WatchedHands(hands, dog)
    played: Played = play(screen, hands, timeout=timeout, log=log, on_grid=grid.append,
                          on_start=lambda game: keep_progress(record, puzzle, game,
                                                              lambda: focus_figures(dog)))
    played.extra.update(focus_figures(dog))
    return played


def keep_progress(record: Any, puzzle: Any, played: Played | None,
                  extra: Callable[[], dict[str, Any]] = dict) -> None:
    """Let `record` write the puzzle game so far, in its own shape, if the run is cut short."""
    if record is None:
        return

    def so_far() -> dict[str, Any]:
        data = played.summary() if played is not None else {
            "puzzle": puzzle.app, "won": False, "moves": 0, "placed": []}
        return {**data, **extra()}

    record.progress = so_far


def focus_figures(dog: Any) -> dict[str, Any]:
    """The record's fields for the watchdog: the window clicked into, how often it was asked."""
    return {} if dog is None else dog.figures()


def read_unruly_grid(frame: np.ndarray, lat: Lattice) -> tuple[list[str], dict[str, Any]]:
    """An Unruly grid as text rows: '.' empty, 0 the lighter colour, 1 the darker."""
    labels, means = group_colours(cell_colours(frame, lat))
    lighter = sorted(range(1, len(means)), key=lambda k: -float(np.mean(means[k])))
    sym = {0: ".", **{k: "01"[min(n, 1)] for n, k in enumerate(lighter)}}
    return ["".join(sym[int(v)] for v in row) for row in labels], {}


def read_solo_grid(frame: np.ndarray, lat: Lattice) -> tuple[list[str], dict[str, Any]]:
    """A Solo grid as text rows of digits ('.' empty, '?' unread), and its boxes."""

    cells = read_solo(frame, lat, load_digit_templates())
    rows = ["".join("?" if d < 0 else str(d) if d else "."
                    for d, _ in cells[r * lat.cols:(r + 1) * lat.cols])
            for r in range(lat.rows)]
    return rows, {"boxes": list(box_groups(lat))}
