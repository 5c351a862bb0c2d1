"""Make screenshot fixtures: play each catalogue entry on the bundled page in real Chromium.

The maker may drive the page however it likes (keys through Selenium; the Web Animations API
and cancelled timers to freeze a flip at an exact millisecond), but the expected board always
comes from the fixture's guesses and answer through `autobot.rules.score`. The only thing read
from the page is geometry: which tiles a toast covers (those become '?').
"""

from __future__ import annotations

import hashlib
import io
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from autobot import __version__
from autobot.drivers.browser import BrowserConfig, open_browser
from autobot.errors import Unavailable
from autobot.harness.fixtures import (
    BOUNCE_STAGGER_MS,
    FLIP_MS,
    STAGGER_MS,
    Fixture,
    accepts,
    by_name,
    expected_counts,
    expected_rows,
    expected_settled,
    flip_catch,
)
from autobot.harness.replay import Replayer, next_guess_for
from autobot.page.server import page_url, serve_page
from autobot.words import load_words

FORMAT = "autobot-fixture/1"
KEY_DELAY_S = 0.03  # between typed letters (the page pops each one)
WAIT_S = 10.0  # longest wait for any page condition
PHONE_MAX_WIDTH = 500  # narrower windows are phones (412x915 = DevTools' Pixel 7)

# --- page scripts (the maker's own instrumentation; the bot never does this) -------------------
JS_READY = "return document.body.dataset.ready === '1';"
# Anything still moving: a running animation, a tile between the two halves of its flip (the
# page marks finished tiles 'idle'), a fading toast.
JS_BUSY = ("return document.getAnimations().filter(a => a.playState === 'running').length"
           " + document.querySelectorAll('#board .tile:not([data-animation=\"idle\"])').length"
           " + document.querySelectorAll('#toaster .toast.fade').length;")
# Let two frames be drawn (so the compositor shows the clocks just set) before a screenshot.
JS_TWO_FRAMES = ("const done = arguments[arguments.length - 1];"
                 "requestAnimationFrame(() => requestAnimationFrame(() => done(true)));")
JS_TOASTS = "return document.querySelectorAll('#toaster .toast').length;"
JS_MODAL = "return !document.getElementById('overlay').hidden;"
JS_INTRO = "return !document.getElementById('intro-overlay').hidden;"
JS_KILL_TIMERS = """
const last = setTimeout(() => {}, 0);
for (let id = 0; id <= last; id++) { clearTimeout(id); clearInterval(id); }
return last;
"""
JS_CLEAR_STORAGE = "try { localStorage.clear(); } catch (e) {} return true;"
# Wait (per animation frame) until tile (r, k) runs `phase`, then pause every animation at once.
JS_CATCH = """
const [r, k, phase, done] = [arguments[0], arguments[1], arguments[2], arguments[3]];
const tile = document.querySelectorAll('#board .row')[r].children[k];
const t0 = performance.now();
(function poll() {
  if (tile.dataset.animation === phase && tile.getAnimations().length) {
    document.getAnimations().forEach((a) => a.pause());
    done(true);
    return;
  }
  if (performance.now() - t0 > 8000) { done(false); return; }
  requestAnimationFrame(poll);
})();
"""
# Set each paused tile animation of row r to where it would be `at` ms after its row started,
# then replace every paused animation by its current look as a static style.
JS_SET_CLOCKS = """
const [r, at, stagger, flip, bounceStagger] = arguments;
const row = document.querySelectorAll('#board .row')[r];
const out = [];
for (const a of document.getAnimations()) {
  const el = a.effect && a.effect.target;
  if (!el) continue;
  if (el === row && a.animationName === 'Shake') {
    a.currentTime = at;
    out.push('shake');
    continue;
  }
  if (el.parentElement !== row) continue;
  const j = [...row.children].indexOf(el);
  if (a.animationName === 'FlipIn') {
    a.currentTime = Math.max(0, Math.min(at - j * stagger, flip - 1));
  } else if (a.animationName === 'FlipOut') {
    const e = at - j * stagger - flip;
    if (e >= flip) a.finish(); else a.currentTime = Math.max(0, e);
  } else if (a.animationName === 'Bounce') {
    if (at === null) { a.finish(); continue; }
    const e = at - j * bounceStagger;
    if (e >= a.effect.getTiming().duration) a.finish(); else a.currentTime = Math.max(0, e);
  }
  out.push(a.animationName + ':' + j);
}
// Pin every paused animation's current look as a plain style and drop the animation, so the
// screenshot shows a still frame whatever the compositor was doing.
for (const a of document.getAnimations()) {
  const el = a.effect && a.effect.target;
  if (!el || a.playState !== 'paused') continue;
  const cs = getComputedStyle(el);
  const [transform, opacity] = [cs.transform, cs.opacity];
  a.cancel();
  el.style.animation = 'none';
  el.style.transform = transform;
  el.style.opacity = opacity;
}
return out;
"""
# Rectangles (CSS px) of every tile and every visible toast: only geometry, never state.
JS_GEOMETRY = """
const rows = [...document.querySelectorAll('#board .row')].map((row) =>
  [...row.children].map((t) => { const b = t.getBoundingClientRect();
                                 return [b.left, b.top, b.right, b.bottom]; }));
const toasts = [...document.querySelectorAll('#toaster .toast')].map((t) => {
  const b = t.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; });
return {rows: rows, toasts: toasts, dpr: window.devicePixelRatio};
"""


def _wait(driver: Any, script: str, ok: Callable[[Any], bool], what: str,
          timeout: float = WAIT_S, polls: int = 2) -> Any:
    """Poll a page script until `ok(value)` on `polls` polls in a row 50 ms apart (a single
    quiet instant can fall between two animations); AutobotError naming `what` on timeout."""
    deadline = time.monotonic() + timeout
    streak = 0
    while True:
        value = driver.execute_script(script)
        streak = streak + 1 if ok(value) else 0
        if streak >= polls:
            return value
        if time.monotonic() > deadline:
            raise Unavailable(f"fixture maker: timed out waiting for {what}")
        time.sleep(0.05 if streak else 0.02)


def _type(driver: Any, text: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    for ch in text:
        ActionChains(driver).send_keys(ch).perform()
        time.sleep(KEY_DELAY_S)


def _enter(driver: Any) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    ActionChains(driver).send_keys(Keys.ENTER).perform()


def _freeze_timers(driver: Any) -> None:
    """Cancel every pending page timer: toasts stay up, staggered reveals never start.

    (Chrome's virtual-time pause would do the same but stalls screenshots of paused animations.)
    """
    driver.execute_script(JS_KILL_TIMERS)


def _overlap(a: list[float], b: list[float]) -> float:
    w = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    h = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    return w * h


def _occluded(geometry: dict[str, Any], rows: list[tuple[str, str]], toasts: bool,
              min_share: float = 0.02) -> set[tuple[int, int]]:
    """Tiles covered by at least `min_share` of their area by a toast (box grown by 2 px for its
    antialiased edge) or by a tile of a moving row (a bouncing tile over the row above)."""
    tiles = geometry["rows"]
    covers = [[x0 - 2, y0 - 2, x1 + 2, y1 + 2] for x0, y0, x1, y1 in geometry["toasts"]]
    covers = covers if toasts else []
    moving = {r for r, (_, marks) in enumerate(rows) if marks and set(marks) == {"?"}}
    for r in moving:
        covers += [list(t) for t in tiles[r]]
    covered: set[tuple[int, int]] = set()
    for r, row in enumerate(tiles):
        for c, box in enumerate(row):
            if r in moving:
                continue
            area = (box[2] - box[0]) * (box[3] - box[1])
            if any(_overlap(box, cover) >= min_share * area for cover in covers):
                covered.add((r, c))
    return covered


def _apply_occlusion(rows: list[tuple[str, str]], covered: set[tuple[int, int]]
                     ) -> list[tuple[str, str]]:
    out = []
    for r, (letters, marks) in enumerate(rows):
        m = list(marks)
        for c in range(len(m)):
            if (r, c) in covered:
                m[c] = "?"
        out.append((letters, "".join(m)))
    return out


def _optimised_png(png: bytes) -> bytes:
    """Re-encode a screenshot as a compact RGB PNG (same pixels, no alpha, max zlib)."""
    from PIL import Image

    with Image.open(io.BytesIO(png)) as img:
        rgb = img.convert("RGB")
    buf = io.BytesIO()
    rgb.save(buf, format="PNG", optimize=True)
    return buf.getvalue()


def capture(driver: Any, base: str, fx: Fixture, allowed: frozenset[str]
            ) -> tuple[bytes, dict[str, Any]]:
    """Play one fixture on the page; returns (png, facts): the page URL (path and query) and
    the layout boxes of the tiles and toasts (for occlusion)."""
    url = page_url(base, answer=fx.answer, theme=fx.theme, contrast=fx.contrast, hard=fx.hard,
                   anim=fx.anim, stats=fx.stats, guesses=fx.guesses, length=fx.length,
                   mode=fx.mode, **dict(fx.page))
    driver.get(url)
    _wait(driver, JS_READY, bool, "the page to load")
    if fx.moment == "stats":
        # Statistics live in localStorage: start each stats fixture from one recorded game.
        driver.execute_script(JS_CLEAR_STORAGE)
        driver.get(url)
        _wait(driver, JS_READY, bool, "the page to load")
    if fx.typed:
        _type(driver, fx.typed)
        _wait(driver, JS_BUSY, lambda n: n == 0, "the typed letters to settle")
    row = len(fx.guesses)
    if fx.enter:
        accepted = accepts(fx, allowed)
        if fx.moment == "flip":
            assert fx.at_ms is not None
            k, phase = flip_catch(fx.at_ms)
            _enter(driver)
            if not driver.execute_async_script(JS_CATCH, row, k, phase):
                raise Unavailable(f"{fx.name}: tile {k + 1} never started its {phase}")
            _freeze_timers(driver)
            driver.execute_script(JS_SET_CLOCKS, row, fx.at_ms, STAGGER_MS, FLIP_MS,
                                  BOUNCE_STAGGER_MS)
        elif fx.moment == "toast" and accepted and fx.anim:
            # A winning row: wait for the last tile's bounce, then freeze (toast still up).
            _enter(driver)
            if not driver.execute_async_script(JS_CATCH, row, 4, "bounce"):
                raise Unavailable(f"{fx.name}: the winning row never bounced")
            _freeze_timers(driver)
            driver.execute_script(JS_SET_CLOCKS, row, fx.at_ms, STAGGER_MS, FLIP_MS,
                                  BOUNCE_STAGGER_MS)
        elif fx.moment in ("toast", "shake"):
            # A refused row: stop the clock at once so the toast can never time out.
            _enter(driver)
            _wait(driver, JS_TOASTS, lambda n: n > 0, "the toast", polls=1)
            _freeze_timers(driver)
            if fx.moment == "shake":
                driver.execute_script("document.getAnimations().forEach((a) => a.pause());")
                driver.execute_script(JS_SET_CLOCKS, row, fx.at_ms or 0, STAGGER_MS, FLIP_MS,
                                      BOUNCE_STAGGER_MS)
        else:
            _enter(driver)
            time.sleep(0.1)
            _wait(driver, JS_BUSY, lambda n: n == 0, "the reveal to finish", timeout=15)
    if fx.moment == "win":
        _wait(driver, JS_TOASTS, lambda n: n == 0, "the win toast to go", timeout=15)
        _wait(driver, JS_BUSY, lambda n: n == 0, "the page to be still")
    elif fx.moment == "loss":
        _wait(driver, JS_TOASTS, lambda n: n > 0, "the answer toast")
        _wait(driver, JS_BUSY, lambda n: n == 0, "the page to be still")
    elif fx.moment == "stats":
        _wait(driver, JS_MODAL, bool, "the statistics modal", timeout=15)
        _wait(driver, JS_BUSY, lambda n: n == 0, "the modal to settle")
    elif fx.moment == "intro":
        _wait(driver, JS_INTRO, bool, "the How To Play dialog")
        _wait(driver, JS_BUSY, lambda n: n == 0, "the dialog to settle")
    elif fx.moment == "settled":
        _wait(driver, JS_TOASTS, lambda n: n == 0, "no toast", timeout=15)
        _wait(driver, JS_BUSY, lambda n: n == 0, "the page to be still")
    driver.execute_async_script(JS_TWO_FRAMES)
    geometry = driver.execute_script(JS_GEOMETRY)
    png = _optimised_png(driver.get_screenshot_as_png())
    return png, {"page_url": url.replace(base, "/", 1) if url != base else "/",
                 "geometry": geometry}


def sidecar_for(fx: Fixture, png: bytes, facts: dict[str, Any], allowed: frozenset[str],
                browser: str, solver_for: Callable[[bool], Any]) -> dict[str, Any]:
    """The JSON sidecar: expected board (from the rules), how it was made, the next guess."""
    from PIL import Image

    truth = expected_rows(fx, allowed)
    covered = sorted(_occluded(facts["geometry"], truth, fx.moment in ("toast", "shake", "loss"))
                     ) if truth else []
    rows = _apply_occlusion(truth, set(covered))
    found = not fx.covered
    settled = expected_settled(rows) if found else False
    with Image.open(io.BytesIO(png)) as img:
        size = list(img.size)
    counts = expected_counts(fx)
    guess = next_guess_for(rows, found=found, settled=settled, hard=fx.hard,
                           solver_for=solver_for, mode=fx.mode, counts=counts)
    return {
        "format": FORMAT,
        "name": fx.name,
        "image": f"{fx.name}.png",
        "sha256": hashlib.sha256(png).hexdigest(),
        "expected": {
            "found": found,
            "settled": settled,
            "theme": fx.theme,
            # Only a green/yellow (orange/blue) tile on view tells high contrast apart.
            "high_contrast": fx.contrast if any(m in "GY" for _, ms in rows for m in ms)
            else None,
            "rows": [list(r) for r in rows],
            **({"counts": counts} if counts else {}),
        },
        "expected_guess": guess,
        "strategy": "default",
        "hard": fx.hard,
        "theme": fx.theme,
        "high_contrast": fx.contrast,
        "scale": fx.scale,
        "window_size": list(fx.window),
        "frame_size": size,
        "game": {
            "answer": fx.answer.upper(),
            "guesses": [g.upper() for g in fx.guesses],
            "typed": fx.typed.upper(),
            "enter": fx.enter,
            "moment": fx.moment,
            "at_ms": fx.at_ms,
            "anim": fx.anim,
            "stats_modal": fx.stats,
            "page": dict(fx.page),  # the other page options (palette, tiles, hint, rows, intro)
            **({"length": fx.length, "mode": fx.mode} if fx.length != 5 or fx.mode != "wordle"
               else {}),
        },
        "occluded": [list(t) for t in covered],
        # Set: today's reader misreads this one (it lives in fixtures/pending until fixed).
        **({"pending": fx.pending} if fx.pending else {}),
        "made_by": {
            "command": f"autobot fixtures make --only {fx.name}",
            "page_url": facts["page_url"],
            "autobot": __version__,
            "browser": browser,
        },
    }


def make(out: Path, names: list[str] | None, log: Callable[[str], None] = print,
         pending_out: Path | None = None) -> list[Path]:
    """Make the fixtures (all, or `names`) into `out` (pending ones into `pending_out`,
    default `out`); one browser per window size and scale."""
    fixtures = by_name(names)
    allowed = frozenset(load_words("nyt").words) | frozenset(load_words("answers").words)
    replayer = Replayer()  # its solvers give the expected next guesses
    groups: dict[tuple[tuple[int, int], float], list[Fixture]] = {}
    for fx in fixtures:
        groups.setdefault((fx.window, fx.scale), []).append(fx)
    written: list[Path] = []
    with serve_page() as base:
        for (window, scale), group in groups.items():
            with open_browser(BrowserConfig(headless=True, window_size=window,
                                            scale=scale)) as driver:
                browser = f"chromium {driver.capabilities.get('browserVersion', '?')}"
                if window[0] < PHONE_MAX_WIDTH:
                    # Desktop Chromium windows are at least 500 px wide: a phone is emulated
                    # as DevTools' device mode does (the whole window is the viewport).
                    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                        "width": window[0], "height": window[1], "deviceScaleFactor": scale,
                        "mobile": True})
                for fx in group:
                    start = time.monotonic()
                    png, facts = capture(driver, base, fx, allowed)
                    sidecar = sidecar_for(fx, png, facts, allowed, browser, replayer.solver_for)
                    folder = pending_out if fx.pending and pending_out is not None else out
                    folder.mkdir(parents=True, exist_ok=True)
                    (folder / f"{fx.name}.png").write_bytes(png)
                    (folder / f"{fx.name}.json").write_text(
                        json.dumps(sidecar, indent=1) + "\n", encoding="utf-8")
                    written.append(folder / f"{fx.name}.png")
                    log(f"{fx.name:<28} {len(png) // 1024:5d} KB  "
                        f"{time.monotonic() - start:4.1f} s  guess {sidecar['expected_guess']}")
    return written
