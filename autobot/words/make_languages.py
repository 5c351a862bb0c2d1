"""Re-derive the non-English word lists (words/lang/CODE*.txt, CODE*_freq.json) from pinned sources.

    .venv/bin/python -m autobot.words.make_languages            # check the shipped files match
    .venv/bin/python -m autobot.words.make_languages --write    # rewrite them

A language's words are wordfreq's five-letter words of that language (frequency = Zipf) that
the language's spelling dictionary also has, so names, foreign words and typos drop out. Both
sources are pinned by sha256: the wordfreq wheel from PyPI (`pip download`) and one Debian
word-list package per language (`apt-get download`; needs Debian's apt). wordfreq's other
five-letter words (names, foreign and newer words no dictionary has) are the fallback list
CODE_more.txt (CODE_more_freq.json: their Zipf), for boards no listed word fits.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import re
import subprocess
import sys
import tempfile
import unicodedata
import zipfile
from collections.abc import Iterable
from pathlib import Path

from autobot.words.fetch_lists import download
from autobot.words.languages import SPECS, LanguageSpec

HERE = Path(__file__).resolve().parent / "lang"
WORDFREQ = ("wordfreq==3.1.1", "4b1c6ecffc6198be3396d5cf871c4423ca71c907c231348d352dd54d62b97473")
# code -> Debian dictionaries: (package=version, .deb sha256, file in the package). Word lists
# (/usr/share/dict, every inflected form) and hunspell stems (.dic: base forms, which newer
# vocabulary often only has). Debian 12's packages.
DICTIONARIES: dict[str, tuple[tuple[str, str, str], ...]] = {
    "de": (("wngerman=20161207-11",
            "9053a69641bcf59233055f1b3ca341046751534b2b32d1e32c67b23ab9b98fec",
            "usr/share/dict/ngerman"),
           ("hunspell-de-de=20161207-11",
            "03073af4e73702d1dc1524986365672bcbfbaefab6b04dad0e653f19d75a30f9",
            "usr/share/hunspell/de_DE.dic")),
    # letreco and most Portuguese Wordles are Brazilian; European spellings are accepted too.
    "pt": (("wbrazilian=3.0~beta4-24",
            "c4ba29c560b7155c0e9041dfea98546dd088685268854186b84a43e555f70eab",
            "usr/share/dict/brazilian"),
           ("wportuguese=20220621-1",
            "82d6aeca20d072bbe962db68e4c50d3cce76ecb12295608692dff4638daec2a0",
            "usr/share/dict/portuguese"),
           ("hunspell-pt-br=1:7.5.0-1",
            "4f88b45a442440cbfa95d2e9a7276b2492469499d9949aa008fc2fad9e5f2b82",
            "usr/share/hunspell/pt_BR.dic"),
           ("hunspell-pt-pt=1:7.5.0-1",
            "00df1a3df04c8b93c9cd9b5a1afcda1c11e9f9fb418237320439f5213bf70aad",
            "usr/share/hunspell/pt_PT.dic")),
    "fr": (("wfrench=1.2.7-2",
            "a5cbe63b988adbdb973983aab5b76fe2b715e9a37b012f31ad1e925b1a4b4c29",
            "usr/share/dict/french"),
           ("hunspell-fr-classical=1:7.0-1",
            "4dda94962c68d6a9276949b314f56a17f739da395f8f7978a49d1886d613526c",
            "usr/share/hunspell/fr.dic")),
    "es": (("wspanish=1.0.30",
            "a2b7504fb8c12deaf6c4e868f749a3d05a42caee348f0f5bb006238e925cde18",
            "usr/share/dict/spanish"),
           ("hunspell-es=1:7.5.0-1",
            "f6de258db3830b26a9afe4ebd269fdabc8bd5adf71fc7465152c6a51c33626b9",
            "usr/share/hunspell/es_ES.dic")),
    "it": (("witalian=1.10",
            "dc6eb1423726ce838332936db078406b646d0f3773701a5b1566a68495ddf076",
            "usr/share/dict/italian"),
           ("hunspell-it=1:7.5.0-1",
            "ada3315f170baa05628099381890bf2af9e5022a8b2c937df82d9b7a30c63a2c",
            "usr/share/hunspell/it_IT.dic")),
    # Catalan keeps Ç as a letter of its own (absurdle.cat's keyboard has a Ç key); words with
    # the middle dot of L·L fold to nothing and drop out.
    "ca": (("wcatalan=0.20111230b-14",
            "2c40d465aeb050749f05849cf8512011214a99224ed5ee993d9930a33eb0e603",
            "usr/share/dict/catalan"),
           ("hunspell-ca=3.0.7+repack1-5",
            "4a20bec0e61ddce318e5075cd4fa0454be9a79b14128ea457e4f217afc86c2ba",
            "usr/share/hunspell/ca.dic")),
    "nl": (("wdutch=1:2.20.19-2",
            "79dc0dbbd9b3e029ba84423a804c635aca87105521962f9b4c3023399c94dc35",
            "usr/share/dict/dutch"),
           ("hunspell-nl=2:2.20.19-2",
            "63a6988800967dc9ccc2dcc4a87165b1a71cf3970a5a736f7560ce408a97b6be",
            "usr/share/hunspell/nl.dic")),
}
LENGTH = 5


def fold(word: str, letters: str) -> str | None:
    """A lowercase word in the game's letters: accents outside `letters` dropped, or None."""
    out = []
    for ch in word.lower():
        if ch in letters:
            out.append(ch)
            continue
        base = "".join(c for c in unicodedata.normalize("NFD", ch) if not unicodedata.combining(c))
        if not base or any(c not in letters for c in base):
            return None
        out.append(base)
    return "".join(out)


def dictionary_words(lines: Iterable[str], letters: str, nouns_capitalised: bool) -> set[str]:
    """A spelling dictionary's words, folded; capitalised entries only where nouns are."""
    words = set()
    for line in lines:
        entry = line.strip()
        if not entry or (entry != entry.lower() and not nouns_capitalised):
            continue  # a proper name
        folded = fold(entry, letters)
        if folded is not None:
            words.add(folded)
    return words


def restore_sharp_s(zipf: dict[str, float], six: dict[str, float], spelling: set[str]) -> None:
    """Add the ß words wordfreq stores as 'ss' (it case-folds ß): 'grösse' -> 'größe'.

    A six-letter 'ss' word becomes a five-letter ß word when the dictionary spells it so and
    does not know the 'ss' spelling (Masse and Maße are both words: only Masse is kept then).
    """
    for word, z in six.items():
        if word in spelling:
            continue
        at = word.find("ss")
        while at >= 0:
            sharp = word[:at] + "ß" + word[at + 2 :]
            if sharp in spelling:
                zipf[sharp] = max(zipf.get(sharp, 0.0), z)
            at = word.find("ss", at + 1)


def five_letter_zipf(spec: LanguageSpec, wordlist: Iterable[tuple[str, float]],
                     spelling: set[str]) -> dict[str, float]:
    """word -> Zipf for every five-letter word of wordfreq's list in the game's letters,
    spellings that fold alike pooled (their frequencies add); ß restored where the dictionary
    spells it so."""
    letters = spec.letters
    per_billion: dict[str, float] = {}
    six: dict[str, float] = {}
    for raw, z in wordlist:
        word = fold(raw, letters)
        if word is None or not word.isalpha():
            continue
        if len(word) == LENGTH:
            per_billion[word] = per_billion.get(word, 0.0) + 10**z
        elif len(word) == LENGTH + 1 and "ß" in letters and "ss" in word:
            six[word] = max(six.get(word, 0.0), z)
    zipf = {w: math.log10(v) for w, v in per_billion.items()}
    if "ß" in letters:
        restore_sharp_s(zipf, six, spelling)
    return {w: round(z, 2) for w, z in sorted(zipf.items())}


def language_table(spec: LanguageSpec, wordlist: Iterable[tuple[str, float]],
                   spelling: set[str]) -> dict[str, float]:
    """word -> Zipf for one language: the five-letter words wordfreq and a dictionary share."""
    return {w: z for w, z in five_letter_zipf(spec, wordlist, spelling).items() if w in spelling}


def more_words(spelling: set[str], everyday: dict[str, float],
               table: dict[str, float]) -> tuple[list[str], dict[str, float]]:
    """The fallback for a board no listed word fits: wordfreq's five-letter words no spelling
    dictionary has (names, foreign and newer words: lingle's COTIA, CISTO, RINHA), sorted, and
    their Zipf. Words only a dictionary has are not shipped: the (GPL/LGPL/MPL) dictionaries are
    consulted at build time only, as for the main list."""
    words = sorted(set(everyday) - set(table))
    return words, {w: everyday[w] for w in words}


def debian_file(package: str, sha256: str, member: str, into: Path) -> list[str]:
    """The lines of file `member` in a pinned Debian package."""
    subprocess.run(["apt-get", "download", package], cwd=into, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    name = package.split("=")[0]
    debs = sorted(into.glob(f"{name}_*.deb"))
    if len(debs) != 1:
        raise SystemExit(f"expected one {name} .deb in {into}, found {debs}")
    digest = hashlib.sha256(debs[0].read_bytes()).hexdigest()
    if digest != sha256:
        raise SystemExit(f"{debs[0].name}: sha256 {digest} != pinned {sha256}")
    out = into / name
    subprocess.run(["dpkg-deb", "-x", str(debs[0]), str(out)], check=True)
    return (out / member).read_text(encoding="utf-8").lstrip("\ufeff").splitlines()


def dictionary_entries(lines: list[str], member: str) -> list[str]:
    """The words of a word list (one per line) or of a hunspell .dic (a count line, then
    `word/FLAGS morphology`; '/' or '#' lines are comments)."""
    if not member.endswith(".dic"):
        return lines
    words = []
    for line in lines[1:]:
        if line[:1] in ("/", "#", ""):
            continue
        words.append(re.split(r"[/\t ]", line, maxsplit=1)[0])
    return words


def wordfreq_lists(wheel: Path, codes: Iterable[str]) -> dict[str, list[tuple[str, float]]]:
    """(word, Zipf) for every word of each language's 'large' list, from the pinned wheel."""
    import gzip

    import msgpack  # wordfreq's own dependency: its lists are gzipped msgpack

    out = {}
    with zipfile.ZipFile(wheel) as zf:
        for code in codes:
            packed = zf.read(f"wordfreq/data/large_{code}.msgpack.gz")
            data = msgpack.unpackb(gzip.decompress(packed))
            # A cBpack: a header, then bins of words; bin i holds words at -i/100 log10 frequency.
            pairs = []
            for i, words in enumerate(data[1:]):
                z = round(9 - i / 100, 2)
                pairs.extend((w, z) for w in words)
            out[code] = pairs
    return out


Derived = tuple[dict[str, float], list[str], list[str], dict[str, float]]


def derive(tmp: Path) -> dict[str, Derived]:
    """Every non-English language's (word -> Zipf table, base forms, fallback words, their
    Zipf where wordfreq has them), from the pinned packages.

    Base forms are the words a hunspell dictionary lists as stems (no plurals, no inflections):
    what the strictest games accept (the solver falls back to them after such a refusal).
    Fallback words are the five-letter words the main list lacks (see `more_words`)."""
    wheel = download(*WORDFREQ, tmp)
    specs = [s for s in SPECS if s.code != "en"]
    lists = wordfreq_lists(wheel, [s.code for s in specs])
    out = {}
    for spec in specs:
        spelling: set[str] = set()
        stems: set[str] = set()
        for package, sha, member in DICTIONARIES[spec.code]:
            entries = dictionary_entries(debian_file(package, sha, member, tmp), member)
            words = dictionary_words(entries, spec.letters, spec.nouns_capitalised)
            spelling |= words
            if member.endswith(".dic"):
                stems |= words
        everyday = five_letter_zipf(spec, lists[spec.code], spelling)
        table = {w: z for w, z in everyday.items() if w in spelling}
        more, more_zipf = more_words(spelling, everyday, table)
        out[spec.code] = (table, [w for w in table if w in stems], more, more_zipf)
    return out


def main(argv: list[str] | None = None) -> int:
    """Check (default) or rewrite the shipped language lists."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite the shipped files")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        derived = derive(Path(tmp))
    status = 0
    for code, (table, base, more, more_zipf) in derived.items():
        files = {
            HERE / f"{code}.txt": (len(table), "".join(w + "\n" for w in table)),
            HERE / f"{code}_freq.json": (len(table), json.dumps(
                table, ensure_ascii=False, separators=(",", ":")) + "\n"),
            HERE / f"{code}_base.txt": (len(base), "".join(w + "\n" for w in base)),
            HERE / f"{code}_more.txt": (len(more), "".join(w + "\n" for w in more)),
            HERE / f"{code}_more_freq.json": (len(more_zipf), json.dumps(
                more_zipf, ensure_ascii=False, separators=(",", ":")) + "\n"),
        }
        for path, (count, text) in files.items():
            if args.write:
                path.parent.mkdir(exist_ok=True)
                path.write_text(text, encoding="utf-8")
                print(f"wrote {path.name}: {count} words")
            elif path.exists() and path.read_text(encoding="utf-8") == text:
                print(f"{path.name}: {count} words, identical")
            else:
                print(f"{path.name}: DIFFERS from the packages ({count} words derived)")
                status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
