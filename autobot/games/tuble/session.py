"""`autobot solve --game tuble`: the bot's guesses for a person playing Tuble elsewhere."""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

import numpy as np

from autobot.games.tuble import HELP, ROWS
from autobot.games.tuble.network import load_network
from autobot.games.tuble.rules import WIN, describe
from autobot.games.tuble.solver import OptimalPlayer, consistent


def session(ask: Callable[[str], int | None], out: TextIO,
            player: OptimalPlayer | None = None) -> int:
    """Guess, read the answer row, narrow the stations; 0 when won, 1 when lost or stopped."""
    names = load_network().names
    player = OptimalPlayer() if player is None else player
    candidates = np.arange(len(names))
    for turn in range(1, ROWS + 1):
        guess = player.decide(candidates)
        print(f"Guess {turn}: {names[guess]}", file=out, flush=True)
        code = ask(names[guess])
        if code is None:
            return 1
        if code == WIN:
            print(f"Solved in {turn}", file=out)
            return 0
        candidates = consistent(candidates, guess, code, player.table)
        left = ", ".join(names[i] for i in candidates[:6]) + (" ..." if len(candidates) > 6 else "")
        print(f"{describe(code)}: {len(candidates)} left ({left})", file=out)
        if len(candidates) == 0:
            print("No station fits those answers (check the colours and stops typed)", file=out)
            return 1
    return 1


__all__ = ["HELP", "session"]
