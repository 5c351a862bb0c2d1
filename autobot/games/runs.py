"""How a game is run by each command: its play, live, solve, bench and read, named by path.

A registry entry names its runners as "module:function" strings, loaded only when the command
runs (so `autobot --help` imports no browser, window or solver code). Each runner takes the
command's typed `autobot.app.request.Request` and returns the exit code. The commands ask the
registry (`autobot.games.runs_of`); none of them compares game names.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from autobot.errors import BadInput

Runner = Callable[[Any], int]
COMMANDS = ("play", "live", "solve", "bench", "read")


@dataclass(frozen=True)
class Runs:
    """The runner of each command for one game ("module:function"; None: not offered)."""

    play: str | None
    live: str | None
    solve: str | None
    bench: str | None
    read: str | None
    traced: bool = False  # its play and live leave a trace (`--trace DIR`) of frames and reads

    def runner(self, command: str, game: str) -> Runner:
        """The function that runs `command` for `game`, loaded now; a clear error if none."""
        path = getattr(self, command)
        if path is None:
            raise BadInput(f"{game} cannot be played with `autobot {command}`")
        return load_runner(path)


def load_path(path: str) -> Any:
    """Import "module:name" and give what it names."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


def load_runner(path: str) -> Runner:
    """Import "module:function" and give the command's runner it names."""
    runner: Runner = load_path(path)
    return runner


# Word games on tiles or counts (Wordle of any length, Absurdle, Jotto, Fibble): one path each.
WORD_RUNS = Runs(
    play="autobot.cli.play:play_word_game",
    live="autobot.cli.live:live_word_game",
    solve="autobot.cli.solve:solve_word_game",
    bench="autobot.cli.bench:bench_word_game",
    read="autobot.cli.read:read_word_game",
    traced=True,
)

__all__ = ["COMMANDS", "WORD_RUNS", "Runner", "Runs", "load_path", "load_runner"]
