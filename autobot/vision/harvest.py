"""Harvest glyph templates from the project's own page in real headless Chromium.

Run: `python -m autobot.vision.harvest [--out templates/default]`.

The page (`autobot.page.server.serve_page`) draws every letter of SHEET as a tile in each state
when asked with `?sheet=...`; we screenshot it at device scale 1 and 2, light and dark (and high
contrast), find the tiles with the same square finder vision uses, cut each letter out with the
same glyph extractor `read_board` uses, and keep one PNG per distinct glyph shape. If the page
package is not importable, a stand-in sheet styled from wordle-visual-spec.md (same CSS font
stack and tile sizes) is rendered instead and the README says so.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import io
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import cv2
import numpy as np

from autobot.drivers.browser import BrowserConfig, open_browser
from autobot.vision import glyphs, locate
from autobot.vision.tiles import RINGS, TILE_PX, glyph_tile

# Every letter of autobot.words.languages' alphabets. The ẞ tile's text is turned into a
# lowercase ß after load: pages upper-case ß with CSS or JS, which gives "SS" in one tile
# (wordle-global /de/ does), and that reads as ẞ. The capital ẞ glyph itself is left out: pages
# hardly draw it, and its B/S-like shape out-scored S on a shaking English row.
SHEET = "ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜẞÑÇ"
_SHARP_S_AS_SS = SHEET.index("ẞ")
_SS_JS = (
    "document.querySelectorAll('#sheet .sheet-block').forEach(b => {"
    "  const t = b.querySelectorAll('.tile')[arguments[0]]; if (t) t.textContent = 'ß'; });"
)
SAME_SHAPE = 0.97  # a glyph this correlated with a kept one of the same letter adds nothing
VARIANTS: tuple[tuple[str, bool, float, str | None], ...] = (
    # (theme, contrast, scale, font override): the page as it is, then other fonts clones use
    ("light", False, 1.0, None),
    ("dark", False, 1.0, None),
    ("light", False, 2.0, None),
    ("dark", False, 2.0, None),
    ("light", True, 1.0, None),
    ("dark", True, 2.0, None),
    ("light", False, 1.0, "Liberation Serif"),
    ("dark", False, 2.0, "Liberation Serif"),
    ("light", False, 1.0, "DejaVu Serif"),
    ("dark", False, 2.0, "DejaVu Sans"),
    ("light", False, 1.0, "DejaVu Sans"),
    ("light", False, 1.0, "Liberation Sans Narrow"),
    ("dark", False, 2.0, "Liberation Sans Narrow"),
)
# Tile letters in another font (clones and phones: serif, wide and narrow sans).
_FONT_JS = (
    "const s = document.createElement('style');"
    "s.textContent = '#sheet .tile, .t { font-family: \"' + arguments[0] + '\" !important; }';"
    "document.head.appendChild(s);"
)

# Stand-in sheet: the spec's palette, 62 px tiles, 2 px borders, bold 2rem letters.
_STANDIN = """<!doctype html><html><head><meta charset="utf-8"><style>
body {{ margin: 10px; background: {bg}; font-family: 'Clear Sans', 'Helvetica Neue', Arial,
  sans-serif; }}
.row {{ display: flex; flex-wrap: wrap; gap: 5px; max-width: 340px; }}
.t {{ width: 62px; height: 62px; box-sizing: border-box; display: inline-flex;
  align-items: center; justify-content: center; font-size: 2rem; font-weight: bold;
  text-transform: uppercase; color: #fff; }}
.correct {{ background: {correct}; }} .present {{ background: {present}; }}
.absent {{ background: {absent}; }}
.tbd {{ background: {bg}; border: 2px solid {tbd}; color: {tbd_letter}; }}
</style></head><body>{rows}</body></html>"""


def _standin_html(theme: str, contrast: bool, state: str) -> str:
    """The stand-in sheet page for one theme."""
    light = theme == "light"
    colours = {
        "bg": "#ffffff" if light else "#121213",
        "correct": "#f5793a" if contrast else ("#6aaa64" if light else "#538d4e"),
        "present": "#85c0f9" if contrast else ("#c9b458" if light else "#b59f3b"),
        "absent": "#787c7e" if light else "#3a3a3c",
        "tbd": "#878a8c" if light else "#565758",
        "tbd_letter": "#1a1a1b" if light else "#d7dadc",
    }
    css = "tbd" if state == "typed" else state
    tiles = "".join(f'<div class="t {css}">{ch}</div>' for ch in SHEET)
    rows = f'<div class="row">{tiles}</div>'
    return _STANDIN.format(rows=rows, **colours)


STATES = ("typed", "absent", "present", "correct")


@contextlib.contextmanager
def _sheet_urls() -> Iterator[tuple[Callable[[str, bool, str], str], str]]:
    """(url_for(theme, contrast, state), source description): the project's page or a stand-in."""
    try:
        from autobot.page.server import page_url, serve_page
    except ImportError:
        serve_page = None  # type: ignore[assignment]
    if serve_page is not None:
        with serve_page() as base:

            def url(theme: str, contrast: bool, state: str) -> str:
                return page_url(
                    base, theme=theme, contrast=contrast, anim=False, sheet=SHEET,
                    sheet_states=[state],
                )

            yield url, "the bundled page (autobot.page.server.serve_page, ?sheet=&sheetstates=)"
        return
    with tempfile.TemporaryDirectory(prefix="autobot-harvest-") as tmp:

        def url(theme: str, contrast: bool, state: str) -> str:
            path = Path(tmp) / f"sheet-{theme}-{int(contrast)}-{state}.html"
            path.write_text(_standin_html(theme, contrast, state), encoding="utf-8")
            return path.as_uri()

        yield url, "a stand-in sheet styled from wordle-visual-spec.md (the page was not built yet)"


def tiles_in_reading_order(frame: np.ndarray) -> list[tuple[int, int, int, int]]:
    """Every tile-sized square in a sheet screenshot, top-to-bottom then left-to-right."""
    grey = cv2.cvtColor(frame, cv2.COLOR_RGB2GRAY)
    boxes = locate.find_candidates(grey)
    if not boxes:
        return []
    side = float(np.median([b.side for b in boxes]))
    boxes = [b for b in boxes if abs(b.side - side) < 0.15 * side]
    boxes.sort(key=lambda b: b.cy)
    line, lines = 0, []
    for i, b in enumerate(boxes):
        if i and b.cy - boxes[i - 1].cy > side / 2:
            line += 1
        lines.append(line)
    order = sorted(range(len(boxes)), key=lambda i: (lines[i], boxes[i].cx))
    boxes = [boxes[i] for i in order]
    return [(int(b.x), int(b.y), int(b.x + b.w), int(b.y + b.h)) for b in boxes]


def glyphs_from_sheet(frame: np.ndarray, sheet: str = SHEET) -> list[tuple[str, np.ndarray]]:
    """(letter, normalised glyph) for every tile of one sheet screenshot of `sheet`'s letters."""
    boxes = tiles_in_reading_order(frame)
    if len(boxes) != len(sheet):
        raise SystemExit(f"harvest: found {len(boxes)} tiles, expected {len(sheet)}")
    crops = []
    for i, (x0, y0, x1, y1) in enumerate(boxes):
        rgb = cv2.resize(frame[y0:y1, x0:x1], (TILE_PX, TILE_PX), interpolation=cv2.INTER_AREA)
        ring_grey = float(np.median(cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY)[RINGS[False]]))
        crop = glyphs.extract_glyph(glyph_tile(frame[y0:y1, x0:x1]), ring_grey)
        if crop is not None:
            crops.append((sheet[i % len(sheet)], crop))
    cap = glyphs.cap_height([c for _, c in crops])
    return [(letter, glyphs.normalise(c, cap)) for letter, c in crops]


def keep_distinct(found: list[tuple[str, str, np.ndarray]]) -> list[tuple[str, str, np.ndarray]]:
    """Drop glyphs nearly identical to an already kept glyph of the same letter."""
    kept: list[tuple[str, str, np.ndarray]] = []
    for letter, tag, g in found:
        v = glyphs._unit(g[None])[0]
        same = [glyphs._unit(k[None])[0] for lt, _, k in kept if lt == letter]
        if same and max(float(v @ s) for s in same) >= SAME_SHAPE:
            continue
        kept.append((letter, tag, g))
    return kept


def wait_for_sheet(
    driver: object, timeout: float = 10.0, sheet: str = SHEET
) -> list[tuple[str, np.ndarray]]:
    """Screenshot until the whole sheet is drawn and two frames in a row are identical (fonts
    settled; pixels only), then cut out its glyphs."""
    from PIL import Image

    deadline = time.monotonic() + timeout
    previous = None
    while True:
        png = driver.get_screenshot_as_png()  # type: ignore[attr-defined]
        frame = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
        steady = previous is not None and np.array_equal(previous, frame)
        if steady and len(tiles_in_reading_order(frame)) == len(sheet):
            return glyphs_from_sheet(frame, sheet)
        if time.monotonic() > deadline:
            return glyphs_from_sheet(frame, sheet)
        previous = frame
        time.sleep(0.1)


def harvest(out: Path) -> int:
    """Render the sheets, write templates + README into `out`; returns the number written."""
    found: list[tuple[str, str, np.ndarray]] = []
    with _sheet_urls() as (url_for, source):
        for theme, contrast, scale, font in VARIANTS:
            config = BrowserConfig(headless=True, window_size=(1000, 1000), scale=scale)
            with open_browser(config) as driver:
                for state in STATES:
                    driver.get(url_for(theme, contrast, state))
                    if font:
                        driver.execute_script(_FONT_JS, font)
                    driver.execute_script(_SS_JS, _SHARP_S_AS_SS)
                    sheet = wait_for_sheet(driver)
                    face = f"-{font.replace(' ', '')}" if font else ""
                    tag = f"{theme}{'-hc' if contrast else ''}-s{scale:g}{face}-{state}"
                    print(f"{tag}: {len(sheet)} glyphs", file=sys.stderr)
                    found.extend((letter, tag, g) for letter, g in sheet)
    kept = keep_distinct(found)
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.png"):
        old.unlink()
    counts: dict[str, int] = {}
    for letter, tag, g in kept:
        n = counts.get(letter, 0)
        counts[letter] = n + 1
        name = f"{glyphs.name_for_letter(letter)}__{tag}_{n}.png"
        cv2.imwrite(str(out / name), np.clip(g * 255, 0, 255).astype(np.uint8))
    (out / "README.md").write_text(
        "# Glyph templates (default)\n\n"
        "Harvested, not drawn: `python -m autobot.vision.harvest --out templates/default`\n"
        f"(run {dt.date.today().isoformat()}). Source: {source}.\n"
        "Font variants are the same page with the tile font overridden by a style rule the\n"
        "harvester adds (clones and phones use serif, wide and narrow letters).\n"
        f"Letters {SHEET} in the states correct/present/absent/typed, variants "
        + ", ".join(f"{t}{'+hc' if c else ''} x{s:g}{' ' + f if f else ''}"
                    for t, c, s, f in VARIANTS)
        + f"; {len(kept)} distinct glyphs kept of {len(found)} (correlation < {SAME_SHAPE}).\n"
        f"Each PNG is a {glyphs.GLYPH}x{glyphs.GLYPH} normalised glyph (ink white) as "
        "`autobot.vision.glyphs.normalise` makes it; the file name starts with the letter "
        "(non-ASCII as U+hex).\n",
        encoding="utf-8",
    )
    return len(kept)


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(prog="python -m autobot.vision.harvest", description=__doc__)
    parser.add_argument("--out", type=Path, default=glyphs.DEFAULT_DIR)
    args = parser.parse_args(argv)
    n = harvest(args.out)
    print(f"wrote {n} glyph templates to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
