"""Tuble's benchmark: every station as the answer, the bot's tree beside the seed post's player."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

import numpy as np

from autobot.bench.model import BenchRecord, BenchRun, summarise
from autobot.drivers.browser import BrowserConfig, load_page, open_browser
from autobot.drivers.driver import SeleniumDriver
from autobot.drivers.window import display_for, screen_for
from autobot.games.tuble import ROWS
from autobot.games.tuble.network import load_network
from autobot.games.tuble.play import play_tuble, tuble_url
from autobot.games.tuble.solver import OptimalPlayer, SeedPlayer, play
from autobot.page.server import serve_page


def figures(player: SeedPlayer | OptimalPlayer, extra: dict[str, Any] | None = None
            ) -> BenchRun:
    """Play every station: one record per answer (won within ROWS guesses), decision times."""
    names = load_network().names
    records = []
    start = time.perf_counter()
    for answer in range(len(names)):
        guesses, took = play(player, answer, timer=time.perf_counter)
        solved = guesses[-1] == answer
        records.append(BenchRecord(
            answer=names[answer], guesses=tuple(names[g] for g in guesses), solved=solved,
            won=solved and len(guesses) <= ROWS, decision_ms=tuple(t * 1000 for t in took)))
    summary = summarise(records, game="tuble", strategy=player.name, rows=ROWS,
                        wall_s=time.perf_counter() - start, extra=extra)
    return BenchRun(summary, tuple(records))


def bench_tuble() -> list[BenchRun]:
    """Both players over all 266 stations in one run, the bot's first; the tree's build time
    reported apart (and whether the bot beats the seed post's player)."""
    bot = OptimalPlayer()
    build_start = time.perf_counter()
    _, opener = bot.solve(np.arange(len(bot.table)))
    build_s = time.perf_counter() - build_start
    seed = figures(SeedPlayer())
    ours = figures(bot, {"opener": load_network().names[opener],
                         "tree_build_s": round(build_s, 3), "tree_subsets": len(bot._memo)})
    beats = ours.summary.total < seed.summary.total and ours.summary.lost == 0
    ours = BenchRun(replace(ours.summary, extra={**ours.summary.extra, "beats_seed": beats}),
                    ours.records)
    return [ours, seed]


__all__ = ["bench_tuble", "figures"]


def bench_browser(games: int, seed: int = 0, scale: float = 1.0, headed: bool = False
                  ) -> BenchRun:
    """`games` seeded stations played on the bundled page in one browser, from the pixels:
    won, guesses, and the time from a frame to the next key (median, p95)."""
    import random

    names = load_network().names
    answers = random.Random(seed).sample(range(len(names)), min(games, len(names)))
    player = OptimalPlayer()
    records: list[BenchRecord] = []
    move_ms: list[float] = []
    start = time.perf_counter()
    config = BrowserConfig(headless=not headed, scale=scale)
    with serve_page() as base, display_for(config), open_browser(config) as webdriver:
        driver = SeleniumDriver(webdriver, screen=screen_for(webdriver, config))
        for answer in answers:
            game_start = time.perf_counter()
            load_page(webdriver, tuble_url(base, names[answer]))
            time.sleep(0.3)  # the page loads its station lists
            game = play_tuble(driver, player)
            solved = game.won and game.rows[-1].station == names[answer]
            records.append(BenchRecord(
                answer=names[answer], guesses=tuple(r.station or "" for r in game.rows),
                solved=solved, won=solved and len(game.rows) <= ROWS,
                seconds=time.perf_counter() - game_start,
                extra={"move_ms": [round(m, 1) for m in game.move_ms]}))
            move_ms.extend(game.move_ms)
    summary = summarise(
        records, game="tuble", strategy=player.name, mode="browser", rows=ROWS,
        wall_s=time.perf_counter() - start, seed=seed,
        extra={"scale": scale, "move_ms_median": round(float(np.median(move_ms)), 1),
               "move_ms_p95": round(float(np.percentile(move_ms, 95)), 1)},
    )
    return BenchRun(summary, tuple(records))
