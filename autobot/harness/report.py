"""What a game shows a person: rows as coloured tiles, the share grid, the commentary, JSON."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from autobot.errors import AutobotError
from autobot.rules import upper_word

# Tile colours for the terminal (the page's palette; marks are G Y X).
TILE_COLOURS = {
    ("light", False): {"G": "#6aaa64", "Y": "#c9b458", "X": "#787c7e"},
    ("dark", False): {"G": "#538d4e", "Y": "#b59f3b", "X": "#3a3a3c"},
    ("light", True): {"G": "#f5793a", "Y": "#85c0f9", "X": "#787c7e"},
    ("dark", True): {"G": "#f5793a", "Y": "#85c0f9", "X": "#3a3a3c"},
}


def tiles(guess: str, marks: str, theme: str, contrast: bool) -> Any:
    """One row as coloured tiles (a rich Text)."""
    from rich.text import Text

    colours = TILE_COLOURS[(theme, contrast)]
    text = Text()
    if marks.isdigit():  # a game that answers with a count (Jotto)
        return Text(f" {upper_word(guess)}  {marks} in common", style="bold")
    for letter, mark in zip(upper_word(guess), marks, strict=True):
        # Black on the pale high-contrast blue: white would vanish on 16-colour terminals.
        ink = "black" if contrast and mark == "Y" else "white"
        text.append(f" {letter} ", style=f"bold {ink} on {colours.get(mark, 'grey50')}")
        text.append(" ")
    return text


def share_grid(turns: list[Any], won: bool, hard: bool, theme: str, contrast: bool,
               rows: int | None = 6) -> str:
    """The emoji grid people share ('Wordle 3/6*' style; rows None: an unbounded game)."""
    absent = "⬛" if theme == "dark" else "⬜"
    emoji = {"G": "🟧" if contrast else "🟩", "Y": "🟦" if contrast else "🟨", "X": absent}
    score = str(len(turns)) if won else "X"
    lines = [f"autobot {score}/{rows or '∞'}{'*' if hard else ''}", ""]
    lines += [f"{upper_word(t.guess)} {t.marks}" if t.marks.isdigit()
              else "".join(emoji.get(m, m) for m in t.marks) for t in turns]
    return "\n".join(lines)


def make_printer(console: Any, theme: str, contrast: bool) -> Any:
    """The live commentary: each scored row as tiles, and what went wrong on the way."""
    from autobot.loop import Event

    def on_event(event: Event) -> None:
        if event.kind in ("row", "resumed"):
            line = tiles(event.guess, event.marks, theme, contrast)
            if event.kind == "resumed":
                line.append("(already on the board)", style="dim")
            console.print(line)
        elif event.kind == "rejected":
            console.print(f"[dim]{event.guess.upper()}: not in the page's word list; "
                          "erased, trying another[/dim]")
        elif event.kind == "retype":
            console.print(f"[dim]{event.guess.upper()} did not arrive whole; typing it again[/dim]")
        elif event.kind in ("escape", "close"):
            console.print(f"[dim]no board in view: {event.detail or 'pressed Escape'}[/dim]")
        elif event.kind == "keys" and event.detail.endswith(" again"):
            console.print(f"[dim]no other way of pressing Enter changed the row: keys go on as "
                          f"{event.detail}[/dim]")
        elif event.kind == "keys":
            console.print(f"[dim]the page did not take the keys: now sending them as "
                          f"{event.detail}[/dim]")
        elif event.kind == "note":
            console.print(f"[dim]{event.detail}[/dim]")
        elif event.kind == "scroll":
            console.print(f"[dim]the board is cut by the window's edge: scrolled {event.detail}"
                          "[/dim]")

    return on_event


def write_json(path: str, data: dict[str, Any]) -> None:
    """Write `data` to `path` as JSON ('-' = stdout), atomically: a reader never sees half a
    record, a failed write leaves the old file as it was; missing folders are made. An
    unwritable path is bad input."""
    text = json.dumps(data, indent=2) + "\n"
    if path == "-":
        sys.stdout.write(text)
        return
    write_atomic(path, text)


def write_atomic(path: str | Path, text: str) -> None:
    """`text` to `path` through a temporary file beside it and a rename (no file left behind
    when it fails); missing folders are made. An unwritable path is bad input."""
    import os
    import tempfile

    target = Path(path)
    tmp = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, target)
        tmp = None
    except OSError as exc:
        raise AutobotError(f"cannot write {path}: {exc.strerror or exc}") from None
    finally:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)


def check_writable(path: str | None, flag: str = "--json") -> None:
    """Fail now, before anything is started, if `path` cannot be written later: its folder is
    made (as the other commands' outputs are) and a file is tried in it. '-' and None pass."""
    import os
    import tempfile

    if path is None or path == "-":
        return
    target = Path(path)
    if target.is_dir():
        raise AutobotError(f"{flag}: cannot write {path}: it is a folder")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise AutobotError(f"{flag}: cannot write {path}: {exc.strerror or exc}") from None
