"""Capture frames of the shared third-party clones (../shared/clones) as test fixtures.

Each frame is a real headless-Chromium screenshot of a clone served on 127.0.0.1, saved as
fixtures/clones/NAME.png with a sidecar NAME.json: where it came from (clone, path, the
answer/date pin, keys typed, window, the browser zoom it was taken at) and what a reader must
find (`boards`: the page's own board count, from its mode, never from its DOM). Nothing of the
clones' files is copied: only what the screen showed.

    .venv/bin/python scripts/clone_frames.py [NAME ...]     # default: all of CATALOGUE
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLONES = ROOT.parent / "shared" / "clones"
OUT = ROOT / "fixtures" / "clones"
LINGLE_DAY = "2024-05-01"
DUO_START = """window.addEventListener('load', () => setTimeout(() => {
  var p = {view: 'game', gameMode: 'historic', challenge: 'normal', id: 5};
  history.pushState({path: p}, '', '/game/historic/normal/5');
  dispatchEvent(new PopStateEvent('popstate', {state: {path: p}}));
}, 300));"""

# name: (clone, path, pin, words entered, letters typed after them, zoom, boards on the page,
#        boards a reader must find in the frame, what the frame shows)
CATALOGUE: dict[str, tuple] = {
    "lingle-1": ("lingle-quad", "/", "date", ["sobre"], "", 1.0, 1, 1,
                 "one board; unplayed rows are solid dark tiles; a cursor bar in the next row"),
    "lingle-2": ("lingle-quad", "/duo/", "date", ["sobre"], "", 1.0, 2, 2,
                 "two boards side by side, keys with per-board colour maps"),
    "lingle-4-cut": ("lingle-quad", "/quad/", "date", ["sobre"], "", 1.0, 4, 4,
                     "boards wrap 3 + 1; the 4th shows one row above the fold of its box"),
    "lingle-4-cut-start": ("lingle-quad", "/quad/", "date", [], "", 1.0, 4, 4,
                           "as lingle-4-cut before any guess: the unplayed tiles' dark fill"),
    "lingle-4-cut-typed": ("lingle-quad", "/quad/", "date", [], "soria", 1.0, 4, 4,
                           "a first word typed; the 4th board's next row is cut by its box "
                           "right above the keys, of nearly its tiles' colour"),
    "lingle-4-zoomed": ("lingle-quad", "/quad/", "date", ["sobre"], "", 0.67, 4, 4,
                        "the same page zoomed out by the browser: every board whole"),
    "lingle-8-zoomed": ("lingle-quad", "/octo/", "date", ["sobre"], "", 0.5, 8, 8,
                        "eight boards, zoomed out until they fit"),
    "lingle-10-zoomed": ("lingle-quad", "/dec/", "date", ["sobre"], "ab", 0.4, 10, 10,
                         "ten boards zoomed out, a row being typed"),
    "duotrigordle-start": ("duotrigordle", "/", "duo", [], "", 1.0, 32, 32,
                           "32 boards of one empty row, keys with tiny colour maps"),
    "open-wordljs": ("open-wordljs", "/", "random", ["salet"], "", 1.0, 1, 1,
                     "black-bordered square tiles and bordered keys right under the board"),
}


def pin_script(pin: str) -> str:
    """The setup script that pins a clone's answer (README of ../shared/clones)."""
    from autobot.page.server import PIN_DATE

    return {"date": PIN_DATE.format(day=LINGLE_DAY), "duo": DUO_START,
            "random": "Math.random=()=>0"}[pin]


def capture(name: str) -> None:
    """Serve the clone, play the catalogue's keys, save the frame and its sidecar."""
    import cv2
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    from autobot.drivers.browser import BrowserConfig, add_init_script, load_page, open_browser
    from autobot.drivers.driver import SeleniumDriver
    from autobot.page.server import serve_folder

    clone, path, pin, words, typed, zoom, boards, expect, shows = CATALOGUE[name]
    size = (1280, 1024)
    with serve_folder(CLONES / clone) as base, \
            open_browser(BrowserConfig(headless=True, window_size=size)) as wd:
        add_init_script(wd, pin_script(pin))
        load_page(wd, base.rstrip("/") + path)
        time.sleep(1.5)
        driver = SeleniumDriver(wd)
        if zoom != 1.0:
            driver.zoom(zoom)
            time.sleep(0.5)
        for word in words:
            ActionChains(wd).send_keys(*word).pause(0.2).send_keys(Keys.RETURN).perform()
            time.sleep(2.5)
        if typed:
            ActionChains(wd).send_keys(*typed).perform()
            time.sleep(0.5)
        frame = driver.screen.grab_full()
    OUT.mkdir(parents=True, exist_ok=True)
    png = OUT / f"{name}.png"
    cv2.imwrite(str(png), cv2.cvtColor(frame, cv2.COLOR_RGB2BGR))
    sidecar = {
        "clone": clone, "path": path, "pin": pin, "entered": words, "typed": typed,
        "window_size": list(size), "zoom": zoom, "frame_size": [frame.shape[1], frame.shape[0]],
        "boards_on_page": boards, "expected": {"boards": expect}, "shows": shows,
        "sha256": hashlib.sha256(png.read_bytes()).hexdigest(),
        "made_by": f".venv/bin/python scripts/clone_frames.py {name}",
        "source": "../shared/clones (see its README for each clone's upstream and licence)",
    }
    (OUT / f"{name}.json").write_text(json.dumps(sidecar, indent=1) + "\n")
    print(f"{name}: {frame.shape[1]}x{frame.shape[0]}")


def main(names: list[str]) -> int:
    """Capture the named frames (all when none is named)."""
    for name in names or list(CATALOGUE):
        if name not in CATALOGUE:
            print(f"unknown frame {name!r}: {', '.join(CATALOGUE)}", file=sys.stderr)
            return 2
        capture(name)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
