"""Headless bench: the bundled 0h h1 and Sudoku pages won in Chromium from the screenshots
(`autobot play --game ohhi|sudoku`'s loop), light at 1x and dark at 2x, the end checked twice:
the grid read back from the pixels equals the solution, and the page itself says solved (its
DOM, read by the bench only, never by the bot).

    python -m autobot.bench.puzzle_page [--json FILE] [--quick]

Prints one line per game and the per-move time (frame -> click/key) median and p95 overall, as
`python -m autobot.bench.puzzle_window` does for the desktop apps.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from autobot.bench.moves import move_figures, played_run, report
from autobot.bench.puzzles import sgt_id
from autobot.drivers.browser import BrowserConfig, load_page, open_browser
from autobot.drivers.driver import SeleniumDriver
from autobot.engines.puzzle_page import play_page, puzzle_url
from autobot.errors import AutobotError
from autobot.games.puzzles import find_puzzle, sudoku
from autobot.page.server import serve_page

LOOKS = (("light", 1.0), ("dark", 2.0))
OHHI = ("6:1", "8:1", "10:1", "12:1")
CLASSIC = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
# Solo's own puzzles (sgt-solo --generate), as the page's digits; the classic one without it.
SOLO = ("2x3db#7", "3x3di#1", "3x3du#1")
WINDOW = (700, 800)


def sudoku_specs(quick: bool) -> list[tuple[str, str]]:
    """(label, digits) of the Sudokus played: Solo's generated ones when sgt-solo is here."""
    specs = [("classic", CLASSIC)]
    for params in SOLO[:1] if quick else SOLO:
        try:
            q = sudoku.parse_solo(sgt_id("solo", params.split("#")[0], int(params.split("#")[1])))
        except AutobotError as exc:
            print(f"skipping solo {params}: {exc}", file=sys.stderr)
            continue
        specs.append((f"solo {params}", "".join(map(str, q.cells))))
    return specs


def play_one(webdriver: Any, base: str, puzzle: str, spec: str, theme: str) -> dict[str, Any]:
    """Load one page, win it, check the page's own solved state."""
    load_page(webdriver, puzzle_url(base, puzzle, spec, theme))
    time.sleep(0.2)
    driver = SeleniumDriver(webdriver, key_delay_ms=0)
    t0 = time.perf_counter()
    try:
        record = play_page(driver, find_puzzle(puzzle), log=lambda _: None)
    except AutobotError as exc:
        return {"won": False, "error": str(exc), "latency_ms": []}
    record["wall_s"] = round(time.perf_counter() - t0, 2)
    record["page_solved"] = bool(webdriver.execute_script(  # the bench's check, not the bot's
        "return document.body.classList.contains('solved')"))
    return record


def run(quick: bool = False) -> dict[str, Any]:
    """Every puzzle x look; figures and a table."""
    games: list[dict[str, Any]] = []
    plan = [("ohhi", f"size {s.split(':')[0]}", s) for s in (OHHI[:1] if quick else OHHI)]
    plan += [("sudoku", label, digits) for label, digits in sudoku_specs(quick)]
    with serve_page() as base:
        for theme, scale in LOOKS:
            with open_browser(BrowserConfig(scale=scale, window_size=WINDOW)) as webdriver:
                for puzzle, label, spec in plan:
                    g = play_one(webdriver, base, puzzle, spec, theme)
                    g.update({"puzzle": puzzle, "label": label, "theme": theme, "scale": scale,
                              "case": f"{puzzle} {spec}",
                              # won as the bench checks it: the page's own solved state too
                              "checked_won": bool(g["won"] and g.get("page_solved")
                                                  and g.get("end_shown"))})
                    games.append(g)
                    print(f"{puzzle:<7}{label:<16}{theme:<6}{scale:g}x  "
                          f"{'won' if g['won'] else 'NOT won'}  page "
                          f"{'solved' if g.get('page_solved') else 'NOT solved'}  "
                          f"end {'seen' if g.get('end_shown') else 'NOT seen'}  moves "
                          f"{g.get('moves')}  move ms median {g.get('move_ms_median')} p95 "
                          f"{g.get('move_ms_p95')}  {g.get('error', '')}".rstrip(), flush=True)
    won = sum(g["checked_won"] for g in games)
    return {"games": games, "won": won, "played": len(games), **move_figures(games)}


def main(argv: Sequence[str] | None = None) -> int:
    """Parse options, run, print and write --json."""
    ap = argparse.ArgumentParser(prog="python -m autobot.bench.puzzle_page",
                                 description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--json", type=Path, default=None)
    ap.add_argument("--quick", action="store_true", help="one game per puzzle and look")
    args = ap.parse_args(argv)
    try:
        result = run(args.quick)
    except AutobotError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.exit_code
    return report(result, args.json, played_run(
        result, game="grid puzzles (bundled page)", mode="browser", answer_key="case",
        won_key="checked_won"))


if __name__ == "__main__":
    raise SystemExit(main())
