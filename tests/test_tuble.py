"""Tuble's pure parts: the shipped network, the rules (fast vs slow), the players, the CLI."""

from __future__ import annotations

import io
import itertools
import random

import numpy as np
import pytest

from autobot.errors import AutobotError
from autobot.games import find_game
from autobot.games.tuble import ROWS, find_station, parse_answer
from autobot.games.tuble.network import (
    bfs_stops,
    floyd_warshall_stops,
    load_network,
    parse_zone,
    zone_gap,
    zone_gaps,
)
from autobot.games.tuble.rules import WIN, code_table, codes_for, describe, encode, feedback
from autobot.games.tuble.session import session
from autobot.games.tuble.solver import OptimalPlayer, SeedPlayer, consistent, play


def test_network_is_the_core_tube() -> None:
    net = load_network()
    assert len(net.names) == 266 and len(net.links) == 307
    for gone in ("Mudchute", "Heron Quays", "Shoreditch", "Wapping", "Shadwell", "New Cross"):
        assert gone not in net.names  # DLR or East London Line only
    for kept in ("Canada Water", "Whitechapel", "Bank", "Amersham", "Edgware Road (B)"):
        assert kept in net.names
    assert list(net.names) == sorted(net.names)
    assert len(set(net.links)) == len(net.links) and all(a < b for a, b in net.links)


def test_every_station_reaches_every_other() -> None:
    stops = bfs_stops(load_network())
    assert (stops >= 0).all() and stops.max() == 38
    assert (stops == stops.T).all() and (np.diag(stops) == 0).all()


def test_bfs_matches_floyd_warshall() -> None:
    net = load_network()
    reference = np.array(floyd_warshall_stops(net))
    assert np.array_equal(reference, bfs_stops(net))


def test_zone_gap_counts_a_boundary_station_in_both_zones() -> None:
    assert parse_zone("2") == (2, 2) and parse_zone("2.5") == (2, 3)
    z = parse_zone
    assert zone_gap(z("1.5"), z("2")) == 0
    assert zone_gap(z("1.5"), z("2.5")) == 0
    assert zone_gap(z("1.5"), z("3")) == 1
    assert zone_gap(z("3"), z("1.5")) == 1
    assert zone_gap(z("1"), z("10")) == 9
    net = load_network()
    gaps = zone_gaps(net)
    for i, j in itertools.product(range(0, 266, 7), range(0, 266, 5)):
        assert gaps[i, j] == zone_gap(net.zones[i], net.zones[j])


def test_fast_codes_match_the_slow_rule() -> None:
    net = load_network()
    table = codes_for(net)
    rng = random.Random(25)
    for guess, answer in [(rng.randrange(266), rng.randrange(266)) for _ in range(300)]:
        assert table[guess, answer] == feedback(net, guess, answer)
    assert (np.diag(table) == WIN).all() and (table[~np.eye(266, dtype=bool)] != WIN).all()


def test_known_answers() -> None:
    game = find_game("tuble")
    assert game.label == "tuble" and len(game.answers) == 266 and game.rows == ROWS
    assert game.describe(game.feedback("Bank", "Oval")) == "yellow, 3 stops"  # zone 1 -> 2
    assert game.feedback("Oval", "Oval") == game.win_code
    assert describe(game.feedback("Bank", "Amersham")).startswith("red")
    assert game.block(["Bank", "Oval"], ["Oval"]).tolist() == [[encode(1, 3)], [WIN]]


def test_station_names_fold_and_bad_names_are_clear() -> None:
    names = load_network().names
    assert names[find_station("earls court")] == "Earl's Court"
    assert names[find_station("KINGS CROSS ST PANCRAS")] == "King's Cross St. Pancras"
    with pytest.raises(AutobotError, match="not a station"):
        find_station("Hogsmeade")


@pytest.mark.parametrize(("text", "code"), [
    ("win", WIN), ("orange 7", encode(2, 7)), ("o7", encode(2, 7)), ("2 7", encode(2, 7)),
    ("red, 12 stops", encode(3, 12)), ("Yellow 1 stop", encode(1, 1)), ("g 4", encode(0, 4)),
])
def test_parse_answer(text: str, code: int) -> None:
    assert parse_answer(text) == code
    assert parse_answer(describe(code)) == code  # the loop's rows round-trip


@pytest.mark.parametrize("text", ["purple 3", "orange", "orange x", "red 99"])
def test_parse_answer_refuses(text: str) -> None:
    with pytest.raises(ValueError):
        parse_answer(text)


def _brute(table: np.ndarray, key: tuple[int, ...], memo: dict) -> int:
    """The reference: every guess tried for every subset, no bounds (small subsets only)."""
    if len(key) == 1:
        return 1
    if key in memo:
        return memo[key]
    best = None
    s = np.array(key)
    for g in range(len(table)):
        codes = table[g, s]
        if len(set(codes.tolist())) == 1 and codes[0] != WIN:
            continue  # learns nothing: never part of a best tree
        total = len(key) + sum(
            _brute(table, tuple(s[codes == c].tolist()), memo)
            for c in set(codes.tolist()) if c != WIN)
        best = total if best is None else min(best, total)
    memo[key] = best
    return best


def test_optimal_tree_matches_exhaustive_search_on_small_sets() -> None:
    table = code_table()
    player = OptimalPlayer()
    rng = random.Random(7)
    net = load_network()
    # Hard small sets: the stations left after a first guess (they share zones and stops).
    groups = [consistent(np.arange(266), g, int(table[g, a]), table)
              for g, a in ((net.names.index("Woodford"), a) for a in range(0, 266, 9))]
    groups = [g for g in groups if 3 <= len(g) <= 7][:8]
    groups += [np.array(sorted(rng.sample(range(266), 5))) for _ in range(3)]
    assert len(groups) >= 6
    memo: dict = {}
    for group in groups:
        assert player.cost(group) == _brute(table, tuple(group.tolist()), memo)


def test_seed_player_fast_choice_matches_the_slow_one() -> None:
    seed, table = SeedPlayer(), code_table()
    rng = random.Random(3)
    sets = [np.arange(266)] + [consistent(np.arange(266), g, int(table[g, a]), table)
                               for g, a in ((rng.randrange(266), rng.randrange(266))
                                            for _ in range(40))]
    for candidates in sets:
        assert seed.decide(candidates) == seed.decide_slow(candidates)


def test_bot_wins_every_station_and_beats_the_seed_player() -> None:
    bot, seed = OptimalPlayer(), SeedPlayer()
    totals = []
    for player in (bot, seed):
        needed = []
        for answer in range(266):
            guesses, _ = play(player, answer)
            assert guesses[-1] == answer and len(guesses) <= ROWS
            needed.append(len(guesses))
        totals.append(sum(needed))
    assert totals[0] == bot.cost(np.arange(266)) < totals[1]


def test_solve_session_against_an_answer_and_from_typed_rows() -> None:
    table, names = code_table(), load_network().names
    answer = find_station("Vauxhall")
    out = io.StringIO()
    assert session(lambda g: int(table[names.index(g), answer]), out) == 0
    assert "Guess" in out.getvalue() and "Solved in" in out.getvalue()
    lost = io.StringIO()
    assert session(lambda g: None, lost) == 1


def test_cli_solve_and_bench(tmp_path, capsys) -> None:
    from autobot.cli import main

    assert main(["solve", "--game", "tuble", "--answer", "earls court"]) == 0
    assert "Solved in" in capsys.readouterr().out
    assert main(["solve", "--game", "tuble", "--answer", "Hogsmeade"]) == 2
    out = tmp_path / "tuble.json"
    assert main(["bench", "--game", "tuble", "--json", str(out)]) == 0
    import json

    bot, seed = (run["summary"] for run in json.loads(out.read_text())["runs"])
    assert bot["extra"]["beats_seed"] and bot["lost"] == 0 and bot["won"] == 266
    assert bot["guesses"]["mean"] < seed["guesses"]["mean"]


def test_fetch_derives_the_core_tube_from_a_tarball(tmp_path) -> None:
    """The re-deriving script on a small tarball of the same shape (CRLF lines file included)."""
    import tarfile

    from autobot.games.tuble.fetch import derive

    files = {
        "london.stations.csv": '"id","latitude","longitude","name","display_name","zone",'
        '"total_lines","rail"\n1,0,0,"Bank",NULL,1,2,0\n2,0,0,"Oval",NULL,2,1,0\n'
        '3,0,0,"Mudchute",NULL,2,1,0\n4,0,0,"Shoreditch",NULL,1.5,1,0\n',
        "london.connections.csv": '"station1","station2","line","time"\n1,2,9,3\n2,1,4,3\n'
        "1,3,13,5\n4,1,5,2\n",
        "london.lines.csv": '"line","name","colour","stripe"\r\n4,"District Line","00A166",NULL'
        '\r\n5,"East London Line","FBAE34",NULL\r\n9,"Northern Line","000000",NULL\r\n'
        '13,"Docklands Light Railway","00A77E","FFFFFF"\r\n',
    }
    tarball = tmp_path / "t.tgz"
    with tarfile.open(tarball, "w:gz") as tar:
        for name, text in files.items():
            path = tmp_path / name
            path.write_bytes(text.encode())
            tar.add(path, arcname=f"package/datasets/{name}")
    stations, links = derive(tarball, {"stations": 4, "connections": 4, "lines": 4})
    assert stations == "name\tzone\nBank\t1\nOval\t2\n"  # DLR / ELL-only stations gone
    assert links == "a\tb\tlines\nBank\tOval\tDistrict,Northern\n"  # one link, both lines
    with pytest.raises(SystemExit, match="expected 302 stations"):
        derive(tarball)
