"""Capture the Jotto list frames in tests/data/jotto_list/ (PNG + JSON sidecar per frame).

Each frame is a real headless Chromium screenshot of a Jotto page laid out as a list: the bundled
page's `mode=jotto&layout=list` (light / dark, 1x / 2x, hint letters coloured or not, a word left
typed in the box) and tests/data/pages/jotdesk (a table, 1x / 2x). The sidecar's lines are the
words played and their counts by the rules (`autobot.games.jotto.jotto_feedback`), never read
from the page: the reader is tested against them.

    .venv/bin/python scripts/capture_jotto_list.py [--out tests/data/jotto_list]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

ANSWER = "crane"
ROOT = Path(__file__).resolve().parents[1]
# name, page ("bundled" or "jotdesk"), theme, scale, hint, guesses, typed (left in the box)
FRAMES = (
    ("bundled_light_1x_hint", "bundled", "light", 1.0, True,
     ("slate", "pious", "month", "cramp", "brick", "caner"), "ab"),
    ("bundled_dark_2x_hint", "bundled", "dark", 2.0, True, ("slate", "pious", "month"), ""),
    ("bundled_light_2x", "bundled", "light", 2.0, False,
     ("glyph", "fjord", "waltz", "bumpy", "vixen", "quick"), ""),
    ("bundled_dark_1x", "bundled", "dark", 1.0, False,
     ("glyph", "fjord", "waltz", "bumpy", "vixen", "quick", "dwarf"), "sto"),
    ("jotdesk_1x", "jotdesk", "light", 1.0, False, ("slate", "month", "jumpy", "brick"), "pious"),
    ("jotdesk_2x", "jotdesk", "light", 2.0, False,
     ("slate", "month", "brick", "stale", "least", "jumpy", "dwarf"), ""),
)


def capture(out: Path) -> None:
    """Write every frame of FRAMES and its sidecar to `out`."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    from autobot.drivers.browser import BrowserConfig, load_page, open_browser
    from autobot.games.jotto import jotto_feedback
    from autobot.page.server import page_url, serve_folder, serve_page

    out.mkdir(parents=True, exist_ok=True)
    with serve_page() as base, serve_folder(ROOT / "tests" / "data" / "pages") as pages:
        for name, page, theme, scale, hint, guesses, typed in FRAMES:
            config = BrowserConfig(headless=True, window_size=(1280, 1024), scale=scale)
            with open_browser(config) as driver:
                if page == "bundled":
                    url = page_url(base, answer=ANSWER, theme=theme, anim=False, mode="jotto",
                                   layout="list", hint=hint, guesses=guesses, typed=typed)
                    load_page(driver, url)
                else:
                    url = f"{pages}jotdesk/?answer={ANSWER}"
                    load_page(driver, url)
                    for word in guesses:  # test set-up: typed into the focused field
                        ActionChains(driver).send_keys(word + Keys.RETURN).perform()
                    if typed:
                        ActionChains(driver).send_keys(typed + Keys.RETURN).perform()
                time.sleep(0.4)
                (out / f"{name}.png").write_bytes(driver.get_screenshot_as_png())
            sidecar = {
                "source": url.replace(base, "BUNDLED/").replace(pages, "PAGES/"),
                "theme": theme, "scale": scale, "hint": hint, "answer": ANSWER,
                "typed": typed,
                "lines": [[g, jotto_feedback(g, ANSWER) if g != ANSWER else len(g)]
                          for g in guesses],
            }
            (out / f"{name}.json").write_text(json.dumps(sidecar, indent=1) + "\n")
            print(f"wrote {name}")


def main() -> None:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT / "tests" / "data" / "jotto_list")
    capture(parser.parse_args().out)


if __name__ == "__main__":
    main()
