"""A many-board game (Dordle ... Duotrigordle) as data: shared guesses, marks per board."""

from __future__ import annotations

from dataclasses import dataclass

from autobot.rules import ALL_GREEN, Turn, marks_to_code

EXTRA_GUESSES = 5  # N boards get N + 5 guesses (Dordle 7, Quordle 9, Octordle 13, ...)
ALL_GREEN_MARKS = "GGGGG"


def guess_limit(boards: int) -> int:
    """How many guesses a game of `boards` boards allows."""
    return boards + EXTRA_GUESSES


@dataclass(frozen=True)
class MultiState:
    """The guesses so far and each board's colours for them (a board stops at its all-green row)."""

    boards: int
    guesses: tuple[str, ...] = ()
    marks: tuple[tuple[str, ...], ...] = ()  # per board; empty boards tuple means none yet
    banned: frozenset[str] = frozenset()  # words the site refused: never propose again

    def __post_init__(self) -> None:
        if not self.marks:
            object.__setattr__(self, "marks", ((),) * self.boards)
        if len(self.marks) != self.boards:
            raise ValueError(f"{len(self.marks)} boards of marks for a {self.boards}-board game")

    @property
    def limit(self) -> int:
        """The game's number of guesses."""
        return guess_limit(self.boards)

    @property
    def left(self) -> int:
        """Guesses still to play."""
        return self.limit - len(self.guesses)

    def is_solved(self, board: int) -> bool:
        """Has this board shown an all-green row?"""
        rows = self.marks[board]
        return bool(rows) and marks_to_code(rows[-1]) == ALL_GREEN

    @property
    def open_boards(self) -> tuple[int, ...]:
        """Boards not solved yet, in board order."""
        return tuple(b for b in range(self.boards) if not self.is_solved(b))

    @property
    def won(self) -> bool:
        """Every board solved."""
        return not self.open_boards

    def history(self, board: int) -> tuple[Turn, ...]:
        """One board's rows, as a single-board game sees them."""
        return tuple(Turn(g, m) for g, m in zip(self.guesses, self.marks[board], strict=False))

    def after(self, guess: str, marks: dict[int, str] | list[str]) -> MultiState:
        """The state after `guess` showed `marks` on each open board (a list: in board order)."""
        open_boards = self.open_boards
        if not isinstance(marks, dict):
            if len(marks) != len(open_boards):
                raise ValueError(f"{len(marks)} colour rows for {len(open_boards)} open boards")
            marks = dict(zip(open_boards, marks, strict=True))
        if set(marks) != set(open_boards):
            raise ValueError("colours must be given for exactly the open boards")
        rows = tuple(
            self.marks[b] + (marks[b].upper(),) if b in marks else self.marks[b]
            for b in range(self.boards)
        )
        return MultiState(self.boards, self.guesses + (guess.lower(),), rows, self.banned)
