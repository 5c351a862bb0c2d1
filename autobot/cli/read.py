"""`autobot read IMAGE... [--json] [--debug OUT.png] [--profile NAME]`: what vision sees."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from autobot.cli.args import word_length
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
    p.add_argument("--game", default="wordle", metavar="NAME",
                   help="tuble: the answer rows (station, colour, stops) instead of a board; "
                   "a grid puzzle (ohhi/unruly, sudoku/solo): the grid as text (0h h1/Unruly: "
                   ". empty, 0 lighter, 1 darker; Sudoku/Solo: digits, . empty)")
    p.add_argument("--boards", action="store_true",
                   help="many boards (Dordle ... Duotrigordle): find and read every board; "
                   "JSON {found, settled, count, boards: [{rows, ...} per board]} (without it: "
                   "the same when the image shows two or more boards)")
    p.add_argument("--length", type=word_length, default=5, metavar="N",
                   help="letters per word of a Jotto list (default 5)")


def _many(frame: Any) -> bool:
    """Two or more boards of the same tiles in the frame (counted from its pixels)."""
    from autobot.vision.boards import many_boards

    return len(many_boards(frame)) >= 2


def run(args: argparse.Namespace) -> int:
    """Read every image; print boards or JSON; exit 3 if any image has no board."""
    from autobot.games.puzzles import ALIASES, PUZZLES, find_puzzle
    from autobot.vision import load_image, read_board

    if args.game in PUZZLES or args.game in ALIASES:
        from autobot.cli.puzzles import read_puzzle

        return read_puzzle(args.images, find_puzzle(args.game).name, args.json)
    if args.game == "tuble":
        return _read_tuble(args)
    if args.game != "wordle":
        from autobot.games import find_game

        find_game(args.game)  # an unknown name is a clear error; a known one reads as a board

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
        if args.boards or _many(frame):
            from autobot.cli.read_boards import read_many

            read = read_many(frame, profile, name, args, several=len(args.images) > 1)
            if not read.found:
                missing.append(name)
            results.append({"file": name, **read.to_json()})
            continue
        read = read_board(frame, profile=profile)
        if not read.found and getattr(args, "game", "wordle") == "jotto":
            listed = _read_jotto_list(frame, name, args, several=len(args.images) > 1)
            if listed is not None:
                results.append(listed)
                continue
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


def _read_tuble(args: argparse.Namespace) -> int:
    """Tuble's answer rows in each image, as text or JSON; exit 3 when an image has none."""
    from autobot.games.tuble.rules import describe, encode
    from autobot.games.tuble.vision import read_rows
    from autobot.vision import load_image

    results = []
    for name in args.images:
        rows = read_rows(load_image(name))
        results.append({"file": name, "found": bool(rows), "rows": [
            {"station": r.station, "read": r.text, "colour": r.colour, "stops": r.stops}
            for r in rows]})
        if not args.json:
            print(name)
            for r in rows:
                answer = describe(encode(r.colour, r.stops)) if r.stops is not None else "?"
                print(f"  {r.station or '? ' + r.text:<30} {answer}")
    if args.json:
        print(json.dumps(results[0] if len(results) == 1 else results, indent=1))
    return 0 if all(r["found"] for r in results) else 3


def _read_jotto_list(frame: Any, name: str, args: argparse.Namespace,
                     several: bool) -> dict[str, Any] | None:
    """A Jotto list's lines (word + count) as JSON and printed, or None if the frame has none."""
    from autobot.vision.textlist import read_list

    listed = read_list(frame, args.length)
    if not listed.lines:
        return None
    if not args.json:
        if several:
            print(name)
        for line in listed.lines:
            count = "?" if line.count is None else str(line.count)
            print(f"{line.word.upper()}  {count}")
    return {"file": name, **listed.to_json()}


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
