"""A private X server (Xvfb) for tests, benchmarks and headed browsers on a machine without a
display."""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator

from autobot.errors import Unavailable


def _free_display(start: int = 90) -> int:
    """The first X display number with no lock file or socket (a guess Xvfb then confirms)."""
    for n in range(start, start + 200):
        if not os.path.exists(f"/tmp/.X{n}-lock") and not os.path.exists(f"/tmp/.X11-unix/X{n}"):
            return n
    raise Unavailable("no free X display number")


def _serves(n: int, pid: int) -> bool:
    """Display :n is up and is this Xvfb's: its lock file names `pid` (another process that
    picked the same free number at the same moment owns the display, and this Xvfb exits)."""
    try:
        with open(f"/tmp/.X{n}-lock") as lock:
            owner = int(lock.read().strip() or 0)
    except (OSError, ValueError):
        return False
    return owner == pid and os.path.exists(f"/tmp/.X11-unix/X{n}")


@contextlib.contextmanager
def virtual_display(
    size: tuple[int, int] = (1280, 1024), *, start: int = 90
) -> Iterator[dict[str, str]]:
    """Start `Xvfb :N -screen 0 WxHx24` with its own cookie; yield the env vars to reach it.

    The caller decides where the variables go (a test's monkeypatch, a subprocess's env);
    Xvfb is killed and the cookie file deleted on exit.
    """
    xvfb = shutil.which("Xvfb")
    xauth = shutil.which("xauth")
    if not xvfb or not xauth:
        raise Unavailable("Xvfb/xauth not found (apt-get install xvfb xauth)")
    tmp = tempfile.mkdtemp(prefix="autobot-xvfb-")
    auth = os.path.join(tmp, "Xauthority")
    proc: subprocess.Popen[bytes] | None = None
    try:
        for attempt in range(5):
            n = _free_display(start + attempt * 7)
            subprocess.run(
                [xauth, "-q", "-f", auth, "add", f":{n}", ".", secrets.token_hex(16)],
                check=True, capture_output=True,
            )
            proc = subprocess.Popen(
                [xvfb, f":{n}", "-screen", "0", f"{size[0]}x{size[1]}x24", "-auth", auth,
                 "-nolisten", "tcp", "-noreset"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            )
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline and proc.poll() is None:
                if _serves(n, proc.pid):
                    break
                time.sleep(0.05)
            if proc.poll() is None and _serves(n, proc.pid):
                yield {"DISPLAY": f":{n}", "XAUTHORITY": auth}
                return
            proc.kill()
            proc.wait()
            proc = None
        raise Unavailable("Xvfb did not start")
    finally:
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        shutil.rmtree(tmp, ignore_errors=True)
