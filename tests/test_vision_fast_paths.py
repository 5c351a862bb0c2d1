"""The reader's fast steps give exactly what their slow, plain references give (issue 22:
reading was made fast again; these keep the fast versions honest). Real fixture frames."""

from __future__ import annotations

import warnings

import cv2
import numpy as np
import pytest
import references

from autobot.bench.read import FIXTURES, desktop_4k, in_browser
from autobot.vision import find, load_image, locate
from autobot.vision.locate import candidates, lattice
from autobot.vision.model import Grid

NAMES = ["mid_dark_desk", "tiles-outline_light_desk", "tiles-round_light_desk",
         "letreco-rect_dark_desk", "rows8_dark_short", "flip_dark_phone", "jotto_light_desk",
         "tiles-rounded_dark_desk2x"]


def _frames() -> list[tuple[str, np.ndarray]]:
    out = []
    for name in NAMES:
        page = load_image(FIXTURES / f"{name}.png")
        out.append((name, page))
        if "2x" not in name:
            out.append((name + "-browser", in_browser(page, 1, "dark" in name, 1024)))
    page = load_image(FIXTURES / "mid_light_desk.png")
    out.append(("mid_light_desk-4k", desktop_4k(page, 1, False)))
    return out


FRAMES = _frames()


def _outlines(grey: np.ndarray) -> list[np.ndarray]:
    """The outlines find_candidates sorts, traced as it traces them."""
    edges = candidates.search_edges(grey)
    pad = candidates.EDGE_PAD
    found, _ = cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE,
                                offset=(-pad, -pad))
    return list(found)


def _points(found: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """OpenCV's outlines as `trace_outlines` gives them: the points one after another."""
    return (np.concatenate(found).reshape(-1, 2).astype(np.int64),
            np.array([len(c) for c in found], np.int64))


def test_there_are_frames_of_several_looks() -> None:
    assert len(FRAMES) >= 9


def test_an_empty_search_image_has_no_edges_and_no_outlines() -> None:
    """OpenCV refuses an empty image: the search answers one itself (padded, no outlines)."""
    assert candidates.search_edges(np.zeros((0, 4), np.uint8)).shape == (10, 14)
    pts, lens = candidates.trace_outlines(np.zeros((0, 5), np.uint8))
    assert pts.shape == (0, 2) and not len(lens)
    pts, lens = candidates.trace_outlines(np.zeros((6, 5), np.uint8))
    assert pts.shape == (0, 2) and not len(lens)


@pytest.mark.parametrize(("name", "frame"), FRAMES, ids=[n for n, _ in FRAMES])
@pytest.mark.parametrize("scale", ["search", "full"])
@pytest.mark.parametrize("sides", [None, (20.0, 70.0), (3.0, 400.0)])
def test_the_compiled_outline_judge_judges_as_the_numpy_steps(
        name: str, frame: np.ndarray, scale: str, sides: tuple[float, float] | None) -> None:
    """One compiled pass over the outlines keeps the same tiles (box, round or not) and the
    same open curves, in the same order, as sorting, hugging and the ellipse test in numpy;
    tiles, round tiles and curves are all among them somewhere."""
    grey = locate.to_search_grey(frame, locate.search_scale(frame.shape) if scale == "search"
                                 else 1.0)
    found = _outlines(grey)
    lo, hi = sides or (locate.MIN_TILE, 0.3 * max(grey.shape))
    got, got_arcs = candidates._judged(_points(found), lo, hi)
    want, want_arcs = references.judged(found, lo, hi)
    assert [(x, y, w, h, bool(r)) for x, y, w, h, r in got.tolist()] == want
    assert len(got_arcs) == len(want_arcs)
    assert all(np.array_equal(a, b) for a, b in zip(got_arcs, want_arcs, strict=True))
    assert len(got) or sides == (20.0, 70.0)


def test_the_outline_judge_sees_tiles_round_tiles_and_curves() -> None:
    """The frames above hold every kind the judge tells apart (else the test above is weak)."""
    kinds = set()
    for _, frame in FRAMES:
        grey = locate.to_search_grey(frame, locate.search_scale(frame.shape))
        found, arcs = candidates._judged(_points(_outlines(grey)), locate.MIN_TILE,
                                         0.3 * max(grey.shape))
        kinds |= {"round" if f[4] else "square" for f in found.tolist()}
        kinds |= {"curve"} if arcs else set()
    assert kinds == {"round", "square", "curve"}


def test_the_compiled_circle_fit_finds_the_circles_numpy_finds() -> None:
    """The compiled least-squares circle through each open outline keeps and places the same
    circles as the numpy fit: the frames' curves (at the search's size and at 1x) and drawn
    arcs of every span, size and roughness, with size ranges that drop some of them."""
    arcs = []
    for _, frame in FRAMES:
        for scale in (locate.search_scale(frame.shape), 1.0):
            grey = locate.to_search_grey(frame, scale)
            arcs += candidates._judged(_points(_outlines(grey)), locate.MIN_TILE,
                                       0.3 * max(grey.shape))[1]
    rng = np.random.default_rng(5)
    for _ in range(2000):
        radius, span, m = rng.uniform(4, 40), rng.uniform(60, 360), int(rng.integers(12, 120))
        t = np.radians(rng.uniform(0, 360) + np.linspace(0, span, m))
        noise = rng.normal(0, rng.choice([0.0, 0.3, 1.5]), m)
        cx, cy = rng.uniform(0, 500, 2)
        drawn = np.stack([cx + radius * np.cos(t) + noise, cy + radius * np.sin(t)], axis=1)
        arcs.append(np.rint(drawn).astype(np.int64))
    kept = 0
    for lo, hi in ((locate.MIN_TILE, 200.0), (20.0, 60.0)):
        got = candidates._arc_circles(arcs, lo, hi)
        assert got == references.arc_circles(arcs, lo, hi)
        kept += len(got)
    assert kept > 100 and candidates._arc_circles([], 9, 90) == []


@pytest.mark.parametrize(("name", "frame"), FRAMES, ids=[n for n, _ in FRAMES])
def test_dedupe_keeps_what_the_plain_greedy_pass_keeps(name: str, frame: np.ndarray) -> None:
    grey = locate.to_search_grey(frame, locate.search_scale(frame.shape))
    found = _outlines(grey)
    _, rects, _, _ = references.sort_outlines(found, locate.MIN_TILE,
                                                         0.3 * max(grey.shape))
    boxes = [references.clipped_box(x, y, w, h, grey.shape[1], grey.shape[0], False)
             for x, y, w, h in rects]
    kept = candidates._dedupe(boxes)
    assert kept == references.dedupe(boxes)
    assert 0 < len(kept) < len(boxes)  # inner and outer traces were there to merge


def test_round_flags_only_matter_off_closed_squares() -> None:
    """The ellipse test skipped on closed squares changes no candidate."""
    for _, frame in FRAMES[:6]:
        grey = locate.to_search_grey(frame, locate.search_scale(frame.shape))
        kept, rects, closed, _ = references.sort_outlines(
            _outlines(grey), locate.MIN_TILE, 0.3 * max(grey.shape))
        square = references.hug_boxes(kept, rects)
        every = references.on_ellipse(kept, rects)
        wanted = [not (s and c) for s, c in zip(square, closed, strict=True)]
        some = references.on_ellipse(kept, rects, None, wanted)
        assert [e and w for e, w in zip(every, wanted, strict=True)] == some


@pytest.mark.parametrize(("name", "frame"), FRAMES, ids=[n for n, _ in FRAMES])
def test_a_run_as_wide_as_a_fixed_width_is_that_width_s_lattice(name: str,
                                                                 frame: np.ndarray) -> None:
    """fit_lattice reuses the five-wide fit for "as wide as the tiles run" when the run is
    five: for every size group, fitting at width 0 and at the width it runs to agree."""

    grey = locate.to_search_grey(frame, locate.search_scale(frame.shape))
    boxes = locate.find_candidates(grey)
    bw, bh = np.array([b.w for b in boxes]), np.array([b.h for b in boxes])
    checked = 0
    for w, h in {(round(b.w), round(b.h)) for b in boxes}:
        same = (np.abs(bw - w) <= 0.15 * w) & (np.abs(bh - h) <= 0.15 * h)
        group = [boxes[i] for i in np.flatnonzero(same).tolist()]
        anchored = lattice._anchor_group(group) if len(group) >= 3 else None
        run = lattice._run_width(anchored) if anchored is not None else None
        if run is None:
            continue
        wide = lattice._lattice_for_group(group, anchored, lattice.MAX_ROWS, 0, grey.shape[1])
        fixed = lattice._lattice_for_group(group, anchored, lattice.MAX_ROWS, run, grey.shape[1])
        assert wide == fixed
        checked += 1
    assert checked or "round" in name or "2x" in name


@pytest.mark.parametrize("count", list(range(1, 17)))
def test_window_median_is_numpy_s_median(count: int) -> None:
    """The compiled median across bands of 1..16 pixels, down and across, is np.median's
    (an even count's middle pair averaged and rounded down, as the float's cast does)."""
    from autobot.kernels.median import window_medians

    rng = np.random.default_rng(count)
    image = rng.integers(0, 256, (40, 50, 3), dtype=np.uint8)
    image[:20, :25] = 255  # ties and extremes: a flat tile, the odd-sum rounding at the top
    image[20:, 25:, 0] = rng.integers(254, 256, (20, 25), dtype=np.uint8)
    image[5:30, 30:45] = (12, 200, 99)  # flat colour: the unsorted path
    length = 14
    lines = np.array([(0, 2, length, count, 1), (3, 0, count, length, 0),
                      (1, 1, length, count, 1), (2, 3, count, length, 0)], np.int64)
    ys, xs = np.array([0, 7, 20, 3], np.int64), np.array([0, 20, 30, 1], np.int64)
    got = window_medians(image, ys, xs, lines, length)
    want = references.window_medians(image, ys, xs, lines, length)
    assert got.dtype == np.uint8 and got.shape == want.shape == (4, 4, length, 3)
    assert np.array_equal(got, want)


@pytest.mark.parametrize("seed", list(range(12)))
def test_byte_medians_are_numpy_s_medians(seed: int) -> None:
    """The counted medians of uint8 rows (a ring's pixels, the page around a board) are
    np.median's to the bit: odd and even counts, ties, the extremes, one value, none."""
    from autobot.kernels.median import byte_medians

    rng = np.random.default_rng(seed)
    for m in (1, 2, 3, 4, 7, 8, 99, 100, 255, 256, 2001):
        values = rng.integers(0, 256, (5, m, 3), dtype=np.uint8)
        values[0] = 255  # all equal, at the top
        values[1, :, 1] = rng.integers(0, 2, m, dtype=np.uint8)  # two values: even-count ties
        values[2, : m // 2] = 0  # half the extremes
        if seed % 2:
            values = values[:, ::-1, :]  # a strided view, as a fancy-indexed crop may be
        got, want = byte_medians(values), references.byte_medians(values)
        assert got.dtype == want.dtype == np.float64 and got.shape == want.shape == (5, 3)
        assert np.array_equal(got, want)
        assert np.array_equal(got.astype(np.uint8), want.astype(np.uint8))
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        empty = np.zeros((2, 0, 3), np.uint8)
        assert np.isnan(byte_medians(empty)).all() and np.isnan(np.median(empty, axis=1)).all()


@pytest.mark.parametrize("name", NAMES)
def test_squash_and_border_lines_are_numpy_s_medians_on_real_boards(name: str) -> None:
    """The lines `_squash` and `_border_runs` measure tiles by, on real frames' board views:
    the kernel's medians are np.median's of the same bands of every tile."""
    from autobot.kernels.median import window_medians
    from autobot.vision import read_board, tiles

    page = load_image(FIXTURES / f"{name}.png")
    read = read_board(page)
    assert read.found, name
    grid = read.grid
    view = tiles.board_view(page, grid, tiles.TILE_PX)
    for pad, lines, length in (
        (tiles.SQUASH_PAD, tiles._squash_lines(view.px + 2 * tiles.SQUASH_PAD,
                                               tiles.SQUASH_PAD, tiles.TILE_PX // 8),
         view.px + 2 * tiles.SQUASH_PAD),
        (tiles.BORDER_PAD, tiles._border_lines(view.px + 2 * tiles.BORDER_PAD,
                                               tiles.BORDER_PAD + tiles.BORDER_DEPTH,
                                               tiles.BORDER_SIDE),
         tiles.BORDER_PAD + tiles.BORDER_DEPTH),
    ):
        at = [xy for r in range(grid.rows) for c in range(grid.cols)
              if (xy := view.origin(grid, r, c, pad)) is not None]
        assert at, name
        ys = np.array([y for _, y in at], np.int64)
        xs = np.array([x for x, _ in at], np.int64)
        got = window_medians(view.image, ys, xs, lines, length)
        assert np.array_equal(got, references.window_medians(view.image, ys, xs, lines, length))


def test_colour_distance_is_the_norm_bit_for_bit() -> None:
    from autobot.vision import colour

    rng = np.random.default_rng(7)
    labs = (rng.random((200_000, 3)) * [100, 256, 256] - [0, 128, 128]).astype(np.float32)
    for other in (labs[::-1], np.array([53.2, -4.1, 80.0], np.float32), labs[:1]):
        assert np.array_equal(colour.delta_e(labs, other), references.delta_e(labs, other))
    one = colour.delta_e(labs[0], labs[1])  # two colours: a scalar, as the norm gives
    assert one.shape == () and one == references.delta_e(labs[0], labs[1])


def test_area_shrink_in_float_is_opencv_s_uint8_shrink_bit_for_bit() -> None:
    """`area_resize` gives `cv2.resize(..., INTER_AREA)`'s very pixels: random images of any
    size shrunk by any factor (whole factors, one whole axis, enlarging), grey and colour,
    and the fixtures' boards resized to their colour and letter views."""
    from autobot.vision import tiles

    rng = np.random.default_rng(11)
    took_float = 0
    for i in range(300):
        h, w = (int(v) for v in rng.integers(8, 400, 2))
        image = rng.integers(0, 256, (h, w, 3) if i % 2 else (h, w), dtype=np.uint8)
        if i % 5 == 0:  # a whole factor on one axis or both
            k = int(rng.integers(2, 4))
            size = (max(1, w // k) if i % 10 else max(1, int(w * rng.uniform(0.3, 1.0))),
                    max(1, h // k))
            image = image[: size[1] * k, : size[0] * k] if i % 10 == 0 else image[: size[1] * k]
        elif i % 7 == 0:  # enlarged on an axis
            size = (int(w * rng.uniform(1.0, 1.6)) + 1, max(1, int(h * rng.uniform(0.3, 1.0))))
        else:
            size = (max(1, int(w * rng.uniform(0.2, 1.0))), max(1, int(h * rng.uniform(0.2, 1.0))))
        want = cv2.resize(image, size, interpolation=cv2.INTER_AREA)
        assert np.array_equal(tiles.area_resize(image, size), want), (image.shape, size)
        took_float += size[0] < image.shape[1] and size[1] < image.shape[0]
    assert took_float > 100
    for name, frame in FRAMES:
        grid, _ = find.locate_grid(frame)
        assert grid is not None, name
        for px in (tiles.TILE_PX, tiles.GLYPH_TILE_PX // 3):
            x0, y0, x1, y1 = grid.bbox()
            region = frame[max(0, y0):y1, max(0, x0):x1]
            size = (max(1, round(region.shape[1] * px / grid.tile)),
                    max(1, round(region.shape[0] * px / grid.height)))
            assert np.array_equal(tiles.area_resize(region, size),
                                  cv2.resize(region, size, interpolation=cv2.INTER_AREA)), name


def test_glyph_features_worked_in_one_stack_are_each_glyph_s_own_bit_for_bit() -> None:
    """The softened glyphs and their small copies, made for all glyphs in one call each, are
    those made a glyph at a time: the shipped templates, the fixtures' letters and random
    ink of every density (a glyph's blur must not reach into the next one's rows)."""
    from autobot.vision import glyphs
    from autobot.vision.read import board_glyphs, read_board

    shipped = glyphs.load_templates()
    rows = [shipped.ink[i].astype(np.float32) for i in range(len(shipped.letters))]
    for _, frame in FRAMES[:6]:
        read = read_board(frame)
        if read.found:
            cells = [(r, c) for r in range(read.grid.rows) for c in range(read.grid.cols)]
            rows += list(board_glyphs(frame, read, cells).values())
    rng = np.random.default_rng(9)
    size = (glyphs.GLYPH, glyphs.GLYPH)
    rows += [(rng.random(size) < p).astype(np.float32) * rng.random(size).astype(np.float32)
             for p in np.linspace(0.05, 0.95, 40)]
    assert len(rows) > 100
    for stack in (rows, rows[:1], rows[3:15]):
        got, want = glyphs.feature_stack(stack), glyphs._feature_stack_each(stack)
        assert np.array_equal(got[0], want[0]) and np.array_equal(got[1], want[1])


def test_lab_of_one_row_is_lab_of_one_pixel_rows_bit_for_bit() -> None:
    """Colours converted as one row of pixels are those converted a pixel a row: every
    colour of a 64-level cube, random ones, and the fixtures' board pixels, in any shape."""
    from autobot.vision import colour

    levels = np.arange(0, 256, 4, dtype=np.uint8)
    cube = np.stack(np.meshgrid(levels, levels, levels, indexing="ij"), -1).reshape(-1, 3)
    rng = np.random.default_rng(3)
    noise = rng.integers(0, 256, (5, 7, 11, 3), dtype=np.uint8)
    boards = [frame[::7, ::7] for _, frame in FRAMES[:4]]
    for rgb in (cube, noise, cube[:1], cube[0], *boards):
        got, want = colour.rgb_to_lab(rgb), references.rgb_to_lab(rgb)
        assert got.shape == want.shape == np.asarray(rgb).shape
        assert np.array_equal(got, want)


def test_glyph_blobs_labelled_by_bbdt_are_the_default_labelling_s() -> None:
    """The same blobs and statistics as OpenCV's default labelling (8-connected), on the
    fixtures' stacked ink and on noise that joins and splits blobs every way."""
    from autobot.vision import glyphs

    rng = np.random.default_rng(5)
    images = [(rng.random((120, 90)) < p).astype(np.uint8) for p in (0.05, 0.3, 0.5, 0.7)]
    for _, frame in FRAMES[:6]:
        grey = cv2.cvtColor(frame, cv2.COLOR_RGB2GRAY)
        images.append((grey < 90).astype(np.uint8))
    for ink in images:
        count, labels, stats, cents = glyphs.labelled(ink)
        want = cv2.connectedComponentsWithStats(ink, connectivity=8)
        assert count == want[0] and count > 1
        # Blobs may be numbered in another order: compare them as sets of (stats, centre).
        assert np.array_equal(labels == 0, want[1] == 0)
        got_rows = sorted(map(tuple, np.column_stack([stats, cents]).tolist()))
        want_rows = sorted(map(tuple, np.column_stack([want[2], want[3]]).tolist()))
        assert got_rows == want_rows


def _read_parts(frame: np.ndarray):
    """A found board's grid, colour view, samples and letter view (as read_board makes them)."""
    from autobot.vision import read as read_mod
    from autobot.vision import tiles

    grid = read_mod.read_board(frame).grid
    assert grid is not None
    bg = tiles.background_lab(frame, grid)
    view = tiles.board_view(frame, grid, tiles.TILE_PX)
    samples = tiles.sample_tiles(frame, grid, bg, view)
    letters = tiles.board_view(frame, grid, tiles.GLYPH_TILE_PX, grey=True, keep_aspect=True)
    return grid, bg, view, samples, letters


@pytest.mark.parametrize(("name", "frame"), FRAMES, ids=[n for n, _ in FRAMES])
def test_glyph_crops_are_the_plain_loop_s(name: str, frame: np.ndarray) -> None:
    """Every inked tile's glyph crop, components judged on arrays, is the per-component loop's;
    also with thresholds that keep border remnants and specks about (a lower ink top)."""
    from autobot.vision import glyphs

    grid, _, _, samples, letters = _read_parts(frame)
    checked = 0
    for key, s in samples.items():
        tile = letters.tile(grid, *key) if not s.cut else None
        if tile is None:
            continue
        diff = np.abs(glyphs._inner(tile).astype(np.float32) - s.ring_grey)
        for top in (float(diff.max()), 40.0, 33.0, 20.0):
            got, want = glyphs._glyph_crop(diff, top), references.glyph_crop(diff, top)
            assert (got is None) == (want is None)
            if got is not None:
                assert np.array_equal(got, want)
                checked += 1
    assert checked > 0
    # The whole board's tiles in one labelling, as read_letters cuts them.
    cut = [(letters.tile(grid, *k), s.ring_grey) for k, s in samples.items() if s.ink and not s.cut]
    cut = [(t, r) for t, r in cut if t is not None]
    board = glyphs.extract_glyphs([t for t, _ in cut], [r for _, r in cut])
    one_by_one = [references.glyph_crop(
        d := np.abs(glyphs._inner(t).astype(np.float32) - np.float32(r)),
        float(np.partition(d.ravel(), -max(1, d.size // 200))[-max(1, d.size // 200)]))
        for t, r in cut]
    assert len(board) == len(one_by_one) > 0
    for got, want in zip(board, one_by_one, strict=True):
        assert (got is None) == (want is None)
        assert got is None or np.array_equal(got, want)


@pytest.mark.parametrize(("name", "frame"), FRAMES, ids=[n for n, _ in FRAMES])
def test_toasts_found_as_labelling_every_blob_finds_them(name: str, frame: np.ndarray) -> None:
    """The column-run shortcut finds the toasts labelling every blob finds: on the board as
    it is, and with a toast drawn over it (a black and a white pill, two tiles wide)."""
    from autobot.vision import tiles

    grid, bg, view, _, _ = _read_parts(frame)
    page = "light" if float(bg[0]) >= 50 else "dark"
    ty = round(view.image.shape[0] / 2)
    tx, tw, th = round(view.image.shape[1] / 5), round(2.2 * view.px), round(0.6 * view.px)
    for colour_ in (None, (0, 0, 0), (250, 250, 250)):
        image = view.image.copy()
        if colour_ is not None:
            image[ty : ty + th, tx : tx + tw] = colour_
        shown = tiles.BoardView(image, view.scale, view.ox, view.oy, view.px, view.scale_y,
                                view.px_h)
        for theme in ("light", "dark"):
            got = tiles.find_toasts(shown, grid, theme)
            assert sorted(got) == sorted(references.find_toasts(shown, grid, theme))
            if theme == page and colour_ == {"light": (0, 0, 0), "dark": (250, 250, 250)}[page]:
                assert got  # the pill drawn in the page's toast colour is found


def test_glyph_crops_of_drawn_remnants_are_the_plain_loop_s() -> None:
    """Drawn tiles: a letter bar, a tile border of 1-5 px run round the crop (its share on the
    edge band near EDGE_SHARE), specks and corner bits; the array judgement keeps what the
    loop keeps on every one."""
    from autobot.vision import glyphs

    rng = np.random.default_rng(22)
    kinds = set()
    drawn: dict[int, list[tuple[np.ndarray, float, np.ndarray | None]]] = {}
    for _ in range(400):
        side = int(rng.integers(20, 90))
        diff = np.zeros((side, side), np.float32)
        x0, y0 = (int(v) for v in rng.integers(side // 4, side // 2, 2))
        if rng.random() < 0.8:  # the letter
            diff[y0 : y0 + int(rng.integers(2, side // 2)), x0 : x0 + int(rng.integers(2, 8))] = 200
        t = int(rng.integers(1, 6))
        if rng.random() < 0.6:  # a border round the crop, open on some sides
            for edge in rng.permutation(4)[: int(rng.integers(1, 5))]:
                rows, cols = [(np.s_[:t], np.s_[:]), (np.s_[-t:], np.s_[:]),
                              (np.s_[:], np.s_[:t]), (np.s_[:], np.s_[-t:])][edge]
                diff[rows, cols] = 150
        for _ in range(int(rng.integers(0, 6))):  # specks
            y, x = (int(v) for v in rng.integers(0, side - 2, 2))
            diff[y : y + int(rng.integers(1, 3)), x : x + int(rng.integers(1, 3))] = 120
        diff += rng.random(diff.shape).astype(np.float32) * 20
        top = float(rng.choice([diff.max(), 40.0, 31.0]))
        got, want = glyphs._glyph_crop(diff, top), references.glyph_crop(diff, top)
        assert (got is None) == (want is None)
        if got is not None:
            assert np.array_equal(got, want)
        kinds.add(want is None)
        drawn.setdefault(side, []).append((diff, top, want))
    assert kinds == {True, False}
    # Same-size tiles labelled together (the board's way) give each tile's own crop.
    for tiles in drawn.values():
        got = glyphs._glyph_crops(np.stack([d for d, _, _ in tiles]), [t for _, t, _ in tiles])
        for crop, (_, _, want) in zip(got, tiles, strict=True):
            assert (crop is None) == (want is None)
            assert crop is None or np.array_equal(crop, want)
    assert max(len(t) for t in drawn.values()) >= 5


def test_a_read_with_last_frames_grid_reads_what_a_full_read_does() -> None:
    """The game loop reads with the last frame's grid as a hint; re-fitted near it at 1/3 scale,
    Lingle's 84 px board came 1.6 px off, the tilde of its Ã reached the end of the ring's top
    side and the tile read "occluded or moving" until the game timed out (a real frame)."""
    from pathlib import Path

    from autobot.vision import read_board

    frame = load_image(Path(__file__).resolve().parent.parent / "fixtures" / "clones-parts"
                       / "lingle-tilde.png")
    full = read_board(frame)
    hinted = read_board(frame, hint=full.grid)
    assert full.settled and hinted.settled, hinted.reasons
    assert hinted.rows == full.rows and hinted.grid == full.grid
    assert full.rows[0] == ("SERAO", "YYXXY")


def test_a_read_runs_opencv_on_one_thread_and_gives_the_threads_back(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """read_board reads with one OpenCV thread and leaves the caller's setting as it was,
    also when the read fails part way; the read is the one OpenCV's threads give."""
    from autobot.vision import read as read_mod

    _, frame = FRAMES[0]
    real = read_mod.locate_grid
    seen: list[int] = []

    def spy(*args, **kwargs):
        seen.append(cv2.getNumThreads())
        if len(seen) == 2:
            raise RuntimeError("a read that fails part way")
        return real(*args, **kwargs)

    monkeypatch.setattr(read_mod, "locate_grid", spy)
    before = cv2.getNumThreads()
    try:
        cv2.setNumThreads(2)
        one = read_mod.read_board(frame)
        assert seen == [1] and cv2.getNumThreads() == 2
        with pytest.raises(RuntimeError):
            read_mod.read_board(frame)
        assert seen == [1, 1] and cv2.getNumThreads() == 2
        grid, reasons = real(frame)  # OpenCV's threads on
        two = read_mod.read_grid(frame, grid, reasons=reasons)
        assert one.rows == two.rows and one.grid == two.grid and one.reasons == two.reasons
    finally:
        cv2.setNumThreads(before)


def test_best_anchor_is_the_plain_loop_s() -> None:
    """The anchor of every size group of every frame (the first one alone tried first) is the
    one a loop over every anchor, counting its lattice's distinct cells in a set, picks; both
    the shortcut and the whole count are taken."""

    taken = {True: 0, False: 0}
    for _, frame in FRAMES:
        grey = locate.to_search_grey(frame, locate.search_scale(frame.shape))
        boxes = locate.find_candidates(grey)
        bw, bh = np.array([b.w for b in boxes]), np.array([b.h for b in boxes])
        for w, h in {(round(b.w), round(b.h)) for b in boxes}:
            same = (np.abs(bw - w) <= 0.15 * w) & (np.abs(bh - h) <= 0.15 * h)
            group = [boxes[i] for i in np.flatnonzero(same).tolist()]
            if len(group) < 3:
                continue
            cx, cy = np.array([b.cx for b in group]), np.array([b.cy for b in group])
            side, side_h = lattice._tile_size(group)
            px = lattice._pitch(cx, cy, side, side_h) or lattice._pitch(cy, cx, side_h, side)
            if px is None:
                continue
            py = lattice._pitch(cy, cx, side_h, side) or px
            counts = []
            for a in range(len(group)):
                cells = set()
                for j in range(len(group)):
                    fx, fy = (cx[j] - cx[a]) / px, (cy[j] - cy[a]) / py
                    if abs(fx - round(fx)) < 0.15 and abs(fy - round(fy)) < 0.15:
                        cells.add((round(fy), round(fx)))
                counts.append(len(cells))
                if max(counts) >= 0.9 * len(group):
                    break
            want = counts.index(max(counts))
            assert lattice._best_anchor(cx, cy, px, py) == want
            assert lattice._best_anchor_of_all(cx, cy, px, py) == want
            taken[counts[0] >= 0.9 * len(group)] += 1
    assert taken[True] >= 5 and taken[False] >= 5


@pytest.mark.parametrize(("name", "frame"), FRAMES, ids=[n for n, _ in FRAMES])
def test_size_groups_left_unfitted_would_not_have_changed_the_lattice(
        name: str, frame: np.ndarray, monkeypatch: pytest.MonkeyPatch) -> None:
    """fit_lattice skips a size group that differs from one fitted by an outline in ten:
    fitting every group finds the same board."""

    grey = locate.to_search_grey(frame, locate.search_scale(frame.shape))
    boxes = locate.find_candidates(grey)
    quick = locate.fit_lattice(boxes, width=grey.shape[1])
    monkeypatch.setattr(lattice, "_nearly_same", lambda group, done: False)
    assert locate.fit_lattice(boxes, width=grey.shape[1]) == quick


def test_some_size_groups_are_left_unfitted(monkeypatch: pytest.MonkeyPatch) -> None:
    """On the real frames above the shortcut is taken (else that test proves nothing)."""

    real = lattice._nearly_same
    skips: list[bool] = []
    monkeypatch.setattr(lattice, "_nearly_same",
                        lambda group, done: skips.append(real(group, done)) or skips[-1])
    for _, frame in FRAMES:
        grey = locate.to_search_grey(frame, locate.search_scale(frame.shape))
        locate.fit_lattice(locate.find_candidates(grey), width=grey.shape[1])
    assert any(skips) and not all(skips)


def _searched(frame: np.ndarray) -> tuple[np.ndarray, Grid, float, int, bool]:
    """The frame's grey, the search's board, its scale, tiles on it, and whether any is off."""
    scale = locate.search_scale(frame.shape)
    full = cv2.cvtColor(frame, cv2.COLOR_RGB2GRAY)
    grey = locate.to_search_grey(full, scale)
    boxes = locate.find_candidates(grey)
    lat = locate.fit_lattice(boxes, width=grey.shape[1])
    assert lat is not None
    lat = locate.refit_lattice(boxes, lat) or lat
    return full, find._grid_from(lat, scale, 0, 0), scale, lat.hits, \
        bool(find._displaced(boxes, lat, scale))


SCREENS = sorted(FIXTURES.glob("*.png"))


def test_the_refine_on_bands_measures_the_board_as_the_whole_board_does() -> None:
    """Outlines traced on bands round the search's tile edges give the lattice (to a pixel)
    and the tiles off it (exactly) that tracing the whole board gives, on every fixture
    screenshot the search finds a board on; the bands are used on most of them. (Without
    the seam check, wintoast_light_desk's bouncing tile joined the row below across the cut
    and was called off the grid.)"""
    banded = 0
    for path in SCREENS:
        frame = load_image(path)
        try:
            full, grid, scale, hits, moved = _searched(frame)
        except AssertionError:
            continue
        whole = find._refine(full, grid, scale)
        fast = find._refine(full, grid, scale, None if moved else hits)
        assert (whole is None) == (fast is None), path.name
        if whole is None or fast is None:
            continue
        crop_lattice = locate.Lattice(0, 0, grid.pitch_x, grid.pitch_y, grid.tile, grid.rows,
                                      grid.cols, 0, frozenset(), grid.height, grid.round)
        banded += not moved and not grid.round and \
            find._edge_bands(crop_lattice, frame.shape) is not None
        (a, moved_a), (b, moved_b) = whole, fast
        assert moved_a == moved_b, path.name
        assert (a.rows, a.cols, a.round) == (b.rows, b.cols, b.round), path.name
        for name in ("x", "y", "tile", "tile_h", "pitch_x", "pitch_y"):
            assert abs(getattr(a, name) - getattr(b, name)) <= 1.0, (path.name, name)
    assert banded >= 40


def test_outlines_on_bands_are_mapped_back_to_the_image_s_pixels() -> None:
    """Squares drawn on a page are found where they are when only bands round their edges
    are traced; a square whose side lies in the cut-out pixels is not made up from the
    pieces either side of the cut."""
    page = np.full((200, 300), 230, np.uint8)
    for x in (20, 120):
        cv2.rectangle(page, (x, 40), (x + 59, 99), 60, 2)  # 60 px outlines, 2 px borders
    cv2.rectangle(page, (220, 40), (279, 119), 60, 2)  # 80 px tall: its foot is cut out
    near = np.zeros(300, bool)
    for x in (20, 81, 120, 181, 220, 281):  # a 2 px border drawn at x reaches x + 61
        near[x - 8:x + 9] = True
    rows = np.flatnonzero((np.abs(np.arange(200)[:, None] - [40, 101]) <= 8).any(axis=1))
    cols = np.flatnonzero(near)
    sides = (40.0, 90.0)
    whole = {(b.x, b.y, b.w, b.h) for b in locate.find_candidates(page, sides)}
    banded = {(b.x, b.y, b.w, b.h) for b in locate.find_candidates(page, sides, (rows, cols))}
    assert {(20.0, 40.0, 62.0, 62.0), (120.0, 40.0, 62.0, 62.0)} <= whole
    assert (220.0, 40.0, 62.0, 82.0) in whole
    assert banded == {box for box in whole if box[0] < 200}


def test_a_box_on_a_seam_between_bands_is_dropped() -> None:
    rows = np.array([0, 1, 2, 3, 10, 11, 12, 13])  # a seam at 3 | 10
    cols = np.arange(0, 20)  # no seam across
    rects = np.array([[0, 0, 5, 4], [0, 1, 5, 10], [0, 10, 5, 4], [0, 11, 5, 3], [0, 11, 5, 2],
                      [0, 11, 5, 5]])
    # In a 20 px tall image the last band stops short of the foot: 13 (and past, in the
    # padding) is a seam too; in a 14 px tall one it is the image's edge.
    assert candidates._off_seams(rects, rows, cols, (20, 20)).tolist() == \
        [False, False, False, False, True, False]
    assert candidates._off_seams(rects, rows, cols, (14, 20)).tolist() == \
        [False, False, False, True, True, True]
    # Bands 2-5 and 12-15: the first stops short of the top as well.
    rects = np.array([[0, 3, 5, 3], [0, 3, 5, 2], [0, 2, 5, 2], [0, 13, 5, 2], [0, 13, 5, 3]])
    assert candidates._off_seams(rects, rows + 2, cols, (20, 20)).tolist() == \
        [False, True, False, True, False]
    pts = np.array([[-2, -1], [0, 3], [19, 4], [21, 12]])
    assert candidates._mapped_back(pts, rows, cols).tolist() == \
        [[-2, -1], [0, 3], [19, 10], [21, 18]]  # 5 rows past the last band: 13 + 5


def test_no_compiled_kernel_calls_itself() -> None:
    """numba's on-disk cache cannot reload a recursive function (the process that loads it
    crashes): no kernel may call itself."""
    import ast
    from pathlib import Path

    import autobot.kernels

    compiled = 0
    for path in Path(autobot.kernels.__file__).parent.glob("*.py"):
        for fn in ast.walk(ast.parse(path.read_text())):
            if isinstance(fn, ast.FunctionDef) and any(
                    isinstance(d, ast.Name) and d.id.startswith("jit") for d in fn.decorator_list):
                compiled += 1
                called = {c.func.id for c in ast.walk(fn)
                          if isinstance(c, ast.Call) and isinstance(c.func, ast.Name)}
                assert fn.name not in called, f"{path.name}: {fn.name} calls itself"
    assert compiled >= 10
