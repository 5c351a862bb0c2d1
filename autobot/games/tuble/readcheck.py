"""Read every station's row back from the bundled page: name, colour and stops, all 266.

    .venv/bin/python -m autobot.games.tuble.readcheck [--scale 2] [--theme dark]

Each page load replays 14 guesses (`guesses=`, `rows=`) against a fixed answer; the rows read
from the screenshot must be the stations guessed with the rules' colours and stops. Exit 1 on
any misread (each is printed).
"""

from __future__ import annotations

import argparse
import sys
import time
from urllib.parse import urlencode

from autobot.drivers.browser import BrowserConfig, load_page, open_browser
from autobot.drivers.driver import SeleniumDriver
from autobot.games.tuble.network import fold, load_network
from autobot.games.tuble.rules import code_table, decode
from autobot.games.tuble.vision import read_rows
from autobot.page.server import serve_page

PER_PAGE = 14  # rows that fit in a 1280x1024 window under the text box


def check(scale: float = 1.0, theme: str = "light", answer: str = "Bank") -> list[str]:
    """Misreads as lines of text (empty when every station read right)."""
    names, table = load_network().names, code_table()
    target = names.index(answer)
    order = [i for i in range(len(names)) if i != target]  # the answer would end the game
    problems = []
    config = BrowserConfig(scale=scale)
    with serve_page() as base, open_browser(config) as webdriver:
        screen = SeleniumDriver(webdriver).screen
        for start in range(0, len(order), PER_PAGE):
            chunk = order[start:start + PER_PAGE]
            query = {"game": "tuble", "answer": fold(answer), "rows": "300", "theme": theme,
                     "guesses": ",".join(fold(names[i]) for i in chunk)}
            load_page(webdriver, f"{base}/?{urlencode(query)}")
            time.sleep(0.4)
            rows = read_rows(screen.grab())
            want = [(names[i], *decode(int(table[i, target]))) for i in chunk]
            got = [(r.station, r.colour, r.stops) for r in rows]
            if len(got) != len(want):
                problems.append(f"rows {start}..: {len(got)} rows read, {len(want)} shown")
            problems += [f"{w} read as {g} ({r.text!r})"
                         for w, g, r in zip(want, got, rows, strict=False) if w != g]
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--theme", choices=("light", "dark"), default="light")
    args = parser.parse_args()
    problems = check(args.scale, args.theme)
    for line in problems:
        print(line)
    n = len(load_network().names) - 1
    print(f"{n - len(problems)}/{n} rows read right (scale {args.scale:g}, {args.theme})")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
