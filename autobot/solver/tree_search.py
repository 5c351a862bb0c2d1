"""The numba core of the decision-tree search (imported only by `autobot tree build`).

Integers only: candidate sets are arrays of answer indices, guesses are rows of the pattern matrix.
"""

from __future__ import annotations

from typing import Any

import numba as nb
import numpy as np
from numba import types
from numba.typed import Dict

from autobot.kernels.buckets import clear_buckets, count_buckets
from autobot.wordle import ALL_GREEN, PATTERN_COUNT

INF = 1 << 40  # "no tree within the depth limit"; the same value as autobot.solver.tree.INF

# Explicit signatures: compiled once, and the on-disk cache then works for the recursion too
# (with lazy typing numba recompiled the recursive search on every run, ~7 s).
i64, vec, mat = types.int64, types.int64[::1], types.int64[:, ::1]
memo_type = types.DictType(types.int64, types.int64)


@nb.njit(i64(vec, vec), cache=True)
def set_hash(cands: np.ndarray, zob: np.ndarray) -> np.int64:
    """A Zobrist hash of a candidate set (XOR of one random word per answer)."""
    h = np.int64(0)
    for j in range(cands.shape[0]):
        h ^= zob[cands[j]]
    return h


@nb.njit(i64(vec, vec, mat, mat), cache=True)
def state_hash(greens: np.ndarray, mins: np.ndarray, zg: np.ndarray,
               zm: np.ndarray) -> np.int64:
    """A hash of the hard-mode constraints: the green letters and each revealed letter's count."""
    h = np.int64(0)
    for i in range(5):
        h ^= zg[i, greens[i] + 1]
    for c in range(26):
        if mins[c] > 0:
            h ^= zm[c, mins[c]]
    return h


@nb.njit(types.boolean(i64, mat, mat, vec, vec), cache=True)
def legal(g: int, letters: np.ndarray, counts: np.ndarray, greens: np.ndarray,
          mins: np.ndarray) -> bool:
    """May guess `g` be played in hard mode (greens in place, revealed letters reused)?"""
    for i in range(5):
        if greens[i] >= 0 and letters[g, i] != greens[i]:
            return False
    for c in range(26):
        if counts[g, c] < mins[c]:
            return False
    return True


@nb.njit(i64(vec, i64, i64, i64, types.uint8[:, ::1], mat, mat, types.boolean, vec, vec, vec,
             vec, vec, mat, mat, memo_type, vec), cache=True)
def solve(cands, depth, beta, level, matrix, letters, counts, hard, greens, mins, topk,
          zob, zd, zg, zm, memo, stats):
    """Least total guesses to finish every candidate within `depth` guesses.

    Returns the exact restricted optimum when it is below `beta`, else a lower bound >= beta.
    Memo values: cost * 2**16 + guess * 2 + exact? (guess index < 2**15).
    """
    n = cands.shape[0]
    if n == 1:
        return np.int64(1)
    if depth <= 1:
        return np.int64(INF)
    if n == 2:
        return np.int64(3)
    key = set_hash(cands, zob) ^ zd[depth]
    if hard:
        key ^= state_hash(greens, mins, zg, zm)
    known = np.int64(2 * n - 1)
    if key in memo:
        v = memo[key]
        cost = v >> 16
        if v & 1:
            return cost
        if cost >= beta:
            return cost
        known = cost
    if known >= beta:
        return known
    stats[0] += 1
    n_guesses = matrix.shape[0]
    k = topk[min(max(level - 1, 0), topk.shape[0] - 1)]
    top_key = np.full(k, np.int64(1) << 62)
    top_g = np.full(k, -1, np.int64)
    top_lb = np.zeros(k, np.int64)
    cnt = np.zeros(PATTERN_COUNT, np.int64)
    touched = np.empty(PATTERN_COUNT, np.int64)
    node_lb = np.int64(INF)
    nn1 = np.int64(n) * n + 1
    for g in range(n_guesses):
        if hard and not legal(g, letters, counts, greens, mins):
            continue
        parts = count_buckets(matrix, g, cands, 0, n, cnt, touched)
        ss = 0
        for t in range(parts):
            ss += cnt[touched[t]] * cnt[touched[t]]
        hit = 1 if cnt[ALL_GREEN] > 0 else 0
        clear_buckets(cnt, touched, parts)
        if parts == 1 and hit == 0:
            continue  # learns nothing
        if depth == 2 and parts < n:
            continue  # every class must then be a single word
        lb = 3 * n - hit - parts
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
        if hit == 1 and parts == n:
            break  # a candidate that splits everything: 2n - 1, nothing beats it
    if node_lb > known:
        known = node_lb
    if known >= beta:
        memo[key] = known << 16
        return known
    best = beta
    best_g = -1
    fail_min = np.int64(INF)
    order = np.empty(n, np.int64)
    starts = np.zeros(PATTERN_COUNT + 1, np.int64)
    sizes = np.zeros(PATTERN_COUNT, np.int64)
    cg = np.empty(5, np.int64)
    cm = np.empty(26, np.int64)
    for t in range(k):
        g = top_g[t]
        if g < 0:
            break
        if top_lb[t] >= best:
            if top_lb[t] < fail_min:
                fail_min = top_lb[t]
            break
        row = matrix[g]
        sizes[:] = 0
        for j in range(n):
            sizes[row[cands[j]]] += 1
        starts[0] = 0
        for p in range(PATTERN_COUNT):
            starts[p + 1] = starts[p] + sizes[p]
        fill = starts[:PATTERN_COUNT].copy()
        for j in range(n):
            p = row[cands[j]]
            order[fill[p]] = cands[j]
            fill[p] += 1
        pats = np.argsort(-sizes)
        total = np.int64(n)
        rest = np.int64(0)
        for p in range(PATTERN_COUNT):
            if p != ALL_GREEN and sizes[p] > 0:
                rest += 2 * sizes[p] - 1
        ok = True
        for q in range(PATTERN_COUNT):
            p = pats[q]
            s = sizes[p]
            if s == 0:
                break
            if p == ALL_GREEN:
                continue
            rest -= 2 * s - 1
            sub = order[starts[p]:starts[p] + s]
            if hard:
                code = p
                cg[:] = greens
                cm[:] = 0
                for i in range(5):
                    digit = code % 3
                    code //= 3
                    if digit == 2:
                        cg[i] = letters[g, i]
                    if digit > 0:
                        cm[letters[g, i]] += 1
                for c in range(26):
                    if mins[c] > cm[c]:
                        cm[c] = mins[c]
                v = solve(sub, depth - 1, best - total - rest, level + 1, matrix, letters,
                          counts, hard, cg.copy(), cm.copy(), topk, zob, zd, zg, zm, memo,
                          stats)
            else:
                v = solve(sub, depth - 1, best - total - rest, level + 1, matrix, letters,
                          counts, hard, greens, mins, topk, zob, zd, zg, zm, memo, stats)
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
        memo[key] = (best << 16) | (best_g << 1) | 1
        return best
    if fail_min < beta:
        fail_min = beta  # a guess skipped because it could not beat `best` (= beta)
    memo[key] = fail_min << 16
    return fail_min


def new_memo() -> Any:
    """An empty memo: key (candidate set, depth, hard-mode state) hash -> packed result."""
    return Dict.empty(key_type=types.int64, value_type=types.int64)


