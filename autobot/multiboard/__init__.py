"""Many boards at once (Dordle, Quordle, Octordle ... Duotrigordle): one guess for every board.

The face of the package: the state, the solver and its strategies, and games (the benchmark is
`autobot.bench.boards`).
"""

from autobot.multiboard.game import MultiGame, answer_sets, play
from autobot.multiboard.solver import OPENER, STRATEGIES, MultiSolver, View, baseline, joint
from autobot.multiboard.split import BoardSplits, board_splits, board_splits_reference
from autobot.multiboard.state import EXTRA_GUESSES, MultiState, guess_limit

__all__ = [
    "EXTRA_GUESSES", "OPENER", "STRATEGIES", "BoardSplits", "MultiGame", "MultiSolver",
    "MultiState", "View", "answer_sets", "baseline", "board_splits",
    "board_splits_reference", "guess_limit", "joint", "play",
]
