"""The `optimal` strategy: decision trees found by the project's own search, shipped as data.

A tree says, for every colouring seen so far, which word to guess next. `build_tree` finds one by
a depth-limited branch-and-bound search over the top-k guesses per node (ranked by a cheap
partition heuristic over all allowed guesses), memoised on the candidate set (and, in hard mode,
the hard-mode constraints). `load_tree` reads a shipped tree back and `tree_strategy` turns it into
a strategy that falls back to another one when a game leaves the tree.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from autobot.errors import AutobotError
from autobot.rules import Turn, code_to_marks, hard_mode_violation, score
from autobot.solver.game_tree import GameSearch
from autobot.solver.patterns import pattern_matrix
from autobot.solver.state import Strategy
from autobot.solver.tree_file import read_tree_json
from autobot.words import WordList

if TYPE_CHECKING:  # the registry's import is not needed to read or play a tree
    from autobot.games.base import Game

FORMAT = 1
ALL_GREEN_MARKS = "G" * 5
# Guesses allowed per game, by mode: the shipped normal tree must finish in 5, the hard one in 6.
DEFAULT_DEPTH = {False: 5, True: 6}
# k for the second guess, ..., the last k for every deeper guess (enough for the proven optima).
DEFAULT_TOP_K = (60, 12)
DEFAULT_TOP_K_HARD = (500, 100)
Node = dict[str, Any]


def build_tree(
    start: str,
    answers: WordList,
    guesses: WordList,
    game: Game,
    hard: bool = False,
    top_k: Sequence[int] = DEFAULT_TOP_K,
    depth: int | None = None,
    matrix: np.ndarray | None = None,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Search a tree that opens with `start` for `game` (its lists replaced by `answers` and
    `guesses`); returns the file's header object (tree included)."""
    start = start.lower()
    if start not in guesses:
        raise AutobotError(f"start word {start!r} is not an allowed guess")
    if any(k < 1 for k in top_k) or not top_k:
        raise AutobotError("--top-k values must be positive integers")
    if len(guesses) >= 1 << 19:
        raise AutobotError(f"at most 524,287 allowed guesses, not {len(guesses):,}")
    if matrix is None:
        matrix = pattern_matrix(guesses, answers)
    depth = DEFAULT_DEPTH[hard] if depth is None else depth
    # Here: the search costs a moment to import, and only a build needs it.

    game = replace(game, answers=tuple(answers.words), guesses=tuple(guesses.words))
    # The opener is given, so the search's k for it (the first) is never used.
    search = GameSearch(game, depth, (1, *top_k), np.ascontiguousarray(matrix, np.uint16),
                        hard=hard)
    began = time.perf_counter()
    cands = np.arange(len(answers), dtype=np.int64)
    g0 = search.guess_index[start]
    kids = search.children(g0, cands)
    # The biggest classes first, so a report shows progress where the time goes.
    for i, (code, sub) in enumerate(sorted(kids.items(), key=lambda kv: -len(kv[1]))):
        t0 = time.perf_counter()
        cost = search.solve(sub, depth - 1, 1, state=search.state_after(g0, code, None))
        if progress:
            progress(f"[{i + 1}/{len(kids)}] {code_to_marks(code)} n={len(sub)} cost={cost} "
                     f"({time.perf_counter() - t0:.1f}s, nodes={int(search.stats[0])})")
    tree, total = search.build(g0, cands, depth, 0)
    tree = _keyed_by_marks(tree)
    seconds = time.perf_counter() - began
    header: dict[str, Any] = {
        "format": FORMAT,
        "start": start,
        "hard": hard,
        "answers_digest": answers.digest,
        "guesses_digest": guesses.digest,
        "answers": answers.name,
        "guesses": guesses.name,
        "top_k": list(top_k),
        "depth": depth,
        "total": total,
        "seconds": round(seconds, 1),
        "tree": tree,
    }
    result = Tree(tree, hard).evaluate(answers.words)
    header["total"], header["max"] = result["total"], result["max"]
    header["histogram"] = result["histogram"]
    if result["total"] != total:
        raise AssertionError(f"tree plays {result['total']} guesses, search said {total}")
    return header


def _keyed_by_marks(node: Node) -> Node:
    """A searched tree (keyed by feedback codes) keyed by Wordle's marks, as tree files are."""
    nxt = node.get("next")
    if not nxt:
        return node
    return {**node, "next": {code_to_marks(int(code)): _keyed_by_marks(child)
                             for code, child in nxt.items()}}


# ---------------------------------------------------------------------------------------------
# Reading and playing a tree


class Tree:
    """A decision tree: the next guess for every sequence of colourings it covers."""

    def __init__(self, root: Node, hard: bool = False) -> None:
        self.root = root
        self.hard = hard

    @property
    def start(self) -> str:
        """The opening guess."""
        return str(self.root["guess"])

    def lookup(self, history: Sequence[Turn]) -> str | None:
        """The tree's guess after these rows, or None if the game has left the tree."""
        node = self.root
        for turn in history:
            if turn.guess.lower() != node["guess"]:
                return None
            node = node.get("next", {}).get(turn.marks.upper())
            if node is None:
                return None
        return str(node["guess"])

    def play(self, answer: str) -> list[str]:
        """The guesses the tree makes when the answer is `answer` (ends with it, or gives up)."""
        node: Node | None = self.root
        guesses: list[str] = []
        while node is not None and len(guesses) < 12:
            guesses.append(node["guess"])
            marks = score(node["guess"], answer)
            if marks == ALL_GREEN_MARKS:
                return guesses
            node = node.get("next", {}).get(marks)
        return guesses

    def evaluate(self, answers: Sequence[str] | WordList) -> dict[str, Any]:
        """Play every answer through the tree: total, max, histogram and the unsolved ones."""
        words = answers.words if isinstance(answers, WordList) else tuple(answers)
        hist: dict[str, int] = {}
        total, worst, failures = 0, 0, []
        for answer in words:
            played = self.play(answer)
            if played[-1] != answer:
                failures.append(answer)
                continue
            n = len(played)
            total += n
            worst = max(worst, n)
            hist[str(n)] = hist.get(str(n), 0) + 1
        return {
            "games": len(words),
            "total": total,
            "mean": total / max(1, len(words) - len(failures)),
            "max": worst,
            "histogram": dict(sorted(hist.items(), key=lambda kv: int(kv[0]))),
            "failures": failures,
        }

    def hard_mode_violations(self) -> list[str]:
        """Every path on which the tree proposes a guess that hard mode forbids."""
        bad: list[str] = []
        stack: list[tuple[Node, tuple[Turn, ...]]] = [(self.root, ())]
        while stack:
            node, history = stack.pop()
            why = hard_mode_violation(node["guess"], history)
            if why:
                rows = " ".join(f"{t.guess}:{t.marks}" for t in history)
                bad.append(f"{rows} -> {node['guess']}: {why}")
            for marks, child in node.get("next", {}).items():
                stack.append((child, (*history, Turn(node["guess"], marks))))
        return bad


def read_tree_file(path: Path) -> dict[str, Any]:
    """A tree file's header object (tree included); bad files are reported, not raised raw."""
    header = read_tree_json(path)
    if header is None or header.get("format") != FORMAT or "tree" not in header:
        raise AutobotError(f"{path} is not a format-{FORMAT} autobot tree file")
    return header


def shipped_path(start: str, hard: bool) -> Path:
    """Where the shipped tree for this opener and mode lives in the package."""
    name = f"{start.lower()}-{'hard' if hard else 'normal'}.json.gz"
    return Path(str(resources.files("autobot").joinpath("trees", name)))


@cache
def _load_shipped(start: str, hard: bool) -> dict[str, Any] | None:
    path = shipped_path(start, hard)
    if not path.is_file():
        return None
    return read_tree_file(path)


def load_tree(start: str, hard: bool, answers: WordList, guesses: WordList) -> Tree | None:
    """The shipped tree for this opener, mode and lists, or None when none matches."""
    header = _load_shipped(start.lower(), bool(hard))
    if header is None:
        return None
    if header.get("hard") != bool(hard) or header.get("start") != start.lower():
        return None
    if header.get("answers_digest") != answers.digest:
        return None
    if header.get("guesses_digest") != guesses.digest:
        return None
    return _tree_of(start.lower(), bool(hard))


@cache
def _tree_of(start: str, hard: bool) -> Tree:
    header = _load_shipped(start, hard)
    assert header is not None
    return Tree(header["tree"], hard)


DEFAULT_START = "salet"


def tree_strategy(
    hard: bool,
    start: str | None,
    answers: WordList,
    guesses: WordList,
    fallback: Strategy,
) -> Strategy | None:
    """A strategy that follows the shipped tree, or None when no shipped tree fits."""
    tree = load_tree(start or DEFAULT_START, hard, answers, guesses)
    if tree is None:
        return None

    def optimal(state: Any, candidates: Sequence[str]) -> str:
        """The tree's word for this position; the fallback's once the game leaves the tree."""
        guess = tree.lookup(tuple(getattr(state, "history", ())))
        banned = getattr(state, "banned", ()) or ()
        if guess is None or guess in banned:
            return fallback(state, candidates)
        return guess

    return optimal
