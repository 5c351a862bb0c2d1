"""`autobot replay` for the puzzles that are not a Wordle board: 0h h1 / Unruly and Sudoku /
Solo grids, and Tuble's answer rows, each screenshot judged against its sidecar.

Sidecars it takes (beside NAME.png):
- `"format": "autobot-puzzle-fixture/1"` (fixtures/puzzles, the bundled pages) and the sgt-puzzles
  captures (tests/data/puzzles: `"app": "unruly"|"solo"`): `grid` rows ('.' empty; 0h h1 one
  symbol per colour, Sudoku the digits) and `given` rows ('1' a given cell).
- `"format": "autobot-tuble-fixture/1"` (fixtures/tuble): `expected_rows` (station, colour, stops).

0h h1's colours have no names on the screen (which colour is "red" is the page's business): the
cells must fall into the same groups as the sidecar's symbols, one colour per symbol. Sudoku's
digits are compared exactly, and the given digits must be drawn in one ink, the entered ones in
another. The comparisons are pure; reading the image happens in `replay_grid`.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from autobot.engines.puzzle_window import letters_as_drawn, read_solo, symbol_value, value_key
from autobot.errors import AutobotError
from autobot.games.tuble.vision import read_rows
from autobot.vision import load_image
from autobot.vision.digits import load_digit_templates
from autobot.vision.puzzle_grid import box_groups, cell_colours, find_lattice, group_colours

PUZZLE_FORMAT = "autobot-puzzle-fixture/1"
TUBLE_FORMAT = "autobot-tuble-fixture/1"
INK_TOL = 60.0  # per channel: two digits' inks this close are one ink


def grid_kind(data: dict[str, Any]) -> str | None:
    """"ohhi", "sudoku" or "tuble" for a sidecar this module judges, else None."""
    if data.get("format") == TUBLE_FORMAT:
        return "tuble"
    if data.get("format") == PUZZLE_FORMAT:
        return str(data.get("game"))
    app = data.get("app")
    if app in ("unruly", "solo") and "grid" in data:
        return "ohhi" if app == "unruly" else "sudoku"
    return None


def partition_diffs(expected: Sequence[str], labels: Sequence[Sequence[int]]) -> list[str]:
    """Cells whose colour group does not match the sidecar's symbol, one symbol per group."""
    to_label: dict[str, int] = {}
    to_symbol: dict[int, str] = {}
    diffs = []
    for r, row in enumerate(expected):
        for c, sym in enumerate(row):
            got = int(labels[r][c])
            if to_symbol.setdefault(got, sym) != sym:
                diffs.append(f"cell ({r}, {c}) '{sym}' reads as colour {got}, the colour of "
                             f"'{to_symbol[got]}'")
            elif to_label.setdefault(sym, got) != got:
                diffs.append(f"cell ({r}, {c}) '{sym}' reads as colour {got}, not colour "
                             f"{to_label[sym]} as the other '{sym}' cells")
    return diffs


def ink_diffs(given: Sequence[str], inks: Sequence[Any]) -> list[str]:
    """Given digits in one ink and entered digits in another (blank cells skipped)."""
    flags = "".join(given)
    kinds: dict[bool, list[np.ndarray]] = {True: [], False: []}
    for flag, ink in zip(flags, inks, strict=True):
        if ink is not None:
            kinds[flag == "1"].append(np.asarray(ink, float))
    if not kinds[True] or not kinds[False]:
        return []  # only one kind of digit shown: nothing to tell apart
    g, e = (np.median(kinds[k], axis=0) for k in (True, False))
    if np.abs(g - e).max() <= INK_TOL:
        return [f"given and entered digits share one ink ({g.astype(int).tolist()})"]
    wrong = sum(1 for flag, ink in zip(flags, inks, strict=True) if ink is not None and (
        (np.abs(np.asarray(ink, float) - g).sum() < np.abs(np.asarray(ink, float) - e).sum())
        != (flag == "1")))
    return [f"{wrong} digits drawn in the other kind's ink"] if wrong else []


def read_grid(frame: np.ndarray, kind: str, want: Sequence[str] = ()
              ) -> tuple[list[str], Any, list[str]]:
    """The grid as rows of symbols (0h h1: colour groups as digits, 0 the commonest; Sudoku:
    digits, letters past 9, '.' empty, '?' unreadable), what else was read (labels / inks),
    and problems. A Sudoku past nine symbols takes its letters' shapes from the cells `want`
    puts them in (as the bot learns them by typing each once): a partition check for those."""
    lat = find_lattice(frame)
    if lat is None:
        return [], None, ["no grid found"]
    if kind == "ohhi":
        labels, _ = group_colours(cell_colours(frame, lat))
        return ["".join(str(int(v)) for v in row) for row in labels], labels, []
    templates = load_digit_templates()
    if lat.cols > 9 and want:
        values = [0 if ch == "." else symbol_value(ch) for row in want for ch in row]
        if len(values) == lat.cols * lat.rows:
            templates = letters_as_drawn(frame, lat, values, templates)
    read = read_solo(frame, lat, templates)
    rows = ["".join("?" if d < 0 else value_key(d) if d else "." for d, _ in
                    read[r * lat.cols:(r + 1) * lat.cols]) for r in range(lat.rows)]
    problems = []
    bw, bh = box_groups(lat)
    if bw * bh != lat.cols:
        problems.append(f"boxes of {bw}x{bh} cells do not tile a {lat.cols}-wide grid")
    return rows, [ink for _, ink in read], problems


def judge_grid(kind: str, data: dict[str, Any], rows: list[str], extra: Any) -> list[str]:
    """What differs between a read grid and the sidecar's."""
    want = list(data["grid"])
    if (len(rows), len(rows[0]) if rows else 0) != (len(want), len(want[0])):
        return [f"grid {len(rows[0]) if rows else 0}x{len(rows)}, expected "
                f"{len(want[0])}x{len(want)}"]
    if kind == "ohhi":
        return partition_diffs(want, extra)
    diffs = [f"row {r}: expected {w} got {g}" for r, (w, g) in enumerate(zip(want, rows,
             strict=True)) if w != g]
    return diffs or ink_diffs(data.get("given", []), extra)


def judge_tuble(data: dict[str, Any], read: Sequence[Any]) -> list[str]:
    """Tuble: each answer row read (station, colour, stops) against the sidecar's."""
    want = [(r["station"], r["colour"], r["stops"]) for r in data["expected_rows"]]
    got = [(r.station, r.colour, r.stops) for r in read]
    diffs = [] if len(got) == len(want) else [f"rows: expected {len(want)} got {len(got)}"]
    return diffs + [f"row {i + 1}: expected {w} got {g}"
                    for i, (w, g) in enumerate(zip(want, got, strict=False)) if w != g]


def replay_grid(image: Any, data: dict[str, Any]) -> dict[str, Any]:
    """One image judged against its puzzle or Tuble sidecar: the fields of a replay Result
    (status, diffs, read_ms, found, settled, rows, note)."""
    kind = grid_kind(data) or ""
    try:
        frame = load_image(image)
    except AutobotError as exc:
        return {"status": "fail", "diffs": [f"unreadable image: {exc}"]}
    start = time.perf_counter()
    if kind == "tuble":
        read = read_rows(frame)
        read_ms = (time.perf_counter() - start) * 1000
        rows = [(r.station or r.text, f"{r.colour} {r.stops}") for r in read]
        diffs = judge_tuble(data, read)
    else:
        grid, extra, problems = read_grid(frame, kind, data.get("grid", ()))
        read_ms = (time.perf_counter() - start) * 1000
        rows = [(row, "") for row in grid]
        diffs = problems + (judge_grid(kind, data, grid, extra) if grid else [])
    return {"status": "fail" if diffs else "pass", "diffs": diffs, "read_ms": read_ms,
            "found": bool(rows), "settled": True, "rows": rows, "note": kind}


__all__ = ["grid_kind", "ink_diffs", "judge_grid", "judge_tuble", "partition_diffs", "read_grid",
           "replay_grid"]
