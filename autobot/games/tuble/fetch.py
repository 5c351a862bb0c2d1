"""Re-derive Tuble's network (stations.tsv, links.tsv) from the npm package `tubemaps` 1.1.0.

Run from the project root (needs npm and access to the npm registry):

    .venv/bin/python -m autobot.games.tuble.fetch            # check the shipped files match
    .venv/bin/python -m autobot.games.tuble.fetch --write    # rewrite them

The tarball is pinned by sha256 so a re-upload can never silently change the network.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import io
import subprocess
import tarfile
import tempfile
from collections import defaultdict
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
PACKAGE = "tubemaps@1.1.0"
SHA256 = "7a50d86fbf6b238a98d21ae4a73bb220c92e5b4dc1b3cb1cbeecdc1bd7dfa065"
# Not the tube proper: Tuble plays the Underground's lines only.
LEFT_OUT = ("Docklands Light Railway", "East London Line")
COUNTS = {"stations": 302, "connections": 406, "lines": 13}


def download(into: Path) -> Path:
    """`npm pack` the pinned package and check its hash."""
    subprocess.run(["npm", "pack", "--silent", PACKAGE], cwd=into, check=True,
                   stdout=subprocess.DEVNULL)
    tarball = into / "tubemaps-1.1.0.tgz"
    digest = hashlib.sha256(tarball.read_bytes()).hexdigest()
    if digest != SHA256:
        raise SystemExit(f"{tarball.name}: sha256 {digest} != pinned {SHA256}")
    return tarball


def rows(tarball: Path, name: str) -> list[dict[str, str]]:
    """The rows of `package/datasets/<name>` (the csv module takes its CRLF endings in stride)."""
    with tarfile.open(tarball) as tar:
        member = tar.extractfile(f"package/datasets/{name}")
        if member is None:
            raise SystemExit(f"{tarball.name}: no {name}")
        text = member.read().decode("utf-8")
    return list(csv.DictReader(io.StringIO(text, newline="")))


def derive(tarball: Path, counts: dict[str, int] = COUNTS) -> tuple[str, str]:
    """(stations.tsv, links.tsv) text: the core tube's stations with zones, and its links."""
    stations = {r["id"]: r for r in rows(tarball, "london.stations.csv")}
    links = rows(tarball, "london.connections.csv")
    lines = {r["line"]: r["name"] for r in rows(tarball, "london.lines.csv")}
    for what, got in (("stations", len(stations)), ("connections", len(links)),
                      ("lines", len(lines))):
        if got != counts[what]:
            raise SystemExit(f"expected {counts[what]} {what}, found {got}")
    # One link per station pair, with every tube line that runs it (several lines share tracks).
    pair_lines: dict[tuple[str, str], set[str]] = defaultdict(set)
    for link in links:
        line = lines[link["line"]]
        if line in LEFT_OUT:
            continue
        a, b = (stations[link["station1"]]["name"], stations[link["station2"]]["name"])
        pair_lines[(min(a, b), max(a, b))].add(line.removesuffix(" Line"))
    used = {name for pair in pair_lines for name in pair}
    zone_of = {r["name"]: r["zone"] for r in stations.values()}
    station_text = "name\tzone\n" + "".join(
        f"{name}\t{zone_of[name]}\n" for name in sorted(used))
    link_text = "a\tb\tlines\n" + "".join(
        f"{a}\t{b}\t{','.join(sorted(ls))}\n" for (a, b), ls in sorted(pair_lines.items()))
    return station_text, link_text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite the shipped files")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        station_text, link_text = derive(download(Path(tmp)))
    for name, text in (("stations.tsv", station_text), ("links.tsv", link_text)):
        path = DATA / name
        if args.write:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path} ({text.count(chr(10)) - 1} rows)")
        else:
            same = path.exists() and path.read_text(encoding="utf-8") == text
            print(f"{name}: {'identical' if same else 'DIFFERENT'}")


if __name__ == "__main__":
    main()
