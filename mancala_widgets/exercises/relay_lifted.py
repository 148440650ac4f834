"""Exercise 2: which hole does the relay lift first?"""

from __future__ import annotations

import copy
import hashlib
import json
from typing import TYPE_CHECKING, Any

from ..rules import load_position
from ..rules.events import Event
from ..text.names import hole_name, move_name, narrate_trace, side_names

if TYPE_CHECKING:
    pass
from .base import Exercise, ExerciseError
from .reading import read_cell


class Lifted(Exercise):
    """Which hole does pussa kanawa (Kisolo) or the relay (Kiothi) lift first in
    this move? Answers: see :func:`read_cell`. A move with no relay is refused
    with :class:`ExerciseError`; a bad position or move, with the engine's error."""

    family = "lifted"

    def __init__(self, position: dict, move: dict, locale: str = "en"):
        super().__init__(locale)
        state = load_position(position)
        self.position, self.move = state.to_dict(), copy.deepcopy(move)
        digest = hashlib.sha256(
            json.dumps([self.position, move], sort_keys=True).encode("utf-8")
        ).hexdigest()
        self.id = f"lifted-{digest[:12]}"
        game = self.game = state.game
        trace: list[Event] = []
        state.play(move, trace)
        self.rules = state.GAME
        rule = self.rules.relay_rule
        relay = next(
            ((i, e) for i, e in enumerate(trace) if e["kind"] == "lift" and e["rule"] == rule),
            None,
        )
        if relay is None:
            raise ExerciseError(self.locale, f"no_relay_{game}", move=json.dumps(move))
        at, lift = relay
        self.trace = trace[: at + 1]
        self.answer = list(lift["cell"])
        lap_end = [e for e in self.trace if e["kind"] == "lap_end"][-1]
        self.landing, self.lap = lap_end["cell"], lap_end["lap"]
        self.rows, self.columns = len(self.position["board"]), len(self.position["board"][0])
        self.mover = self.position["to_move"]
        other = "north" if self.mover == "south" else "south"
        names = side_names(self.locale)
        self.question = self._t(
            f"lifted.question_{game}",
            move=move_name(game, move, self.mover, self.locale),
            who=names[self.mover],
            other=names[other],
            other_word=names[other].lower(),
            maxc=self.columns - 1,
        )

    def _read(self, answer: Any) -> list[int]:
        return read_cell(self.game, answer, self.rows, self.columns, self.mover)

    def _tip(self, given: list[int]) -> str | None:
        """The usual slip: the landing cell where the relay lifts the next one
        (pussa kanawa), the next one where it lifts the landing cell (Kiothi)."""
        if self.rules.relay_lifts == "next":
            return self._t(f"lifted.tip_landing_{self.game}") if given == self.landing else None
        board = self.rules.board()
        if given == list(board.next(self.mover, (self.landing[0], self.landing[1]))):
            return self._t(f"lifted.tip_after_{self.game}")
        return None

    def parameters(self) -> dict:
        return {"position": self.position, "move": self.move}

    def hint(self) -> str:
        return self._t(
            f"lifted.hint_{self.game}", lap=self.lap, who=side_names(self.locale)[self.mover]
        )

    def worked(self) -> str:
        lines = narrate_trace(self.game, self.trace, self.locale)
        lines.append(
            self._t(
                "lifted.answer",
                name=hole_name(self.game, self.answer, self.locale),
                row=self.answer[0],
                column=self.answer[1],
            )
        )
        return "\n".join(lines)

    def picture(self) -> str:
        from ..svg import board_svg

        return board_svg(self.position, numbers=True, locale=self.locale)


def lifted(position: dict, move: dict, locale: str = "en") -> Lifted:
    """Which hole does the relay lift first? See :class:`Lifted`.

    >>> from mancala_widgets.exercises import LIFTED_POSITION
    >>> ex = lifted(LIFTED_POSITION, {"type": "sow", "row": 3, "column": 4})
    >>> ex.answer, ex.check("inner 5").correct, ex.check([2, 5]).correct
    ([2, 4], True, False)
    """
    return Lifted(position, move, locale)
