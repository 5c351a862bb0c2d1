"""The one game loop every game fills in: read -> check -> decide -> act -> wait until settled.

A game (one Wordle board, many boards, a Jotto list page, Tuble, a grid puzzle in a window or a
page) says what each step is for it, as an object with four methods (`Steps`); `play_steps` runs
them in the same order for all of them and keeps the per-turn times. The steps do the I/O (grab
frames, send keys or clicks); the loop only sequences them, so it is tested with plain fakes.

A turn:
1. `ready()`: read until the page is settled and check it against the game so far; NEXT (it
   takes a move), AGAIN (something was put right: look again), WON or OVER (nothing to play);
2. `decide()`: the move, from what the game knows (a word, a station, a cell and its value); a
   move the page did not show (AGAIN from `act`) is entered again, not decided again;
3. `act(move)`: enter it (keys, clicks) and check the page shows it; NEXT, or AGAIN (it does
   not show: undone, the same move again after `ready`);
4. `settle(move)`: commit it if the game needs that (Enter) and wait until the page has settled
   on its answer, then take the answer in; NEXT (decide the next move: a scored row, a refused
   word, a placed cell), AGAIN (the page did not answer: the same move again), WON or OVER.

Errors stop the game with their reason (`autobot.outcomes.Reason` on the error); the loop adds
none of its own.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Generic, Protocol, TypeVar

Move = TypeVar("Move")


class Step(StrEnum):
    """What a step says the loop does next."""

    NEXT = "next"  # go on to the next step (after `settle`: to the next turn)
    AGAIN = "again"  # back to `ready`, keeping the move if one was decided
    WON = "won"  # the game is won: stop
    OVER = "over"  # no move left (the last row, the page says the game is over): stop


class Steps(Protocol[Move]):
    """One game's four steps, in its own words (see the module's docstring)."""

    def ready(self) -> Step: ...

    def decide(self) -> Move: ...

    def act(self, move: Move) -> Step: ...

    def settle(self, move: Move) -> Step: ...


@dataclass
class TurnTimes(Generic[Move]):
    """How long each step of one turn took, in ms (a move entered again adds to the same turn)."""

    move: Move
    ready_ms: float = 0.0
    decide_ms: float = 0.0
    act_ms: float = 0.0
    settle_ms: float = 0.0


@dataclass
class Played(Generic[Move]):
    """How a loop ended: won or not, and each turn's times (the moves in the order settled)."""

    won: bool = False
    turns: list[TurnTimes[Move]] = field(default_factory=list)


def play_steps(steps: Steps[Move], *, clock: Callable[[], float] = time.monotonic,
               played: Played[Move] | None = None) -> Played[Move]:
    """Run a game's steps until it is won or over; `played` (if given) is filled as it goes,
    so a caller that is stopped by an error or a signal still has the turns so far."""
    played = Played() if played is None else played
    move: Move | None = None
    times: TurnTimes[Move] | None = None
    ready_ms = 0.0
    while True:
        t0 = clock()
        step = steps.ready()
        ready_ms += (clock() - t0) * 1000
        if step in (Step.WON, Step.OVER):
            played.won = step is Step.WON
            return played
        if step is Step.AGAIN:
            continue
        if move is None:
            t1 = clock()
            move = steps.decide()
            times = TurnTimes(move, decide_ms=(clock() - t1) * 1000)
        assert times is not None
        times.ready_ms += ready_ms
        ready_ms = 0.0
        t2 = clock()
        step = steps.act(move)
        times.act_ms += (clock() - t2) * 1000
        if step is Step.AGAIN:
            continue
        t3 = clock()
        step = steps.settle(move)
        times.settle_ms += (clock() - t3) * 1000
        if step is Step.AGAIN:
            continue
        played.turns.append(times)
        move, times = None, None
        if step in (Step.WON, Step.OVER):
            played.won = step is Step.WON
            return played
