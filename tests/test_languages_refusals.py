"""How many guesses a strict page refuses: the solver against the clones' own word lists.

The lists are read from the clones' files only to judge acceptance (as the page would); the
bot never sees them. Pure simulation: no browser.
"""

from __future__ import annotations

import json
import re

import pytest
from conftest import require_clone

from autobot.rules import Turn, score
from autobot.solver import GameState, SolverConfig, make_solver
from autobot.words.languages import load_language


def wordle_global_german() -> set[str]:
    """The words wordle-global /de/ accepts (its page embeds them as JSON)."""
    html = (require_clone("wordle-global") / "de" / "index.html").read_text(encoding="utf-8")
    raw = re.search(r"const word_list = JSON\.parse\('(.*?)'\)", html)
    assert raw is not None
    return set(json.loads(raw.group(1)))  # JSON's own \u00f6 escapes inside a JS string


def letreco_words() -> tuple[set[str], list[str]]:
    """letreco's accepted words (the big list in its bundle) and its dated answers."""
    folder = require_clone("letreco")
    bundle = next((folder / "static" / "js").glob("main*.js")).read_text(encoding="utf-8")
    lists = re.findall(r'\[(?:"[A-Za-z]{5}",){1000,}"[A-Za-z]{5}"\]', bundle)
    accepted = {w.lower() for w in json.loads(max(lists, key=len))}
    dated = json.loads((folder / "answers-by-date.json").read_text(encoding="utf-8"))["answers"]
    return accepted, sorted({w.lower() for w in dated.values()})


def refusals(lang: str, accepted: set[str], answers: list[str]) -> tuple[list[int], list[int]]:
    """(refused words, rows) per game when the page accepts exactly `accepted`."""
    solver = make_solver(SolverConfig(lang=lang))
    refused, rows = [], []
    for answer in answers:
        history: tuple[Turn, ...] = ()
        banned: frozenset[str] = frozenset()
        while len(history) < 10:
            guess = solver.next_guess(GameState(history=history, banned=banned))
            if guess not in accepted:
                banned |= {guess}
                continue
            history += (Turn(guess, score(guess, answer)),)
            if guess == answer:
                break
        refused.append(len(banned))
        rows.append(len(history))
    return refused, rows


def test_wordle_global_german_refuses_about_one_word_per_game() -> None:
    accepted = wordle_global_german()
    assert {"gnade", "größe"} <= accepted
    known = sorted(accepted & set(load_language("de").allowed.words))
    answers = known[::8]  # every 8th: 283 games
    refused, rows = refusals("de", accepted, answers)
    print(f"wordle-global /de/: {len(answers)} games, refused per game "
          f"{sum(refused) / len(answers):.2f} (max {max(refused)}), rows mean "
          f"{sum(rows) / len(rows):.2f} (max {max(rows)})")
    assert sum(refused) / len(answers) <= 1.2 and max(refused) <= 3
    assert max(rows) <= 6


def test_letreco_refuses_almost_nothing() -> None:
    accepted, dated = letreco_words()
    answers = [w for w in dated if w in set(load_language("pt").allowed.words)]
    assert len(answers) >= 700  # of 744 dated answers
    refused, rows = refusals("pt", accepted, answers[::3])
    print(f"letreco: {len(refused)} games, refused per game {sum(refused) / len(refused):.2f}, "
          f"rows mean {sum(rows) / len(rows):.2f} (max {max(rows)})")
    assert sum(refused) / len(refused) <= 0.1
    assert sum(r > 6 for r in rows) <= 1


@pytest.mark.parametrize("code", ["de", "pt"])
def test_a_refused_base_form_does_not_switch_off_inflections(code: str) -> None:
    language = load_language(code)
    solver = make_solver(SolverConfig(lang=code))
    word = sorted(language.base)[0]
    state = GameState(banned=frozenset({word}))
    assert solver._base_forms_only(state, list(language.allowed.words)) == state
