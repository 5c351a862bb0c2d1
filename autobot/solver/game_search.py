"""The numba core of the decision-tree search for every game (imported only when a tree is built).

A depth-limited branch and bound driven by a game's codes: the guesses x answers codes matrix
(uint16 up to ten letters, uint32 for eleven's 3**11) and the code of a won row. Buckets are
counted in one shared counter per code (left zero after each use) and a guess's classes are
found by sorting its codes, so nothing per node is as big as 3**N. Wordle's hard mode (greens
kept in place, revealed letters reused) is a filter on the guesses and a state in the memo key.
Integers only: candidate sets are arrays of answer indices, guesses are rows of the matrix.
"""

from __future__ import annotations

from typing import Any

import numba as nb
import numpy as np
from numba import types
from numba.typed import Dict

INF = 1 << 40  # "no tree within the depth limit"; the same value as autobot.solver.tree.INF
# Memo values: cost << COST_SHIFT | guess << 1 | exact?  (guess index < 2**19 = 524,288).
COST_SHIFT = 20

i64, vec, mat = types.int64, types.int64[::1], types.int64[:, ::1]
memo_type = types.DictType(types.int64, types.int64)
# Codes are stored as they are when 3**N fits 16 bits (up to ten letters), else 32 bits.
MATRICES = (types.uint16[:, ::1], types.uint32[:, ::1])
ROWS = (types.uint16[::1], types.uint32[::1])


@nb.njit(i64(vec, vec), cache=True)
def set_hash(cands: np.ndarray, zob: np.ndarray) -> np.int64:
    """A Zobrist hash of a candidate set (XOR of one random word per answer)."""
    h = np.int64(0)
    for j in range(cands.shape[0]):
        h ^= zob[cands[j]]
    return h


@nb.njit(i64(vec, i64, vec), cache=True)
def memo_key(cands: np.ndarray, depth: int, zob: np.ndarray) -> np.int64:
    """The memo key of (candidate set, depth): wrapping int64 arithmetic, as numba does it."""
    return set_hash(cands, zob) * np.int64(31) + depth


@nb.njit(i64(vec, vec, mat, mat), cache=True)
def state_hash(greens: np.ndarray, mins: np.ndarray, zg: np.ndarray,
               zm: np.ndarray) -> np.int64:
    """A hash of the hard-mode constraints: the green letters and each revealed letter's count."""
    h = np.int64(0)
    for i in range(greens.shape[0]):
        h ^= zg[i, greens[i] + 1]
    for c in range(26):
        if mins[c] > 0:
            h ^= zm[c, mins[c]]
    return h


@nb.njit(types.boolean(i64, mat, mat, vec, vec), cache=True)
def legal(g: int, letters: np.ndarray, counts: np.ndarray, greens: np.ndarray,
          mins: np.ndarray) -> bool:
    """May guess `g` be played in hard mode (greens in place, revealed letters reused)?"""
    for i in range(greens.shape[0]):
        if greens[i] >= 0 and letters[g, i] != greens[i]:
            return False
    for c in range(26):
        if counts[g, c] < mins[c]:
            return False
    return True


@nb.njit(types.void(i64, i64, mat, vec, vec, vec, vec), cache=True)
def hard_state_after(g: int, code: int, letters: np.ndarray, greens: np.ndarray,
                     mins: np.ndarray, out_greens: np.ndarray, out_mins: np.ndarray) -> None:
    """The hard-mode constraints after guess `g` is answered `code` (base 3, first letter
    lowest: 2 green, 1 yellow): its greens kept, each letter's count at least as shown."""
    out_greens[:] = greens
    out_mins[:] = 0
    for i in range(letters.shape[1]):
        digit = code % 3
        code //= 3
        if digit == 2:
            out_greens[i] = letters[g, i]
        if digit > 0:
            out_mins[letters[g, i]] += 1
    for c in range(26):
        if mins[c] > out_mins[c]:
            out_mins[c] = mins[c]


@nb.njit([types.UniTuple(i64, 3)(row, vec, vec, i64) for row in ROWS], cache=True)
def split_counts(row: np.ndarray, cands: np.ndarray, cnt: np.ndarray, win: int
                 ) -> tuple[int, int, int]:
    """(buckets, sum of squared bucket sizes, 1 if a candidate wins) of one guess's codes `row`
    over `cands`; `cnt` (zeros, one per code) is left zero."""
    parts = 0
    ss = 0
    for j in range(cands.shape[0]):
        p = row[cands[j]]
        c = cnt[p]
        if c == 0:
            parts += 1
        ss += 2 * c + 1
        cnt[p] = c + 1
    hit = 1 if cnt[win] > 0 else 0
    for j in range(cands.shape[0]):
        cnt[row[cands[j]]] = 0
    return parts, ss, hit


@nb.njit([types.Tuple((vec, vec, vec))(row, vec, i64) for row in ROWS], cache=True)
def classes(row, cands, win):
    """The candidates grouped by their code under one guess: (members in group order, group
    starts (one past the end last), group sizes), biggest group first, the won one left out."""
    n = cands.shape[0]
    codes = np.empty(n, np.int64)
    for j in range(n):
        codes[j] = row[cands[j]]
    idx = np.argsort(codes, kind="mergesort")
    bounds = np.empty(n + 1, np.int64)
    m = 0
    for j in range(n):
        if j == 0 or codes[idx[j]] != codes[idx[j - 1]]:
            bounds[m] = j
            m += 1
    bounds[m] = n
    sizes = np.empty(m, np.int64)
    keep = 0
    for u in range(m):
        if codes[idx[bounds[u]]] != win:
            sizes[keep] = bounds[u + 1] - bounds[u]
            bounds[keep] = bounds[u]
            keep += 1
    ranks = np.argsort(-sizes[:keep], kind="mergesort")
    members = np.empty(n, np.int64)
    starts = np.empty(keep + 1, np.int64)
    out_sizes = np.empty(keep, np.int64)
    pos = 0
    for q in range(keep):
        u = ranks[q]
        starts[q] = pos
        out_sizes[q] = sizes[u]
        for j in range(bounds[u], bounds[u] + sizes[u]):
            members[pos] = cands[idx[j]]
            pos += 1
    starts[keep] = pos
    return members, starts, out_sizes


@nb.njit([i64(vec, m, i64, vec, vec) for m in MATRICES], cache=True)
def telling_answer(cands, matrix, win, cnt, answer_row):
    """The guess row of a candidate that puts every other candidate in a class of its own (so
    the node costs 2n - 1, the least possible), -1 if none. `cnt` is left zero."""
    n = cands.shape[0]
    for j in range(n):
        g = answer_row[cands[j]]
        parts, _, _ = split_counts(matrix[g], cands, cnt, win)
        if parts == n:
            return g
    return np.int64(-1)


@nb.njit([types.Tuple((vec, vec, i64))(vec, i64, m, i64, vec, i64, types.boolean, mat, mat,
                                       vec, vec) for m in MATRICES], cache=True)
def best_guesses(cands, depth, matrix, win, cnt, k, hard, letters, counts, greens, mins):
    """The `k` guess rows worth searching at a node, best first (least partition lower bound
    3n - hit - buckets, then least sum of squared class sizes), their bounds (-1 rows pad a
    short list), and the least bound of any guess (the node's own lower bound). Guesses that
    learn nothing, break hard mode, or (with two guesses left) leave a class of two are
    skipped. `cnt` is left zero."""
    n = cands.shape[0]
    top_key = np.full(k, np.int64(1) << 62)
    top_g = np.full(k, -1, np.int64)
    top_lb = np.zeros(k, np.int64)
    node_lb = np.int64(INF)
    nn1 = np.int64(n) * n + 1
    for g in range(matrix.shape[0]):
        if hard and not legal(g, letters, counts, greens, mins):
            continue
        parts, ss, h = split_counts(matrix[g], cands, cnt, win)
        if parts == 1 and h == 0:
            continue  # learns nothing
        if depth == 2 and parts < n:
            continue  # every class must then be a single word
        lb = 3 * n - h - parts
        if lb < node_lb:
            node_lb = lb
        kk = lb * nn1 + ss
        if kk < top_key[k - 1]:
            i = k - 1
            while i > 0 and top_key[i - 1] > kk:
                top_key[i] = top_key[i - 1]
                top_g[i] = top_g[i - 1]
                top_lb[i] = top_lb[i - 1]
                i -= 1
            top_key[i] = kk
            top_g[i] = g
            top_lb[i] = lb
    return top_g, top_lb, node_lb


# Explicit signatures (one per code width): compiled once and cached on disk, recursion included.
@nb.njit([i64(vec, i64, i64, i64, m, i64, vec, vec, memo_type, vec, vec, vec, i64,
              types.boolean, mat, mat, vec, vec, mat, mat) for m in MATRICES], cache=True)
def solve(cands, depth, beta, level, matrix, win, topk, zob, memo, stats, answer_row, cnt, late,
          hard, letters, counts, greens, mins, zg, zm):
    """Least total guesses to finish every candidate within `depth` guesses.

    Returns the exact restricted optimum (over the top-k guesses per node, ranked by the
    partition lower bound 3n - hit - buckets) when it is below `beta`, else a lower bound
    >= beta. `answer_row[a]` is answer a's guess row; `cnt` is a zeroed counter per code
    (shared down the recursion: every use leaves it zero). `late` is added for every answer
    won with the last allowed guess (0: a plain depth limit; large: the search allows one guess
    beyond the game's rows, losing as few answers as it can, then fewest guesses). With `hard`,
    only guesses that keep `greens` (letter per place, -1 none) and `mins` (least count per
    letter) are played (`letters`, `counts`: each guess's letters and letter counts; `zg`,
    `zm`: the hash words of that state). Every candidate is then still a legal guess.
    """
    n = cands.shape[0]
    if n == 1:
        return np.int64(1 + late) if depth == 1 else np.int64(1)
    if depth <= 1:
        return np.int64(INF)
    if n == 2:
        return np.int64(3 + late) if depth == 2 else np.int64(3)
    key = memo_key(cands, depth, zob)
    if hard:
        key ^= state_hash(greens, mins, zg, zm)
    known = np.int64(2 * n - 1)
    if key in memo:
        v = memo[key]
        cost = v >> COST_SHIFT
        if v & 1:
            return cost
        if cost >= beta:
            return cost
        known = cost
    if known >= beta:
        return known
    stats[0] += 1
    # A candidate that tells every other one apart is the best possible (2n - 1).
    g = telling_answer(cands, matrix, win, cnt, answer_row)
    if g >= 0:
        # (one answer now, every other one next: on the last guess when depth is 2)
        cost = 2 * n - 1 + (n - 1) * late if depth == 2 else 2 * n - 1
        memo[key] = (cost << COST_SHIFT) | (g << 1) | 1
        return np.int64(cost)
    k = topk[min(level, topk.shape[0] - 1)]
    top_g, top_lb, node_lb = best_guesses(cands, depth, matrix, win, cnt, k, hard, letters,
                                          counts, greens, mins)
    if node_lb > known:
        known = node_lb
    if known >= beta:
        memo[key] = known << COST_SHIFT
        return known
    best = beta
    best_g = -1
    fail_min = np.int64(INF)
    child_greens = np.empty_like(greens)
    child_mins = np.empty_like(mins)
    for t in range(k):
        g = top_g[t]
        if g < 0:
            break
        if top_lb[t] >= best:
            if top_lb[t] < fail_min:
                fail_min = top_lb[t]
            break
        members, starts, sizes = classes(matrix[g], cands, win)
        total = np.int64(n)
        rest = np.int64(0)
        for q in range(sizes.shape[0]):
            rest += 2 * sizes[q] - 1
        ok = True
        for q in range(sizes.shape[0]):
            s = sizes[q]
            rest -= 2 * s - 1
            sub = members[starts[q]:starts[q] + s]
            if hard:
                hard_state_after(g, np.int64(matrix[g, sub[0]]),  # type: ignore[arg-type]
                                 letters, greens, mins,
                                 child_greens, child_mins)
                v = solve(sub, depth - 1, best - total - rest, level + 1, matrix, win, topk,
                          zob, memo, stats, answer_row, cnt, late, hard, letters, counts,
                          child_greens.copy(), child_mins.copy(), zg, zm)
            else:
                v = solve(sub, depth - 1, best - total - rest, level + 1, matrix, win, topk,
                          zob, memo, stats, answer_row, cnt, late, hard, letters, counts,
                          greens, mins, zg, zm)
            total += v
            if total + rest >= best:
                ok = False
                if total + rest < fail_min:
                    fail_min = total + rest
                break
        if ok and total < best:
            best = total
            best_g = g
    if best_g >= 0:
        memo[key] = (best << COST_SHIFT) | (best_g << 1) | 1
        return best
    if fail_min < beta:
        fail_min = beta  # a guess skipped because it could not beat `best` (= beta)
    memo[key] = fail_min << COST_SHIFT
    return fail_min


@nb.njit([types.Tuple((vec, vec, vec))(vec, m, i64, vec) for m in MATRICES], cache=True)
def node_bounds(cands, matrix, win, cnt):
    """Per guess over `cands` (at least two): buckets, 1 if a candidate wins, and the
    one-level lower bound on the total guesses after it, n + sum over buckets of 2s - 1."""
    n = cands.shape[0]
    g_count = matrix.shape[0]
    parts_out = np.empty(g_count, np.int64)
    hits = np.empty(g_count, np.int64)
    lbs = np.empty(g_count, np.int64)
    for g in range(g_count):
        parts, _, h = split_counts(matrix[g], cands, cnt, win)
        parts_out[g] = parts
        hits[g] = h
        lbs[g] = 3 * n - h - parts
    return parts_out, hits, lbs


def new_memo() -> Any:
    """An empty memo: key (candidate set, depth) hash -> packed result."""
    return Dict.empty(key_type=types.int64, value_type=types.int64)


@nb.njit([types.void(row, vec, i64, vec, vec) for row in ROWS], cache=True)
def partition_labels(row, cands, win, cnt, label):
    """Each candidate's class under one guess, numbered by first appearance (the won one 0)."""
    m = 0
    for j in range(cands.shape[0]):
        p = row[cands[j]]
        if cnt[p] == 0:
            m += 1
            cnt[p] = -1 if p == win else m
        label[j] = 0 if cnt[p] < 0 else cnt[p]
    for j in range(cands.shape[0]):
        cnt[row[cands[j]]] = 0


@nb.njit([i64(row, vec, i64, vec, vec) for row in ROWS], cache=True)
def partition_hash(row, cands, win, cnt, label):
    """A hash of one guess's partition of `cands` (FNV-1a over `partition_labels`)."""
    partition_labels(row, cands, win, cnt, label)
    h = np.int64(1469598103934665603)
    for j in range(cands.shape[0]):
        h = (h ^ (label[j] + 1)) * np.int64(1099511628211)
    return h


@nb.njit([types.boolean[::1](vec, m, i64, vec, vec, vec) for m in MATRICES], cache=True)
def distinct_partitions(cands, matrix, win, cnt, order, hs):
    """Which entries of `order` (guess rows) to try: one guess per partition of `cands` (with
    the same won one), the first in `order` of each, given each guess's `partition_hash` `hs`
    (indexed by guess row). Guesses with equal hashes are compared label by label (a hash
    collision is checked rather than trusted)."""
    count = order.shape[0]
    n = cands.shape[0]
    label = np.zeros(n, np.int64)
    other = np.zeros(n, np.int64)
    hs_o = np.empty(count, np.int64)
    for i in range(count):
        hs_o[i] = hs[order[i]]
    by_hash = np.argsort(hs_o, kind="mergesort")
    keep = np.zeros(count, np.bool_)
    head = 0
    for i in range(count):
        t = by_hash[i]
        if i == 0 or hs_o[t] != hs_o[by_hash[i - 1]]:
            keep[t] = True
            head = t
        else:
            partition_labels(matrix[order[head]], cands, win, cnt, label)
            partition_labels(matrix[order[t]], cands, win, cnt, other)
            if not np.array_equal(label, other):
                keep[t] = True
    return keep


@nb.njit([i64(vec, i64, m, i64, vec, memo_type, vec, vec) for m in MATRICES], cache=True)
def worst_case(cands, limit, matrix, win, zob, memo, stats, cnt):
    """The fewest guesses that win every candidate (the worst case over the answers) when it
    is at most `limit`, else limit + 1: exhaustive over every guess, so a result above the
    limit proves that no strategy wins them all within `limit` guesses.

    Guesses that split the candidates into the same classes (with the same won one) are
    equivalent and tried once. Memo values: result << 1 | exact?.
    """
    n = cands.shape[0]
    if n == 1:
        return np.int64(1)
    if limit <= 1:
        return limit + 1
    if n == 2:
        return np.int64(2)
    key = memo_key(cands, 0, zob)
    v = memo.get(key, np.int64(-1))
    if v >= 0:
        if v & 1:
            return min(v >> 1, limit + 1)
        if (v >> 1) > limit:
            return limit + 1
    stats[2] += 1
    g_count = matrix.shape[0]
    big = np.empty(g_count, np.int64)
    hs = np.empty(g_count, np.int64)
    label = np.zeros(n, np.int64)
    for g in range(g_count):
        row = matrix[g]
        top = 0
        for j in range(n):
            c = cnt[row[cands[j]]] + 1
            cnt[row[cands[j]]] = c
            if c > top:
                top = c
        for j in range(n):
            cnt[row[cands[j]]] = 0
        big[g] = top
        hs[g] = partition_hash(row, cands, win, cnt, label)
    order = np.argsort(big, kind="mergesort")
    keep = distinct_partitions(cands, matrix, win, cnt, order, hs)
    best = limit + 1
    for t in range(g_count):
        g = order[t]
        if big[g] == n:
            break  # tells nothing (and every later one too: sorted)
        if not keep[t]:
            continue
        row = matrix[g]
        members, starts, sizes = classes(row, cands, win)
        worst = np.int64(1)
        for q in range(sizes.shape[0]):
            sub = members[starts[q]:starts[q + 1]]
            d = worst_case(sub, best - 2, matrix, win, zob, memo, stats, cnt)
            if 1 + d > worst:
                worst = 1 + d
            if worst >= best:
                break
        if worst < best:
            best = worst
            if best == 2:
                break  # nothing beats one guess that tells every candidate apart
    memo[key] = (best << 1) | (1 if best <= limit else 0)
    return best


# ---------------------------------------------------------------------------------------------
# Kernels of the feasibility search (`autobot.solver.game_tree.Feasibility`): can every
# candidate be won within r rows, over every allowed guess?


@nb.njit([i64(vec, m, i64, vec, vec) for m in MATRICES], cache=True)
def separating_guess(cands, matrix, win, cnt, first):
    """A guess row that puts every candidate in a class of its own (so each is won on the next
    row at the latest), trying the rows in `first` before all rows in order; -1 if none.
    `cnt` (zeros, one per code) is left zero."""
    n = cands.shape[0]
    g_count = matrix.shape[0]
    for t in range(first.shape[0] + g_count):
        g = first[t] if t < first.shape[0] else t - first.shape[0]
        row = matrix[g]
        ok = True
        j = 0
        while j < n:
            p = row[cands[j]]
            if cnt[p] != 0:
                ok = False
                break
            cnt[p] = 1
            j += 1
        for i in range(j):
            cnt[row[cands[i]]] = 0
        if ok:
            return g
    return -1


@nb.njit([types.Tuple((vec, vec, vec, vec, vec))(vec, m, i64, vec, vec, vec)
          for m in MATRICES], cache=True)
def screen(cands, matrix, win, cnt, core_flat, core_starts):
    """Per guess over `cands`: its biggest class, its classes, 1 if a candidate wins, the first
    core it leaves whole in one class (cores are sets of answers within `cands`,
    `core_flat[core_starts[c]:core_starts[c+1]]`; -1 if none), and its `partition_hash`
    (computed only for guesses that leave no core whole)."""
    n = cands.shape[0]
    g_count = matrix.shape[0]
    big = np.empty(g_count, np.int64)
    parts_out = np.empty(g_count, np.int64)
    hits = np.empty(g_count, np.int64)
    blocked = np.full(g_count, -1, np.int64)
    hs = np.empty(g_count, np.int64)
    label = np.zeros(n, np.int64)
    n_cores = core_starts.shape[0] - 1
    for g in range(g_count):
        row = matrix[g]
        top = 0
        parts = 0
        for j in range(n):
            c = cnt[row[cands[j]]] + 1
            cnt[row[cands[j]]] = c
            if c == 1:
                parts += 1
            if c > top:
                top = c
        hits[g] = 1 if cnt[win] > 0 else 0
        for j in range(n):
            cnt[row[cands[j]]] = 0
        big[g] = top
        parts_out[g] = parts
        for c in range(n_cores):
            p = row[core_flat[core_starts[c]]]
            whole = True
            for j in range(core_starts[c] + 1, core_starts[c + 1]):
                if row[core_flat[j]] != p:
                    whole = False
                    break
            if whole:
                blocked[g] = c
                break
        hs[g] = partition_hash(row, cands, win, cnt, label) if blocked[g] < 0 else 0
    return big, parts_out, hits, blocked, hs
