"""Decision trees for any game (every Wordle length): found by the project's search, as data.

`build_game_tree(game)` searches the tree of least total guesses that wins every answer within the
game's rows, over the top-k guesses per node (ranked by a partition lower bound over every allowed
guess), memoised on the candidate set, driven by the game's codes (`Game.block`); the one search
of the project (five-letter trees, hard mode included, are built on it by `autobot.solver.tree`,
which keeps its own file format). `lower_bound` proves how far any tree
can be from the one found. `load_game_tree` reads a shipped tree back (`autobot/trees/`), used only
when both lists' digests match the game's.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from autobot.errors import AutobotError
from autobot.games.base import Game
from autobot.solver import game_search
from autobot.solver.tree_file import read_tree_json, write_tree

FORMAT = 1
KIND = "game-tree"  # keyed by the game's feedback codes (decimal), not Wordle's marks
INF = 1 << 40
COST_SHIFT = 20  # as in autobot.solver.game_search
# k for the opener, the second guess, ..., the last k for every deeper guess.
DEFAULT_TOP_K = (4, 40, 12)
# Added per answer won only on the guess after the last row: beyond any total of guesses, so
# the search loses as few answers as it can, then plays the fewest guesses.
LATE = 1 << 16
# Guesses whose trees are built and compared where a class's tree loses answers.
REPAIR_PICKS = 8
CHUNK = 2048  # guess rows scored at a time while building the matrix
Node = dict[str, Any]
State = tuple[np.ndarray, np.ndarray]  # hard mode: green letter per place (-1 none), least counts


def _letters(words: Sequence[str], length: int, needed: bool) -> tuple[np.ndarray, np.ndarray]:
    """Each word's letters (0-25) and letter counts, for hard mode; empty when not needed."""
    if not needed:
        return np.zeros((0, length), np.int64), np.zeros((0, 26), np.int64)
    raw = np.frombuffer("".join(words).encode("ascii", "replace"), np.uint8)
    letters = raw.reshape(-1, length).astype(np.int64) - ord("a")
    if letters.min() < 0 or letters.max() > 25:
        raise AutobotError("hard mode needs words of the letters a-z")
    counts = np.zeros((len(words), 26), np.int64)
    for i in range(length):
        np.add.at(counts, (np.arange(len(words)), letters[:, i]), 1)
    return letters, counts


def digest(words: Sequence[str]) -> str:
    """A short fingerprint of a word list (a shipped tree is used only for its own lists)."""
    return hashlib.sha256("\n".join(words).encode()).hexdigest()[:16]


def codes_matrix(game: Game, guesses: Sequence[str] | None = None) -> np.ndarray:
    """The guesses x answers matrix of the game's codes (uint16 when they fit, else uint32),
    filled by row chunks (the int32 block of a long list at once would be hundreds of MB)."""
    guesses = game.guesses if guesses is None else tuple(guesses)
    dtype = np.uint16 if game.n_codes <= 1 << 16 else np.uint32
    out = np.empty((len(guesses), len(game.answers)), dtype)
    for start in range(0, len(guesses), CHUNK):
        out[start:start + CHUNK] = game.block(guesses[start:start + CHUNK], game.answers)
    return out


@cache
def _core() -> Any:
    """The jitted search (numba is imported only when a tree is built)."""
    return game_search


@dataclass
class GameSearch:
    """One search problem: a game, its codes, the depth and top-k limits, with its memo."""

    game: Game
    depth: int
    top_k: tuple[int, ...]
    matrix: np.ndarray  # the game's codes, guesses x answers (uint16 or uint32)
    late: int = 0  # cost of an answer won on the last allowed guess (LATE: one beyond the rows)
    memo: Any = None
    stats: np.ndarray = field(default_factory=lambda: np.zeros(4, np.int64))
    feasibility: Feasibility | None = None  # made when a node loses answers
    repaired: int = 0  # subtrees replaced because the one found lost more answers
    repair_tries: int = 0  # partitions tried per node that loses answers (0: no repair)
    hard: bool = False  # Wordle's hard mode: greens kept in place, revealed letters reused

    def __post_init__(self) -> None:
        core = _core()
        self._core = core
        self.memo = core.new_memo()
        self.matrix = np.ascontiguousarray(self.matrix)
        self.win = int(self.game.win_code)
        self.cnt = np.zeros(self.game.n_codes, np.int64)  # one counter per code, kept zero
        rng = np.random.default_rng(20220119)
        self.zob = rng.integers(1, np.iinfo(np.int64).max, size=len(self.game.answers),
                                dtype=np.int64)
        self.topk_arr = np.array(self.top_k, np.int64)
        index = {w: i for i, w in enumerate(self.game.guesses)}
        missing = [w for w in self.game.answers if w not in index]
        if missing:
            raise AutobotError(f"{len(missing)} {self.game.label} answers are not allowed "
                               f"guesses (e.g. {missing[0]})")
        self.guess_index = index
        self.answer_row = np.array([index[w] for w in self.game.answers], np.int64)
        length = self.game.length
        if self.hard and self.repair_tries:
            raise AutobotError("--repair builds normal-mode trees only")
        self.letters, self.counts = _letters(self.game.guesses, length, self.hard)
        self.zg = rng.integers(1, np.iinfo(np.int64).max, size=(length, 27), dtype=np.int64)
        self.zm = rng.integers(1, np.iinfo(np.int64).max, size=(26, length + 1), dtype=np.int64)
        # No constraint yet: no green letter in any place, no letter revealed.
        self.opening: State = (np.full(length, -1, np.int64), np.zeros(26, np.int64))

    @classmethod
    def of(cls, game: Game, depth: int | None = None,
           top_k: Sequence[int] = DEFAULT_TOP_K, repair: int = 0) -> GameSearch:
        """The search for `game`: within `depth` guesses, or by default within its rows plus one
        that costs LATE per answer (all won in the rows when the search finds such a tree, else
        the fewest answers lost); `repair` > 0 re-solves the classes where the tree found loses
        answers (`_repair`)."""
        if not top_k or any(k < 1 for k in top_k):
            raise AutobotError("--top-k values must be positive integers")
        if game.rows is None and depth is None:
            raise AutobotError(f"{game.label} has unlimited rows: give a --depth")
        if len(game.guesses) >= 1 << 19:
            raise AutobotError(f"at most 524,287 allowed guesses, not {len(game.guesses):,}")
        if depth is None:
            return cls(game, int(game.rows or 0) + 1, tuple(top_k), codes_matrix(game), LATE,
                       repair_tries=repair)
        return cls(game, int(depth), tuple(top_k), codes_matrix(game))

    def solve(self, cands: np.ndarray, depth: int, level: int, beta: int = INF,
              state: State | None = None) -> int:
        """The restricted optimum for these candidates (a bound if >= beta); `state`: the
        hard-mode constraints reached (none by default)."""
        cands = np.ascontiguousarray(cands, dtype=np.int64)
        greens, mins = state or self.opening
        return int(self._core.solve(cands, depth, beta, level, self.matrix, self.win,
                                    self.topk_arr, self.zob, self.memo, self.stats,
                                    self.answer_row, self.cnt, self.late, self.hard,
                                    self.letters, self.counts, greens, mins, self.zg, self.zm))

    def best_guess(self, cands: np.ndarray, depth: int, level: int,
                   state: State | None = None) -> tuple[int, int]:
        """(cost, guess row) of the best move for these candidates."""
        n = len(cands)
        if n <= 2:
            return 2 * n - 1, int(self.answer_row[cands[0]])
        cost = self.solve(cands, depth, level, state=state)
        if cost >= INF:
            raise AutobotError(f"{self.game.label}: no tree solves every answer within "
                               f"{self.depth} guesses (try a larger --top-k)")
        key = int(self._core.memo_key(cands, depth, self.zob))
        if self.hard:
            greens, mins = state or self.opening
            key = int(np.int64(key) ^ self._core.state_hash(greens, mins, self.zg, self.zm))
        value = int(self.memo[key])
        assert value & 1, "the memo holds the exact value after an unbounded search"
        return cost, (value & ((1 << COST_SHIFT) - 1)) >> 1

    def children(self, guess: int, cands: np.ndarray) -> dict[int, np.ndarray]:
        """The game's code -> candidates after `guess` (the won one left out)."""
        ids = self.matrix[guess, cands]
        return {int(c): cands[ids == c] for c in np.unique(ids) if c != self.win}

    def state_after(self, guess: int, code: int, state: State | None) -> State | None:
        """The hard-mode constraints after `guess` is answered `code` (None in normal mode)."""
        if not self.hard:
            return None
        greens, mins = state or self.opening
        out: State = (np.empty_like(greens), np.empty_like(mins))
        self._core.hard_state_after(guess, code, self.letters, greens, mins, *out)
        return out

    def build(self, guess: int, cands: np.ndarray, depth: int, level: int,
              state: State | None = None) -> tuple[Node, int]:
        """The tree under `guess` at a node with these candidates, and its total guesses.

        Where the best tree found for a class loses answers (won only after the last row) but
        the exhaustive feasibility search finds a guess that wins them all within the rows left,
        that guess is played there instead (and its classes are built the same way)."""
        node: Node = {"guess": self.game.guesses[guess]}
        total = len(cands)
        nxt: dict[str, Node] = {}
        for code, sub in self.children(guess, cands).items():
            after = self.state_after(guess, code, state)
            _, g = self.best_guess(sub, depth - 1, level + 1, after)
            child, cost = self.build(g, sub, depth - 1, level + 1, after)
            if self.late and self.repair_tries and self.lost(child, sub, depth - 2):
                child, cost = self._repair(sub, depth - 1, level + 1, child, cost)
            nxt[str(code)] = child
            total += cost
        if nxt:
            node["next"] = nxt
        return node, total

    def _repair(self, cands: np.ndarray, depth: int, level: int, node: Node, cost: int
                ) -> tuple[Node, int]:
        """A subtree (and its total) for a class whose best tree found loses answers: of the
        guesses that win them all within the rows left (the feasibility search's, and those
        among the first `repair_tries` partitions), else of those leaving the fewest classes
        that cannot be, the one whose tree (built the same way) loses fewest, then plays
        fewest guesses; the tree found when none loses fewer."""
        rows = depth - 1  # the search's last guess is the late one
        self.feasibility = self.feasibility or Feasibility(self.game, self.matrix)
        won = self.feasibility.guess(cands, rows)
        bad, picks = self.feasibility.fewest_unwinnable(cands, rows, self.repair_tries)
        lost_now = self.lost(node, cands, rows)
        if won >= 0 and bad > 0:
            picks = [won]
        elif won < 0 and bad >= lost_now:
            return node, cost
        best = (lost_now, cost, node)
        for g in picks[:REPAIR_PICKS]:
            try:
                other, other_cost = self.build(g, cands, depth, level)
            except AutobotError:  # a class under it the restricted search finishes in no rows
                continue
            if self.lost(other, cands, depth):
                continue  # an answer not even won with the search's late guess
            other_lost = self.lost(other, cands, rows)
            if (other_lost, other_cost) < best[:2]:
                best = (other_lost, other_cost, other)
        if best[2] is not node:
            self.repaired += 1
        return best[2], best[1]

    def lost(self, node: Node, cands: np.ndarray, rows: int) -> int:
        """Answers among `cands` that a (sub)tree wins only after `rows` rows."""
        if rows <= 0:
            return len(cands)
        g = self.guess_index[node["guess"]]
        nxt = node.get("next", {})
        return sum(self.lost(nxt[str(code)], sub, rows - 1)
                   for code, sub in self.children(g, cands).items())


def build_game_tree(
    game: Game,
    start: str | None = None,
    top_k: Sequence[int] = DEFAULT_TOP_K,
    depth: int | None = None,
    progress: Callable[[str], None] | None = None,
    search: GameSearch | None = None,
) -> dict[str, Any]:
    """Search a tree for `game` (opening with `start`, else the best of the top-k openers);
    returns the file's header object, tree included, checked by replaying every answer."""
    began = time.perf_counter()
    search = search or GameSearch.of(game, depth, top_k)
    everyone = np.arange(len(game.answers), dtype=np.int64)
    if start is None:
        cost, g0 = search.best_guess(everyone, search.depth, 0)
    else:
        g0 = search.guess_index.get(start.lower(), -1)
        if g0 < 0:
            raise AutobotError(f"start word {start!r} is not an allowed {game.label} guess")
    if progress:
        progress(f"{game.label}: opener {game.guesses[g0]}, "
                 f"{time.perf_counter() - began:.1f}s, nodes={int(search.stats[0])}")
    tree, total = search.build(g0, everyone, search.depth, 0)
    seconds = time.perf_counter() - began
    result = GameTree(tree).evaluate(game)
    if result["total"] != total or result["failures"]:
        raise AssertionError(f"tree plays {result['total']} guesses, search said {total}")
    rows = game.rows or search.depth
    lost = sum(v for k, v in result["histogram"].items() if k > rows)
    return {
        "format": FORMAT, "kind": KIND, "game": game.label, "start": game.guesses[g0],
        "answers_digest": digest(game.answers), "guesses_digest": digest(game.guesses),
        "answers": len(game.answers), "guesses": len(game.guesses),
        "top_k": list(search.top_k), "depth": search.depth, "rows": rows, "lost": lost,
        "total": total,
        "mean": round(total / len(game.answers), 4), "max": result["max"],
        "histogram": {str(k): v for k, v in result["histogram"].items()},
        "seconds": round(seconds, 1),
        "nodes": int(search.stats[0]), "repaired": search.repaired, "tree": tree,
    }


# ---------------------------------------------------------------------------------------------
# How far from the optimum: a lower bound on any tree's total


def lower_bound(game: Game, search: GameSearch | None = None, budget_s: float = 60.0,
                clock: Callable[[], float] = time.perf_counter) -> dict[str, Any]:
    """A proven lower bound on the total guesses of any tree for `game` (any depth).

    One level: after opener g, each bucket of s words needs at least 2s - 1 more guesses (one
    can be the secret, the rest need one more each), so total >= 3n - hit(g) - buckets(g).
    Two levels: the same bound applied to each bucket's best second guess. Openers are refined
    to two levels in order of their one-level bound while the budget lasts; the bound is the
    least of the refined ones and the one-level bound of the first opener not refined.
    """
    search = search or GameSearch.of(game)
    core = _core()
    everyone = np.arange(len(game.answers), dtype=np.int64)
    n = len(everyone)
    _, _, one = core.node_bounds(everyone, search.matrix, search.win, search.cnt)
    order = np.argsort(one, kind="stable")
    began = clock()
    best_two, best_opener, refined = INF, -1, 0
    for g in order:
        if one[g] >= best_two or clock() - began > budget_s:
            break
        total = n
        for sub in search.children(int(g), everyone).values():
            if len(sub) <= 2:
                total += 2 * len(sub) - 1
                continue
            _, _, lbs = core.node_bounds(sub, search.matrix, search.win, search.cnt)
            total += int(lbs.min())
        refined += 1
        if total < best_two:
            best_two, best_opener = total, int(g)
    nxt = int(one[order[refined]]) if refined < len(order) else INF
    bound = min(best_two, nxt)
    return {
        "lower_bound": int(bound), "lower_bound_mean": round(bound / n, 4),
        "one_level": int(one[order[0]]), "openers_refined": refined,
        "openers": len(order), "complete": bool(nxt >= best_two),
        "best_two_level_opener": game.guesses[best_opener] if best_opener >= 0 else None,
        "seconds": round(clock() - began, 1),
    }


def worst_case(game: Game, answers: Sequence[str], limit: int,
               matrix: np.ndarray | None = None) -> int:
    """The fewest guesses that win every one of `answers` (a subset of the game's) in the worst
    case, if at most `limit`, else limit + 1, exhaustive over every allowed guess: above the
    game's rows it proves that every strategy loses one of them (and so one of the game's)."""
    core = _core()
    index = {w: i for i, w in enumerate(game.answers)}
    cands = np.array(sorted(index[w] for w in answers), np.int64)
    matrix = codes_matrix(game) if matrix is None else matrix
    zob = np.random.default_rng(20220119).integers(1, np.iinfo(np.int64).max,
                                                     size=len(game.answers), dtype=np.int64)
    return int(core.worst_case(cands, limit, matrix, game.win_code, zob, core.new_memo(),
                               np.zeros(4, np.int64), np.zeros(game.n_codes, np.int64)))


class Feasibility:
    """Which candidate sets can all be won within r rows (the winning row included), exhaustive
    over every allowed guess, and a guess that does it.

    W(S, 1) holds for one word; W(S, 2) needs a guess that puts every word of S in a class of its
    own; W(S, r) needs a guess whose every class (the won one left out) satisfies W(., r - 1).
    It fails fast: guesses are tried by their biggest class, one per partition of S, classes
    biggest first; a guess is skipped when it leaves whole a *core*, a set already proven not
    winnable within r - 1 rows (a class holding it cannot be won either). A class that fails
    is kept as a core, shrunk first to the union of the cores that ruled out each of its guesses
    (still not winnable: every guess leaves one of them whole), then word by word when small.
    Memoised on the candidate set (a Zobrist hash, as the search's memo) and the rows.
    """

    def __init__(self, game: Game, matrix: np.ndarray | None = None, shrink_most: int = 16
                 ) -> None:
        self.game = game
        # A core of three rows or more is shrunk word by word only up to this size (each try
        # is a search of its own); of two rows always (each try is one pass over the guesses).
        self.shrink_most = shrink_most
        self.matrix = np.ascontiguousarray(codes_matrix(game) if matrix is None else matrix)
        self.win = int(game.win_code)
        self.cnt = np.zeros(game.n_codes, np.int64)
        self.zob = np.random.default_rng(20220119).integers(
            1, np.iinfo(np.int64).max, size=len(game.answers), dtype=np.int64)
        index = {w: i for i, w in enumerate(game.guesses)}
        self.answer_row = np.array([index[w] for w in game.answers], np.int64)
        self.memo: dict[tuple[int, int], int] = {}
        self.cores: dict[int, list[np.ndarray]] = {}
        self._flat: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        self._core_keys: set[tuple[int, int]] = set()
        self._why: dict[tuple[int, int], np.ndarray] = {}
        # No class of more words than any guess has codes over the answers is won in two rows.
        self.two_row_most = max(len(np.unique(row)) for row in self.matrix)
        self.searched = 0  # nodes searched with three rows or more

    def guess(self, cands: np.ndarray, rows: int) -> int:
        """A guess row that wins every candidate within `rows` rows, or -1 if none does."""
        cands = np.ascontiguousarray(cands, dtype=np.int64)
        n = len(cands)
        if n == 1:
            return int(self.answer_row[cands[0]]) if rows >= 1 else -1
        if rows <= 1:
            return -1
        key = (int(_core().set_hash(cands, self.zob)), rows)
        found = self.memo.get(key)
        if found is None:
            if rows == 2:
                found = -1 if n > self.two_row_most else int(_core().separating_guess(
                    cands, self.matrix, self.win, self.cnt, self.answer_row[cands]))
            else:
                found = self._search(cands, rows)
            self.memo[key] = found
        return found

    def fewest_unwinnable(self, cands: np.ndarray, rows: int, tries: int) -> tuple[int, list[int]]:
        """The fewest classes not winnable within rows - 1 that a guess leaves, over the first
        `tries` partitions of the candidates (ordered as the search tries them), and the guess
        rows leaving that few: where nothing wins them all, each such class loses an answer."""
        core = _core()
        cands = np.ascontiguousarray(cands, dtype=np.int64)
        order, _ = self._guess_order(cands, [])
        best, best_g = len(cands) + 1, []
        for g in order[:tries]:
            members, bounds, sizes = core.classes(self.matrix[g], cands, self.win)
            bad = 0
            for q in range(len(sizes)):
                if self.guess(members[bounds[q]:bounds[q + 1]], rows - 1) < 0:
                    bad += 1
                    if bad > best:
                        break
            if bad < best:
                best, best_g = bad, [int(g)]
            elif bad == best:
                best_g.append(int(g))
        return best, best_g

    def scan_openers(self, rows: int, budget_s: float,
                     clock: Callable[[], float] = time.process_time,
                     progress: Callable[[str], None] | None = None,
                     part: tuple[int, int] = (0, 1)) -> dict[str, Any]:
        """Openers proven to lose an answer within `rows` rows, while the budget (CPU seconds)
        lasts: each leaves a class that cannot be won in the rows after it, found by this search
        or by a core it leaves whole (one core rules out every opener leaving it whole). Tried
        in the search's order (smallest biggest class first); stops at an opener that wins all.
        `part` (k, n): only every n-th opener of that order from the k-th (one process per
        core; the parts together are the whole scan)."""
        core = _core()
        everyone = np.arange(len(self.game.answers), dtype=np.int64)
        none = np.zeros(0, np.int64)
        big, parts, _, _, _ = core.screen(everyone, self.matrix, self.win, self.cnt, none,
                                          np.zeros(1, np.int64))
        k, n = part
        order = np.lexsort((-parts, big))[k::n]
        alive = np.zeros(len(big), np.bool_)  # openers of this part not yet ruled out
        alive[order] = True
        began = clock()
        tried, winner = 0, None
        for g in order:
            if not alive[g]:
                continue
            if clock() - began > budget_s:
                break
            tried += 1
            members, bounds, sizes = core.classes(self.matrix[g], everyone, self.win)
            for q in range(len(sizes)):
                sub = members[bounds[q]:bounds[q + 1]]
                if self.guess(sub, rows - 1) < 0:
                    found = self._add_core(sub, rows - 1)
                    alive[(self.matrix[:, found] == self.matrix[:, found[:1]]).all(axis=1)] = False
                    alive[g] = False
                    if progress:
                        progress(f"{self.game.guesses[g]}: a class of {len(sub)} not won in "
                                 f"{rows - 1} rows (core of {len(found)}); "
                                 f"{int(alive.sum())} openers left, {clock() - began:.0f} s")
                    break
            else:
                winner = self.game.guesses[g]
                break
        return {"openers": len(order), "ruled_out": int(len(order) - alive.sum()),
                "searched": tried, "winner": winner,
                "complete": winner is not None or not alive.any(),
                "cores": len(self.cores.get(rows - 1, [])),
                "seconds": round(clock() - began, 1)}

    def tree(self, cands: np.ndarray, rows: int) -> Node:
        """A tree winning every candidate within `rows` rows (the feasibility guess at every
        node); raises AutobotError when there is none."""
        g = self.guess(cands, rows)
        if g < 0:
            raise AutobotError(f"{self.game.label}: {len(cands)} answers cannot all be won "
                               f"within {rows} rows")
        node: Node = {"guess": self.game.guesses[g]}
        row = self.matrix[g]
        nxt = {str(int(c)): self.tree(cands[row[cands] == c], rows - 1)
               for c in np.unique(row[cands]) if c != self.win}
        if nxt:
            node["next"] = nxt
        return node

    def _search(self, cands: np.ndarray, rows: int) -> int:
        core = _core()
        self.searched += 1
        picked = self._cores_within(cands, rows - 1)
        order, blocker = self._guess_order(cands, picked)
        # Why it fails: the cores that rule out every guess.
        why = [picked[i] for i in np.unique(blocker[blocker >= 0])]
        known = len(self.cores.get(rows - 1, ()))
        inside = np.zeros(len(self.game.answers), np.bool_)
        inside[cands] = True
        for g in order:
            row = self.matrix[g]
            fresh = self.cores.get(rows - 1, [])[known:]
            stays = next((c for c in fresh if inside[c].all() and (row[c] == row[c[0]]).all()),
                         None)
            if stays is not None:
                why.append(stays)  # a core found since the screen stays whole
                continue
            members, bounds, sizes = core.classes(row, cands, self.win)
            for q in range(len(sizes)):
                sub = members[bounds[q]:bounds[q + 1]]
                if self.guess(sub, rows - 1) < 0:
                    why.append(self._add_core(sub, rows - 1))
                    break
            else:
                return int(g)
        self._why[(int(core.set_hash(cands, self.zob)), rows)] = np.unique(np.concatenate(why))
        return -1

    def _guess_order(self, cands: np.ndarray, cores: list[np.ndarray]
                     ) -> tuple[np.ndarray, np.ndarray]:
        """The guess rows worth trying on `cands`, in the order tried (smallest biggest class,
        then most classes; one per partition), leaving none of `cores` whole; and per guess
        row the core it leaves whole (-1: none)."""
        core = _core()
        sizes = np.array([len(c) for c in cores], np.int64)
        flat = np.concatenate(cores) if cores else np.zeros(0, np.int64)
        big, parts, hits, blocker, hs = core.screen(
            cands, self.matrix, self.win, self.cnt, flat, np.concatenate(([0], np.cumsum(sizes))))
        rows_ok = np.flatnonzero((blocker < 0) & ((parts > 1) | (hits > 0)))
        order = rows_ok[np.lexsort((-parts[rows_ok], big[rows_ok]))]
        keep = core.distinct_partitions(cands, self.matrix, self.win, self.cnt, order, hs)
        return order[keep], blocker

    def _add_core(self, sub: np.ndarray, rows: int) -> np.ndarray:
        """Keep `sub` (not winnable within `rows`) as a core and return it, shrunk first: to the
        union of the cores that ruled out each guess, then, when small, dropping runs of words
        whose removal leaves it still not winnable (halves first, then smaller runs)."""
        why = self._why.pop((int(_core().set_hash(sub, self.zob)), rows), None)
        if why is not None:
            sub = why  # every guess still leaves one of these cores whole (as in `sub`)
        if rows == 2 or len(sub) <= self.shrink_most:
            keep = np.ones(len(sub), np.bool_)
            run = max(1, len(sub) // 2)
            while True:
                for i in range(0, len(sub), run):
                    was = keep[i:i + run].copy()
                    keep[i:i + run] = False
                    rest = np.ascontiguousarray(sub[keep])
                    if len(rest) < 2 or self.guess(rest, rows) >= 0:
                        keep[i:i + run] = was
                if run == 1:
                    break
                run //= 2
            sub = np.ascontiguousarray(sub[keep])
        key = (int(_core().set_hash(sub, self.zob)), rows)
        if key not in self._core_keys:
            self._core_keys.add(key)
            self.cores.setdefault(rows, []).append(sub)
            self._flat.pop(rows, None)
        return sub

    def _cores_within(self, cands: np.ndarray, rows: int) -> list[np.ndarray]:
        """The cores for `rows` that lie within `cands`."""
        cores = self.cores.get(rows, [])
        if not cores:
            return []
        if rows not in self._flat:
            sizes = np.array([len(c) for c in cores], np.int64)
            self._flat[rows] = (np.concatenate(cores), np.concatenate(([0], np.cumsum(sizes))))
        flat, starts = self._flat[rows]
        inside = np.zeros(len(self.game.answers), np.bool_)
        inside[cands] = True
        within = np.logical_and.reduceat(inside[flat], starts[:-1])
        return [cores[i] for i in np.flatnonzero(within)]


# ---------------------------------------------------------------------------------------------
# The slow references the searches are tested against (small lists only: every guess, the
# game's slow rule, no pruning)


def reference_total(game: Game, depth: int, late: int = 0) -> int:
    """The least total guesses of any tree winning every answer within `depth` guesses, by
    trying every allowed guess at every node with the game's slow rule (INF if none); `late`
    is added for each answer won only with the last guess."""

    @cache
    def best(cands: frozenset[str], left: int) -> int:
        if len(cands) == 1:
            return 1 + (late if left == 1 else 0)
        if left <= 1:
            return INF
        out = INF
        for guess in game.guesses:
            groups: dict[int, set[str]] = {}
            for answer in cands:
                groups.setdefault(game.feedback(guess, answer), set()).add(answer)
            rest = [frozenset(g) for code, g in groups.items() if code != game.win_code]
            if len(rest) == 1 and len(rest[0]) == len(cands):
                continue  # tells nothing
            out = min(out, len(cands) + sum(best(g, left - 1) for g in rest))
        return min(out, INF)

    return best(frozenset(game.answers), depth)


def reference_winnable(game: Game, answers: Sequence[str], rows: int) -> bool:
    """Whether every one of `answers` can be won within `rows` rows, by trying every allowed
    guess at every node with the game's slow rule (the feasibility search's reference)."""

    @cache
    def winnable(cands: frozenset[str], left: int) -> bool:
        if len(cands) <= 1:
            return left >= 1
        if left <= 1:
            return False
        for guess in game.guesses:
            groups: dict[int, set[str]] = {}
            for answer in cands:
                groups.setdefault(game.feedback(guess, answer), set()).add(answer)
            rest = [frozenset(g) for code, g in groups.items() if code != game.win_code]
            if all(winnable(g, left - 1) for g in rest):
                return True
        return False

    return winnable(frozenset(answers), rows)


def reference_worst_case(game: Game) -> int:
    """The fewest guesses that win every answer in the worst case, every guess tried."""

    @cache
    def worst(cands: frozenset[str]) -> int:
        if len(cands) == 1:
            return 1
        out = 10**9
        for guess in game.guesses:
            groups: dict[int, set[str]] = {}
            for answer in cands:
                groups.setdefault(game.feedback(guess, answer), set()).add(answer)
            rest = [frozenset(g) for code, g in groups.items() if code != game.win_code]
            if len(rest) == 1 and len(rest[0]) == len(cands):
                continue
            out = min(out, 1 + max((worst(g) for g in rest), default=0))
        return out

    return worst(frozenset(game.answers))


# ---------------------------------------------------------------------------------------------
# Reading and playing a tree


class GameTree:
    """A decision tree: the next guess for every sequence of feedback codes it covers."""

    def __init__(self, root: Node) -> None:
        self.root = root

    @property
    def start(self) -> str:
        """The opening guess."""
        return str(self.root["guess"])

    def lookup(self, rows: Sequence[tuple[str, int]]) -> str | None:
        """The tree's guess after these (guess, code) rows, or None if the game left the tree."""
        node = self.root
        for guess, code in rows:
            if guess.lower() != node["guess"]:
                return None
            node = node.get("next", {}).get(str(int(code)))
            if node is None:
                return None
        return str(node["guess"])

    def play(self, game: Game, answer: str, limit: int = 30) -> list[str]:
        """The guesses the tree makes against `answer` (by the game's slow reference rule)."""
        node: Node | None = self.root
        guesses: list[str] = []
        while node is not None and len(guesses) < limit:
            guesses.append(node["guess"])
            code = game.feedback(node["guess"], answer)
            if code == game.win_code:
                return guesses
            node = node.get("next", {}).get(str(code))
        return guesses

    def evaluate(self, game: Game) -> dict[str, Any]:
        """Play every answer: total, max, histogram (int keys) and the unsolved ones."""
        hist: dict[int, int] = {}
        total, worst, failures = 0, 0, []
        needed = np.zeros(len(game.answers), np.int64)
        for i, answer in enumerate(game.answers):
            played = self.play(game, answer)
            if played[-1] != answer:
                failures.append(answer)
                continue
            needed[i] = len(played)
            total += len(played)
            worst = max(worst, len(played))
            hist[len(played)] = hist.get(len(played), 0) + 1
        return {"games": len(game.answers), "total": total, "max": worst,
                "histogram": dict(sorted(hist.items())), "failures": failures,
                "needed": needed}


def read_tree_file(path: Path) -> dict[str, Any]:
    """A game-tree file's header object (tree included); bad files are reported, not raised raw."""
    header = read_tree_json(path)
    if header is None or header.get("kind") != KIND or "tree" not in header:
        raise AutobotError(f"{path} is not an autobot game-tree file")
    return header


def shipped_path(game: Game) -> Path:
    """Where the shipped tree for this game lives in the package (autobot/trees/wordle-4...)."""
    return Path(str(resources.files("autobot").joinpath("trees", f"{game.label}.json.gz")))


@cache
def _shipped(path: Path) -> dict[str, Any] | None:
    return read_tree_file(path) if path.is_file() else None


def load_game_tree(game: Game) -> tuple[GameTree, dict[str, Any]] | None:
    """The shipped tree and its header for `game`, or None when none matches its lists."""
    header = _shipped(shipped_path(game))
    if header is None or header.get("game") != game.label:
        return None
    if header.get("answers_digest") != digest(game.answers):
        return None
    if header.get("guesses_digest") != digest(game.guesses):
        return None
    if header.get("rows") != (game.rows or header.get("depth")):
        return None  # built for another number of rows
    return GameTree(header["tree"]), header


__all__ = ["DEFAULT_TOP_K", "Feasibility", "GameSearch", "GameTree", "build_game_tree",
           "codes_matrix", "digest", "load_game_tree", "lower_bound", "read_tree_file",
           "read_tree_json",
           "reference_total", "reference_winnable", "reference_worst_case", "shipped_path",
           "worst_case", "write_tree"]
