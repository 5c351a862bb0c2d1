"""`autobot read IMAGE... [--json] [--debug OUT.png] [--profile NAME]`: what vision sees."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from autobot.app.args import word_length
from autobot.app.readout import debug_path, print_board, write_debug
from autobot.errors import AutobotError
from autobot.harness.calibration import load_profile


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
    from autobot.games import runner_for

    return runner_for("read", args.game)(args)  # the game's own reader


def read_grid_puzzle(args: argparse.Namespace) -> int:
    """A grid puzzle's screenshots: each grid as text or JSON."""
    from autobot.cli.puzzles import read_puzzle
    from autobot.games import find_puzzle

    return read_puzzle(args.images, find_puzzle(args.game).name, args.json)


def read_word_game(args: argparse.Namespace) -> int:
    """A word game's screenshots: the board(s) of each, or a Jotto page's list of lines."""
    from autobot.games import find_game
    from autobot.vision import load_image, read_board

    game = find_game(args.game)

    profile = None
    if args.profile:
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
        if not read.found and game.page == "count":  # a page listing lines with counts
            listed = _read_jotto_list(frame, name, args, several=len(args.images) > 1)
            if listed is not None:
                results.append(listed)
                continue
        if args.debug:
            out = debug_path(args.debug, i, len(args.images))
            write_debug(frame, read, out)
        if not read.found:
            missing.append(name)
        entry = {"file": name, **read.to_json()}
        results.append(entry)
        if not args.json:
            print_board(name, read, several=len(args.images) > 1)
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


def read_tuble(args: argparse.Namespace) -> int:
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


