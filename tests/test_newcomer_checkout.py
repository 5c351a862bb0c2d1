"""A checkout with no ../shared beside it (a newcomer's) passes `make test`: every test reads a
shared clone's files through `require_clone`, which skips with one line when they are absent.
Read from the tests' own source (ast; nothing is run)."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
# The folders of ../shared that conftest names; a path built on them directly is read unguarded.
SHARED_NAMES = {"CLONES", "SHARED"}


def unguarded_paths(source: str) -> list[int]:
    """Lines that build a path under a shared folder by hand (`CLONES / name / FILE`) instead of
    asking `require_clone(name)` for the folder."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div)
                and isinstance(node.left, ast.Name) and node.left.id in SHARED_NAMES):
            lines.append(node.lineno)
    return lines


def test_no_test_reads_a_shared_clone_unguarded() -> None:
    found = {path.name: unguarded_paths(path.read_text(encoding="utf-8"))
             for path in sorted(TESTS.glob("*.py")) if path.name != "conftest.py"}
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_the_check_sees_a_path_built_by_hand() -> None:
    bad = 'targets = json.loads((CLONES / "duotrigordle" / "historic-targets.json").read_text())'
    good = 'targets = json.loads((require_clone("duotrigordle") / "x.json").read_text())'
    assert unguarded_paths(bad) == [1]
    assert unguarded_paths(good) == []
