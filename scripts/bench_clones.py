#!/usr/bin/env python3
"""The real third-party clones in ../shared/clones, each in every look it offers, played by
`autobot play --url` in headless Chromium: won, guesses, seconds, words the page refused.
Not a test (tests/test_clones.py and friends assert the wins): this prints the table.
`python scripts/bench_clones.py --repeats 3 --json clones.json`
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from autobot.cli import main as autobot
from autobot.page.server import PIN_DATE, serve_folder

SHARED = Path(__file__).resolve().parents[2] / "shared" / "clones"
# The clones' own documented controls (../shared/clones/README.md) fix the answer and the look.
DATE_SHIM = PIN_DATE.format(day="2024-05-01")  # letreco => FOBIA
TRAIN = "localStorage.setItem('stateAnswer', JSON.stringify('TRAIN'));"


@dataclass(frozen=True)
class Game:
    """One clone in one look: where it is served from, how it is pinned, what wins."""

    clone: str
    look: str
    answer: str
    init: str
    path: str = ""
    lang: str = "en"


GAMES = (
    Game("word-master", "light (How to play up)", "train", TRAIN),
    Game("word-master", "dark (How to play up)", "train",
         TRAIN + "localStorage.setItem('dark-mode', 'true');"),
    Game("solid-wordle", "light", "cigar",
         "Math.random = () => 0; localStorage.setItem('color-mode', 'light');"),
    Game("solid-wordle", "dark", "cigar",
         "Math.random = () => 0; localStorage.setItem('color-mode', 'dark');"),
    Game("wordle-global", "light (/)", "porch", ""),
    Game("wordle-global", "light (/de/)", "gnade", "", path="de/", lang="de"),
    Game("letreco", "standard", "fobia", DATE_SHIM, lang="pt"),
    Game("letreco", "colour-blind", "fobia", DATE_SHIM
         + "localStorage.setItem('globalSettings', '{\"isColorblindModeActive\":true}');",
         lang="pt"),
)


def play(game: Game, base: str, work: Path) -> dict:
    """One `autobot play` of the clone; its --json record plus the exit code."""
    out, script = work / "game.json", work / "init.js"
    out.unlink(missing_ok=True)
    args = ["play", "--url", base + game.path, "--json", str(out), "--lang", game.lang]
    if game.init:
        script.write_text(game.init, encoding="utf-8")
        args += ["--init-script", str(script)]
    with open(os.devnull, "w") as quiet, contextlib.redirect_stdout(quiet):
        code = autobot(args)
    record = json.loads(out.read_text()) if out.exists() else {"won": False}
    return {**record, "exit": code}


def main() -> int:
    """Play every clone and look `--repeats` times; print the table, write the JSON."""
    parser = argparse.ArgumentParser(prog="scripts/bench_clones.py")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--shared", type=Path, default=SHARED)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    if not args.shared.is_dir():
        print(f"bench_clones: no clones at {args.shared}", file=sys.stderr)
        return 2
    os.environ["SE_OFFLINE"] = "true"
    rows = []
    print(f"{'clone':14} {'look':24} {'won':>5} {'guesses':>8} {'seconds':>8} {'refused':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        for game in GAMES:
            records = []
            with serve_folder(args.shared / game.clone) as base:
                for _ in range(args.repeats):
                    records.append(play(game, base, Path(tmp)))
            won = [r for r in records if r.get("won") and r["guesses"][-1] == game.answer]
            row = {
                "clone": game.clone, "look": game.look, "answer": game.answer,
                "lang": game.lang, "games": len(records), "won": len(won),
                "guesses": [len(r.get("guesses", [])) for r in records],
                "seconds": [r.get("seconds") for r in records],
                "refused": [len(r.get("rejected", [])) for r in records],
                "errors": [r.get("error") for r in records if not r.get("won")],
            }
            rows.append(row)
            secs = [s for s in row["seconds"] if s is not None]
            print(f"{game.clone:14} {game.look:24} {len(won)}/{len(records):<3} "
                  f"{statistics.median(row['guesses']):8g} "
                  f"{statistics.median(secs) if secs else float('nan'):8.2f} "
                  f"{max(row['refused']):8d}", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return 0 if all(r["won"] == r["games"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
