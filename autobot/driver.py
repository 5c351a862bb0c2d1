"""Hands on the keyboard: the Driver protocol, its Selenium adapter, and the confirm wrapper.

A Driver types into the game and owns the Screen the bot looks at; it never reads the page.
Adapters:
- `SeleniumDriver`: a WebDriver session (local headless Chromium or a remote grid), keys sent
  with ActionChains, frames from `get_screenshot_as_png`.
- `autobot.desktop.DesktopDriver` (live mode): pyautogui keys + mss frames on a real desktop,
  pyautogui imported inside its constructor only, so this module works with no display.
`ConfirmStrategy` wraps a solver so a person accepts, edits, skips or quits each guess.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, TextIO, runtime_checkable

from autobot.errors import AutobotError
from autobot.screen import Screen, SeleniumScreen
from autobot.wordle import WORD_LENGTH, hard_mode_violation

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

DEFAULT_KEY_DELAY_MS = 60.0  # some clones drop keys typed faster than this


@runtime_checkable
class Driver(Protocol):
    """What the bot needs from a game it plays: a screen to look at and a keyboard."""

    screen: Screen

    def type_word(self, word: str) -> None:
        """Type the letters of `word` into the current row (no Enter)."""
        ...

    def press_enter(self) -> None:
        """Submit the current row."""
        ...

    def erase(self, n: int) -> None:
        """Delete the last `n` typed letters (Backspace n times)."""
        ...

    def press_escape(self) -> None:
        """Press Escape (closes a dialog that hides the board)."""
        ...


class SeleniumDriver:
    """Plays in a WebDriver browser: keys via ActionChains, frames via screenshots."""

    def __init__(
        self,
        webdriver: WebDriver,
        *,
        key_delay_ms: float = DEFAULT_KEY_DELAY_MS,
        screen: Screen | None = None,
    ) -> None:
        if key_delay_ms < 0:
            raise AutobotError(f"key delay must be >= 0 ms, not {key_delay_ms:g}", 2)
        self.webdriver = webdriver
        self.key_delay_ms = key_delay_ms
        self.screen: Screen = screen if screen is not None else SeleniumScreen(webdriver)

    def _send(self, keys: list[str]) -> None:
        """Send `keys` as one W3C action sequence, with the per-key delay between them."""
        from selenium.webdriver.common.action_chains import ActionChains

        actions = ActionChains(self.webdriver)
        for i, key in enumerate(keys):
            if i and self.key_delay_ms:
                actions.pause(self.key_delay_ms / 1000)
            actions.send_keys(key)
        # One perform = one round trip to the driver; the pauses run inside the browser side.
        actions.perform()

    def type_word(self, word: str) -> None:
        """Type the letters of `word` (lowercase, one key each)."""
        self._send(list(word.lower()))

    def press_enter(self) -> None:
        """Press Enter (after the per-key delay, so the last letter is in)."""
        from selenium.webdriver.common.keys import Keys

        self._send_after_delay(Keys.ENTER)

    def erase(self, n: int) -> None:
        """Press Backspace `n` times."""
        from selenium.webdriver.common.keys import Keys

        if n > 0:
            self._send([Keys.BACKSPACE] * n)

    def press_escape(self) -> None:
        """Press Escape."""
        from selenium.webdriver.common.keys import Keys

        self._send_after_delay(Keys.ESCAPE)

    def _send_after_delay(self, key: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains

        actions = ActionChains(self.webdriver)
        if self.key_delay_ms:
            actions.pause(self.key_delay_ms / 1000)
        actions.send_keys(key)
        actions.perform()


# The desktop adapter (pyautogui keys + mss frames, pyautogui imported lazily) is
# `autobot.desktop.DesktopDriver`; it satisfies the same `Driver` protocol.


class UserQuit(AutobotError):
    """The person at the keyboard chose to stop the game."""

    def __init__(self, message: str = "quit at the confirm prompt") -> None:
        super().__init__(message, exit_code=1)


class ConfirmStrategy:
    """Wraps a solver: before each guess a person accepts, edits, skips (ban it) or quits.

    Answers, one line each: Enter or `a` accept; `e WORD` or just `WORD` play WORD instead (it
    must be an allowed guess, and legal in hard mode); `s` skip (ask the solver for its next
    best); `q` quit. End of input counts as quit.
    """

    def __init__(
        self,
        solver: Any,
        *,
        hard: bool = False,
        input_stream: TextIO | None = None,
        output: TextIO | None = None,
        show: Callable[[Any, str], None] | None = None,
    ) -> None:
        self.solver = solver
        self.hard = hard
        self.input = input_stream if input_stream is not None else sys.stdin
        self.output = output if output is not None else sys.stderr
        self.show = show  # optional: draw the board/state before asking

    def is_allowed(self, word: str) -> bool:
        """Whether the wrapped solver accepts `word` as a guess."""
        return bool(self.solver.is_allowed(word))

    def candidates(self, history: Any) -> Any:
        """The wrapped solver's remaining candidates."""
        return self.solver.candidates(history)

    def _say(self, text: str) -> None:
        print(text, file=self.output, flush=True)

    def _ask(self, prompt: str) -> str:
        print(prompt, end="", file=self.output, flush=True)
        line = self.input.readline()
        if not line:
            raise UserQuit("quit: no more input at the confirm prompt")
        return line.strip()

    def edit_problem(self, word: str, state: Any) -> str | None:
        """Why `word` cannot be played now (one line), or None if it can."""
        if len(word) != WORD_LENGTH or not word.isalpha() or not word.isascii():
            return f"{word.upper() or '(nothing)'} is not a {WORD_LENGTH}-letter word"
        if not self.is_allowed(word):
            return f"{word.upper()} is not in the word list"
        if word in getattr(state, "banned", ()):
            return f"{word.upper()} was already rejected by the game"
        if self.hard or getattr(state, "hard", False):
            why = hard_mode_violation(word, state.history)
            if why:
                return f"hard mode: {why}"
        return None

    def next_guess(self, state: Any) -> str:
        """Ask the person about the solver's proposal until a guess is agreed (or they quit)."""
        skipped: set[str] = set()
        while True:
            if skipped:
                state = dataclasses.replace(state, banned=frozenset(state.banned) | skipped)
            proposal = self.solver.next_guess(state).lower()
            if self.show is not None:
                self.show(state, proposal)
            while True:
                answer = self._ask(
                    f"guess {len(state.history) + 1}: {proposal.upper()}  "
                    "[Enter accept | e WORD edit | s skip | q quit] "
                )
                command, _, rest = answer.partition(" ")
                command = command.lower()
                if command in ("", "a", "accept", "y", "yes"):
                    return proposal
                if command in ("q", "quit"):
                    raise UserQuit()
                if command in ("s", "skip"):
                    skipped.add(proposal)
                    break
                if command in ("e", "edit"):
                    word = rest.strip().lower() or self._ask("word: ").lower()
                elif not rest:
                    word = command  # a bare word means "play this instead"
                else:
                    self._say(f"not understood: {answer!r}")
                    continue
                problem = self.edit_problem(word, state)
                if problem is None:
                    return word
                self._say(problem)
