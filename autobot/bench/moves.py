"""The puzzle benches' per-move figures (frame -> click/key): one summary shape and line for
the bundled page (`puzzles_page`) and the real apps (`puzzles_live`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def quantile(xs: list[float], p: float) -> float | None:
    """The `p` quantile of sorted `xs` (nearest rank below), 2 decimals; None when empty."""
    return round(xs[int(p * (len(xs) - 1))], 2) if xs else None


def move_figures(games: list[dict[str, Any]]) -> dict[str, Any]:
    """Each game's `latency_ms` taken out of it, summed up over all games: every move, the
    later moves, and the first ones (which also find the grid, read it and solve it)."""
    per_game = [g.pop("latency_ms") or [] for g in games]
    every = sorted(x for moves in per_game for x in moves)
    later = sorted(x for moves in per_game for x in moves[1:])
    firsts = sorted(moves[0] for moves in per_game if moves)
    return {"moves": len(every),
            "move_ms_median": quantile(every, 0.5), "move_ms_p95": quantile(every, 0.95),
            "later_moves_ms_median": quantile(later, 0.5),
            "later_moves_ms_p95": quantile(later, 0.95),
            "first_move_ms_median": quantile(firsts, 0.5),
            "first_move_ms_max": quantile(firsts, 1.0)}


def report(result: dict[str, Any], json_path: Path | None) -> int:
    """Print the one summary line, write `json_path` (if any); exit 0 when every game was won."""
    print(f"won {result['won']}/{result['played']}; per move (frame -> click/key, "
          f"{result['moves']} moves) median {result['move_ms_median']} ms, p95 "
          f"{result['move_ms_p95']} ms; after each game's first move median "
          f"{result['later_moves_ms_median']} ms, p95 {result['later_moves_ms_p95']} ms; first "
          f"moves (find + read + solve) median {result['first_move_ms_median']} ms, max "
          f"{result['first_move_ms_max']} ms")
    if json_path is not None:
        json_path.parent.mkdir(parents=True, exist_ok=True)
        json_path.write_text(json.dumps(result, indent=1) + "\n")
    return 0 if result["won"] == result["played"] else 1
