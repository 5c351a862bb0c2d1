"""Variants won on the bundled page in real headless Chromium: pixels in, keys out.

Word lengths 4, 6, 7 and 11 (light and dark), Absurdle in its proven minimum of four guesses,
and Jotto (counts read beside each row). The bot is told the game (`BotConfig.game`), never the
board's width: vision finds that itself. The page's DOM is only used to set a game up.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from autobot.drivers.driver import SeleniumDriver
from autobot.games import find_game
from autobot.games.absurdle import reply
from autobot.games.jotto import jotto_feedback
from autobot.games.strategy import GameStrategy
from autobot.loop import BotConfig, GameResult, play_game
from autobot.page.server import page_url
from autobot.rules import code_to_marks, score

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def web(chromium: None) -> Iterator[Any]:
    from autobot.drivers.browser import BrowserConfig, open_browser

    with open_browser(BrowserConfig(window_size=(1280, 1024))) as driver:
        yield driver


def play_variant(web: Any, base: str, game: Any, **page: Any) -> GameResult:
    """Load the bundled page in the game's mode and let the bot play it."""
    web.get(page_url(base, length=game.length, mode=game.page_mode, **page))
    return play_game(SeleniumDriver(web), GameStrategy(game),
                     BotConfig(rows=game.rows, game=game))


@pytest.mark.parametrize(("answer", "theme", "anim"), [
    ("able", "light", False), ("lamp", "dark", True),
    ("planet", "light", True), ("carton", "dark", False),
    ("machine", "light", False), ("brother", "dark", False),
    ("personality", "light", False), ("temperature", "dark", True),
])
def test_other_lengths_are_won(web: Any, base: str, answer: str, theme: str, anim: bool) -> None:
    game = find_game("wordle", len(answer))
    result = play_variant(web, base, game, answer=answer, theme=theme, anim=anim)
    assert result.won, (result.guesses, result.marks, result.error)
    assert result.guesses[-1] == answer and len(result.turns) <= game.rows
    # Every row read off the screen is Wordle's scoring of that guess at this length.
    assert result.marks == [score(g, answer) for g in result.guesses]


def test_absurdle_is_won_in_the_proven_minimum(web: Any, base: str) -> None:
    game = find_game("absurdle")
    result = play_variant(web, base, game, anim=True)
    assert result.won and len(result.turns) == 4, (result.guesses, result.marks)
    left = game.answers
    for turn in result.turns:  # the colours seen are the adversary's answers
        code, left = reply(game, turn.guess, left)
        assert turn.marks == code_to_marks(code, 5)
    assert left == (result.guesses[-1],)


@pytest.mark.parametrize(("answer", "theme"), [("fight", "light"), ("crumb", "dark")])
def test_jotto_is_won_reading_counts(web: Any, base: str, answer: str, theme: str) -> None:
    game = find_game("jotto")
    result = play_variant(web, base, game, answer=answer, theme=theme, anim=False)
    assert result.won and result.guesses[-1] == answer, (result.guesses, result.marks)
    # The digits read beside the rows are the counts of letters in common.
    assert result.marks[:-1] == [str(jotto_feedback(g, answer)) for g in result.guesses[:-1]]
    assert result.marks[-1] == "GGGGG"
