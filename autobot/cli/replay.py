"""`autobot replay DIR_OR_FILES...`: decode screenshots, compare with sidecars/labels, exit 1 on
any regression."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TextIO

from autobot.errors import AutobotError
from autobot.harness.calibration import load_profile
from autobot.harness.replay import (
    Replayer,
    collect_cases,
    expect_frame,
    replay_cases,
    summarise,
    update_sidecars,
)
from autobot.harness.trace import is_trace


def _row_text(rows: list[tuple[str, str]]) -> str:
    shown = [f"{letters or '-'} {marks}" for letters, marks in rows if marks.strip(".")]
    return " / ".join(shown) if shown else "empty board" if rows else "no board"


def run(args: argparse.Namespace) -> int:
    """Replay every case, print the table, write JSON; 1 if any case failed."""
    if args.expect:
        return write_expectations(args.paths, args.expect)
    profile = None
    if args.profile:
        profile = load_profile(args.profile)
    cases = collect_cases(args.paths, args.strict)
    if not cases:
        if all(Path(p).is_dir() for p in args.paths):
            # An empty folder (fixtures/pending once everything is filed) is nothing to do.
            print(f"nothing pending: no images in {', '.join(args.paths)}")
            return 0
        raise AutobotError(f"no images in {', '.join(args.paths)}")
    replayer = Replayer(profile=profile, strategy=args.strategy, lang=args.lang, mode=args.game,
                        length=args.length)
    if args.update:
        changed = update_sidecars(cases, replayer)
        for name, old, new in changed:
            print(f"updated {name}: expected guess {old or 'none'} -> {new or 'none'}")
        print(f"{len(changed)} expected guesses changed")
        cases = collect_cases(args.paths, args.strict)  # replay the rewritten sidecars
    width = max(len(c.name) for c in cases)
    results = []
    lines = _open_jsonl(args.jsonl)
    for r in replay_cases(cases, replayer, args.jobs):
        results.append(r)
        if lines is not None:
            lines.write(json.dumps(r.to_json()) + "\n")
            lines.flush()
        if r.status == "pass":
            if args.quiet:
                continue
            detail = f"guess {r.guess}" if r.guess else ""
            if r.unsure:
                detail = f"{r.unsure} hidden/moving tiles read as '?', not settled"
        elif r.status == "fail":
            detail = "; ".join(r.diffs)
        else:
            detail = f"{_row_text(r.rows)}; suggest {r.guess or 'none'}"
            if not r.found:
                detail = "no Wordle board found"
            if r.diffs:
                detail += "; " + "; ".join(r.diffs)
        if r.note:
            detail = f"{detail}; note: {r.note}" if detail else f"note: {r.note}"
        print(f"{r.status.upper():4}  {r.name:<{width}}  {r.read_ms:7.1f} ms  {detail}".rstrip(),
              flush=True)
    if lines is not None:
        lines.close()
    summary = summarise(results)
    print(f"{summary['passed']} passed, {summary['failed']} failed, {summary['new']} without "
          f"expectations; read median {summary['read_ms_median']} ms, "
          f"p95 {summary['read_ms_p95']} ms")
    if args.json:
        out = Path(args.json)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps({"summary": summary, "results": [r.to_json() for r in results]},
                                  indent=1) + "\n", encoding="utf-8")
    return 1 if summary["failed"] else 0


def write_expectations(paths: list[str], frames: list[int]) -> int:
    """`--expect N...`: the sidecars of a trace's frames, written from the bot's reads."""
    if len(paths) != 1 or not is_trace(paths[0]):
        raise AutobotError("--expect takes one trace folder (one with trace.json)")
    for n in frames:
        print(f"{expect_frame(Path(paths[0]), n)}: correct its rows where the bot misread, "
              f"then `autobot replay {paths[0]}`")
    return 0


def _open_jsonl(path: str | None) -> TextIO | None:
    """The --jsonl file opened for writing (None without the flag); unwritable is bad input."""
    if not path:
        return None
    try:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        return open(path, "w", encoding="utf-8")  # noqa: SIM115 (closed by run)
    except OSError as exc:
        raise AutobotError(f"cannot write {path}: {exc.strerror or exc}") from None
