"""The player contract, written down once, and the wrappers that change how a player plays.

The turn loop (`autobot.loop`) asks a `Player` for guesses; every solver it is given is one:
the classic Wordle `autobot.solver.Solver`, the generic `autobot.games.strategy.GameStrategy`,
and the wrappers below, which take a player and are one, so they compose
(`Confirm(PageWidth(PageLanguage(make), make_width, game))`).

    class Player:
        next_guess(state) -> str       required: the word to play now, given the loop's
                                       `GameState` (rows so far, hard mode, words refused)
        see_page(frame, read) -> None  the board is in view: look at the page (its language,
                                       its width) before the first guess; default: nothing
        take_notes() -> list[str]      what the person should hear since last asked (a language
                                       or length taken, and why); default: nothing
        game -> Game | None            the game played now, when the player took it from the
                                       page; default None: the loop's own
        lang -> str | None             the language played now, likewise; default None
        is_allowed(word) -> bool       would the game accept `word`; default: any word

A subclass implements `next_guess` and overrides only the hooks it has. The loop calls every
hook without asking whether it is there; an object that is not a `Player` but has a
`next_guess` is played through `as_player` (the contract's defaults for the rest). A wrapper
(`Wrapper`) holds the player it changes as `inner` and passes on every hook it does not change.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable
from typing import Any, TextIO

from autobot.app.prompt import Prompt
from autobot.errors import AutobotError
from autobot.rules import hard_mode_violation
from autobot.words.languages import ENGLISH_ALPHABET, LANGUAGES, detect_language, spec


class Player:
    """What the turn loop asks for guesses (the contract is the module's docstring)."""

    game: Any = None  # the game played now, when the player took it from the page
    lang: str | None = None  # the language played now, when the player took it from the page

    def next_guess(self, state: Any) -> str:
        """The word to play now."""
        raise NotImplementedError

    def see_page(self, frame: Any, read: Any) -> None:
        """The board is in view: look at the page before the first guess."""

    def take_notes(self) -> list[str]:
        """What the person should hear since last asked."""
        return []

    def is_allowed(self, word: str) -> bool:
        """Would the game accept `word`?"""
        return True


class Bare(Player):
    """An object with only a `next_guess` (a test's scripted player), under the contract."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def next_guess(self, state: Any) -> str:
        """The object's own guess."""
        return str(self.inner.next_guess(state))


def as_player(obj: Any) -> Player:
    """`obj` as a `Player`: itself when it is one, else with the contract's defaults."""
    return obj if isinstance(obj, Player) else Bare(obj)


class Wrapper(Player):
    """A player that changes how `inner` plays; every hook it does not change is inner's."""

    def __init__(self, inner: Any) -> None:
        self.inner = as_player(inner)

    @property
    def solver(self) -> Player:
        """The player wrapped (its older name)."""
        return self.inner

    def next_guess(self, state: Any) -> str:
        """Inner's guess."""
        return str(self.inner.next_guess(state))

    def see_page(self, frame: Any, read: Any) -> None:
        """Inner looks at the page."""
        self.inner.see_page(frame, read)

    def take_notes(self) -> list[str]:
        """Inner's notes."""
        return list(self.inner.take_notes())

    @property  # type: ignore[override]
    def game(self) -> Any:
        """Inner's game."""
        return self.inner.game

    @property  # type: ignore[override]
    def lang(self) -> str | None:
        """Inner's language."""
        return self.inner.lang

    def is_allowed(self, word: str) -> bool:
        """Inner's word list."""
        return bool(self.inner.is_allowed(word))

    def candidates(self, *args: Any, **kwargs: Any) -> Any:
        """Inner's words still possible (the players that keep a list of them)."""
        return self.inner.candidates(*args, **kwargs)  # type: ignore[attr-defined]


CONFIRM_HELP = ("Enter (or a) plays the guess shown; 'e WORD' or just WORD plays WORD instead "
                "(an allowed guess, legal in hard mode); 's' skips it (the solver's next best); "
                "'q' quits")


class Confirm(Wrapper):
    """Before each guess a person accepts, edits, skips (ban it) or quits.

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
        super().__init__(solver)
        self.hard = hard
        self.input = input_stream if input_stream is not None else sys.stdin
        self.output = output if output is not None else sys.stderr
        self.show = show  # optional: draw the board/state before asking

    def _prompt(self) -> Any:
        """The one prompt loop (`autobot.app.prompt`) on this wrapper's streams."""
        return Prompt(self.input, self.output, CONFIRM_HELP, where="confirm prompt")

    def edit_problem(self, word: str, state: Any, length: int) -> str | None:
        """Why `word` cannot be played now (one line), or None if it can; `length` is the
        game's word length (the solver's own proposal has it)."""
        if len(word) != length or not word.isalpha() or not word.isascii():
            return f"{word.upper() or '(nothing)'} is not a {length}-letter word"
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
        """Ask the person about the solver's proposal until a guess is agreed (or they quit:
        UserQuit)."""
        prompt = self._prompt()
        skipped: set[str] = set()
        while True:
            if skipped:
                state = dataclasses.replace(state, banned=frozenset(state.banned) | skipped)
            proposal = self.inner.next_guess(state).lower()
            if self.show is not None:
                self.show(state, proposal)
            choice = prompt.ask(
                f"guess {len(state.history) + 1}: {proposal.upper()}  "
                "[Enter accept | e WORD edit | s skip | q quit] ",
                lambda text, p=proposal, s=state: self._choice(text, p, s, prompt),
            )
            if choice is None:
                skipped.add(proposal)
                continue
            return choice

    def _choice(self, text: str, proposal: str, state: Any, prompt: Any) -> str | None:
        """A typed answer -> the word to play, or None to skip the proposal; ValueError says
        why a word cannot be played."""
        command, _, rest = text.partition(" ")
        command = command.lower()
        if command in ("", "a", "accept", "y", "yes"):
            return proposal
        if command in ("s", "skip"):
            return None
        if command in ("e", "edit"):
            word = rest.strip().lower() or prompt.ask("word: ", str.lower)
        elif not rest:
            word = command  # a bare word means "play this instead"
        else:
            raise ValueError(f"not understood: {text!r}")
        problem = self.edit_problem(word, state, len(proposal))
        if problem is not None:
            raise ValueError(problem)
        return word


PROBE_AFTER = 3  # words of the default language refused, no row scored: try the others


class PageLanguage(Player):
    """A solver per language, built on first use; plays the one the page turns out to speak
    (when the user named none: `--lang` not given).

    Two witnesses, both from what the page shows and does, never its DOM:
    - its on-screen keyboard: keys with letters of one language's own (Ä Ö Ü ß: German; Ñ:
      Spanish) settle it before the first guess (a plain A-Z keyboard says nothing: English and
      the languages that fold their accents look alike);
    - its refusals: a page that refuses `PROBE_AFTER` of the default language's words before any
      row is scored is offered each other language's opener in turn, and the first one it scores
      names the language (a page that refuses every opener is played in the default language).
    """

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
        from autobot.solver.state import GameState  # the solver package's players are Players

        return str(self.solver(code).next_guess(GameState())).lower()

    def _language_for(self, state: Any) -> str:
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

    def next_guess(self, state: Any) -> str:
        """The next guess in the page's language."""
        return str(self.solver(self._language_for(state)).next_guess(state))

    def is_allowed(self, word: str) -> bool:
        """Would the game accept this word, in the language played now?"""
        return bool(self.solver().is_allowed(word))

    def candidates(self, *args: Any, **kwargs: Any) -> Any:
        """The words still possible, in the language played now."""
        return self.solver().candidates(*args, **kwargs)


class PageWidth(Wrapper):
    """A five-letter solver that becomes the page's length's game once the board is seen.

    `make(width)` builds the strategy for words of that length (it carries its `game`); a
    width no game is made for leaves the five-letter solver, and the loop says the board does
    not fit it.
    """

    def __init__(self, five: Any, make: Callable[[int], Any], game: Any) -> None:
        super().__init__(five)  # the player played now
        self._make = make
        self._game = game  # the game played now: the five-letter one until the board is seen
        self._notes: list[str] = []

    @property  # type: ignore[override]
    def game(self) -> Any:
        """The game played now (the board's width's, once seen)."""
        return self._game

    def see_page(self, frame: Any, read: Any) -> None:
        """Take the board's width as the game's word length (and let the solver look too)."""
        width = len(read.rows[0][1]) if getattr(read, "rows", None) else self._game.length
        if width != self._game.length:
            try:
                strategy = self._make(width)
            except AutobotError:
                return  # no words of that length: the loop's own message says so
            self.inner, self._game = as_player(strategy), strategy.game
            self._notes.append(f"the board is {width} letters wide: playing "
                               f"{strategy.game.label} words")
            return
        self.inner.see_page(frame, read)

    def take_notes(self) -> list[str]:
        """What the player should hear: the length taken, then the solver's own notes."""
        notes, self._notes = self._notes, []
        return notes + list(self.inner.take_notes())
