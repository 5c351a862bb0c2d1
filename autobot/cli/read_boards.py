"""`autobot read --boards`: every board of a many-board screenshot, each as `autobot read`."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from autobot.app.readout import debug_path, print_board, write_debug
from autobot.vision import load_image
from autobot.vision.boards import BoardsReader


def read_many(frame: Any, profile: Any, name: str, debug: str | None, as_json: bool,
              several: bool) -> Any:
    """Find and read every board; print them unless --json; --debug draws each one."""
    read = BoardsReader(profile=profile)(frame)
    if debug:
        out = debug_path(debug, 0, 1)
        for i, board in enumerate(read.boards):
            # Each board drawn on the frame the last one was drawn on: one picture of all.
            write_debug(frame if i == 0 else _load(out), board, out)
    if not as_json:
        console = Console(highlight=False)
        if several:
            console.print(name, style="bold")
        console.print(f"{len(read.boards)} boards")
        for i, board in enumerate(read.boards):
            console.print(f"board {i + 1}")
            print_board(name, board, several=False)
    return read


def _load(path: Any) -> Any:
    return load_image(path)
