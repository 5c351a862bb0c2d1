"""End-to-end bench: real Unruly and Solo windows (sgt-puzzles) under a private Xvfb, each won
hands-free by `autobot live --game unruly|solo`, the end state checked from the window's pixels
against the game ID's solution; looks: the default one and a dark one (`<GAME>_COLOUR_<n>`),
two tile sizes (`<GAME>_TILESIZE`).

    python -m autobot.bench.puzzle_window [--json FILE] [--quick] [--large]
    python -m autobot.bench.puzzle_window --capture tests/data/puzzles   # reader fixtures

Prints one line per game and the per-move time (frame -> click/key) median and p95 overall.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from autobot.bench.moves import move_figures, played_run, report
from autobot.bench.puzzles import sgt_id
from autobot.drivers.desktop import DesktopDriver, MssScreen
from autobot.drivers.desktop.xvfb import virtual_display
from autobot.engines.puzzle_window import (
    find_grid,
    letters_as_drawn,
    play_solo,
    play_unruly,
    read_solo,
)
from autobot.errors import AutobotError, Unavailable
from autobot.games.puzzles import sudoku, takuzu
from autobot.vision.digits import load_digit_templates
from autobot.vision.puzzle_grid import cell_colours, find_lattice

# A dark look: a near-black background, light lines and clues, 0h h1's red and blue fills.
DARK = {
    "unruly": {0: "1e1e2e", 1: "000000", 2: "45475a", 3: "f38ba8", 4: "f5c2e7", 5: "a05070",
               6: "89b4fa", 7: "b4d0ff", 8: "4060a0"},
    "solo": {0: "1e1e2e", 1: "303040", 2: "a0a0b0", 3: "e0e0e0", 4: "80e080", 5: "404060",
             6: "ff6060", 7: "8080a0", 8: "606080"},
}
TILES = {"unruly": (24, 36), "solo": (32, 44)}
PARAMS = {"unruly": ("6x6dt", "8x8de", "10x10dn"), "solo": ("2x2dt", "2x3db", "3x3di")}
# --large: Solo past nine symbols (12x12, 16x16: the values past 9 are letters).
LARGE = {"solo": ("3x4dt", "4x4dt")}
APP_GAME = {"unruly": "ohhi", "solo": "sudoku"}


def app_env(app: str, look: str, tile: int) -> dict[str, str]:
    """The environment variables that give `app` this look and tile size."""
    env = {f"{app.upper()}_TILESIZE": str(tile)}
    if look == "dark":
        env.update({f"{app.upper()}_COLOUR_{k}": v for k, v in DARK[app].items()})
    return env


@contextlib.contextmanager
def app_window(app: str, game: str, env: dict[str, str]) -> Iterator[subprocess.Popen[bytes]]:
    """`sgt-APP GAME` (a "PARAMS#SEED" or an ID) open on the display in `env`; closed after."""
    exe = shutil.which(f"sgt-{app}") or shutil.which(f"/usr/games/sgt-{app}")
    if exe is None:
        raise Unavailable(f"sgt-{app} not found (apt-get install sgt-puzzles)")
    proc = subprocess.Popen([exe, game], env={**os.environ, **env},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        yield proc
    finally:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def window_solved(frame: np.ndarray, app: str, game_id: str) -> tuple[bool, str]:
    """Does the window's grid (read from its pixels) show the ID's solution? And why not."""
    lat = find_lattice(frame)
    if lat is None:
        return False, "no grid on the screen"
    if app == "unruly":
        p = takuzu.parse_unruly(game_id)
        want = takuzu.solve(p).cells
        if (lat.cols, lat.rows) != (p.width, p.height) or want is None:
            return False, f"grid {lat.cols}x{lat.rows}, ID {p.width}x{p.height}"
        colours = cell_colours(frame, lat).reshape(-1, 3)
        # The ID's given cells say which colour is white (0) and which black (1).
        ref = {v: colours[p.cells.index(v)] for v in (0, 1) if v in p.cells}
        got = tuple(min(ref, key=lambda v: float(np.abs(c - ref[v]).sum())) for c in colours)
        return got == want, "" if got == want else "cells differ from the solution"
    q = sudoku.parse_solo(game_id)
    want = sudoku.solve(q).cells
    templates = load_digit_templates()
    if q.n > 9 and want is not None:
        templates = letters_as_drawn(frame, lat, want, templates)
    got = tuple(d for d, _ in read_solo(frame, lat, templates))
    return got == want, "" if got == want else "digits differ from the solution"


def play_one(app: str, params: str, seed: int, look: str, tile: int,
             env: dict[str, str]) -> dict[str, Any]:
    """Open one game, run `autobot live` on it, check the window; the game's figures."""
    game_id = sgt_id(app, params, seed)
    wenv = {**env, **app_env(app, look, tile)}
    with app_window(app, game_id, wenv), tempfile.TemporaryDirectory() as tmp:
        time.sleep(0.8)  # the window maps; `live` looks for the grid for up to 10 s anyway
        out = Path(tmp) / "game.json"
        t0 = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "autobot", "live", "--game", app,
                               "--json", str(out)], env={**os.environ, **env},
                              capture_output=True, text=True, timeout=180)
        wall = time.perf_counter() - t0
        summary = json.loads(out.read_text()) if out.exists() else {}
        old = os.environ.copy()
        os.environ.update(env)
        try:
            with MssScreen() as screen:
                ok, why = window_solved(screen.grab(), app, game_id)
        finally:
            os.environ.clear()
            os.environ.update(old)
    return {"app": app, "params": params, "seed": seed, "id": game_id, "look": look,
            "tile": tile, "exit": proc.returncode, "won_by_window": ok, "why": why,
            "wall_s": round(wall, 2), "error": proc.stderr.strip()[-300:] if proc.returncode
            else "", **{k: summary.get(k) for k in ("moves", "move_ms_median", "move_ms_p95")},
            "latency_ms": summary.get("latency_ms", [])}


def run(quick: bool = False, seed: int = 1, large: bool = False) -> dict[str, Any]:
    """Every app x size x look x tile size (`large`: Solo 12x12 and 16x16); figures and a
    table."""
    games: list[dict[str, Any]] = []
    sets = LARGE if large else PARAMS
    with virtual_display((1000, 900)) as env:
        for app in sets:
            for params in sets[app][:1] if quick else sets[app]:
                for look in ("default", "dark"):
                    for tile in TILES[app]:
                        g = play_one(app, params, seed, look, tile, env)
                        g["checked_won"] = bool(g["won_by_window"] and g["exit"] == 0)
                        games.append(g)
                        print(f"{app:<7}{params:<9}{look:<8}{tile:>4}px  exit {g['exit']}  "
                              f"window {'solved' if g['won_by_window'] else 'NOT solved'}  "
                              f"moves {g['moves']}  move ms median {g['move_ms_median']} "
                              f"p95 {g['move_ms_p95']}  {g['why']}{g['error']}", flush=True)
    won = sum(g["checked_won"] for g in games)
    return {"games": games, "won": won, "played": len(games), **move_figures(games)}


def main(argv: Sequence[str] | None = None) -> int:
    """Parse options, run, print and write --json."""
    ap = argparse.ArgumentParser(prog="python -m autobot.bench.puzzle_window", description=__doc__)
    ap.add_argument("--json", type=Path, default=None)
    ap.add_argument("--quick", action="store_true", help="one size per app")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--large", action="store_true",
                    help="Solo 12x12 and 16x16 only (values past 9 typed as letters)")
    ap.add_argument("--capture", type=Path, default=None, metavar="DIR",
                    help="write the grid reader's fixtures (frames + sidecars) here instead")
    args = ap.parse_args(argv)
    if args.capture is not None:
        for path in capture(args.capture, LARGE_FIXTURES if args.large else FIXTURES):
            print(f"wrote {path}")
        return 0
    try:
        result = run(args.quick, args.seed, args.large)
    except AutobotError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.exit_code
    return report(result, args.json, played_run(
        result, game="grid puzzles (sgt-puzzles windows)", mode="desktop", answer_key="id",
        won_key="checked_won"))



FIXTURES = (("unruly", "8x8dn", 12345, "default", 30), ("unruly", "6x6dt", 3, "dark", 24),
            ("solo", "3x3di", 42, "default", 40), ("solo", "2x3db", 1, "dark", 32))
# --capture --large: Solo past nine symbols (fixtures/puzzles/sgt, replayed by autobot replay).
LARGE_FIXTURES = (("solo", "3x4dt", 1, "dark", 28), ("solo", "4x4dt", 1, "default", 32))


def capture(out: Path, games: Sequence[tuple[str, str, int, str, int]] = FIXTURES) -> list[Path]:
    """Real frames of each of `games` (app, params, seed, look, tile), at the start and won
    (played by the library), cropped to the window, each PNG with a JSON sidecar: provenance
    and the expected grid."""
    import cv2

    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with virtual_display((800, 700)) as env:
        old = os.environ.copy()
        os.environ.update(env)
        try:
            for app, params, seed, look, tile in games:
                game_id = sgt_id(app, params, seed)
                look_env = app_env(app, look, tile)
                with app_window(app, game_id, {**env, **look_env}), MssScreen() as screen:
                    find_grid(screen)
                    time.sleep(0.5)  # drawn in full
                    start = screen.grab()
                    hands = DesktopDriver(screen)
                    play = play_unruly if app == "unruly" else play_solo
                    played = play(screen, hands, log=lambda _: None)
                    time.sleep(1.0)
                    won = screen.grab()
                for moment, frame in (("start", start), ("won", won)):
                    ys, xs = np.nonzero((frame > 0).any(axis=2))  # the window on black root
                    crop = frame[: ys.max() + 1, : xs.max() + 1]
                    name = f"{app}-{params}-{look}-{tile}px-{moment}"
                    cv2.imwrite(str(out / f"{name}.png"), cv2.cvtColor(crop, cv2.COLOR_RGB2BGR))
                    if app == "unruly":
                        p = takuzu.parse_unruly(game_id)
                        cells = p.cells if moment == "start" else takuzu.solve(p).cells
                        grid = takuzu.render(p, cells)
                        given = takuzu.render(p, [int(v != -1) for v in p.cells])
                    else:
                        q = sudoku.parse_solo(game_id)
                        cells = q.cells if moment == "start" else sudoku.solve(q).cells
                        grid = sudoku.render(q, cells)
                        given = sudoku.render(q, [int(v != 0) for v in q.cells])
                    side = {
                        "provenance": f"sgt-puzzles 20230122 (Debian) /usr/games/sgt-{app} "
                                      f"'{game_id}' under Xvfb, captured with mss by "
                                      "python -m autobot.bench.puzzle_window --capture",
                        "app": app, "params": params, "seed": seed, "id": game_id,
                        "env": look_env, "moment": moment, "won_by_bot": played.won,
                        "grid": grid.splitlines(), "given": given.splitlines(),
                    }
                    (out / f"{name}.json").write_text(json.dumps(side, indent=1) + "\n")
                    written.append(out / f"{name}.png")
        finally:
            os.environ.clear()
            os.environ.update(old)
    return written


if __name__ == "__main__":
    raise SystemExit(main())
