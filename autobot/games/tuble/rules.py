"""Tuble's answer to a guess: a colour for the zones apart (0, 1, 2, 3 or more) and the stops.

A code packs both: `colour * STOPS + stops`, so 0 (same zone, no stops) is the win and
`describe` turns a code back into the game's words.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from functools import cache

import numpy as np

from autobot.games.tuble.network import Network, bfs_stops, load_network, zone_gap, zone_gaps

STOPS = 64  # more than the longest shortest route (38 stops) so a code is a pair
COLOURS = ("green", "yellow", "orange", "red")  # 0, 1, 2, 3+ zones apart (Tuble's blobs)
N_CODES = len(COLOURS) * STOPS
WIN = 0


def encode(colour: int, stops: int) -> int:
    """The code of an answer row: its colour index (0..3) and its stops."""
    return min(colour, 3) * STOPS + stops


def decode(code: int) -> tuple[int, int]:
    """(colour index, stops) of a code."""
    return divmod(code, STOPS)


def describe(code: int) -> str:
    """A code in the game's words: 'win' or 'orange, 7 stops'."""
    if code == WIN:
        return "win"
    colour, stops = decode(code)
    return f"{COLOURS[colour]}, {stops} stop{'s' if stops != 1 else ''}"


def feedback(network: Network, guess: int, answer: int) -> int:
    """The slow rule for one pair: breadth-first search from the guess until the answer."""
    adj = network.neighbours()
    seen = {guess: 0}
    queue = deque([guess])
    while queue and answer not in seen:
        here = queue.popleft()
        for there in adj[here]:
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return encode(zone_gap(network.zones[guess], network.zones[answer]), seen[answer])


@cache
def code_table() -> np.ndarray:
    """Codes of every guess (rows) against every answer (columns), int16, for the shipped tube."""
    network = load_network()
    return codes_for(network)


def codes_for(network: Network) -> np.ndarray:
    """The fast rule: the whole guess x answer table from BFS stops and zone gaps."""
    stops = bfs_stops(network).astype(np.int16)
    if (stops < 0).any():
        raise ValueError("the network is not connected")
    return np.minimum(zone_gaps(network), 3).astype(np.int16) * STOPS + stops


def block(guesses: Sequence[int], answers: Sequence[int]) -> np.ndarray:
    """Codes for index lists (int32), the games' `Block` shape."""
    return code_table()[np.ix_(list(guesses), list(answers))].astype(np.int32)


__all__ = ["COLOURS", "N_CODES", "STOPS", "WIN", "block", "code_table", "codes_for", "decode",
           "describe", "encode", "feedback"]
