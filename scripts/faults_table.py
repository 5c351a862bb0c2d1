"""Rows of the reliability table (issue #24): case | command | exit | record | leftovers.

Usage: .venv/bin/python scripts/faults_table.py early server bench
Against another tree (the "before" column): PYTHONPATH=OTHER_TREE python scripts/faults_table.py ...
(run from outside the repo so that `-m autobot` finds OTHER_TREE first).
"""

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

OLD = '{"won": true, "from": "an older game"}'


def members(sid):
    out = []
    for e in Path("/proc").iterdir():
        if not e.name.isdigit():
            continue
        try:
            st = (e / "stat").read_text()
        except OSError:
            continue
        name, rest = st[st.index("(") + 1 : st.rindex(")")], st[st.rindex(")") + 2 :]
        f = rest.split()
        if f[0] != "Z" and int(f[3]) == sid:
            out.append(f"{e.name} {name}")
    return out


def leftovers(sid, tmp):
    for _ in range(50):
        m = members(sid)
        if not m:
            break
        time.sleep(0.1)
    prof = list(Path(tmp).glob("autobot-chromium-*"))
    return f"{len(m)} procs, {len(prof)} profiles"


def autobot(tmp, *args, env=None):
    e = {**os.environ, "TMPDIR": str(tmp), "PYTHONUNBUFFERED": "1", **(env or {})}
    return subprocess.Popen(
        [sys.executable, "-m", "autobot", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.PIPE,
        env=e,
        start_new_session=True,
        text=True,
    )


def record(path):
    try:
        d = json.loads(Path(path).read_text())
    except Exception as exc:
        return f"unreadable {exc}"
    if d.get("from") == "an older game":
        return "OLD record (won: true) left"
    keys = {
        k: d.get(k) for k in ("exit_code", "reason", "won", "retries", "failed", "leaks") if k in d
    }
    for run in d.get("runs", []):  # the benchmark's document: its summary's figures
        summary = run["summary"]
        keys.update({k: summary[k] for k in ("games", "won", "failed")})
        keys.update({k: summary["extra"].get(k) for k in ("retries", "leaks")})
    if "runs" in d:
        keys["runs"] = len(d["runs"])
    return json.dumps(keys)


def catches(pid):
    try:
        st = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    m = next(int(ln.split()[1], 16) for ln in st.splitlines() if ln.startswith("SigCgt:"))
    return bool(m >> 14 & 1)


def early(tmp):
    out = tmp / "game.json"
    out.write_text(OLD)
    os.utime(out, (time.time() - 60,) * 2)
    p = autobot(tmp, "play", "--answer", "eerie", "--json", str(out))
    while not catches(p.pid):
        time.sleep(0.001)
    p.send_signal(signal.SIGTERM)
    _, err = p.communicate(timeout=60)
    return (
        "SIGTERM in the first second (parser being built)",
        "play --answer eerie --json OUT",
        p.returncode,
        record(out),
        leftovers(p.pid, tmp),
        err.strip(),
    )


def server(tmp):
    from autobot.page.server import page_url

    out = tmp / "game.json"
    out.write_text(OLD)
    s = autobot(tmp, "serve")
    base = s.stdout.readline().strip()
    p = autobot(
        tmp, "play", "--url", page_url(base, answer="alien", anim=False), "--json", str(out)
    )
    p.stdout.readline()
    s.send_signal(signal.SIGTERM)
    s.communicate(timeout=30)
    _, err = p.communicate(timeout=120)
    return (
        "page server (autobot serve) stopped after row 1",
        "play --url SERVED --json OUT",
        p.returncode,
        record(out),
        leftovers(p.pid, tmp) + f"; serve exit {s.returncode}, " + leftovers(s.pid, tmp),
        err.strip()[-200:],
    )


def browsers(sid):
    m = dict(x.split(" ", 1) for x in members(sid))
    found = []
    for pid, name in m.items():
        if name != "chromium":
            continue
        try:
            st = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue
        parent = st[st.rindex(")") + 2 :].split()[1]
        if m.get(parent) == "chromedriver":
            found.append((int(pid), int(parent)))
    return found


def bench(tmp):
    summ, lines = tmp / "bench.json", tmp / "games.jsonl"
    summ.write_text(OLD)
    b = autobot(
        tmp,
        "bench",
        "--browser",
        "--parallel",
        "2",
        "--games",
        "3",
        "--seed",
        "3",
        "--jsonl",
        str(lines),
        "--json",
        str(summ),
    )
    while not (lines.exists() and lines.read_text().strip()):
        assert b.poll() is None, b.communicate()
        time.sleep(0.02)
    (browser, _), (_, driver) = browsers(b.pid)
    os.kill(browser, signal.SIGKILL)
    os.kill(driver, signal.SIGKILL)
    out, err = b.communicate(timeout=300)
    return (
        "a Chromium and the other chromedriver SIGKILLed under bench --parallel 2 (after game 1)",
        "bench --browser --parallel 2 --games 3 --jsonl J --json OUT",
        b.returncode,
        record(summ),
        leftovers(b.pid, tmp),
        out.strip().splitlines()[-2:],
    )


def sigterm_parallel(tmp):
    summ, lines = tmp / "bench.json", tmp / "games.jsonl"
    summ.write_text(OLD)
    os.utime(summ, (time.time() - 60,) * 2)
    b = autobot(tmp, "bench", "--browser", "--parallel", "2", "--games", "3", "--seed", "3",
                "--jsonl", str(lines), "--json", str(summ))
    while not (lines.exists() and lines.read_text().strip()):
        assert b.poll() is None, b.communicate()
        time.sleep(0.02)
    b.send_signal(signal.SIGTERM)
    out, err = b.communicate(timeout=300)
    return ("SIGTERM under bench --parallel 2 (after game 1)",
            "bench --browser --parallel 2 --games 3 --jsonl J --json OUT", b.returncode,
            record(summ), leftovers(b.pid, tmp), err.strip()[-120:])


for case in sys.argv[1:]:
    with tempfile.TemporaryDirectory() as d:
        row = globals()[case](Path(d))
        print(" | ".join(str(x) for x in row), flush=True)
