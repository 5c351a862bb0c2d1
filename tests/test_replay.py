"""`autobot replay`: the comparison rules (pure, with a stand-in read), and the real thing on the
fixtures in fixtures/screenshots and on ../shared/real-screens."""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from autobot.cli import main
from autobot.harness.replay import (
    Expectation,
    collect_cases,
    compare_board,
    complete_history,
    is_game_over,
    next_guess_for,
)
from autobot.rules import Turn

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures" / "screenshots"
REAL = Path(__file__).resolve().parents[2] / "shared" / "real-screens"
EMPTY = ("", ".....")


@dataclass(frozen=True)
class Read:
    """A stand-in for vision's BoardRead (only the fields replay looks at)."""

    found: bool
    settled: bool
    rows: tuple[tuple[str, str], ...]
    theme: str | None = "light"
    high_contrast: bool = False


def _expect(rows, **kw) -> Expectation:
    return Expectation(found=bool(rows), rows=tuple(rows), **kw)


# --- pure rules ------------------------------------------------------------------------------


def test_identical_board_passes_and_any_tile_difference_is_named() -> None:
    rows = [("CRANE", "XYGGX"), ("SLATE", "GGGGG")] + [EMPTY] * 4
    assert compare_board(_expect(rows, settled=True), Read(True, True, tuple(rows))) == []
    wrong = [("CRANE", "XYGXX"), ("SLATE", "GGGGG")] + [EMPTY] * 4
    diffs = compare_board(_expect(rows, settled=True), Read(True, True, tuple(wrong)))
    assert diffs == ["row 1: expected CRANE XYGGX got CRANE XYGXX (tile 4)"]
    misread = [("CRANF", "XYGGX"), ("SLATE", "GGGGG")] + [EMPTY] * 4
    assert "tile 5" in compare_board(_expect(rows), Read(True, True, tuple(misread)))[0]


def test_letters_belong_to_the_non_empty_tiles_in_order() -> None:
    from autobot.harness.replay import tile_letters

    assert tile_letters("IOUS", ".tttt") == ["", "I", "O", "U", "S"]
    expect = _expect([("PIOUS", "?tttt")] + [EMPTY] * 5)
    assert compare_board(expect, Read(True, False, (("IOUS", ".tttt"),) + (EMPTY,) * 5)) == []
    assert "tile 2" in compare_board(expect, Read(True, False, (("OUS", "..ttt"),)
                                                  + (EMPTY,) * 5))[0]


def test_question_mark_tiles_match_anything_but_require_not_settled() -> None:
    rows = [("CRANE", "X???Y"), ("PILOT", "ttttt")] + [EMPTY] * 4
    got = [("CRANE", "XYGGY"), ("PILOT", "ttttt")] + [EMPTY] * 4
    assert compare_board(_expect(rows), Read(True, False, tuple(got))) == []
    assert compare_board(_expect(rows), Read(True, True, tuple(got))) == [
        "settled: expected False ('?' tiles) got True"
    ]


def test_unsure_answers_pass_on_labels_only_when_the_frame_is_not_settled() -> None:
    rows = [("TRUCE", "XXXXG")] + [EMPTY] * 5
    hidden = [("T???E", "X???G")] + [EMPTY] * 5
    lenient = _expect(rows, unsure_ok=True)
    assert compare_board(lenient, Read(True, False, tuple(hidden))) == []
    assert compare_board(lenient, Read(True, True, tuple(hidden))) == [
        "settled: expected False ('?' tiles) got True"
    ]
    # Strict (and always for fixtures, whose sidecars already mark hidden tiles '?').
    assert compare_board(_expect(rows), Read(True, False, tuple(hidden))) == [
        "row 1: expected TRUCE XXXXG got T???E X???G (tile 2,3,4)"
    ]
    # An unsure answer never hides a wrong one.
    wrong = [("TRUCE", "X?XYG")] + [EMPTY] * 5
    assert "tile 4" in compare_board(lenient, Read(True, False, tuple(wrong)))[0]


def test_found_row_count_theme_and_contrast_are_checked() -> None:
    rows = [("CRANE", "XYGGX")] + [EMPTY] * 5
    assert compare_board(_expect(rows), Read(False, False, ())) == ["no board found"]
    assert compare_board(_expect([]), Read(False, False, ())) == []
    assert compare_board(_expect([]), Read(True, True, tuple(rows)))[0].startswith("found a board")
    assert compare_board(_expect(rows), Read(True, True, tuple(rows[:5])))[0] == (
        "rows: expected 6 got 5"
    )
    dark = _expect(rows, theme="dark", high_contrast=True)
    assert compare_board(dark, Read(True, True, tuple(rows))) == [
        "theme: expected dark got light", "high_contrast: expected True got False"
    ]


def test_history_stops_at_the_first_unscored_row_and_game_over() -> None:
    rows = [("CRANE", "XYGGX"), ("SL", "tt..."), EMPTY]
    assert complete_history(rows) == (Turn("crane", "XYGGX"),)
    assert complete_history([EMPTY, ("CRANE", "XXXXX")]) is None
    assert is_game_over([("CRANE", "GGGGG")])
    assert is_game_over([("CRANE", "XXXXX")] * 6)
    assert not is_game_over([("CRANE", "XXXXX")] * 5 + [EMPTY])


class _Solver:
    def __init__(self) -> None:
        self.seen = []

    def next_guess(self, state) -> str:
        self.seen.append(state)
        return "slate"


def test_next_guess_only_on_a_settled_live_board() -> None:
    solver = _Solver()
    rows = [("CRANE", "XYGGX")] + [EMPTY] * 5
    assert next_guess_for(rows, found=True, settled=True, hard=True,
                          solver_for=lambda hard, game: solver) == "slate"
    assert solver.seen[0].history == (Turn("crane", "XYGGX"),) and solver.seen[0].hard
    for kw in ({"found": False, "settled": True}, {"found": True, "settled": False}):
        assert next_guess_for(rows, hard=False, solver_for=lambda hard, game: solver, **kw) is None
    won = [("CRANE", "GGGGG")] + [EMPTY] * 5
    assert next_guess_for(won, found=True, settled=True, hard=False,
                          solver_for=lambda hard, game: solver) is None


def test_collect_cases_reads_labels_json_sidecars_and_bare_images(tmp_path: Path) -> None:
    (tmp_path / "a.png").write_bytes(b"")
    (tmp_path / "b.png").write_bytes(b"")
    (tmp_path / "b.json").write_text(json.dumps({
        "expected": {"found": True, "settled": True, "rows": [["CRANE", "XXXXX"]]},
        "expected_guess": "moist", "hard": True}))
    cases = {c.name: c for c in collect_cases([tmp_path])}
    assert cases["a"].expect is None and cases["a"].source == "none"
    assert cases["b"].expect.guess == "moist" and cases["b"].expect.hard
    labelled = tmp_path / "lab"
    labelled.mkdir()
    (labelled / "labels.json").write_text(json.dumps([
        {"id": "x", "file": "x.png", "rows": [["CRANE", "XYGGX"]]},
        {"id": "neg", "file": "neg.png", "rows": []}]))
    cases = {c.name: c for c in collect_cases([labelled])}
    assert cases["x"].expect.found and cases["x"].expect.rows == (("CRANE", "XYGGX"),)
    assert not cases["neg"].expect.found and not cases["neg"].expect.check_guess


def test_missing_path_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "/nonexistent/screens"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "autobot: error: no such file or folder: /nonexistent/screens"


# --- the real thing --------------------------------------------------------------------------


def _need_fixtures() -> None:
    if not any(FIXTURES.glob("*.json")):
        pytest.fail("fixtures/screenshots has no fixtures: run `autobot fixtures make`")


@pytest.mark.slow
def test_replay_passes_on_every_fixture(tmp_path: Path, capsys) -> None:
    _need_fixtures()
    out = tmp_path / "replay.json"
    code = main(["replay", str(FIXTURES), "--json", str(out), "--quiet"])
    printed = capsys.readouterr().out
    report = json.loads(out.read_text())
    failed = [f"{r['name']}: {'; '.join(r['diffs'])}" for r in report["results"]
              if r["status"] != "pass"]
    assert not failed, "\n".join(failed)
    assert code == 0 and report["summary"]["passed"] >= 60
    assert "0 failed" in printed


def test_replay_on_real_screens(tmp_path: Path) -> None:
    if not (REAL / "labels.json").is_file():
        pytest.skip(f"{REAL} is absent: the third-party screenshots are not in this checkout")
    out = tmp_path / "real.json"
    code = main(["replay", str(REAL), "--json", str(out), "--quiet"])
    report = json.loads(out.read_text())
    failed = [f"{r['name']}: {'; '.join(r['diffs'])}" for r in report["results"]
              if r["status"] != "pass"]
    assert not failed, "\n".join(failed)
    assert code == 0 and report["summary"]["passed"] == len(report["results"]) >= 27


def test_a_changed_guess_is_a_regression_and_update_rewrites_only_guesses(tmp_path: Path,
                                                                           capsys) -> None:
    _need_fixtures()
    for name in ("mid_light_desk", "win_dark_desk"):
        shutil.copy(FIXTURES / f"{name}.png", tmp_path)
        shutil.copy(FIXTURES / f"{name}.json", tmp_path)
    sidecar = tmp_path / "mid_light_desk.json"
    data = json.loads(sidecar.read_text())
    right, board = data["expected_guess"], data["expected"]
    assert right
    data["expected_guess"] = "zzzzz"
    sidecar.write_text(json.dumps(data))
    assert main(["replay", str(tmp_path)]) == 1
    assert f"guess: expected zzzzz got {right}" in capsys.readouterr().out
    assert main(["replay", str(tmp_path), "--update"]) == 0
    assert "expected guess zzzzz -> " + right in capsys.readouterr().out
    after = json.loads(sidecar.read_text())
    assert after["expected_guess"] == right and after["expected"] == board
    assert json.loads((tmp_path / "win_dark_desk.json").read_text())["expected_guess"] is None


def test_images_without_a_sidecar_print_the_board_and_a_suggestion(tmp_path: Path,
                                                                    capsys) -> None:
    _need_fixtures()
    shutil.copy(FIXTURES / "mid_dark_desk.png", tmp_path / "mine.png")
    expected = json.loads((FIXTURES / "mid_dark_desk.json").read_text())
    assert main(["replay", str(tmp_path / "mine.png")]) == 0
    line = capsys.readouterr().out.splitlines()[0]
    assert line.startswith("NEW") and "SLATE XXYXX / DRAMA XXYGG" in line
    assert line.endswith(f"suggest {expected['expected_guess']}")
