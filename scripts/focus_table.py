"""The live focus watchdog under a real window manager (openbox on a private Xvfb): a game with no
thief, a chat window activated after row 1, and --confirm with the 'terminal' activated at each
answer; prints exit, record, and how many keys reached the chat window.

Usage: .venv/bin/python scripts/focus_table.py [1 2 3]
Against another tree: R2_ROOT=OTHER_TREE PYTHONPATH=OTHER_TREE python scripts/focus_table.py
"""

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from autobot.drivers.desktop import virtual_display
from autobot.page.server import serve_page

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
import test_live  # noqa: E402 (the tests' own helpers: the chat window, a running `live`)
from test_live import THIEF, Running, _url, xdotool  # noqa: E402

if os.environ.get("R2_ROOT"):
    test_live.ROOT = Path(os.environ["R2_ROOT"])
CASES = sys.argv[1:] or ["1", "2", "3"]


def rec(p):
    r = json.loads(Path(p).read_text())
    return {k: r.get(k) for k in ("exit_code", "reason", "focus_window") if k in r} | {
        "guesses": len(r.get("guesses", []))
    }


with (
    virtual_display((1280, 1024)) as denv,
    serve_page() as base,
    tempfile.TemporaryDirectory() as d,
):
    env = {**os.environ, **denv}
    wm = subprocess.Popen(
        ["openbox"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    time.sleep(1.5)

    def thief():
        t = subprocess.Popen(
            [sys.executable, "-c", THIEF, "1020", "100", "240", "160"],
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        return t, t.stdout.readline().split()[1]

    def game(name, *extra, steps=()):
        out = Path(d) / f"{name}.json"
        t, wid = thief()
        run = Running(
            env,
            "--launch",
            _url(base, answer="fuzzy"),
            "--window",
            "100,100,900,880",
            "--json",
            str(out),
            *extra,
        )
        for wait, act in steps:
            try:
                run.wait_for(wait, timeout=90)
            except AssertionError:
                break
            if act == "steal":
                xdotool(env, "windowactivate", "--sync", wid)
            else:
                run.send(act)
        code, o, err = run.finish(timeout=300)
        tout, _ = t.communicate("", timeout=30)
        print(
            f"{name} | exit {code} | {rec(out)} | {tout.count('key')} keys into the chat"
            f" | {err.strip()[-220:]}",
            flush=True,
        )

    if "1" in CASES:
        game("openbox, no steal")
    if "2" in CASES:
        game("openbox, chat activated after row 1", steps=[("\n", "steal")])
    if "3" in CASES:
        game(
            "openbox, --confirm, 'terminal' activated at each answer",
            "--confirm",
            steps=[
                ("guess 1:", "steal"),
                ("guess 1:", "\n"),
                ("guess 2:", "steal"),
                ("guess 2:", "\n"),
                ("guess 3:", "q\n"),
            ],
        )
    wm.terminate()
    wm.wait()
