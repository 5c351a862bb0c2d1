"""The Underground as Tuble plays it: stations with fare zones, links between neighbours.

The stops between two stations are the fewest links on any route (breadth-first search from
each station); `floyd_warshall_stops` is the slow, obviously-correct reference for the same
table. The zone gap of two stations is how many fare-zone boundaries lie between them, where a
station on a boundary (zone "2.5") belongs to both zones beside it: see `zone_gap`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

import numpy as np


@dataclass(frozen=True)
class Network:
    """Stations (sorted by name), each one's fare zones as (low, high), and the links."""

    names: tuple[str, ...]
    zones: tuple[tuple[int, int], ...]  # (2, 2) for zone 2, (2, 3) for a station on 2.5
    links: tuple[tuple[int, int], ...]  # station indices, a < b, one per neighbouring pair

    def neighbours(self) -> list[list[int]]:
        """Each station's neighbours (adjacency lists)."""
        adj: list[list[int]] = [[] for _ in self.names]
        for a, b in self.links:
            adj[a].append(b)
            adj[b].append(a)
        return adj


def parse_zone(text: str) -> tuple[int, int]:
    """'2' -> (2, 2); '2.5' (on the boundary of zones 2 and 3) -> (2, 3)."""
    value = float(text)
    low = int(value)
    return (low, low + 1) if value != low else (low, low)


def zone_gap(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Zones apart: 0 when they share a zone, else the gap between the nearer ends.

    A boundary station counts as in either zone, the way a fare does (TfL charges a journey to or
    from one as the cheaper zone), so 1.5 and 2 are 0 apart, 1.5 and 3 one apart.
    """
    return max(0, b[0] - a[1], a[0] - b[1])


@cache
def load_network() -> Network:
    """The shipped core tube (autobot/games/tuble/data, derived from npm tubemaps 1.1.0)."""
    data = resources.files("autobot.games.tuble").joinpath("data")
    station_rows = _tsv(data.joinpath("stations.tsv").read_text(encoding="utf-8"))
    names = tuple(r[0] for r in station_rows)
    index = {name: i for i, name in enumerate(names)}
    links = tuple(sorted(
        (min(index[a], index[b]), max(index[a], index[b]))
        for a, b, _lines in _tsv(data.joinpath("links.tsv").read_text(encoding="utf-8"))
    ))
    return Network(names, tuple(parse_zone(r[1]) for r in station_rows), links)


def _tsv(text: str) -> list[list[str]]:
    """The rows of a tab-separated file after its header line."""
    return [line.split("\t") for line in text.splitlines()[1:] if line]


def bfs_stops(network: Network) -> np.ndarray:
    """Fewest links between every two stations (int16; -1 when no route): one BFS per station."""
    adj = network.neighbours()
    n = len(network.names)
    out = np.full((n, n), -1, dtype=np.int16)
    for source in range(n):
        row = out[source]
        row[source] = 0
        queue = deque([source])
        while queue:
            here = queue.popleft()
            for there in adj[here]:
                if row[there] < 0:
                    row[there] = row[here] + 1
                    queue.append(there)
    return out


def floyd_warshall_stops(network: Network) -> list[list[float]]:
    """The reference: Floyd-Warshall over unit-length links, plain lists and loops (slow)."""
    n = len(network.names)
    inf = float("inf")
    dist = [[0.0 if i == j else inf for j in range(n)] for i in range(n)]
    for a, b in network.links:
        dist[a][b] = dist[b][a] = 1.0
    for k in range(n):
        dk = dist[k]
        for i in range(n):
            di, dik = dist[i], dist[i][k]
            if dik == inf:
                continue
            for j in range(n):
                if dik + dk[j] < di[j]:
                    di[j] = dik + dk[j]
    return dist


def zone_gaps(network: Network) -> np.ndarray:
    """Zones apart for every two stations (int16), vectorised `zone_gap`."""
    z = np.array(network.zones, dtype=np.int16)
    low, high = z[:, 0], z[:, 1]
    return np.maximum(0, np.maximum(low[None, :] - high[:, None], low[:, None] - high[None, :]))


def names_index(names: Sequence[str]) -> dict[str, int]:
    """Name -> index, also by the folded form `fold` gives (what a person types)."""
    out = {name: i for i, name in enumerate(names)}
    out.update({fold(name): i for i, name in enumerate(names)})
    return out


def fold(name: str) -> str:
    """A station name as a key: lower case, letters and digits only ("earlscourt")."""
    return "".join(ch for ch in name.lower() if ch.isalnum())


__all__ = ["Network", "bfs_stops", "floyd_warshall_stops", "fold", "load_network", "names_index",
           "parse_zone", "zone_gap", "zone_gaps"]
