"""The solver benchmark, pure: play many answers, as the common benchmark model's records."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from autobot.bench.model import BenchRecord, BenchRun, summarise
from autobot.solver import PlayedGame, Solver, play

MAX_ROWS = 6  # more guesses than this is a lost game in Wordle


def pick_targets(words: Sequence[str], sample: int | None, seed: int) -> list[str]:
    """All words, or a seeded random sample of `sample` of them (in list order)."""
    if sample is None or sample >= len(words):
        return list(words)
    chosen = set(random.Random(seed).sample(range(len(words)), sample))
    return [w for i, w in enumerate(words) if i in chosen]


def record_of(game: PlayedGame, rows: int = MAX_ROWS) -> BenchRecord:
    """One simulated game as a benchmark record (the solver's notes kept when it went off-list)."""
    return BenchRecord(
        answer=game.answer, guesses=tuple(game.guesses), solved=game.solved,
        won=game.solved and len(game.guesses) <= rows,
        decision_ms=tuple(s * 1000 for s in game.seconds), fresh=tuple(game.fresh),
        extra={"notes": list(game.notes)} if game.notes else {},
    )


def run_benchmark(
    solver: Solver,
    targets: Sequence[str],
    hard: bool = False,
    progress: Callable[[int], None] | None = None,
    *,
    game: str = "wordle",
    target_list: str | None = None,
    seed: int | None = None,
) -> BenchRun:
    """Play every target with `solver`; `progress(done)` after each game."""
    solver.warm_up()  # a first off-list decision is not timed loading the fallback list
    t0 = time.perf_counter()
    games = []
    for done, answer in enumerate(targets, start=1):
        games.append(play(solver, answer, hard=hard))
        if progress is not None:
            progress(done)
    wall = time.perf_counter() - t0
    records = tuple(record_of(g) for g in games)
    answers = solver.answers.name
    summary = summarise(
        records, game=game, strategy=solver.strategy_name, hard=hard, rows=MAX_ROWS,
        wall_s=wall, seed=seed,
        extra={"answers": answers, "targets": target_list or answers,
               "off_list": sum(1 for g in games if g.notes)},
    )
    return BenchRun(summary, records)


def histogram_image(run: BenchRun, width: int = 640, height: int = 400) -> Any:
    """A bar chart of guesses per game as a PIL image (matplotlib is not a dependency)."""
    from PIL import Image, ImageDraw

    s = run.summary
    img = Image.new("RGB", (width, height), (255, 255, 255))
    draw = ImageDraw.Draw(img)
    hist = s.histogram
    title = (f"{s.strategy}{' hard' if s.hard else ''}: {s.games} games, "
             f"mean {s.mean:.4f}, max {s.max}")
    draw.text((10, 8), title, fill=(0, 0, 0))
    if not hist:
        return img
    lo, hi = min(hist), max(hist)
    slots = list(range(lo, hi + 1))
    top, bottom, left, right = 40, height - 30, 20, width - 20
    slot_w = (right - left) / len(slots)
    peak = max(hist.values())
    rows = s.rows if s.rows is not None else hi
    for i, k in enumerate(slots):
        count = hist.get(k, 0)
        x0 = left + i * slot_w + slot_w * 0.15
        x1 = left + (i + 1) * slot_w - slot_w * 0.15
        y0 = bottom - (bottom - top - 20) * count / peak
        colour = (106, 170, 100) if k <= rows else (200, 80, 60)  # Wordle green; red = lost
        draw.rectangle([x0, y0, x1, bottom], fill=colour)
        draw.text((x0, y0 - 14), str(count), fill=(0, 0, 0))
        draw.text(((x0 + x1) / 2 - 3, bottom + 6), str(k), fill=(0, 0, 0))
    draw.line([left, bottom, right, bottom], fill=(0, 0, 0))
    return img
