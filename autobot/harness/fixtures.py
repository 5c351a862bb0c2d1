"""The screenshot fixture catalogue as data: which game, which look, which moment to capture.

Pure: no browser here. `autobot fixtures make` (autobot/harness/capture.py) plays each entry on the
bundled page in real Chromium and writes `NAME.png` + `NAME.json`. The expected board comes from
the known guesses and answer through `autobot.rules.score` (the ground truth), never from the DOM.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from autobot.errors import AutobotError
from autobot.games import find_game
from autobot.games.absurdle import reply
from autobot.rules import WORD_LENGTH, Turn, code_to_marks, hard_mode_violation, score

ROWS = 6
DEFAULT_OUT = "fixtures/screenshots"  # where `autobot fixtures make` writes them
DEFAULT_PENDING = "fixtures/pending"  # fixtures today's reader misreads (Fixture.pending)
# What the capture waits for (see `Fixture.moment`); "intro": the page's "How To Play" dialog
# is up over the board (`intro=1`), so there is no board to find.
Moment = Literal["settled", "flip", "shake", "toast", "win", "loss", "stats", "intro"]
MOMENTS: tuple[str, ...] = ("settled", "flip", "shake", "toast", "win", "loss", "stats",
                            "intro")
# What covers the board at these moments: a reader must find no board.
COVERED: tuple[str, ...] = ("stats", "intro")

Row = tuple[str, str]  # (LETTERS, MARKS) as in ../shared/real-screens/labels.json


@dataclass(frozen=True)
class Fixture:
    """One screenshot to make: a game state, how the page looks, and when to press the shutter."""

    name: str
    answer: str
    guesses: tuple[str, ...] = ()  # submitted rows, replayed by the page on load (`guesses=`)
    typed: str = ""  # letters typed after load (not submitted unless `enter`)
    enter: bool = False  # press Enter after `typed` (a submit, accepted or rejected)
    theme: str = "light"
    contrast: bool = False
    scale: float = 1.0
    window: tuple[int, int] = (1280, 1024)
    hard: bool = False
    anim: bool = False
    moment: str = "settled"
    at_ms: int | None = None  # flip/shake: freeze animations this long after Enter
    stats: bool = False  # let the page open its statistics modal after the game
    # Other page options (autobot.page.server.page_url keywords: palette, tiles, hint, rows),
    # as sorted (name, value) pairs so the fixture stays hashable.
    page: tuple[tuple[str, object], ...] = ()
    # Why today's reader misreads it: made into fixtures/pending/ (not replayed with the rest)
    # until the reader is fixed, then the reason is dropped and it joins the catalogue.
    pending: str = ""
    note: str = ""
    tags: tuple[str, ...] = field(default=())
    length: int = 5  # letters per word (the page's length=)
    mode: str = "wordle"  # the page's mode= (autobot.games: wordle, absurdle, jotto)

    @property
    def look(self) -> str:
        """'light', 'dark', 'light-hc' or 'dark-hc'."""
        return self.theme + ("-hc" if self.contrast else "")

    @property
    def rows(self) -> int:
        """How many rows the page's board has (`rows=N`; length + 1 by default)."""
        return board_rows(self)

    @property
    def covered(self) -> bool:
        """A dialog covers the board: nothing to find."""
        return self.moment in COVERED


def _typed_row(letters: str) -> Row:
    return letters.upper(), "t" * len(letters) + "." * (WORD_LENGTH - len(letters))


def variant_turns(fx: Fixture, guesses: tuple[str, ...] | None = None
                  ) -> list[tuple[str, str, int | None]]:
    """(guess, tile marks, Jotto count or None) of the game's rows (`guesses`, default the
    fixture's), from the game's rules: Wordle's colours at any length; Absurdle's adversary
    answers each guess; a Jotto row's tiles are absent (correct on a win)."""
    game = find_game(fx.mode, fx.length)
    out: list[tuple[str, str, int | None]] = []
    left = game.answers
    for guess in fx.guesses if guesses is None else guesses:
        if game.adversarial:
            code, left = reply(game, guess, left)
            out.append((guess, code_to_marks(code, fx.length), None))
        elif game.page == "count":
            code = game.feedback(guess, fx.answer)
            won = code == game.win_code
            out.append((guess, ("G" if won else "X") * fx.length, fx.length if won else code))
        else:
            out.append((guess, score(guess, fx.answer), None))
    return out


def board_rows(fx: Fixture) -> int:
    """Rows the page shows: length + 1, or the played ones plus one (Absurdle, Jotto)."""
    if fx.mode == "wordle":
        return int(dict(fx.page).get("rows", fx.length + 1))  # type: ignore[call-overload]
    done = any(m == "G" * fx.length for _, m, _ in variant_turns(fx))
    return len(fx.guesses) + (0 if done else 1)


def expected_counts(fx: Fixture) -> list[int | None]:
    """Jotto: the count beside each board row (None beside an unplayed row); [] otherwise."""
    if fx.mode != "jotto":
        return []
    counts = [c for _, _, c in variant_turns(fx)]
    return (counts + [None] * board_rows(fx))[: board_rows(fx)]


def submitted_turns(fx: Fixture, allowed: frozenset[str] | None = None) -> list[tuple[str, str]]:
    """(guess, marks) of every row the game has accepted, the Enter of `typed` included."""
    entered = (fx.typed,) if fx.enter and accepts(fx, allowed) else ()
    return [(g, m) for g, m, _ in variant_turns(fx, (*fx.guesses, *entered))]


def accepts(fx: Fixture, allowed: frozenset[str] | None = None) -> bool:
    """Would the game accept `typed` on Enter (the game's length, in the list, hard-mode
    legal)?"""
    word = fx.typed.lower()
    if len(word) != fx.length:
        return False
    if allowed is not None and word not in allowed:
        return False
    if fx.hard:
        history = [Turn(g, score(g, fx.answer)) for g in fx.guesses]
        if hard_mode_violation(word, history) is not None:
            return False
    return True


def expected_rows(fx: Fixture, allowed: frozenset[str] | None = None) -> list[Row]:
    """The board as the labels format, before occlusion: '?' only for a row caught mid-flip."""
    if fx.covered:
        return []  # a modal hides the board: there is nothing to find
    rows: list[Row] = []
    for guess, marks in submitted_turns(fx, allowed):
        rows.append((guess.upper(), marks))
    if fx.typed and fx.enter and accepts(fx, allowed) and fx.moment == "flip":
        # Tiles not yet turning still show the typed letter, turned ones their colour; a tile
        # caught turning may show anything ('?').
        assert fx.at_ms is not None
        letters, final = rows[-1]
        marks = []
        for j in range(WORD_LENGTH):
            e = fx.at_ms - j * STAGGER_MS
            marks.append("t" if e < 0 else final[j] if e >= 2 * FLIP_MS else "?")
        rows[-1] = (letters, "".join(marks))
    elif fx.typed and fx.enter and accepts(fx, allowed) and fx.moment == "toast" and (
        fx.at_ms is not None
    ):
        # The winning row is bouncing: its tiles are off their places.
        rows[-1] = (rows[-1][0], "?" * WORD_LENGTH)
    elif fx.typed and not (fx.enter and accepts(fx, allowed)):
        letters, marks = _typed_row(fx.typed)
        if fx.moment == "shake":
            marks = "?" * WORD_LENGTH  # the row slides sideways while it shakes
        rows.append((letters, marks))
    shown = board_rows(fx)
    while len(rows) < shown:
        rows.append(("", "." * fx.length))
    return rows[:shown]


# The page's reveal timing (autobot/page/app.js): tile c starts flipping c * STAGGER_MS after
# Enter; each half of the flip takes FLIP_MS; the win bounce starts tile c after c * BOUNCE_MS.
STAGGER_MS = 300
FLIP_MS = 250
BOUNCE_STAGGER_MS = 100


def flip_catch(at_ms: int) -> tuple[int, str]:
    """Which tile, in which half of its flip ('flip-in' / 'flip-out'), is turning `at_ms` after
    Enter: the maker waits for that moment, freezes the page and sets every animation's clock."""
    k = min(WORD_LENGTH - 1, at_ms // STAGGER_MS)
    e = at_ms - k * STAGGER_MS
    if at_ms < 0 or e >= 2 * FLIP_MS:
        raise AutobotError(f"no tile is turning {at_ms} ms after Enter")
    return k, ("flip-in" if e < FLIP_MS else "flip-out")


def expected_settled(rows: list[Row]) -> bool:
    """A frame with a moving or covered tile ('?', occlusion applied) must read as not settled."""
    return bool(rows) and not any("?" in m for _, m in rows)


# --- the catalogue -----------------------------------------------------------------------------
# Looks and windows every kind of moment is spread over.
LOOKS: tuple[tuple[str, bool], ...] = (("light", False), ("dark", False), ("light", True),
                                       ("dark", True))
GEOMETRIES: dict[str, tuple[tuple[int, int], float]] = {
    "desk": ((1280, 1024), 1.0),
    "desk2x": ((1280, 1024), 2.0),
    "short": ((1366, 768), 1.0),
    "phone": ((412, 915), 1.0),
    "phone3x": ((412, 915), 3.0),  # a phone's own screenshot (device pixel ratio 3)
}

# Games part-way through (answer, submitted guesses): double letters on purpose.
MIDGAMES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("speed", ("crane", "slate")),
    ("robot", ("later", "snort")),
    ("llama", ("stare", "pilot")),
    ("eerie", ("crane", "bidet", "ferry")),
    ("mamma", ("slate", "drama")),
    ("patty", ("stern", "clout", "pithy")),
    ("bloke", ("truce", "plane")),
    ("gloom", ("group", "ghost", "gloat")),
    ("upset", ("world", "group")),
    ("froth", ("space", "ghoul", "drink")),
    ("liver", ("stern", "erode", "relay")),
    ("yearn", ("adieu",)),
    ("vivid", ("audio", "plink")),
    ("fluff", ("cough", "puffy")),
    ("geese", ("sense", "theme")),
    ("knoll", ("crane", "lions", "troll", "droll", "atoll")),
)
# Won games: the last guess is the answer.
WINS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("speed", ("crane", "slate", "spend", "speed")),
    ("robot", ("later", "snort", "orbit", "robot")),
    ("llama", ("stare", "pilot", "llama")),
    ("eerie", ("crane", "bidet", "eerie")),
    ("mamma", ("slate", "drama", "mamma")),
    ("crane", ("crane",)),
    ("bloke", ("truce", "plane", "bloke")),
    ("froth", ("space", "ghoul", "drink", "wroth", "broth", "froth")),
)
# Lost games: six guesses, none the answer.
LOSSES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("hatch", ("catch", "batch", "latch", "match", "patch", "watch")),
    ("jazzy", ("crane", "pilot", "dough", "fussy", "buzzy", "fizzy")),
    ("mamma", ("crane", "slate", "pilot", "dough", "fuzzy", "drama")),
    ("eerie", ("crane", "bidet", "ferry", "merry", "berry", "leery")),
    ("sassy", ("slate", "sound", "sissy", "sappy", "salsa", "gassy")),
)

# Hard-mode games: every guess keeps the greens and reuses the revealed letters.
HARD_GAMES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("speed", ("crane", "slate", "spend")),
    ("robot", ("later", "snort")),
)


# Other word lengths (answer, guesses), light and dark each; Absurdle and Jotto part-way.
LENGTH_GAMES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("able", ("sale", "tore")),
    ("planet", ("streak", "garden")),
    ("machine", ("project", "pleased")),
    ("temperature", ("grandfather", "information")),
)
ABSURDLE_GUESSES = ("crane", "sloth", "pudgy")
JOTTO_GAME = ("fight", ("crane", "sloth", "night"))


def _id(look: tuple[str, bool]) -> str:
    theme, contrast = look
    return theme + ("-hc" if contrast else "")


def _make(kind: str, look: tuple[str, bool], geom: str, **kw: object) -> Fixture:
    theme, contrast = look
    window, scale = GEOMETRIES[geom]
    name = f"{kind}_{_id(look)}_{geom}"
    return Fixture(name=name, theme=theme, contrast=contrast, window=window, scale=scale,
                   tags=(kind, _id(look), geom), **kw)  # type: ignore[arg-type]


def _build() -> tuple[Fixture, ...]:
    out: list[Fixture] = []
    geoms = ["desk", "desk2x", "short", "phone"]
    # Mid-game boards: every look in every window (16).
    i = 0
    for look in LOOKS:
        for geom in geoms:
            answer, guesses = MIDGAMES[i % len(MIDGAMES)]
            out.append(_make("mid", look, geom, answer=answer, guesses=guesses))
            i += 1
    # Mid-game, animations on: the last row typed and flipped live, captured once still (4).
    for look, geom in zip(LOOKS, ("desk", "phone", "short", "desk2x"), strict=True):
        answer, guesses = MIDGAMES[i % len(MIDGAMES)]
        out.append(_make("midanim", look, geom, answer=answer, guesses=guesses[:-1],
                         typed=guesses[-1], enter=True, anim=True))
        i += 1
    # Empty boards (6).
    for look, geom in zip(LOOKS + LOOKS[:2], ("desk", "desk", "phone", "short", "desk2x",
                                               "phone"), strict=True):
        fx = _make("empty", look, geom, answer="crane")
        out.append(fx if fx.name not in {f.name for f in out} else _renamed(fx, "2"))
    # A row typed, not submitted: a full word and a partial one (8).
    typed_cases = (("slate", "desk"), ("cr", "phone"), ("pilot", "short"), ("abcde", "desk2x"))
    for j, look in enumerate(LOOKS):
        for k in range(2):
            word, geom = typed_cases[(j + k) % len(typed_cases)]
            answer, guesses = MIDGAMES[(j * 2 + k) % len(MIDGAMES)]
            guesses = guesses[:1] if k else guesses
            out.append(_make("typed", look, geom, answer=answer, guesses=guesses, typed=word))
    # Won and settled (the win toast gone, no modal) (6).
    for j, (look, geom) in enumerate(zip(LOOKS + LOOKS[:2],
                                         ("desk", "short", "phone", "desk2x", "phone", "desk"),
                                         strict=True)):
        answer, guesses = WINS[j]
        fx = _make("win", look, geom, answer=answer, guesses=guesses, moment="win")
        out.append(fx if fx.name not in {f.name for f in out} else _renamed(fx, "2"))
    # Winning Enter typed live: the win word toast over the board, mid-bounce or after (2).
    for j, (look, at) in enumerate(zip(LOOKS[:2], (300, None), strict=True)):
        answer, guesses = WINS[6 + j]
        out.append(_make("wintoast", look, "desk", answer=answer, guesses=guesses[:-1],
                         typed=guesses[-1], enter=True, anim=True, moment="toast", at_ms=at))
    # Lost: six rows, the answer shown in a toast (5).
    for j, (look, geom) in enumerate(zip(LOOKS + LOOKS[:1],
                                         ("desk", "desk2x", "short", "phone", "phone"),
                                         strict=True)):
        answer, guesses = LOSSES[j]
        fx = _make("loss", look, geom, answer=answer, guesses=guesses, moment="loss")
        out.append(fx if fx.name not in {f.name for f in out} else _renamed(fx, "2"))
    # Mid-flip: a submitted row caught while its tiles turn (6).
    flip_cases = ((200, "desk"), (1000, "desk2x"), (700, "phone"), (1550, "short"),
                  (450, "desk"), (1280, "phone"))
    for j, (at, geom) in enumerate(flip_cases):
        look = LOOKS[j % len(LOOKS)]
        answer, guesses = MIDGAMES[(j + 3) % len(MIDGAMES)]
        word = WINS[j][1][0] if WINS[j][1][0] not in guesses else "pious"
        fx = _make("flip", look, geom, answer=answer, guesses=guesses[:-1] or (),
                   typed=word, enter=True, anim=True, moment="flip", at_ms=at)
        out.append(fx if fx.name not in {f.name for f in out} else _renamed(fx, "2"))
    # Shake: a word not in the list, the row shaking under "Not in word list" (4).
    for j, look in enumerate(LOOKS):
        geom = ("desk", "phone", "desk2x", "short")[j]
        answer, guesses = MIDGAMES[(j + 5) % len(MIDGAMES)]
        out.append(_make("shake", look, geom, answer=answer, guesses=guesses, typed="abcde",
                         enter=True, anim=True, moment="shake", at_ms=200))
    # "Not enough letters" toast over the board, animations off (4).
    for j, look in enumerate(LOOKS):
        geom = ("short", "desk", "phone", "desk")[j]
        answer, guesses = MIDGAMES[(j + 9) % len(MIDGAMES)]
        out.append(_make("short-word", look, geom, answer=answer, guesses=guesses, typed="cra",
                         enter=True, moment="toast"))
    # Hard mode: an illegal guess gets the game's message ("Guess must contain E") (4).
    hard_cases = (("speed", ("crane",), "pilot"), ("robot", ("torso",), "crane"),
                  ("llama", ("stare",), "pilot"), ("eerie", ("crane", "there"), "goofy"))
    for j, look in enumerate(LOOKS):
        answer, guesses, bad = hard_cases[j]
        geom = ("desk", "phone", "short", "desk2x")[j]
        out.append(_make("hard", look, geom, answer=answer, guesses=guesses, typed=bad,
                         enter=True, hard=True, moment="toast"))
    # Hard mode, settled mid-game (the next guess must be hard-legal) (2).
    for look, (answer, guesses) in zip(LOOKS[:2], HARD_GAMES, strict=True):
        out.append(_make("hardmid", look, "desk", answer=answer, guesses=guesses, hard=True))
    # The statistics modal after a game: no board to find (4).
    for j, look in enumerate(LOOKS):
        geom = ("desk", "phone", "short", "desk2x")[j]
        answer, guesses = (WINS[j] if j % 2 == 0 else LOSSES[j])
        out.append(_make("stats", look, geom, answer=answer, guesses=guesses, moment="stats",
                         stats=True))
    # Phone screenshots at the phone's own pixel density (3).
    out.append(_make("mid", LOOKS[1], "phone3x", answer="patty",
                     guesses=("stern", "clout", "pithy")))
    out.append(_make("typed", LOOKS[2], "phone3x", answer="robot", guesses=("later",),
                     typed="snort"))
    out.append(_make("win", LOOKS[3], "phone3x", answer="llama",
                     guesses=("stare", "pilot", "llama"), moment="win"))
    out += _page_options()
    out.extend(_variants())
    return tuple(out)


LIGHT, DARK, LIGHT_HC, DARK_HC = LOOKS


def _option(kind: str, look: tuple[str, bool], geom: str, game: tuple[str, tuple[str, ...]],
            page: dict[str, object], **kw: object) -> Fixture:
    """A fixture of the page with other options (`page`): named KIND_LOOK_GEOM, tagged by them."""
    answer, guesses = game
    fx = _make(kind, look, geom, answer=answer, guesses=guesses,
               page=tuple(sorted(page.items())), **kw)
    from dataclasses import replace

    return replace(fx, tags=fx.tags + tuple(
        f"{k}={int(v) if isinstance(v, bool) else v}" for k, v in sorted(page.items())))


def _page_options() -> list[Fixture]:
    """Boards of the page's quirk options (other clones' palettes, tile shapes, faint hint
    letters, row counts, the "How To Play" dialog), alone and with dark / high contrast."""
    mamma, speed, knoll = MIDGAMES[4], MIDGAMES[0], MIDGAMES[15]
    out: list[Fixture] = []
    # Palettes of other clones (green / yellow / grey of each, 10).
    for palette, look, geom, game in (
        ("letreco", LIGHT, "desk", mamma), ("letreco", DARK, "desk", speed),
        ("letreco", DARK_HC, "short", MIDGAMES[6]),
        ("pastel", LIGHT, "desk", speed), ("pastel", DARK, "short", mamma),
        ("pastel", LIGHT_HC, "desk", MIDGAMES[2]),
        ("colorblind", LIGHT, "desk2x", MIDGAMES[1]), ("colorblind", DARK, "desk", MIDGAMES[5]),
        ("slate", LIGHT, "phone", MIDGAMES[3]), ("slate", DARK, "desk", MIDGAMES[9]),
    ):
        out.append(_option(f"palette-{palette}", look, geom, game, {"palette": palette}))
    # Tile shapes (6).
    for tiles, look, geom, game in (
        ("round", LIGHT, "desk", speed), ("rounded", DARK, "desk2x", mamma),
        ("rect", LIGHT_HC, "short", MIDGAMES[8]), ("rect", DARK, "phone", MIDGAMES[10]),
        ("outline", LIGHT, "desk", MIDGAMES[12]), ("outline", DARK_HC, "desk", MIDGAMES[13]),
    ):
        out.append(_option(f"tiles-{tiles}", look, geom, game, {"tiles": tiles}))
    # Known greens as faint letters in the row being typed: not typed letters (3).
    out.append(_option("hint", LIGHT, "desk", mamma, {"hint": True}))
    out.append(_option("hint", DARK, "desk", mamma, {"hint": True}, typed="cr"))
    out.append(_option("hint", LIGHT_HC, "short", MIDGAMES[7], {"hint": True}))
    # Rows not played yet drawn as solid dark tiles (Lingle): rows of the board (3).
    out.append(_option("filled", LIGHT, "desk", mamma, {"filled": True}, typed="cr"))
    out.append(_option("filled", DARK, "desk", speed, {"filled": True}))
    out.append(_option("filled", LIGHT_HC, "short", MIDGAMES[7], {"filled": True}))
    # Other row counts: 4 and 5 (tiles keep their size) and 8 (tiles shrink) (5).
    out.append(_option("rows4", LIGHT, "desk", mamma, {"rows": 4}))
    out.append(_option("rows8", DARK, "desk", knoll, {"rows": 8}))
    out.append(_option("rows5", DARK_HC, "desk2x", MIDGAMES[6], {"rows": 5}))
    # 8 rows in a 768 px window: 45 px tiles with a 2 px border (the search sees 20 px).
    out.append(_option("rows8", LIGHT_HC, "short", speed, {"rows": 8}, typed="spe"))
    out.append(_option("rows8", DARK, "short", speed, {"rows": 8}))
    # Combinations like real clones (letreco's rect tiles in its colours, ...) (3).
    out.append(_option("letreco-rect", DARK, "desk", speed,
                       {"palette": "letreco", "tiles": "rect"}))
    out.append(_option("pastel-round", LIGHT, "desk", MIDGAMES[5],
                       {"palette": "pastel", "tiles": "round"}))
    out.append(_option("colorblind-rounded-hint", DARK_HC, "desk", mamma,
                       {"palette": "colorblind", "tiles": "rounded", "hint": True}))
    # "How To Play" up on load, its example tiles over the board: no board to find (3).
    out.append(_option("intro", LIGHT, "desk", ("crane", ()), {"intro": True}, moment="intro"))
    out.append(_option("intro", DARK_HC, "desk2x", mamma, {"intro": True}, moment="intro"))
    out.append(_option("intro", DARK, "short", speed, {"intro": True, "palette": "letreco"},
                       moment="intro"))
    out.append(_option("intro", LIGHT_HC, "phone", MIDGAMES[1], {"intro": True},
                       moment="intro"))
    return out


def _variants() -> list[Fixture]:
    """Boards of 4, 6, 7 and 11 letters (light and dark), Absurdle and Jotto mid-game."""
    from dataclasses import replace

    out: list[Fixture] = []
    for answer, guesses in LENGTH_GAMES:
        for look in LOOKS[:2]:
            out.append(_make(f"len{len(answer)}", look, "desk", answer=answer, guesses=guesses,
                             length=len(answer)))
    for look in LOOKS[:2]:
        out.append(_make("absurdle", look, "desk", answer="", guesses=ABSURDLE_GUESSES,
                         mode="absurdle"))
        out.append(_make("jotto", look, "desk", answer=JOTTO_GAME[0], guesses=JOTTO_GAME[1],
                         mode="jotto"))
    return [replace(fx, tags=(*fx.tags, "variant")) for fx in out]


def _renamed(fx: Fixture, suffix: str) -> Fixture:
    from dataclasses import replace

    return replace(fx, name=f"{fx.name}-{suffix}")


ALL: tuple[Fixture, ...] = _build()
CATALOGUE: tuple[Fixture, ...] = tuple(fx for fx in ALL if not fx.pending)
PENDING: tuple[Fixture, ...] = tuple(fx for fx in ALL if fx.pending)


def by_name(names: list[str] | tuple[str, ...] | None = None) -> list[Fixture]:
    """The fixtures called `names` (all, pending ones too, when empty); an unknown name is a
    one-line error."""
    if not names:
        return list(ALL)
    index = {fx.name: fx for fx in ALL}
    missing = [n for n in names if n not in index]
    if missing:
        raise AutobotError(f"no fixture named {', '.join(missing)} (see `autobot fixtures list`)")
    return [index[n] for n in names]
