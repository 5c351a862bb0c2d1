"""The keyboard reader's pure steps on small synthetic inputs (real pages: test_keyboard.py)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from autobot.vision.keyboard import (
    Box,
    Key,
    KeyboardRead,
    best_marks,
    find_keyboard,
    group_rows,
    icon_shape,
    key_boxes,
    key_marks,
    mark_conflicts,
    name_specials,
    pick_keyboard,
    sample_median,
    tiles_palette,
    wide_keys,
    word_role,
)


def key_row(x0: int, y0: int, n: int, w: int = 40, h: int = 56, gap: int = 6) -> list[Box]:
    """n keys side by side."""
    return [(x0 + i * (w + gap), y0, x0 + i * (w + gap) + w, y0 + h) for i in range(n)]


def qwerty(x0: int = 100, y0: int = 500) -> list[list[Box]]:
    """10 / 9 / 9 keys (the last row with wide ends), rows 64 px apart."""
    bottom = [(x0, y0 + 128, x0 + 64, y0 + 184), *key_row(x0 + 70, y0 + 128, 7),
              (x0 + 70 + 7 * 46, y0 + 128, x0 + 70 + 7 * 46 + 64, y0 + 184)]
    return [key_row(x0, y0, 10), key_row(x0 + 23, y0 + 64, 9), bottom]


def board(x0: int = 200, y0: int = 40, tile: int = 62, pitch: int = 67) -> list[Box]:
    """A 5 x 6 lattice of tiles."""
    return [(x0 + c * pitch, y0 + r * pitch, x0 + c * pitch + tile, y0 + r * pitch + tile)
            for r in range(6) for c in range(5)]


def test_rows_and_keyboard_from_boxes() -> None:
    rows = qwerty()
    found = pick_keyboard(group_rows([b for r in rows for b in r]))
    assert found == rows


def test_a_board_close_above_is_not_part_of_the_keyboard() -> None:
    # The board's last row only one key height above the keyboard: same-size squares, but
    # rows of five at another pitch.
    keys = qwerty(100, 450)
    tiles = board(150, 450 - 6 * 67 - 30, tile=56, pitch=62)
    found = pick_keyboard(group_rows(tiles + [b for r in keys for b in r]))
    assert found == keys
    assert pick_keyboard(group_rows(tiles)) is None  # a board alone is no keyboard


def test_a_separate_pair_of_keys_above_joins_the_keyboard() -> None:
    keys = qwerty(100, 500)
    pair = [(250, 440, 330, 489), (346, 440, 426, 489)]  # ⌫ and ✓ over the letters
    found = pick_keyboard(group_rows(pair + [b for r in keys for b in r]))
    assert found == [pair, *keys]
    far = [(250, 200, 330, 249), (346, 200, 426, 249)]  # a button pair far above: not keys
    assert pick_keyboard(group_rows(far + [b for r in keys for b in r])) == keys


def draw_keys(rows: list[list[Box]], size: tuple[int, int] = (900, 800), page: int = 240,
              fill: int = 211) -> np.ndarray:
    """A frame with filled rounded-ish keys and a dark mark on each."""
    frame = np.full((size[1], size[0], 3), page, np.uint8)
    for r in rows:
        for x0, y0, x1, y1 in r:
            cv2.rectangle(frame, (x0 + 2, y0), (x1 - 3, y1 - 1), (fill,) * 3, -1)
            cv2.rectangle(frame, (x0, y0 + 2), (x1 - 1, y1 - 3), (fill,) * 3, -1)
            cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
            cv2.rectangle(frame, (cx - 4, cy - 6), (cx + 4, cy + 6), (30,) * 3, 2)
    return frame


@pytest.mark.parametrize(("page", "fill"), [(240, 211), (18, 129), (244, 244)])
def test_key_faces_are_found_in_pixels(page: int, fill: int) -> None:
    rows = qwerty()
    frame = draw_keys(rows, page=page, fill=fill)
    if page == fill:  # outlined keys: the face is the page colour inside a dark border
        for r in rows:
            for x0, y0, x1, y1 in r:
                cv2.rectangle(frame, (x0, y0), (x1 - 1, y1 - 1), (40,) * 3, 1)
    found = find_keyboard(frame)
    assert found is not None
    assert [len(r) for r in found] == [10, 9, 9]
    for got_row, want_row in zip(found, rows, strict=True):
        for got, want in zip(got_row, want_row, strict=True):
            assert max(abs(a - b) for a, b in zip(got, want, strict=True)) <= 2, (got, want)
    assert find_keyboard(np.full((600, 800, 3), page, np.uint8)) is None


def test_enter_and_back_by_word_then_by_shape_then_by_position() -> None:
    left, right = (0, 0, 60, 50), (400, 0, 460, 50)
    words = {left: ("ENTER", 0.0, "word", ""), right: ("", 0.0, "icon", "")}
    names, reasons, swapped = name_specials([left, right], words)
    assert names == {left: "ENTER", right: "BACK"} and not reasons and not swapped
    words = {left: ("", 0.0, "icon", ""), right: ("BACK", 0.0, "word", "")}
    assert name_specials([left, right], words)[0] == {left: "ENTER", right: "BACK"}
    # ⌫ on the left, ✓ on the right: the drawn X says which is BACK.
    shapes = {left: ("", 0.0, "icon", "back"), right: ("", 0.0, "icon", "enter")}
    assert name_specials([left, right], shapes)[0] == {left: "BACK", right: "ENTER"}
    # Two icons that say nothing: ENTER taken as the left one, the swap offered, and said.
    icons = {left: ("", 0.0, "icon", ""), right: ("", 0.0, "icon", "")}
    names, reasons, swapped = name_specials([left, right], icons)
    assert names == {left: "ENTER", right: "BACK"}
    assert swapped == {left: "BACK", right: "ENTER"} and reasons


def icon(draw: str) -> np.ndarray:
    """A 40 x 56 glyph crop (ink 1.0) of a drawn icon."""
    img = np.zeros((40, 56), np.uint8)
    cap = np.array([[4, 20], [16, 4], [52, 4], [52, 36], [16, 36]], np.int32)
    if draw == "outline-x":  # NYT's ⌫: an outlined cap with an X inside, not touching it
        cv2.polylines(img, [cap], True, 255, 2)
        cv2.line(img, (26, 12), (42, 28), 255, 2)
        cv2.line(img, (42, 12), (26, 28), 255, 2)
    elif draw == "filled-x":  # letreco's ⌫: a filled cap with an X cut out
        cv2.fillPoly(img, [cap], 255)
        cv2.line(img, (26, 12), (42, 28), 0, 3)
        cv2.line(img, (42, 12), (26, 28), 0, 3)
    elif draw == "check":
        cv2.polylines(img, [np.array([[6, 20], [20, 34], [50, 6]], np.int32)], False, 255, 4)
    elif draw == "arrow":  # ⇨: an outlined arrow
        arrow = np.array([[4, 14], [30, 14], [30, 4], [52, 20], [30, 36], [30, 26], [4, 26]])
        cv2.polylines(img, [arrow.astype(np.int32)], True, 255, 2)
    elif draw == "return":  # ⏎
        cv2.polylines(img, [np.array([[48, 4], [48, 24], [10, 24]], np.int32)], False, 255, 3)
        cv2.polylines(img, [np.array([[18, 14], [8, 24], [18, 34]], np.int32)], False, 255, 3)
    return img.astype(np.float32) / 255


@pytest.mark.parametrize(("draw", "shape"), [
    ("outline-x", "back"), ("filled-x", "back"), ("check", "enter"), ("arrow", "enter"),
    ("return", "enter"),
])
def test_icon_shapes(draw: str, shape: str) -> None:
    assert icon_shape(icon(draw)) == shape
    assert icon_shape(None) == ""


def test_word_roles() -> None:
    assert word_role("ENTER") == "ENTER" and word_role("ENTFR") == "ENTER"
    assert word_role("ENVIAR") == "ENTER" and word_role("BACK") == "BACK"
    assert word_role("DELETE") == "BACK" and word_role("SS") == "ß"
    assert word_role("QZXJ") is None


def test_keyboard_read_lookups() -> None:
    a, enter, back = Key("A", (10, 10, 50, 60), "G"), Key("ENTER", (0, 70, 60, 120), "."), \
        Key("BACK", (400, 70, 460, 120), ".")
    read = KeyboardRead(True, (a, enter, back), (), (Key("BACK", enter.box, "."),
                                                     Key("ENTER", back.box, ".")))
    assert read.key("a") is a and read.key("ENTER") is enter and read.key("Z") is None
    assert read.key("enter") is enter
    sharp = KeyboardRead(True, (Key("ß", (0, 0, 9, 9), "."), Key("Ä", (9, 0, 18, 9), ".")))
    assert sharp.key("ß") is sharp.keys[0] and sharp.key("ä") is sharp.keys[1]
    assert a.center == (30, 35)
    assert [k.box for k in read.candidates("ENTER")] == [enter.box, back.box]
    assert read.marks() == {"A": "G"}


def test_best_marks_and_conflicts() -> None:
    rows = [("SLATE", "XXGXY"), ("CRANE", "XGGXG"), ("AB", "tt..."), ("", ".....")]
    best = best_marks(rows)
    assert best == {"S": "X", "L": "X", "A": "G", "T": "X", "E": "G", "C": "X", "R": "G",
                    "N": "X"}
    keys = [Key(letter, (0, 0, 1, 1), mark) for letter, mark in best.items()]
    keys += [Key("Q", (0, 0, 1, 1), "."), Key("ENTER", (0, 0, 1, 1), "."),
             Key("?", (0, 0, 1, 1), "G"), Key("B", (0, 0, 1, 1), "?")]
    assert mark_conflicts(keys, rows) == []
    wrong = [Key("E", (0, 0, 1, 1), "Y"), Key("Q", (0, 0, 1, 1), "X"),
             Key("S", (0, 0, 1, 1), ".")]
    assert mark_conflicts(wrong, rows) == [
        "key E shows Y, the board G", "key Q shows X, the board .", "key S shows ., the board X"]
    # An unreadable tile is no evidence about its letter.
    assert best_marks([("?LATE", "GXXXX")]) == {"L": "X", "A": "X", "T": "X", "E": "X"}


def key_boxes_reference(grey: np.ndarray, edge: float = 8.0) -> list[Box]:
    """Slow and plain: every flat region, one at a time, kept by the same rules."""
    grad = cv2.morphologyEx(grey, cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8))
    n, labels = cv2.connectedComponents((grad < edge).astype(np.uint8), connectivity=4)
    gh, gw = grey.shape
    out = []
    for i in range(1, n):
        ys, xs = np.nonzero(labels == i)
        x0, y0, x1, y1 = xs.min(), ys.min(), xs.max() + 1, ys.max() + 1
        w, h = x1 - x0, y1 - y0
        if min(w, h) < 8 or h > 0.3 * max(gh, gw) or w > 0.3 * gw or not 0.3 * h <= w <= 4 * h:
            continue
        if len(xs) < 0.5 * w * h or x0 == 0 or y0 == 0 or x1 == gw or y1 == gh:
            continue
        out.append((int(x0) - 1, int(y0) - 1, int(x1) + 1, int(y1) + 1))
    return out


@pytest.mark.parametrize(("page", "fill"), [(240, 211), (18, 129)])
def test_key_boxes_match_the_plain_reference(page: int, fill: int) -> None:
    frame = draw_keys(qwerty(), page=page, fill=fill)
    cv2.rectangle(frame, (20, 20), (300, 200), (90, 90, 90), -1)  # a big panel: too big
    cv2.putText(frame, "WORDLE", (350, 120), cv2.FONT_HERSHEY_SIMPLEX, 2, (10, 10, 10), 4)
    grey = cv2.cvtColor(frame, cv2.COLOR_RGB2GRAY)
    assert sorted(key_boxes(grey)) == sorted(key_boxes_reference(grey))


def test_sample_median_matches_a_loop() -> None:
    rng = np.random.default_rng(7)
    frame = rng.integers(0, 256, (120, 160, 3), dtype=np.uint8)
    boxes = [(0, 0, 40, 50), (30, 20, 100, 90), (150, 100, 160, 120)]
    points = np.array([(0.2, 0.2), (0.5, 0.15), (0.8, 0.9), (0.99, 0.99)], np.float32)
    got = sample_median(frame, boxes, points)
    for b, row in zip(boxes, got, strict=True):
        px = [frame[min(119, int(b[1] + fy * (b[3] - b[1]))),
                    min(159, int(b[0] + fx * (b[2] - b[0])))] for fx, fy in points]
        assert row.tolist() == np.median(np.array(px), axis=0).astype(np.uint8).tolist()


def test_wide_keys_are_wide_for_their_own_row() -> None:
    rows = qwerty()
    # Only the bottom row's ENTER and BACK (64 px among 40 px keys), by index in reading order.
    assert wide_keys(rows) == {19, 27}
    # A row of keys all a little wider than another row's: none of them is wide.
    assert wide_keys([key_row(0, 0, 10, w=41), key_row(0, 70, 9, w=46)]) == set()


def test_a_keyboard_wider_than_the_search_area_is_found_whole() -> None:
    from autobot.vision import Grid

    rows = qwerty(100, 500)
    frame = draw_keys(rows)
    # A small board above: the first look (three board widths) cuts the keyboard's sides.
    grid = Grid(x=300.0, y=100.0, pitch_x=30.0, pitch_y=40.0, tile=20.0)
    for r in range(6):
        for c in range(5):
            x0, y0, x1, y1 = grid.tile_box(r, c)
            cv2.rectangle(frame, (x0, y0), (x1 - 1, y1 - 1), (120,) * 3, -1)
    found = find_keyboard(frame, grid)
    assert found is not None and [len(r) for r in found] == [10, 9, 9]


def _labs(*hexes: str) -> list[np.ndarray]:
    """Lab of sRGB hex colours."""
    from autobot.vision.colour import rgb_to_lab

    rgb = np.array([[int(h[i : i + 2], 16) for i in (0, 2, 4)] for h in hexes], np.uint8)
    return list(rgb_to_lab(rgb))


def test_key_colours_mean_what_the_boards_learned_palette_says() -> None:
    from autobot.vision.palette import Palette

    # Letreco-like: dark red absent (a hue that alone would read "other", near orange's
    # correct), green correct, ochre present; fresh keys light grey on a beige page.
    red, green, ochre, fresh = _labs("943e3c", "51b36e", "c79c2e", "d6d0c4")
    page = _labs("f3efe7")[0]
    board = Palette((red, green, ochre), ("X", "G", "Y"))
    assert key_marks([red, green, ochre, fresh], page, palette=board) == ["X", "G", "Y", "."]
    # A colour the board is unsure of stays unsure on the keys; the empty-tile fill is unused.
    unsure = Palette((red, green, fresh), ("?", "G", "blank"))
    assert key_marks([red, green, fresh], page, palette=unsure) == ["?", "G", "."]
    # No palette: the roles are learned from the board's tile colours alone.
    tiles = [red] * 7 + [green] * 2 + [ochre] * 3 + [page] * 18
    assert key_marks([red, green, ochre, fresh], page, tiles) == ["X", "G", "Y", "."]
    assert tiles_palette([page] * 30, page).centres == ()
    assert key_marks([red, fresh], page, [page] * 30) == [".", "."]


def test_two_grey_key_shades_split_into_absent_and_unused_by_the_palette() -> None:
    from autobot.vision.palette import Palette

    absent, green, used, fresh = _labs("787c7e", "6aaa64", "7a7e80", "d3d6da")
    board = Palette((absent, green), ("X", "G"))
    assert key_marks([used, fresh, green], _labs("ffffff")[0], palette=board) == ["X", ".", "G"]


@pytest.mark.parametrize(("left", "right"), [("return", "outline-x"), ("outline-x", "return"),
                                             ("filled-x", "arrow"), ("check", "filled-x")])
def test_icon_only_ends_are_named_by_their_shape_not_a_label(left: str, right: str) -> None:
    """Both ends of the bottom row drawn as icons (no word on either): the one drawn like ⌫
    is BACK, wherever it sits; the other is ENTER, and no swap is offered."""
    boxes = [(0, 0, 60, 40), (300, 0, 360, 40)]
    labels = {b: ("", 0.0, "icon", icon_shape(icon(draw)))
              for b, draw in zip(boxes, (left, right), strict=True)}
    names, reasons, swapped = name_specials(boxes, labels)
    back = boxes[0] if "x" in left else boxes[1]
    assert names == {b: "BACK" if b == back else "ENTER" for b in boxes}
    assert swapped == {} and reasons == []
