"""Tuble: guess a London Underground station; each guess is answered with a colour for the fare
zones between it and the secret (0, 1, 2, 3 or more) and the stops on the shortest route.

The network is the core tube of npm `tubemaps` 1.1.0 (data/README.md). Guesses and answers are
station names; the code of an answer row is `rules.encode(colour, stops)`, 0 for the win.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from autobot.errors import AutobotError
from autobot.games.base import Game
from autobot.games.runs import Runs
from autobot.games.tuble import rules
from autobot.games.tuble.network import fold, load_network, names_index

ROWS = 6  # Tuble gives six guesses
HELP = ("after each guess type what the game showed: the colour and the stops, e.g. 'orange 7', "
        "'o7' or '2 7' (zones apart: green 0, yellow 1, orange 2, red 3+); 'win'; 'quit' to stop")


@dataclass(frozen=True)
class TubleGame(Game):
    """A `Game` whose words are station names (no fixed length)."""

    @property
    def label(self) -> str:
        """Just the name: there is no word length to show."""
        return self.name


@cache
def station_index() -> dict[str, int]:
    """Station name (exact or folded: 'earlscourt') -> index."""
    return names_index(load_network().names)


def find_station(text: str) -> int:
    """The station a person typed (case, spaces and punctuation ignored), or a clear error."""
    names = station_index()
    index = names.get(text, names.get(fold(text)))
    if index is None:
        raise AutobotError(f"{text!r} is not a station of the tube (see autobot/games/tuble/data)")
    return index


def parse_answer(text: str) -> int:
    """An answer row as a person or the loop writes it -> code.

    'win', or a colour and the stops: 'orange 7', 'o7', '2 7' (zones apart), 'red, 12 stops'.
    """
    words = text.strip().lower().replace(",", " ").split()
    if words in (["win"], ["won"], ["!"]) or words == ["green", "0"] or words == ["g0"]:
        return rules.WIN
    if len(words) == 1:  # 'o7'
        head = words[0]
        words = [head[0], head[1:]] if len(head) > 1 and head[0].isalpha() else words
    words = [w for w in words if w not in ("stop", "stops")]
    if len(words) != 2 or not words[1].isdigit():
        raise ValueError("type the colour and the stops, e.g. 'orange 7' (or 'win')")
    colour_text, stops = words[0], int(words[1])
    colours = {name: i for i, name in enumerate(rules.COLOURS)}
    colours.update({name[0]: i for i, name in enumerate(rules.COLOURS)})
    colours.update({str(i): i for i in range(4)} | {"3+": 3})
    if colour_text not in colours:
        raise ValueError(f"unknown colour {colour_text!r}: green, yellow, orange, red "
                         "(or 0, 1, 2, 3 zones apart)")
    if stops >= rules.STOPS:
        raise ValueError(f"{stops} stops is more than any route on the tube")
    return rules.encode(colours[colour_text], stops)


def _feedback(guess: str, answer: str) -> int:
    """The slow rule by name: breadth-first search from the guess."""
    return rules.feedback(load_network(), find_station(guess), find_station(answer))


def _block(guesses: Sequence[str], answers: Sequence[str]) -> np.ndarray:
    """The fast rule for name lists: rows of the precomputed table."""
    return rules.block([find_station(g) for g in guesses], [find_station(a) for a in answers])


def make(length: int = 5) -> Game:
    """Tuble over the core tube's stations (`length` is a word game's and is ignored)."""
    names = load_network().names
    return TubleGame(
        name="tuble", length=0, rows=ROWS, page="tuble", answers=names, guesses=names,
        feedback=_feedback, block=_block, win_code=rules.WIN, n_codes=rules.N_CODES,
        describe=rules.describe, code_of=parse_answer, page_mode="tuble",
        reply_parse=parse_answer, reply_question="Colour and stops? ", reply_help=HELP,
    )


# Tuble's own commands: its page is played by typing station names (no live window, no tiles).
RUNS = Runs(
    play="autobot.games.tuble.play:run_play",
    live=None,
    solve="autobot.cli.games:solve_tuble",
    bench="autobot.cli.bench:bench_tuble",
    read="autobot.cli.read:read_tuble",
)


__all__ = ["HELP", "ROWS", "RUNS", "TubleGame", "find_station", "make", "parse_answer",
           "station_index"]
