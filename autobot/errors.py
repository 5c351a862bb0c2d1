"""One error type the CLI turns into a one-line message and an exit code."""


class AutobotError(Exception):
    """A problem the user can act on; `exit_code` is what `autobot` returns (2 = bad input)."""

    def __init__(self, message: str, exit_code: int = 2, reason: str | None = None) -> None:
        super().__init__(message)
        self.exit_code = exit_code
        # A stable code for why a game stopped (`autobot.loop.result.REASONS`), when known.
        self.reason = reason


SAFETY_EXIT = 4  # a live game stopped because the screen was not what the bot left it as
UNAVAILABLE_EXIT = 5  # the desktop (display, mss, pyautogui) cannot be used here


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
