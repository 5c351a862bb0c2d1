"""Errors as a small hierarchy: the class says the exit code the CLI returns."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from autobot.errors import (
    AutobotError,
    BadInput,
    NoBoardFound,
    NotSolved,
    SafetyStop,
    Unavailable,
)

PACKAGE = Path(__file__).resolve().parents[1] / "autobot"


@pytest.mark.parametrize(("cls", "code"), [
    (AutobotError, 2), (BadInput, 2), (NotSolved, 1), (NoBoardFound, 3), (SafetyStop, 4),
    (Unavailable, 5),
])
def test_each_class_carries_its_documented_exit_code(cls: type, code: int) -> None:
    error = cls("why", reason="dialog")
    assert isinstance(error, AutobotError)
    assert error.exit_code == code and str(error) == "why" and error.reason == "dialog"


def test_the_older_spelling_still_sets_any_code() -> None:
    assert AutobotError("why", 4).exit_code == 4
    assert AutobotError("why", exit_code=5).exit_code == 5
    assert AutobotError("why").exit_code == 2


def test_the_cli_returns_the_class_code(capsys: pytest.CaptureFixture[str]) -> None:
    from autobot.cli import main

    assert main(["read", "/no/such/image.png"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_no_raise_site_passes_an_exit_code() -> None:
    """Codes are the classes' (a literal at a raise site is how they drifted apart)."""
    found = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "AutobotError"
                    and (len(node.args) > 1 or any(k.arg == "exit_code" for k in node.keywords))):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert found == []
