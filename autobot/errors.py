"""The errors a user can act on, as a small hierarchy: the class says the exit code.

    AutobotError            2  (the base; `AutobotError(message, exit_code)` still sets any code)
    ├── BadInput            2  bad input: options, files, words
    ├── NotSolved           1  the game or puzzle was not won (a result, said as an error)
    │   └── UserQuit        1  the person chose to stop (quit or end of input at a prompt)
    ├── NoBoardFound        3  no board (grid) found, or none that stood still to be read
    ├── SafetyStop          4  the screen was not what the bot left it as: stopped, not typing
    └── Unavailable         5  browser, driver, display or page unreachable (or dying mid-game)

`autobot.cli.main` prints any of them as one line and exits with `exit_code`.
"""

from __future__ import annotations


class AutobotError(Exception):
    """A problem the user can act on; `exit_code` is what `autobot` returns (2 = bad input)."""

    exit_code = 2

    def __init__(self, message: str, exit_code: int | None = None,
                 reason: str | None = None) -> None:
        super().__init__(message)
        if exit_code is not None:  # the older spelling: any code at the raise site
            self.exit_code = exit_code
        # Why a game stopped (an `autobot.outcomes.Reason`), when the raise site knows.
        self.reason = reason


class BadInput(AutobotError):
    """Bad input: an option, a file or a word the command cannot use."""

    exit_code = 2


class NotSolved(AutobotError):
    """The game or puzzle was not won."""

    exit_code = 1


class UserQuit(NotSolved):
    """The person at the keyboard chose to stop the game."""

    def __init__(self, message: str = "quit at the confirm prompt") -> None:
        super().__init__(message)


class NoBoardFound(AutobotError):
    """No board found where it was looked for."""

    exit_code = 3


class SafetyStop(AutobotError):
    """The screen is not what the bot left it as: it stops rather than type anywhere else."""

    exit_code = 4


class Unavailable(AutobotError):
    """The browser, its driver, the display or the page cannot be used (or stopped answering)."""

    exit_code = 5


SAFETY_EXIT = SafetyStop.exit_code  # a live game stopped because the screen changed under it
UNAVAILABLE_EXIT = Unavailable.exit_code  # the desktop (display, mss, pyautogui) is unusable


def browser_failure(exc: BaseException) -> str | None:
    """A one-line reason when `exc` is the browser or its driver failing under a run (Selenium,
    urllib3 or a dropped connection to chromedriver / the Grid), else None.

    Judged by the exception's module so that this needs no import of Selenium.
    """
    module = type(exc).__module__ or ""
    if not (module.startswith(("selenium.", "urllib3.", "http.client"))
            or isinstance(exc, ConnectionError)):
        return None
    text = str(getattr(exc, "msg", None) or exc or type(exc).__name__).strip()
    first = text.splitlines()[0].strip() if text else type(exc).__name__
    if len(first) > 200:
        first = first[:197] + "..."
    return f"the browser stopped answering: {type(exc).__name__}: {first}"


def browser_went(exc: BaseException) -> bool:
    """The run stopped because the browser (or the desktop) did: Selenium's or the connection's
    own error, or ours with exit 5."""
    return browser_failure(exc) is not None or (isinstance(exc, AutobotError)
                                                and exc.exit_code == UNAVAILABLE_EXIT)
