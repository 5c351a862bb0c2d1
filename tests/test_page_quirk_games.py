"""Every quirk option of the bundled page is won in a real-Chromium game, each with a look in turn.

Each option stands for a class of real Wordle sites (autobot/page/README.md, "Quirk options"):
the bot has never been told which one it faces; it must find out from the pixels.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import require_chromium

from autobot.cli import main

pytestmark = pytest.mark.browser

# option -> (answer, animations on): reveal styles need the page's own motion to mean anything.
OPTIONS: dict[str, tuple[str, bool]] = {
    "intro=1": ("crane", False),
    "keys=keyup": ("crane", False),
    "keys=code-enter": ("crane", False),
    "keys=slow": ("crane", False),
    "keys=click-only": ("crane", False),
    "palette=letreco": ("robot", False),
    "palette=pastel": ("robot", False),
    "palette=colorblind": ("robot", False),
    "palette=slate": ("robot", False),
    "hint=1": ("robot", False),
    "rows=4": ("speed", False),  # SPEED takes the default strategy three guesses
    "rows=7": ("crane", False),
    "rows=open": ("crane", False),
    "scoring=lenient-dupes": ("geese", False),
    "reveal=flip-y": ("crane", True),
    "reveal=fade": ("crane", True),
    "reveal=none": ("crane", True),
    "reveal=one-by-one": ("crane", True),
    "reveal=tilt": ("crane", True),
    "tiles=round": ("robot", False),
    "tiles=rounded": ("robot", False),
    "tiles=rect": ("robot", False),
    "tiles=outline": ("robot", False),
    "offset=600": ("crane", False),
}
# The way of sending keys each keys option leaves the bot on (the rung it climbed to).
KEYS = {"keys=keyup": "keys", "keys=code-enter": "keys", "keys=slow": "slow",
        "keys=click-only": "click"}
# Each option is played once, with a look in turn: the default, dark, high contrast, both (every
# look meets options of every kind: keys, palettes, rows, reveals, tiles).
LOOKS = ("", "theme=dark", "contrast=1", "theme=dark&contrast=1")


def _games() -> list[tuple[str, str]]:
    return [(option, LOOKS[i % len(LOOKS)]) for i, option in enumerate(OPTIONS)]


def _params() -> list[object]:
    return [pytest.param(o, t, id=f"{o}{'+' + t if t else ''}") for o, t in _games()]


@pytest.mark.parametrize(("option", "look"), _params())
def test_the_quirk_is_won(option: str, look: str, base: str, tmp_path: Path) -> None:
    require_chromium()
    answer, anim = OPTIONS[option]
    query = "&".join(q for q in (f"answer={answer}", "stats=0", "anim=1" if anim else "anim=0",
                                 option, look) if q)
    out = tmp_path / "game.json"
    code = main(["play", "--url", f"{base}?{query}", "--json", str(out)])
    record = json.loads(out.read_text())
    assert code == 0 and record["won"], record
    assert record["guesses"][-1] == answer
    if option in KEYS:
        assert record["keys"] == KEYS[option]
