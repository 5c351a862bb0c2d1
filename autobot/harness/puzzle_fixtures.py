"""Fixtures of the bundled 0h h1 and Sudoku pages: screenshots with a sidecar of the grid shown.

    .venv/bin/python -m autobot.harness.puzzle_fixtures            # rewrite fixtures/puzzles/
    .venv/bin/python -m autobot.harness.puzzle_fixtures --only sudoku-9-dark-2x-mid

Made in headless Chromium. The moves are made through the DOM (a fixture maker sets a page up;
the bot never does) and the expected grid comes from the page's state and the moves made, never
from reading the picture; `autobot replay fixtures/puzzles` then checks the reader against it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time
from io import BytesIO
from pathlib import Path
from typing import Any

from autobot.drivers.browser import BrowserConfig, load_page, open_browser
from autobot.engines.puzzle_page import puzzle_url
from autobot.games.puzzles import sudoku, takuzu
from autobot.harness.puzzle_replay import PUZZLE_FORMAT
from autobot.page.server import serve_page

OUT = Path(__file__).resolve().parents[2] / "fixtures" / "puzzles"
WINDOW = (600, 700)
CLASSIC = ("530070000600195000098000060800060003400803001700020006060000280000419005000080079")
SIX = "000000005360001042240100063500000000"  # sgt-solo 2x3db#7: boxes 3 wide, 2 tall

# (name, game, page spec, scale, theme, moment): start, mid (a few moves) or won.
CATALOGUE: tuple[tuple[str, str, str, float, str, str], ...] = (
    ("ohhi-8-light-1x-start", "ohhi", "8:3", 1.0, "light", "start"),
    ("ohhi-6-dark-2x-mid", "ohhi", "6:11", 2.0, "dark", "mid"),
    ("ohhi-10-light-2x-won", "ohhi", "10:5", 2.0, "light", "won"),
    ("ohhi-6-dark-1x-won", "ohhi", "6:7", 1.0, "dark", "won"),
    ("sudoku-9-light-1x-start", "sudoku", CLASSIC, 1.0, "light", "start"),
    ("sudoku-9-dark-2x-mid", "sudoku", CLASSIC, 2.0, "dark", "mid"),
    ("sudoku-9-light-2x-won", "sudoku", CLASSIC, 2.0, "light", "won"),
    ("sudoku-6-dark-1x-mid", "sudoku", SIX, 1.0, "dark", "mid"),
)


def _ohhi(webdriver: Any, moment: str) -> tuple[list[str], list[str]]:
    """Make the moves on a 0h h1 page; (grid, given) rows: 0 red, 1 blue, '.' empty."""
    from selenium.webdriver.common.by import By

    def state() -> list[int]:
        return [0 if "c0" in c else 1 if "c1" in c else -1 for c in (
            e.get_attribute("class") for e in webdriver.find_elements(By.CSS_SELECTOR,
                                                                      "#ohhi .cell"))]

    cells = state()
    n = int(len(cells) ** 0.5)
    given = [v != -1 for v in cells]
    if moment != "start":
        sol = takuzu.solve(takuzu.new(n, n, cells)).cells
        assert sol is not None
        todo = [i for i, v in enumerate(cells) if v == -1]
        if moment == "mid":
            todo = todo[::3]
        elements = webdriver.find_elements(By.CSS_SELECTOR, "#ohhi .cell")
        for i in todo:
            for _ in range(3):  # the page's cycle is its own: click until the colour shows
                if state()[i] == sol[i]:
                    break
                elements[i].click()
        cells = state()
    puzzle = takuzu.new(n, n, cells)
    return (takuzu.render(puzzle).splitlines(),
            ["".join("1" if given[r * n + c] else "0" for c in range(n)) for r in range(n)])


def _sudoku(webdriver: Any, spec: str, moment: str) -> tuple[list[str], list[str]]:
    """Type the digits on a Sudoku page; (grid, given) rows."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    n = int(len(spec) ** 0.5)
    cells = [int(ch) for ch in spec]
    box_w, box_h = {4: (2, 2), 6: (3, 2), 9: (3, 3)}[n]  # the page's boxes
    board = sudoku.new(box_w, box_h, cells)
    if moment != "start":
        sol = sudoku.solve(board).cells
        assert sol is not None
        todo = [i for i, v in enumerate(cells) if v == 0]
        if moment == "mid":
            todo = todo[::4]
        elements = {int(e.get_attribute("data-i")): e for e in webdriver.find_elements(
            By.CSS_SELECTOR, "#sudoku .cell")}
        for i in todo:
            elements[i].click()
            ActionChains(webdriver).send_keys(str(sol[i])).perform()
            cells[i] = sol[i]
    shown = sudoku.new(board.c, board.r, cells)
    return (sudoku.render(shown).splitlines(),
            ["".join("1" if spec[r * n + c] != "0" else "0" for c in range(n)) for r in range(n)])


def make(out: Path = OUT, only: tuple[str, ...] = ()) -> list[Path]:
    """Take the catalogue's screenshots (or `only` these), each with its sidecar."""
    from PIL import Image

    out.mkdir(parents=True, exist_ok=True)
    written = []
    with serve_page() as base:
        for name, game, spec, scale, theme, moment in CATALOGUE:
            if only and name not in only:
                continue
            url = puzzle_url(base, game, spec, theme)
            config = BrowserConfig(scale=scale, window_size=WINDOW)
            with open_browser(config) as webdriver:
                load_page(webdriver, url)
                time.sleep(0.3)
                grid, given = (_ohhi(webdriver, moment) if game == "ohhi"
                               else _sudoku(webdriver, spec, moment))
                time.sleep(0.3)
                png = webdriver.get_screenshot_as_png()
                solved = bool(webdriver.execute_script(
                    "return document.body.classList.contains('solved')"))
                version = webdriver.capabilities.get("browserVersion", "?")
            assert solved == (moment == "won"), f"{name}: the page's solved state is {solved}"
            (out / f"{name}.png").write_bytes(png)
            sidecar = {
                "format": PUZZLE_FORMAT, "name": name, "image": f"{name}.png", "game": game,
                "sha256": hashlib.sha256(png).hexdigest(), "moment": moment,
                "page_solved": solved, "scale": scale, "theme": theme,
                "window_size": list(WINDOW), "frame_size": list(Image.open(BytesIO(png)).size),
                "grid": grid, "given": given,
                "legend": ("0 red, 1 blue, '.' empty; given 1 = a given cell" if game == "ohhi"
                           else "digits, '.' empty; given 1 = a given cell"),
                "made_by": {"command": "python -m autobot.harness.puzzle_fixtures",
                            "page_url": url[url.index("?"):], "browser": f"chromium {version}",
                            "moves": "made through the DOM by the fixture maker; the expected "
                                     "grid is the page's state, not read from the picture"},
            }
            (out / f"{name}.json").write_text(json.dumps(sidecar, indent=1) + "\n")
            written.append(out / f"{name}.png")
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder (default fixtures/puzzles)")
    parser.add_argument("--only", nargs="*", default=(), metavar="NAME", help="just these")
    args = parser.parse_args()
    for path in make(args.out, tuple(args.only)):
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
