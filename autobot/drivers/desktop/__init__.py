"""The live desktop edge: mss screen capture, pyautogui keys, and a guard that stops on surprises.

Nothing here touches a display at import time: mss connects when the first frame is grabbed and
pyautogui is imported inside `DesktopDriver` only, so `import autobot` works with no DISPLAY.
`capture` (MssScreen) -> `keys` (DesktopDriver) -> `guard` (GuardedDriver, focus spot);
`xvfb` starts a private display.
"""

from autobot.drivers.desktop.capture import MssScreen, bgra_to_rgb, parse_region
from autobot.drivers.desktop.guard import (
    Anchor,
    GuardedDriver,
    aims_at,
    anchor_of,
    board_moved,
    focus_spot,
    page_dialog,
    rows_differ,
)
from autobot.drivers.desktop.keys import (
    DesktopDriver,
    failsafe_guard,
    measure_pointer,
    require_pyautogui,
)
from autobot.drivers.desktop.xvfb import virtual_display
from autobot.errors import SAFETY_EXIT, UNAVAILABLE_EXIT

__all__ = [
    "SAFETY_EXIT", "UNAVAILABLE_EXIT", "Anchor", "DesktopDriver", "GuardedDriver", "MssScreen",
    "aims_at", "anchor_of", "bgra_to_rgb", "board_moved", "failsafe_guard", "focus_spot",
    "measure_pointer", "page_dialog", "parse_region", "require_pyautogui", "rows_differ",
    "virtual_display",
]
