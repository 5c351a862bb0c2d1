"""`autobot bench --browser --parallel N [--remote URL]`: many games at once, nothing lost.

N workers each hold one browser session (local Chromium, or a Selenium Grid slot with
`--remote`) and take games from a shared queue. A game whose session fails (node killed, browser
crash, page server restarted) is put back and retried on a fresh session, up to `max_retries`
times, then reported failed with the reason. Every finished game is one JSON line, written as it
finishes; `--resume OUT.jsonl` skips the games already there. At the end the run checks that no
session, Chromium process or profile it made is left, and prints what it found.
"""

from __future__ import annotations

import collections
import contextlib
import json
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from autobot.app.request import Request
from autobot.bench.browser import option, pick_answers
from autobot.bench.model import (
    BenchRecord,
    BenchRun,
    record_from_json,
    record_to_json,
    summarise,
)
from autobot.bench.output import print_runs, write_runs
from autobot.drivers.browser import (
    BrowserConfig,
    load_page,
    open_browser,
    processes_using,
    remove_profile,
)
from autobot.drivers.driver import SeleniumDriver
from autobot.errors import AutobotError, SafetyStop
from autobot.harness.record import exit_of
from autobot.harness.selenium_grid import (
    default_run_dir,
    fetch_status,
    leftovers,
    load_state,
    reap_dead_nodes,
    session_node,
    status_summary,
)
from autobot.loop import BotConfig, play_game
from autobot.page.server import page_url, serve_page
from autobot.solver import SolverConfig, make_solver


@dataclass(frozen=True)
class Job:
    """One game to play: its number in the run (the resume key) and its answer."""

    game: int
    answer: str


@dataclass(frozen=True)
class RunConfig:
    """How every game is played: the page settings, the browser, and the retry budget."""

    parallel: int = 2
    remote_url: str | None = None
    anim: bool = False
    theme: str = "light"
    contrast: bool = False
    hard: bool = False
    strategy: str = "default"
    window_size: tuple[int, int] = (1280, 1024)
    scale: float = 1.0
    key_delay_ms: float = 60.0
    max_retries: int = 3
    open_attempts: int = 5  # a worker that cannot get a session this many times in a row stops
    # Mixed pages (a soak): themes and contrast in turn, and every `anim_every`-th game
    # animated (0: none beyond `anim`); off, every game has the page settings above.
    mix: bool = False
    anim_every: int = 0


# The page looks a mixed run goes through, game after game.
MIXED_THEMES = (("light", False), ("dark", False), ("light", True), ("dark", True))


def page_options(config: RunConfig, game: int) -> dict[str, Any]:
    """Game `game`'s page settings: the run's own, or (mixed) its turn of theme and motion."""
    if not config.mix:
        return {"theme": config.theme, "contrast": config.contrast, "anim": config.anim}
    looks = len(MIXED_THEMES)
    theme, contrast = MIXED_THEMES[game % looks]
    # Whole rounds of looks are animated, so animation meets every look whatever `anim_every`.
    animated = config.anim or (config.anim_every > 0 and (game // looks) % config.anim_every == 0)
    return {"theme": theme, "contrast": contrast, "anim": animated}


@dataclass
class Tally:
    """Counts the progress line and the summary show (updated under the runner's lock)."""

    total: int
    done: int = 0
    won: int = 0
    failed: int = 0
    retries: int = 0
    skipped: int = 0
    skipped_won: int = 0  # wins among the resumed games
    started: float = field(default_factory=time.monotonic)

    def line(self, now: float | None = None) -> str:
        """'[12/20] won 12, 5.1 games/min, ETA 1:34, 1 retries, 0 failed'."""
        elapsed = (now or time.monotonic()) - self.started
        rate = self.done / elapsed * 60 if elapsed > 0 else 0.0
        left = self.total - self.skipped - self.done
        eta = "?" if rate <= 0 else _clock(left / rate * 60)
        return (f"[{self.done + self.skipped}/{self.total}] won {self.won + self.skipped_won}, "
                f"{rate:.1f} games/min, ETA {eta}, {self.retries} retries, {self.failed} failed")


def _clock(seconds: float) -> str:
    minutes, sec = divmod(int(round(seconds)), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{sec:02d}" if hours else f"{minutes}:{sec:02d}"


def read_done(path: Path) -> dict[int, dict[str, Any]]:
    """Finished games in a JSON Lines file, by game number (a torn last line is ignored)."""
    done: dict[int, dict[str, Any]] = {}
    if not path.is_file():
        return done
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            record = json.loads(line)
            done[int(record["game"])] = record
        except (ValueError, KeyError, TypeError):
            continue
    return done


def make_jobs(answers: Iterable[str], done: dict[int, dict[str, Any]]) -> list[Job]:
    """The games still to play: every answer whose number is not in `done`."""
    return [Job(i, a) for i, a in enumerate(answers, start=1)
            if done.get(i, {}).get("answer") != a]  # another run's game i is not this one


class _Session:
    """One browser (local or a Grid slot), opened and closed by hand, and the node it runs on."""

    def __init__(self, config: RunConfig, worker: int) -> None:
        self._stack = contextlib.ExitStack()
        browser = BrowserConfig(window_size=config.window_size, scale=config.scale,
                                remote_url=config.remote_url)
        self.web = self._stack.enter_context(open_browser(browser))
        self.node = f"local-{worker}"
        caps = getattr(self.web, "capabilities", None) or {}
        self.profile = str((caps.get("chrome") or {}).get("userDataDir") or "")
        if config.remote_url:
            self.node = session_node(config.remote_url, self.web.session_id) or "remote"

    def close(self) -> None:
        """Quit the browser; a session that is already dead is not an error here, and a Chromium
        whose chromedriver died (so quit() could not reach it) is killed by its profile."""
        if self.profile:
            orphans = processes_using(self.profile)
        with contextlib.suppress(Exception):
            self._stack.close()
        if self.profile:
            for pid in orphans:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
            remove_profile(self.profile)  # a killed Chromium may have written it again
            self._stack = contextlib.ExitStack()


class ParallelRun:
    """The queue, the workers and the output; `run()` plays every job and returns the tally."""

    def __init__(self, jobs: list[Job], config: RunConfig, page: Callable[[], str],
                 out: TextIO | None, *, total: int | None = None, skipped_won: int = 0,
                 progress: Callable[[str], None] | None = None,
                 on_record: Callable[[dict[str, Any]], None] | None = None,
                 stop: threading.Event | None = None) -> None:
        self.config = config
        self.page = page  # the page's base URL now (it may move if the server restarts)
        self.out = out
        self.progress = progress
        self.on_record = on_record
        self.queue: collections.deque[tuple[Job, int, list[str]]] = collections.deque(
            (job, 0, []) for job in jobs)
        self.lock = threading.Lock()
        skipped = (total or len(jobs)) - len(jobs)
        self.tally = Tally(total=total or len(jobs), skipped=skipped, skipped_won=skipped_won)
        self.records: list[dict[str, Any]] = []
        self.profiles: set[str] = set()  # local profiles our sessions used (checked at the end)
        # Set on ^C or by the caller (a time budget): no new games, sessions closed; the games
        # not started stay in the queue and are reported as such, not as failed.
        self.stop = stop or threading.Event()
        self.busy = 0  # workers holding a job: a worker may only stop when no job can come back
        self.strategy_name = config.strategy  # the solver's own name once a worker made one

    def run(self) -> Tally:
        """Play everything with `config.parallel` workers; every job ends in exactly one record."""
        workers = [threading.Thread(target=self._worker, args=(i,), name=f"bench-worker-{i}",
                                    daemon=True)
                   for i in range(1, max(1, self.config.parallel) + 1)]
        for thread in workers:
            thread.start()
        try:
            _wait(workers)
        except KeyboardInterrupt:  # ^C: let each worker finish its game and quit its browser
            self.stop.set()
            _wait(workers, timeout=120)
            # Whatever still runs on one of our local profiles (a worker that could not finish)
            # is ended here: the interpreter is about to drop the worker threads.
            with self.lock:
                profiles = sorted(p for p in self.profiles if p)
            for profile in profiles:
                remove_profile(profile, timeout=0.5)
            raise
        while self.queue and not self.stop.is_set():  # every worker gave up on a session
            job, retries, reasons = self.queue.popleft()
            self._fail(job, retries, reasons or ["no browser session could be opened"])
        return self.tally

    def _take(self) -> tuple[Job, int, list[str]] | None:
        with self.lock:
            if self.queue and not self.stop.is_set():
                self.busy += 1
                return self.queue.popleft()
            return None

    def _worker(self, index: int) -> None:
        solver = make_solver(SolverConfig(strategy=self.config.strategy, hard=self.config.hard))
        self.strategy_name = solver.strategy_name  # the same in every worker
        session: _Session | None = None
        open_failures = 0
        try:
            while True:
                item = self._take()
                if item is None:
                    with self.lock:
                        if self.stop.is_set() or (not self.queue and self.busy == 0):
                            return
                    time.sleep(0.2)  # another worker's game may still come back for a retry
                    continue
                job, retries, reasons = item
                if session is None:
                    try:
                        session = _Session(self.config, index)
                        open_failures = 0
                        if not self.config.remote_url:
                            with self.lock:
                                self.profiles.add(session.profile)
                    except Exception as exc:  # noqa: BLE001 (any failure: try again, then stop)
                        open_failures += 1
                        self._requeue(job, retries, [*reasons, f"no session: {_reason(exc)}"],
                                      None)
                        if open_failures >= self.config.open_attempts:
                            return
                        time.sleep(min(8.0, 0.5 * 2 ** open_failures))
                        continue
                try:
                    record = self._play(session, solver, job, retries)
                except Exception as exc:  # noqa: BLE001 (a dead session: retry the game elsewhere)
                    session.close()
                    session = None
                    self._requeue(job, retries + 1, [*reasons, _reason(exc)], exc)
                    continue
                self._finish(record)
        finally:
            if session is not None:
                session.close()

    def _play(self, session: _Session, solver: Any, job: Job, retries: int) -> dict[str, Any]:
        c = self.config
        options = page_options(c, job.game)
        load_page(session.web, page_url(self.page(), answer=job.answer, hard=c.hard, **options))
        driver = SeleniumDriver(session.web, key_delay_ms=c.key_delay_ms)
        result = play_game(driver, solver, BotConfig(hard=c.hard))
        if result.stopped:
            raise SafetyStop(f"game stopped: {result.stopped}")
        solved = bool(result.won and result.guesses and result.guesses[-1] == job.answer)
        return record_to_json(BenchRecord(
            answer=job.answer, guesses=tuple(result.guesses), solved=solved, won=solved,
            decision_ms=tuple(result.timings.decide_ms), seconds=result.seconds,
            extra={"game": job.game, "marks": result.marks, "node": session.node,
                   "retries": retries, **(options if c.mix else {})},
        ))

    def _requeue(self, job: Job, retries: int, reasons: list[str], exc: Exception | None) -> None:
        with self.lock:
            self.busy -= 1
            if exc is not None:
                self.tally.retries += 1
            if retries > self.config.max_retries:
                self._record(_failed(job, reasons, retries - 1))
                self.tally.failed += 1
                return
            self.queue.append((job, retries, reasons))

    def _fail(self, job: Job, retries: int, reasons: list[str]) -> None:
        with self.lock:
            self._record(_failed(job, reasons, retries))
            self.tally.failed += 1

    def _finish(self, record: dict[str, Any]) -> None:
        with self.lock:
            self.busy -= 1
            self.tally.won += record["won"]
            self._record(record)

    def _record(self, record: dict[str, Any]) -> None:
        """Write one line and count it (caller holds the lock)."""
        self.records.append(record)
        self.tally.done += 1
        if self.out is not None:
            self.out.write(json.dumps(record) + "\n")
            self.out.flush()
        if self.on_record is not None:
            self.on_record(record)
        if self.progress is not None:
            self.progress(self.tally.line())


def _failed(job: Job, reasons: list[str], retries: int) -> dict[str, Any]:
    """The record of a game no session could play to its end."""
    return record_to_json(BenchRecord(
        answer=job.answer, failed=reasons[-1],
        extra={"game": job.game, "reasons": reasons, "retries": retries}))


def _wait(threads: list[threading.Thread], timeout: float | None = None) -> None:
    """Until every thread has ended (or `timeout`), polling: a signal that interrupts
    Thread.join() can leave a live thread looking finished (CPython), and the interpreter would
    then drop it with its browser open."""
    deadline = None if timeout is None else time.monotonic() + timeout
    while any(thread.is_alive() for thread in threads):
        if deadline is not None and time.monotonic() >= deadline:
            return
        time.sleep(0.1)


def _reason(exc: BaseException) -> str:
    """A one-line reason for the record ('WebDriverException: invalid session id')."""
    text = (getattr(exc, "msg", None) or str(exc) or "").strip().splitlines()
    return f"{type(exc).__name__}: {text[0][:200] if text else ''}".rstrip(": ")


def chromium_descendants(root_pid: int | None = None) -> list[str]:
    """Chromium / chromedriver processes descended from this process ('pid name')."""
    root_pid = root_pid or os.getpid()
    parents: dict[int, int] = {}
    names: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError, IndexError, ValueError):
            stat = (entry / "stat").read_text()
            fields = stat.rsplit(")", 1)[1].split()
            if fields[0] == "Z":
                continue
            parents[int(entry.name)] = int(fields[1])
            names[int(entry.name)] = stat[stat.index("(") + 1:stat.rindex(")")]
    found = []
    for pid, name in names.items():
        if "chrom" not in name:
            continue
        walk = pid
        while walk > 1 and walk != root_pid:
            walk = parents.get(walk, 0)
        if walk == root_pid:
            found.append(f"{pid} {name}")
    return found


def leak_check(config: RunConfig, profiles: set[str],
               grid_dir: Path | None) -> dict[str, list[str]]:
    """What outlived the run: Grid sessions, browser processes, profiles (all empty when clean)."""
    deadline = time.monotonic() + 10.0
    while True:  # Chromium takes a moment to exit after quit(); wait, do not misreport
        leaks: dict[str, list[str]] = {
            "sessions": [], "processes": chromium_descendants() + _using(profiles),
            "profiles": sorted(p for p in profiles if p and os.path.exists(p)),
        }
        if config.remote_url:
            with contextlib.suppress(AutobotError):
                leaks["sessions"] = status_summary(fetch_status(config.remote_url))["sessions"]
            if grid_dir is not None:
                reap_dead_nodes(grid_dir)  # a killed node's orphaned browsers are ours to end
                found = leftovers(grid_dir)
                leaks["processes"] += found["processes"]
                leaks["profiles"] += found["profiles"]
        if not any(leaks.values()) or time.monotonic() > deadline:
            return leaks
        time.sleep(0.5)


def _using(profiles: set[str]) -> list[str]:
    """Processes still running on one of our local profiles ('pid profile')."""
    return [f"{pid} {p}" for p in profiles if p for pid in processes_using(p)]


def managed_grid_dir(url: str | None) -> Path | None:
    """The run folder of the `autobot grid up` Grid at `url`, if this machine started it."""
    if not url:
        return None

    run_dir = default_run_dir()
    state = load_state(run_dir)
    if state is not None and state.hub_url.rstrip("/") == url.rstrip("/").removesuffix("/wd/hub"):
        return run_dir
    return None


@contextlib.contextmanager
def _output(path: Path | None, append: bool) -> Iterator[TextIO | None]:
    if path is None:
        yield None
        return
    try:
        if path.parent != Path(""):
            path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(path, "a" if append else "w", encoding="utf-8")  # noqa: SIM115
    except OSError as exc:
        raise AutobotError(f"cannot write {path}: {exc.strerror or exc}") from None
    with handle:
        yield handle


def run_games(answers: list[str], config: RunConfig, page: Callable[[], str], *,
              out_path: Path | None = None, resume: bool = False,
              grid_dir: Path | None = None, progress: Callable[[str], None] | None = None,
              on_record: Callable[[dict[str, Any]], None] | None = None,
              stop: threading.Event | None = None) -> dict[str, Any]:
    """Play `answers` in parallel; returns the summary (tally, records, leaks)."""
    done = read_done(out_path) if (resume and out_path is not None) else {}
    jobs = make_jobs(answers, done)
    t0 = time.monotonic()
    with _output(out_path, append=resume) as out:
        runner = ParallelRun(jobs, config, page, out, total=len(answers),
                             skipped_won=sum(1 for r in done.values() if r.get("won")),
                             progress=progress, on_record=on_record, stop=stop)
        tally = runner.run()
    wall = time.monotonic() - t0
    leaks = leak_check(config, runner.profiles, grid_dir)
    records = runner.records
    return {
        "games": len(answers), "played": tally.done, "skipped": tally.skipped,
        "won": tally.won + tally.skipped_won, "failed": tally.failed, "retries": tally.retries,
        "not_started": [job.game for job, _, _ in runner.queue],
        "lost": sum(1 for r in records if not r["won"] and "failed" not in r),
        "wall_s": round(wall, 2),
        "games_per_min": round(tally.done / wall * 60, 2) if wall > 0 else 0.0,
        "parallel": config.parallel, "remote": config.remote_url,
        "nodes": dict(collections.Counter(r.get("node", "?") for r in records if "node" in r)),
        "leaks": leaks, "records": records, "strategy": runner.strategy_name,
    }


def config_of(request: Request) -> RunConfig:
    """The run's settings from the `autobot bench --browser --parallel N` request (None =
    default)."""
    return RunConfig(
        parallel=int(request.own["parallel"]), remote_url=option(request, "remote"),
        anim=bool(option(request, "anim")), theme=option(request, "theme"),
        contrast=bool(option(request, "contrast")), hard=bool(option(request, "hard")),
        strategy=option(request, "strategy"), window_size=tuple(option(request, "window_size")),
        scale=float(option(request, "scale")), key_delay_ms=float(option(request, "key_delay")),
    )


def run(request: Request) -> int:
    """`autobot bench --browser --parallel N`: print progress and the summary; 0 if all won."""
    config = config_of(request)
    own = request.own
    resume, jsonl = own.get("resume"), own.get("jsonl")
    out_path = Path(resume or jsonl) if (resume or jsonl) else None
    answers = pick_answers(int(option(request, "games")), int(option(request, "seed")))
    if config.remote_url:
        fetch_status(config.remote_url)  # a wrong URL is one line, before any game
    quiet = bool(own.get("quiet"))
    tty = sys.stderr.isatty()

    def show(line: str) -> None:
        if not quiet:
            print(("\r" + line) if tty else line, end="" if tty else "\n", file=sys.stderr,
                  flush=True)

    played: list[dict[str, Any]] = []  # every game as it lands, for a run cut short
    t0 = time.monotonic()
    try:
        with serve_page() as base:
            summary = run_games(answers, config, lambda: base, out_path=out_path,
                                resume=bool(resume), grid_dir=managed_grid_dir(config.remote_url),
                                progress=show, on_record=played.append)
    except BaseException as exc:
        _record_stopped(request.record.json, config, out_path, played,
                        time.monotonic() - t0, int(option(request, "seed")), exc)
        raise
    if tty and not quiet:
        print(file=sys.stderr)
    print(summary_line(summary))
    print(leak_line(summary["leaks"]))
    for record in summary["records"]:
        if "failed" in record:
            print(f"FAILED game {record['game']} ({record['answer'].upper()}): {record['failed']}")
    run = bench_run(summary, config, out_path, seed=int(option(request, "seed")))
    print_runs(run)
    write_runs(request.record.json, run,
               records_file=str(out_path) if out_path is not None else None)
    ok = summary["won"] == summary["games"] and not any(summary["leaks"].values())
    return 0 if ok else 1


def _record_stopped(json_path: Any, config: RunConfig, out_path: Path | None,
                    played: list[dict[str, Any]], wall: float, seed: int,
                    exc: BaseException) -> None:
    """A run cut short (a signal, no browser to be had): `--json` still gets the games that
    landed and why the run ended (`exit_code`, `reason`, `error`), as `bench --browser` does;
    what only the end measures (retries, leaks) is null."""
    if not json_path:
        return

    code, reason, error = exit_of(exc, "game")
    partial = {"strategy": config.strategy, "wall_s": wall, "records": list(played),
               "played": len(played), "skipped": None, "retries": None, "not_started": None,
               "games_per_min": None, "parallel": config.parallel, "remote": config.remote_url,
               "nodes": dict(collections.Counter(r.get("node", "?") for r in played
                                                 if "node" in r)), "leaks": None}
    with contextlib.suppress(AutobotError, OSError, KeyError, ValueError):
        write_runs(json_path, bench_run(partial, config, out_path, seed=seed),
                   records_file=str(out_path) if out_path is not None else None,
                   exit_code=code, reason=reason, error=error)


def bench_run(summary: dict[str, Any], config: RunConfig, out_path: Path | None,
              seed: int | None = None) -> BenchRun:
    """The run in the common benchmark shape: every game's record (with --jsonl/--resume, the
    file's, so resumed games count) and the pool's own figures in the summary's `extra`."""
    lines = list(read_done(out_path).values()) if out_path is not None else summary["records"]
    records = tuple(record_from_json(r) for r in sorted(lines, key=lambda r: int(r["game"])))
    pool = ("played", "skipped", "retries", "not_started", "games_per_min", "parallel",
            "remote", "nodes", "leaks")
    return BenchRun(summarise(
        records, game="wordle", strategy=summary["strategy"], mode="parallel", hard=config.hard,
        rows=6, wall_s=summary["wall_s"], seed=seed, extra={k: summary[k] for k in pool},
    ), records)


def summary_line(summary: dict[str, Any]) -> str:
    """'won 20/20 (0 lost, 0 failed, 1 retries) in 95.2 s, 12.6 games/min, 4 parallel on ...'."""
    where = f"Grid {summary['remote']}" if summary["remote"] else "local Chromium"
    nodes = ", ".join(f"{k}: {v}" for k, v in sorted(summary["nodes"].items()))
    return (f"won {summary['won']}/{summary['games']} ({summary['lost']} lost, "
            f"{summary['failed']} failed, {summary['retries']} retries, {summary['skipped']} "
            f"resumed) in {summary['wall_s']} s, {summary['games_per_min']} games/min, "
            f"{summary['parallel']} parallel on {where}" + (f" [{nodes}]" if nodes else ""))


def leak_line(leaks: dict[str, list[str]]) -> str:
    """'left over: 0 sessions, 0 browser processes, 0 profiles' (with the first of each)."""
    parts = [f"{len(leaks[k])} {label}" for k, label in
             (("sessions", "Grid sessions"), ("processes", "browser processes"),
              ("profiles", "profiles"))]
    first = [f"{k}: {v[0]}" for k, v in leaks.items() if v]
    return "left over: " + ", ".join(parts) + (f" ({'; '.join(first)})" if first else "")
