"""Tuble's benchmark: every station as the answer, the bot's tree beside the seed post's player."""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from autobot.games.tuble import ROWS
from autobot.games.tuble.network import load_network
from autobot.games.tuble.solver import OptimalPlayer, SeedPlayer, play


def figures(player: SeedPlayer | OptimalPlayer) -> dict[str, Any]:
    """Play every station: mean, max, histogram, fails (> ROWS guesses), decision times."""
    names = load_network().names
    needed: list[int] = []
    times: list[float] = []
    for answer in range(len(names)):
        guesses, took = play(player, answer, timer=time.perf_counter)
        needed.append(len(guesses) if guesses[-1] == answer else 0)
        times.extend(took)
    counts = np.array(needed)
    solved = counts[counts > 0]
    hardest = sorted(range(len(names)), key=lambda i: (-needed[i], names[i]))[:5]
    return {
        "strategy": player.name, "answers": len(names), "solved": int(len(solved)),
        "fails": int(np.sum((counts == 0) | (counts > ROWS))),
        "total": int(solved.sum()), "mean": round(float(solved.mean()), 4),
        "max": int(solved.max()),
        "histogram": {int(k): int(v) for k, v in zip(*np.unique(solved, return_counts=True),
                                                         strict=True)},
        "hardest": [names[i] for i in hardest], "decisions": len(times),
        "decision_p50_ms": round(float(np.percentile(times, 50)) * 1000, 3),
        "decision_p99_ms": round(float(np.percentile(times, 99)) * 1000, 3),
        "decision_max_ms": round(max(times) * 1000, 3),
    }


def bench_tuble() -> dict[str, Any]:
    """Both players over all 266 stations in one run; the tree's build time reported apart."""
    start = time.perf_counter()
    bot = OptimalPlayer()
    build_start = time.perf_counter()
    total, opener = bot.solve(np.arange(len(bot.table)))
    build_s = time.perf_counter() - build_start
    ours = figures(bot)
    ours.update(opener=load_network().names[opener], tree_build_s=round(build_s, 3),
                tree_subsets=len(bot._memo))
    seed = figures(SeedPlayer())
    return {
        "game": "tuble", "rows": ROWS, "bot": ours, "seed": seed,
        "beats_seed": ours["total"] < seed["total"] and ours["fails"] == 0,
        "wall_s": round(time.perf_counter() - start, 2),
    }


def table(result: dict[str, Any]) -> list[str]:
    """The two players side by side, one line each (Markdown)."""
    lines = ["| player | mean | max | histogram | fails | decision p99 ms |",
             "|---|---:|---:|---|---:|---:|"]
    for key in ("bot", "seed"):
        r = result[key]
        hist = " ".join(f"{k}:{v}" for k, v in r["histogram"].items())
        lines.append(f"| {r['strategy']} | {r['mean']:.4f} | {r['max']} | {hist} | "
                     f"{r['fails']} | {r['decision_p99_ms']} |")
    return lines


__all__ = ["bench_tuble", "figures", "table"]


def bench_browser(games: int, seed: int = 0, scale: float = 1.0, headed: bool = False
                  ) -> dict[str, Any]:
    """`games` seeded stations played on the bundled page in one browser, from the pixels:
    won, guesses, and the time from a frame to the next key (median, p95)."""
    import random

    from autobot.drivers.browser import BrowserConfig, load_page, open_browser
    from autobot.drivers.driver import SeleniumDriver
    from autobot.drivers.window import display_for, screen_for
    from autobot.games.tuble.play import play_tuble, tuble_url
    from autobot.page.server import serve_page

    names = load_network().names
    answers = random.Random(seed).sample(range(len(names)), min(games, len(names)))
    player = OptimalPlayer()
    played = []
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
            won = game.won and game.rows[-1].station == names[answer]
            played.append({"answer": names[answer], "won": won, "guesses": len(game.rows),
                           "seconds": round(time.perf_counter() - game_start, 2)})
            move_ms.extend(game.move_ms)
    guesses = np.array([g["guesses"] for g in played])
    seconds = np.array([g["seconds"] for g in played])
    return {
        "game": "tuble", "browser": True, "scale": scale, "games": len(played),
        "won": sum(g["won"] for g in played), "mean_guesses": round(float(guesses.mean()), 3),
        "game_s_median": round(float(np.median(seconds)), 2),
        "move_ms_median": round(float(np.median(move_ms)), 1),
        "move_ms_p95": round(float(np.percentile(move_ms, 95)), 1),
        "wall_s": round(time.perf_counter() - start, 1), "played": played,
    }
