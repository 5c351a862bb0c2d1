#!/usr/bin/env python3
"""The real third-party clones in ../shared/clones, every mode they offer, played by
`autobot play --url` in headless Chromium with no flag but what a user would know: the page's
language (`--lang pt/de/fr`), `--hard` on a hard-mode page, `--game absurdle` on an Absurdle,
and for open-wordljs' names games and absurdle.cat the page's own list, as found, given as the
user's `--answers`/`--guesses` files. No `--boards`: the boards are counted from the pixels.
Each run pins another answer (the clone's own documented control, as an `--init-script`: the
test's setup, not the bot's). Not a test (tests/test_clones.py and friends assert the wins):
this prints the table and writes the project's one bench JSON shape (`autobot.bench.model`).

`python scripts/bench_clones.py --repeats 3 --json clones.json`
`python scripts/bench_clones.py --only lingle-quad,open-wordljs --json part.json`
`python scripts/bench_clones.py --only duotrigordle --repeats 1 --json duo.json`
`python scripts/bench_clones.py --only duotrigordle --first 1 --repeats 1` (its second pin only)
`python scripts/bench_clones.py --table clones.json duo.json` (the README's table lines)

A game is won only when the page's answer (every board's) was found within its rows and the
bot exited 0; a game that stopped on an error is a loss. Each game's log and the page's last
frame (taken just before the browser quit) land in `--keep` (default /tmp/bench_clones).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import sys
import time
import traceback
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from autobot.bench.model import BenchRecord, BenchRun, summarise
from autobot.bench.output import write_runs
from autobot.cli import main as autobot
from autobot.page.server import PIN_DATE, serve_folder

SHARED = Path(__file__).resolve().parents[2] / "shared" / "clones"
DAYS = ("2024-05-01", "2024-05-02", "2024-05-03")  # the daily clones' pinned dates, one per run


@dataclass(frozen=True)
class Pin:
    """One run's answer (one word per board) and the JS that fixes it before the page loads
    (or the page's own address for it: `path`, after the game's)."""

    answer: tuple[str, ...]
    init: str = ""
    path: str = ""


@dataclass(frozen=True)
class Game:
    """One clone in one mode or look: where it is served, what a user would pass, its pins."""

    clone: str
    mode: str
    rows: int
    pins: Callable[[Path], list[Pin]]  # from the clone's folder: one pin per run, cycled
    path: str = ""
    lang: str | None = None  # told only when the page is not in English
    user_lists: int | None = None  # open-wordljs names: the page's list at this length
    flags: tuple[str, ...] = ()  # what a user would tell (--hard on a hard page, --game absurdle)
    page_words: bool = False  # the page's own word list (its answers.json) as the user's lists
    # Whether the guesses won by the page's own rule (an adversary has no answer to pin).
    check: Callable[[Path, tuple[str, ...]], bool] | None = None

    @property
    def label(self) -> str:
        return f"{self.clone} {self.mode}"


def plain(word: str) -> str:
    """The word without accents, as it is typed (lingle shows `médio`, takes `medio`)."""
    return "".join(c for c in unicodedata.normalize("NFD", word)
                   if unicodedata.category(c) != "Mn").lower()


# --- each clone's documented answer control (../shared/clones/README.md) -------------------

def word_master(dark: bool) -> Callable[[Path], list[Pin]]:
    look = "localStorage.setItem('dark-mode', 'true');" if dark else ""
    return lambda _: [Pin((w.lower(),), f"localStorage.setItem('stateAnswer', "
                                        f"JSON.stringify('{w}'));" + look)
                      for w in ("TRAIN", "PLUMB", "GHOST")]


def solid_wordle(mode: str) -> Callable[[Path], list[Pin]]:
    def pins(folder: Path) -> list[Pin]:
        words = json.loads((folder / "answers-common-words.json").read_text())
        # Math.random = (i + 0.5) / 2309 => the list's i-th word at every load.
        return [Pin((words[i].lower(),), f"Math.random = () => {(i + 0.5) / len(words)!r}; "
                                          f"localStorage.setItem('color-mode', '{mode}');")
                for i in range(3)]
    return pins


def fixed(word: str) -> Callable[[Path], list[Pin]]:
    """wordle-global: the answer was fixed when the page was built (same word every run)."""
    return lambda _: [Pin((word,))]


def letreco(extra: str = "") -> Callable[[Path], list[Pin]]:
    def pins(folder: Path) -> list[Pin]:
        table = json.loads((folder / "answers-by-date.json").read_text())["answers"]
        return [Pin((table[day].lower(),), PIN_DATE.format(day=day) + extra) for day in DAYS]
    return pins


def lingle(mode: str) -> Callable[[Path], list[Pin]]:
    def pins(folder: Path) -> list[Pin]:
        table = json.loads((folder / "answers-by-date.json").read_text())
        return [Pin(tuple(plain(w) for w in table[day][mode]), PIN_DATE.format(day=day))
                for day in DAYS]
    return pins


def tree_words(folder: Path, name: str) -> list[str]:
    """Every word of one of open-wordljs' letter trees (js/tree_NAME.js), in its order."""
    text = (folder / "js" / f"tree_{name}.js").read_text(encoding="utf-8")
    tree = json.loads(text[text.index("{"): text.rindex("}") + 1])
    words: list[str] = []

    def walk(node: object, prefix: str) -> None:
        if not isinstance(node, dict):
            words.append(prefix)
            return
        for letter, child in node.items():
            walk(child, prefix + letter)

    walk(tree, "")
    return words


def wordljs(difficulty: str, tree: str, length: int) -> Callable[[Path], list[Pin]]:
    def pins(folder: Path) -> list[Pin]:
        words = [w for w in tree_words(folder, tree) if len(w) == length]
        picks = [words[k * len(words) // 3] for k in range(3)]
        # The page's Difficulty menu makes the same call; then its documented answer field.
        return [Pin((w,), "window.addEventListener('load', () => {"
                          f"WordlJS.changeDifficulty('{difficulty}'); WordlJS.answer = '{w}';}});")
                for w in picks]
    return pins


DUO_START = """window.addEventListener('load', () => setTimeout(() => {{
  var p = {{view: 'game', gameMode: 'historic', challenge: 'normal', id: {id}}};
  history.pushState({{path: p}}, '', '/game/historic/normal/{id}');
  dispatchEvent(new PopStateEvent('popstate', {{state: {{path: p}}}}));
}}, 300));"""


def duotrigordle(folder: Path) -> list[Pin]:
    targets = json.loads((folder / "historic-targets.json").read_text())["targets"]
    return [Pin(tuple(w.lower() for w in targets[str(i)]), DUO_START.format(id=i))
            for i in (5, 6, 7)]


def case(url: str) -> Callable[[Path], list[Pin]]:
    """A newer clone's case from its answers.json: the page's address fixes the answer."""
    def pins(folder: Path) -> list[Pin]:
        cases = json.loads((folder / "answers.json").read_text(encoding="utf-8"))["cases"]
        answers = next(c["answers"] for c in cases if c["url"] == url)
        return [Pin(tuple(w.lower() for w in answers), path=url.lstrip("/"))]
    return pins


def page_words(folder: Path) -> list[str]:
    """A clone's own word list (answers.json's `words`), as the page has it."""
    return json.loads((folder / "answers.json").read_text(encoding="utf-8"))["words"]


def absurdle_cat_won(folder: Path, guesses: tuple[str, ...]) -> bool:
    """Replay absurdle.cat's own adversary (its rule in ../shared/clones/README.md): marks by
    the letter anywhere, no counting; the largest bucket without the guess kept, ties to the
    later one; won when only the last guess is left."""
    left = list(dict.fromkeys(page_words(folder)))
    for guess in guesses:
        buckets: dict[str, list[str]] = {}
        for word in left:
            marks = "".join("c" if word[i] == g else "p" if g in word else "a"
                            for i, g in enumerate(guess))
            buckets.setdefault(marks, []).append(word)
        kept = [guess]
        for bucket in buckets.values():
            if guess not in bucket and len(bucket) >= len(kept):
                kept = bucket
        left = kept
    return bool(guesses) and left == [guesses[-1]]


GAMES = (
    Game("lingle-quad", "1 board /", 6, lingle("lingle"), lang="pt"),
    Game("lingle-quad", "2 boards /duo/", 7, lingle("duolingle"), path="duo/", lang="pt"),
    Game("lingle-quad", "4 boards /quad/", 9, lingle("quadlingle"), path="quad/", lang="pt"),
    Game("lingle-quad", "8 boards /octo/", 13, lingle("octolingle"), path="octo/", lang="pt"),
    Game("lingle-quad", "10 boards /dec/", 15, lingle("declingle"), path="dec/", lang="pt"),
    Game("open-wordljs", "5 letters (easy)", 6, wordljs("easy", "easy", 5)),
    Game("open-wordljs", "6 letters (girl6)", 7, wordljs("girl6", "girl_6", 6), user_lists=6),
    Game("open-wordljs", "8 letters (girl8)", 9, wordljs("girl8", "girl_8", 8), user_lists=8),
    Game("word-master", "light (How to play up)", 6, word_master(False)),
    Game("word-master", "dark (How to play up)", 6, word_master(True)),
    Game("solid-wordle", "light", 6, solid_wordle("light")),
    Game("solid-wordle", "dark", 6, solid_wordle("dark")),
    Game("wordle-global", "en /", 6, fixed("porch")),
    Game("wordle-global", "de /de/", 6, fixed("gnade"), path="de/", lang="de"),
    Game("letreco", "standard", 6, letreco(), lang="pt"),
    Game("letreco", "colour-blind", 6, letreco(
        "localStorage.setItem('globalSettings', '{\"isColorblindModeActive\":true}');"),
        lang="pt"),
    Game("wordleplus", "#daily/1 (tutorial up)", 6, case("/#daily/1")),
    Game("wordleplus", "#daily/17 (tutorial up)", 6, case("/#daily/17")),
    Game("wordleplus", "seed n=8 hard", 6, case("/seed.html?n=8&hard=1"), flags=("--hard",)),
    Game("wordleplus", "infinite", 6, case("/?now=1700000000000#infinite")),
    Game("lemot", "2022-03-08 (promotion up)", 6, case("/?now=2022-03-08"), lang="fr"),
    Game("lemot", "2023-05-12 (promotion up)", 6, case("/?now=2023-05-12"), lang="fr"),
    Game("twordle", "2 boards", 10, case("/")),
    Game("absurdle-cat", "Catalan, its own words", 99, lambda _: [Pin(("?",))],
         flags=("--game", "absurdle"), page_words=True, check=absurdle_cat_won),
    Game("sedordle", "16 boards 2022-03-01", 21, case("/?now=2022-03-01")),
    Game("sedordle", "16 boards 2022-04-23", 21, case("/?now=2022-04-23")),
    Game("duotrigordle", "32 boards (historic)", 37, duotrigordle),  # last: minutes a game
)


# --- one game --------------------------------------------------------------------------------

@contextlib.contextmanager
def last_frame(png: Path) -> Iterator[None]:
    """Save the page's last frame to `png` just before the bot's browser quits (for a loss's
    diagnosis; the bot itself never sees this)."""
    import autobot.drivers.browser as browser

    opened = browser.open_browser

    @contextlib.contextmanager
    def keeping(config: Any) -> Iterator[Any]:
        with opened(config) as driver:
            try:
                yield driver
            finally:
                with contextlib.suppress(Exception):
                    png.write_bytes(driver.get_screenshot_as_png())

    browser.open_browser = keeping
    try:
        yield
    finally:
        browser.open_browser = opened


@dataclass
class Played:
    """One `autobot play`: its --json record, exit code, flags, where its log and frame are."""

    record: dict[str, Any]
    exit: int
    args: list[str]
    log: Path
    frame: Path
    folder: Path  # the clone's folder (its own rules and lists, for a page's own win check)
    failed: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def play(game: Game, pin: Pin, base: str, work: Path, keep: Path, tag: str,
         lists: dict[int, Path], folder: Path) -> Played:
    """One `autobot play --url` of the clone with `pin`'s answer."""
    out, script = work / "game.json", work / "init.js"
    out.unlink(missing_ok=True)
    user = []
    if game.lang:
        user += ["--lang", game.lang]
    if game.user_lists or game.page_words:
        names = str(lists[game.user_lists or 0])
        user += ["--answers", names, "--guesses", names]
    user += list(game.flags)
    args = ["play", "--url", base + game.path + pin.path, *user, "--json", str(out)]
    if pin.init:
        script.write_text(pin.init, encoding="utf-8")
        args += ["--init-script", str(script)]
    log, frame = keep / f"{tag}.log", keep / f"{tag}.png"
    failed = None
    with open(log, "w", encoding="utf-8") as sink, contextlib.redirect_stdout(sink), \
            contextlib.redirect_stderr(sink), last_frame(frame):
        try:
            code = autobot(args)
        except SystemExit as exc:  # argparse
            code = exc.code if isinstance(exc.code, int) else 2
        except Exception as exc:  # a crash is a loss, with its traceback in the log
            traceback.print_exc()
            code, failed = 99, f"{type(exc).__name__}: {exc}"
    record = json.loads(out.read_text()) if out.exists() else {}
    return Played(record, code, [a for a in user], log, frame, folder, failed)


def bench_record(game: Game, pin: Pin, played: Played, load: float) -> BenchRecord:
    """The game as a benchmark record: won when every answer was found within the rows and the
    bot exited 0; the play record's own keys (reason, boards found, ...) kept beside."""
    rec = played.record
    guesses = tuple(rec.get("guesses", ()))
    found = set(guesses)
    if game.check is not None:
        solved = game.check(played.folder, guesses)
    else:
        solved = bool(guesses) and (set(pin.answer) <= found if len(pin.answer) > 1
                                    else guesses[-1] == pin.answer[0])
    won = solved and bool(rec.get("won")) and played.exit == 0 and len(guesses) <= game.rows
    own = {k: v for k, v in rec.items() if k not in ("won", "guesses", "seconds", "answer")}
    own.update(exit=played.exit, log=str(played.log), user_flags=played.args,
               load_average=round(load, 2))
    if not won:
        own["frame"] = str(played.frame)
    return BenchRecord(
        answer=pin.answer[0] if len(pin.answer) == 1 else pin.answer, guesses=guesses,
        solved=solved, won=won, seconds=rec.get("seconds"),
        failed=played.failed or (None if rec else f"no record (exit {played.exit})"),
        extra=own,
    )


def view_of(record: BenchRecord) -> str:
    """How hidden rows were brought into view: the record's steps' kinds (zoom, scroll), or none."""
    steps = record.extra.get("brought_into_view") or []
    kinds = []
    for step in steps:
        kind = str(step).split()[0]
        if kind not in kinds:
            kinds.append(kind)
    return "+".join(kinds) or "none"


def row_line(run: BenchRun) -> str:
    """The table's line for one game/mode."""
    s, recs = run.summary, run.records
    played = [r for r in recs if r.failed is None]
    guesses = ",".join(str(len(r.guesses)) for r in recs)
    secs = [r.seconds for r in played if r.seconds is not None]
    refused = ",".join(str(len(r.extra.get("rejected", []))) for r in recs)
    boards = ",".join(str(r.extra.get("boards_found", "?")) for r in recs)
    views = ",".join(sorted({view_of(r) for r in recs}))
    med = f"{statistics.median(secs):.1f}" if secs else "-"
    losses = "; ".join(f"{_answer(r.answer)}: {r.extra.get('reason') or r.failed}"
                       for r in recs if not r.won)
    return (f"{s.game:38} {f'{s.won}/{s.games}':>5} {guesses:>9} {med:>7} {refused:>7} "
            f"{boards:>9} {views:10} {losses}")


def _answer(answer: str | tuple[str, ...]) -> str:
    return answer if isinstance(answer, str) else "+".join(answer[:3]) + (
        "+..." if len(answer) > 3 else "")


def run_of(game: Game, records: list[BenchRecord], wall: float) -> BenchRun:
    """One game/mode's records and their summary (where, how told, the machine's load)."""
    summary = summarise(records, game=game.label, strategy="default", mode="browser",
                        rows=game.rows, wall_s=wall, extra={
                            "clone": game.clone, "path": "/" + game.path,
                            "lang": game.lang or "en (not told)",
                            "user_lists": bool(game.user_lists),
                            "load_average": round(os.getloadavg()[0], 2),
                            "cpu_count": os.cpu_count()})
    return BenchRun(summary, tuple(records))


def save(path: str | None, runs: list[BenchRun], repeats: int, wall: float) -> None:
    """The runs so far as the bench JSON document (nothing without --json)."""
    if path:
        with open(os.devnull, "w") as quiet, contextlib.redirect_stdout(quiet):
            write_runs(path, runs, about="real clones, zero configuration", repeats=repeats,
                       wall_s=round(wall, 1))


def markdown_line(run: BenchRun) -> str:
    """The README table's line for one game/mode."""
    s, recs = run.summary, run.records
    clone, mode = s.game.split(" ", 1)
    secs = [r.seconds for r in recs if r.seconds is not None]
    med = f"{statistics.median(secs):.1f}" if secs else "-"
    losses = "; ".join(f"{_answer(r.answer)}: `{r.extra.get('reason') or r.failed}`"
                       for r in recs if not r.won) or "-"
    cells = [clone, mode, f"{s.won}/{s.games}", ", ".join(str(len(r.guesses)) for r in recs),
             med, ", ".join(str(len(r.extra.get("rejected", []))) for r in recs),
             ", ".join(str(r.extra.get("boards_found", "-")) for r in recs),
             ", ".join(sorted({view_of(r) for r in recs})), losses]
    return "| " + " | ".join(cells) + " |"


def table_from(paths: list[str]) -> int:
    """`--table`: the README's markdown lines from earlier --json documents (a later document's
    game/mode replaces an earlier one's)."""
    from autobot.bench.model import from_json

    runs: dict[str, BenchRun] = {}
    for path in paths:
        try:
            doc = json.loads(Path(path).read_text(encoding="utf-8"))
            for run in from_json(doc):
                runs[run.summary.game] = run
        except (OSError, ValueError, KeyError) as exc:
            print(f"bench_clones: cannot read {path}: {exc}", file=sys.stderr)
            return 2
    order = [g.label for g in GAMES]
    for label in sorted(runs, key=lambda g: order.index(g) if g in order else len(order)):
        print(markdown_line(runs[label]))
    return 0


HEADER = (f"{'game / mode':38} {'won':>5} {'guesses':>9} {'med s':>7} {'refused':>7} "
          f"{'boards':>9} {'view':10} losses (reason)")


def main() -> int:
    """Play every selected clone and mode `--repeats` times; print the table, write the JSON."""
    parser = argparse.ArgumentParser(prog="scripts/bench_clones.py")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--first", type=int, default=0,
                        help="start at this pin of each mode (0: the first; to replay one loss)")
    parser.add_argument("--shared", type=Path, default=SHARED)
    parser.add_argument("--only", default="",
                        help="comma-separated parts of 'clone mode' to play (default: all)")
    parser.add_argument("--skip", default="", help="comma-separated parts of 'clone mode' to skip")
    parser.add_argument("--json", default=None)
    parser.add_argument("--keep", type=Path, default=Path("/tmp/bench_clones"),
                        help="folder for each game's log and last frame")
    parser.add_argument("--table", nargs="+", metavar="JSON",
                        help="print the README's markdown table from these --json documents "
                             "(later ones replace a game/mode) and play nothing")
    args = parser.parse_args()
    if args.table:
        return table_from(args.table)
    if not args.shared.is_dir():
        print(f"bench_clones: no clones at {args.shared}", file=sys.stderr)
        return 2
    if args.repeats < 1:
        print("bench_clones: --repeats must be at least 1", file=sys.stderr)
        return 2
    if args.first < 0:
        print("bench_clones: --first must be 0 or more", file=sys.stderr)
        return 2
    only = [p for p in args.only.split(",") if p]
    skip = [p for p in args.skip.split(",") if p]
    games = [g for g in GAMES if (not only or any(p in g.label for p in only))
             and not any(p in g.label for p in skip)]
    if not games:
        print(f"bench_clones: nothing matches --only {args.only!r}", file=sys.stderr)
        return 2
    os.environ["SE_OFFLINE"] = "true"
    args.keep.mkdir(parents=True, exist_ok=True)
    work = args.keep / "work"
    work.mkdir(exist_ok=True)
    lists = {}
    for length in {g.user_lists for g in games if g.user_lists}:
        # The page's names as found, stray lines and all (a user would not clean them).
        lists[length] = work / f"names{length}.txt"
        words = tree_words(args.shared / "open-wordljs", f"girl_{length}")
        lists[length].write_text("\n".join(words) + "\n")
    for game in games:
        if game.page_words:  # one page-words list a run of the script (key 0)
            lists[0] = work / f"{game.clone}-words.txt"
            lists[0].write_text("\n".join(page_words(args.shared / game.clone)) + "\n",
                                encoding="utf-8")
    runs: list[BenchRun] = []
    print(HEADER, flush=True)
    t_all = time.monotonic()
    for game in games:
        folder = args.shared / game.clone
        pins = game.pins(folder)
        records = []
        t0 = time.monotonic()
        with serve_folder(folder) as base:
            for i in range(args.repeats):
                pin = pins[(args.first + i) % len(pins)]
                tag = f"{game.clone}-{game.mode}-{game.path.strip('/') or 'root'}-{i}"
                tag = "".join(c if c.isalnum() or c in "-_" else "_" for c in tag)
                load = os.getloadavg()[0]
                played = play(game, pin, base, work, args.keep, tag, lists, folder)
                record = bench_record(game, pin, played, load)
                records.append(record)
                # After every game: a long run (Duotrigordle) cut short keeps what it measured.
                save(args.json, [*runs, run_of(game, records, time.monotonic() - t0)],
                     args.repeats, time.monotonic() - t_all)
                print(f"  [{game.label} {i + 1}/{args.repeats}] {_answer(pin.answer)}: "
                      f"{'won' if record.won else 'LOST'} in {len(record.guesses)}, "
                      f"{record.seconds or 0:.1f} s, reason {played.record.get('reason')}, "
                      f"load {load:.1f}", file=sys.stderr, flush=True)
        runs.append(run_of(game, records, time.monotonic() - t0))
        print(row_line(runs[-1]), flush=True)
        save(args.json, runs, args.repeats, time.monotonic() - t_all)
    if args.json:
        print(f"wrote {args.json}")
    return 0 if all(r.summary.won == r.summary.games for r in runs) else 1


if __name__ == "__main__":
    sys.exit(main())
