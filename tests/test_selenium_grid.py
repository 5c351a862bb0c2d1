"""A real Selenium Grid (hub + 2 Chromium nodes): 20 games at --parallel 4, a node killed mid-run,
and nothing left behind afterwards. Plus the pure parts (config text, /status summary)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from conftest import listening, require_chromium

from autobot.errors import AutobotError
from autobot.harness import selenium_grid

ROOT = Path(__file__).resolve().parents[1]


def require_grid() -> None:
    """Skip locally without java or the Grid jar; in CI (CI=true) that is a failure."""
    require_chromium()
    try:
        selenium_grid.find_java()
        selenium_grid.find_jar()
    except AutobotError as exc:
        if os.environ.get("CI"):
            pytest.fail(f"Grid not installed in CI: {exc}")
        pytest.skip(str(exc))


def test_hub_and_node_config_are_valid_toml_on_loopback() -> None:
    config = selenium_grid.GridConfig(nodes=3, max_sessions=4)
    hub = tomllib.loads(selenium_grid.hub_toml(config, 4444, 5001, 5002))
    node = tomllib.loads(selenium_grid.node_toml(config, 5555, 5001, 5002))
    assert hub["server"] == {"host": "127.0.0.1", "port": 4444}
    assert hub["events"]["publish"] == node["events"]["publish"] == "tcp://127.0.0.1:5001"
    assert hub["events"]["subscribe"] == node["events"]["subscribe"] == "tcp://127.0.0.1:5002"
    assert node["node"]["selenium-manager"] is False
    assert node["node"]["detect-drivers"] is False
    assert node["node"]["max-sessions"] == 4
    driver = node["node"]["driver-configuration"][0]
    assert driver["webdriver-executable"] == "/usr/bin/chromedriver"
    stereotype = json.loads(driver["stereotype"])
    assert stereotype["goog:chromeOptions"]["binary"] == "/usr/bin/chromium"


def test_grid_refuses_a_non_loopback_host(tmp_path: Path) -> None:
    with pytest.raises(AutobotError, match="loopback"):
        selenium_grid.grid_up(selenium_grid.GridConfig(host="0.0.0.0"), tmp_path / "run")


def test_status_summary_counts_sessions_on_live_nodes_only() -> None:
    slot = {"session": {"sessionId": "abc"}}
    status = {"ready": True, "nodes": [
        {"availability": "UP", "uri": "http://127.0.0.1:1", "slots": [slot, {"session": None}]},
        {"availability": "DOWN", "uri": "http://127.0.0.1:2", "slots": [slot]},
    ]}
    summary = selenium_grid.status_summary(status)
    assert summary["sessions"] == ["abc"]
    assert (summary["nodes_up"], summary["nodes_down"], summary["slots"]) == (1, 1, 2)


def test_status_without_a_grid_is_a_one_line_error(tmp_path: Path) -> None:
    env = {**os.environ, "AUTOBOT_GRID_DIR": str(tmp_path / "none")}
    proc = subprocess.run([sys.executable, "-m", "autobot", "grid", "status"], env=env,
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert proc.returncode == 5
    assert "Traceback" not in proc.stderr and "no Grid answers" in proc.stderr


def _cli(args: list[str], env: dict[str, str], timeout: float) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "autobot", *args], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout)


@pytest.mark.browser
@pytest.mark.slow
def test_twenty_games_on_a_real_grid_all_won_nothing_left(tmp_path: Path) -> None:
    require_grid()
    run_dir = tmp_path / "grid"
    env = {**os.environ, "AUTOBOT_GRID_DIR": str(run_dir), "SE_OFFLINE": "true"}
    up = _cli(["grid", "up", "--nodes", "2", "--max-sessions", "2", "--port", "0"], env, 300)
    assert up.returncode == 0, up.stderr
    state = selenium_grid.load_state(run_dir)
    assert state is not None and up.stdout.splitlines()[0] == state.hub_url
    pids = [state.hub_pid, *state.node_pids]
    try:
        status = _cli(["grid", "status", "--json"], env, 60)
        assert status.returncode == 0, status.stderr
        assert json.loads(status.stdout)["slots"] == 4
        # Loopback only: the hub and both nodes (and all they started) listen on 127.0.0.1.
        sockets = listening({p for pid in pids for p in selenium_grid.group_members(pid)})
        assert sockets and {address for address, _ in sockets} == {"127.0.0.1"}, sockets
        assert {state.node_ports[0], state.node_ports[1]} <= {port for _, port in sockets}
        out = tmp_path / "games.jsonl"
        bench = _cli(["bench", "--browser", "--remote", state.hub_url, "--parallel", "4",
                      "--games", "20", "--no-anim", "--jsonl", str(out)], env, 1500)
        assert bench.returncode == 0, bench.stdout + bench.stderr
        records = [json.loads(line) for line in out.read_text().splitlines()]
        assert sorted(r["game"] for r in records) == list(range(1, 21))
        assert all(r["won"] and r["guesses"][-1] == r["answer"] for r in records)
        assert {r["node"] for r in records} <= {f"http://127.0.0.1:{p}" for p in
                                                 state.node_ports}
        assert "won 20/20" in bench.stdout
        assert "left over: 0 Grid sessions, 0 browser processes, 0 profiles" in bench.stdout
        # Resuming a finished run plays nothing and still reports every game won.
        again = _cli(["bench", "--browser", "--remote", state.hub_url, "--parallel", "4",
                      "--games", "20", "--no-anim", "--resume", str(out)], env, 300)
        assert again.returncode == 0, again.stdout + again.stderr
        assert "won 20/20" in again.stdout and "20 resumed" in again.stdout
        assert len(out.read_text().splitlines()) == 20
    finally:
        down = _cli(["grid", "down"], env, 120)
    assert down.returncode == 0, down.stderr
    assert not run_dir.exists()
    assert all(not selenium_grid.group_members(pid) for pid in pids)


@pytest.mark.browser
@pytest.mark.slow
def test_a_node_killed_mid_run_loses_no_game(tmp_path: Path) -> None:
    """SIGKILL the node a session runs on and restart the page server: every game still ends
    up in the output once, won; the retry is counted; the dead node's browsers are reaped."""
    require_grid()
    from autobot.bench.browser import pick_answers
    from autobot.bench.parallel import RunConfig, run_games
    from autobot.page.server import serve_page

    config = selenium_grid.GridConfig(nodes=2, max_sessions=2, port=0)
    state = selenium_grid.grid_up(config, tmp_path / "grid")
    run_dir = Path(state.run_dir)
    pages = [serve_page()]
    urls = [pages[0].__enter__()]
    port = urls[0].rsplit(":", 1)[1].strip("/")
    killed: list[int] = []

    def chaos(record: dict) -> None:
        if not killed and "node" in record:  # this node holds a session right now
            index = state.node_ports.index(int(record["node"].rsplit(":", 1)[1]))
            killed.append(state.node_pids[index])
            os.kill(killed[0], signal.SIGKILL)
            pages[0].__exit__(None, None, None)  # and restart the page server, same port
            pages[0] = serve_page(port=int(port))
            urls[0] = pages[0].__enter__()

    try:
        out = tmp_path / "games.jsonl"
        summary = run_games(pick_answers(8, 3), RunConfig(parallel=2, remote_url=state.hub_url),
                            lambda: urls[0], out_path=out, grid_dir=run_dir, on_record=chaos)
        records = [json.loads(line) for line in out.read_text().splitlines()]
        assert killed and not selenium_grid.group_members(killed[0])
        assert sorted(r["game"] for r in records) == list(range(1, 9))
        assert all(r["won"] for r in records), [r.get("failed") for r in records]
        assert summary["retries"] >= 1 and sum(r["retries"] for r in records) >= 1
        assert summary["leaks"] == {"sessions": [], "processes": [], "profiles": []}
    finally:
        pages[0].__exit__(None, None, None)
        selenium_grid.grid_down(run_dir)
    assert not run_dir.exists()
