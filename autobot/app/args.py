"""argparse value types shared by the commands (a bad value is a one-line error, exit 2)."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from autobot.errors import AutobotError
from autobot.words.languages import LANGUAGES, spec


def number_in(
    kind: type[int] | type[float], low: float, high: float | None = None, unit: str = ""
) -> Callable[[str], float]:
    """An argparse type: a `kind` number within [low, high] (no upper bound when high is None)."""
    what = "a whole number" if kind is int else "a number"
    suffix = f" {unit}" if unit else ""
    span = f"at least {low:g}{suffix}" if high is None else f"{low:g}..{high:g}{suffix}"

    def parse(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not {what}: {text!r}") from None
        if value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"{text}{suffix} is out of range ({span})")
        return value

    parse.__name__ = f"{kind.__name__}_in_range"  # argparse names the type in its messages
    return parse


positive_int = number_in(int, 1)
scale_factor = number_in(float, 0.25, 4)
key_delay_ms = number_in(float, 0, 2000, "ms")


def language_code(text: str) -> str:
    """An argparse type: a known language code (lower-cased); the error lists the codes."""
    try:
        return spec(text).code
    except AutobotError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_lang_option(parser: argparse.ArgumentParser, *, from_page: bool = False) -> None:
    """--lang CODE: the game's language (its word lists); checked when the line is parsed.

    `from_page`: not given, it is None and the page is left to tell (its keyboard's letters,
    or the words it refuses), English until it does."""
    codes = ", ".join(LANGUAGES)
    parser.add_argument(
        "--lang", type=language_code, default=None if from_page else "en", metavar="CODE",
        help=f"the game's language: {codes} (default: what the page shows - letters of a "
             "language's own on its keyboard, or English words it refuses - else en)"
        if from_page else f"the game's language: {codes} (default en)",
    )
word_length = number_in(int, 4, 11, "letters")


BUILTIN_LISTS = ("answers", "allowed", "nyt")


def is_list_name(text: str) -> bool:
    """Does an --answers value name a word list (a built-in one or a file), not words?"""
    from pathlib import Path

    return text in BUILTIN_LISTS or Path(text).is_file() or any(c in text for c in "/\\.")


def add_list_options(
    parser: argparse.ArgumentParser, *, answers: str | None = None, guesses: str | None = None
) -> None:
    """--answers LIST --guesses LIST: the word lists, the same group for every command.

    Without them (`None` defaults) `play` and `live` use the built-in lists of the game's length
    and language; a page with its own vocabulary (names, a theme) is played from the user's
    files (one word a line)."""
    default = f" (default {answers})" if answers else " (default: the built-in list)"
    parser.add_argument(
        "--answers", default=answers, metavar="LIST",
        help="possible answers: a file (one word a line), answers (2,315) or nyt (14,855, "
             "frequency-weighted)" + default,
    )
    default = f" (default {guesses})" if guesses else " (default: the built-in list)"
    parser.add_argument(
        "--guesses", default=guesses, metavar="LIST",
        help="allowed guesses: a file, allowed (12,972) or nyt; the answers are always "
             "allowed too" + default,
    )
def _url(text: str, schemes: tuple[str, ...]) -> str:
    from urllib.parse import urlsplit

    problem = None
    # Spaces may stand in a path or a data: URL (the browser encodes them), never elsewhere.
    if not text or text != text.strip() or any(not ch.isprintable() for ch in text):
        problem = "it is empty or has control characters or spaces around it"
    else:
        try:
            parts = urlsplit(text)
            parts.port  # noqa: B018 (raises on a port that is not a number in range)
        except ValueError as exc:
            problem = str(exc)
        else:
            if parts.scheme.lower() not in schemes:
                problem = f"want {' or '.join(s + ':' for s in schemes)}"
            elif parts.scheme.lower() in ("http", "https") and (
                    not parts.hostname or any(ch.isspace() for ch in parts.netloc)):
                problem = "no host in it" if not parts.hostname else "a space in its host"
            elif parts.scheme.lower() == "file" and not parts.path:
                problem = "no file in it"
    if problem:
        raise argparse.ArgumentTypeError(f"not a page address: {text!r} ({problem})")
    return text


def page_address(text: str) -> str:
    """An argparse type: a page the browser can open (http, https, file or data URL)."""
    return _url(text, ("http", "https", "file", "data"))


def endpoint_address(text: str) -> str:
    """An argparse type: a WebDriver endpoint (an http or https URL with a host)."""
    return _url(text, ("http", "https"))
