"""Frame pixels -> pointer coordinates: HiDPI ratios and monitors left of / above the primary."""

from __future__ import annotations

import pytest

from autobot.drivers.pointer import (
    PointerMap,
    Rect,
    bounding,
    monitor_of,
    pointer_map,
    primary_monitor,
)
from autobot.errors import AutobotError


def reference(x: float, y: float, capture: Rect, frame: tuple[int, int], ratio: float,
              ) -> tuple[int, int]:
    """Slow and plain: frame pixel centre -> desktop units -> pointer units (one ratio)."""
    ux = capture.left + (x + 0.5) * capture.width / frame[0]
    uy = capture.top + (y + 0.5) * capture.height / frame[1]
    px, py = ux * ratio, uy * ratio
    return int(px // 1), int(py // 1)


@pytest.mark.parametrize("ratio", [1.0, 1.25, 1.5, 2.0])
def test_windows_style_scaling_physical_capture_logical_pointer(ratio: float) -> None:
    # The capture sees physical pixels (DPI aware); the pointer moves in logical units.
    phys = Rect(0, 0, 1920 * ratio, 1080 * ratio)
    pm = pointer_map(phys, (round(phys.width), round(phys.height)), [phys],
                     (1920, 1080))
    assert pm.scale_x == pytest.approx(1 / ratio) and pm.scale_y == pytest.approx(1 / ratio)
    assert pm.to_pointer(0, 0) == (0, 0)
    # The bottom-right pixel lands on the last pointer unit, never off the screen.
    assert pm.to_pointer(phys.width - 1, phys.height - 1) == (1919, 1079)
    # The middle of a 10-pixel-wide key lands inside that key in pointer units.
    x0 = 1000
    px, _ = pm.to_pointer(x0 + 5, 500)
    assert x0 / ratio <= px < (x0 + 10) / ratio


@pytest.mark.parametrize("ratio", [1.0, 1.25, 1.5, 2.0])
def test_retina_style_capture_bigger_than_its_rectangle(ratio: float) -> None:
    # macOS: monitors in points, the grab in pixels, the pointer in points.
    mon = Rect(0, 0, 1440, 900)
    frame = (round(1440 * ratio), round(900 * ratio))
    pm = pointer_map(mon, frame, [mon], (1440, 900))
    assert pm.scale_x == pytest.approx(1 / ratio)
    assert pm.to_pointer(frame[0] / 2, frame[1] / 2) == (720, 450)
    for x, y in [(0, 0), (37, 91), (frame[0] - 1, frame[1] - 1), (1001, 333)]:
        assert pm.to_pointer(x, y) == reference(x, y, mon, frame, 1.0)


@pytest.mark.parametrize("ratio", [1.0, 1.25, 1.5, 2.0])
@pytest.mark.parametrize("where", ["left", "above", "left-above"])
def test_monitor_at_negative_offsets(ratio: float, where: str) -> None:
    primary = Rect(0, 0, 1920 * ratio, 1080 * ratio)
    left = -1280 * ratio if "left" in where else 0
    top = -1024 * ratio if "above" in where else 0
    second = Rect(left, top, 1280 * ratio, 1024 * ratio)
    frame = (round(second.width), round(second.height))
    pm = pointer_map(second, frame, [primary, second], (1920, 1080))
    # The frame's corner lands on the monitor's corner, in pointer units (negative ones too).
    assert pm.to_pointer(0, 0) == (round(left / ratio), round(top / ratio))
    for x, y in [(0, 0), (5, 7), (frame[0] - 1, frame[1] - 1), (640, 512)]:
        assert pm.to_pointer(x, y) == reference(x, y, second, frame, 1 / ratio)
    # Everything on that monitor stays left of / above the primary, as it is on the desk.
    px, py = pm.to_pointer(frame[0] - 1, frame[1] - 1)
    if "left" in where:
        assert px < 0
    if "above" in where:
        assert py < 0


def test_region_capture_maps_from_its_own_corner() -> None:
    primary = Rect(0, 0, 3840, 2160)
    region = Rect(1000, 600, 1280, 1024)
    pm = pointer_map(region, (1280, 1024), [primary], (2560, 1440))  # 1.5x
    assert pm.to_pointer(0, 0) == (667, 400)  # pixel (0, 0)'s centre: 1000.5 * 2/3
    assert pm.to_pointer(300, 300) == reference(300, 300, region, (1280, 1024), 2560 / 3840)


def test_measured_pointer_monitors_win_over_the_primary_ratio() -> None:
    # Windows per-monitor: the primary at 1x, a 4K monitor at 2x on its left.
    monitors = [Rect(0, 0, 1920, 1080), Rect(-3840, 0, 3840, 2160)]
    pointers = [Rect(0, 0, 1920, 1080), Rect(-1920, 0, 1920, 1080)]
    pm = pointer_map(monitors[1], (3840, 2160), monitors, (1920, 1080), pointers)
    assert pm.to_pointer(0, 0) == (-1920, 0)
    assert pm.to_pointer(3839, 2159) == (-1, 1079)
    # Without the measurement, the primary's 1:1 ratio is all we know.
    plain = pointer_map(monitors[1], (3840, 2160), monitors, (1920, 1080))
    assert plain.to_pointer(3839, 2159) == (-1, 2159)


def test_x11_pointer_spans_the_whole_desktop() -> None:
    # Two monitors side by side on one X screen: pyautogui.size() is the root window's.
    monitors = [Rect(0, 0, 1280, 1024), Rect(1280, 0, 1280, 1024)]
    pm = pointer_map(monitors[1], (1280, 1024), monitors, (2560, 1024), pointer_spans="desktop")
    assert pm.to_pointer(0, 0) == (1280, 0)
    assert pm.to_pointer(1279, 1023) == (2559, 1023)
    # Read as the primary's size, the same numbers would double every x: the wrong reading.
    wrong = pointer_map(monitors[1], (1280, 1024), monitors, (2560, 1024))
    assert wrong.to_pointer(0, 0) != (1280, 0)
    with pytest.raises(AutobotError):
        pointer_map(monitors[1], (1280, 1024), monitors, (2560, 1024), pointer_spans="both")


def test_round_trip_and_helpers() -> None:
    pm = PointerMap(origin_x=-1280.0, origin_y=-200.0, scale_x=0.5, scale_y=0.5)
    fx, fy = pm.to_frame(*pm.to_pointer(101, 51))
    assert abs(fx - 101) <= 2 and abs(fy - 51) <= 2
    monitors = [Rect(-1920, 0, 1920, 1080), Rect(0, 0, 2560, 1440)]
    assert primary_monitor(monitors) == monitors[1]
    assert monitor_of(Rect(-1000, 100, 200, 200), monitors) == 0
    assert monitor_of(Rect(5000, 100, 200, 200), monitors) == 1  # off every monitor: nearest
    assert bounding(monitors) == Rect(-1920, 0, 4480, 1440)


def test_nonsense_sizes_are_one_line_errors() -> None:
    mon = Rect(0, 0, 1920, 1080)
    for frame, size in [((0, 1080), (1920, 1080)), ((1920, 1080), (0, 0))]:
        with pytest.raises(AutobotError):
            pointer_map(mon, frame, [mon], size)
    with pytest.raises(AutobotError):
        primary_monitor([])
    with pytest.raises(AutobotError):
        pointer_map(mon, (1920, 1080), [mon], (1920, 1080), [mon, mon])
