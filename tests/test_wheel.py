"""A wheel that works: built with `python -m build`, installed with pip (the wheel) and pipx (the
source tree, through pip: what `pip install .` does) into fresh environments outside the
checkout, each wins a game in real Chromium (the glyph templates and every other run-time file
must ship inside the package)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest
from conftest import require_chromium

ROOT = Path(__file__).resolve().parents[1]
# Never copied into the build: environments, caches and earlier build output.
SKIP = (".git", ".venv", ".grid", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache",
        ".ruff_cache", "out", "bench-out")


def _run(cmd: list[str], cwd: Path, timeout: float, env: dict[str, str] | None = None) -> str:
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, "SE_OFFLINE": "true", **(env or {})})
    assert proc.returncode == 0, f"{cmd[:3]} exited {proc.returncode}:\n{proc.stdout[-2000:]}" \
                                 f"\n{proc.stderr[-2000:]}"
    return proc.stdout


def _play(autobot: Path, where: Path) -> None:
    """One game on the bundled page, run from outside the checkout; it must be won."""
    out = where / f"{autobot.parent.parent.name}.json"
    _run([str(autobot), "play", "--no-anim", "--answer", "crane", "--json", str(out)], where, 300)
    result = json.loads(out.read_text())
    assert result["won"] and result["guesses"][-1] == "crane", result


def _venv(path: Path) -> Path:
    venv.create(path, with_pip=True)
    return path / "bin"


@pytest.mark.slow
@pytest.mark.browser
def test_wheel_pip_install_and_pipx_each_win_a_game(tmp_path: Path) -> None:
    require_chromium()
    src = tmp_path / "src"
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(*SKIP), symlinks=True)
    dist = tmp_path / "dist"
    _run([sys.executable, "-m", "build", "--outdir", str(dist), str(src)], tmp_path, 900)
    wheel = next(dist.glob("autobot-*.whl"))
    games = tmp_path / "games"
    games.mkdir()

    from_wheel = _venv(tmp_path / "from-wheel")
    _run([str(from_wheel / "pip"), "install", "-q", str(wheel)], tmp_path, 900)
    installed = _run([str(from_wheel / "python"), "-c",
                      "import autobot.vision.glyphs as g; print(g.DEFAULT_DIR)"], games, 120)
    assert str(tmp_path / "from-wheel") in installed  # the wheel's copy, not the checkout's
    _play(from_wheel / "autobot", games)

    pipx = shutil.which("pipx")
    if pipx is None:  # pipx via pip, as a user without the Debian package would
        _run([str(from_wheel / "pip"), "install", "-q", "pipx"], tmp_path, 600)
        pipx = str(from_wheel / "pipx")
    home, bin_dir = tmp_path / "pipx-home", tmp_path / "pipx-bin"
    _run([pipx, "install", str(src)], tmp_path, 900,
         env={"PIPX_HOME": str(home), "PIPX_BIN_DIR": str(bin_dir)})
    _play(home / "venvs" / "autobot" / "bin" / "autobot", games)
    assert (bin_dir / "autobot").exists()
