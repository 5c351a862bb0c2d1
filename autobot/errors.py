"""One error type the CLI turns into a one-line message and an exit code."""


class AutobotError(Exception):
    """A problem the user can act on; `exit_code` is what `autobot` returns (2 = bad input)."""

    def __init__(self, message: str, exit_code: int = 2) -> None:
        super().__init__(message)
        self.exit_code = exit_code
