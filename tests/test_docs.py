"""The README and docs/ say what the code does: every example command parses with the real
parser, every module and script they run exists, the README's reason table is exactly the
codes a game can end with, and the README stays short enough for a newcomer."""

from __future__ import annotations

import argparse
import functools
import importlib.util
import re
import shlex
from pathlib import Path

import pytest

from autobot.cli import build_parser
from autobot.errors import AutobotError
from autobot.harness.record import REASONS as RUN_REASONS
from autobot.loop.result import REASONS as GAME_REASONS

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = [README, ROOT / "DEVELOPERS.md", *sorted((ROOT / "docs").glob("*.md"))]
README_MAX_LINES = 250


def fenced_lines(text: str) -> list[str]:
    """The lines of the ```sh blocks of a markdown text."""
    return [line for block in re.findall(r"```sh\n(.*?)```", text, re.S)
            for line in block.splitlines()]


def inline_commands(text: str) -> list[str]:
    """The project's own commands quoted inline (`python -m autobot.X ...`, `python
    scripts/X.py ...`)."""
    return re.findall(r"`(python3? (?:-m autobot[\w.]*|scripts/\w+\.py)[^`]*)`", text)


# Words the examples write for what the reader fills in, and a value of the same kind.
PLACEHOLDERS = {"URL": "http://127.0.0.1:8000/"}


def autobot_examples() -> list:
    """A case per `autobot ...` line of a fenced example: (file, command line)."""
    out = []
    for doc in DOCS:
        for line in fenced_lines(doc.read_text(encoding="utf-8")):
            words = shlex.split(line, comments=True)
            if words and words[0] == "autobot":
                out.append(pytest.param(doc.name, line, id=f"{doc.name}-{len(out)}"))
    return out


@functools.cache
def parser() -> argparse.ArgumentParser:
    """The real `autobot` parser, built once (parsing leaves it as it was)."""
    return build_parser()


def unknown_option(words: list[str]) -> str | None:
    """The parser's one-line complaint about `autobot WORDS`, or None when it parses."""
    try:
        parser().parse_args(words)
    except AutobotError as exc:
        return str(exc)
    return None


@pytest.mark.parametrize(("doc", "line"), autobot_examples())
def test_every_example_command_parses(doc: str, line: str) -> None:
    words = [PLACEHOLDERS.get(w, w) for w in shlex.split(line, comments=True)[1:]]
    assert unknown_option(words) is None, (doc, line)


def test_the_check_catches_a_stale_option() -> None:
    """The parse check itself can fail: an option that does not exist is reported."""
    assert unknown_option(["play", "--no-such-option"]) is not None
    assert unknown_option(["tree", "build", "--length", "6"]) is None
    assert len(autobot_examples()) >= 40  # the docs' examples were found at all


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_modules_and_scripts_the_docs_run_exist(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    lines = inline_commands(text) + [line for line in fenced_lines(text)
                                     if re.match(r"python3? (-m autobot|scripts/)", line)]
    for line in lines:
        words = shlex.split(line, comments=True)
        if words[1] == "-m":
            assert importlib.util.find_spec(words[2]) is not None, (doc.name, line)
        else:
            assert (ROOT / words[1]).is_file(), (doc.name, line)


def reason_table(text: str) -> list[str]:
    """The codes in the first column of the README's exit-code table."""
    section = text.split("## Exit codes and reasons", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `([a-z_]+)` \|", section, re.M)


def test_readme_reason_table_is_every_code_once() -> None:
    table = reason_table(README.read_text(encoding="utf-8"))
    assert sorted(table) == sorted(set(GAME_REASONS) | set(RUN_REASONS))


def test_reason_table_check_sees_a_missing_code() -> None:
    text = "## Exit codes and reasons\n| reason | exit |\n| `lost` | 1 |\n\n## Next\n| `won` |"
    assert reason_table(text) == ["lost"]
    assert sorted(reason_table(text)) != sorted(set(GAME_REASONS) | set(RUN_REASONS))


def test_readme_is_short() -> None:
    lines = README.read_text(encoding="utf-8").count("\n")
    assert lines <= README_MAX_LINES, f"README.md has {lines} lines; move detail to docs/"
