"""`autobot read IMAGE... [--json] [--debug OUT.png] [--profile NAME]`: what vision sees."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from autobot.errors import AutobotError

# Tile colours for the terminal (rich styles): mark -> (background, foreground).
TILE_STYLES: dict[str, tuple[str, str]] = {
    "G": ("#6aaa64", "white"),
    "Y": ("#c9b458", "white"),
    "X": ("#787c7e", "white"),
    "t": ("grey30", "white"),
    ".": ("grey15", "grey50"),
    "?": ("red3", "white"),
}
# Debug overlay colours (RGB) per mark.
DEBUG_COLOURS: dict[str, tuple[int, int, int]] = {
    "G": (0, 200, 0),
    "Y": (230, 200, 0),
    "X": (150, 150, 150),
    "t": (0, 160, 255),
    ".": (200, 200, 200),
    "?": (255, 0, 0),
}


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `read` parser."""
    p = subparsers.add_parser(
        "read",
        help="read the Wordle board in screenshots (no browser needed)",
        description="Locate the board in each image, classify its tiles and read the letters. "
        "Exit 3 if an image shows no board, 2 if a file cannot be read (the others are still "
        "read and printed).",
    )
    p.add_argument("images", nargs="+", metavar="IMAGE", help="PNG/JPEG/GIF screenshots")
    p.add_argument("--json", action="store_true",
                   help="print {found, settled, theme, rows} per image (a list if several)")
    p.add_argument("--debug", metavar="OUT.png",
                   help="write the frame with the grid and each tile's class drawn on it "
                   "(several images: OUT-1.png, OUT-2.png, ...)")
    p.add_argument("--profile", metavar="NAME", help="calibration profile (calibration/NAME.toml)")
    p.add_argument("--boards", action="store_true",
                   help="many boards (Dordle ... Duotrigordle): find and read every board; "
                   "JSON {found, settled, count, boards: [{rows, ...} per board]}")


def run(args: argparse.Namespace) -> int:
    """Read every image; print boards or JSON; exit 3 if any image has no board."""
    from autobot.vision import load_image, read_board

    profile = None
    if args.profile:
        from autobot.harness.calibration import load_profile

        profile = load_profile(args.profile)
    results: list[dict[str, Any]] = []
    missing: list[str] = []
    unreadable: list[str] = []  # one line each: a bad file does not stop the others
    for i, name in enumerate(args.images):
        try:
            frame = load_image(name)  # any size and mode; unreadable or too big: exit 2
        except AutobotError as exc:
            if len(args.images) == 1:
                raise
            unreadable.append(str(exc))
            continue
        if args.boards:
            from autobot.cli.read_boards import read_many

            read = read_many(frame, profile, name, args, several=len(args.images) > 1)
            if not read.found:
                missing.append(name)
            results.append({"file": name, **read.to_json()})
            continue
        read = read_board(frame, profile=profile)
        if args.debug:
            out = _debug_path(args.debug, i, len(args.images))
            write_debug(frame, read, out)
        if not read.found:
            missing.append(name)
        entry = {"file": name, **read.to_json()}
        results.append(entry)
        if not args.json:
            _print_board(name, read, several=len(args.images) > 1)
    if args.json:
        payload: Any = results[0] if len(args.images) == 1 else results  # the readable ones
        print(json.dumps(payload, ensure_ascii=False))
    for name in missing:
        print(f"autobot: no Wordle board found in {name}", file=sys.stderr)
    for problem in unreadable:
        print(f"autobot: error: {problem}", file=sys.stderr)
    if unreadable:
        return 2  # bad input first: it is what the user must fix
    return 3 if missing else 0


def _debug_path(base: str, index: int, count: int) -> Path:
    """OUT.png for one image, OUT-N.png for several."""
    path = Path(base)
    if count == 1:
        return path
    return path.with_name(f"{path.stem}-{index + 1}{path.suffix or '.png'}")


def _print_board(name: str, read: Any, several: bool) -> None:
    """The board as coloured tiles (plain text when not a terminal)."""
    from rich.console import Console
    from rich.text import Text

    console = Console(highlight=False)
    if several:
        console.print(Text(name, style="bold"))
    if not read.found:
        if several:
            console.print("no board (" + "; ".join(read.reasons) + ")")
        return  # the one-line message goes to stderr
    for letters, marks in read.rows:
        it = iter(letters)
        line = Text()
        for m in marks:
            ch = " " if m == "." else next(it, "?")
            bg, fg = TILE_STYLES.get(m, TILE_STYLES["?"])
            line.append(f" {ch} ", style=f"bold {fg} on {bg}")
            line.append(" ")
        line.append(f"  {letters or '-'} {marks}")
        console.print(line)
    theme = f"{read.theme}{', high contrast' if read.high_contrast else ''}"
    state = "settled" if read.settled else "NOT settled: " + "; ".join(read.reasons)
    console.print(f"({theme}; {state})")


def write_debug(frame: Any, read: Any, out: Path) -> None:
    """Save the frame with the grid boxes, each tile's mark and letter drawn on it."""
    import cv2
    import numpy as np

    img = np.ascontiguousarray(frame[:, :, ::-1])  # RGB -> BGR for OpenCV drawing/writing
    if read.found and read.grid is not None:
        grid = read.grid
        thick = max(1, round(grid.tile / 30))
        for r, (letters, marks) in enumerate(read.rows):
            it = iter(letters)
            for c, m in enumerate(marks):
                ch = "" if m == "." else next(it, "?")
                x0, y0, x1, y1 = grid.tile_box(r, c)
                rgb = DEBUG_COLOURS.get(m, DEBUG_COLOURS["?"])
                bgr = (rgb[2], rgb[1], rgb[0])
                cv2.rectangle(img, (x0, y0), (x1 - 1, y1 - 1), bgr, thick)
                label = f"{m}{ch}" if ch else m
                scale = max(0.3, grid.tile / 90)
                cv2.putText(img, label.encode("ascii", "replace").decode(), (x0 + 3, y1 - 4),
                            cv2.FONT_HERSHEY_SIMPLEX, scale, bgr, thick, cv2.LINE_AA)
    else:
        cv2.putText(img, "no board", (10, 30), cv2.FONT_HERSHEY_SIMPLEX, 1.0, (0, 0, 255), 2)
    out.parent.mkdir(parents=True, exist_ok=True)
    if not cv2.imwrite(str(out), img):
        raise AutobotError(f"cannot write debug image {out}", 2)
