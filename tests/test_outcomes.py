"""One vocabulary for how a game ended: every loop, record and raise site uses `Reason`."""

from __future__ import annotations

import ast
from pathlib import Path

from autobot.errors import AutobotError, SafetyStop, Unavailable
from autobot.harness import record
from autobot.loop import result
from autobot.outcomes import MEANINGS, Reason, reason_of
from autobot.shutdown import Interrupted

PACKAGE = Path(__file__).resolve().parents[1] / "autobot"


def test_the_loops_and_the_records_share_one_vocabulary() -> None:
    assert set(MEANINGS) == set(Reason)
    assert set(result.REASONS) == {r.value for r in Reason} == set(record.REASONS)
    assert result.reason_code(True, None, None) is Reason.WON  # a win is "won" everywhere
    assert record.outcome(True, None) is Reason.WON


def test_a_stopping_error_carries_its_reason_and_its_words_are_never_read() -> None:
    stop = SafetyStop("no answer fits the rows played", reason=Reason.NO_WORDS)
    assert result.reason_code(False, None, stop) is Reason.NO_WORDS
    assert record.exit_of(stop)[:2] == (4, Reason.SAFETY_STOP)  # the record keeps the game's
    assert result.reason_code(False, None, AutobotError("answer fits refused", 4)) \
        is Reason.SAFETY_STOP
    assert result.reason_code(False, None, Unavailable("gone")) is Reason.BROWSER_DIED
    assert record.exit_of(Interrupted(15))[:2] == (143, Reason.INTERRUPTED)
    assert reason_of("not_a_reason") is None and reason_of("lost") is Reason.LOST


def test_every_reason_given_at_a_raise_site_is_a_reason_member() -> None:
    """`reason="..."` spelled as a string would be a second vocabulary that no test lists."""
    strays = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.keyword) and node.arg == "reason" and isinstance(
                    node.value, ast.Constant) and isinstance(node.value.value, str):
                strays.append(f"{path.relative_to(PACKAGE)}:{node.value.lineno}")
    assert strays == []
