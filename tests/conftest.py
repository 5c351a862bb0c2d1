"""Shared test helpers: the real-browser guard and the bundled page served once per module."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from autobot.browser import CHROMEDRIVER, CHROMIUM


def require_chromium() -> None:
    """Skip locally without Chromium; in CI (CI=true) a missing browser is a failure."""
    if os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER):
        return
    if os.environ.get("CI"):
        pytest.fail("chromium/chromedriver missing in CI")
    pytest.skip("chromium/chromedriver not installed")


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    """The bundled page's base URL, served on 127.0.0.1 for one test module."""
    from autobot.page.server import serve_page

    with serve_page() as url:
        yield url
