"""The grid puzzles on the command line: `autobot live --game unruly|solo` (or ohhi|sudoku)
plays the puzzle window on the screen hands-free (autobot.engines.puzzle_window), `autobot solve
--game ohhi|sudoku --puzzle ID` prints a solution, `autobot read --game ... IMAGE` the grid."""

from __future__ import annotations

import json

import cv2

from autobot.app.request import Request, word_only_given
from autobot.drivers.desktop import DesktopDriver, MssScreen, require_pyautogui
from autobot.engines.puzzle_window import play_watched
from autobot.errors import AutobotError, NotSolved
from autobot.games.puzzles import find_puzzle
from autobot.games.runs import load_path
from autobot.harness.record import GameRecord
from autobot.outcomes import Reason
from autobot.vision.puzzle_grid import find_lattice

WORD_ONLY = ("advise", "confirm", "launch", "answer", "boards", "profile")


def run_live_puzzle(request: Request) -> int:
    """Find the grid, solve it, fill it; exit 0 won, 1 not won, 3 no grid, 4 safety stop."""
    name, where = request.game.name, request.screen
    for option in word_only_given(request, WORD_ONLY):
        raise AutobotError(f"--{option} is for word games, not --game {name}")
    entry = find_puzzle(name)
    # The record's path is checked before the first click; from here every exit writes it,
    # in the puzzle's own shape with the moves made so far (a signal included).
    record = GameRecord(request.record.json)
    require_pyautogui()
    with record.on_any_exit(), \
            MssScreen(monitor=where.monitor, region=where.region) as screen:
        record.phase = "game"
        hands = DesktopDriver(screen, key_delay=request.key_delay / 1000)
        # The focus watchdog before each click/key and frame: exit 4 if another window takes it.
        played = play_watched(entry, screen, hands, timeout=where.find_timeout, record=record)
    summary = played.summary()
    print(played.grid)
    print(f"{'won' if played.won else 'not won'}: {played.moves} moves, frame->click "
          f"median {summary['move_ms_median']} ms, p95 {summary['move_ms_p95']} ms")
    record.write(summary, exit_code=0 if played.won else 1,
                 reason=Reason.WON if played.won else Reason.LOST)
    return 0 if played.won else 1


def solve_puzzle(request: Request) -> int:
    """`autobot solve --game ohhi|sudoku --puzzle ID`: the solution as text (exit 1 when there
    is none or more than one)."""
    name = request.game.name
    entry = find_puzzle(name)
    text = request.own.get("puzzle")
    if not text:
        other = f", or {entry.text_help})" if entry.text_help else ")"
        raise AutobotError(f"--game {name} needs --puzzle ID (an Unruly/Solo game ID{other}")
    board = entry.parse(text)
    sol = entry.solve(board)
    if sol.status != "solved":
        print("no solution" if sol.status == "none" else
              "more than one solution; two of them:\n" + entry.render(board, sol.cells)
              + "\n\n" + entry.render(board, sol.other))
        return 1
    print(entry.render(board, sol.cells))
    print("solved by propagation alone" if sol.by_propagation
          else f"solved with search ({sol.nodes} nodes)")
    broken = entry.check(board, sol.cells)  # the slow reference has the last word
    if broken:
        raise NotSolved(f"the solver's grid breaks the rules: {broken[0]}")
    return 0


def read_puzzle(images: list[str], puzzle: str, as_json: bool) -> int:
    """`autobot read --game ohhi|sudoku IMAGE...`: each screenshot's grid as text or JSON
    (Unruly: '.' empty, 0 the lighter colour, 1 the darker; Sudoku: digits, '.' empty)."""
    read_grid = load_path(find_puzzle(puzzle).read_grid)
    status = 0
    for path in images:
        raw = cv2.imread(path)
        if raw is None:
            raise AutobotError(f"cannot read image {path}")
        frame = cv2.cvtColor(raw, cv2.COLOR_BGR2RGB)
        lat = find_lattice(frame)
        if lat is None:
            print(json.dumps({"image": path, "found": False}) if as_json
                  else f"{path}: no grid found")
            status = 3
            continue
        rows, extra = read_grid(frame, lat)
        if as_json:
            print(json.dumps({"image": path, "found": True, "cols": lat.cols,
                              "rows": lat.rows, "grid": rows, **extra}))
        else:
            print(f"{path}: {lat.cols}x{lat.rows}")
            print("\n".join(rows))
    return status
