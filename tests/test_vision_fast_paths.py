"""The reader's fast steps give exactly what their slow, plain references give (issue 22:
reading was made fast again; these keep the fast versions honest). Real fixture frames."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from autobot.bench.read import FIXTURES, desktop_4k, in_browser
from autobot.vision import load_image, locate
from autobot.vision.locate import candidates

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
    smooth = candidates._pad_contrasting(cv2.GaussianBlur(grey, (3, 3), 0))
    edges = cv2.Canny(smooth, 12, 36, L2gradient=True)
    edges = cv2.morphologyEx(edges, cv2.MORPH_CLOSE, np.ones((2, 2), np.uint8))
    pad = candidates.EDGE_PAD
    found, _ = cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE,
                                offset=(-pad, -pad))
    return list(found)


def test_there_are_frames_of_several_looks() -> None:
    assert len(FRAMES) >= 9


@pytest.mark.parametrize(("name", "frame"), FRAMES, ids=[n for n, _ in FRAMES])
@pytest.mark.parametrize("sides", [None, (20.0, 70.0)])
def test_outlines_sorted_as_the_plain_loop_sorts_them(name: str, frame: np.ndarray,
                                                      sides: tuple[float, float] | None) -> None:
    grey = locate.to_search_grey(frame, locate.search_scale(frame.shape))
    found = _outlines(grey)
    lo, hi = sides or (locate.MIN_TILE, 0.3 * max(grey.shape))
    fast = candidates._sort_outlines(found, lo, hi)
    slow = candidates._sort_outlines_reference(found, lo, hi)
    assert fast[1] == slow[1] and fast[2] == slow[2]  # boxes and closed, in order
    assert len(fast[1]) > 0 or sides is not None
    for got, want in ((fast[0], slow[0]), (fast[3], slow[3])):
        assert len(got) == len(want)
        assert all(np.array_equal(a, b) for a, b in zip(got, want, strict=True))


@pytest.mark.parametrize(("name", "frame"), FRAMES, ids=[n for n, _ in FRAMES])
def test_dedupe_keeps_what_the_plain_greedy_pass_keeps(name: str, frame: np.ndarray) -> None:
    grey = locate.to_search_grey(frame, locate.search_scale(frame.shape))
    found = _outlines(grey)
    _, rects, _, _ = candidates._sort_outlines(found, locate.MIN_TILE, 0.3 * max(grey.shape))
    boxes = [candidates._clipped(x, y, w, h, grey.shape[1], grey.shape[0], False)
             for x, y, w, h in rects]
    kept = candidates._dedupe(boxes)
    assert kept == candidates._dedupe_reference(boxes)
    assert 0 < len(kept) < len(boxes)  # inner and outer traces were there to merge


def test_round_flags_only_matter_off_closed_squares() -> None:
    """The ellipse test skipped on closed squares changes no candidate."""
    for _, frame in FRAMES[:6]:
        grey = locate.to_search_grey(frame, locate.search_scale(frame.shape))
        kept, rects, closed, _ = candidates._sort_outlines(
            _outlines(grey), locate.MIN_TILE, 0.3 * max(grey.shape))
        square = candidates._hug_boxes(kept, rects)
        every = candidates._on_ellipse(kept, rects)
        wanted = [not (s and c) for s, c in zip(square, closed, strict=True)]
        some = candidates._on_ellipse(kept, rects, None, wanted)
        assert [e and w for e, w in zip(every, wanted, strict=True)] == some


@pytest.mark.parametrize(("name", "frame"), FRAMES, ids=[n for n, _ in FRAMES])
def test_a_run_as_wide_as_a_fixed_width_is_that_width_s_lattice(name: str,
                                                                 frame: np.ndarray) -> None:
    """fit_lattice reuses the five-wide fit for "as wide as the tiles run" when the run is
    five: for every size group, fitting at width 0 and at the width it runs to agree."""
    from autobot.vision.locate import lattice

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
