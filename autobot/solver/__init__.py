"""The solver: lists, pattern matrix, strategies and the off-list fallback (names re-exported).

`make_solver(SolverConfig(...))` gives a `Solver`; `Solver.decide(GameState(...))` gives a
`Decision` (the guess, plus notes when the rows left the answers list or no word fits them).
"""

from autobot.solver.core import PlayedGame, Solver, make_solver, play
from autobot.solver.offlist import LEVELS, Fit, OffList
from autobot.solver.prior import (
    DICTIONARY_FACTOR,
    PRIOR_FLOOR,
    PRIOR_MIDPOINT,
    PRIOR_WIDTH,
    REFUSAL_SHIFT,
    frequency_prior,
    in_dictionary,
    prior_from_zipf,
    zipf_values,
)
from autobot.solver.splits import SplitStats, split_stats, split_stats_numpy
from autobot.solver.state import STRATEGIES, Decision, GameState, SolverConfig, Strategy
from autobot.solver.strategies import (
    EntropyStrategy,
    ExpectedSizeStrategy,
    FrequencyStrategy,
    MinimaxStrategy,
)

__all__ = [
    "DICTIONARY_FACTOR", "LEVELS", "PRIOR_FLOOR", "PRIOR_MIDPOINT", "PRIOR_WIDTH",
    "REFUSAL_SHIFT", "STRATEGIES",
    "Decision", "EntropyStrategy", "ExpectedSizeStrategy", "Fit", "FrequencyStrategy", "PlayedGame",
    "GameState", "MinimaxStrategy", "OffList", "Solver", "SolverConfig", "SplitStats", "Strategy",
    "frequency_prior", "in_dictionary", "make_solver", "play", "prior_from_zipf", "split_stats",
    "split_stats_numpy", "zipf_values",
]
