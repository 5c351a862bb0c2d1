"""The 25 real NYT answers the original list lacks, each won on the bundled page in real Chromium.

One browser serves every game (module fixture), animations off to keep CI time small. Each game
is checked against Wordle's own scoring, and every guess must be one the page accepts.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from autobot.drivers.driver import SeleniumDriver
from autobot.loop import BotConfig, play_game
from autobot.rules import hard_mode_violation, score, score_lenient
from autobot.solver import SolverConfig, make_solver
from autobot.words import load_words

pytestmark = pytest.mark.browser

OFF_LIST = sorted(set(load_words("nyt-past").words) - set(load_words("answers").words))


@pytest.fixture(scope="module")
def web(chromium: None) -> Iterator[Any]:
    from autobot.drivers.browser import BrowserConfig, open_browser

    with open_browser(BrowserConfig(window_size=(1280, 1024))) as browser:
        yield browser


@pytest.fixture(scope="module")
def solver() -> Any:
    return make_solver(SolverConfig())


@pytest.fixture(scope="module")
def hard_solver() -> Any:
    return make_solver(SolverConfig(hard=True))


def test_there_are_25() -> None:
    assert len(OFF_LIST) == 25


@pytest.mark.parametrize("answer", OFF_LIST)
def test_off_list_answer_is_won_on_the_page(web: Any, base: str, solver: Any, answer: str) -> None:
    from autobot.page.server import page_url

    web.get(page_url(base, answer=answer, anim=False))
    result = play_game(SeleniumDriver(web), solver, BotConfig())
    assert result.won, f"lost {answer}: {result.guesses} {result.marks}"
    assert result.guesses[-1] == answer and not result.rejected
    assert result.marks == [score(g, answer) for g in result.guesses]
    nyt = load_words("nyt")
    assert all(g in nyt for g in result.guesses)


@pytest.mark.parametrize("answer", ["kazoo", "snafu", "atlas"])
def test_off_list_answer_in_hard_mode(web: Any, base: str, hard_solver: Any, answer: str) -> None:
    from autobot.page.server import page_url

    web.get(page_url(base, answer=answer, hard=True, anim=False))
    result = play_game(SeleniumDriver(web), hard_solver, BotConfig(hard=True))
    assert result.won and result.guesses[-1] == answer and not result.rejected
    for i, guess in enumerate(result.guesses):
        assert hard_mode_violation(guess, result.turns[:i]) is None


@pytest.mark.parametrize("answer", ["abbey", "mamma", "eerie", "sassy", "geese"])
def test_a_page_that_does_not_count_copies_is_won(
    web: Any, base: str, solver: Any, answer: str
) -> None:
    # scoring=lenient-dupes: every non-green copy of a letter the answer has spare is yellow.
    from autobot.page.server import page_url

    web.get(page_url(base, answer=answer, anim=False, scoring="lenient-dupes"))
    result = play_game(SeleniumDriver(web), solver, BotConfig())
    assert result.won, f"lost {answer}: {result.guesses} {result.marks}"
    assert result.marks == [score_lenient(g, answer) for g in result.guesses]
