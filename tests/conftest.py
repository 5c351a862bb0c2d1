"""Shared test helpers: marks from fixtures, the real-browser guard, the bundled page served once
per module."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
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


# --- marks from fixtures, and the guard that keeps browsers out of unmarked tests ------------

# A test that uses one of these fixtures (directly or through another fixture) gets the mark:
# `make test-fast` leaves it out by its mark, nobody has to remember to write it.
FIXTURE_MARKS = {"chromium": "browser", "desktop_tools": "desktop"}
# Programs only a test marked browser or desktop may start (Selenium starts chromedriver, which
# starts Chromium; the desktop tests start Xvfb).
GUARDED = {"chromedriver", "chromium", "chromium-browser", "chrome", "google-chrome", "Xvfb"}
_launch_allowed = True  # whether the running test may start a GUARDED program
_launches: list[str] = []  # GUARDED programs an unmarked test tried to start


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by marks
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks every test browser/desktop by the fixtures it uses (FIXTURE_MARKS); puts the long
    ones (slow and browser/desktop: a minute or more each) first, so that the workers do not end
    with one of them alone on a long test."""
    for item in items:
        for fixture, mark in FIXTURE_MARKS.items():
            if fixture in getattr(item, "fixturenames", ()):
                item.add_marker(mark)

    def long(item: pytest.Item) -> bool:
        marks = {m.name for m in item.iter_markers()}
        return "slow" in marks and bool(marks & {"browser", "desktop"})

    items.sort(key=lambda item: not long(item))  # stable: the rest keep their order


def _guard(event: str, args: tuple) -> None:
    """Audit hook: an unmarked test starting Chromium, chromedriver or Xvfb fails."""
    if event != "subprocess.Popen" or _launch_allowed:
        return
    executable, argv = args[0], args[1]
    first = argv if isinstance(argv, (str, bytes)) else (argv[0] if argv else "")
    for program in (executable, first):
        name = os.path.basename(os.fsdecode(program)) if program else ""
        if name in GUARDED:
            _launches.append(name)
            raise RuntimeError(
                f"this test starts {name} but is not marked browser/desktop: use the `chromium` "
                "or `desktop_tools` fixture (tests/conftest.py)")


sys.addaudithook(_guard)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """Lets the test (and its fixtures, set up next) start a browser only when it is marked."""
    global _launch_allowed
    _launch_allowed = bool({m.name for m in item.iter_markers()} & {"browser", "desktop"})
    _launches.clear()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """Fails an unmarked test that tried to start a browser, even if it swallowed the error."""
    yield
    if _launches:
        pytest.fail(f"{item.nodeid} starts {', '.join(sorted(set(_launches)))} without the "
                    "browser/desktop mark (use the `chromium` or `desktop_tools` fixture)")


@pytest.fixture(scope="session")
def chromium() -> None:
    """Chromium and chromedriver are here (else skip; fail in CI): a test or fixture that starts
    a browser asks for this, and is marked `browser` by it."""
    require_chromium()


@pytest.fixture(scope="session")
def desktop_tools() -> None:
    """Xvfb, xauth and pyautogui are here (else skip; fail in CI): a test or fixture that starts
    a desktop asks for this, and is marked `desktop` by it."""
    require_desktop([])


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


def session_members(sid: int) -> list[str]:
    """Live processes (not zombies) of session `sid`, as 'pid name'."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        name, rest = stat[stat.index("(") + 1:stat.rindex(")")], stat[stat.rindex(")") + 2:]
        fields = rest.split()
        if fields[0] != "Z" and int(fields[3]) == sid:
            found.append(f"{entry.name} {name}")
    return found
