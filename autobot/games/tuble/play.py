"""Play Tuble in a browser from the pixels: read the rows, type a station, pick it, check the row.

The station is typed as a person would into the page's text box (its letters and digits; the
box's autocomplete matches names without punctuation) and picked from the autocomplete with
Enter, which takes the first suggestion; when Enter adds no row (a list that takes clicks only)
the first suggestion is found by what typing changed on the screen and clicked, for the rest of
the game. After each guess the loop waits until a new answer row shows the station it typed,
then reads the row's colour and stops. A turn is one station, played by the one game loop
(`autobot.loop.skeleton`: `TubleSteps`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import numpy as np

from autobot.app.request import Request
from autobot.app.session import browser_config, browser_session
from autobot.errors import AutobotError, SafetyStop
from autobot.games.tuble import ROWS, find_station
from autobot.games.tuble.network import fold, load_network
from autobot.games.tuble.rules import WIN, describe, encode
from autobot.games.tuble.solver import OptimalPlayer, consistent
from autobot.games.tuble.vision import Row, first_suggestion, read_rows
from autobot.harness.record import GameRecord
from autobot.loop.skeleton import Step, play_steps
from autobot.outcomes import Reason

ROW_TIMEOUT_S = 10.0  # a new row not seen by then: the page did not take the guess
ENTER_WAIT_S = 1.5  # no new row this long after Enter: click the first suggestion instead


@dataclass
class TubleGame:
    """What happened: the rows read, won or not, and each move's frame-to-key time."""

    rows: list[Row] = field(default_factory=list)
    won: bool = False
    move_ms: list[float] = field(default_factory=list)  # frame grabbed -> first key sent
    pick: str = "enter"  # how a suggestion was taken: "enter", or "click" once Enter did nothing

    def to_json(self) -> dict[str, Any]:
        """The game as plain data."""
        return {
            "game": "tuble", "won": self.won, "guesses": len(self.rows),
            "rows": [{"station": r.station, "read": r.text, "colour": r.colour,
                      "stops": r.stops} for r in self.rows],
            "move_ms": [round(m, 1) for m in self.move_ms], "pick": self.pick,
        }


def tuble_url(base: str, answer: str | None = None, theme: str | None = None) -> str:
    """The bundled page's URL for one game of Tuble."""
    query = {"game": "tuble"} | ({"answer": answer} if answer else {}) | (
        {"theme": theme} if theme and theme != "light" else {})
    return f"{base}?{urlencode(query)}"


def _complete(row: Row) -> bool:
    return row.station is not None and row.stops is not None


def wait_for_row(grab: Callable[[], np.ndarray], count: int, timeout: float = ROW_TIMEOUT_S,
                 cache: dict[bytes, Any] | None = None) -> tuple[list[Row], float]:
    """Frames until there are more than `count` readable rows: the rows and when that frame
    was grabbed (perf_counter); AutobotError (4) at `timeout`."""
    deadline = time.monotonic() + timeout
    while True:
        grabbed = time.perf_counter()
        rows = read_rows(grab(), cache=cache)
        if len(rows) > count and all(_complete(r) for r in rows):
            return rows, grabbed
        if time.monotonic() > deadline:
            raise SafetyStop(f"no new answer row after {timeout:g} s (the page did not take "
                             "the guess)")
        time.sleep(0.05)


class TubleSteps:
    """One game of Tuble as the loop's steps (autobot.loop.skeleton): a turn is one station."""

    def __init__(self, driver: Any, player: OptimalPlayer, game: TubleGame,
                 on_row: Callable[[Row], None] | None = None) -> None:
        self.driver, self.player, self.game, self.on_row = driver, player, game, on_row
        self.names = load_network().names
        self.candidates = np.arange(len(self.names))
        self.cache: dict[bytes, Any] = {}  # rows already read keep their reading
        self.grabbed = time.perf_counter()  # the frame the next move is decided from
        self.started = False

    def ready(self) -> Step:
        """The rows played: on the first turn those on the page (taken as played), later the
        ones the last answer showed; WON on a green row, OVER when no row is left."""
        game = self.game
        if not self.started:
            self.started = True
            self.grabbed = time.perf_counter()
            rows = read_rows(self.driver.screen.grab(), cache=self.cache)
            game.rows = [r for r in rows if _complete(r)]
            for row in game.rows:
                assert row.stops is not None  # only complete rows were kept
                self._take(row)
        if game.won:
            return Step.WON
        if len(game.rows) >= ROWS:
            return Step.OVER
        if len(self.candidates) == 0:
            raise SafetyStop("no station fits the rows on the page", reason=Reason.NO_WORDS)
        return Step.NEXT

    def decide(self) -> int:
        """The player's next station (its index)."""
        guess = self.player.decide(self.candidates)
        self.game.move_ms.append((time.perf_counter() - self.grabbed) * 1000)
        return guess

    def act(self, guess: int) -> Step:
        """Type the station into the box and take the first suggestion: Enter, or (once Enter
        did nothing) a click on the suggestion that typing showed."""
        typed = fold(self.names[guess])
        if self.game.pick == "enter":
            self.driver.type_word(typed)
            self.driver.press_enter()
            return Step.NEXT
        before = self.driver.screen.grab()
        self.driver.type_word(typed)
        time.sleep(0.1)  # the list is drawn on the next frame
        spot = first_suggestion(before, self.driver.screen.grab())
        if spot is None:
            raise SafetyStop(f"no autocomplete suggestion seen after typing {typed!r}")
        self.driver.click(*spot)
        return Step.NEXT

    def settle(self, guess: int) -> Step:
        """Wait for the station's row and take its colour and stops in; AGAIN when Enter added
        no row (the list takes clicks only: the station is typed again and clicked)."""
        game = self.game
        if game.pick == "enter":
            try:
                rows, self.grabbed = wait_for_row(self.driver.screen.grab, len(game.rows),
                                                  ENTER_WAIT_S, self.cache)
            except AutobotError:
                game.pick = "click"  # from now on, click straight away
                self.driver.erase(len(fold(self.names[guess])) + 2)
                time.sleep(0.1)
                self.grabbed = time.perf_counter()
                rows = read_rows(self.driver.screen.grab(), cache=self.cache)
                if not (len(rows) > len(game.rows) and all(_complete(r) for r in rows)):
                    return Step.AGAIN  # typed again, watching what the typing changes
                # only slow: Enter did take it
        else:
            rows, self.grabbed = wait_for_row(self.driver.screen.grab, len(game.rows),
                                              cache=self.cache)
        row = rows[-1]
        if row.station != self.names[guess]:
            raise SafetyStop(f"the page shows {row.station or row.text!r}, not the station "
                             f"typed ({self.names[guess]})")
        game.rows = rows
        if self.on_row:
            self.on_row(row)
        self._take(row)
        if game.won:
            return Step.WON
        return Step.OVER if len(game.rows) >= ROWS else Step.NEXT

    def _take(self, row: Row) -> None:
        """A row's answer: won on all green, else fewer stations fit."""
        assert row.station is not None
        code = encode(row.colour, row.stops or 0)
        self.game.won = self.game.won or code == WIN
        self.candidates = consistent(self.candidates, self.names.index(row.station), code,
                                     self.player.table)


def play_tuble(driver: Any, player: OptimalPlayer | None = None,
               on_row: Callable[[Row], None] | None = None,
               game: TubleGame | None = None) -> TubleGame:
    """Win one game on the screen `driver` sees (rows already there are taken as played).
    `game`, if given, is filled in as the game goes (a record of a run cut short)."""
    player = OptimalPlayer() if player is None else player
    player.solve(np.arange(len(load_network().names)))  # the tree before the first frame
    game = TubleGame() if game is None else game
    play_steps(TubleSteps(driver, player, game, on_row))
    return game


def run_play(request: Request) -> int:
    """`autobot play --game tuble`: the bundled page (or --url) in a browser; 0 won, 1 lost."""
    chosen, url = request.game, request.page.url
    answer = load_network().names[find_station(chosen.answer)] if chosen.answer else None
    if url and answer:
        raise AutobotError("--answer only applies to the bundled page, not to --url")
    # The record's path is checked before anything starts; from here every exit writes it, in
    # Tuble's shape with the rows played so far (a signal included).
    record = GameRecord(request.record.json)
    game = TubleGame()
    record.progress = game.to_json

    def bundled(base: str) -> str:
        return tuble_url(base, answer, request.page.theme)

    with record.on_any_exit(), browser_session(
            browser_config(request.browser), url=url, bundled=bundled,
            key_delay_ms=request.key_delay, record=record) as session:
        time.sleep(0.3)  # the page loads its station lists before it takes a guess
        play_tuble(session.driver, game=game, on_row=lambda r: print(
            f"{r.station:<30} {describe(encode(r.colour, r.stops or 0))}", flush=True))
    print(("won" if game.won else "lost") + f" in {len(game.rows)} guesses")
    record.write(game.to_json(), exit_code=0 if game.won else 1,
                 reason=Reason.WON if game.won else Reason.LOST)
    return 0 if game.won else 1


__all__ = ["TubleGame", "TubleSteps", "play_tuble", "run_play", "tuble_url", "wait_for_row"]
