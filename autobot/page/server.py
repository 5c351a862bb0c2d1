"""Serve the bundled Wordle page and its word lists on the loopback interface only."""

from __future__ import annotations

import contextlib
import errno
import functools
import ipaddress
import threading
from collections.abc import Iterator, Sequence
from functools import cache
from http.server import BaseHTTPRequestHandler, SimpleHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlsplit

from autobot.errors import AutobotError
from autobot.games.lists import LENGTHS
from autobot.words import load_words

_TSV = "text/tab-separated-values; charset=utf-8"
# URL path -> (package, file, content type). Nothing else is ever served.
ROUTES: dict[str, tuple[str, str, str]] = {
    "/": ("autobot.page", "index.html", "text/html; charset=utf-8"),
    "/index.html": ("autobot.page", "index.html", "text/html; charset=utf-8"),
    "/style.css": ("autobot.page", "style.css", "text/css; charset=utf-8"),
    "/app.js": ("autobot.page", "app.js", "text/javascript; charset=utf-8"),
    "/words/answers.txt": ("autobot.words", "answers.txt", "text/plain; charset=utf-8"),
    "/words/nyt.txt": ("autobot.words", "nyt.txt", "text/plain; charset=utf-8"),
    "/tuble.html": ("autobot.page", "tuble.html", "text/html; charset=utf-8"),
    "/puzzles.html": ("autobot.page", "puzzles.html", "text/html; charset=utf-8"),
    # Tuble's network (autobot/games/tuble/data), the same files the bot plays with.
    "/tuble/stations.tsv": ("autobot.games.tuble", "data/stations.tsv", _TSV),
    "/tuble/links.tsv": ("autobot.games.tuble", "data/links.tsv", _TSV),
}
# `/?game=NAME`: a puzzle with a page of its own instead of the Wordle page.
GAME_PAGES: dict[str, str] = {"tuble": "/tuble.html", "ohhi": "/puzzles.html",
                              "sudoku": "/puzzles.html"}


def _length_routes() -> dict[str, tuple[str, str, str]]:
    """The per-length lists (autobot/words/length) the page's `length=N` loads."""
    return {
        f"/words/length/{kind}-{n}.txt": ("autobot.words", f"length/{kind}-{n}.txt",
                                           "text/plain; charset=utf-8")
        for n in LENGTHS if n != 5 for kind in ("answers", "allowed")
    }


ROUTES.update(_length_routes())


@cache
def _content(package: str, name: str) -> bytes:
    return resources.files(package).joinpath(name).read_bytes()


class _Handler(BaseHTTPRequestHandler):
    """GET/HEAD of the page's few files; 404 for anything else; no request log."""

    def version_string(self) -> str:
        return "autobot-page"

    def _send(self, include_body: bool) -> None:
        parts = urlsplit(self.path)
        path = parts.path
        game = parse_qs(parts.query).get("game", [""])[0]
        if path in ("/", "/index.html") and game in GAME_PAGES:
            path = GAME_PAGES[game]
        route = ROUTES.get(path)
        if route is None:
            body = b"not found\n"
            self.send_response(404)
            self.send_header("Content-Type", "text/plain; charset=utf-8")
        else:
            package, name, content_type = route
            body = _content(package, name)
            self.send_response(200)
            self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        if include_body:
            self.wfile.write(body)

    def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
        self._send(include_body=True)

    def do_HEAD(self) -> None:  # noqa: N802
        self._send(include_body=False)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass  # quiet: the bot's output is the board, not an access log


class _Server(ThreadingHTTPServer):
    daemon_threads = True  # a browser's keep-alive connection must not block shutdown

    def handle_error(self, request, client_address) -> None:  # type: ignore[no-untyped-def]
        pass  # a browser closing a connection early is not worth a traceback


_U32 = 0xFFFFFFFF

# The page's quirk options with several values (app.js CHOICES); the first is the default.
CHOICES: dict[str, tuple[str, ...]] = {
    "keys": ("keydown", "keyup", "code-enter", "click-only", "slow", "lossy"),
    "refuse": ("toast", "silent", "alert"),
    "vocab": ("full", "answers"),
    "palette": ("nyt", "letreco", "pastel", "colorblind", "slate"),
    "scoring": ("standard", "lenient-dupes", "anywhere", "once"),
    "reveal": ("flip", "flip-y", "fade", "none", "one-by-one", "tilt"),
    "tiles": ("square", "round", "rounded", "rect", "outline"),
    "mode": ("wordle", "absurdle", "jotto", "fibble"),
    "font": ("clear", "thin"),
    "layout": ("tiles", "list"),
}

# boards=N (app.js BOARD_COUNTS): Wordle, Dordle, Quordle, Octordle, Sedecordle, Duotrigordle.
BOARD_COUNTS: tuple[int, ...] = (1, 2, 4, 8, 16, 32)
_STEP = 0x6D2B79F5  # mulberry32's increment: draw k of seed s starts from s + (k + 1) * _STEP


def _draw(a: int) -> int:
    """One mulberry32 output from its state `a`, as an exact integer (the JS float * 2**32)."""
    t = ((a ^ (a >> 15)) * (a | 1)) & _U32
    t ^= (t + ((t ^ (t >> 7)) * (t | 61))) & _U32
    return (t ^ (t >> 14)) & _U32


def _answer_list(answers: Sequence[str] | None) -> Sequence[str]:
    if answers is None:
        return load_words("answers").words
    return answers


def answer_for_seed(seed: int, answers: Sequence[str] | None = None) -> str:
    """The answer the page picks for `seed=N` (the same mulberry32 draw as app.js)."""
    answers = _answer_list(answers)
    return answers[(_draw((seed + _STEP) & _U32) * len(answers)) >> 32]


def answers_for_seed(seed: int, boards: int, answers: Sequence[str] | None = None) -> list[str]:
    """The answers the page picks for `boards=N&seed=S`: successive draws, repeats skipped."""
    answers = _answer_list(answers)
    picks: list[str] = []
    a = seed & _U32
    while len(picks) < boards:
        a = (a + _STEP) & _U32
        word = answers[(_draw(a) * len(answers)) >> 32]
        if word not in picks:
            picks.append(word)
    return picks


def check_loopback(host: str) -> None:
    """Refuse any host that is not this machine: the page is for the bot and its user only."""
    if host == "localhost":
        return
    try:
        if ipaddress.ip_address(host).is_loopback:
            return
    except ValueError:
        pass
    raise AutobotError(f"refusing to serve on {host}: use a loopback address such as 127.0.0.1")


def make_server(host: str = "127.0.0.1", port: int = 0) -> ThreadingHTTPServer:
    """A bound (not yet running) page server; a taken port is a one-line error (exit 2)."""
    check_loopback(host)
    if not 0 <= port <= 65535:
        raise AutobotError(f"port {port} is out of range (0-65535)")
    server_class = _Server
    if ":" in host:
        import socket

        server_class = type("_Server6", (_Server,), {"address_family": socket.AF_INET6})
    try:
        return server_class((host, port), _Handler)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise AutobotError(f"port {port} is already in use on {host}") from None
        raise AutobotError(f"cannot serve on {host}:{port}: {exc.strerror or exc}") from None


def base_url(server: ThreadingHTTPServer) -> str:
    """The page's root URL, e.g. 'http://127.0.0.1:8000/'."""
    host, port = server.server_address[:2]
    host = f"[{host}]" if ":" in str(host) else host
    return f"http://{host}:{port}/"


@contextlib.contextmanager
def serve_page(host: str = "127.0.0.1", port: int = 0) -> Iterator[str]:
    """Serve the page in a background thread; yields its base URL; always shuts down."""
    with _running(make_server(host, port), "autobot-page-server") as url:
        yield url


@contextlib.contextmanager
def _running(server: ThreadingHTTPServer, name: str) -> Iterator[str]:
    """Run a bound server in a background thread; yields its base URL; always shuts down."""
    thread = threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True, name=name
    )
    thread.start()
    try:
        yield base_url(server)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


class _QuietFiles(SimpleHTTPRequestHandler):
    """Static files without a log line per request."""

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


@contextlib.contextmanager
def serve_folder(folder: str | Path, host: str = "127.0.0.1") -> Iterator[str]:
    """Serve a static site (a Wordle clone's build) at the root of a free loopback port;
    yields its base URL; always shuts down."""
    check_loopback(host)
    handler = functools.partial(_QuietFiles, directory=str(folder))
    with _running(ThreadingHTTPServer((host, 0), handler), "autobot-folder") as url:
        yield url


# JavaScript (an --init-script) that pins a daily clone's date: `PIN_DATE.format(day="2024-05-01")`.
PIN_DATE = """(()=>{{const F=new Date('{day}T12:00:00').getTime();const D=Date;
class FD extends D{{constructor(...a){{if(a.length===0){{super(F)}}else{{super(...a)}}}}
static now(){{return F}}}};window.Date=FD;}})();"""


def page_url(
    base: str,
    *,
    answer: str | None = None,
    theme: str = "light",
    contrast: bool = False,
    hard: bool = False,
    anim: bool = True,
    seed: int | None = None,
    stats: bool = True,
    guesses: Sequence[str] = (),
    typed: str = "",
    length: int = 5,
    sheet: str | None = None,
    sheet_states: Sequence[str] = (),
    intro: bool | str = False,
    keys: str = "keydown",
    palette: str = "nyt",
    hint: bool = False,
    filled: bool = False,
    rows: int | str | None = None,
    scoring: str = "standard",
    reveal: str = "flip",
    tiles: str = "square",
    offset: int = 0,
    mode: str = "wordle",
    font: str = "clear",
    promo: bool | str = False,
    boards: int = 1,
    answers: Sequence[str] = (),
    dim: bool = False,
    fold: bool = False,
    layout: str = "tiles",
    refuse: str = "toast",
    vocab: str = "full",
) -> str:
    """The page URL for one game (only non-default settings appear in the query).

    `rows=None` leaves the page's own count (length + 1; unbounded for Absurdle and Jotto).
    The quirk options (intro .. offset, mode) are described in autobot/page/README.md; values are
    passed through unchecked so a test can also ask for a bad one and see the page refuse it.
    `boards`, `answers` and `dim` set up a many-board game (_many_board_query).
    """
    query: dict[str, str] = {}
    if sheet is not None:
        query["sheet"] = sheet
        if sheet_states:
            query["sheetstates"] = ",".join(sheet_states)
    if answer:
        query["answer"] = answer.lower()
    if seed is not None:
        query["seed"] = str(seed)
    if theme != "light":
        query["theme"] = theme
    if contrast:
        query["contrast"] = "1"
    if hard:
        query["hard"] = "1"
    if not anim:
        query["anim"] = "0"
    if not stats:
        query["stats"] = "0"
    if length != 5:
        query["length"] = str(length)
    if guesses:
        query["guesses"] = ",".join(g.lower() for g in guesses)
    if typed:
        query["typed"] = typed.lower()
    if intro:
        query["intro"] = intro if isinstance(intro, str) else "1"
    if hint:
        query["hint"] = "1"
    if promo:
        query["promo"] = promo if isinstance(promo, str) else "1"
    if filled:
        query["filled"] = "1"
    chosen = dict(keys=keys, palette=palette, scoring=scoring, reveal=reveal, tiles=tiles,
                  mode=mode, font=font, layout=layout, refuse=refuse, vocab=vocab)
    for name, value in chosen.items():
        if value != CHOICES[name][0]:
            query[name] = value
    if rows is not None and (str(rows) != "6" or length != 5 or mode != "wordle"):
        query["rows"] = str(rows)
    if offset:
        query["offset"] = str(offset)
    query.update(_many_board_query(boards, answers, dim))
    if fold:
        query["fold"] = "1"
    if not query:
        return base
    return f"{base}?{urlencode(query, safe=',')}"


def _many_board_query(boards: int, answers: Sequence[str], dim: bool) -> dict[str, str]:
    """boards=N, answers=a,b,... (one per board) and dim=1 (solved boards fade)."""
    query: dict[str, str] = {}
    if boards != 1:
        query["boards"] = str(boards)
    if answers:
        query["answers"] = ",".join(a.lower() for a in answers)
    if dim:
        query["dim"] = "1"
    return query
