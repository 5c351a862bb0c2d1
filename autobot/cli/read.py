"""`autobot read IMAGE... [--json] [--debug OUT.png] [--profile NAME]`: what vision sees."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from autobot.app.readout import debug_path, print_board, write_debug
from autobot.app.request import Request
from autobot.cli.puzzles import read_puzzle
from autobot.cli.read_boards import read_many
from autobot.cli.request import request_from
from autobot.errors import AutobotError
from autobot.games import find_game, find_puzzle, runner_for
from autobot.games.tuble.rules import describe, encode
from autobot.games.tuble.vision import read_rows
from autobot.harness.calibration import load_profile
from autobot.vision import load_image, read_board
from autobot.vision.boards import many_boards
from autobot.vision.textlist import read_list


def _many(frame: Any) -> bool:
    """Two or more boards of the same tiles in the frame (counted from its pixels)."""
    return len(many_boards(frame)) >= 2


def run(args: argparse.Namespace) -> int:
    """Read every image; print boards or JSON; exit 3 if any image has no board."""
    request = request_from(args)
    return runner_for("read", request.game.name)(request)  # the game's own reader


def read_grid_puzzle(request: Request) -> int:
    """A grid puzzle's screenshots: each grid as text or JSON."""
    own = request.own
    return read_puzzle(own["images"], find_puzzle(request.game.name).name, own["json"])


def read_word_game(request: Request) -> int:
    """A word game's screenshots: the board(s) of each, or a Jotto page's list of lines."""
    own = request.own
    images, as_json, debug = own["images"], own["json"], own["debug"]
    game = find_game(request.game.name)

    profile = None
    if request.profile:
        profile = load_profile(request.profile)
    results: list[dict[str, Any]] = []
    missing: list[str] = []
    unreadable: list[str] = []  # one line each: a bad file does not stop the others
    several = len(images) > 1
    for i, name in enumerate(images):
        try:
            frame = load_image(name)  # any size and mode; unreadable or too big: exit 2
        except AutobotError as exc:
            if not several:
                raise
            unreadable.append(str(exc))
            continue
        if own["boards"] or _many(frame):
            read = read_many(frame, profile, name, debug, as_json, several=several)
            if not read.found:
                missing.append(name)
            results.append({"file": name, **read.to_json()})
            continue
        read = read_board(frame, profile=profile)
        if not read.found and game.page == "count":  # a page listing lines with counts
            listed = _read_jotto_list(frame, name, request.game.length or 5, as_json,
                                      several=several)
            if listed is not None:
                results.append(listed)
                continue
        if debug:
            out = debug_path(debug, i, len(images))
            write_debug(frame, read, out)
        if not read.found:
            missing.append(name)
        entry = {"file": name, **read.to_json()}
        results.append(entry)
        if not as_json:
            print_board(name, read, several=several)
    if as_json:
        payload: Any = results[0] if not several else results  # the readable ones
        print(json.dumps(payload, ensure_ascii=False))
    for name in missing:
        print(f"autobot: no Wordle board found in {name}", file=sys.stderr)
    for problem in unreadable:
        print(f"autobot: error: {problem}", file=sys.stderr)
    if unreadable:
        return 2  # bad input first: it is what the user must fix
    return 3 if missing else 0


def read_tuble(request: Request) -> int:
    """Tuble's answer rows in each image, as text or JSON; exit 3 when an image has none."""
    as_json = request.own["json"]
    results = []
    for name in request.own["images"]:
        rows = read_rows(load_image(name))
        results.append({"file": name, "found": bool(rows), "rows": [
            {"station": r.station, "read": r.text, "colour": r.colour, "stops": r.stops}
            for r in rows]})
        if not as_json:
            print(name)
            for r in rows:
                answer = describe(encode(r.colour, r.stops)) if r.stops is not None else "?"
                print(f"  {r.station or '? ' + r.text:<30} {answer}")
    if as_json:
        print(json.dumps(results[0] if len(results) == 1 else results, indent=1))
    return 0 if all(r["found"] for r in results) else 3


def _read_jotto_list(frame: Any, name: str, length: int, as_json: bool,
                     several: bool) -> dict[str, Any] | None:
    """A Jotto list's lines (word + count) as JSON and printed, or None if the frame has none."""
    listed = read_list(frame, length)
    if not listed.lines:
        return None
    if not as_json:
        if several:
            print(name)
        for line in listed.lines:
            count = "?" if line.count is None else str(line.count)
            print(f"{line.word.upper()}  {count}")
    return {"file": name, **listed.to_json()}
