"""`autobot calibrate [IMAGE | --screen [--monitor N]] [--letters CRANE,SLATE] --name NAME`:
measure one screen set-up into `calibration/NAME.toml` (+ glyph templates in `templates/NAME/`)."""

from __future__ import annotations

import argparse
import re
import shutil
from pathlib import Path
from typing import Any

from autobot.drivers.desktop import MssScreen
from autobot.errors import AutobotError, NoBoardFound
from autobot.harness.calibration import DEFAULT_TOLERANCES, Profile, save_profile
from autobot.vision import load_image, read_board, render_board
from autobot.vision.calibrate import harvest_templates, measure_palette

NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
CSS_PITCH = 67.0  # tile + gap on the page at device scale 1 (62 + 5 px, wordle-visual-spec.md)


def parse_letters(text: str, rows: int) -> list[str]:
    """'CRANE,SLATE' -> ['CRANE', 'SLATE']; one-line error if it cannot be the board's rows."""
    words = [w.strip().upper() for w in text.split(",") if w.strip()]
    if not words:
        raise AutobotError("--letters: give the board's words, e.g. --letters CRANE,SLATE")
    for w in words:
        if len(w) != 5 or not w.isalpha():
            raise AutobotError(f"--letters: {w!r} is not a five-letter word")
    if len(words) > rows:
        raise AutobotError(f"--letters: {len(words)} words but the board has {rows} rows")
    return words


def run(args: argparse.Namespace) -> int:
    """Measure and write the profile; print where it went and what it holds."""
    if not NAME_RE.fullmatch(args.name):
        raise AutobotError(f"--name {args.name!r}: use letters, digits, '-', '_' or '.'")
    if args.screen == bool(args.image):
        raise AutobotError("give an IMAGE or --screen (one of them)")
    if args.screen:
        frame = grab_screen(args.monitor)
        source = f"screen {args.monitor}"
    else:
        frame = load_image(args.image)
        source = str(args.image)
    read = read_board(frame)
    where = source if not args.screen else f"screen {args.monitor}"
    if not read.found or read.grid is None:
        raise NoBoardFound(f"no Wordle board found in {where}")
    if not read.settled:
        why = "; ".join(read.reasons[:2]) or "moving"
        raise AutobotError(f"the board in {where} is not still ({why}): calibrate on a still frame")
    words = parse_letters(args.letters, len(read.rows)) if args.letters else []
    palette, spread = measure_palette(frame, read)
    grid = read.grid
    x0, y0, x1, y1 = grid.bbox()
    tolerances = dict(DEFAULT_TOLERANCES)
    # Leave room for the drift seen on this very screen, never less than the default.
    tolerances["colour"] = round(max(DEFAULT_TOLERANCES["colour"],
                                     1.5 * max(spread.values(), default=0.0)), 1)
    root = Path(args.root)
    templates = None
    harvested = 0
    if words:
        tdir = root / "templates" / args.name
        if tdir.exists():
            shutil.rmtree(tdir)
        # Only this screen's glyphs: vision reads them first, then its default set.
        harvested = harvest_templates(frame, read, words, tdir)
        templates = f"templates/{args.name}"
        mismatched = [
            f"row {r + 1} read {letters or '-'} not {w}"
            for r, (w, (letters, _)) in enumerate(zip(words, read.rows, strict=False))
            if letters != w
        ]
        if mismatched:
            print("note: the default glyphs misread " + "; ".join(mismatched)
                  + " (the harvested glyphs fix this with --profile)")
    profile = Profile(
        name=args.name,
        board_box=(x0, y0, x1 - x0, y1 - y0),
        tile_pitch=(round(grid.pitch_x, 2), round(grid.pitch_y, 2)),
        tile_size=round(grid.tile, 2),
        palette=palette,
        tolerances=tolerances,
        # The pitch, not the tile side: where a tile's edge is found depends on its border.
        scale=round(grid.pitch_x / CSS_PITCH, 3),
        theme=read.theme or "light",
        high_contrast=bool(read.high_contrast),
        rows=grid.rows,
        cols=grid.cols,
        frame_size=(frame.shape[1], frame.shape[0]),
        templates=templates,
        source=source,
        root=str(root),
    )
    path = save_profile(profile, root)
    print(render_board(read))
    look = profile.theme + (" high contrast" if profile.high_contrast else "")
    print(f"wrote {path}: board {x0},{y0} {x1 - x0}x{y1 - y0}, tile {grid.tile:.1f} px, pitch "
          f"{grid.pitch_x:.1f} px, {look}, {len(palette)} colours")
    if words:
        print(f"harvested {harvested} glyphs into {root / templates}")
    return 0


def grab_screen(monitor: int) -> Any:
    """One RGB frame of monitor N (live mode's capture; a display is needed)."""
    with MssScreen(monitor=monitor) as screen:
        return screen.grab()
