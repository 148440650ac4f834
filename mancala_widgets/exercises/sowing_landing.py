"""Exercise 1: where does the last stone of a lap fall? Modular arithmetic on a
circuit, every answer from the engine."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ..rules import load_position
from ..rules.events import Event
from ..rules.game import game as game_of
from ..rules.game import other
from ..text.names import hole_name, pieces, side_names

if TYPE_CHECKING:
    pass
from .base import (
    CIRCUITS,
    MOST_STONES,
    Exercise,
    ExerciseError,
    _board,
    _is_int,
    _typed_int,
    _Unreadable,
)

# -- 1. Where does the last stone fall? ------------------------------------------


def circuit_cells(circuit: int) -> list[list[int]]:
    """The [row, column] of every hole of a circuit, in sowing order from 0.

    >>> circuit_cells(14)[0], circuit_cells(14)[7], circuit_cells(20)[10]
    ([3, 0], [2, 6], [0, 9])
    """
    game, columns = CIRCUITS[circuit]
    return [list(cell) for cell in _board(game, columns).circuits["south"]]


def first_lap_landing(circuit: int, start: int, stones: int) -> int:
    """Where the engine drops the last stone of a lap of ``stones`` sown from
    place ``start`` of ``circuit``, as a place number (0 = the circuit's first).

    The position has only that hole filled, plus one opponent's stone that can
    take part in no capture; Kiothi is past the opening with the first-lap
    restriction off, so every count may be sown. The first ``sow`` event of
    the trace is the first lap, whatever follows it (a Kiothi relay that never
    ends is played under the option perpetual="draw").

    >>> first_lap_landing(14, 3, 17)
    6
    """
    game, columns = CIRCUITS[circuit]
    g, board = game_of(game), _board(game, columns)
    cells = circuit_cells(circuit)
    r, c = cells[start]
    mover = board.owner((r, c))
    grid = [[0] * board.columns for _ in range(board.rows)]
    grid[r][c] = stones
    # One piece of the opponent's, away from the facing rows where there are others
    # (so no Kisolo capture is due): a capture could only come after the first lap.
    theirs = [cell for cell in board.cells() if board.owner(cell) == other(mover)]
    spare = next((cell for cell in theirs if board.opposite(cell) is None), theirs[0])
    grid[spare[0]][spare[1]] += 1
    # Every count may be sown: no first-lap restriction where the game has one, and a
    # Kiothi relay that would never end is played (it draws) rather than refused.
    options = {"orthodox": False, "perpetual": "draw"} if "orthodox" in g.variants else {}
    position = g.position_from(grid, to_move=mover, **options)
    trace: list[Event] = []
    load_position(position).play(g.sow_move((r, c), stones), trace)
    lap = next(e for e in trace if e["kind"] == "sow")
    return cells.index(lap["cells"][-1])


class Landing(Exercise):
    """Sow ``stones`` from place ``start`` of a circuit of 14, 12 or 20: at which
    place does the last one fall? The answer is a whole number 0..N-1 (an int,
    or a string of digits as typed in the box)."""

    family = "landing"

    def __init__(self, circuit: int, start: int, stones: int, locale: str = "en"):
        super().__init__(locale)
        if not _is_int(circuit) or circuit not in CIRCUITS:
            raise ExerciseError(self.locale, "circuit", got=repr(circuit))
        if not _is_int(start) or not 0 <= start < circuit:
            raise ExerciseError(self.locale, "start", got=repr(start), last=circuit - 1)
        if not _is_int(stones) or not 1 <= stones <= MOST_STONES:
            raise ExerciseError(self.locale, "stones", got=repr(stones), most=MOST_STONES)
        self.size, self.start, self.stones = circuit, start, stones
        self.id = f"landing-{circuit}-{start}-{stones}"
        self.game, self.columns = CIRCUITS[circuit]
        self.cells = circuit_cells(circuit)
        self.answer = first_lap_landing(circuit, start, stones)
        if self.answer != (start + stones) % circuit:
            # The worked answer shows this formula, so it must be the engine's result.
            raise RuntimeError(
                f"the engine lands on {self.answer}, the formula on "
                f"{(start + stones) % circuit}: docs/rules.md and the engine disagree"
            )
        names = [hole_name(self.game, cell, self.locale) for cell in self.cells]
        self._names = names
        half = circuit // 2
        mover = _board(self.game, self.columns).owner(tuple(self.cells[start]))
        self.question = self._t(
            f"landing.question_{self.game}",
            size=circuit,
            last=circuit - 1,
            columns=self.columns,
            h0=names[0],
            k=half - 1,
            hk=names[half - 1],
            k1=half,
            hk1=names[half],
            hlast=names[-1],
            start=start,
            start_name=names[start],
            pieces=pieces(self.game, stones, self.locale),
            who=side_names(self.locale)[mover],
        )

    def _read(self, answer: Any) -> int:
        if isinstance(answer, str) and re.fullmatch(r"\s*[+-]?\d+\s*", answer):
            answer = _typed_int(answer, _Unreadable("landing.not_number", last=self.size - 1))
        if not _is_int(answer):
            raise _Unreadable("landing.not_number", last=self.size - 1)
        if not 0 <= answer < self.size:
            raise _Unreadable(
                "landing.out_of_range", got=answer, last=self.size - 1, size=self.size
            )
        return answer

    def _tip(self, given: int) -> str | None:
        if given == (self.start + self.stones - 1) % self.size:
            return self._t(f"landing.tip_counted_start_{self.game}")
        return None

    def parameters(self) -> dict:
        return {"circuit": self.size, "start": self.start, "stones": self.stones}

    def hint(self) -> str:
        return self._t(
            f"landing.hint_{self.game}",
            start=self.start,
            stones=self.stones,
            size=self.size,
            last=self.size - 1,
        )

    def worked(self) -> str:
        s, m, n = self.start, self.stones, self.size
        lines = [
            self._t(f"landing.first_{self.game}", start=s, stones=m, n=m),
            f"({s} + {m}) mod {n} = {s + m} mod {n} = {self.answer}",
        ]
        if m >= n:
            lines.append(self._t(f"landing.round_{self.game}", stones=m, size=n, n=m // n))
        lines.append(
            self._t(f"landing.where_{self.game}", answer=self.answer, name=self._names[self.answer])
        )
        return "\n".join(lines)


def landing(circuit: int, start: int, stones: int, locale: str = "en") -> Landing:
    """Where does the last stone fall? See :class:`Landing`.

    >>> ex = landing(12, 4, 12)
    >>> ex.answer                      # 12 stones go once round: back to the start
    4
    """
    return Landing(circuit, start, stones, locale)
