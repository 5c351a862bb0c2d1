"""Tuble fixtures: screenshots of the bundled page with a JSON sidecar of the rows it shows.

    .venv/bin/python -m autobot.games.tuble.fixtures            # rewrite fixtures/tuble/
    .venv/bin/python -m autobot.games.tuble.fixtures --only dark_s1

The expected rows come from the rules (`rules.code_table`), never from reading the picture, so
a replay checks the reader against the game. Each sidecar names how it was made.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time
from io import BytesIO
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from autobot.drivers.browser import BrowserConfig, load_page, open_browser
from autobot.games.tuble.network import fold, load_network
from autobot.games.tuble.rules import code_table, decode
from autobot.page.server import serve_page

OUT = Path(__file__).resolve().parents[3] / "fixtures" / "tuble"
FORMAT = "autobot-tuble-fixture/1"

# (name, answer, guesses, device scale, theme): punctuation, digits and all four colours.
CATALOGUE: tuple[tuple[str, str, tuple[str, ...], float, str], ...] = (
    ("midgame_s1", "Earl's Court",
     ("Woodford", "Heathrow Terminals 1, 2 & 3", "Kensington (Olympia)", "Amersham"), 1.0,
     "light"),
    ("won_s2", "St. James's Park", ("Woodford", "Shepherd's Bush (C)", "St. James's Park"), 2.0,
     "light"),
    ("dark_s1", "Vauxhall",
     ("Woodford", "Edgware Road (B)", "Harrow-on-the-Hill", "Acton Town", "Pimlico"), 1.0, "dark"),
)


def expected_rows(answer: str, guesses: tuple[str, ...]) -> list[dict[str, Any]]:
    """The rows the page must show: station, colour (zones apart, 3 = 3+) and stops."""
    names = load_network().names
    table = code_table()
    rows = []
    for guess in guesses:
        colour, stops = decode(int(table[names.index(guess), names.index(answer)]))
        rows.append({"station": guess, "colour": colour, "stops": stops})
    return rows


def make(out: Path = OUT, only: tuple[str, ...] = ()) -> list[Path]:
    """Take the catalogue's screenshots (or `only` these) in headless Chromium, with sidecars."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    with serve_page() as base:
        for name, answer, guesses, scale, theme in CATALOGUE:
            query = {"game": "tuble", "answer": fold(answer),
                     "guesses": ",".join(fold(g) for g in guesses)}
            if theme != "light":
                query["theme"] = theme
            if only and name not in only:
                continue
            path = "/?" + urlencode(query)
            config = BrowserConfig(scale=scale)
            with open_browser(config) as webdriver:
                load_page(webdriver, base + path)
                time.sleep(0.5)  # the station lists load, the rows are replayed
                png = webdriver.get_screenshot_as_png()
                version = webdriver.capabilities.get("browserVersion", "?")
            from PIL import Image

            size = Image.open(BytesIO(png)).size
            (out / f"{name}.png").write_bytes(png)
            sidecar = {
                "format": FORMAT, "name": name, "image": f"{name}.png",
                "sha256": hashlib.sha256(png).hexdigest(),
                "answer": answer, "scale": scale, "theme": theme,
                "window_size": list(config.window_size),
                "frame_size": list(size), "expected_rows": expected_rows(answer, guesses),
                "made_by": {"command": "python -m autobot.games.tuble.fixtures",
                            "page_url": path, "browser": f"chromium {version}"},
            }
            (out / f"{name}.json").write_text(json.dumps(sidecar, indent=1) + "\n")
            written.append(out / f"{name}.png")
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder (default fixtures/tuble)")
    parser.add_argument("--only", nargs="*", default=(), metavar="NAME", help="just these")
    args = parser.parse_args()
    for path in make(args.out, tuple(args.only)):
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
