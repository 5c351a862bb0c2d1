"""Jotto pages laid out as a list (each guess a line of text with its count beside it).

Unit tests read captured Chromium frames (tests/data/jotto_list: the bundled page's
`mode=jotto&layout=list` in light / dark, 1x / 2x, hint letters coloured; the standalone
tests/data/pages/jotdesk table) against sidecars whose counts come from the rules; two real
games (one per page) check that `autobot play --game jotto --url URL` wins them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from autobot.cli import main
from autobot.games.jotto import jotto_feedback
from autobot.loop.jotto_list import matches, new_line
from autobot.vision import load_image
from autobot.vision.textlist import ListLine, ListRead, TextReader, background, read_list
from tests.conftest import require_chromium

DATA = Path(__file__).resolve().parent / "data" / "jotto_list"
PAGES = Path(__file__).resolve().parent / "data" / "pages"
FRAMES = sorted(p.stem for p in DATA.glob("*.png"))


def frame_and_truth(name: str) -> tuple[np.ndarray, dict[str, Any]]:
    return load_image(DATA / f"{name}.png"), json.loads((DATA / f"{name}.json").read_text())


@pytest.fixture(scope="module")
def reader() -> TextReader:
    return TextReader()


def test_the_fixtures_are_here_with_their_sidecars() -> None:
    assert len(FRAMES) == 6
    looks = set()
    for name in FRAMES:
        _, truth = frame_and_truth(name)
        looks.add((truth["theme"], truth["scale"], truth["source"].startswith("PAGES/")))
        # The sidecar's counts are the rule's, not anything read from the page.
        assert all(c == jotto_feedback(w, truth["answer"]) for w, c in truth["lines"])
    assert {(t, s) for t, s, _ in looks} >= {("light", 1.0), ("light", 2.0), ("dark", 1.0),
                                             ("dark", 2.0)}
    assert any(standalone for *_, standalone in looks)


@pytest.mark.parametrize("name", FRAMES)
def test_every_line_is_read_word_and_count(name: str, reader: TextReader) -> None:
    frame, truth = frame_and_truth(name)
    read = read_list(frame, 5, reader)
    assert [[line.word, line.count] for line in read.lines] == truth["lines"]
    assert all(line.sure for line in read.lines)
    # A word typed in the box but not submitted, and the page's other text, are not lines.
    if truth["typed"]:
        assert all(line.word != truth["typed"] for line in read.lines)


@pytest.mark.parametrize("name", ["bundled_light_1x_hint", "bundled_dark_2x_hint"])
def test_the_outlined_text_box_is_found(name: str, reader: TextReader) -> None:
    frame, _ = frame_and_truth(name)
    read = read_list(frame, 5, reader)
    assert read.field is not None
    x0, y0, x1, y1 = read.field
    # The box lies above the list, as wide as several words.
    assert y1 < read.lines[0].box[1] and x1 - x0 > 3 * (read.lines[0].box[2] - read.lines[0].box[0])


def test_the_list_is_found_anywhere_in_the_frame(reader: TextReader) -> None:
    """The same page pasted at another place of a bigger frame: the same lines, moved."""
    frame, truth = frame_and_truth("jotdesk_1x")
    h, w, _ = frame.shape
    big = np.empty((h + 300, w + 450, 3), np.uint8)
    big[:] = np.round(background(frame)).astype(np.uint8)
    big[211 : 211 + h, 377 : 377 + w] = frame
    before = read_list(frame, 5, reader)
    after = read_list(big, 5, reader)
    assert [[ln.word, ln.count] for ln in after.lines] == truth["lines"]
    assert [ln.box for ln in after.lines] == [
        (b.box[0] + 377, b.box[1] + 211, b.box[2] + 377, b.box[3] + 211) for b in before.lines]


def test_a_spoilt_letter_or_count_is_unsure_never_guessed(reader: TextReader) -> None:
    """A letter struck through by a line in the text's colour, or a count half painted over:
    that character reads '?' (or still right), never as another letter or digit."""
    import cv2

    frame, truth = frame_and_truth("bundled_dark_1x")
    read = read_list(frame, 5, reader)
    bg = np.round(background(frame)).astype(np.uint8)
    unsure = 0
    for i, line in enumerate(read.lines[:4]):
        word, count = truth["lines"][i]
        for k, g in enumerate(line.glyphs):
            x0, y0, x1, y1 = g.box
            spoilt = frame.copy()
            ink = tuple(int(v) for v in frame[y0:y1, x0:x1].reshape(-1, 3)[
                np.abs(frame[y0:y1, x0:x1].reshape(-1, 3).astype(int) - bg).sum(axis=1).argmax()])
            cv2.line(spoilt, (x0 - 2, y1 - 3), (x1 + 1, y0 + 3), ink, 2)
            again = {ln.box[1]: ln for ln in read_list(spoilt, 5, reader).lines}
            seen = again.get(line.box[1])
            if seen is None:
                continue  # the line is not taken for a guess at all: not a guess either
            assert seen.word[k] in ("?", word[k]), (word, k, seen.word)
            unsure += seen.word[k] == "?"
        x0, y0, x1, y1 = line.count_box
        spoilt = frame.copy()
        spoilt[y0 : (y0 + y1) // 2, x0:x1] = frame[y1 + 4, x0]  # the badge's own colour
        seen = {ln.box[1]: ln for ln in read_list(spoilt, 5, reader).lines}.get(line.box[1])
        assert seen is None or seen.count in (None, count), (word, seen)
    assert unsure >= 10  # it met characters it could not read (and said so)


def test_a_font_nobody_knows_is_learned_from_the_words_typed() -> None:
    """Letters only from this page's own glyphs: nothing is known before the bot's first word;
    after it, the letters of that word are read in the other lines, the rest stay unsure."""
    frame, truth = frame_and_truth("jotdesk_2x")
    reader = TextReader(builtin=False)
    read = read_list(frame, 5, reader)
    assert [ln.word for ln in read.lines] == ["?????"] * len(truth["lines"])
    assert [ln.count for ln in read.lines] == [c for _, c in truth["lines"]]  # digits known
    reader.learn(read.lines[0].glyphs, "slate")
    words = [ln.word for ln in read_list(frame, 5, reader).lines]
    assert words[0] == "slate" and words[3] == "stale" and words[4] == "least"
    # MONTH shares only T with SLATE: every other letter is unsure, not a look-alike.
    assert words[1] == "???t?"


def test_matches_and_new_line_are_by_word() -> None:
    assert matches("cr?ne", "crane") and not matches("crone", "crane")
    assert not matches("cran", "crane")

    def line(word: str, y: int) -> ListLine:
        return ListLine(word, 1, (0, y, 50, y + 10), (90, y, 99, y + 10))

    known = [line("slate", 0), line("month", 20)]
    below = ListRead((*known, line("crane", 40)), None)
    assert new_line(below, "crane", known) == line("crane", 40)
    # The newest on top: the old lines moved down, the new one took the first place.
    on_top = ListRead((line("crane", 0), line("slate", 20), line("month", 40)), None)
    assert new_line(on_top, "crane", known) == line("crane", 0)
    assert new_line(ListRead(tuple(known), None), "crane", known) is None


def test_read_cli_gives_the_list(capsys: pytest.CaptureFixture[str]) -> None:
    shot = DATA / "bundled_dark_2x_hint.png"
    assert main(["read", "--game", "jotto", str(shot), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["found"] and out["layout"] == "list"
    assert [[ln["word"], ln["count"]] for ln in out["lines"]] == frame_and_truth(
        "bundled_dark_2x_hint")[1]["lines"]
    # Without --game jotto a list page is no Wordle board.
    assert main(["read", str(shot), "--json"]) == 3


# --- real games, real Chromium -----------------------------------------------------------------


def _play(url: str, tmp_path: Path, *extra: str) -> dict[str, Any]:
    out = tmp_path / "game.json"
    code = main(["play", "--game", "jotto", "--url", url, "--json", str(out), *extra])
    record = json.loads(out.read_text())
    record["code"] = code
    return record


@pytest.mark.browser
def test_the_bundled_list_page_is_won(base: str, tmp_path: Path) -> None:
    """A list with count badges and an outlined text box that has to be clicked (the page
    does not focus it); dark, hint letters coloured; a short window, so the list grows past
    the bottom of the view (seven guesses, about five lines in view) and is scrolled."""
    require_chromium()
    record = _play(f"{base}?mode=jotto&layout=list&answer=crane&anim=0&theme=dark&hint=1",
                   tmp_path, "--window-size", "1100x500")
    assert record["code"] == 0 and record["won"] and record["layout"] == "list", record
    assert record["guesses"][-1] == {"word": "crane", "count": 5} and record["field"]
    assert len(record["guesses"]) >= 6 and record["scrolled"] >= 1, record


@pytest.mark.browser
def test_the_standalone_table_page_is_won(tmp_path: Path) -> None:
    """jotdesk: a table of lowercase monospace words and bare digits, an underlined field,
    a word it does not know left in the field (erased, another tried)."""
    require_chromium()
    from autobot.page.server import serve_folder

    with serve_folder(PAGES) as url:
        record = _play(f"{url}jotdesk/?answer=joint", tmp_path)
    assert record["code"] == 0 and record["won"], record
    assert record["guesses"][-1]["word"] == "joint"
    for g in record["guesses"]:
        assert g["count"] == (5 if g["word"] == "joint" else jotto_feedback(g["word"], "joint"))


# --- the list loop's logic, on a fake page (pure logic: what it types, when it says won) -------


class FakeListPage:
    """A Jotto list page reduced to its rules: typed words, lines, a list it accepts."""

    def __init__(self, answer: str, accepts: set[str], unreadable: set[str] = frozenset(),
                 view: int = 20, newest_first: bool = False) -> None:
        self.newest_first = newest_first
        self.answer, self.accepts, self.unreadable = answer, accepts, unreadable
        self.view, self.top, self.scrolled = view, 0, 0  # lines in view, first line shown
        self.shape = (30 * view + 10, 200, 3)
        self.lines: list[tuple[str, int]] = []
        self.box = ""
        self.done = False
        self.erased = 0
        self.screen = self

    def grab(self) -> FakeListPage:
        return self

    def click(self, x: float, y: float) -> None:
        pass

    def type_word(self, word: str) -> None:
        if not self.done:
            self.box += word

    def press_enter(self) -> None:
        word = self.box
        if self.done or word not in self.accepts:
            return  # refused: the word stays in the box
        self.box = ""
        # The word itself shows 5 on the page, as an anagram does (jotto_feedback says 6).
        self.lines.append((word, min(5, jotto_feedback(word, self.answer))))
        self.done = word == self.answer

    def erase(self, n: int) -> None:
        self.erased += 1
        self.box = self.box[:-n] if n else self.box

    def scroll(self, x: float, y: float, dy: float) -> None:
        self.top += max(1, int(dy // 30))
        self.scrolled += 1

    def read(self) -> ListRead:
        lines = self.lines[::-1] if self.newest_first else self.lines
        shown = list(enumerate(lines))[self.top : self.top + self.view]
        return ListRead(tuple(
            ListLine(w, None if w in self.unreadable else c,
                     (0, 30 * (i - self.top), 50, 30 * (i - self.top) + 20),
                     (90, 30 * (i - self.top), 99, 30 * (i - self.top) + 20))
            for i, (w, c) in shown), (0, 500, 200, 530) if self.top == 0 else None)


def _small_jotto(words: tuple[str, ...]) -> Any:
    import dataclasses

    from autobot.games.jotto import make

    return dataclasses.replace(make(5), answers=words, guesses=words)


def _play_fake(page: FakeListPage, words: tuple[str, ...], monkeypatch: pytest.MonkeyPatch,
               start: str | None = None) -> Any:
    from autobot.games.strategy import GameStrategy
    from autobot.loop import jotto_list

    monkeypatch.setattr(jotto_list, "read_list", lambda frame, length, reader: frame.read())
    monkeypatch.setattr(jotto_list, "POLL", 0.0)
    game = _small_jotto(words)
    return jotto_list.play_list_game(page, GameStrategy(game, start=start), game, settle=0.05)


WORDS = ("least", "slate", "stale", "crane", "joint", "month", "brick", "pious", "fight",
         "dwarf", "glyph", "vixen")


def test_fake_a_count_of_five_with_no_anagram_left_is_the_win(
        monkeypatch: pytest.MonkeyPatch) -> None:
    page = FakeListPage("joint", set(WORDS))
    result = _play_fake(page, WORDS, monkeypatch)
    assert result.won and result.turns[-1].guess == "joint" and not result.refused
    assert [t.guess for t in result.turns] == [w for w, _ in page.lines]


@pytest.mark.parametrize("answer", ["least", "stale"])
def test_fake_an_anagram_is_played_on_until_the_page_takes_no_more_words(
        answer: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """SLATE scores 5 against LEAST and STALE: not a win. LEAST (tried first) scores 5 too:
    against LEAST the page takes no further word (the probe is erased), so it was the word;
    against STALE it takes the next word, and STALE with no anagram left is the win."""
    page = FakeListPage(answer, set(WORDS))
    result = _play_fake(page, WORDS, monkeypatch, start="slate")
    assert result.won and page.done
    assert result.turns[0].marks == "5" and result.turns[-1].guess == answer
    assert result.turns[-1].marks == "GGGGG"
    assert [t.guess for t in result.turns] == [w for w, _ in page.lines]
    assert page.erased == (1 if answer == "least" else 0)


def test_fake_a_word_the_page_refuses_is_erased_and_never_typed_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    page = FakeListPage("crane", set(WORDS) - {"slate"})
    result = _play_fake(page, WORDS, monkeypatch, start="slate")
    assert result.won and result.refused == ["slate"] and page.erased >= 1
    assert "slate" not in [t.guess for t in result.turns]


def test_fake_a_count_that_cannot_be_read_stops_with_its_code(
        monkeypatch: pytest.MonkeyPatch) -> None:
    page = FakeListPage("crane", set(WORDS), unreadable={"month"})
    result = _play_fake(page, WORDS, monkeypatch, start="month")
    assert not result.won and result.stopped == "no-count" and "MONTH" in result.error
    assert result.to_json()["stopped"] == "no-count"


# --- text drawn with the fonts installed here (PIL), in layouts the pages above do not have ---

FONTS = Path("/usr/share/fonts/truetype")


def _drawn(lines: list[tuple[str, str]], font: str, size: int) -> np.ndarray:
    """Dark words and their counts' text on a light page, one line each."""
    from PIL import Image, ImageDraw, ImageFont

    path = FONTS / font
    if not path.is_file():
        pytest.skip(f"{path} is not installed")
    img = Image.new("RGB", (900, 120 + 2 * size * len(lines)), (250, 250, 245))
    draw, face = ImageDraw.Draw(img), ImageFont.truetype(str(path), size)
    for i, (word, count) in enumerate(lines):
        draw.text((60, 80 + 2 * size * i), word, fill=(30, 30, 30), font=face)
        draw.text((60 + 8 * size, 80 + 2 * size * i), count, fill=(30, 30, 30), font=face)
    return np.asarray(img)


@pytest.mark.parametrize(("font", "size", "lines"), [
    ("liberation/LiberationMono-Regular.ttf", 16, [("crane", "3"), ("pious", "0"),
                                                   ("fight", "1")]),
    # Bold narrow capitals touch (UI, PY): one glyph short, cut where it reads best.
    ("liberation/LiberationSansNarrow-Bold.ttf", 15, [("QUICK", "2"), ("JUMPY", "4"),
                                                      ("VIXEN", "1")]),
    # A label repeated on every line is not the guess; the digit after it is the count.
    ("dejavu/DejaVuSerif.ttf", 20, [("crane", "score: 3"), ("pious", "score: 0"),
                                    ("fight", "score: 1")]),
    ("liberation/LiberationSans-Regular.ttf", 18, [("CRANE", "(3)"), ("PIOUS", "(0)"),
                                                   ("FIGHT", "(1)")]),
])
def test_drawn_lists_are_read_or_unsure(font: str, size: int, lines: list[tuple[str, str]],
                                        reader: TextReader) -> None:
    read = read_list(_drawn(lines, font, size), 5, reader)
    assert [ln.count for ln in read.lines] == [int(c.strip("():score ")) for _, c in lines]
    for line, (word, _) in zip(read.lines, lines, strict=True):
        assert matches(line.word, word.lower()), (line.word, word)  # right, or '?' where unsure
    if "Mono" in font or "Narrow" in font:
        assert [ln.word for ln in read.lines] == [w.lower() for w, _ in lines]


def test_fake_a_list_that_grows_past_the_view_is_scrolled(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two lines in view: each new line lands below the fold; the list is scrolled by the
    wheel over its last line, and the game goes on (no word taken for a refusal)."""
    page = FakeListPage("joint", set(WORDS), view=2)
    result = _play_fake(page, WORDS, monkeypatch, start="slate")
    assert result.won and not result.refused and page.scrolled >= 1
    assert [t.guess for t in result.turns] == [w for w, _ in page.lines]


def test_fake_a_list_with_the_newest_guess_on_top(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each new line takes the first place and pushes the others down: told by its word."""
    page = FakeListPage("joint", set(WORDS), newest_first=True)
    result = _play_fake(page, WORDS, monkeypatch, start="slate")
    assert result.won and not result.refused
    assert [(t.guess, t.marks) for t in result.turns[:-1]] == [
        (w, str(c)) for w, c in page.lines[:-1]]


class DrawnListPage(FakeListPage):
    """The fake page's lines drawn in pixels (an installed monospace font), read for real."""

    def grab(self) -> np.ndarray:  # type: ignore[override]
        from PIL import Image, ImageDraw, ImageFont

        font = FONTS / "dejavu" / "DejaVuSansMono.ttf"
        if not font.is_file():
            pytest.skip(f"{font} is not installed")
        img = Image.new("RGB", (700, 520), (245, 245, 250))
        draw, face = ImageDraw.Draw(img), ImageFont.truetype(str(font), 22)
        for i, (word, count) in enumerate(self.lines):
            draw.text((80, 60 + 40 * i), word.upper(), fill=(20, 20, 60), font=face)
            draw.text((400, 60 + 40 * i), str(count), fill=(20, 20, 60), font=face)
        return np.asarray(img)


def test_fake_a_font_nobody_knows_is_learned_while_playing() -> None:
    """No letter template at all: the first line is the one new line after the first word,
    its glyphs become the page's; later lines are told by their known letters (a letter
    still unknown matches anything), and the game is won."""
    from autobot.games.strategy import GameStrategy
    from autobot.loop.jotto_list import play_list_game

    page = DrawnListPage("joint", set(WORDS))
    game = _small_jotto(WORDS)
    reader = TextReader(builtin=False)
    result = play_list_game(page, GameStrategy(game, start="slate"), game, settle=0.3,
                            reader=reader)
    assert result.won and result.learned >= 5 and not result.refused, result
    assert [t.guess for t in result.turns] == [w for w, _ in page.lines]
    assert {ch for ch, _ in reader.learned} >= set("SLATE")


@pytest.mark.parametrize(("font", "upright"), [
    ("truetype/liberation/LiberationSans-Regular.ttf", True),
    ("truetype/liberation/LiberationMono-Regular.ttf", True),
    ("truetype/liberation/LiberationSerif-Bold.ttf", True),
    ("truetype/liberation/LiberationSans-Italic.ttf", False),
    ("truetype/dejavu/DejaVuSans-Oblique.ttf", False),
    # URW's base 35 (installed with ghostscript): an italic its name does not say, and dingbats.
    ("opentype/urw-base35/C059-BdIta.otf", False),
    ("opentype/urw-base35/D050000L.otf", False),
    ("opentype/urw-base35/NimbusSans-Regular.otf", True),
])
def test_only_fonts_drawing_upright_latin_letters_give_templates(font: str, upright: bool) -> None:
    from autobot.vision.textlist import draws_upright_latin

    path = Path("/usr/share/fonts") / font
    if not path.is_file():
        pytest.skip(f"{path} is not installed")
    assert draws_upright_latin(path) is upright
