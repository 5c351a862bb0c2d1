"""Start and always clean up a Chromium for Selenium (local headless/headed, or remote)."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from autobot.errors import AutobotError, BadInput, Unavailable

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
# Flags that keep Chromium quiet on a machine with no network and no GPU (see DEVELOPERS.md).
BASE_FLAGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--test-type",
    "--password-store=basic",
    "--disable-dev-shm-usage",
)


@dataclass(frozen=True)
class BrowserConfig:
    """How to open the browser: window size in CSS px, device scale factor, headless or not."""

    headless: bool = True
    window_size: tuple[int, int] = (1280, 1024)
    scale: float = 1.0
    remote_url: str | None = None  # a Remote WebDriver / Selenium Grid endpoint
    window_position: tuple[int, int] | None = None  # headed windows only
    app_mode_url: str | None = None  # headed: open this URL as an app window (no tabs/URL bar)
    # Keep Chromium's DevTools network events (Network.requestWillBeSent ...) in its
    # performance log, for a test to read back every request the pages made.
    log_network: bool = False


def chrome_options(config: BrowserConfig, user_data_dir: str | None):
    """Selenium ChromeOptions for `config` (imports selenium lazily)."""
    from selenium.webdriver.chrome.options import Options

    options = Options()
    if config.remote_url is None:
        options.binary_location = CHROMIUM
    for flag in BASE_FLAGS:
        options.add_argument(flag)
    if user_data_dir:
        options.add_argument(f"--user-data-dir={user_data_dir}")
    if config.headless:
        options.add_argument("--headless=new")
    width, height = config.window_size
    options.add_argument(f"--window-size={width},{height}")
    if config.window_position is not None:
        options.add_argument("--window-position={},{}".format(*config.window_position))
    if config.scale != 1.0:
        options.add_argument(f"--force-device-scale-factor={config.scale}")
    if config.app_mode_url:
        options.add_argument(f"--app={config.app_mode_url}")
    if config.log_network:
        options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    # A native dialog (alert("Not a valid word!")) is accepted, as a person would, and the
    # command that met it fails once with its text (`screen.alert_text`): never left open.
    options.unhandled_prompt_behavior = "accept and notify"
    options.add_experimental_option("excludeSwitches", ["enable-automation"])
    options.add_experimental_option("useAutomationExtension", False)
    return options


# Chromium puts its singleton socket at $TMPDIR/.org.chromium.Chromium.XXXXXX/SingletonSocket
# (46 characters after TMPDIR) and a Unix socket path holds 107: a longer TMPDIR (a test
# runner's nested temp dirs) makes Chromium exit at start with no reason given.
SOCKET_ROOM = 107 - 46


def chromium_env(tmp: str | None = None) -> dict[str, str] | None:
    """The environment to start Chromium in: this one, with a short TMPDIR where the current
    one leaves its socket path too long (None: no change needed)."""
    tmp = tmp or tempfile.gettempdir()
    if len(os.path.realpath(tmp)) <= SOCKET_ROOM:
        return None
    return {**os.environ, "TMPDIR": "/tmp"}


@contextlib.contextmanager
def open_browser(config: BrowserConfig) -> Iterator[WebDriver]:
    """A running Chromium WebDriver; it is quit and its profile deleted on any exit."""
    os.environ.setdefault("SE_OFFLINE", "true")  # never let Selenium Manager download drivers
    try:
        from selenium import webdriver
        from selenium.common.exceptions import WebDriverException
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        raise AutobotError("selenium is not installed (pip install selenium)") from None
    profile = None
    driver = None
    service = None
    try:
        if config.remote_url:
            options = chrome_options(config, None)
            try:
                driver = webdriver.Remote(command_executor=config.remote_url, options=options)
            except WebDriverException as exc:
                first = (exc.msg or str(exc)).strip().splitlines()[0] if str(exc) else "error"
                raise Unavailable(
                    f"cannot start a browser at {config.remote_url}: {first}"
                ) from None
            except Exception as exc:  # urllib3 connection errors and the like
                raise Unavailable(f"cannot reach {config.remote_url}: {exc}") from None
        else:
            for path, what in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromedriver")):
                if not os.path.exists(path):
                    raise Unavailable(
                        f"{what} not found at {path} (apt-get install chromium chromium-driver)"
                    )
            profile = tempfile.mkdtemp(prefix="autobot-chromium-")
            options = chrome_options(config, profile)
            service = Service(executable_path=CHROMEDRIVER, env=chromium_env())
            try:
                driver = webdriver.Chrome(service=service, options=options)
            except WebDriverException as exc:
                first = (exc.msg or "").strip().splitlines()
                raise Unavailable(
                    f"cannot start chromium: {first[0] if first else exc}"
                ) from None
        yield driver
    finally:
        if driver is not None:
            with contextlib.suppress(Exception):
                driver.quit()
        elif service is not None:
            # Stopped while Chromium was starting (a signal): Selenium has not handed us the
            # driver, but chromedriver is already running.
            with contextlib.suppress(Exception):
                service.stop()
        if profile is not None:
            remove_profile(profile)


def processes_using(profile: str) -> list[int]:
    """Pids whose command line names `profile` (Chromium and its helpers)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if profile.encode() in (entry / "cmdline").read_bytes():
                pids.append(int(entry.name))
        except OSError:
            continue
    return pids


def remove_profile(profile: str, timeout: float = 5.0) -> None:
    """Delete the profile once no Chromium process still writes to it.

    A terminal's Ctrl-C signals Chromium too; it may write its profile after quit() returns, so
    one rmtree is not enough: wait for its processes, then remove until the directory stays gone.
    """
    deadline = time.monotonic() + timeout
    while processes_using(profile) and time.monotonic() < deadline:
        time.sleep(0.05)
    # Still running: its chromedriver died first (a signal to the whole group, a crash) and
    # nobody will quit it; end what runs on our profile ourselves.
    for sig in (signal.SIGTERM, signal.SIGKILL):
        pids = processes_using(profile)
        if not pids:
            break
        for pid in pids:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, sig)
        end = time.monotonic() + 2.0
        while processes_using(profile) and time.monotonic() < end:
            time.sleep(0.05)
    for _ in range(20):
        shutil.rmtree(profile, ignore_errors=True)
        if not os.path.exists(profile):
            time.sleep(0.05)  # a straggler may recreate it; check once more
            if not os.path.exists(profile):
                return


# Chromium's own endpoint for DevTools commands; a Selenium Grid forwards it to the node.
_CDP_COMMAND = "autobotExecuteCdp"
_CDP_PATH = "/session/$sessionId/goog/cdp/execute"


def devtools(webdriver: WebDriver, command: str, params: dict[str, Any]) -> Any:
    """Run one Chrome DevTools command in the page's tab (local or remote session)."""
    run = getattr(webdriver, "execute_cdp_cmd", None)
    if run is not None:
        return run(command, params)
    # A Remote WebDriver has no execute_cdp_cmd; the endpoint is the same, only unnamed.
    executor = webdriver.command_executor
    if not isinstance(executor, str) and hasattr(executor, "add_command"):
        executor.add_command(_CDP_COMMAND, "POST", _CDP_PATH)
    return webdriver.execute(_CDP_COMMAND, {"cmd": command, "params": params})["value"]


def add_init_script(webdriver: Any, source: str) -> None:
    """Run `source` before the page's own scripts on every load (Chromium's CDP).

    Only for setting a page up (a fixed answer or date in a test); the bot itself never
    reads anything back from the page's scripts.
    """
    try:
        webdriver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": source})
    except Exception as exc:  # a Remote WebDriver without CDP, or a browser that is not Chromium
        raise Unavailable(f"--init-script: the browser cannot run it: {exc}") from None


def load_page(webdriver: Any, url: str) -> None:
    """Open `url` in the browser; a URL the browser refuses is bad input, one it cannot load
    (nothing listening, no such host) is a browser error (exit 5) naming the browser's reason."""
    from selenium.common.exceptions import WebDriverException

    try:
        webdriver.get(url)
    except WebDriverException as exc:
        first = (exc.msg or str(exc)).strip().splitlines()
        reason = first[0] if first else "error"
        if "net::" in reason:  # the browser could not load it (refused, no such host, ...)
            raise Unavailable(
                f"cannot load {url}: {reason[reason.index('net::'):]}"
            ) from None
        raise BadInput(f"cannot open {url}: {reason}") from None
    problem = load_problem(webdriver)
    if problem:
        raise Unavailable(f"cannot load {url}: {problem}")


def load_problem(webdriver: Any) -> str | None:
    """Why the browser shows its own error page instead of the site (e.g.
    net::ERR_CONNECTION_REFUSED), or None when the page loaded.

    Asks the browser about the load, never the game: the URL it ended on and, on Chromium's
    error page, the error code it prints.
    """
    from selenium.common.exceptions import WebDriverException

    try:
        # WebDriver reports the URL asked for; the document knows it is the error page.
        where, code = webdriver.execute_script(
            "const e = document.querySelector('.error-code');"
            "return [document.URL, e ? e.textContent : ''];"
        )
        if not str(where).startswith("chrome-error://"):
            return None
    except WebDriverException:
        return None
    code = str(code or "").strip()
    if code and not code.startswith("net::"):
        code = f"net::{code}"
    return code or "the browser shows its error page"
