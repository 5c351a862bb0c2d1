"""What a command was asked to do, typed: built once by `autobot.cli` from the parsed options.

Everything below the CLI takes a `Request` (or the one part of it it needs), never argparse's
namespace. The parts follow the option groups of `app/args.py` and `app/options.py`; a command's
own options (those no other command shares) travel in `own`, read only by its module in
`autobot.cli` and the benchmark it hands the request to (`autobot.bench.browser`, `parallel`).
A part's defaults are those of a command that has no such options.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any


@dataclass(frozen=True)
class GameChoice:
    """The game and how to play it: --game --length --lang --hard --answer --start --strategy
    --boards --page-answers."""

    name: str = "wordle"
    length: int | None = 5  # None: the board's own width (`play`, `live`)
    lang: str | None = "en"  # None: the page tells
    hard: bool = False
    answer: str | None = None
    start: str | None = None
    strategy: str = "default"
    boards: int | None = None  # None: counted from the page (`play`, `live`), or one board
    page_answers: str | None = None  # the bundled page's answers, one per board ("a,b")


@dataclass(frozen=True)
class ListChoice:
    """--answers LIST --guesses LIST (None: the game's built-in lists)."""

    answers: str | None = None
    guesses: str | None = None


@dataclass(frozen=True)
class PageChoice:
    """The page: --url (None: the bundled one), its --theme --contrast --anim, --init-script."""

    url: str | None = None
    theme: str = "light"
    contrast: bool = False
    anim: bool = True
    init_script: str | None = None


@dataclass(frozen=True)
class BrowserChoice:
    """The browser: --headed --remote --window-size --scale."""

    headed: bool = False
    remote: str | None = None
    window_size: tuple[int, int] = (1280, 1024)
    scale: float = 1.0


BUNDLED = "bundled"  # --launch bundled: serve the bundled page and launch a window on it


@dataclass(frozen=True)
class ScreenChoice:
    """The desktop of `autobot live`: --monitor/--region, --find-timeout, --click-to-focus,
    --launch URL in a --window, --advise (with --watch S)."""

    monitor: int | None = None
    region: tuple[int, int, int, int] | None = None
    find_timeout: float = 10.0
    click_to_focus: bool = True
    launch: str | None = None
    window: tuple[int, int, int, int] = (0, 0, 1280, 1024)
    advise: bool = False
    watch: float | None = None

    def where(self) -> str:
        """'monitor 1' / 'region 10,20,800,600', for messages."""
        if self.region is not None:
            return "region {},{},{},{}".format(*self.region)
        return f"monitor {self.monitor if self.monitor is not None else 1}"


@dataclass(frozen=True)
class RecordChoice:
    """--json OUT and --trace DIR."""

    json: str | None = None
    trace: str | None = None


@dataclass(frozen=True)
class Request:
    """One command's typed request: its parts, the shared settings and its own options."""

    command: str = ""
    game: GameChoice = GameChoice()
    lists: ListChoice = ListChoice()
    page: PageChoice = PageChoice()
    browser: BrowserChoice = BrowserChoice()
    screen: ScreenChoice = ScreenChoice()
    record: RecordChoice = RecordChoice()
    confirm: bool = False  # ask a person before each guess
    profile: str | None = None  # calibration profile (calibration/NAME.toml) for the reader
    key_delay: float = 60.0  # ms between key presses
    own: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))


# Where each option of the word games lives in a request (for the puzzles, which take none).
WORD_OPTIONS: dict[str, tuple[str, str]] = {
    "start": ("game", "start"), "hard": ("game", "hard"), "answer": ("game", "answer"),
    "boards": ("game", "boards"), "init_script": ("page", "init_script"),
    "advise": ("screen", "advise"), "launch": ("screen", "launch"),
    "confirm": ("", "confirm"), "profile": ("", "profile"),
}


def word_only_given(request: Request, names: tuple[str, ...]) -> list[str]:
    """The options among `names` (word-game options) that the request gives, as typed
    ("init-script")."""
    given = []
    for name in names:
        part, attr = WORD_OPTIONS[name]
        value = getattr(getattr(request, part) if part else request, attr)
        if value not in (None, False):
            given.append(name.replace("_", "-"))
    return given


__all__ = ["BUNDLED", "WORD_OPTIONS", "BrowserChoice", "GameChoice", "ListChoice", "PageChoice",
           "RecordChoice", "Request", "ScreenChoice", "word_only_given"]
