"""The benchmark's edges: print the common table, write the common `--json` document."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from autobot.bench.model import BenchRun, comparison_lines, dumps, report_lines, to_json
from autobot.harness.report import write_atomic


def print_runs(runs: BenchRun | Sequence[BenchRun]) -> None:
    """Every run's table on stdout (and the side-by-side lines when there are several)."""
    runs = [runs] if isinstance(runs, BenchRun) else list(runs)
    print("\n".join(report_lines(runs)), flush=True)


def print_comparison(runs: Sequence[BenchRun]) -> None:
    """The runs side by side, one line each."""
    print("\n".join(comparison_lines(runs)), flush=True)


def write_runs(path: str | Path | None, runs: BenchRun | Sequence[BenchRun], *,
               records_file: str | None = None, **about: Any) -> None:
    """`--json`: the runs' summaries and records in the one shape (nothing when `path` is None,
    stdout for '-'); an unwritable path is bad input."""
    if path is None:
        return
    text = dumps(to_json(runs, records_file=records_file, **about))
    if str(path) == "-":
        sys.stdout.write(text)
        return

    write_atomic(path, text)
    print(f"wrote {path}")
