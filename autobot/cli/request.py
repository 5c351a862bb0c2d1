"""The parsed options -> the typed `Request` every layer below the CLI takes (built once)."""

from __future__ import annotations

import argparse
from dataclasses import fields, replace
from types import MappingProxyType
from typing import Any

from autobot.app.args import is_list_name
from autobot.app.request import (
    BrowserChoice,
    GameChoice,
    ListChoice,
    PageChoice,
    RecordChoice,
    Request,
    ScreenChoice,
)
from autobot.errors import AutobotError

# Each part of the request and the option (argparse dest) of each of its fields.
PARTS: dict[str, tuple[type, dict[str, str]]] = {
    "game": (GameChoice, {"name": "game"}),
    "lists": (ListChoice, {}),
    "page": (PageChoice, {}),
    "browser": (BrowserChoice, {}),
    "screen": (ScreenChoice, {}),
    "record": (RecordChoice, {}),
}
SETTINGS = ("confirm", "profile", "key_delay")

# Options a command spells like a shared one but means its own way: `read --json` is a switch
# (print JSON), `read --boards` one too (look for many boards); the benchmark's page and browser
# settings are None unless given (`autobot.bench.browser` has its own defaults).
OWN_MEANING: dict[str, tuple[str, ...]] = {
    "read": ("json", "boards"),
    "bench": ("theme", "contrast", "scale", "anim", "window_size", "key_delay", "remote",
              "headed"),
}


def split_answers(values: dict[str, Any]) -> None:
    """--answers given as words (the older spelling of --page-answers), not a list: move it."""
    text = values.get("answers")
    if text and not is_list_name(text):
        if values.get("page_answers"):
            raise AutobotError("--answers: not a word list file (and --page-answers is given)")
        values["page_answers"], values["answers"] = text, None


def request_from(args: argparse.Namespace) -> Request:
    """The typed request of the parsed options; what no part holds is the command's own."""
    values = dict(vars(args))
    command = str(values.pop("command", "") or "")
    for name in OWN_MEANING.get(command, ()):
        values[f"own:{name}"] = values.pop(name, None)
    if "page_answers" in values:  # the commands with a bundled page of many boards
        split_answers(values)
    parts: dict[str, Any] = {}
    for part, (kind, renamed) in PARTS.items():
        given = {}
        for f in fields(kind):
            dest = renamed.get(f.name, f.name)
            if dest in values:
                given[f.name] = values.pop(dest)
        parts[part] = kind(**given)
    if parts["record"].json is not None:  # `bench --json` is parsed as a Path
        parts["record"] = replace(parts["record"], json=str(parts["record"].json))
    settings = {name: values.pop(name) for name in SETTINGS if name in values}
    own = {key.removeprefix("own:"): value for key, value in values.items()}
    return Request(command=command, **parts, **settings, own=MappingProxyType(own))

