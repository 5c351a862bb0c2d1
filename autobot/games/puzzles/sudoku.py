"""Sudoku / Solo: fill an n x n grid (n = c*r boxes of c columns by r rows) so every row,
column and box (and, with X, each main diagonal) holds 1..n once.

A board is a flat list of cells, row by row: 0 empty, 1..n a digit. `solve` keeps each cell's
candidates as a bitmask, propagates singles (naked and hidden) and searches (fewest candidates
first) when they stall, looking for a second solution; `check` is the slow reference: a filled
grid against the rules, not against a stored answer.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from autobot.errors import AutobotError


@dataclass(frozen=True)
class Sudoku:
    """A puzzle: box width c, box height r (n = c*r), givens (flat, 0 empty), X diagonals."""

    c: int
    r: int
    cells: tuple[int, ...]
    x: bool = False

    @property
    def n(self) -> int:
        """Digits, and cells per side."""
        return self.c * self.r

    def units(self) -> list[list[int]]:
        """Every row, column, box (and diagonal with X) as lists of flat indices."""
        n, c, r = self.n, self.c, self.r
        units = [[y * n + x for x in range(n)] for y in range(n)]
        units += [[y * n + x for y in range(n)] for x in range(n)]
        for by in range(0, n, r):
            for bx in range(0, n, c):
                units.append([(by + dy) * n + bx + dx for dy in range(r) for dx in range(c)])
        if self.x:
            units.append([k * n + k for k in range(n)])
            units.append([k * n + n - 1 - k for k in range(n)])
        return units


@dataclass(frozen=True)
class Solution:
    """What the solver found: status "solved" / "none" / "multiple", a grid, how it got there."""

    status: str
    cells: tuple[int, ...] | None
    by_propagation: bool
    nodes: int
    other: tuple[int, ...] | None = field(default=None)


def new(c: int, r: int, cells: Sequence[int], x: bool = False) -> Sudoku:
    """A checked puzzle, or a clear error."""
    n = c * r
    if c < 1 or r < 1 or n < 2 or n > 36:
        raise AutobotError(f"a Sudoku box must be at least 1x1 and at most 36 cells, got {c}x{r}")
    if len(cells) != n * n or any(not 0 <= v <= n for v in cells):
        raise AutobotError(f"a {n}x{n} Sudoku needs {n * n} cells of 0..{n}")
    return Sudoku(c, r, tuple(cells), x)


def parse_solo(game_id: str) -> Sudoku:
    """A Solo game ID ("3x3:e7_9e1..." or "3x3x:...") -> a puzzle.

    Letters are runs of empty cells ('a' one .. 'z' 26), numbers are givens, '_' separates two
    numbers. Jigsaw and Killer layouts are not taken (a clear error).
    """
    params, sep, desc = game_id.strip().partition(":")
    m = re.fullmatch(r"(\d+)(?:x(\d+))?([a-z]*)", params.split("#")[0])
    if not sep or m is None or not re.fullmatch(r"[a-z0-9_]+", desc):
        raise AutobotError(f"not a Solo game ID: {game_id!r}")
    # Solo's "CxR" draws boxes R cells wide and C tall (a 2x3 grid's boxes are 3 wide).
    r = int(m.group(1))
    c = int(m.group(2)) if m.group(2) else r
    flags = m.group(3)
    if "j" in flags or "k" in flags or "," in desc:
        raise AutobotError(f"Jigsaw and Killer Solo IDs are not supported: {game_id!r}")
    cells: list[int] = []
    for run, number in re.findall(r"([a-z])|(\d+)", desc):
        if run:
            cells.extend([0] * (ord(run) - ord("a") + 1))
        else:
            cells.append(int(number))
    n = c * r
    if len(cells) != n * n:
        raise AutobotError(f"Solo ID gives {len(cells)} cells, a {n}x{n} grid has {n * n}")
    return new(c, r, cells, x="x" in flags)


def parse_text(text: str, x: bool = False) -> Sudoku:
    """81 characters of digits with '0' or '.' for empty (a 9x9 with 3x3 boxes)."""
    chars = [ch for ch in text.strip() if not ch.isspace()]
    if len(chars) != 81 or any(ch not in "0123456789." for ch in chars):
        raise AutobotError(f"a Sudoku as text is 81 digits with 0 or . for empty, got {text!r}")
    return new(3, 3, [0 if ch == "." else int(ch) for ch in chars], x)


def check(puzzle: Sudoku, cells: Sequence[int]) -> list[str]:
    """The slow reference: every rule a filled grid breaks, in words (empty list: solved)."""
    n = puzzle.n
    if len(cells) != n * n:
        return [f"{len(cells)} cells, not {n * n}"]
    problems = [f"cell {i} changes a given" for i, (g, v) in enumerate(zip(puzzle.cells, cells,
                strict=True)) if g and g != v]
    names = ["row"] * n + ["column"] * n + ["box"] * n + ["diagonal"] * 2
    for k, unit in enumerate(puzzle.units()):
        if sorted(cells[i] for i in unit) != list(range(1, n + 1)):
            problems.append(f"{names[k]} {k % n} does not hold 1..{n} once each")
    return problems


class _Solver:
    """Bitmask candidates, singles propagation and a fewest-candidates-first search."""

    def __init__(self, puzzle: Sudoku) -> None:
        self.p = puzzle
        n = puzzle.n
        self.full = (1 << n) - 1
        self.units = puzzle.units()
        peers: list[set[int]] = [set() for _ in range(n * n)]
        for unit in self.units:
            for i in unit:
                peers[i].update(unit)
        self.peers = [tuple(sorted(p - {i})) for i, p in enumerate(peers)]
        self.nodes = 0

    def start(self) -> list[int] | None:
        """Candidates of the givens, propagated (None: a contradiction)."""
        cands = [self.full if v == 0 else 1 << (v - 1) for v in self.p.cells]
        stack = [i for i, v in enumerate(self.p.cells) if v]
        return cands if self.propagate(cands, stack) else None

    def propagate(self, cands: list[int], stack: list[int]) -> bool:
        """Naked singles (a placed digit leaves its peers) and hidden singles (a digit with one
        place left in a unit goes there), in place; False on a contradiction."""
        peers, units, full = self.peers, self.units, self.full
        while True:
            while stack:
                i = stack.pop()
                b = cands[i]
                for p in peers[i]:
                    v = cands[p]
                    if v & b:
                        v &= ~b
                        if not v:
                            return False
                        cands[p] = v
                        if not v & (v - 1):
                            stack.append(p)
            for unit in units:
                once = twice = 0
                for i in unit:
                    v = cands[i]
                    twice |= once & v
                    once |= v
                if once != full:
                    return False
                only = once & ~twice
                if only:
                    for i in unit:
                        v = cands[i] & only
                        if v:
                            if v & (v - 1):
                                return False
                            if cands[i] != v:
                                cands[i] = v
                                stack.append(i)
            if not stack:
                return True

    def search(self, cands: list[int], found: list[list[int]], limit: int) -> None:
        """Depth-first over the cell with the fewest candidates, collecting solutions."""
        best, best_n = -1, 99
        for i, v in enumerate(cands):
            if v & (v - 1):
                k = v.bit_count()
                if k < best_n:
                    best, best_n = i, k
                    if k == 2:
                        break
        if best < 0:
            found.append(cands)
            return
        v = cands[best]
        while v and len(found) < limit:
            b = v & -v
            v &= v - 1
            self.nodes += 1
            nxt = list(cands)
            nxt[best] = b
            if self.propagate(nxt, [best]):
                self.search(nxt, found, limit)


def _digits(cands: list[int]) -> tuple[int, ...]:
    return tuple(v.bit_length() for v in cands)


def solve(puzzle: Sudoku) -> Solution:
    """Solve by singles, then search; look for a second solution to tell "multiple"."""
    s = _Solver(puzzle)
    cands = s.start()
    if cands is None:
        return Solution("none", None, False, 0)
    if all(not v & (v - 1) for v in cands):
        return Solution("solved", _digits(cands), True, 0)
    found: list[list[int]] = []
    s.search(cands, found, 2)
    if not found:
        return Solution("none", None, False, s.nodes)
    if len(found) > 1:
        return Solution("multiple", _digits(found[0]), False, s.nodes, _digits(found[1]))
    return Solution("solved", _digits(found[0]), False, s.nodes)


def solve_reference(puzzle: Sudoku, limit: int = 2) -> list[tuple[int, ...]]:
    """The slow, obviously correct solver: the first empty cell takes every digit no unit of
    it holds yet, in order; each full grid kept when `check` passes (up to `limit`)."""
    units = puzzle.units()
    n = puzzle.n
    found: list[tuple[int, ...]] = []

    def fill(g: list[int]) -> None:
        if len(found) >= limit:
            return
        if 0 not in g:
            if not check(puzzle, g):
                found.append(tuple(g))
            return
        i = g.index(0)
        for d in range(1, n + 1):
            if all(d not in (g[j] for j in unit) for unit in units if i in unit):
                g[i] = d
                fill(g)
                g[i] = 0

    fill(list(puzzle.cells))
    return found


def render(puzzle: Sudoku, cells: Sequence[int] | None = None) -> str:
    """The grid as text: one line per row, '.' empty, digits past 9 as letters."""
    c = puzzle.cells if cells is None else cells
    n = puzzle.n
    sym = ".123456789" + "abcdefghijklmnopqrstuvwxyz"
    return "\n".join("".join(sym[v] for v in c[y * n:(y + 1) * n]) for y in range(n))
