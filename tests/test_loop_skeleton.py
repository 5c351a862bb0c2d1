"""The one game loop (autobot.loop.skeleton): the order of the steps and what each answer does."""

from __future__ import annotations

import itertools

import pytest

from autobot.loop.skeleton import Played, Step, play_steps


class Scripted:
    """Steps that answer from scripts and log every call (pure logic: no page)."""

    def __init__(self, ready: list[Step], act: list[Step], settle: list[Step]) -> None:
        self.scripts = {"ready": iter(ready), "act": iter(act), "settle": iter(settle)}
        self.moves = itertools.count(1)
        self.log: list[str] = []

    def ready(self) -> Step:
        self.log.append("ready")
        return next(self.scripts["ready"])

    def decide(self) -> int:
        move = next(self.moves)
        self.log.append(f"decide {move}")
        return move

    def act(self, move: int) -> Step:
        self.log.append(f"act {move}")
        return next(self.scripts["act"])

    def settle(self, move: int) -> Step:
        self.log.append(f"settle {move}")
        return next(self.scripts["settle"])


def test_a_turn_is_ready_decide_act_settle_until_won() -> None:
    steps = Scripted([Step.NEXT] * 2, [Step.NEXT] * 2, [Step.NEXT, Step.WON])
    played = play_steps(steps)
    assert steps.log == ["ready", "decide 1", "act 1", "settle 1",
                         "ready", "decide 2", "act 2", "settle 2"]
    assert played.won and [t.move for t in played.turns] == [1, 2]


def test_a_move_not_shown_is_entered_again_not_decided_again() -> None:
    steps = Scripted([Step.NEXT] * 3, [Step.AGAIN, Step.NEXT, Step.NEXT],
                     [Step.NEXT, Step.WON])
    played = play_steps(steps)
    assert steps.log == ["ready", "decide 1", "act 1", "ready", "act 1", "settle 1",
                         "ready", "decide 2", "act 2", "settle 2"]
    assert [t.move for t in played.turns] == [1, 2]


def test_a_page_that_did_not_answer_gets_the_same_move_again() -> None:
    steps = Scripted([Step.NEXT] * 2, [Step.NEXT] * 2, [Step.AGAIN, Step.OVER])
    played = play_steps(steps)
    assert steps.log == ["ready", "decide 1", "act 1", "settle 1",
                         "ready", "act 1", "settle 1"]
    assert not played.won and [t.move for t in played.turns] == [1]


@pytest.mark.parametrize("end", [Step.WON, Step.OVER])
def test_ready_can_end_the_game_before_a_move(end: Step) -> None:
    steps = Scripted([Step.AGAIN, end], [], [])
    played = play_steps(steps)
    assert steps.log == ["ready", "ready"] and played.won is (end is Step.WON)
    assert played.turns == []


def test_times_are_kept_per_turn_and_the_turns_survive_an_error() -> None:
    ticks = itertools.count()
    clock = lambda: next(ticks) / 1000  # noqa: E731 - one ms a call

    class Stops(Scripted):
        def settle(self, move: int) -> Step:
            if move == 2:
                raise RuntimeError("the page went away")
            return super().settle(move)

    steps = Stops([Step.NEXT] * 2, [Step.NEXT] * 2, [Step.NEXT])
    played: Played[int] = Played()
    with pytest.raises(RuntimeError):
        play_steps(steps, clock=clock, played=played)
    assert [t.move for t in played.turns] == [1]
    turn = played.turns[0]
    assert (turn.ready_ms, turn.decide_ms, turn.act_ms, turn.settle_ms) == (1, 1, 1, 1)
