"""The one place a game's player is chosen: its own solver, else the generic game strategy."""

from __future__ import annotations

from typing import Any

from autobot.games.base import Game
from autobot.games.strategy import GameStrategy


def make_player(game: Game, config: Any) -> Any:
    """The player of `game` for a `SolverConfig` (hard mode, opener, strategy, language): the
    game's own solver when it has one (classic five-letter Wordle), else `GameStrategy`."""
    if game.solver is not None:
        return game.solver(config)

    return GameStrategy(game, hard=config.hard, start=config.start)
