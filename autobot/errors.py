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
