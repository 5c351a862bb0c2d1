"""Precompute the word-frequency prior for the NYT list (nyt_freq.json) with `wordfreq`.

    .venv/bin/python -m autobot.words.make_freq        # rewrites autobot/words/nyt_freq.json

The file maps each of the 14,855 words to its Zipf frequency in English (log10 of uses per
billion words, 0 when wordfreq has never seen it), rounded to 2 decimals. The solver turns
that into a prior probability of being the answer (`autobot.solver.frequency_prior`).
"""

from __future__ import annotations

import json
from pathlib import Path

from autobot.words import load_words

OUT = Path(__file__).resolve().parent / "nyt_freq.json"


def main() -> int:
    """Write nyt_freq.json."""
    from wordfreq import zipf_frequency  # a build-time tool only: the package ships the result

    words = load_words("nyt").words
    table = {w: round(zipf_frequency(w, "en"), 2) for w in words}
    OUT.write_text(json.dumps(table, separators=(",", ":"), sort_keys=True) + "\n")
    print(f"wrote {OUT.name}: {len(table)} words")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
