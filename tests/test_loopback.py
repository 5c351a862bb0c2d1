"""Loopback only, shown: every request a game and every shared clone make goes to 127.0.0.1,
and a Grid's hub and nodes listen on 127.0.0.1 only."""

from __future__ import annotations

import json
import time
from typing import Any
from urllib.parse import urlsplit

import pytest
from conftest import CLONES, listening, require_chromium, serve_clone

# Schemes that never leave the browser.
LOCAL_SCHEMES = {"data", "blob", "about", "chrome", "chrome-extension", "devtools"}


def requests_made(webdriver: Any) -> list[str]:
    """Every URL in Chromium's Network.requestWillBeSent events since the last call."""
    urls = []
    for entry in webdriver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def off_loopback(urls: list[str]) -> list[str]:
    """The URLs that went anywhere but 127.0.0.1 (or never left the browser)."""
    return [u for u in urls if urlsplit(u).scheme not in LOCAL_SCHEMES
            and urlsplit(u).hostname != "127.0.0.1"]


@pytest.mark.browser
def test_a_game_and_every_clone_stay_on_127_0_0_1(base: str) -> None:
    require_chromium()
    from autobot.drivers.browser import BrowserConfig, load_page, open_browser
    from autobot.drivers.driver import SeleniumDriver
    from autobot.loop import BotConfig, play_game
    from autobot.page.server import page_url
    from autobot.solver import SolverConfig, make_solver

    clones = sorted(p.name for p in CLONES.iterdir() if p.is_dir()) if CLONES.is_dir() else []
    with open_browser(BrowserConfig(log_network=True)) as web:
        load_page(web, page_url(base, answer="crane", anim=False))
        result = play_game(SeleniumDriver(web, key_delay_ms=0), make_solver(SolverConfig()),
                           BotConfig())
        assert result.won
        seen = requests_made(web)
        assert seen and off_loopback(seen) == []  # the game itself, then each clone
        loaded = {}
        for name in clones:
            with serve_clone(name) as url:
                web.get(url)
                time.sleep(0.5)  # the clone's own scripts fetch their lists, fonts, ...
                urls = requests_made(web)
                loaded[name] = len(urls)
                assert urls, name
                assert off_loopback(urls) == [], name
    if not clones:
        pytest.skip(f"the game stayed on loopback; no clones in {CLONES} to load")
    assert min(loaded.values()) >= 1


def test_listening_addresses_are_read_from_proc() -> None:
    import os
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        port = sock.getsockname()[1]
        assert ("127.0.0.1", port) in listening({os.getpid()})
