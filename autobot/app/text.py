"""What a person reads and types: output files, printers, a typed row of colours."""

from __future__ import annotations

from pathlib import Path
from typing import Any, TextIO

from autobot.errors import AutobotError
from autobot.rules import parse_marks


def write_output(path: Path, writer: Any) -> None:
    """Write an output file; a bad path is the user's error, not a traceback."""
    try:
        if path.parent != Path(""):
            path.parent.mkdir(parents=True, exist_ok=True)
        writer(path)
    except (OSError, ValueError) as exc:
        raise AutobotError(f"cannot write {path}: {exc}") from None


def printer(out: TextIO, styled: bool) -> Any:
    """print() for plain text, a rich Console when the output is a terminal."""
    if not styled:
        return lambda obj="": print(obj, file=out, flush=True)
    from rich.console import Console

    console = Console(file=out, highlight=False, markup=False, emoji=False)
    return console.print


def parse_reply(line: str, suggested: str) -> tuple[str, str]:
    """'COLOURS' or 'WORD COLOURS' -> (word played, marks); ValueError with the reason."""
    parts = line.split()
    if len(parts) == 2 and len(parts[0]) == 5 and parts[0].isalpha():
        try:
            return parts[0].lower(), parse_marks(parts[1])
        except ValueError:
            pass  # maybe five single-letter colours after all; let the general parse explain
    return suggested, parse_marks(line)


EMOJI = {"G": "🟩", "Y": "🟨", "X": "⬛"}


def many_printer(console: Any) -> Any:
    """The live commentary: each guess with every open board's colours."""
    from autobot.loop import Event

    def on_event(event: Event) -> None:
        if event.kind == "row":
            boards = " ".join("".join(EMOJI.get(m, "?") for m in marks)
                              for marks in event.marks.split())
            console.print(f"{event.row + 1:>2} {event.guess.upper()}  {boards}")
        elif event.kind == "rejected":
            console.print(f"[dim]{event.guess.upper()}: not in the page's word list[/dim]")
        elif event.kind in ("escape", "close", "keys", "retype"):
            console.print(f"[dim]{event.kind}: {event.detail or event.guess}[/dim]")

    return on_event
