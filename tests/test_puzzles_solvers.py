"""0h h1 / Unruly and Sudoku / Solo: ID parsing, the fast solvers against the slow reference
solvers and checkers, "no solution" and "more than one", and the registry entries."""

from __future__ import annotations

import random
import shutil

import pytest

from autobot.bench.puzzles import parse_kaidoku, sgt_id
from autobot.errors import AutobotError
from autobot.games import find_game
from autobot.games.puzzles import find_puzzle, sudoku, takuzu

# Real IDs printed by sgt-puzzles 20230122 (`sgt-unruly --generate 1 'PARAMS#SEED'`).
UNRULY_IDS = {
    "8x8dn#12345": "8x8:bEACHcBdFEaleAbbc",
    "6x6dt#1": "6x6:CAddDCAHbg",
    "8x8udn#1": "8x8u:EdCATHdCbJDa",
    "16x16udn#3": "16x16u:dgEhBEFEaBDBibBccFraCdcCFdbadhfbbbCCAJBEbDgfaGCEEFgbfgaCbaCIa",
}
SOLO_IDS = {
    "3x3di#42": "3x3:e7_9e1b4c2_8a4a6_7g1_9a9b6a1b2a8_3g7_1a3a8_6c6b5e5_4e",
    "2x2dt#1": "2x2:a1d2b3d3a",
    "3x3xdu#1": "3x3x:b2d9b9b3d1b8g1e5_6b3a9b2_4e7g3b1d2b4b5d9b",
    "2x3db#1": "2x3:a5d4_6a5g4_2g5a3_6d2a",
    "3x2db#7": "3x2:4_1c5b4a6d3d2d6a4b1c2_4",
}


def test_unruly_id_parses_runs_and_colours() -> None:
    p = takuzu.parse_unruly("6x6:CAddDCAHbg")
    assert (p.width, p.height, p.unique) == (6, 6, False)
    # 'C': two empty then black; 'A': black; 'd': three empty then white ...
    assert p.cells[:8] == (-1, -1, 1, 1, -1, -1, -1, 0)
    assert takuzu.parse_unruly("8x8u:EdCATHdCbJDa").unique


@pytest.mark.parametrize("bad", ["8x8", "8x8:", "7x8:abc", "8x8:b3", "8x8:ab", "axb:ab"])
def test_unruly_bad_ids_are_clear_errors(bad: str) -> None:
    with pytest.raises(AutobotError):
        takuzu.parse_unruly(bad)


@pytest.mark.parametrize("seed", sorted(UNRULY_IDS))
def test_unruly_real_ids_solve_uniquely_and_check(seed: str) -> None:
    p = takuzu.parse_unruly(UNRULY_IDS[seed])
    sol = takuzu.solve(p)
    assert sol.status == "solved"
    assert takuzu.check(p, sol.cells) == []


def _random_takuzu(rng: random.Random, size: int, keep: float, unique: bool) -> takuzu.Takuzu:
    """A grid from the reference solver's solutions of an empty board, with cells blanked."""
    empty = takuzu.new(size, size, [-1] * size * size, unique)
    full = takuzu.solve_reference(empty, limit=40)
    grid = rng.choice(full)
    cells = [v if rng.random() < keep else -1 for v in grid]
    return takuzu.new(size, size, cells, unique)


@pytest.mark.parametrize("size", [4, 6])
def test_takuzu_solver_agrees_with_the_reference(size: int) -> None:
    rng = random.Random(size)
    statuses = set()
    for n in range(60):
        p = _random_takuzu(rng, size, keep=rng.choice([0.2, 0.35, 0.5]), unique=n % 2 == 0)
        ref = takuzu.solve_reference(p)
        sol = takuzu.solve(p)
        want = {0: "none", 1: "solved"}.get(len(ref), "multiple")
        assert sol.status == want, takuzu.render(p)
        statuses.add(sol.status)
        if want == "solved":
            assert sol.cells == ref[0]
        if want == "multiple":
            assert sol.cells != sol.other
            assert takuzu.check(p, sol.cells) == takuzu.check(p, sol.other) == []
    assert statuses >= {"solved", "multiple"}


def test_takuzu_reports_no_solution_and_two() -> None:
    # Three whites given in a row: no solution, found by propagation.
    bad = takuzu.new(4, 4, [0, 0, 0] + [-1] * 13)
    assert takuzu.solve(bad).status == "none"
    # Balanced but locally impossible only after search: row 0 = 0101, row 1 = 0101 unique.
    dup = takuzu.new(4, 4, [0, 1, 0, 1, 0, 1, 0, 1] + [-1] * 8, unique=True)
    assert takuzu.solve(dup).status == takuzu.solve_reference(dup) and "none" or True
    assert len(takuzu.solve_reference(dup)) == 0 and takuzu.solve(dup).status == "none"
    empty = takuzu.new(6, 6, [-1] * 36)
    two = takuzu.solve(empty)
    assert two.status == "multiple" and two.other is not None and two.other != two.cells


def test_takuzu_checker_names_each_broken_rule() -> None:
    p = takuzu.new(4, 4, [-1] * 16, unique=True)
    good = (0, 1, 0, 1, 1, 0, 1, 0, 0, 0, 1, 1, 1, 1, 0, 0)
    assert takuzu.check(p, good) == []
    assert any("balanced" in s for s in takuzu.check(p, (0, 0, 0, 1) + good[4:]))
    three = takuzu.new(6, 2, [-1] * 12)
    assert any("three" in s for s in takuzu.check(three, (0, 0, 0, 1, 1, 1) * 2))
    alike = (0, 1, 0, 1, 0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 1, 0)
    assert any("alike" in s for s in takuzu.check(p, alike))
    given = takuzu.new(4, 4, [1] + [-1] * 15)
    assert any("given" in s for s in takuzu.check(given, good))


def test_solo_id_parses_numbers_runs_and_box_shape() -> None:
    p = sudoku.parse_solo("2x2:a1d2b3d3a")
    assert (p.n, p.x) == (4, False)
    assert p.cells[:6] == (0, 1, 0, 0, 0, 0)
    # Solo's 2x3 has boxes 3 wide and 2 tall: only that reading has a solution.
    six = sudoku.parse_solo(SOLO_IDS["2x3db#1"])
    assert (six.c, six.r) == (3, 2)
    assert sudoku.solve(sudoku.Sudoku(2, 3, six.cells)).status != "solved"
    assert sudoku.parse_solo(SOLO_IDS["3x3xdu#1"]).x
    big = sudoku.parse_solo("4x4:" + "z" * 9 + "t" + "16_10")
    assert big.cells[-2:] == (16, 10)


@pytest.mark.parametrize("bad", ["3x3", "3x3:a", "3x3:A1", "3x3j:a", "9:" + "i" * 9])
def test_solo_bad_ids_are_clear_errors(bad: str) -> None:
    with pytest.raises(AutobotError):
        sudoku.parse_solo(bad)


@pytest.mark.parametrize("seed", sorted(SOLO_IDS))
def test_solo_real_ids_solve_uniquely_and_check(seed: str) -> None:
    p = sudoku.parse_solo(SOLO_IDS[seed])
    sol = sudoku.solve(p)
    assert sol.status == "solved"
    assert sudoku.check(p, sol.cells) == []


@pytest.mark.parametrize(("c", "r", "x"), [(2, 2, False), (2, 2, True), (3, 2, False)])
def test_sudoku_solver_agrees_with_the_reference(c: int, r: int, x: bool) -> None:
    rng = random.Random(c * 10 + r + x)
    n = c * r
    full = sudoku.solve_reference(sudoku.new(c, r, [0] * n * n, x), limit=1)[0]
    statuses = set()
    for _ in range(40):
        keep = rng.choice([0.15, 0.3, 0.5])
        cells = [v if rng.random() < keep else 0 for v in full]
        if rng.random() < 0.2:  # a wrong given now and then: no solution
            k = rng.randrange(n * n)
            cells[k] = rng.randint(1, n)
        p = sudoku.new(c, r, cells, x)
        ref = sudoku.solve_reference(p)
        sol = sudoku.solve(p)
        want = {0: "none", 1: "solved"}.get(len(ref), "multiple")
        assert sol.status == want, sudoku.render(p)
        statuses.add(sol.status)
        if want == "solved":
            assert sol.cells == ref[0]
        if want == "multiple":
            assert sudoku.check(p, sol.cells) == sudoku.check(p, sol.other) == []
            assert sol.cells != sol.other
    assert statuses >= {"solved", "multiple"}


def test_sudoku_9x9_none_multiple_and_propagation_flag() -> None:
    text = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
    p = sudoku.parse_text(text)
    sol = sudoku.solve(p)
    assert sol.status == "solved" and sol.by_propagation and sudoku.check(p, sol.cells) == []
    assert sudoku.solve(sudoku.parse_text("55" + "0" * 79)).status == "none"
    two = sudoku.solve(sudoku.parse_text("0" * 81))
    assert two.status == "multiple" and not two.by_propagation
    assert sudoku.check(p, two.cells)  # a grid that is not this puzzle's breaks its givens


def test_sudoku_checker_names_each_broken_rule() -> None:
    p = sudoku.new(2, 2, [0] * 16, x=True)
    good = (1, 2, 3, 4, 3, 4, 1, 2, 4, 3, 2, 1, 2, 1, 4, 3)
    assert sudoku.check(p, good) == []
    swapped = (2, 1, 3, 4) + good[4:]
    assert any("column" in s for s in sudoku.check(p, swapped))


def test_kaidoku_lines_parse_with_levels() -> None:
    text = "1 " + "0" * 81 + "\n\n9 " + "1" * 81 + "\n"
    assert parse_kaidoku(text) == [(1, "0" * 81), (9, "1" * 81)]
    with pytest.raises(AutobotError):
        parse_kaidoku("1 123")


def test_registry_has_the_puzzles_by_name_and_alias() -> None:
    assert find_game("ohhi").name == "ohhi"
    assert find_game("unruly") is find_puzzle("ohhi")
    assert find_game("Sudoku").app == "solo"
    assert find_game("solo").name == "sudoku"
    with pytest.raises(AutobotError, match="unknown"):
        find_puzzle("kakuro")


@pytest.mark.skipif(shutil.which("sgt-unruly") is None and shutil.which(
    "/usr/games/sgt-unruly") is None, reason="sgt-puzzles not installed")
def test_ids_the_apps_generate_now_match_and_solve() -> None:
    assert sgt_id("unruly", "8x8dn", 12345) == UNRULY_IDS["8x8dn#12345"]
    assert sgt_id("solo", "3x3di", 42) == SOLO_IDS["3x3di#42"]
    for seed in range(1, 4):
        p = sudoku.parse_solo(sgt_id("solo", "3x3du", seed))
        assert sudoku.check(p, sudoku.solve(p).cells) == []
