"""The puzzle benches' per-move figures (frame -> click/key): one summary line for the bundled
page (`puzzle_page`) and the real apps (`puzzle_window`), written as `autobot-bench/1`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from autobot.bench.model import BenchRecord, BenchRun, summarise
from autobot.bench.output import write_runs


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


def played_run(result: dict[str, Any], *, game: str, mode: str, answer_key: str,
               won_key: str) -> BenchRun:
    """The games of a puzzle bench as one `BenchRun`: a record per game (its puzzle as the
    answer, won as the bench checked it, its figures as `extra`), the move figures summed."""
    records = tuple(
        BenchRecord(answer=str(g.get(answer_key)), solved=bool(g.get(won_key)),
                    won=bool(g.get(won_key)), seconds=g.get("wall_s"),
                    failed=None if g.get("moves") is not None else (g.get("error") or "no game"),
                    extra={k: v for k, v in g.items() if k != "latency_ms"})
        for g in result["games"])
    figures = {k: v for k, v in result.items() if k not in ("games",)}
    return BenchRun(summarise(records, game=game, strategy="propagation+search", mode=mode,
                              rows=None, extra=figures), records)


def report(result: dict[str, Any], json_path: Path | None, run: BenchRun | None = None) -> int:
    """Print the one summary line, write `json_path` (if any, `run` in the one bench shape);
    exit 0 when every game was won."""
    print(f"won {result['won']}/{result['played']}; per move (frame -> click/key, "
          f"{result['moves']} moves) median {result['move_ms_median']} ms, p95 "
          f"{result['move_ms_p95']} ms; after each game's first move median "
          f"{result['later_moves_ms_median']} ms, p95 {result['later_moves_ms_p95']} ms; first "
          f"moves (find + read + solve) median {result['first_move_ms_median']} ms, max "
          f"{result['first_move_ms_max']} ms")
    if json_path is not None and run is not None:
        write_runs(json_path, run)
    return 0 if result["won"] == result["played"] else 1
