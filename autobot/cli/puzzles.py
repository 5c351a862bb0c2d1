"""The grid puzzles on the command line: `autobot live --game unruly|solo` (or ohhi|sudoku)
plays the puzzle window on the screen hands-free (autobot.harness.puzzles_live), `autobot solve
--game ohhi|sudoku --puzzle ID` prints a solution, `autobot read --game ... IMAGE` the grid."""

from __future__ import annotations

import argparse
import json

from autobot.drivers.desktop import DesktopDriver, MssScreen, require_pyautogui
from autobot.errors import AutobotError, NotSolved
from autobot.harness.report import check_writable, write_atomic

WORD_ONLY = ("advise", "confirm", "launch", "answer", "boards", "profile")


def run_live_puzzle(args: argparse.Namespace, puzzle: str) -> int:
    """Find the grid, solve it, fill it; exit 0 won, 1 not won, 3 no grid, 4 safety stop."""
    from autobot.harness.puzzles_live import play_watched

    for name in WORD_ONLY:
        if getattr(args, name, None) not in (None, False):
            raise AutobotError(f"--{name} is for word games, not --game {args.game}")
    check_writable(args.json)  # before the first click, not after the puzzle was played
    require_pyautogui()
    with MssScreen(monitor=args.monitor, region=args.region) as screen:
        hands = DesktopDriver(screen, key_delay=args.key_delay / 1000)
        # The focus watchdog before each click/key and frame: exit 4 if another window takes it.
        played = play_watched(puzzle, screen, hands, timeout=args.find_timeout,
                              json_path=args.json)
    summary = played.summary()
    print(played.grid)
    print(f"{'won' if played.won else 'not won'}: {played.moves} moves, frame->click "
          f"median {summary['move_ms_median']} ms, p95 {summary['move_ms_p95']} ms")
    if args.json:
        write_atomic(args.json, json.dumps(summary, indent=1) + "\n")
    return 0 if played.won else 1


def solve_puzzle(args: argparse.Namespace, puzzle: str) -> int:
    """`autobot solve --game ohhi|sudoku --puzzle ID`: the solution as text (exit 1 when there
    is none or more than one)."""
    from autobot.games.puzzles import find_puzzle, sudoku

    text = getattr(args, "puzzle", None)
    if not text:
        raise AutobotError(f"--game {args.game} needs --puzzle ID (an Unruly/Solo game ID"
                           + (", or 81 digits with 0 or . for empty)" if puzzle == "sudoku"
                              else ")"))
    entry = find_puzzle(puzzle)
    text = text.strip()
    board = sudoku.parse_text(text) if puzzle == "sudoku" and ":" not in text \
        else entry.parse_id(text)
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
    import cv2
    import numpy as np

    from autobot.harness.puzzles_live import read_solo
    from autobot.vision.lattice import box_groups, cell_colours, find_lattice, group_colours

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
        if puzzle == "ohhi":
            labels, means = group_colours(cell_colours(frame, lat))
            lighter = sorted(range(1, len(means)), key=lambda k: -float(np.mean(means[k])))
            sym = {0: ".", **{k: "01"[min(n, 1)] for n, k in enumerate(lighter)}}
            rows = ["".join(sym[int(v)] for v in row) for row in labels]
            extra: dict[str, object] = {}
        else:
            from autobot.vision.digits import load_digit_templates

            cells = read_solo(frame, lat, load_digit_templates())
            rows = ["".join("?" if d < 0 else str(d) if d else "."
                            for d, _ in cells[r * lat.cols:(r + 1) * lat.cols])
                    for r in range(lat.rows)]
            extra = {"boxes": list(box_groups(lat))}
        if as_json:
            print(json.dumps({"image": path, "found": True, "cols": lat.cols,
                              "rows": lat.rows, "grid": rows, **extra}))
        else:
            print(f"{path}: {lat.cols}x{lat.rows}")
            print("\n".join(rows))
    return status
