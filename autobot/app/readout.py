"""A board as `autobot read` shows it: coloured tiles in a terminal, boxes drawn on a picture."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from autobot.errors import BadInput

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


def debug_path(base: str, index: int, count: int) -> Path:
    """OUT.png for one image, OUT-N.png for several."""
    path = Path(base)
    if count == 1:
        return path
    return path.with_name(f"{path.stem}-{index + 1}{path.suffix or '.png'}")


def print_board(name: str, read: Any, several: bool) -> None:
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
        raise BadInput(f"cannot write debug image {out}")
