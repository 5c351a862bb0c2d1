"""`autobot play --boards N`: a many-board game (Dordle ... Duotrigordle) hands-free.

Only parsing and wiring: the page (bundled, or --url), the browser, the many-board solver and
reader, `autobot.loop.many.play_many`, and what is printed.
"""

from __future__ import annotations

import time
from typing import Any

from rich.console import Console

from autobot.app.options import check_answers, read_init_script
from autobot.app.players import many_solver
from autobot.app.request import Request
from autobot.app.session import browser_config, browser_session
from autobot.app.text import many_printer
from autobot.errors import AutobotError
from autobot.harness.calibration import load_profile
from autobot.harness.record import GameRecord
from autobot.loop.many import play_many
from autobot.loop.probe import room_for
from autobot.outcomes import Reason
from autobot.page.server import page_url
from autobot.vision.boards import BoardsReader


def run_play_boards(request: Request) -> int:
    """Play one many-board game in Chromium; exit 0 on a win, 1 on a loss."""
    chosen, page = request.game, request.page
    boards = chosen.boards or 1
    if chosen.answer:
        raise AutobotError("--answer is for one board; with --boards use --page-answers")
    if request.confirm:
        raise AutobotError("--confirm is for one board")
    answers = check_answers(chosen.page_answers, boards)
    if page.url and answers:
        raise AutobotError("--page-answers only applies to the bundled page, not to --url")
    init_script = read_init_script(page.init_script)
    solver = many_solver(request)  # bad --strategy/--hard/--start: before the browser opens

    record = GameRecord(request.record.json, request.record.trace,
                        meta={"url": page.url})  # checked now; written on every exit from here
    def bundled(base: str) -> str:
        return page_url(base, theme=page.theme, contrast=page.contrast, anim=page.anim,
                        boards=boards, answers=answers)

    with record.on_any_exit(lambda exc: getattr(exc, "result", None)), \
            browser_session(browser_config(request.browser), url=page.url, bundled=bundled,
                            init_script=init_script, key_delay_ms=request.key_delay,
                            record=record) as session:
        driver = session.driver
        t0 = time.monotonic() - session.seconds
        return play_loaded(request, driver, boards, t0, room_for(driver), solver, record)


def play_loaded(request: Request, driver: Any, boards: int, t0: float,
                room: Any, solver: Any, record: Any) -> int:
    """Play the many-board game already loaded in the driver's browser; print it and write it
    to `record` (a `GameRecord`, which also writes on any exit)."""
    profile = None
    if request.profile:
        profile = load_profile(request.profile)
    console = Console(highlight=False)
    result = play_many(driver, solver, boards, reader=BoardsReader(profile=profile),
                       on_event=many_printer(console), room=room)
    solved = sum(bool(m) and m[-1] == "GGGGG" for m in result.marks)
    verdict = Reason.WON if result.won else Reason.LOST
    console.print(f"\n{verdict}: {solved}/{boards} boards in {len(result.guesses)}/"
                  f"{boards + 5} guesses, {time.monotonic() - t0:.1f} s")
    record.write(result.to_json(), exit_code=0 if result.won else 1, reason=verdict)
    return 0 if result.won else 1
