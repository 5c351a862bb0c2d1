"""The `optimal` strategy: decision trees found by the project's own search, shipped as data.

A tree says, for every colouring seen so far, which word to guess next. `build_tree` finds one by
a depth-limited branch-and-bound search over the top-k guesses per node (ranked by a cheap
partition heuristic over all allowed guesses), memoised on the candidate set (and, in hard mode,
the hard-mode constraints). `load_tree` reads a shipped tree back and `tree_strategy` turns it into
a strategy that falls back to another one when a game leaves the tree.
"""

from __future__ import annotations

import gzip
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from autobot.errors import AutobotError
from autobot.wordle import ALL_GREEN, Turn, code_to_marks, hard_mode_violation
from autobot.words import WordList

FORMAT = 1
INF = 1 << 40  # "no tree within the depth limit" (as in autobot.solver.tree_search)
ALL_GREEN_MARKS = "G" * 5
# Guesses allowed per game, by mode: the shipped normal tree must finish in 5, the hard one in 6.
DEFAULT_DEPTH = {False: 5, True: 6}
# k for the second guess, ..., the last k for every deeper guess (enough for the proven optima).
DEFAULT_TOP_K = (60, 12)
DEFAULT_TOP_K_HARD = (500, 100)
Node = dict[str, Any]


class Strategy(Protocol):
    """A strategy: the game so far and the remaining candidates -> the next guess."""

    def __call__(self, state: Any, candidates: Sequence[str]) -> str: ...


@cache
def _core() -> tuple[Any, ...]:
    """The jitted search functions (numba is imported only when a tree is built)."""
    from autobot.solver import tree_search

    return tree_search.solve, tree_search.new_memo, tree_search.set_hash, tree_search.state_hash


# ---------------------------------------------------------------------------------------------
# Building


@dataclass
class Search:
    """One search problem: the lists, the mode and the search limits, with its memo."""

    answers: WordList
    guesses: WordList
    hard: bool
    depth: int
    top_k: tuple[int, ...]
    matrix: np.ndarray
    memo: Any = None
    stats: np.ndarray = field(default_factory=lambda: np.zeros(4, np.int64))

    def __post_init__(self) -> None:
        solve, new_memo, _, _ = _core()
        self._solve = solve
        self.matrix = np.ascontiguousarray(self.matrix, dtype=np.uint8)  # the jitted signature
        self.memo = new_memo()
        rng = np.random.default_rng(20220119)
        big = np.iinfo(np.int64).max
        self.zob = rng.integers(1, big, size=len(self.answers), dtype=np.int64)
        self.zd = rng.integers(1, big, size=16, dtype=np.int64)
        self.zg = rng.integers(1, big, size=(5, 27), dtype=np.int64)
        self.zm = rng.integers(1, big, size=(26, 6), dtype=np.int64)
        raw = np.frombuffer("".join(self.guesses.words).encode(), dtype=np.uint8)
        self.letters = (raw.reshape(-1, 5) - ord("a")).astype(np.int64)
        self.counts = np.zeros((len(self.guesses), 26), np.int64)
        for i in range(5):
            np.add.at(self.counts, (np.arange(len(self.guesses)), self.letters[:, i]), 1)
        self.topk_arr = np.array(self.top_k, np.int64)
        self.guess_index = {w: i for i, w in enumerate(self.guesses.words)}

    def solve(self, cands: np.ndarray, depth: int, level: int, greens: np.ndarray,
              mins: np.ndarray, beta: int = INF) -> int:
        """The restricted optimum for these candidates (a bound if >= beta)."""
        cands = np.ascontiguousarray(cands, dtype=np.int64)
        return int(self._solve(cands, depth, beta, level, self.matrix, self.letters, self.counts,
                               self.hard, greens, mins, self.topk_arr, self.zob, self.zd,
                               self.zg, self.zm, self.memo, self.stats))

    def best_guess(self, cands: np.ndarray, depth: int, level: int, greens: np.ndarray,
                   mins: np.ndarray) -> tuple[int, int]:
        """(cost, guess index) of the best move for these candidates."""
        n = len(cands)
        if n == 1:
            return 1, self.guess_index[self.answers.words[cands[0]]]
        if n == 2:
            return 3, self.guess_index[self.answers.words[cands[0]]]
        cost = self.solve(cands, depth, level, greens, mins)
        if cost >= INF:
            raise AutobotError(f"no tree solves every answer within {self.depth} guesses "
                              f"(try a larger --top-k or --depth)")
        _, _, set_hash, state_hash = _core()
        key = int(set_hash(cands, self.zob) ^ self.zd[depth])
        if self.hard:
            key ^= int(state_hash(greens, mins, self.zg, self.zm))
        key = int(np.int64(key))
        value = self.memo[key]
        assert value & 1, "the memo holds the exact value after an unbounded search"
        return cost, (value >> 1) & 0x7FFF

    def children(self, guess: int, cands: np.ndarray, greens: np.ndarray,
                 mins: np.ndarray) -> dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]]:
        """Pattern code -> (candidates, greens, mins) after `guess` (the all-green one left out)."""
        codes = self.matrix[guess, cands]
        out = {}
        for code in np.unique(codes):
            if code == ALL_GREEN:
                continue
            sub = cands[codes == code]
            cg, cm = greens.copy(), np.zeros(26, np.int64)
            c = int(code)
            for i in range(5):
                c, digit = divmod(c, 3)
                if digit == 2:
                    cg[i] = self.letters[guess, i]
                if digit:
                    cm[self.letters[guess, i]] += 1
            out[int(code)] = (sub, cg, np.maximum(cm, mins))
        return out

    def build(self, guess: int, cands: np.ndarray, depth: int, level: int, greens: np.ndarray,
              mins: np.ndarray) -> tuple[Node, int]:
        """The tree under `guess` at a node with these candidates, and its total guesses."""
        word = self.guesses.words[guess]
        node: Node = {"guess": word}
        total = len(cands)
        nxt: dict[str, Node] = {}
        for code, (sub, cg, cm) in sorted(self.children(guess, cands, greens, mins).items()):
            _, g = self.best_guess(sub, depth - 1, level + 1, cg, cm)
            child, cost = self.build(g, sub, depth - 1, level + 1, cg, cm)
            nxt[code_to_marks(code)] = child
            total += cost
        if nxt:
            node["next"] = nxt
        return node, total


def build_tree(
    start: str,
    answers: WordList,
    guesses: WordList,
    hard: bool = False,
    top_k: Sequence[int] = DEFAULT_TOP_K,
    depth: int | None = None,
    matrix: np.ndarray | None = None,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Search a tree that opens with `start`; returns the file's header object (tree included)."""
    start = start.lower()
    if start not in guesses:
        raise AutobotError(f"start word {start!r} is not an allowed guess")
    if any(k < 1 for k in top_k) or not top_k:
        raise AutobotError("--top-k values must be positive integers")
    if len(guesses) >= 1 << 15:
        raise AutobotError(f"at most 32,767 allowed guesses, not {len(guesses):,}")
    if matrix is None:
        from autobot.solver.patterns import pattern_matrix

        matrix = pattern_matrix(guesses, answers)
    depth = DEFAULT_DEPTH[hard] if depth is None else depth
    search = Search(answers, guesses, hard, depth, tuple(top_k), matrix)
    began = time.perf_counter()
    cands = np.arange(len(answers), dtype=np.int64)
    greens = np.full(5, -1, np.int64)
    mins = np.zeros(26, np.int64)
    g0 = search.guess_index[start]
    kids = search.children(g0, cands, greens, mins)
    # The biggest classes first, so a report shows progress where the time goes.
    for i, (code, (sub, cg, cm)) in enumerate(sorted(kids.items(), key=lambda kv: -len(kv[1][0]))):
        t0 = time.perf_counter()
        cost = search.solve(sub, depth - 1, 1, cg, cm)
        if progress:
            progress(f"[{i + 1}/{len(kids)}] {code_to_marks(code)} n={len(sub)} cost={cost} "
                     f"({time.perf_counter() - t0:.1f}s, nodes={int(search.stats[0])})")
    tree, total = search.build(g0, cands, depth, 0, greens, mins)
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
        from autobot.wordle import score

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


def write_tree(header: dict[str, Any], path: Path) -> None:
    """Save a tree file (gzip JSON, deterministic bytes)."""
    data = json.dumps(header, separators=(",", ":"), sort_keys=False).encode()
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as gz:
        gz.write(data)


def read_tree_file(path: Path) -> dict[str, Any]:
    """A tree file's header object (tree included); bad files are reported, not raised raw."""
    try:
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            header = json.load(fh)
    except (OSError, ValueError, EOFError) as exc:
        raise AutobotError(f"cannot read tree file {path}: {exc}") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT or "tree" not in header:
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
