"""Absurdle: the adversary's pure rule, and the forced-win search against a brute force."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from autobot.games import find_game
from autobot.games.absurdle import Search, reply, respond
from autobot.rules import marks_to_code


def test_largest_bucket_wins() -> None:
    codes = [marks_to_code("GXXXX")] * 3 + [marks_to_code("XXXXX")] * 2
    assert respond(codes, 5) == marks_to_code("GXXXX")


def test_ties_go_to_fewest_greens_then_fewest_yellows() -> None:
    tie = ["GXXXX", "YYXXX", "XXXXY"]
    codes = [marks_to_code(m) for m in tie for _ in range(2)]
    assert respond(codes, 5) == marks_to_code("XXXXY")
    codes = [marks_to_code(m) for m in ("GGXXX", "GYXXX") for _ in range(2)]
    assert respond(codes, 5) == marks_to_code("GYXXX")


def test_never_concedes_while_another_word_remains() -> None:
    game = find_game("absurdle")
    code, kept = reply(game, "cigar", ("cigar", "rebut"))
    assert kept == ("rebut",) and code != game.win_code


def test_reproduces_a_published_four_guess_win() -> None:
    # m1el/absurdle-solver results/absurdle-common-full-search.txt: EARLY,POINT,CHUMP,VIVID.
    game = find_game("absurdle")
    words = game.answers
    for guess in ("early", "point", "chump"):
        _, words = reply(game, guess, words)
    assert words == ("vivid",)


def _brute_force(game, guesses, limit: int) -> int | None:  # type: ignore[no-untyped-def]
    """Fewest narrowing guesses to one word, breadth first over every reachable set."""
    frontier = {tuple(game.answers)}
    for depth in range(limit + 1):
        if any(len(s) == 1 for s in frontier):
            return depth
        frontier = {reply(game, g, s)[1] for s in frontier for g in guesses}
    return None


def test_search_finds_the_same_minimum_as_brute_force() -> None:
    base = find_game("absurdle")
    for seed in range(3):
        rnd = np.random.default_rng(seed)
        answers = tuple(sorted(rnd.choice(base.answers, 40, replace=False)))
        guesses = tuple(sorted(rnd.choice(base.guesses, 25, replace=False))) + answers[:5]
        game = replace(base, answers=answers, guesses=guesses)
        found = Search(game, guesses).shortest(4)
        expected = _brute_force(game, guesses, 3)
        if expected is None:
            assert found is None or found[1] > 4
            continue
        assert found is not None and found[1] == expected + 1
        words = answers
        for guess in found[0][:-1]:
            _, words = reply(game, guess, words)
        assert words == (found[0][-1],)


def test_quick_list_then_full_proof_gives_the_brute_force_minimum() -> None:
    from autobot.games.absurdle import shortest_forced_win

    base = find_game("absurdle")
    rnd = np.random.default_rng(7)
    answers = tuple(sorted(rnd.choice(base.answers, 40, replace=False)))
    guesses = tuple(sorted(rnd.choice(base.guesses, 25, replace=False))) + answers
    game = replace(base, answers=answers, guesses=guesses)
    found = shortest_forced_win(game, answers[:10], max_guesses=4)
    expected = _brute_force(game, guesses, 3)
    assert found is not None and expected is not None and found[1] == expected + 1
