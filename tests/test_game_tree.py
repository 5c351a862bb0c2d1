"""Decision trees for any game (Wordle of 4..11 letters): the search against an exhaustive slow
reference on small lists, the lower bound, the tree files and the shipped trees."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from autobot.errors import AutobotError
from autobot.games import LENGTHS, find_game
from autobot.games.base import Game
from autobot.solver.game_tree import (
    INF,
    LATE,
    Feasibility,
    GameSearch,
    GameTree,
    build_game_tree,
    codes_matrix,
    load_game_tree,
    lower_bound,
    read_tree_file,
    reference_total,
    reference_winnable,
    reference_worst_case,
    shipped_path,
    worst_case,
    write_tree,
)


def small_game(length: int, answers: int, extra: int, seed: int, rows: int) -> Game:
    """A Wordle of `length` letters on a seeded sample of its lists (every answer a guess)."""
    game = find_game("wordle", length)
    rng = random.Random(seed)
    chosen = tuple(sorted(rng.sample(game.answers, answers)))
    others = [w for w in game.guesses if w not in set(chosen)]
    guesses = tuple(sorted(chosen + tuple(rng.sample(others, extra))))
    return replace(game, answers=chosen, guesses=guesses, rows=rows)


@pytest.mark.parametrize(("length", "answers", "extra", "seed", "depth"), [
    (4, 14, 10, 1, 3), (4, 16, 12, 2, 4), (4, 12, 6, 3, 2), (6, 14, 10, 4, 3),
    (7, 12, 8, 5, 3), (11, 12, 8, 6, 2),
])
def test_search_over_every_guess_finds_the_reference_optimum(
        length: int, answers: int, extra: int, seed: int, depth: int) -> None:
    game = small_game(length, answers, extra, seed, rows=depth)
    want = reference_total(game, depth)
    search = GameSearch.of(game, depth, top_k=(len(game.guesses),))
    everyone = np.arange(len(game.answers), dtype=np.int64)
    assert search.solve(everyone, depth, 0) == want
    if want < INF:
        header = build_game_tree(game, search=GameSearch.of(game, depth, (len(game.guesses),)))
        assert header["total"] == want
        assert header["max"] <= depth
        assert lower_bound(game, search, budget_s=60)["lower_bound"] <= want


@pytest.mark.parametrize(("answers", "extra", "seed"), [(18, 6, 11), (24, 4, 12), (20, 10, 13)])
def test_with_too_few_rows_the_search_loses_the_fewest_answers_then_guesses(
        answers: int, extra: int, seed: int) -> None:
    game = small_game(4, answers, extra, seed, rows=2)  # two rows: few sets split in one guess
    want = reference_total(game, 3, LATE)
    search = GameSearch.of(game, None, (len(game.guesses),))
    assert (search.depth, search.late) == (3, LATE)
    header = build_game_tree(game, search=search)
    assert header["lost"] == want // LATE
    assert header["total"] == want % LATE
    assert header["lost"] == sum(n for k, n in header["histogram"].items() if int(k) > 2)


@pytest.mark.parametrize(("length", "answers", "extra", "seed"), [
    (4, 14, 6, 21), (4, 20, 4, 22), (6, 16, 6, 23), (11, 10, 4, 24)])
def test_the_exhaustive_worst_case_is_the_reference_one(length: int, answers: int, extra: int,
                                                        seed: int) -> None:
    game = small_game(length, answers, extra, seed, rows=length + 1)
    want = reference_worst_case(game)
    assert worst_case(game, game.answers, 8) == want
    assert worst_case(game, game.answers, want - 1) == want  # above the limit: limit + 1
    assert worst_case(game, game.answers, want - 2) == want - 1


def test_a_depth_no_tree_reaches_is_a_clear_error() -> None:
    game = small_game(4, 16, 0, 7, rows=2)  # 16 words, 2 guesses: at most 1 + 15 buckets...
    search = GameSearch.of(game, 2, (len(game.guesses),))
    everyone = np.arange(len(game.answers), dtype=np.int64)
    if search.solve(everyone, 2, 0) < INF:
        pytest.skip("this sample happens to be solvable in two")
    with pytest.raises(AutobotError, match="no tree solves every answer within 2"):
        build_game_tree(game, search=search)


def test_the_matrix_holds_the_games_codes_at_every_width() -> None:
    for length in (4, 11):  # uint16 (81 codes) and uint32 (3**11 codes)
        game = small_game(length, 6, 4, 8, rows=length + 1)
        matrix = codes_matrix(game)
        assert matrix.dtype == (np.uint16 if length == 4 else np.uint32)
        for i, guess in enumerate(game.guesses):
            for j, answer in enumerate(game.answers):
                assert matrix[i, j] == game.feedback(guess, answer)


def test_the_lower_bound_never_passes_a_tree_and_refines_openers() -> None:
    game = small_game(5, 40, 30, 9, rows=6)
    search = GameSearch.of(game, None, (8, 8))
    header = build_game_tree(game, search=search)
    bound = lower_bound(game, search, budget_s=60)
    assert bound["one_level"] <= bound["lower_bound"] <= header["total"]
    assert bound["openers_refined"] >= 1
    # No time at all: the bound is the best opener's one-level bound (still a bound).
    ticks = iter(range(0, 1000, 100))
    none = lower_bound(game, search, budget_s=0.5, clock=lambda: float(next(ticks)))
    assert none["lower_bound"] == none["one_level"] <= bound["lower_bound"]


def test_a_tree_plays_lookups_and_round_trips_through_its_file(tmp_path: Path) -> None:
    game = small_game(6, 20, 10, 10, rows=7)
    header = build_game_tree(game, top_k=(3, 6))
    tree = GameTree(header["tree"])
    answer = game.answers[3]
    played = tree.play(game, answer)
    assert played[-1] == answer
    rows = [(g, game.feedback(g, answer)) for g in played[:-1]]
    assert tree.lookup(rows) == answer
    assert tree.lookup([(tree.start, game.win_code - 1), ("zzzzzz", 0)]) is None
    path = tmp_path / "t.json.gz"
    write_tree(header, path)
    assert read_tree_file(path) == header
    (tmp_path / "bad.json.gz").write_bytes(b"not gzip")
    with pytest.raises(AutobotError, match="cannot read tree file"):
        read_tree_file(tmp_path / "bad.json.gz")


@pytest.mark.parametrize("length", [n for n in LENGTHS if n != 5])
def test_each_shipped_tree_wins_every_answer_of_its_game(length: int) -> None:
    game = find_game("wordle", length)
    if not shipped_path(game).is_file():
        pytest.skip(f"no shipped tree for {game.label}")
    found = load_game_tree(game)
    assert found is not None, "the shipped tree's lists no longer match the game's"
    tree, header = found
    result = tree.evaluate(game)
    assert result["failures"] == []
    assert result["total"] == header["total"]
    assert result["max"] == header["max"]
    assert header["max"] <= header["depth"]
    if header["depth"] <= game.rows:
        assert header["max"] <= game.rows or header["lost"] > 0
    assert header["lost"] == int((result["needed"] > game.rows).sum())
    assert header["lower_bound"] <= header["total"]


def test_the_bench_walk_agrees_with_playing_each_answer() -> None:
    from autobot.bench.trees import tree_needed

    game = small_game(7, 30, 10, 14, rows=8)
    tree = GameTree(build_game_tree(game, top_k=(2, 6))["tree"])
    needed, decisions = tree_needed(game, tree.root)
    assert [len(tree.play(game, a)) for a in game.answers] == needed.tolist()
    assert decisions >= 1


@pytest.mark.parametrize("argv", [
    ["tree", "build", "--length", "6", "--hard"],
    ["tree", "build", "--length", "6", "--answers", "nyt"],
    ["tree", "build", "--length", "12"],
    ["tree", "build", "--depth", "7"],
    ["tree", "build", "--repair", "5"],
    ["tree", "build", "--length", "4", "--repair", "-1"],
])
def test_bad_length_tree_builds_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]
                                       ) -> None:
    from autobot.cli import main

    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err


@pytest.mark.slow
def test_bench_length_four_plays_its_tree_beside_the_entropy_player(tmp_path: Path) -> None:
    import json

    from autobot.cli import main

    game = find_game("wordle", 4)
    found = load_game_tree(game)
    if found is None:
        pytest.skip("no shipped wordle-4 tree")
    out = tmp_path / "bench.json"
    assert main(["bench", "--length", "4", "--json", str(out)]) == 0
    tree, entropy = (run["summary"] for run in json.loads(out.read_text())["runs"])
    assert tree["strategy"] == "tree"
    assert tree["lost"] == found[1]["lost"]
    assert tree["won"] == len(game.answers) - tree["lost"]
    assert tree["guesses"]["mean"] == pytest.approx(found[1]["mean"], abs=1e-4)
    assert entropy["lost"] > tree["lost"]  # the tree loses fewer (41 by entropy)
    # ... and no answer takes it two guesses past the rows (entropy: 7); its mean is about
    # entropy's (4.1082 against 4.1077): winning 26 more answers costs a few guesses elsewhere.
    assert tree["guesses"]["max"] < entropy["guesses"]["max"]
    assert tree["guesses"]["mean"] < entropy["guesses"]["mean"] + 0.01


@pytest.mark.parametrize(("length", "answers", "extra", "seed"), [
    (4, 14, 6, 31), (4, 24, 4, 32), (4, 30, 12, 33), (6, 18, 6, 34), (11, 10, 4, 35)])
def test_the_feasibility_search_is_the_reference_one(length: int, answers: int, extra: int,
                                                     seed: int) -> None:
    game = small_game(length, answers, extra, seed, rows=length + 1)
    feasible = Feasibility(game)
    everyone = np.arange(len(game.answers), dtype=np.int64)
    rng = random.Random(seed)
    seen = set()
    for rows in (1, 2, 3, 4):
        for size in (2, 5, len(game.answers) // 2, len(game.answers)):
            pick = np.array(sorted(rng.sample(range(len(game.answers)), size)), np.int64)
            words = [game.answers[i] for i in pick]
            want = reference_winnable(game, words, rows)
            seen.add(want)
            assert (feasible.guess(pick, rows) >= 0) == want, (rows, words)
            if want:  # the guesses it names do win them all within the rows
                tree = GameTree(feasible.tree(pick, rows))
                assert all(len(tree.play(game, w)) <= rows and tree.play(game, w)[-1] == w
                           for w in words)
    assert seen == {True, False}  # both answers were checked
    # The least rows it can win all in is the exhaustive worst case.
    least = next(r for r in range(1, 9) if feasible.guess(everyone, r) >= 0)
    assert least == worst_case(game, game.answers, 8)


def test_repair_plays_a_guess_that_wins_what_the_search_lost() -> None:
    # Four letters, the ?OO? words SALE and TROP leave together: the search's best guesses
    # lose one of them within the three rows left; a guess the feasibility search finds wins all.
    full = find_game("wordle", 4)
    words = tuple(w for w in full.answers
                  if full.feedback("sale", w) == 0 and full.feedback("trop", w) == 18)
    assert len(words) == 25
    game = replace(full, answers=words, rows=4)
    plain = build_game_tree(game, "trop", search=GameSearch.of(game, None, (1, 12)))
    assert plain["lost"] == 1
    fixed = build_game_tree(game, "trop", search=GameSearch.of(game, None, (1, 12), repair=10))
    assert (fixed["lost"], fixed["repaired"], fixed["max"]) == (0, 1, 4)
    assert fixed["total"] >= plain["total"]


def test_a_core_of_four_letter_words_needs_five_rows_so_sale_loses_one() -> None:
    game = find_game("wordle", 4)
    feasible = Feasibility(game)
    core = ["bail", "fail", "hail", "jail", "laid", "lazy", "mail", "nail", "pail", "rail",
            "tail", "vail", "wail"]  # found by the search's core shrinking
    index = {w: i for i, w in enumerate(game.answers)}
    cands = np.array(sorted(index[w] for w in core), np.int64)
    assert feasible.guess(cands, 4) < 0
    assert feasible.guess(cands, 5) >= 0
    assert len({game.feedback("sale", w) for w in core}) == 1  # SALE leaves it whole


@pytest.mark.parametrize(("answers", "extra", "seed", "rows"), [(50, 60, 41, 3), (50, 60, 40, 3),
                                                                 (30, 10, 42, 2)])
def test_the_opener_scan_agrees_with_the_search_at_the_root(answers: int, extra: int,
                                                           seed: int, rows: int) -> None:
    game = small_game(4, answers, extra, seed, rows=rows)
    everyone = np.arange(len(game.answers), dtype=np.int64)
    wins = Feasibility(game).guess(everyone, rows) >= 0
    scan = Feasibility(game).scan_openers(rows, budget_s=600)
    assert scan["complete"]
    assert (scan["winner"] is not None) == wins
    if not wins:
        assert scan["ruled_out"] == scan["openers"] == len(game.guesses)
    else:
        opener = game.guesses.index(scan["winner"])
        codes = codes_matrix(game)[opener]
        classes = {code: [w for w, c in zip(game.answers, codes, strict=True) if c == code]
                   for code in set(codes) - {game.win_code}}
        assert all(reference_winnable(game, words, rows - 1) for words in classes.values())


def test_the_opener_scan_in_parts_covers_every_opener_once() -> None:
    """Two interleaved parts (one process per core) together rule out what the whole scan
    does, each opener in exactly one part."""
    game = small_game(4, 50, 60, 40, rows=3)
    whole = Feasibility(game).scan_openers(3, budget_s=600)
    parts = [Feasibility(game).scan_openers(3, budget_s=600, part=(k, 2)) for k in range(2)]
    assert whole["complete"] and not whole["winner"]
    assert all(p["complete"] and not p["winner"] for p in parts)
    assert sum(p["openers"] for p in parts) == whole["openers"] == len(game.guesses)
    assert sum(p["ruled_out"] for p in parts) == whole["ruled_out"]


def _hard_reference_total(game: Game, depth: int) -> int:
    """The least total guesses in hard mode, by trying every legal guess at every node: a
    guess must keep every green letter in its place and use each revealed letter at least as
    often as a row showed it (green or yellow), read off the game's slow rule's code."""
    from functools import cache

    def shown(guess: str, code: int) -> tuple[dict[int, str], dict[str, int]]:
        greens, counts = {}, {}
        for i, letter in enumerate(guess):
            code, digit = divmod(code, 3)  # first letter lowest: 2 green, 1 yellow, 0 grey
            if digit == 2:
                greens[i] = letter
            if digit:
                counts[letter] = counts.get(letter, 0) + 1
        return greens, counts

    @cache
    def best(cands: frozenset[str], left: int, greens: frozenset, mins: frozenset) -> int:
        if len(cands) == 1:
            return 1
        if left <= 1:
            return INF
        out = INF
        for guess in game.guesses:
            if any(guess[i] != c for i, c in greens) or \
                    any(guess.count(c) < n for c, n in mins):
                continue
            groups: dict[int, set[str]] = {}
            for answer in cands:
                groups.setdefault(game.feedback(guess, answer), set()).add(answer)
            total = len(cands)
            for code, group in groups.items():
                if code == game.win_code:
                    continue
                if len(group) == len(cands):
                    total = INF  # tells nothing
                    break
                g, m = shown(guess, code)
                new_mins = dict(mins)
                for c, n in m.items():
                    new_mins[c] = max(new_mins.get(c, 0), n)
                total += best(frozenset(group), left - 1, greens | frozenset(g.items()),
                              frozenset(new_mins.items()))
            out = min(out, total)
        return min(out, INF)

    return best(frozenset(game.answers), depth, frozenset(), frozenset())


@pytest.mark.parametrize(("length", "answers", "extra", "seed", "depth", "dearer"), [
    (4, 16, 12, 42, 3, True), (4, 14, 10, 31, 4, False), (6, 12, 10, 33, 3, False),
    (5, 14, 10, 34, 4, False)])
def test_the_hard_mode_search_finds_the_reference_optimum(
        length: int, answers: int, extra: int, seed: int, depth: int, dearer: bool) -> None:
    """`dearer`: on this sample hard mode costs more than normal play (so the rule is felt)."""
    game = small_game(length, answers, extra, seed, rows=depth)
    want = _hard_reference_total(game, depth)
    assert want < INF
    search = GameSearch(game, depth, (len(game.guesses),), codes_matrix(game), hard=True)
    everyone = np.arange(len(game.answers), dtype=np.int64)
    assert search.solve(everyone, depth, 0) == want
    normal = GameSearch(game, depth, (len(game.guesses),), codes_matrix(game))
    assert (normal.solve(everyone, depth, 0) < want) == dearer  # it only takes guesses away
    header = build_game_tree(game, search=GameSearch(game, depth, (len(game.guesses),),
                                                     codes_matrix(game), hard=True))
    assert header["total"] == want
