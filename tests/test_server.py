"""The page server: loopback only, the page's few files with the right types, 404 otherwise."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from autobot.cli import main
from autobot.errors import AutobotError
from autobot.page.server import CHOICES, answer_for_seed, check_loopback, page_url, serve_page
from autobot.words import load_words

ROOT = Path(__file__).resolve().parents[1]


def fetch(url: str) -> tuple[int, str, bytes]:
    """(status, content type, body) of a GET, 4xx included."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.headers["Content-Type"], response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers["Content-Type"], exc.read()


def listening_addresses(port: int) -> list[str]:
    """Local addresses of the sockets listening on `port`, from /proc/net/tcp (state 0A)."""
    found = []
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        local, state = line.split()[1], line.split()[3]
        addr_hex, port_hex = local.split(":")
        if state == "0A" and int(port_hex, 16) == port:
            found.append(socket.inet_ntoa(bytes.fromhex(addr_hex)[::-1]))
    return found


@pytest.mark.parametrize(
    ("path", "content_type", "marker"),
    [
        ("", "text/html", b"<title>Wordle</title>"),
        ("index.html", "text/html", b"<title>Wordle</title>"),
        ("style.css", "text/css", b"#6aaa64"),
        ("app.js", "text/javascript", b"function score"),
        ("words/answers.txt", "text/plain", b"cigar"),
        ("words/nyt.txt", "text/plain", b"aahed"),
    ],
)
def test_serves_the_page_files(path: str, content_type: str, marker: bytes) -> None:
    with serve_page() as base:
        status, ctype, body = fetch(base + path + "?answer=crane")
    assert status == 200
    assert ctype.startswith(content_type)
    assert marker in body


def test_word_lists_are_the_package_lists() -> None:
    with serve_page() as base:
        answers = fetch(base + "words/answers.txt")[2].decode().split()
        nyt = fetch(base + "words/nyt.txt")[2].decode().split()
    assert answers == list(load_words("answers").words)
    assert len(answers) == 2315
    assert nyt == list(load_words("nyt").words)
    assert len(nyt) == 14855


@pytest.mark.parametrize(
    "path", ["nope", "favicon.ico", "words/allowed.txt", "server.py", "../errors.py", "%2e%2e/x"]
)
def test_unknown_paths_are_404(path: str) -> None:
    with serve_page() as base:
        status, _, _ = fetch(base + path)
    assert status == 404


def test_binds_loopback_only_and_shuts_down() -> None:
    with serve_page() as base:
        parts = urlsplit(base)
        assert parts.hostname == "127.0.0.1"
        assert listening_addresses(parts.port) == ["127.0.0.1"]
    assert listening_addresses(parts.port) == []
    with pytest.raises(urllib.error.URLError):
        urllib.request.urlopen(base, timeout=2)


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.10", "example.com", ""])
def test_refuses_non_loopback_hosts(host: str) -> None:
    with pytest.raises(AutobotError) as err:
        check_loopback(host)
    assert err.value.exit_code == 2
    with pytest.raises(AutobotError), serve_page(host=host):
        pass


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "127.0.0.2", "::1"])
def test_accepts_loopback_hosts(host: str) -> None:
    check_loopback(host)


def test_port_in_use_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    with serve_page() as base:
        port = urlsplit(base).port
        with pytest.raises(AutobotError) as err, serve_page(port=port):
            pass
        assert err.value.exit_code == 2
        assert str(err.value) == f"port {port} is already in use on 127.0.0.1"
        assert main(["serve", "--port", str(port)]) == 2
    stderr = capsys.readouterr().err
    assert stderr == f"autobot: error: port {port} is already in use on 127.0.0.1\n"


def test_serve_rejects_a_public_host(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--host", "0.0.0.0"]) == 2
    assert "refusing to serve on 0.0.0.0" in capsys.readouterr().err


def test_serve_command_prints_url_and_stops_cleanly_on_ctrl_c() -> None:
    """Ctrl-C closes the server and ends serve with 130, as every command (README: exit codes)."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "autobot", "serve"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        url = proc.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:") and url.endswith("/")
        status, ctype, body = fetch(url)
        assert status == 200 and b"Wordle" in body
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130, err
    assert "Traceback" not in err


def test_page_url_defaults_to_the_bare_base() -> None:
    assert page_url("http://127.0.0.1:1/") == "http://127.0.0.1:1/"


def test_page_url_carries_every_setting() -> None:
    url = page_url(
        "http://127.0.0.1:1/",
        answer="CRANE",
        theme="dark",
        contrast=True,
        hard=True,
        anim=False,
        seed=7,
        stats=False,
        guesses=["Slate", "brine"],
        typed="cr",
    )
    query = parse_qs(urlsplit(url).query)
    assert query == {
        "answer": ["crane"],
        "theme": ["dark"],
        "contrast": ["1"],
        "hard": ["1"],
        "anim": ["0"],
        "seed": ["7"],
        "stats": ["0"],
        "guesses": ["slate,brine"],
        "typed": ["cr"],
    }
    assert "guesses=slate,brine" in url  # commas stay readable


def test_page_url_carries_the_quirk_options() -> None:
    url = page_url(
        "http://127.0.0.1:1/",
        intro=True,
        keys="code-enter",
        palette="slate",
        hint=True,
        rows="open",
        scoring="lenient-dupes",
        reveal="one-by-one",
        tiles="rect",
        offset=600,
    )
    assert parse_qs(urlsplit(url).query) == {
        "intro": ["1"],
        "keys": ["code-enter"],
        "palette": ["slate"],
        "hint": ["1"],
        "rows": ["open"],
        "scoring": ["lenient-dupes"],
        "reveal": ["one-by-one"],
        "tiles": ["rect"],
        "offset": ["600"],
    }
    assert parse_qs(urlsplit(page_url("http://127.0.0.1:1/", rows=8)).query) == {"rows": ["8"]}
    defaults = {name: values[0] for name, values in CHOICES.items()}
    assert page_url("http://127.0.0.1:1/", rows=6, offset=0, **defaults) == "http://127.0.0.1:1/"


def test_choices_are_the_pages_choices() -> None:
    """server.CHOICES and app.js's CHOICES list the same values in the same order."""
    script = (ROOT / "autobot" / "page" / "app.js").read_text()
    block = script[script.index("const CHOICES = {") : script.index("};", script.index("CHOICES"))]
    for name, values in CHOICES.items():
        line = next(x for x in block.splitlines() if x.strip().startswith(f"{name}:"))
        assert line.split("[", 1)[1].split("]")[0] == ", ".join(f"'{v}'" for v in values)
    assert block.count(":") == len(CHOICES)


def test_page_url_glyph_sheet() -> None:
    url = page_url("http://127.0.0.1:1/", sheet="ABCÄ", sheet_states=["typed", "correct"])
    assert parse_qs(urlsplit(url).query) == {"sheet": ["ABCÄ"], "sheetstates": ["typed,correct"]}


def test_answer_for_seed_is_deterministic_and_from_the_list() -> None:
    answers = load_words("answers").words
    picks = [answer_for_seed(seed) for seed in range(200)]
    assert picks == [answer_for_seed(seed) for seed in range(200)]
    assert set(picks) <= set(answers)
    assert len(set(picks)) > 150  # spread over the list, not stuck on a few words
    assert answer_for_seed(3, ["aaaaa"]) == "aaaaa"


def test_a_stalled_client_does_not_block_other_sessions() -> None:
    """Many sessions share one server: a connection that never finishes its request must not
    hold up the others (one thread per connection), and concurrent fetches all get the page."""
    from concurrent.futures import ThreadPoolExecutor

    with serve_page() as base:
        host, port = urlsplit(base).hostname, urlsplit(base).port
        with socket.create_connection((host, port), timeout=10) as stalled:
            stalled.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # headers never end
            with ThreadPoolExecutor(16) as pool:
                urls = [page_url(base, answer=w) for w in ("crane", "slate", "moist", "tepid")]
                got = list(pool.map(fetch, urls * 8))
    assert all(status == 200 for status, _, _ in got)
    assert len({body for _, _, body in got}) == 1  # the answer lives in the URL, not the server
