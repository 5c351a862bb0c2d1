#!/usr/bin/env python3
"""Capture speed: whole-viewport screenshots against the board's clip, interleaved in one
browser at each device scale (so both see the same load); medians, p95 and the ratio.
Not a test: `python scripts/bench_capture.py --frames 40 --scales 1 2 --json capture.json`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from autobot.drivers.browser import BrowserConfig, open_browser
from autobot.drivers.screen import SeleniumScreen
from autobot.loop import percentile
from autobot.page.server import page_url, serve_page
from autobot.vision import read_board


def main() -> int:
    """Time both ways of capturing at each scale; print and write the figures."""
    parser = argparse.ArgumentParser(prog="scripts/bench_capture.py")
    parser.add_argument("--frames", type=int, default=40)
    parser.add_argument("--scales", type=float, nargs="+", default=[1.0, 2.0])
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    os.environ["SE_OFFLINE"] = "true"
    rows = []
    with serve_page() as base:
        for scale in args.scales:
            with open_browser(BrowserConfig(scale=scale)) as web:
                web.get(page_url(base, answer="crane", guesses=["stare", "plonk"], anim=False))
                time.sleep(0.5)
                screen = SeleniumScreen(web)
                read = read_board(screen.grab())
                if not read.found:
                    print(f"scale {scale:g}: no board found", file=sys.stderr)
                    return 1
                times: dict[str, list[float]] = {"full": [], "clip": []}
                for _ in range(args.frames):
                    for kind in ("full", "clip"):
                        screen.focus(read.grid.bbox() if kind == "clip" else None)
                        t0 = time.perf_counter()
                        screen.grab()
                        times[kind].append((time.perf_counter() - t0) * 1000)
                        assert screen.last_kind == kind
                row = {"scale": scale, "load_average": round(os.getloadavg()[0], 2)}
                for kind, values in times.items():
                    row[f"{kind}_median_ms"] = round(percentile(values, 50), 1)
                    row[f"{kind}_p95_ms"] = round(percentile(values, 95), 1)
                row["full_over_clip"] = round(row["full_median_ms"] / row["clip_median_ms"], 2)
                rows.append(row)
                print(f"scale {scale:g}: whole viewport {row['full_median_ms']} ms "
                      f"(p95 {row['full_p95_ms']}), board clip {row['clip_median_ms']} ms "
                      f"(p95 {row['clip_p95_ms']}), {row['full_over_clip']}x faster; "
                      f"load {row['load_average']} on {os.cpu_count()} cores", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
