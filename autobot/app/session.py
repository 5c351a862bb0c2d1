"""Serve the page, open a browser on it, make the driver that plays it: one context manager for
every command that plays in a browser (`play`, `play --boards`, `live --launch`, the browser
benchmark)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from autobot.app.options import check_answers
from autobot.app.players import check_answer, game_for, page_game
from autobot.app.request import BUNDLED, BrowserChoice, Request
from autobot.drivers import browser as browsers
from autobot.drivers import window as windows
from autobot.drivers.browser import BrowserConfig, add_init_script, load_page
from autobot.drivers.driver import SeleniumDriver
from autobot.drivers.recording import record_driver
from autobot.page.server import page_url, serve_page


@dataclass
class Session:
    """A browser with the page open, and the driver that plays it (None for an app window on a
    desktop the bot plays through its own screen capture)."""

    url: str | None  # the page loaded first (None: nothing loaded yet)
    base: str | None  # the bundled page's server address (None: a page of the user's)
    webdriver: Any
    driver: Any
    seconds: float  # the browser and the first page up in

    def load(self, url: str) -> None:
        """Open another page in the same browser (the next game of a benchmark)."""
        load_page(self.webdriver, url)


@contextlib.contextmanager
def browser_session(
    browser: Any,
    *,
    url: str | None = None,
    bundled: Callable[[str], str | None] | None = None,
    init_script: str | None = None,
    key_delay_ms: float = 60.0,
    record: Any = None,
    app_window: bool = False,
) -> Iterator[Session]:
    """Serve the bundled page unless `url` is given (`bundled(base)` is its address, or None to
    load nothing yet), open `browser` (a `BrowserConfig`) on a display it can use, run
    `init_script` before the page's own scripts, load the page and make a `SeleniumDriver`.

    `app_window`: a headed app window on the user's own desktop opens on the page itself (no
    private display, no driver: the desktop is read and typed on by its own means). `record` (a
    `GameRecord`) is told the phase reached, for the record of a run that fails on the way.
    Everything is closed on any exit, in reverse order."""
    def phase(name: str) -> None:
        if record is not None:
            record.phase = name

    # The browser and the display are opened through their modules, looked up now: a run that
    # must not reach Chromium (the fuzz tests) stands in for them there.
    with contextlib.ExitStack() as stack:
        phase("browser")
        base = None
        if url is None:
            base = stack.enter_context(serve_page())
            url = bundled(base) if bundled is not None else None
        t0 = time.monotonic()
        if app_window:
            webdriver = stack.enter_context(
                browsers.open_browser(replace(browser, app_mode_url=url)))
            yield Session(url, base, webdriver, None, time.monotonic() - t0)
            return
        stack.enter_context(windows.display_for(browser))
        webdriver = stack.enter_context(browsers.open_browser(browser))
        if init_script:
            add_init_script(webdriver, init_script)
        if url is not None:
            phase("page")
            load_page(webdriver, url)
        phase("game")
        seconds = time.monotonic() - t0
        driver = SeleniumDriver(webdriver, key_delay_ms=key_delay_ms,
                                screen=windows.screen_for(webdriver, browser))
        trace = getattr(record, "trace", None)
        if trace is not None:  # `--trace`: every frame, key and click, from the first
            record_driver(driver, trace)
        yield Session(url, base, webdriver, driver, seconds)


def browser_config(browser: BrowserChoice) -> Any:
    """The `BrowserConfig` of the page/browser options (`app.options.add_browser_arguments`)."""
    return BrowserConfig(headless=not browser.headed, window_size=browser.window_size,
                         scale=browser.scale, remote_url=browser.remote)


@contextlib.contextmanager
def launched(request: Request) -> Iterator[str | None]:
    """With --launch: serve the page if asked, open a headed Chromium app window on it."""
    launch = request.screen.launch
    if not launch:
        yield None
        return
    chosen, page = request.game, request.page

    def bundled(base: str) -> str:
        game = game_for(request)
        answer = check_answer(chosen.answer, game)
        return page_url(base, answer=answer, theme=page.theme, contrast=page.contrast,
                        hard=chosen.hard, boards=chosen.boards or 1,
                        answers=check_answers(chosen.page_answers, chosen.boards or 1),
                        **page_game(game))

    x, y, w, h = request.screen.window
    browser = BrowserConfig(headless=False, window_size=(w, h), window_position=(x, y))
    with browser_session(browser, url=None if launch == BUNDLED else launch,
                         bundled=bundled, app_window=True) as session:
        yield session.url
