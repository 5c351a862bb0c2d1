"""One benchmark model, pure: a record per game, their summary, one JSON shape, one table.

Every `autobot bench` (five-letter Wordle, any length, Jotto, Absurdle, Tuble, many boards, the
browser and its parallel pool) turns its games into `BenchRecord`s, `summarise`s them into a
`BenchSummary` and hands a `BenchRun` (or several, when strategies are compared) to
`table_lines` for the terminal and `to_json` for `--json`. The shape is documented once, in
docs/benchmarks.md ("Benchmark JSON"); `from_json` reads it back.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

SCHEMA = "autobot-bench/1"  # bumped when a key changes meaning or goes away

# How the games were played (the summary's `mode`).
MODES = ("solver", "browser", "parallel", "search", "desktop", "read")


@dataclass(frozen=True)
class BenchRecord:
    """One game: its answer (a word, or one word per board), the guesses, how it ended."""

    answer: str | tuple[str, ...]
    guesses: tuple[str, ...] = ()
    solved: bool = False  # the answer was found, in however many guesses
    won: bool = False  # found within the game's rows
    decision_ms: tuple[float, ...] = ()  # each decision's time, when the games ran one by one
    fresh: tuple[bool, ...] = ()  # which decisions were computed, not memoised (when known)
    seconds: float | None = None  # the game's own time (browser games)
    failed: str | None = None  # why the game could not be played to its end (a dead session)
    extra: Mapping[str, Any] = field(default_factory=dict)  # the mode's own: marks, node, ...

    @property
    def length(self) -> int:
        """Guesses the game counts for: those played, one more when the answer was not found."""
        return len(self.guesses) if self.solved else len(self.guesses) + 1


@dataclass(frozen=True)
class BenchSummary:
    """The figures of one run: who played what, won and lost, guesses, times."""

    game: str  # the game's label: "wordle", "wordle-7", "jotto", "absurdle", "4 boards", ...
    strategy: str
    mode: str  # one of MODES
    hard: bool
    rows: int | None  # guesses the game allows (None: no limit, as in Jotto)
    games: int
    won: int
    lost: int  # played to the end and not won within `rows`
    failed: int  # not played to the end (see the records' `failed`)
    mean: float  # guesses per game played (a game not solved counts one more than it played)
    max: int
    total: int
    histogram: dict[int, int]  # guesses -> games, keys ascending
    decision_ms: dict[str, float]  # count, p50, p95, p99, max (+ fresh_*) after warm-up
    game_s: dict[str, float]  # median, p95, max of the games' own times (browser), else {}
    wall_s: float
    seed: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)  # the mode's own figures


@dataclass(frozen=True)
class BenchRun:
    """One strategy's run: its summary and every game it played."""

    summary: BenchSummary
    records: tuple[BenchRecord, ...]


def percentiles(values: Sequence[float]) -> dict[str, float]:
    """count, p50, p95, p99 and max of `values` (linear interpolation); {} when there are none."""
    if not values:
        return {}
    data = np.asarray(values, dtype=float)
    return {"count": len(values), "p50": float(np.percentile(data, 50)),
            "p95": float(np.percentile(data, 95)), "p99": float(np.percentile(data, 99)),
            "max": float(data.max())}


def summarise(
    records: Sequence[BenchRecord], *, game: str, strategy: str, mode: str = "solver",
    hard: bool = False, rows: int | None = 6, wall_s: float = 0.0, seed: int | None = None,
    decisions_ms: Sequence[float] | None = None, extra: Mapping[str, Any] | None = None,
) -> BenchSummary:
    """The summary of `records`.

    Decision times are the records' own, without the first game's (it warms caches and compiled
    kernels) unless it is the only one; `decisions_ms` replaces them when the decisions were not
    made game by game (a walk of the decision tree plays every answer at once).
    """
    if mode not in MODES:
        raise ValueError(f"mode {mode!r} is not one of {MODES}")
    played = [r for r in records if r.failed is None]
    lengths = [r.length for r in played]
    counts = Counter(lengths)
    won = sum(1 for r in played if r.won)
    if decisions_ms is None:
        warm = played[1:] or played
        decisions_ms = [ms for r in warm for ms in r.decision_ms]
        fresh = [ms for r in warm for ms, f in zip(r.decision_ms, r.fresh, strict=False) if f]
    else:
        fresh = []
    timing = percentiles(decisions_ms)
    if fresh:
        fresh_figures = percentiles(fresh)
        timing.update(fresh_count=fresh_figures["count"], fresh_p50=fresh_figures["p50"],
                      fresh_p99=fresh_figures["p99"])
    seconds = [r.seconds for r in played if r.seconds is not None]
    game_s = percentiles(seconds)
    return BenchSummary(
        game=game, strategy=strategy, mode=mode, hard=hard, rows=rows, games=len(records),
        won=won, lost=len(played) - won, failed=len(records) - len(played),
        mean=float(np.mean(lengths)) if lengths else 0.0, max=max(lengths, default=0),
        total=sum(lengths), histogram={k: counts[k] for k in sorted(counts)},
        decision_ms=timing,
        game_s={"median": game_s["p50"], "p95": game_s["p95"], "max": game_s["max"]}
        if game_s else {},
        wall_s=wall_s, seed=seed, extra=dict(extra or {}),
    )


def hardest(records: Sequence[BenchRecord], count: int = 10) -> list[BenchRecord]:
    """The games that took most guesses (ties in play order), failed games left out."""
    played = [r for r in records if r.failed is None]
    return sorted(played, key=lambda r: -r.length)[:count]


# --- JSON -------------------------------------------------------------------------------------

_RECORD_KEYS = ("answer", "guesses", "solved", "won", "decision_ms", "fresh", "seconds",
                "failed")


def record_to_json(record: BenchRecord) -> dict[str, Any]:
    """One game as a JSON object: the mode's own keys first, then the model's (which win)."""
    out: dict[str, Any] = dict(record.extra)
    out.update(
        answer=record.answer if isinstance(record.answer, str) else list(record.answer),
        guesses=list(record.guesses), solved=record.solved, won=record.won,
        decision_ms=[round(ms, 4) for ms in record.decision_ms],
    )
    if record.fresh:
        out["fresh"] = list(record.fresh)
    if record.seconds is not None:
        out["seconds"] = round(record.seconds, 3)
    if record.failed is not None:
        out["failed"] = record.failed
    return out


def record_from_json(data: Mapping[str, Any]) -> BenchRecord:
    """The record `record_to_json` wrote (keys it does not know go back into `extra`)."""
    answer = data["answer"]
    won = bool(data.get("won", False))
    return BenchRecord(
        answer=answer if isinstance(answer, str) else tuple(answer),
        # A line written before `solved` existed: a won game was a solved one.
        guesses=tuple(data.get("guesses", ())), solved=bool(data.get("solved", won)), won=won,
        decision_ms=tuple(data.get("decision_ms", ())),
        fresh=tuple(data.get("fresh", ())), seconds=data.get("seconds"),
        failed=data.get("failed"),
        extra={k: v for k, v in data.items() if k not in _RECORD_KEYS},
    )


def summary_to_json(summary: BenchSummary) -> dict[str, Any]:
    """The summary as a JSON object (histogram keys are guess counts: strings in JSON)."""
    return {
        "game": summary.game, "strategy": summary.strategy, "mode": summary.mode,
        "hard": summary.hard, "rows": summary.rows, "games": summary.games,
        "won": summary.won, "lost": summary.lost, "failed": summary.failed,
        "guesses": {"mean": round(summary.mean, 4), "max": summary.max, "total": summary.total},
        "histogram": {str(k): v for k, v in summary.histogram.items()},
        "decision_ms": {k: (v if k.endswith("count") else round(v, 4))
                        for k, v in summary.decision_ms.items()},
        "game_s": {k: round(v, 3) for k, v in summary.game_s.items()},
        "wall_s": round(summary.wall_s, 3), "seed": summary.seed, "extra": summary.extra,
    }


def summary_from_json(data: Mapping[str, Any]) -> BenchSummary:
    """The summary `summary_to_json` wrote, histogram keys back to ints."""
    guesses = data["guesses"]
    return BenchSummary(
        game=data["game"], strategy=data["strategy"], mode=data["mode"], hard=data["hard"],
        rows=data["rows"], games=data["games"], won=data["won"], lost=data["lost"],
        failed=data["failed"], mean=guesses["mean"], max=guesses["max"], total=guesses["total"],
        histogram={int(k): v for k, v in data["histogram"].items()},
        decision_ms=dict(data["decision_ms"]), game_s=dict(data["game_s"]),
        wall_s=data["wall_s"], seed=data.get("seed"), extra=dict(data.get("extra", {})),
    )


def to_json(runs: BenchRun | Sequence[BenchRun], *, records_file: str | None = None,
            **about: Any) -> dict[str, Any]:
    """The `--json` document: `schema`, what was asked (`about`), and every run's summary and
    records. With `records_file` the records are that JSON Lines file's (one game a line) and
    are not repeated here."""
    runs = [runs] if isinstance(runs, BenchRun) else list(runs)
    doc: dict[str, Any] = {"schema": SCHEMA, **about}
    if records_file is not None:
        doc["records_file"] = records_file
    doc["runs"] = [
        {"summary": summary_to_json(run.summary),
         **({} if records_file is not None else
            {"records": [record_to_json(r) for r in run.records]})}
        for run in runs
    ]
    return doc


def dumps(doc: Mapping[str, Any]) -> str:
    """`to_json`'s document as text: the summaries indented, each record on one line."""
    import json

    runs = doc.get("runs", [])
    marks = {}
    skeleton = dict(doc, runs=[])
    for i, run in enumerate(runs):
        mark = f"@records-{i}@"
        if "records" in run:
            marks[mark] = run["records"]
            run = dict(run, records=mark)
        skeleton["runs"].append(run)
    text = json.dumps(skeleton, indent=1)
    for mark, records in marks.items():
        body = ",\n    ".join(json.dumps(r) for r in records)
        text = text.replace(json.dumps(mark), f"[\n    {body}\n   ]" if records else "[]", 1)
    return text + "\n"


def from_json(doc: Mapping[str, Any]) -> list[BenchRun]:
    """The runs of a `--json` document (records as written; none when they live in a file)."""
    if doc.get("schema") != SCHEMA:
        raise ValueError(f"not an {SCHEMA} document (schema {doc.get('schema')!r})")
    return [BenchRun(summary_from_json(run["summary"]),
                     tuple(record_from_json(r) for r in run.get("records", ())))
            for run in doc["runs"]]


# --- the terminal -----------------------------------------------------------------------------

def table_lines(run: BenchRun, hardest_count: int = 10) -> list[str]:
    """The report every bench prints: who played, won/lost, guesses, histogram, times."""
    s = run.summary
    limit = f"{s.rows}" if s.rows is not None else "no limit"
    lines = [
        f"{s.game}, strategy {s.strategy}{' (hard mode)' if s.hard else ''}, {s.mode}: "
        f"{s.games} games" + (f" (seed {s.seed})" if s.seed is not None else ""),
        f"won {s.won}/{s.games}, lost {s.lost} (rows: {limit})"
        + (f", failed {s.failed}" if s.failed else "")
        + (" — " + ", ".join([_answer(r.answer) for r in run.records
                               if r.failed is None and not r.won][:20]) if s.lost else ""),
        f"mean {s.mean:.4f} guesses, max {s.max}, {s.total} guesses in all",
        "histogram:",
    ]
    peak = max(s.histogram.values(), default=1)
    for k, count in s.histogram.items():
        bar = "#" * max(1, round(40 * count / peak))
        over = "  (over the rows)" if s.rows is not None and k > s.rows else ""
        lines.append(f"  {k:>2}: {count:5d} {bar}{over}")
    worst = hardest(run.records, hardest_count)
    if worst and len(run.records) > 1:
        lines.append("hardest: " + ", ".join(f"{_answer(r.answer)} ({r.length})" for r in worst))
    ms = s.decision_ms
    if ms:
        lines.append(
            f"decision ms (after warm-up): p50 {ms['p50']:.3f}, p95 {ms['p95']:.3f}, "
            f"p99 {ms['p99']:.3f}, max {ms['max']:.1f}"
            + (f"; fresh (not memoised, {int(ms['fresh_count'])}): p50 {ms['fresh_p50']:.3f}, "
               f"p99 {ms['fresh_p99']:.3f}" if "fresh_count" in ms else "")
        )
    if s.game_s:
        lines.append(f"game s: median {s.game_s['median']:.2f}, p95 {s.game_s['p95']:.2f}, "
                     f"max {s.game_s['max']:.2f}")
    shown = [f"{k}={_short(v)}" for k, v in s.extra.items() if _scalar(v)]
    if shown:
        lines.append(" ".join(shown))
    lines.append(f"wall time {s.wall_s:.2f} s")
    return lines


def comparison_lines(runs: Iterable[BenchRun]) -> list[str]:
    """One line per run, side by side, when several strategies played the same games."""
    runs = list(runs)
    w = max([len("strategy"), *(len(run.summary.strategy) for run in runs)])
    lines = [f"{'strategy':<{w}} {'won':>11} {'mean':>8} {'max':>4} {'p99 ms':>9} {'wall s':>8}"]
    for run in runs:
        s = run.summary
        p99 = f"{s.decision_ms['p99']:.2f}" if "p99" in s.decision_ms else "-"  # not timed
        lines.append(f"{s.strategy:<{w}} {f'{s.won}/{s.games}':>11} {s.mean:>8.4f} {s.max:>4} "
                     f"{p99:>9} {s.wall_s:>8.1f}")
    return lines


def report_lines(runs: Sequence[BenchRun]) -> list[str]:
    """Every run's table, then the side-by-side lines when there are several."""
    lines: list[str] = []
    for i, run in enumerate(runs):
        if i:
            lines.append("")
        lines += table_lines(run)
    if len(runs) > 1:
        lines += ["", *comparison_lines(runs)]
    return lines


def _answer(answer: str | tuple[str, ...]) -> str:
    return answer if isinstance(answer, str) else "+".join(answer)


def _scalar(value: Any) -> bool:
    """A figure short enough for the table (prose such as Absurdle's proof stays in the JSON)."""
    return value is None or isinstance(value, (int, float, bool)) or (
        isinstance(value, str) and len(value) <= 40)


def _short(value: Any) -> str:
    return f"{value:.4g}" if isinstance(value, float) else str(value)
