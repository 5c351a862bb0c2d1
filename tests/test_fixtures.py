"""The fixture catalogue (pure) and the stored fixtures it made (files), plus one real remake."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest
from conftest import require_chromium
from PIL import Image

from autobot.errors import AutobotError
from autobot.harness.fixtures import (
    ALL,
    CATALOGUE,
    PENDING,
    Fixture,
    by_name,
    expected_rows,
    expected_settled,
    flip_catch,
)
from autobot.rules import score
from autobot.words import load_words

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures" / "screenshots"
PENDING_DIR = ROOT / "fixtures" / "pending"
ALLOWED = frozenset(load_words("nyt").words) | frozenset(load_words("answers").words)


# --- the catalogue ---------------------------------------------------------------------------


def test_catalogue_covers_what_the_issue_asks_for() -> None:
    names = [fx.name for fx in CATALOGUE]
    assert len(names) == len(set(names)) >= 60
    looks = {fx.look for fx in CATALOGUE}
    assert looks == {"light", "dark", "light-hc", "dark-hc"}
    assert {fx.scale for fx in CATALOGUE} == {1.0, 2.0, 3.0}
    assert {(1366, 768), (412, 915), (1280, 1024)} <= {fx.window for fx in CATALOGUE}
    kinds = {fx.tags[0] for fx in CATALOGUE}
    assert {"empty", "typed", "flip", "shake", "short-word", "wintoast", "win", "loss", "hard",
            "stats"} <= kinds
    assert {fx.moment for fx in CATALOGUE} == {"settled", "flip", "shake", "toast", "win",
                                                "loss", "stats", "intro"}


def test_catalogue_covers_the_page_options() -> None:
    """Every other clone's palette and tile shape, hint letters, other row counts and the
    "How To Play" dialog, each also with dark or high contrast."""
    from autobot.page.server import CHOICES

    def having(name: str) -> list[Fixture]:
        return [fx for fx in ALL if name in dict(fx.page)]

    for name in ("palette", "tiles"):
        assert {dict(fx.page)[name] for fx in having(name)} == set(CHOICES[name][1:]), name
    for name in ("palette", "tiles", "hint", "rows", "intro"):
        looks = {fx.look for fx in having(name) if not fx.pending}
        assert "dark" in looks or "dark-hc" in looks, name
        assert "light-hc" in looks or "dark-hc" in looks, name
    assert {4, 8} <= {fx.rows for fx in CATALOGUE}
    assert all(fx.moment == "intro" for fx in having("intro"))
    assert all(fx.pending for fx in PENDING) and not any(fx.pending for fx in CATALOGUE)


def test_every_word_is_real_and_every_game_is_consistent() -> None:
    answers = load_words("answers")
    for fx in CATALOGUE:
        if "variant" in fx.tags:
            continue  # other lengths and games: tests/test_variants_fixtures.py
        assert fx.answer in answers, fx.name
        for g in fx.guesses:
            assert g in ALLOWED, (fx.name, g)
        rows = expected_rows(fx, ALLOWED)
        if fx.moment in ("stats", "intro"):
            assert rows == [] and fx.covered
            continue
        assert len(rows) == fx.rows == int(dict(fx.page).get("rows", 6))
        for (letters, marks), guess in zip(rows, fx.guesses, strict=False):
            assert (letters, marks) == (guess.upper(), score(guess, fx.answer)), fx.name


def test_moments_have_the_right_kind_of_board() -> None:
    for fx in CATALOGUE:
        rows = expected_rows(fx, ALLOWED)
        marks = "".join(m for _, m in rows)
        if fx.moment == "win":
            assert "GGGGG" in [m for _, m in rows], fx.name
        if fx.moment == "loss":
            assert sum(set(m) <= set("GYX") for _, m in rows) == 6
            assert "GGGGG" not in [m for _, m in rows], fx.name
        if fx.moment == "shake":
            assert "?????" in [m for _, m in rows] and not expected_settled(rows), fx.name
        if fx.moment == "flip":
            turning = rows[len(fx.guesses)][1]
            assert "?" in turning and not expected_settled(rows), fx.name
            # Left of the turning tile(s): colours; right: still typed.
            assert turning.rstrip("t").lstrip("GYX").strip("?") == "", (fx.name, turning)
        if fx.tags[0] in ("typed", "hard", "short-word"):
            assert "t" in marks, fx.name
        if fx.tags[0] == "empty":
            assert marks == "." * 30


def test_hard_fixtures_really_break_hard_mode() -> None:
    from autobot.harness.fixtures import accepts
    from autobot.rules import Turn, hard_mode_violation

    for fx in CATALOGUE:
        if fx.hard:  # the page refuses an illegal replayed row: every stored row must be legal
            history = []
            for g in fx.guesses:
                assert hard_mode_violation(g, history) is None, (fx.name, g)
                history.append(Turn(g, score(g, fx.answer)))
        if fx.tags[0] == "hard":
            assert fx.typed in ALLOWED and not accepts(fx, ALLOWED), fx.name
        if fx.tags[0] == "shake":
            assert fx.typed not in ALLOWED


def test_a_flip_row_shows_colours_then_turning_then_typed_tiles() -> None:
    fx = Fixture(name="f", answer="speed", typed="crane", enter=True, anim=True, moment="flip",
                 at_ms=700)
    # 700 ms: tile 1 has turned (>= 500 ms), tile 2 shows its back (400 ms), tile 3 is
    # turning (100 ms), tiles 4-5 wait.
    assert expected_rows(fx, ALLOWED)[0] == ("CRANE", "X??tt")


def test_flip_catch_names_the_turning_tile() -> None:
    assert flip_catch(0) == (0, "flip-in")
    assert flip_catch(270) == (0, "flip-out")
    assert flip_catch(1000) == (3, "flip-in")
    assert flip_catch(1550) == (4, "flip-out")
    with pytest.raises(AutobotError):
        flip_catch(1750)


def test_hint_letters_and_row_counts_shape_the_expected_board() -> None:
    # Faint hint letters are not typed: the row being typed holds the typed letters only.
    fx = Fixture(name="h", answer="mamma", guesses=("slate", "drama"), typed="cr",
                 page=(("hint", True), ("rows", 8)))
    rows = expected_rows(fx, ALLOWED)
    assert len(rows) == 8 and rows[2] == ("CR", "tt...") and rows[3:] == [("", ".....")] * 5
    assert expected_rows(Fixture(name="i", answer="crane", moment="intro",
                                 page=(("intro", True),)), ALLOWED) == []


def test_a_rejected_word_stays_typed_and_unknown_names_are_errors() -> None:
    fx = Fixture(name="x", answer="speed", guesses=("crane",), typed="abcde", enter=True)
    assert expected_rows(fx, ALLOWED)[1] == ("ABCDE", "ttttt")
    ok = Fixture(name="y", answer="speed", typed="crane", enter=True)
    assert expected_rows(ok, ALLOWED)[0] == ("CRANE", "XXXXY")
    with pytest.raises(AutobotError, match="no fixture named nope"):
        by_name(["nope"])


# --- the stored fixtures ---------------------------------------------------------------------


def _sidecars(folder: Path = FIXTURES) -> list[dict]:
    found = sorted(folder.glob("*.json"))
    if not found and folder == FIXTURES:
        pytest.fail("fixtures/screenshots is empty: run `autobot fixtures make`")
    return [json.loads(p.read_text()) for p in found]


@pytest.mark.parametrize(("folder", "entries"), [(FIXTURES, CATALOGUE), (PENDING_DIR, PENDING)],
                         ids=["screenshots", "pending"])
def test_every_catalogue_entry_has_a_checked_png_and_sidecar(folder: Path,
                                                             entries: tuple[Fixture, ...]) -> None:
    sidecars = {d["name"]: d for d in _sidecars(folder)}
    assert set(sidecars) == {fx.name for fx in entries}
    total = 0
    for fx in entries:
        data = sidecars[fx.name]
        png = (folder / data["image"]).read_bytes()
        total += len(png)
        assert hashlib.sha256(png).hexdigest() == data["sha256"], fx.name
        with Image.open(folder / data["image"]) as img:
            assert list(img.size) == data["frame_size"]
            # The page's CSS width times the device scale (phones: the whole 412x915 viewport).
            assert img.size[0] == round(fx.window[0] * fx.scale), fx.name
            if fx.window[0] < 500:
                assert img.size[1] == round(fx.window[1] * fx.scale), fx.name
        assert data["window_size"] == list(fx.window) and data["scale"] == fx.scale
        assert data["theme"] == fx.theme and data["high_contrast"] == fx.contrast
        assert data["made_by"]["command"] == f"autobot fixtures make --only {fx.name}"
        # Absurdle has no answer to fix: the adversary picks it as the game goes.
        assert data["made_by"]["page_url"].startswith("/?answer=" + fx.answer if fx.answer
                                                      else "/?")
        # The other page options: in the sidecar and in the URL the page was made from.
        assert data["game"].get("page", {}) == dict(fx.page), fx.name
        for key, value in fx.page:
            value = int(value) if isinstance(value, bool) else value
            assert f"&{key}={value}" in data["made_by"]["page_url"], (fx.name, key)
        assert data.get("pending", "") == fx.pending
        exp = data["expected"]
        # The sidecar is the catalogue's board with toast-covered tiles turned to '?'.
        truth = expected_rows(fx, ALLOWED)
        assert len(exp["rows"]) == len(truth)
        for (letters, marks), (t_letters, t_marks) in zip(exp["rows"], truth, strict=True):
            assert letters == t_letters
            assert all(m == t or m == "?" for m, t in zip(marks, t_marks, strict=True))
        assert exp["settled"] == (exp["found"] and expected_settled(
            [tuple(r) for r in exp["rows"]]))
        if not exp["settled"]:
            assert data["expected_guess"] is None
        coloured = any(m in "GY" for _, marks in exp["rows"] for m in marks)
        assert exp["high_contrast"] == (fx.contrast if coloured else None), fx.name
    assert total < 15_000_000


def test_toast_fixtures_cover_tiles_and_read_as_moving() -> None:
    for data in _sidecars():
        if data["game"]["moment"] in ("toast", "loss"):
            assert data["occluded"], data["name"]
            assert not data["expected"]["settled"]


@pytest.mark.browser
def test_make_is_deterministic(tmp_path: Path) -> None:
    """Remaking fixtures in a fresh Chromium gives the same pixels and the same sidecar."""
    require_chromium()
    from autobot.harness.capture import make

    names = ["typed_light_phone", "flip_dark_desk2x", "shake_light_desk", "loss_light_desk",
             "hint_dark_desk"]
    make(tmp_path, names, log=lambda _: None)
    for name in names:
        new = json.loads((tmp_path / f"{name}.json").read_text())
        old = json.loads((FIXTURES / f"{name}.json").read_text())
        for key in ("expected", "expected_guess", "occluded", "frame_size"):
            assert new[key] == old[key], (name, key)
        a = np.asarray(Image.open(tmp_path / f"{name}.png").convert("RGB"), np.int16)
        b = np.asarray(Image.open(FIXTURES / f"{name}.png").convert("RGB"), np.int16)
        # Same frame; allow a sliver of antialiasing noise from another Chromium build, and for
        # a frame frozen mid-animation the few edge pixels a busy machine's timer moves.
        limit = 0.002 if by_name([name])[0].moment == "settled" else 0.006
        assert (np.abs(a - b).max(axis=2) > 24).mean() < limit, name


def test_fixtures_list_and_bad_actions(capsys: pytest.CaptureFixture[str]) -> None:
    from autobot.cli import main

    assert main(["fixtures", "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(ALL) and lines[0].startswith(CATALOGUE[0].name)
    assert sum("(pending: " in line for line in lines) == len(PENDING)
    assert main(["fixtures"]) == 2
    assert main(["fixtures", "make", "--only", "nope"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == ["autobot: error: fixtures: choose an action: make or list",
                   "autobot: error: no fixture named nope (see `autobot fixtures list`)"]
