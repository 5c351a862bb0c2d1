#!/usr/bin/env python3
"""How many of a real clone's answers our Portuguese words hold: the main list, and with the
fallback list (answers folded the way the lists are).
Reads ../shared/clones; prints one line per clone.

`python scripts/lang_coverage.py` (from the project root)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from autobot.words.languages import load_fallback, load_language, spec
from autobot.words.make_languages import fold

CLONES = Path(__file__).resolve().parents[1].parent / "shared" / "clones"


def answers(clone: str) -> set[str]:
    """Every answer of a clone's answers-by-date.json, all modes, folded to a-z."""
    table = json.loads((CLONES / clone / "answers-by-date.json").read_text(encoding="utf-8"))
    table = table.get("answers", table)
    words: set[str] = set()
    for day in table.values():
        for word in day.values() if isinstance(day, dict) else [day]:
            for w in [word] if isinstance(word, str) else word:
                folded = fold(w, spec("pt").letters)
                if folded is not None:
                    words.add(folded)
    return words


def main() -> int:
    """Print each clone's answers held by pt.txt and by pt.txt + pt_more.txt."""
    if not CLONES.is_dir():
        print(f"no clones at {CLONES}", file=sys.stderr)
        return 1
    main_words = set(load_language("pt").allowed.words)
    fallback = load_fallback("pt")
    more = set(fallback.words.words)
    for clone in ("lingle-quad", "letreco"):
        found = answers(clone)
        inside = found & main_words
        both = found & (main_words | more)
        missing = sorted(found - main_words - more)
        share = len(inside) / len(found)
        print(f"{clone}: {len(found)} answers, pt.txt {len(inside)} ({share:.1%}),"
              f" pt.txt + pt_more.txt {len(both)} ({len(both) / len(found):.1%});"
              f" missing {len(missing)}: {' '.join(missing[:20])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
