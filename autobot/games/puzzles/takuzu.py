"""0h h1 / Takuzu / Unruly: fill a grid with two colours, each line balanced, no three in a row.

A board is a flat list of cells, row by row: -1 empty, 0 or 1 a colour (0h h1: red/blue;
Unruly: 0 white, 1 black). `solve` propagates the forced moves (pairs, sandwiches, full counts,
unique lines: all that every fitting completion of a line agrees on), searches when they
stall and looks for a second solution; `check` is the slow reference: a filled grid against
the rules, not against a stored answer.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from autobot.errors import AutobotError

EMPTY = -1


@dataclass(frozen=True)
class Takuzu:
    """A puzzle: its width, height, givens (flat, -1 empty) and whether lines must differ."""

    width: int
    height: int
    cells: tuple[int, ...]
    unique: bool = False

    def rows(self, cells: Sequence[int] | None = None) -> list[list[int]]:
        """The grid (the givens, or `cells`) as a list of rows."""
        c = self.cells if cells is None else cells
        return [list(c[y * self.width:(y + 1) * self.width]) for y in range(self.height)]


@dataclass(frozen=True)
class Solution:
    """What the solver found: status "solved" / "none" / "multiple", a grid, how it got there."""

    status: str
    cells: tuple[int, ...] | None  # the solution (the first one found when "multiple")
    by_propagation: bool  # the forced moves alone filled the grid
    nodes: int  # search nodes tried (0 when propagation did it)
    other: tuple[int, ...] | None = None  # a second solution, when there is one


def new(width: int, height: int, cells: Sequence[int], unique: bool = False) -> Takuzu:
    """A checked puzzle, or a clear error (sizes even and at least 2, cells -1/0/1)."""
    if width < 2 or height < 2 or width % 2 or height % 2:
        raise AutobotError(f"a Takuzu grid needs even sides, got {width}x{height}")
    if len(cells) != width * height or any(v not in (EMPTY, 0, 1) for v in cells):
        raise AutobotError(f"a {width}x{height} Takuzu grid needs {width * height} cells of -1/0/1")
    return Takuzu(width, height, tuple(cells), unique)


def parse_unruly(game_id: str) -> Takuzu:
    """An Unruly game ID ("8x8:bEACHc..." or "8x8u:...") -> a puzzle (0 white, 1 black).

    Each letter is a run of empty cells ending in a given one: lower case white, upper case
    black; 'z'/'Z' is 25 empty cells and no given (Unruly's own encoding).
    """
    params, sep, desc = game_id.strip().partition(":")
    head = params.split("#")[0]
    size = head.rstrip("abcdefghijklmnopqrstuvwxyz")
    unique = "u" in head[len(size):]
    try:
        w, h = (int(p) for p in size.split("x"))
    except ValueError:
        raise AutobotError(f"not an Unruly game ID: {game_id!r}") from None
    if not sep or not desc.isalpha():
        raise AutobotError(f"not an Unruly game ID: {game_id!r}")
    cells = [EMPTY] * (w * h)
    pos = 0
    for ch in desc:
        skip = ord(ch.lower()) - ord("a")
        if ch in "zZ":
            pos += 25
            continue
        pos += skip
        if pos < len(cells):
            cells[pos] = 1 if ch.isupper() else 0
        pos += 1
    if pos < len(cells):
        raise AutobotError(f"Unruly game ID too short for {w}x{h}: {game_id!r}")
    return new(w, h, cells, unique)


def _lines(width: int, height: int) -> list[list[int]]:
    """Every row then every column as lists of flat indices."""
    rows = [[y * width + x for x in range(width)] for y in range(height)]
    cols = [[y * width + x for y in range(height)] for x in range(width)]
    return rows + cols


def check(puzzle: Takuzu, cells: Sequence[int]) -> list[str]:
    """The slow reference: every rule a filled grid breaks, in words (empty list: solved)."""
    w, h = puzzle.width, puzzle.height
    problems: list[str] = []
    if len(cells) != w * h:
        return [f"{len(cells)} cells, not {w * h}"]
    for i, (given, v) in enumerate(zip(puzzle.cells, cells, strict=True)):
        if v not in (0, 1):
            problems.append(f"cell {i} is not filled")
        elif given != EMPTY and given != v:
            problems.append(f"cell {i} changes a given")
    rows = [tuple(cells[y * w + x] for x in range(w)) for y in range(h)]
    cols = [tuple(cells[y * w + x] for y in range(h)) for x in range(w)]
    for kind, lines in (("row", rows), ("column", cols)):
        for n, line in enumerate(lines):
            if line.count(0) != line.count(1):
                problems.append(f"{kind} {n} is not balanced")
            for k in range(len(line) - 2):
                if line[k] == line[k + 1] == line[k + 2] != EMPTY:
                    problems.append(f"{kind} {n} has three alike at {k}")
        if puzzle.unique:
            for a, b in itertools.combinations(range(len(lines)), 2):
                if lines[a] == lines[b]:
                    problems.append(f"{kind}s {a} and {b} are alike")
    return problems


@cache
def _valid_lines(n: int) -> np.ndarray:
    """Every balanced line of `n` cells with no three alike, as bitmasks (bit k: cell k is 1)."""
    out = [sum(v << k for k, v in enumerate(r)) for r in itertools.product((0, 1), repeat=n)
           if r.count(0) == r.count(1) and not any(r[k] == r[k + 1] == r[k + 2]
                                                  for k in range(n - 2))]
    return np.array(out, dtype=np.int64)


class _Solver:
    """Line propagation over flat cells plus a depth-first search that stops at two solutions.

    A line's forced cells are those every fitting completion agrees on: a completion must keep
    the line's colours, be balanced, have no three alike and (unique rule) differ from every
    full line beside it. That holds the classic moves (pairs, sandwiches, full counts, unique
    lines) and the ones they reach by counting.
    """

    def __init__(self, puzzle: Takuzu) -> None:
        self.p = puzzle
        self.lines = _lines(puzzle.width, puzzle.height)
        self.group_of = [0] * puzzle.height + [1] * puzzle.width
        self.valid = [_valid_lines(len(line)) for line in self.lines]
        self.nodes = 0

    def propagate(self, g: list[int]) -> bool:
        """Fill every forced cell in place; False on a contradiction."""
        w, h = self.p.width, self.p.height
        masks = [[0, 0] for _ in self.lines]  # per line: bits of its 1s, bits of its 0s
        for i, v in enumerate(g):
            if v != EMPTY:
                y, x = divmod(i, w)
                masks[y][1 - v] |= 1 << x
                masks[h + x][1 - v] |= 1 << y
        changed = True
        while changed:
            changed = False
            for n, line in enumerate(self.lines):
                ones, zeros = masks[n]
                full = (1 << len(line)) - 1
                valid = self.valid[n]
                fits = valid[((valid & ones) == ones) & ((valid & zeros) == 0)]
                if self.p.unique:
                    taken = [o for m, (o, z) in enumerate(masks) if m != n
                             and self.group_of[m] == self.group_of[n] and o | z == full]
                    if taken:
                        fits = fits[~np.isin(fits, taken)]
                if not len(fits):
                    return False
                if ones | zeros == full:
                    continue
                must1 = int(np.bitwise_and.reduce(fits)) & ~ones
                must0 = ~int(np.bitwise_or.reduce(fits)) & full & ~zeros
                for k, i in enumerate(line):
                    colour = 1 if must1 >> k & 1 else 0 if must0 >> k & 1 else EMPTY
                    if colour != EMPTY:
                        g[i] = colour
                        y, x = divmod(i, w)
                        masks[y][1 - colour] |= 1 << x
                        masks[h + x][1 - colour] |= 1 << y
                        changed = True
        return True

    def search(self, g: list[int], found: list[tuple[int, ...]], limit: int) -> None:
        """Depth-first over the most constrained line's first gap, collecting solutions."""
        if not self.propagate(g):
            return
        best: list[int] | None = None
        for line in self.lines:
            gaps = [i for i in line if g[i] == EMPTY]
            if gaps and (best is None or len(gaps) < len(best)):
                best = gaps
        if best is None:
            if not check(self.p, g):  # the propagation rules are local; the checker is final
                found.append(tuple(g))
            return
        for v in (0, 1):
            if len(found) >= limit:
                return
            self.nodes += 1
            h = list(g)
            h[best[0]] = v
            self.search(h, found, limit)


def solve(puzzle: Takuzu) -> Solution:
    """Solve by propagation, then search; look for a second solution to tell "multiple"."""
    s = _Solver(puzzle)
    g = list(puzzle.cells)
    if not s.propagate(g):
        return Solution("none", None, False, 0)
    if EMPTY not in g:
        if check(puzzle, g):
            return Solution("none", None, False, 0)
        return Solution("solved", tuple(g), True, 0)
    found: list[tuple[int, ...]] = []
    s.search(g, found, 2)
    if not found:
        return Solution("none", None, False, s.nodes)
    if len(found) > 1:
        return Solution("multiple", found[0], False, s.nodes, found[1])
    return Solution("solved", found[0], False, s.nodes)


def solve_reference(puzzle: Takuzu, limit: int = 2) -> list[tuple[int, ...]]:
    """The slow, obviously correct solver: every valid row that fits the givens, stacked in
    every way (a stack dropped once a column breaks a rule), each full grid kept when `check`
    passes (up to `limit`). Small grids only."""
    w, h = puzzle.width, puzzle.height
    rows = puzzle.rows()
    valid = [r for r in itertools.product((0, 1), repeat=w)
             if r.count(0) == r.count(1)
             and not any(r[k] == r[k + 1] == r[k + 2] for k in range(w - 2))]
    choices = [[r for r in valid if all(g in (EMPTY, v) for g, v in zip(row, r, strict=True))]
               for row in rows]
    found: list[tuple[int, ...]] = []

    def stack(done: list[tuple[int, ...]]) -> None:
        if len(found) >= limit:
            return
        # Prune a stack whose columns already hold more than half of a colour or three alike.
        for x in range(w):
            col = [r[x] for r in done]
            if col.count(0) > h // 2 or col.count(1) > h // 2 or (
                    len(col) >= 3 and col[-1] == col[-2] == col[-3]):
                return
        if len(done) == h:
            cells = tuple(v for r in done for v in r)
            if not check(puzzle, cells):
                found.append(cells)
            return
        for r in choices[len(done)]:
            stack([*done, r])

    stack([])
    return found


def render(puzzle: Takuzu, cells: Sequence[int] | None = None, chars: str = "01") -> str:
    """The grid as text: one line per row, '.' empty."""
    return "\n".join("".join("." if v == EMPTY else chars[v] for v in row)
                     for row in puzzle.rows(cells))
