"""The parsed options stop at the CLI: `autobot.cli.request.request_from` makes the typed
`Request` once, and the layers below (app, engines, every game's runners, the benchmarks) take
it, never argparse's namespace."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from autobot.app.request import BUNDLED, GameChoice, ListChoice, Request, word_only_given
from autobot.bench.browser import option
from autobot.cli import build_parser
from autobot.cli.request import request_from
from autobot.errors import AutobotError
from autobot.games import COMMANDS, RUNS
from autobot.games.runs import load_runner

PACKAGE = Path(__file__).resolve().parents[1] / "autobot"
# Below the CLI; app/args.py and app/options.py add options to a parser (argparse's types and
# groups), which is all they may do with argparse.
# A benchmark module may also run on its own (`python -m autobot.bench.browser`): its `main`
# parses that command line and makes the request, the one place argparse's namespace lives.
BELOW = ("app", "engines", "bench")
PARSER_HELPERS = {"app/args.py", "app/options.py"}
STANDALONE = "bench"


def _sources() -> list[tuple[str, ast.Module]]:
    found = []
    for folder in BELOW:
        for path in sorted((PACKAGE / folder).rglob("*.py")):
            found.append((str(path.relative_to(PACKAGE)), ast.parse(path.read_text())))
    return found


def _outside_main(name: str, tree: ast.Module) -> list[ast.AST]:
    """The module's nodes, but for a benchmark's own module-level `main`."""
    if not name.startswith(STANDALONE + "/"):
        return list(ast.walk(tree))
    mains = [node for node in tree.body if isinstance(node, ast.FunctionDef)
             and node.name == "main"]
    inside = {id(node) for main in mains for node in ast.walk(main)}
    return [node for node in ast.walk(tree) if id(node) not in inside]


def _parses_own_line(name: str, tree: ast.Module) -> bool:
    """A benchmark with its own `main`, which may import argparse to parse its command line."""
    return name.startswith(STANDALONE + "/") and any(
        isinstance(node, ast.FunctionDef) and node.name == "main" for node in tree.body)


def test_no_namespace_reaches_the_app_the_engines_or_the_benchmarks() -> None:
    hits = []
    for name, tree in _sources():
        allowed = name in PARSER_HELPERS or _parses_own_line(name, tree)
        for node in _outside_main(name, tree):
            if isinstance(node, ast.Name) and node.id == "Namespace" or (
                    isinstance(node, ast.Attribute) and node.attr == "Namespace"):
                hits.append(f"{name}:{node.lineno}: Namespace")
            if isinstance(node, (ast.Import, ast.ImportFrom)) and not allowed:
                modules = ([a.name for a in node.names] if isinstance(node, ast.Import)
                           else [node.module or ""])
                if "argparse" in modules:
                    hits.append(f"{name}:{node.lineno}: imports argparse")
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for arg in node.args.args + node.args.kwonlyargs:
                    if arg.arg == "args":
                        hits.append(f"{name}:{node.lineno}: {node.name}(args)")
    assert hits == []


def test_every_games_runner_takes_the_request() -> None:
    for game, runs in RUNS.items():
        for command in COMMANDS:
            path = getattr(runs, command)
            if path is None:
                continue
            first = next(iter(inspect.signature(load_runner(path)).parameters.values()))
            assert first.annotation in (Request, "Request"), (game, command, path)


def test_play_options_make_the_request_parts() -> None:
    args = build_parser().parse_args([
        "play", "--game", "absurdle", "--length", "6", "--hard", "--start", "crane",
        "--url", "http://127.0.0.1:9/", "--json", "out.json", "--trace", "tr", "--headed",
        "--window-size", "800x600", "--scale", "2", "--key-delay", "10", "--confirm",
        "--theme", "dark", "--no-anim", "--answers", "answers", "--guesses", "allowed",
    ])
    request = request_from(args)
    assert request.command == "play"
    assert request.game == GameChoice(name="absurdle", length=6, lang=None, hard=True,
                                      start="crane")
    assert request.lists == ListChoice("answers", "allowed")
    assert (request.page.url, request.page.theme, request.page.anim) == (
        "http://127.0.0.1:9/", "dark", False)
    assert (request.browser.headed, request.browser.window_size, request.browser.scale) == (
        True, (800, 600), 2.0)
    assert (request.record.json, request.record.trace) == ("out.json", "tr")
    assert (request.confirm, request.key_delay) == (True, 10.0)
    assert dict(request.own) == {}  # every play option has its part


def test_answers_given_as_words_are_the_pages_answers() -> None:
    request = request_from(build_parser().parse_args(["play", "--answers", "cigar,rebut"]))
    assert (request.lists.answers, request.game.page_answers) == (None, "cigar,rebut")
    with pytest.raises(AutobotError, match="--page-answers is given"):
        request_from(build_parser().parse_args(
            ["play", "--answers", "cigar,rebut", "--page-answers", "crane,slate"]))


def test_a_commands_own_options_travel_apart() -> None:
    request = request_from(build_parser().parse_args(
        ["bench", "--games", "3", "--seed", "7", "--browser", "--json", "b.json"]))
    assert (request.own["games"], request.own["seed"], request.own["browser"]) == (3, 7, True)
    assert request.record.json == "b.json"  # parsed as a Path, kept as text
    # The browser benchmark's settings stay unset (its own defaults apply).
    assert request.own["theme"] is None and request.own["key_delay"] is None
    assert (option(request, "theme"), option(request, "key_delay"), option(request, "games"),
            option(request, "json")) == ("light", 60.0, 3, "b.json")

    read = request_from(build_parser().parse_args(["read", "--json", "--boards", "a.png"]))
    assert (read.own["json"], read.own["boards"], read.own["images"]) == (True, True, ["a.png"])
    assert read.record.json is None and read.game.boards is None


def test_live_options_make_the_screen_part() -> None:
    request = request_from(build_parser().parse_args(
        ["live", "--region", "10,20,800,600", "--advise", "--watch", "5", "--no-click-to-focus",
         "--launch", BUNDLED]))
    screen = request.screen
    assert (screen.region, screen.advise, screen.watch, screen.click_to_focus) == (
        (10, 20, 800, 600), True, 5.0, False)
    assert screen.where() == "region 10,20,800,600" and screen.launch == BUNDLED
    assert word_only_given(request, ("advise", "launch", "confirm")) == ["advise", "launch"]
