"""Shared test helpers: the real-browser guard and the bundled page served once per module."""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from autobot.drivers.browser import CHROMEDRIVER, CHROMIUM
from autobot.page.server import PIN_DATE

# A run started in the background by a shell without job control (`cmd &` in a script, nohup)
# begins with Ctrl-C ignored, and every process it starts inherits that; the tests that press
# Ctrl-C on an autobot they started need it delivered, as from a terminal.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    with contextlib.suppress(ValueError):  # only the main thread may set handlers
        signal.signal(signal.SIGINT, signal.default_int_handler)


def require_desktop(missing: list[str]) -> None:
    """Skip locally when the desktop tools (Xvfb, xauth, pyautogui) or the test's own
    `missing` prerequisites are absent; in CI (CI=true) that is a failure."""
    import importlib.util
    import shutil

    missing = missing + [t for t in ("Xvfb", "xauth") if shutil.which(t) is None]
    # find_spec, not import: importing pyautogui connects to a display at once.
    if importlib.util.find_spec("pyautogui") is None or importlib.util.find_spec("Xlib") is None:
        missing.append("pyautogui (pip install 'autobot[desktop]')")
    if not missing:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"desktop test prerequisites missing in CI: {', '.join(missing)}")
    pytest.skip(f"desktop prerequisites missing: {', '.join(missing)}")


def require_chromium() -> None:
    """Skip locally without Chromium; in CI (CI=true) a missing browser is a failure."""
    if os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER):
        return
    if os.environ.get("CI"):
        pytest.fail("chromium/chromedriver missing in CI")
    pytest.skip("chromium/chromedriver not installed")


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    """The bundled page's base URL, served on 127.0.0.1 for one test module."""
    from autobot.page.server import serve_page

    with serve_page() as url:
        yield url


SHARED = Path(__file__).resolve().parent.parent.parent / "shared"
CLONES = SHARED / "clones"

# JavaScript that pins a daily clone's date (../shared/clones/README.md's Date shim).
DATE_SHIM = PIN_DATE


def require_clone(name: str) -> Path:
    """The folder of a shared third-party clone; skip clearly when ../shared is absent."""
    folder = CLONES / name
    if not folder.is_dir():
        pytest.skip(f"{folder} not found: the shared clones live in ../shared/clones")
    return folder


@contextlib.contextmanager
def serve_clone(name: str) -> Iterator[str]:
    """Serve one shared clone as a static site on a free 127.0.0.1 port; yields its base URL."""
    from autobot.page.server import serve_folder

    with serve_folder(require_clone(name)) as url:
        yield url


def play_clone(name: str, tmp_path: Path, *extra: str, init: str | None = None,
               path: str = "") -> dict:
    """Serve a shared clone, play it with `autobot play --url`, return the --json record plus
    the exit code (a game that stopped before writing a record counts as not won)."""
    import json

    from autobot.cli import main

    require_chromium()
    out = tmp_path / "game.json"
    args = ["play", "--json", str(out), *extra]
    if init is not None:
        script = tmp_path / "init.js"
        script.write_text(init, encoding="utf-8")
        args += ["--init-script", str(script)]
    with serve_clone(name) as base:
        code = main([*args, "--url", base + path])
    record = json.loads(out.read_text()) if out.exists() else {"won": False, "rejected": []}
    return {**record, "exit": code}


# --- sockets: who listens where (Linux /proc) --------------------------------------------


def listening(pids: set[int]) -> list[tuple[str, int]]:
    """(address, port) of every TCP socket listening in `pids` (from /proc/net/tcp{,6})."""
    inodes = set()
    for pid in pids:
        fd_dir = Path(f"/proc/{pid}/fd")
        try:
            for fd in fd_dir.iterdir():
                try:
                    target = fd.readlink().as_posix()
                except OSError:
                    continue
                if target.startswith("socket:["):
                    inodes.add(target[8:-1])
        except OSError:
            continue
    found = []
    for table, width in (("/proc/net/tcp", 8), ("/proc/net/tcp6", 32)):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            local, state, inode = fields[1], fields[3], fields[9]
            if state != "0A" or inode not in inodes:  # 0A: LISTEN
                continue
            address, port = local.split(":")
            found.append((_tcp_address(address, width), int(port, 16)))
    return found


def _tcp_address(hexa: str, width: int) -> str:
    """/proc/net/tcp's little-endian hex address as text."""
    import ipaddress

    raw = bytes.fromhex(hexa)
    if width == 8:
        return str(ipaddress.IPv4Address(raw[::-1]))
    words = b"".join(raw[i:i + 4][::-1] for i in range(0, 16, 4))
    v6 = ipaddress.IPv6Address(words)
    return str(v6.ipv4_mapped or v6)  # Java binds 127.0.0.1 as ::ffff:127.0.0.1
