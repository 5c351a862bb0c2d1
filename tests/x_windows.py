"""Small X windows the desktop tests put beside a game (python-xlib, run as a script), and a
desktop with a window manager to put them on."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import time
from collections.abc import Iterator

# A chat-like window beside the game (not over it: the board's pixels stay as they were, so only
# the focus tells). It logs every key it receives; the test gives it the focus as a program would.
THIEF = """
import select, sys
from Xlib import X, Xutil, display
x, y, w, h = map(int, sys.argv[1:5])
d = display.Display()
s = d.screen()
win = s.root.create_window(x, y, w, h, 0, s.root_depth, X.InputOutput, X.CopyFromParent,
                           background_pixel=s.white_pixel, event_mask=X.KeyPressMask)
win.set_wm_normal_hints(flags=Xutil.USPosition | Xutil.USSize, x=x, y=y, width=w, height=h)
win.set_wm_name("Team chat")
win.set_wm_class("chat", "Thief")
win.map()
d.sync()
print("up", win.id, flush=True)
while True:
    ready, _, _ = select.select([d.fileno(), sys.stdin], [], [], 0.5)
    while d.pending_events():
        event = d.next_event()
        if event.type == X.KeyPress:
            print("key", event.detail, flush=True)
    if sys.stdin in ready and not sys.stdin.read(1):
        break
"""


@contextlib.contextmanager
def openbox_display(size: tuple[int, int]) -> Iterator[dict[str, str]]:
    """A private Xvfb with a real window manager (openbox: reparenting frames, focus set by the
    manager on click and on `_NET_ACTIVE_WINDOW` requests), as a person's desktop has; yields
    the environment for processes that use it. Skips (fails in CI) without openbox/xprop."""
    from conftest import require_desktop

    from autobot.drivers.desktop import virtual_display

    require_desktop([t for t in ("openbox", "xprop") if shutil.which(t) is None])
    with virtual_display(size) as display_env:
        env = {**os.environ, **display_env}
        wm = subprocess.Popen(["openbox"], env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 30
            while "window id" not in subprocess.run(
                    ["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"], env=env,
                    capture_output=True, text=True).stdout:
                assert wm.poll() is None and time.monotonic() < deadline, "openbox never came up"
                time.sleep(0.1)
            yield env
        finally:
            wm.terminate()
            wm.wait(timeout=30)
