"""`autobot replay --jobs N`: a process pool gives exactly the serial results, in order, and
`--jsonl` writes one line per image."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from autobot.harness.replay import Replayer, collect_cases, replay_cases

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures" / "screenshots"


def _sample(tmp_path: Path, n: int = 8) -> Path:
    """The first `n` fixture screenshots with their sidecars, in a folder of their own."""
    folder = tmp_path / "shots"
    folder.mkdir()
    for image in sorted(FIXTURES.glob("*.png"))[:n]:
        shutil.copy(image, folder)
        shutil.copy(image.with_suffix(".json"), folder)
    return folder


def _comparable(result: object) -> dict:
    data = result.to_json()  # type: ignore[attr-defined]
    data.pop("read_ms")  # timing differs run to run; everything else must not
    return data


def test_pool_results_equal_the_serial_reference(tmp_path: Path) -> None:
    cases = collect_cases([_sample(tmp_path)])
    serial = [_comparable(r) for r in replay_cases(cases, Replayer(), jobs=1)]
    pooled = [_comparable(r) for r in replay_cases(cases, Replayer(), jobs=2)]
    assert pooled == serial
    assert [r["name"] for r in pooled] == [c.name for c in cases]
    assert all(r["status"] == "pass" for r in pooled)


def test_cli_jobs_writes_one_json_line_per_image(tmp_path: Path) -> None:
    folder = _sample(tmp_path, 6)
    out = tmp_path / "replay.jsonl"
    proc = subprocess.run([sys.executable, "-m", "autobot", "replay", str(folder), "--jobs", "2",
                           "--jsonl", str(out), "-q"], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 6 and all(line["status"] == "pass" for line in lines)
    assert "6 passed, 0 failed" in proc.stdout
