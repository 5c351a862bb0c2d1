"""The suite's own rules: browser/desktop marks come from the fixtures, and an unmarked test that
starts Chromium, chromedriver or Xvfb fails (run on a small suite beside this one's conftest)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

SUITE = '''
import subprocess
import sys

import pytest


def test_unmarked_launch():
    subprocess.Popen(["/nonexistent/chromedriver", "--port=0"])


def test_unmarked_launch_swallowed():
    try:
        subprocess.Popen(["/nonexistent/Xvfb", ":99"])
    except Exception:
        pass


def test_pure():
    subprocess.run([sys.executable, "-c", "pass"], check=True)


@pytest.mark.browser
def test_marked_launch():
    with pytest.raises(FileNotFoundError):
        subprocess.Popen(["/nonexistent/chromedriver", "--port=0"])


@pytest.fixture
def page(chromium):
    return "page"


def test_fixture_marked(page, request):
    assert request.node.get_closest_marker("browser") is not None


def test_desktop_fixture_marked(desktop_tools):
    pass
'''


def _run(folder: Path, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rA", "-p", "no:cacheprovider", "-n", "0",
         "-W", "ignore::pytest.PytestUnknownMarkWarning", *args, str(folder)],
        capture_output=True, text=True, cwd=folder, timeout=300,
    )
    return done.stdout + done.stderr


def test_marks_from_fixtures_and_the_launch_guard(tmp_path: Path) -> None:
    shutil.copy(Path(__file__).with_name("conftest.py"), tmp_path / "conftest.py")
    (tmp_path / "test_suite.py").write_text(SUITE, encoding="utf-8")
    out = _run(tmp_path, "-m", "not desktop")
    assert "FAILED test_suite.py::test_unmarked_launch " in out, out
    assert "without the browser/desktop mark" in out, out
    assert "FAILED test_suite.py::test_unmarked_launch_swallowed" in out, out
    assert "PASSED test_suite.py::test_pure" in out, out
    assert "PASSED test_suite.py::test_marked_launch" in out, out
    # Marked by the fixture it uses: `browser` through a fixture that asks for `chromium`
    # (skipped where Chromium is missing), `desktop` by `desktop_tools`, left out by -m.
    assert ("PASSED test_suite.py::test_fixture_marked" in out
            or "SKIPPED" in out and "chromium" in out), out
    assert "test_desktop_fixture_marked" not in out and "1 deselected" in out, out
