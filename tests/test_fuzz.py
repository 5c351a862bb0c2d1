"""Fuzzing the edges a person touches (Hypothesis): image files of any size, mode and state,
random bytes, `solve` replies, page addresses and flag combinations.

Properties, for every example: the exit code is one of the documented ones, stderr is at most
one line per file, never a traceback, and nothing is left behind (no temporary files, no
browser profile). CI runs a small seeded number of examples (`ci` profile, derandomised, well
under a minute in all); `make fuzz` runs many more (`HYPOTHESIS_PROFILE=fuzz`).
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from PIL import Image

from autobot.cli import main

# Exit codes of the README: 0 ok, 1 lost/quit, 2 bad input, 3 no board, 4 safety, 5 browser.
DOCUMENTED = {0, 1, 2, 3, 4, 5}

settings.register_profile(
    "ci", max_examples=25, derandomize=True, deadline=None, database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
settings.register_profile(
    "fuzz", max_examples=400, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

ROOT = Path(__file__).resolve().parent.parent
BOARD = ROOT / "fixtures" / "screenshots" / "mid_dark-hc_desk.png"


@contextlib.contextmanager
def sandbox() -> Iterator[Path]:
    """A fresh folder that is also the temp dir and the working dir for one example; on the
    way out it must hold only what the example put there itself."""
    old_tmp, old_cwd = tempfile.tempdir, os.getcwd()
    with tempfile.TemporaryDirectory(prefix="fuzz-") as folder:
        here = Path(folder)
        tempfile.tempdir = folder
        os.chdir(folder)
        try:
            yield here
        finally:
            os.chdir(old_cwd)
            tempfile.tempdir = old_tmp


def run_cli(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    """`autobot ARGV` in this process: (exit code, stdout, stderr); an exception escaping main
    (a traceback for the user) fails the example."""
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = io.StringIO(stdin), out, err
    try:
        code = main(argv)
    finally:
        sys.stdin, sys.stdout, sys.stderr = old
    return code, out.getvalue(), err.getvalue()


def check(code: int, err: str, files: int = 1, allowed: set[int] = DOCUMENTED) -> None:
    """The properties every run keeps."""
    assert code in allowed, (code, err)
    assert "Traceback" not in err, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) <= files, err
    assert all(line.startswith("autobot: ") for line in lines), err


def leftovers(folder: Path, inputs: set[str]) -> list[str]:
    """What an example left in its sandbox beyond its own inputs."""
    return sorted(p.name for p in folder.iterdir() if p.name not in inputs)


# --- images -------------------------------------------------------------------------------

MODES = ("RGB", "RGBA", "L", "LA", "P", "PA", "CMYK", "1", "I", "I;16", "F")
FORMATS = {"png": "PNG", "jpg": "JPEG", "gif": "GIF", "bmp": "BMP", "tif": "TIFF",
           "webp": "WEBP"}
AREA = 4_000_000 if os.environ.get("HYPOTHESIS_PROFILE") == "fuzz" else 600_000
SIDES = st.one_of(st.integers(1, 64), st.integers(65, 1400), st.sampled_from(
    [1, 2, 3, 4, 7680, 8000, 9000]))


@st.composite
def images(draw: Any) -> tuple[Image.Image, str]:
    """An image of any size and mode (noise, flat, or a real board resized), and a format."""
    width, height = draw(SIDES), draw(SIDES)
    if width * height > AREA:  # a sliver of a huge side, not a huge area (time)
        height = max(1, min(height, AREA // width))
    kind = draw(st.sampled_from(("flat", "noise", "board")))
    seed = draw(st.integers(0, 2**32 - 1))
    if kind == "board" and BOARD.exists():
        with Image.open(BOARD) as src:
            img = src.convert("RGB").resize((width, height))
    elif kind == "noise":
        rng = np.random.default_rng(seed)
        img = Image.fromarray(rng.integers(0, 256, (height, width, 3), dtype=np.uint8))
    else:
        img = Image.new("RGB", (width, height), tuple(int(v) for v in
                                                      np.random.default_rng(seed).integers(
                                                          0, 256, 3)))
    mode = draw(st.sampled_from(MODES))
    img = img.convert(mode)
    suffix = draw(st.sampled_from(sorted(FORMATS)))
    return img, suffix


def _save(img: Image.Image, path: Path, suffix: str) -> bool:
    """Write `img` as `suffix`; False when that format cannot hold this mode or size."""
    try:
        img.save(path, format=FORMATS[suffix])
        return True
    except (OSError, ValueError, KeyError, TypeError):
        path.unlink(missing_ok=True)
        return False


@given(images())
# The slivers of issue 24, always tried (the cv2 traceback of the search downscale).
@example((Image.new("RGB", (8000, 3)), "png"))
@example((Image.new("RGB", (7680, 4)), "png"))
@example((Image.new("RGB", (2000, 1)), "png"))
@example((Image.new("I;16", (1, 2000)), "png"))
def test_fuzz_read_any_image(example: tuple[Image.Image, str]) -> None:
    img, suffix = example
    with sandbox() as here:
        path = here / f"in.{suffix}"
        if not _save(img, path, suffix):
            return
        code, _, err = run_cli(["read", str(path), "--json"])
        check(code, err, allowed={0, 2, 3})
        assert leftovers(here, {path.name}) == []


@given(st.binary(max_size=4096), st.sampled_from(("png", "jpg", "gif", "bin")))
def test_fuzz_read_random_bytes(data: bytes, suffix: str) -> None:
    with sandbox() as here:
        path = here / f"in.{suffix}"
        path.write_bytes(data)
        code, _, err = run_cli(["read", str(path)])
        check(code, err, allowed={0, 2, 3})
        assert leftovers(here, {path.name}) == []


@pytest.fixture(scope="module")
def board_bytes() -> bytes:
    if not BOARD.exists():
        pytest.skip(f"{BOARD} missing")
    return BOARD.read_bytes()


@given(cut=st.floats(0, 1), flips=st.lists(st.tuples(st.floats(0, 1), st.integers(0, 255)),
                                            max_size=8))
def test_fuzz_read_cut_and_corrupt_screenshots(board_bytes: bytes, cut: float,
                                               flips: list[tuple[float, int]]) -> None:
    data = bytearray(board_bytes[: max(1, int(len(board_bytes) * cut))] if cut < 0.999
                     else board_bytes)
    for where, value in flips:
        data[min(len(data) - 1, int(where * len(data)))] = value
    with sandbox() as here:
        path = here / "shot.png"
        path.write_bytes(bytes(data))
        code, _, err = run_cli(["read", str(path)])
        check(code, err, allowed={0, 2, 3})


@given(st.lists(st.sampled_from(("good", "bytes", "thin", "missing")), min_size=1,
                max_size=4))
def test_fuzz_read_several_files_goes_on(board_bytes: bytes, kinds: list[str]) -> None:
    with sandbox() as here:
        names = []
        for i, kind in enumerate(kinds):
            path = here / f"{i}.png"
            if kind == "good":
                path.write_bytes(board_bytes)
            elif kind == "bytes":
                path.write_bytes(b"\x89PNG\r\n\x1a\n broken")
            elif kind == "thin":
                Image.new("RGB", (2000, 1)).save(path)
            names.append(str(path))
        code, out, err = run_cli(["read", *names, "--json"])
        check(code, err, files=len(kinds), allowed={0, 2, 3})
        bad = {"bytes", "missing"} & set(kinds)
        assert code == (2 if bad else 3 if "thin" in kinds else 0)
        if len(kinds) > 1:  # the readable ones are printed whatever else failed
            import json

            assert len(json.loads(out)) == sum(k in ("good", "thin") for k in kinds)


# --- solve's replies ----------------------------------------------------------------------

REPLY_WORDS = st.sampled_from(["ggggg", "xxxxx", "yxgxx", "GYX..", "_?!__", "salet xxxxx",
                               "crane ggxxy", "rejected", "not in word list", "help", "q",
                               "quit", "exit", "", "zzzzz xxxxx", "e", "g y x x g"])


@pytest.fixture(scope="module")
def solvers() -> dict[bool, Any]:
    """`autobot solve --strategy entropy --start salet`'s solver, normal and hard (built once:
    the loop under test is the prompt, not the start-up)."""
    from autobot.solver import SolverConfig, make_solver

    return {hard: make_solver(SolverConfig(strategy="entropy", hard=hard, start="salet"))
            for hard in (False, True)}


@given(st.lists(st.one_of(REPLY_WORDS, st.text(max_size=30)), max_size=8),
       st.booleans())
def test_fuzz_solve_replies(solvers: dict[bool, Any], lines: list[str], hard: bool) -> None:
    from autobot.cli.solve import interact

    text = "".join(line.replace("\n", " ").replace("\r", " ") + "\n" for line in lines)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        code = interact(solvers[hard], hard, io.StringIO(text), out, False)
    check(code, err.getvalue(), allowed={0, 1})
    assert err.getvalue() == ""  # a bad reply is answered at the prompt, not an error


def test_solve_through_main_quits_with_1() -> None:
    code, _, err = run_cli(["solve", "--strategy", "entropy", "--start", "salet"],
                           stdin="xxxxx\nfoo\nquit\n")
    check(code, err, allowed={1})


# --- page addresses and flag combinations -------------------------------------------------

URLS = st.one_of(
    st.text(max_size=40),
    st.builds(lambda scheme, host, port, path: f"{scheme}{host}{port}{path}",
              st.sampled_from(["http://", "https://", "file://", "ftp://", "", "javascript:",
                               "data:", "http:/", "chrome://"]),
              st.sampled_from(["127.0.0.1", "localhost", "", "[::1]", "[::1", "ex ample",
                               "999.1.1.1"]),
              st.sampled_from(["", ":0", ":8000", ":99999", ":x", ":-1"]),
              st.text(max_size=12)),
)


@contextlib.contextmanager
def no_browser() -> Iterator[None]:
    """The browser and display are out of reach here: a run that gets past its checks stops
    there with exit 5, so every combination is judged on its checks alone (no Chromium)."""
    import autobot.drivers.browser as browser
    import autobot.drivers.window as window

    @contextlib.contextmanager
    def refuse(config: Any) -> Iterator[Any]:
        from autobot.errors import AutobotError

        raise AutobotError("no browser in the fuzz tests", 5)
        yield  # pragma: no cover

    saved = browser.open_browser, window.display_for
    browser.open_browser, window.display_for = refuse, refuse
    try:
        yield
    finally:
        browser.open_browser, window.display_for = saved


@given(URLS, st.booleans())
def test_fuzz_play_url(url: str, with_json: bool) -> None:
    with sandbox() as here, no_browser():
        argv = ["play", "--url", url] + (["--json", "out/game.json"] if with_json else [])
        code, _, err = run_cli(argv)
        check(code, err, allowed={2, 5})
        left = leftovers(here, set())
        assert left in ([], ["out"]) and (not left or code == 5 or code == 2)
        if with_json and code == 5:  # past the checks: the record says why it stopped
            import json

            record = json.loads((here / "out" / "game.json").read_text())
            assert (record["exit_code"], record["reason"]) == (5, "browser_unavailable")


PLAY_FLAGS = st.lists(st.one_of(
    st.sampled_from([["--hard"], ["--confirm"], ["--no-anim"], ["--contrast"], ["--headed"],
                     ["--theme", "dark"], ["--theme", "blue"], ["--scale", "2"],
                     ["--scale", "0"], ["--scale", "x"], ["--window-size", "12"],
                     ["--window-size", "800x600"], ["--key-delay", "-1"],
                     ["--key-delay", "10"], ["--answer", "crane"], ["--answer", "zzzzz"],
                     ["--answer", "letters"], ["--start", "salet"], ["--start", "qqqqq"],
                     ["--game", "absurdle"], ["--game", "jotto"], ["--game", "nope"],
                     ["--length", "7"], ["--length", "3"], ["--length", "x"],
                     ["--boards", "2"], ["--boards", "0"], ["--answers", "crane,slate"],
                     ["--lang", "de"], ["--lang", "xx"], ["--strategy", "entropy"],
                     ["--strategy", "nope"], ["--profile", "none-such"],
                     ["--init-script", "missing.js"], ["--url", "http://127.0.0.1:1/"],
                     ["--remote", "http://127.0.0.1:1"], ["--remote", "nope"],
                     ["--json", "-"], ["--json", "sub/g.json"], ["--bogus"]]),
), max_size=5)


@given(PLAY_FLAGS)
def test_fuzz_play_flag_combinations(flags: list[list[str]]) -> None:
    argv = ["play", *[token for flag in flags for token in flag]]
    with sandbox() as here, no_browser():
        code, _, err = run_cli(argv)
        check(code, err, allowed={2, 5})
        assert set(leftovers(here, set())) <= {"sub"}


READ_FLAGS = st.lists(st.sampled_from([["--json"], ["--boards"], ["--debug", "dbg/out.png"],
                                       ["--profile", "none-such"], ["--bogus"],
                                       ["good.png"], ["bad.png"], ["thin.png"],
                                       ["missing.png"], ["."]]), max_size=5)


@given(READ_FLAGS)
def test_fuzz_read_flag_combinations(board_bytes: bytes, flags: list[list[str]]) -> None:
    with sandbox() as here:
        (here / "good.png").write_bytes(board_bytes)
        (here / "bad.png").write_bytes(b"nope")
        Image.new("RGB", (8000, 3)).save(here / "thin.png")
        argv = ["read", *[token for flag in flags for token in flag]]
        code, _, err = run_cli(argv)
        images = sum(f[0].endswith(".png") or f == ["."] for f in flags)
        check(code, err, files=max(1, images), allowed={0, 2, 3})
        assert set(leftovers(here, {"good.png", "bad.png", "thin.png"})) <= {"dbg"}
