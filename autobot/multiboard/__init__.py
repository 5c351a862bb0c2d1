"""Many boards at once (Dordle, Quordle, Octordle ... Duotrigordle): one guess for every board.

The face of the package: the state, the solver and its strategies, games and the benchmark.
"""

from autobot.multiboard.bench import bench_sets, run_multi_benchmark
from autobot.multiboard.game import MultiGame, answer_sets, play
from autobot.multiboard.solver import OPENER, STRATEGIES, MultiSolver, View, baseline, joint
from autobot.multiboard.split import BoardSplits, board_splits, board_splits_reference
from autobot.multiboard.state import EXTRA_GUESSES, MultiState, guess_limit

__all__ = [
    "EXTRA_GUESSES", "OPENER", "STRATEGIES", "BoardSplits", "MultiGame", "MultiSolver",
    "MultiState", "View", "answer_sets", "baseline", "bench_sets", "board_splits",
    "board_splits_reference", "guess_limit", "joint", "play", "run_multi_benchmark",
]
