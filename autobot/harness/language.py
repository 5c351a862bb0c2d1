"""Playing in the page's language when the user did not name one (`--lang` not given).

Two witnesses, both from what the page shows and does, never its DOM:
- its on-screen keyboard: keys with letters of one language's own (Ä Ö Ü ß: German; Ñ: Spanish)
  settle it before the first guess (a plain A-Z keyboard says nothing: English and the
  languages that fold their accents look alike);
- its refusals: a page that refuses `PROBE_AFTER` of the default language's words before any row
  is scored is offered each other language's opener in turn, and the first one it scores names
  the language (a page that refuses every opener is played in the default language still).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from autobot.solver import GameState
from autobot.words.languages import ENGLISH_ALPHABET, LANGUAGES, detect_language, spec

PROBE_AFTER = 3  # words of the default language refused, no row scored: try the others


class PageLanguage:
    """A solver per language, built on first use; plays the one the page turns out to speak."""

    def __init__(self, make: Callable[[str], Any], default: str = "en",
                 probe_after: int = PROBE_AFTER) -> None:
        self._make = make
        self._solvers: dict[str, Any] = {}
        self.default = default
        self.lang = default  # the language played now
        self.settled = False  # the keyboard (or a scored probe) named the language
        self._probes: dict[str, str] = {}  # opener offered -> its language
        self._probe_after = probe_after
        self._notes: list[str] = []

    def solver(self, code: str | None = None) -> Any:
        """The solver of language `code` (default: the one played now)."""
        code = code or self.lang
        if code not in self._solvers:
            self._solvers[code] = self._make(code)
        return self._solvers[code]

    def take_notes(self) -> list[str]:
        """What changed about the language since last asked (for the player to hear)."""
        notes, self._notes = self._notes, []
        return notes

    def see_page(self, frame: Any, read: Any) -> None:
        """Look at the page's keyboard once the board is in view; its own letters name one."""
        if self.settled:
            return
        from autobot.vision.keyboard import read_keyboard

        keys = read_keyboard(frame, getattr(read, "grid", None))
        if not keys.found:
            return
        letters = [key.label for key in keys.keys if len(key.label) == 1]
        code = detect_language(letters)
        if code is None:
            return
        own = sorted({ch for ch in letters if ch.isalpha()} - set(ENGLISH_ALPHABET))
        self._switch(code, f"the page's keyboard has {' '.join(own)}")
        self.settled = True

    def _switch(self, code: str, why: str) -> None:
        if code != self.lang:
            self._notes.append(f"playing in {spec(code).name} ({why})")
        self.lang = code

    def _opener(self, code: str) -> str:
        return str(self.solver(code).next_guess(GameState())).lower()

    def _language_for(self, state: GameState) -> str:
        """The language to guess in now, from the game so far."""
        if self.settled:
            return self.lang
        if state.history:
            # The first scored word says which language the page took (a probe's, or ours).
            first = state.history[0].guess.lower()
            code = self._probes.get(first, self.default)
            if code != self.lang:
                self._switch(code, f"the page scored {first.upper()}")
            self.settled = True
            return self.lang
        banned = {w.lower() for w in state.banned}
        ours = [w for w in banned if w not in self._probes and self.solver(self.default)
                .is_allowed(w)]
        if len(ours) < self._probe_after:
            return self.default
        for code in LANGUAGES:
            if code == self.default:
                continue
            opener = self._opener(code)
            if opener in banned:
                continue
            if opener not in self._probes:
                self._probes[opener] = code
                self._notes.append(f"the page refused {len(ours)} {spec(self.default).name} "
                                   f"words: trying {spec(code).name} ({opener.upper()})")
            return code
        return self.default  # every opener refused: the default language it is, come what may

    def next_guess(self, state: GameState) -> str:
        """The next guess in the page's language."""
        return str(self.solver(self._language_for(state)).next_guess(state))

    def is_allowed(self, word: str) -> bool:
        """Would the game accept this word, in the language played now?"""
        return bool(self.solver().is_allowed(word))

    def candidates(self, *args: Any, **kwargs: Any) -> Any:
        """The words still possible, in the language played now."""
        return self.solver().candidates(*args, **kwargs)
