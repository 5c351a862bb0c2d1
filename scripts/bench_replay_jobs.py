#!/usr/bin/env python3
"""Replay at scale: the fixture screenshots copied K times with small seeded perturbations (a
+-4 colour shift and mild noise; sidecars kept) into a temp folder, then `autobot replay DIR
--jobs J` timed for each J. Not a test: `python scripts/bench_replay_jobs.py --copies 3 --jobs 1,2`.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]


def make_copies(source: Path, target: Path, copies: int) -> int:
    """Write `copies` perturbed versions of every fixture (with its sidecar); returns the count."""
    count = 0
    for image in sorted(source.glob("*.png")):
        frame = cv2.imread(str(image), cv2.IMREAD_COLOR).astype(np.int16)
        for k in range(copies):
            rng = np.random.default_rng(zlib.crc32(f"{image.name}~{k}".encode()))
            noise = rng.integers(-2, 3, size=frame.shape, dtype=np.int16)
            shifted = np.clip(frame + rng.integers(-4, 5, size=3) + noise, 0, 255)
            name = f"{image.stem}~{k}"
            cv2.imwrite(str(target / f"{name}.png"), shifted.astype(np.uint8),
                        [cv2.IMWRITE_PNG_COMPRESSION, 1])  # fast: the copies are thrown away
            shutil.copy(image.with_suffix(".json"), target / f"{name}.json")
            count += 1
    return count


def main() -> int:
    """Time each --jobs value; print the figures and the speed-up over the first."""
    parser = argparse.ArgumentParser(prog="scripts/bench_replay_jobs.py")
    parser.add_argument("--copies", type=int, default=3)
    parser.add_argument("--jobs", default="1,2")
    parser.add_argument("--json", default=None)
    parser.add_argument("--dir", type=Path, default=None,
                        help="keep the copies here (made once, reused by the next run)")
    args = parser.parse_args()
    with contextlib.ExitStack() as stack:
        if args.dir is None:
            tmp = stack.enter_context(tempfile.TemporaryDirectory(prefix="autobot-replay-"))
        else:
            tmp = str(args.dir)
            args.dir.mkdir(parents=True, exist_ok=True)
        images = len(list(Path(tmp).glob("*.png"))) or make_copies(
            ROOT / "fixtures" / "screenshots", Path(tmp), args.copies)
        rows = []
        for jobs in (int(j) for j in args.jobs.split(",")):
            t0 = time.monotonic()
            proc = subprocess.run([sys.executable, "-m", "autobot", "replay", tmp, "-q",
                                   "--jobs", str(jobs)], capture_output=True, text=True)
            wall = time.monotonic() - t0
            last = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else proc.stderr
            rows.append({"jobs": jobs, "images": images, "wall_s": round(wall, 2),
                         "images_per_s": round(images / wall, 2), "exit": proc.returncode,
                         "summary": last, "load_average": round(os.getloadavg()[0], 1)})
            print(f"--jobs {jobs}: {images} images in {wall:.1f} s ({images / wall:.1f}/s), "
                  f"exit {proc.returncode}; {last}; load {os.getloadavg()[0]:.1f}", flush=True)
    base = rows[0]["wall_s"]
    for row in rows[1:]:
        print(f"speed-up --jobs {row['jobs']} vs --jobs {rows[0]['jobs']}: "
              f"{base / row['wall_s']:.2f}x on {os.cpu_count()} cores (shared: figures are noisy)")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
