"""Every command takes a game's runs from the registry: each named runner loads, the CLI
compares no game names, and a command a game does not offer is a clear error."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from autobot.cli import main
from autobot.errors import BadInput
from autobot.games import COMMANDS, GAMES, PUZZLES, RUNS, runner_for, runs_of
from autobot.games.puzzles import ALIASES
from autobot.games.runs import load_path

CLI = Path(__file__).resolve().parents[1] / "autobot" / "cli"


def test_every_game_and_puzzle_names_runs_that_load() -> None:
    assert set(RUNS) == set(GAMES) | set(PUZZLES)
    for name, runs in RUNS.items():
        for command in COMMANDS:
            path = getattr(runs, command)
            if path is not None:
                assert callable(load_path(path)), (name, command, path)
    for entry in PUZZLES.values():  # a puzzle's engine and reader are named the same way
        assert callable(load_path(entry.player)) and callable(load_path(entry.read_grid))


def test_aliases_find_their_games_runs_and_unknown_names_are_bad_input() -> None:
    for alias, name in ALIASES.items():
        assert runs_of(alias) is runs_of(name)
    with pytest.raises(BadInput, match="unknown game 'nope'"):
        runs_of("nope")
    with pytest.raises(BadInput, match="cannot be played with `autobot live`"):
        runner_for("live", "tuble")  # Tuble's page is typed station names: no live window


def test_no_command_compares_game_names() -> None:
    """The commands ask the registry; a game's name in a comparison would be a second registry."""
    names = "|".join(sorted({*GAMES, *PUZZLES, *ALIASES} - {"wordle"}))
    pattern = re.compile(rf'"({names})"')
    hits = [f"{path.name}:{i}: {line.strip()}" for path in sorted(CLI.glob("*.py"))
            for i, line in enumerate(path.read_text().splitlines(), 1) if pattern.search(line)]
    assert hits == []


def test_a_command_a_game_does_not_offer_is_one_line_and_exit_2(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["live", "--game", "tuble"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "autobot: error: tuble cannot be played with `autobot live`", err
