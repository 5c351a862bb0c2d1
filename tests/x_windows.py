"""Small X windows the desktop tests put beside a game (python-xlib, run as a script)."""

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
