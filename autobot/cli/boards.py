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
    """The question-answer loop; 0 when every board is solved, 1 when lost or the person stops
    (quit or end of input: the README's exit 1, as for one board)."""
    from autobot.app.prompt import Prompt
    from autobot.errors import UserQuit
    from autobot.multiboard import MultiState

    state = MultiState(boards)
    prompt = Prompt(inp, out, HELP)
    show(f"autobot solve --boards {boards} ({solver.strategy_name}, {state.limit} guesses): {HELP}")
    while not state.won and state.left > 0:
        guess = solver.next_guess(state)
        show(f"guess {len(state.guesses) + 1}: {guess.upper()}")
        for b in state.open_boards:
            show("  " + _board_line(solver, state, b))
        try:
            reply = _ask_rows(solver, state, guess, prompt)
        except UserQuit:
            return 1
        if reply == REJECTED:
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


REJECTED = "rejected"  # the reply that the game refused the guess (Not in word list)


def _board_reply(solver: Any, state: Any, board: int, word: str, first: bool,
                 text: str) -> tuple[str, str] | str:
    """One board's typed reply -> (word played, its colours) or REJECTED (first board only);
    ValueError says why it cannot be taken."""
    from autobot.app.text import parse_reply
    from autobot.wordle import Turn

    if first and text.lower() in (REJECTED, "not in word list"):
        return REJECTED
    played, row = parse_reply(text, word)
    if played != word:
        if not first:
            raise ValueError(f"every board got {word.upper()}; type its colours")
        if not solver.single.is_allowed(played):
            raise ValueError(f"{played.upper()} is not in the word list (a typo?)")
    history = state.history(board) + (Turn(played, row),)
    if len(solver.single.candidate_columns(history)) == 0:
        raise ValueError(f"no word fits board {board + 1} with {played.upper()} {row}: "
                         "check the colours")
    return played, row


def _ask_rows(
    solver: Any, state: Any, guess: str, prompt: Any
) -> tuple[str, dict[int, str]] | str:
    """(word played, marks per open board) or REJECTED, each board asked through the one
    prompt loop (UserQuit when the person stops)."""
    from functools import partial

    word = guess
    marks: dict[int, str] = {}
    for b in state.open_boards:
        reply = prompt.ask(f"board {b + 1} colours> ",
                           partial(_board_reply, solver, state, b, word, not marks))
        if reply == REJECTED:
            return REJECTED
        word, marks[b] = reply
    return word, marks
