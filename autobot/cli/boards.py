"""`autobot bench --boards N` and `autobot solve --boards N`: the many-board game's commands."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from typing import Any, TextIO

from autobot.app.options import multi_strategy
from autobot.errors import AutobotError

HELP = (
    "for each open board type the colours it showed: _?! (absent/present/correct), .YG, xyg, "
    "bgy or ⬛🟨🟩; 'WORD COLOURS' on the first board if you played another word; 'rejected' if "
    "the game said Not in word list; 'quit' to stop"
)


def run_bench(args: argparse.Namespace) -> int:
    """Benchmark one strategy (or it and the baseline) on seeded answer sets; 0 when it ran."""
    from autobot.bench.output import print_comparison, print_runs, write_runs
    from autobot.multiboard import MultiSolver, bench_sets, run_multi_benchmark

    if args.browser:
        raise AutobotError("--boards has no browser benchmark yet (the solver's alone)")
    name = multi_strategy(args)
    if args.headroom is not None:
        return _run_headroom(args, name)
    other = "joint" if name == "baseline" else "baseline"
    names = [name] + ([other] if args.compare else [])
    seed = args.seed or 0
    games = args.games or args.sample or 100
    results = []
    for strategy in names:
        solver = MultiSolver(strategy, answers=args.answers, guesses=args.guesses,
                             start=args.start or "salet")
        if args.boards > len(solver.answers):
            raise AutobotError(f"{args.boards} boards need as many answers in the list")
        sets = bench_sets(solver, args.boards, games, seed)
        results.append(run_multi_benchmark(solver, sets, seed, _progress(args, strategy, games)))
        if len(results) > 1:
            print()
        print_runs(results[-1])  # each as it finishes (a joint run takes a while)
    if len(results) > 1:
        print()
        print_comparison(results)
    write_runs(args.json, results)
    return 0


def _run_headroom(args: argparse.Namespace, strategy: str) -> int:
    """`bench --boards N --headroom K`: one step of policy improvement at guess K, measured."""
    from autobot.app.text import write_output
    from autobot.multiboard import MultiSolver, guess_limit
    from autobot.multiboard.headroom import headroom_lines, run_headroom

    if args.compare:
        raise AutobotError("--headroom measures one strategy; drop --compare")
    if args.headroom > guess_limit(args.boards):
        raise AutobotError(f"a {args.boards}-board game has only {guess_limit(args.boards)} "
                           f"guesses, no guess {args.headroom}")
    solver = MultiSolver(strategy, answers=args.answers, guesses=args.guesses,
                         start=args.start or "salet")
    if args.boards > len(solver.answers):
        raise AutobotError(f"{args.boards} boards need as many answers in the list")
    result = run_headroom(solver, args.boards, args.headroom, args.games or args.sample or 30,
                          args.seed or 0)
    print("\n".join(headroom_lines(result)))
    if args.json is not None:
        write_output(args.json,
                     lambda p: p.write_text(json.dumps(result.to_json(), indent=1) + "\n"))
        print(f"wrote {args.json}")
    return 0


def _progress(args: argparse.Namespace, strategy: str, total: int) -> Any:
    """A progress callback printing to stderr when it is a terminal, else None."""
    if args.quiet or not sys.stderr.isatty():
        return None

    def show(done: int) -> None:
        print(f"\r{strategy}: {done}/{total} games", end="" if done < total else "\n",
              file=sys.stderr, flush=True)

    return show


def run_solve(args: argparse.Namespace) -> int:
    """The many-board helper for a person: prints a guess, asks each open board's colours."""
    from autobot.app.text import printer
    from autobot.multiboard import MultiSolver

    solver = MultiSolver(multi_strategy(args), answers=args.answers, guesses=args.guesses,
                         start=args.start or "salet")
    if args.answer is not None:
        raise AutobotError("--answer is for one board; with --boards play the game interactively")
    return interact(solver, args.boards, sys.stdin, sys.stdout, printer(sys.stdout, False))


def _board_line(solver: Any, state: Any, board: int) -> str:
    """'board 2: 3 possible: CRANE TRACE GRACE' (the words once few enough)."""
    words = solver.candidates(state, board)
    text = f"board {board + 1}: {len(words)} possible"
    return text + (": " + " ".join(w.upper() for w in words) if len(words) <= 6 else "")


def interact(solver: Any, boards: int, inp: TextIO, out: TextIO, show: Any) -> int:
    """The question-answer loop; 0 when every board is solved or the person stops, 1 if lost."""
    from autobot.multiboard import MultiState

    state = MultiState(boards)
    show(f"autobot solve --boards {boards} ({solver.strategy_name}, {state.limit} guesses): {HELP}")
    while not state.won and state.left > 0:
        guess = solver.next_guess(state)
        show(f"guess {len(state.guesses) + 1}: {guess.upper()}")
        for b in state.open_boards:
            show("  " + _board_line(solver, state, b))
        reply = _ask_rows(solver, state, guess, inp, out, show)
        if reply is None:
            return 0
        if reply == "rejected":
            state = replace(state, banned=state.banned | {guess})
            continue
        word, marks = reply
        state = state.after(word, marks)
        for b in range(boards):
            rows = "  ".join(f"{g.upper()} {m}" for g, m in
                             zip(state.guesses, state.marks[b], strict=False))
            show(f"  board {b + 1}: {rows}" + ("  solved" if state.is_solved(b) else ""))
    if state.won:
        show(f"solved all {boards} boards in {len(state.guesses)}/{state.limit}")
        return 0
    show(f"out of guesses after {state.limit}")
    return 1


def _ask_rows(
    solver: Any, state: Any, guess: str, inp: TextIO, out: TextIO, show: Any
) -> tuple[str, dict[int, str]] | str | None:
    """(word played, marks per open board), 'rejected', or None when the person stops."""
    from autobot.app.text import parse_reply
    from autobot.wordle import Turn

    word = guess
    marks: dict[int, str] = {}
    for b in state.open_boards:
        while True:
            out.write(f"board {b + 1} colours> ")
            out.flush()
            line = inp.readline()
            if not line:  # EOF: the person is done
                show()
                return None
            line = line.strip()
            low = line.lower()
            if low in ("q", "quit", "exit"):
                return None
            if low in ("h", "help"):
                show(HELP)
                continue
            if low in ("rejected", "not in word list") and not marks:
                return "rejected"
            try:
                played, row = parse_reply(line, word)
            except ValueError as exc:
                show(f"  {exc}; try again ('help' explains)")
                continue
            if played != word:
                if marks:
                    show(f"  every board got {word.upper()}; type its colours")
                    continue
                if not solver.single.is_allowed(played):
                    show(f"  {played.upper()} is not in the word list (a typo?); try again")
                    continue
                word = played
            history = state.history(b) + (Turn(word, row),)
            if len(solver.single.candidate_columns(history)) == 0:
                show(f"  no word fits board {b + 1} with {word.upper()} {row}: check the colours")
                continue
            marks[b] = row
            break
    return word, marks
