"""Regression testing on screenshots: decode each image, compare with what it should show.

Expectations come from a fixture sidecar (`NAME.json` beside `NAME.png`, written by
`autobot fixtures make`) or from a `labels.json` in the image's folder (the format of
../shared/real-screens). A game's trace (`--trace DIR`, `autobot.harness.trace`) is replayed
frame by frame, in order, as the game read them (one reader, each read hinted by the last
board found): each is compared with what the bot read then, or with a sidecar
`frames/NNNNNN.json` beside the frame (the fixtures' format, written by hand where the bot
misread: it wins over the recorded read). The comparison and the next-guess rule are pure
functions; reading files and images happens only in `collect_cases`, `replay_case` and
`update_sidecars`.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from autobot.errors import AutobotError, BadInput
from autobot.games import find_game
from autobot.games.player import make_player
from autobot.harness.calibration import read_mismatch
from autobot.harness.puzzle_replay import grid_kind, replay_grid
from autobot.harness.trace import FRAMES_DIR, frame_name, is_trace, last_reads
from autobot.rules import WORD_LENGTH, Turn
from autobot.solver import GameState, SolverConfig
from autobot.vision import load_image, read_board
from autobot.vision.boards import BoardsReader
from autobot.vision.digits import read_count
from autobot.vision.learned import PageReader

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".bmp", ".webp")
LABELS_FILE = "labels.json"
SIDECAR_VERSION = 1
ROWS = 6

Row = tuple[str, str]  # (LETTERS, MARKS), the labels format


@dataclass(frozen=True)
class Expectation:
    """What a screenshot should decode to; None fields are not checked."""

    found: bool
    rows: tuple[Row, ...]
    settled: bool | None = None
    theme: str | None = None
    high_contrast: bool | None = None
    guess: str | None = None  # the default strategy's next guess (None: no decision due)
    check_guess: bool = False  # labels.json entries carry no guess to check
    hard: bool = False
    unsure_ok: bool = False  # a reader's own '?' on a known tile is allowed if not settled
    mode: str = "wordle"  # the game (autobot.games name); its length is the board's width
    counts: tuple[int | None, ...] = ()  # Jotto: the count beside each row (None: none shown)


@dataclass(frozen=True)
class Case:
    """One image to replay and where its expectation came from ('sidecar', 'labels' or none)."""

    name: str
    image: Path
    expect: Expectation | None
    source: str  # "sidecar" | "labels" | "trace" | "none"
    sidecar: Path | None = None
    # A trace's frame: "board" (one board) or "boards" (many), read in order by one reader
    # per trace; "" for any other image.
    reader: str = ""


@dataclass
class Result:
    """The outcome of one case: pass / fail / new (no expectation), what differed, how long."""

    name: str
    image: str
    status: str
    diffs: list[str] = field(default_factory=list)
    read_ms: float = 0.0
    found: bool = False
    settled: bool = False
    theme: str | None = None
    high_contrast: bool | None = None
    rows: list[Row] = field(default_factory=list)
    unsure: int = 0  # known tiles the reader answered '?' on (allowed only when not settled)
    guess: str | None = None
    expected_guess: str | None = None
    source: str = "none"
    note: str = ""  # e.g. why the calibration profile does not fit this frame

    def to_json(self) -> dict[str, Any]:
        """A plain dict for `--json`."""
        return {
            "name": self.name, "image": self.image, "status": self.status, "diffs": self.diffs,
            "read_ms": round(self.read_ms, 2), "found": self.found, "settled": self.settled,
            "theme": self.theme, "high_contrast": self.high_contrast,
            "rows": [list(r) for r in self.rows], "unsure": self.unsure, "guess": self.guess,
            "expected_guess": self.expected_guess, "source": self.source, "note": self.note,
        }


# --- pure rules ----------------------------------------------------------------------------------


def _norm_rows(rows: Iterable[Sequence[str]]) -> tuple[Row, ...]:
    return tuple((str(r[0]), str(r[1])) for r in rows)


def complete_history(rows: Sequence[Row]) -> tuple[Turn, ...] | None:
    """The submitted rows as Turns, top down, stopping at the first row that is not scored.

    None when a scored row follows an unscored one (a board no game can show).
    """
    turns: list[Turn] = []
    ended = False
    for letters, marks in rows:
        scored = (len(marks) >= 4 and set(marks) <= set("GYX")
                  and len(letters) == len(marks) and letters.isalpha())
        if scored and ended:
            return None
        if scored:
            turns.append(Turn(letters.lower(), marks))
        else:
            ended = True
    return tuple(turns)


def is_game_over(rows: Sequence[Row], limit: int | None = ROWS) -> bool:
    """A green row, or `limit` scored rows (None: no limit): the game has no next guess."""
    history = complete_history(rows) or ()
    won = any(set(t.marks) == {"G"} for t in history)
    return won or (limit is not None and len(history) >= limit)


def board_game(rows: Sequence[Row], mode: str = "wordle") -> Any:
    """The `autobot.games` game a board plays: `mode` at the board's width."""
    width = len(rows[0][1]) if rows else WORD_LENGTH

    return find_game(mode, width)


def next_guess_for(
    rows: Sequence[Row], *, found: bool, settled: bool, hard: bool,
    solver_for: Callable[..., Any], mode: str = "wordle",
    counts: Sequence[int | None] = (),
) -> str | None:
    """The default strategy's guess on this board; None with no board, on a moving frame, or
    once the game is over. `solver_for(hard, game)` gives the game's player (built lazily by
    the caller): `mode` at the board's width (Jotto's rows are answered by `counts`)."""
    if not found or not settled or not rows:
        return None
    game = board_game(rows, mode)
    if is_game_over(rows, game.rows):
        return None
    history = complete_history(rows)
    if history is None:
        raise AutobotError("a scored row below an unscored one: not a Wordle board")
    if game.page == "count":
        if len(counts) < len(history) or any(c is None for c in counts[: len(history)]):
            raise AutobotError("a played Jotto row shows no count")
        history = tuple(Turn(t.guess, str(c)) for t, c in zip(history, counts, strict=False))
    return str(solver_for(hard, game).next_guess(GameState(history=history, hard=hard)))


def tile_letters(letters: str, marks: str) -> list[str]:
    """Each tile's letter: LETTERS lists the letters of the non-empty tiles only, in order."""
    it = iter(letters)
    return ["" if m == "." else next(it, "") for m in marks]


def unsure_tiles(expect: Expectation, read: Any) -> int:
    """Tiles the reader marked '?' where the expectation knows the mark."""
    if not (expect.found and read.found):
        return 0
    n = 0
    for (_, e_marks), (_, g_marks) in zip(expect.rows, _norm_rows(read.rows), strict=False):
        n += sum(1 for j, em in enumerate(e_marks) if em != "?" and j < len(g_marks)
                 and g_marks[j] == "?")
    return n


def compare_board(expect: Expectation, read: Any, *, unsure_ok: bool | None = None
                  ) -> list[str]:
    """What differs between the expected board and a BoardRead ('' list = right).

    Per ../shared/real-screens/README.md: a tile with expected mark '?' may read as anything, but
    then the frame must be reported as not settled. With `unsure_ok`, a tile the reader itself
    marks '?' is "unsure", not wrong, provided the frame is reported as not settled (the bot
    waits on it): the real-screens labels give the game's state even under a toast or a
    bouncing tile, which no reader can see. Default: the expectation's own `unsure_ok`.
    """
    if unsure_ok is None:
        unsure_ok = expect.unsure_ok
    diffs: list[str] = []
    got_rows = _norm_rows(read.rows) if read.found else ()
    if not expect.found:
        if read.found:
            diffs.append(f"found a board where there is none ({len(got_rows)} rows)")
        return diffs
    if not read.found:
        return ["no board found"]
    if len(got_rows) != len(expect.rows):
        diffs.append(f"rows: expected {len(expect.rows)} got {len(got_rows)}")
    for i, ((e_letters, e_marks), (g_letters, g_marks)) in enumerate(
        zip(expect.rows, got_rows, strict=False)
    ):
        bad = []
        e_tiles, g_tiles = tile_letters(e_letters, e_marks), tile_letters(g_letters, g_marks)
        for j, em in enumerate(e_marks):
            if em == "?":
                continue
            gm = g_marks[j] if j < len(g_marks) else "-"
            el, gl = e_tiles[j], g_tiles[j] if j < len(g_tiles) else ""
            if unsure_ok and gm == "?":
                continue
            if gm != em or (em in "GYXt" and gl.upper() != el.upper()):
                bad.append(j)
        if bad:
            diffs.append(
                f"row {i + 1}: expected {e_letters or '-'} {e_marks} got {g_letters or '-'} "
                f"{g_marks} (tile {','.join(str(j + 1) for j in bad)})"
            )
    must_move = any("?" in m for _, m in expect.rows) or (
        unsure_ok and unsure_tiles(expect, read) > 0)
    if expect.settled is not None and bool(read.settled) != expect.settled:
        diffs.append(f"settled: expected {expect.settled} got {bool(read.settled)}")
    elif must_move and read.settled:
        diffs.append("settled: expected False ('?' tiles) got True")
    if expect.theme is not None and read.theme != expect.theme:
        diffs.append(f"theme: expected {expect.theme} got {read.theme}")
    if expect.high_contrast is not None and bool(read.high_contrast) != expect.high_contrast:
        diffs.append(f"high_contrast: expected {expect.high_contrast} got {read.high_contrast}")
    return diffs


def expectation_from_sidecar(data: dict[str, Any]) -> Expectation:
    """An Expectation from a fixture sidecar's dict."""
    exp = data["expected"]
    return Expectation(
        found=bool(exp["found"]),
        rows=_norm_rows(exp.get("rows", [])),
        settled=exp.get("settled"),
        theme=exp.get("theme"),
        high_contrast=exp.get("high_contrast"),
        guess=data.get("expected_guess"),
        check_guess=True,
        hard=bool(data.get("hard", False)),
        mode=str(data.get("game", {}).get("mode", "wordle")),
        counts=tuple(exp.get("counts", ())),
    )


def expectation_from_label(entry: dict[str, Any], strict: bool = False) -> Expectation:
    """An Expectation from one labels.json entry (board and '?' rule only; no guess).

    Unless `strict`, the reader may answer '?' (and "not settled") for a labelled tile: the
    labels hold the game's state even where a toast or a bouncing tile hides it.
    """
    rows = _norm_rows(entry.get("rows", []))
    return Expectation(found=bool(rows), rows=rows, unsure_ok=not strict)


# --- files ---------------------------------------------------------------------------------------


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise AutobotError(f"cannot read {path}: {exc}") from None


def _labels_cases(labels: Path, strict: bool = False) -> list[Case]:
    data = _read_json(labels)
    if not isinstance(data, list):
        raise AutobotError(f"{labels}: expected a list of entries")
    cases = []
    for entry in data:
        try:
            image = labels.parent / entry["file"]
            cases.append(Case(name=str(entry.get("id") or Path(entry["file"]).stem), image=image,
                              expect=expectation_from_label(entry, strict), source="labels"))
        except (KeyError, TypeError, IndexError):
            raise AutobotError(f"{labels}: malformed entry {str(entry)[:60]}") from None
    return cases


def _image_case(image: Path, labels: dict[str, Case] | None = None) -> Case:
    sidecar = image.with_suffix(".json")
    if sidecar.is_file():
        data = _read_json(sidecar)

        if grid_kind(data) is not None:  # a puzzle grid or Tuble's rows: puzzle_replay judges it
            return Case(name=image.stem, image=image, expect=None, source="grid", sidecar=sidecar)
        try:
            expect = expectation_from_sidecar(data)
        except (KeyError, TypeError, IndexError):
            raise AutobotError(f"{sidecar}: not a fixture sidecar (no 'expected')") from None
        return Case(name=image.stem, image=image, expect=expect, source="sidecar",
                    sidecar=sidecar)
    if labels and image.name in labels:
        return labels[image.name]
    return Case(name=image.stem, image=image, expect=None, source="none")


def expectation_from_trace(entry: dict[str, Any]) -> Expectation:
    """An Expectation from a trace's recorded read: the board, settled and theme as read."""
    found = bool(entry.get("found"))
    return Expectation(found=found, rows=_norm_rows(entry.get("rows", [])),
                       settled=bool(entry.get("settled")) if found else None,
                       theme=entry.get("theme") if found else None)


def trace_cases(folder: Path) -> list[Case]:
    """Every frame of a trace that the bot read (or that has a sidecar written by hand), with
    the hand-written sidecar's expectation, else the recorded read's."""
    reads = last_reads(folder)
    frames = folder / FRAMES_DIR
    by_hand = {int(p.stem): p for p in frames.glob("*.json") if p.stem.isdigit()} \
        if frames.is_dir() else {}
    cases = []
    for n in sorted(set(reads) | set(by_hand)):
        image = folder / frame_name(n)
        if not image.is_file():
            raise BadInput(f"{folder}: frame {n} was read but {frame_name(n)} is missing")
        entry = reads.get(n, {})
        reader = "boards" if "boards" in entry else "board"
        name = f"{folder.name}/{n:06d}"
        if n in by_hand:
            data = _read_json(by_hand[n])
            try:
                expect = expectation_from_sidecar(data)
            except (KeyError, TypeError, IndexError, AttributeError):
                raise BadInput(f"{by_hand[n]}: not a fixture sidecar (no 'expected')") from None
            # Only a guess written down is checked (a corrected board need not say one).
            expect = replace(expect, check_guess="expected_guess" in data)
            cases.append(Case(name, image, expect, "sidecar", by_hand[n], reader))
        else:
            cases.append(Case(name, image, expectation_from_trace(entry), "trace", None, reader))
    if not cases:
        raise BadInput(f"{folder}: the trace holds no frame the bot read")
    return cases


def expect_frame(folder: Path, n: int) -> Path:
    """Write frame `n`'s sidecar in a trace from the bot's read of it, for a person to correct
    where the bot misread (the fixtures' format); an existing sidecar is kept as it is."""
    reads = last_reads(folder)
    if n not in reads:
        raise BadInput(f"{folder}: the bot read no frame {n} (read: "
                       f"{', '.join(map(str, list(reads)[:8]))}{'...' if len(reads) > 8 else ''})")
    sidecar = (folder / frame_name(n)).with_suffix(".json")
    if not sidecar.exists():
        entry = reads[n]
        expected = {"found": entry["found"], "settled": entry.get("settled"),
                    "theme": entry.get("theme"), "rows": entry["rows"]}
        sidecar.write_text(json.dumps({"format": "autobot-fixture/1", "image": sidecar.with_suffix(
            ".png").name, "expected": expected}, indent=1) + "\n", encoding="utf-8")
    return sidecar


def collect_cases(paths: Sequence[str | Path], strict: bool = False) -> list[Case]:
    """Every image under `paths` with its expectation; a folder with labels.json uses it
    (`strict`: no '?' answers allowed on labelled tiles, see `expectation_from_label`)."""
    cases: list[Case] = []
    for raw in paths:
        path = Path(raw)
        if not path.exists():
            raise AutobotError(f"no such file or folder: {path}")
        if path.is_dir() and is_trace(path):
            cases.extend(trace_cases(path))
            continue
        if path.is_dir():
            labels = path / LABELS_FILE
            if labels.is_file():
                cases.extend(_labels_cases(labels, strict))
                continue
            images = sorted(p for p in path.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
            cases.extend(_image_case(p) for p in images)
            if not images:  # a folder of traces (`bench --browser --trace DIR`: DIR/game-N)
                for folder in sorted(p for p in path.iterdir() if p.is_dir() and is_trace(p)):
                    cases.extend(trace_cases(folder))
        elif path.name == LABELS_FILE or (path.suffix == ".json" and not
                                          path.with_suffix(".png").exists()):
            cases.extend(_labels_cases(path, strict))
        elif path.suffix.lower() == ".json":
            cases.append(_image_case(path.with_suffix(".png")))
        else:
            labels_path = path.parent / LABELS_FILE
            by_file = ({c.image.name: c for c in _labels_cases(labels_path, strict)}
                       if labels_path.is_file() else None)
            cases.append(_image_case(path, by_file))
    return cases


class Replayer:
    """Reads cases with vision and judges them; builds the solver(s) only when first needed."""

    def __init__(self, profile: Any = None, strategy: str = "default", lang: str = "en",
                 mode: str = "wordle", length: int = 5) -> None:
        self.profile = profile
        self.strategy = strategy
        self.lang = lang
        self.mode = mode  # the game of images without a sidecar that names one
        self.length = length  # a hint only: each board's own width decides its game
        self._solvers: dict[Any, Any] = {}
        self._warm = False  # the first read loads glyph templates: keep that out of the times
        # A trace's reader and the board it last found, by folder: its frames are read in
        # order as the game read them (the many-board reader learns the page's fill, the
        # one-board reader looks where the last board was first).
        self._traces: dict[Path, list[Any]] = {}

    def solver_for(self, hard: bool, game: Any = None) -> Any:
        """The player of `game` (five-letter Wordle unless told) for normal or hard mode,
        cached."""
        game = game or find_game("wordle", 5)
        key = (hard, game.label, game.name)
        if key not in self._solvers:
            self._solvers[key] = make_player(
                game, SolverConfig(strategy=self.strategy, hard=hard, lang=self.lang))
        return self._solvers[key]

    def run(self, case: Case) -> Result:
        """Decode one case's image and compare it with its expectation; an image that cannot
        be read, or breaks the reader, is that case's failure, not the end of the run."""
        try:
            if case.source == "grid" and case.sidecar is not None:
                return Result(name=case.name, image=str(case.image), source="sidecar",
                              **replay_grid(case.image, _read_json(case.sidecar)))
            return self._run(case)
        except Exception as exc:  # noqa: BLE001 (one bad file must not lose the summary)
            result = Result(name=case.name, image=str(case.image), status="fail",
                            source=case.source)
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
            result.diffs.append(f"reading it failed: {type(exc).__name__}: {first}")
            return result

    def _run(self, case: Case) -> Result:
        result = Result(name=case.name, image=str(case.image), status="new", source=case.source)
        try:
            frame = load_image(case.image)
        except AutobotError as exc:
            result.status = "fail"
            result.diffs.append(f"unreadable image: {exc}")
            return result
        if not self._warm:
            read_board(frame, profile=self.profile)
            self._warm = True
        if case.reader:
            reader = self._trace_reader(case)
            start = time.perf_counter()
            read = reader[0](frame, hint=reader[1])
            reader[1] = read.grid if read.found else None
        else:
            start = time.perf_counter()
            read = read_board(frame, profile=self.profile)
        result.read_ms = (time.perf_counter() - start) * 1000
        result.found, result.settled = bool(read.found), bool(read.settled)
        result.theme, result.high_contrast = read.theme, read.high_contrast
        result.rows = list(_norm_rows(read.rows)) if read.found else []
        if self.profile is not None:
            result.note = read_mismatch(self.profile, frame.shape, read) or ""
        hard = case.expect.hard if case.expect else False
        mode = case.expect.mode if case.expect else self.mode
        width = len(result.rows[0][1]) if result.rows else self.length
        if self.length != 5 and width != self.length and case.expect is None:
            result.note = f"the board is {width} letters wide, not {self.length} (--length)"
        if case.reader and not (case.expect and case.expect.check_guess):
            # A trace's frame is judged by its board alone: no decision is recorded with it.
            result.diffs = compare_board(case.expect, read) if case.expect else []
            result.status = "fail" if result.diffs else "pass"
            return result
        counts = read_counts(frame, read) if mode == "jotto" and read.found else []
        try:
            result.guess = next_guess_for(result.rows, found=result.found,
                                          settled=result.settled, hard=hard,
                                          solver_for=self.solver_for, mode=mode, counts=counts)
        except AutobotError as exc:
            result.guess = None
            guess_error: str | None = str(exc)
        else:
            guess_error = None
        if case.expect is None:
            if guess_error:
                result.diffs.append(f"solver: {guess_error}")
            return result
        result.diffs = compare_board(case.expect, read)
        if case.expect.counts and list(case.expect.counts) != counts:
            result.diffs.append(f"counts: expected {list(case.expect.counts)} got {counts}")
        result.unsure = unsure_tiles(case.expect, read)
        if case.expect.check_guess:
            result.expected_guess = case.expect.guess
            if guess_error and not result.diffs:
                result.diffs.append(f"solver: {guess_error}")
            elif result.guess != case.expect.guess:
                result.diffs.append(
                    f"guess: expected {case.expect.guess or 'none'} got {result.guess or 'none'}"
                )
        result.status = "fail" if result.diffs else "pass"
        return result


    def _trace_reader(self, case: Case) -> list[Any]:
        """[reader, hint] of the trace `case` is a frame of (made at its first frame)."""
        folder = case.image.parent
        if folder not in self._traces:
            if case.reader == "boards":
                self._traces[folder] = [BoardsReader(profile=self.profile), None]
            else:
                self._traces[folder] = [PageReader(self.profile), None]
        return self._traces[folder]


def read_counts(frame: Any, read: Any) -> list[int | None]:
    """Jotto: the digit beside each row of the board, read from the pixels."""
    return [read_count(frame, read.grid, i) for i in range(len(read.rows))]


_WORKER: list[Replayer] = []  # the one Replayer of a pool worker process (set by its initializer)


def _init_worker(profile: Any, strategy: str, lang: str, mode: str = "wordle",
                 length: int = 5) -> None:
    _WORKER[:] = [Replayer(profile=profile, strategy=strategy, lang=lang, mode=mode,
                           length=length)]


def _run_in_worker(case: Case) -> Result:
    return _WORKER[0].run(case)


def replay_cases(cases: Sequence[Case], replayer: Replayer, jobs: int = 1) -> Iterator[Result]:
    """Every case's result, in case order, as each is ready; `jobs` > 1 spreads the cases over a
    process pool (each worker has its own Replayer: vision is CPU-bound, threads would not do)."""
    if jobs <= 1 or len(cases) < 2 or any(c.reader for c in cases):
        # (a trace's frames are read in order, each after the one before: one process)
        for case in cases:
            yield replayer.run(case)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    jobs = min(jobs, len(cases))
    chunk = max(1, min(16, len(cases) // (jobs * 8)))  # few round trips, still balanced
    # Workers start fresh ("spawn"), never forked: a fork copies OpenCV's thread pool without
    # its threads, and the worker's first read that sets OpenCV's threads waits on them for ever.
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"),
                             initializer=_init_worker,
                             initargs=(replayer.profile, replayer.strategy, replayer.lang,
                                       replayer.mode, replayer.length)) as pool:
        yield from pool.map(_run_in_worker, cases, chunksize=chunk)


def update_sidecars(cases: Sequence[Case], replayer: Replayer) -> list[tuple[str, str | None,
                                                                              str | None]]:
    """Rewrite each sidecar's expected guess from its *expected* board (boards never change).

    Returns (name, old, new) for every guess that changed.
    """
    changed = []
    for case in cases:
        if case.sidecar is None or case.expect is None:
            continue
        data = _read_json(case.sidecar)
        exp = case.expect
        new = next_guess_for(exp.rows, found=exp.found, settled=bool(exp.settled),
                             hard=exp.hard, solver_for=replayer.solver_for, mode=exp.mode,
                             counts=exp.counts)
        old = data.get("expected_guess")
        if new != old:
            data["expected_guess"] = new
            case.sidecar.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
            changed.append((case.name, old, new))
    return changed


def summarise(results: Sequence[Result]) -> dict[str, Any]:
    """Counts and read-time figures for the table's last line and `--json`."""
    times = sorted(r.read_ms for r in results if r.read_ms)
    def pct(q: float) -> float:
        return round(times[min(len(times) - 1, int(q * len(times)))], 2) if times else 0.0
    return {
        "cases": len(results),
        "passed": sum(r.status == "pass" for r in results),
        "failed": sum(r.status == "fail" for r in results),
        "new": sum(r.status == "new" for r in results),
        "read_ms_median": pct(0.5),
        "read_ms_p95": pct(0.95),
    }
