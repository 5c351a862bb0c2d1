"""The solver benchmark, pure: play many answers, summarise, render text / JSON / a histogram."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from autobot.solver import Game, Solver, play

MAX_ROWS = 6  # more guesses than this is a lost game in Wordle


def pick_targets(words: Sequence[str], sample: int | None, seed: int) -> list[str]:
    """All words, or a seeded random sample of `sample` of them (in list order)."""
    if sample is None or sample >= len(words):
        return list(words)
    chosen = set(random.Random(seed).sample(range(len(words)), sample))
    return [w for i, w in enumerate(words) if i in chosen]


@dataclass(frozen=True)
class BenchResult:
    """Every game of one benchmark run and its wall time."""

    strategy: str
    hard: bool
    games: tuple[Game, ...]
    seconds: float
    answers: str = "answers"  # the solver's answer list (name), for the record
    targets: str | None = None  # the list the games were played against, for the record

    @property
    def lengths(self) -> list[int]:
        return [len(g.guesses) if g.solved else len(g.guesses) + 1 for g in self.games]

    @property
    def mean(self) -> float:
        return float(np.mean(self.lengths)) if self.games else 0.0

    @property
    def max(self) -> int:
        return max(self.lengths, default=0)

    @property
    def histogram(self) -> dict[str, int]:
        counts = Counter(self.lengths)
        return {str(k): counts[k] for k in range(1, max(counts, default=0) + 1) if counts[k]}

    @property
    def failures(self) -> list[str]:
        """Answers not found within six guesses."""
        return [g.answer for g in self.games if not g.solved or len(g.guesses) > MAX_ROWS]

    @property
    def off_list(self) -> dict[str, list[str]]:
        """Games the solver finished past its answers list: answer -> the solver's notes."""
        return {g.answer: list(g.notes) for g in self.games if g.notes}

    def hardest(self, count: int = 10) -> list[Game]:
        """The games that took most guesses (ties in list order)."""
        order = sorted(range(len(self.games)), key=lambda i: -self.lengths[i])
        return [self.games[i] for i in order[:count]]

    def decision_ms(self) -> dict[str, float]:
        """Decision-time percentiles (ms) after warm-up (the first game), all and fresh only."""
        warm = self.games[1:] or self.games
        every = [s * 1000 for g in warm for s in g.seconds]
        fresh = [s * 1000 for g in warm for s, f in zip(g.seconds, g.fresh, strict=True) if f]
        out: dict[str, float] = {}
        if every:
            out.update(p50=_pct(every, 50), p99=_pct(every, 99), max=float(max(every)))
        if fresh:
            out.update(fresh_p50=_pct(fresh, 50), fresh_p99=_pct(fresh, 99), fresh_count=len(fresh))
        return out

    def to_json(self) -> dict[str, Any]:
        """The issue's JSON shape (plus decision_ms)."""
        return {
            "strategy": self.strategy,
            "hard": self.hard,
            "games": len(self.games),
            "mean": round(self.mean, 4),
            "max": self.max,
            "histogram": self.histogram,
            "failures": self.failures,
            "seconds": round(self.seconds, 3),
            "answers": self.answers,
            "targets": self.targets or self.answers,
            "off_list": self.off_list,
            "decision_ms": {k: round(v, 4) for k, v in self.decision_ms().items()},
            "results": [{"answer": g.answer, "guesses": list(g.guesses)} for g in self.games],
        }


def _pct(values: list[float], q: float) -> float:
    return float(np.percentile(values, q))


def run_benchmark(
    solver: Solver,
    targets: Sequence[str],
    hard: bool = False,
    progress: Callable[[int], None] | None = None,
) -> BenchResult:
    """Play every target with `solver`; `progress(done)` after each game."""
    solver.warm_up()  # a first off-list decision is not timed loading the fallback list
    t0 = time.perf_counter()
    games = []
    for done, answer in enumerate(targets, start=1):
        games.append(play(solver, answer, hard=hard))
        if progress is not None:
            progress(done)
    return BenchResult(
        solver.strategy_name, hard, tuple(games), time.perf_counter() - t0, solver.answers.name
    )


def summary_lines(result: BenchResult) -> list[str]:
    """The human-readable report."""
    n = len(result.games)
    lines = [
        f"strategy {result.strategy}{' (hard mode)' if result.hard else ''}: {n} games",
        f"mean {result.mean:.4f} guesses, max {result.max}, "
        f"{sum(result.lengths)} guesses in all",
        f"failures (>{MAX_ROWS}): {len(result.failures)}"
        + (f" — {', '.join(result.failures[:20])}" if result.failures else ""),
        f"games finished past the {result.answers} list: {len(result.off_list)}",
        "histogram:",
    ]
    width = max(result.histogram.values(), default=1)
    for k, count in result.histogram.items():
        bar = "#" * max(1 if count else 0, round(40 * count / width))
        lines.append(f"  {k:>2}: {count:5d} {bar}")
    lines.append("hardest: " + ", ".join(
        f"{g.answer} ({len(g.guesses)})" for g in result.hardest(10)
    ))
    ms = result.decision_ms()
    if ms:
        lines.append(
            f"decision ms (after warm-up): p50 {ms['p50']:.3f}, p99 {ms['p99']:.3f}, "
            f"max {ms['max']:.1f}"
            + (
                f"; fresh (not memoised, {int(ms['fresh_count'])}): "
                f"p50 {ms['fresh_p50']:.3f}, p99 {ms['fresh_p99']:.3f}"
                if "fresh_p99" in ms else ""
            )
        )
    lines.append(f"wall time {result.seconds:.2f} s")
    return lines


def histogram_image(result: BenchResult, width: int = 640, height: int = 400) -> Any:
    """A bar chart of guesses per game as a PIL image (matplotlib is not a dependency)."""
    from PIL import Image, ImageDraw

    img = Image.new("RGB", (width, height), (255, 255, 255))
    draw = ImageDraw.Draw(img)
    hist = result.histogram
    title = (
        f"{result.strategy}{' hard' if result.hard else ''}: {len(result.games)} games, "
        f"mean {result.mean:.4f}, max {result.max}"
    )
    draw.text((10, 8), title, fill=(0, 0, 0))
    if not hist:
        return img
    keys = [int(k) for k in hist]
    lo, hi = min(keys), max(keys)
    slots = list(range(lo, hi + 1))
    top, bottom, left, right = 40, height - 30, 20, width - 20
    slot_w = (right - left) / len(slots)
    peak = max(hist.values())
    for i, k in enumerate(slots):
        count = hist.get(str(k), 0)
        x0 = left + i * slot_w + slot_w * 0.15
        x1 = left + (i + 1) * slot_w - slot_w * 0.15
        y0 = bottom - (bottom - top - 20) * count / peak
        colour = (106, 170, 100) if k <= MAX_ROWS else (200, 80, 60)  # Wordle green; red = lost
        draw.rectangle([x0, y0, x1, bottom], fill=colour)
        draw.text((x0, y0 - 14), str(count), fill=(0, 0, 0))
        draw.text(((x0 + x1) / 2 - 3, bottom + 6), str(k), fill=(0, 0, 0))
    draw.line([left, bottom, right, bottom], fill=(0, 0, 0))
    return img
