"""Exercise 4: which capture is best?"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ..rules import MalformedError, load_position
from ..rules.game import game as game_of
from ..text import tr

if TYPE_CHECKING:
    pass
from .base import Exercise, ExerciseError, _is_int, _typed_int, _Unreadable

# -- 4. Which capture is best? ----------------------------------------------------------

#: How many seeded boards are tried for a position with a real choice of captures.
BEST_TRIES = 20_000


def _laps(state, move: dict) -> int:
    trace: list[Any] = []
    state.play(move, trace)
    return max((e["lap"] for e in trace if "lap" in e), default=1)


def _best_capture_position(seed: int) -> tuple[dict, dict]:
    """A seeded puzzle position (10 to 16 stones, at most 3 in a hole) where South must
    capture and has two or three columns to choose from, one of them best by the
    lesson's measure (``lessons.best_score``) and not the biggest capture, and every
    move to weigh (South's captures, North's replies) short enough to follow by hand:
    (position, {column: (gain, threat)})."""
    import random

    from ..lessons import best_score
    from ..players import effect, successors

    rng = random.Random(seed)
    for _ in range(BEST_TRIES):
        board = [[0] * 7 for _ in range(4)]
        for _ in range(rng.randint(10, 16)):
            r, c = rng.randrange(4), rng.randrange(7)
            if board[r][c] < 3:
                board[r][c] += 1
        position = game_of("kisolo").position_from(board, to_move="south")
        try:
            state = load_position(position)
        except MalformedError:
            continue
        moves = state.legal_moves()
        if not 2 <= len(moves) <= 3 or moves[0]["type"] != "capture":
            continue
        if any(_laps(state, m) > 3 for m in moves):
            continue
        replies = [(after, r) for m in moves for r, after in [(m, state.play(m))]]
        if any(
            _laps(after, reply) > 3
            for after, _ in replies
            if after.status == "playing"
            for reply, _ in successors(after)
        ):
            continue
        scores = {m["column"]: best_score(state, m) for m in moves}
        top = max(scores.values())
        best = [c for c, v in scores.items() if v == top]
        weighed = {m["column"]: effect(state, m) for m in moves}
        gains = sorted((e["gain"], c) for c, e in weighed.items())
        biggest = gains[-1][1]
        clear = gains[-1][0] > gains[-2][0]  # one capture takes the most
        if len(best) == 1 and clear and biggest != best[0] and not top[0]:
            return state.to_dict(), {
                c: (e["gain"], e["threat"]) for c, e in sorted(weighed.items())
            }
    # Every seed from 0 to 9,999 finds one (all were tried, 2026-12-02).
    raise RuntimeError(f"no position found for seed {seed}")


class BestCapture(Exercise):
    """South must capture and may choose the column: which one is best, by what it
    takes now less the most North can take back on the next turn? The position is a
    seeded puzzle (``seed`` 0 to 9,999) small enough to work by hand; the answer is the
    column's number (1 to 7), typed as a number, "column 3" or "3번 열"."""

    family = "best"

    def __init__(self, seed: int, locale: str = "en"):
        super().__init__(locale)
        if not _is_int(seed) or not 0 <= seed <= 9_999:
            raise ExerciseError(self.locale, "seed", got=repr(seed))
        self.seed = seed
        self.id = f"best-{seed}"
        self.game = "kisolo"
        self.position, self.options = _best_capture_position(seed)
        net = {c: g - t for c, (g, t) in self.options.items()}
        self.answer = max(net, key=lambda c: net[c]) + 1
        self.biggest = max(self.options, key=lambda c: self.options[c][0]) + 1
        columns = [str(c + 1) for c in self.options]
        self.question = self._t(
            "best.question", columns=tr(self.locale, "names.list_sep").join(columns)
        )

    def _read(self, answer: Any) -> int:
        if isinstance(answer, str):
            numbers = re.findall(r"\d+", answer)
            if len(numbers) != 1:
                raise _Unreadable("best.not_number")
            answer = _typed_int(numbers[0], _Unreadable("best.not_number"))
        if not _is_int(answer):
            raise _Unreadable("best.not_number")
        if answer - 1 not in self.options:
            columns = [str(c + 1) for c in self.options]
            raise _Unreadable(
                "best.not_a_choice",
                got=answer,
                columns=tr(self.locale, "names.list_sep").join(columns),
            )
        return answer

    def _tip(self, given: int) -> str | None:
        return self._t("best.tip_biggest") if given == self.biggest else None

    def parameters(self) -> dict:
        return {"seed": self.seed}

    def hint(self) -> str:
        return self._t("best.hint")

    def worked(self) -> str:
        lines = [
            self._t("best.option", column=c + 1, gain=g, threat=t, net=g - t)
            for c, (g, t) in self.options.items()
        ]
        lines.append(self._t("best.answer", column=self.answer))
        return "\n".join(lines)

    def picture(self) -> str:
        from ..svg import board_svg

        return board_svg(self.position, numbers=True, locale=self.locale)


def best_capture(seed: int, locale: str = "en") -> BestCapture:
    """Which capture is best? See :class:`BestCapture`.

    >>> ex = best_capture(1)
    >>> ex.check(ex.answer).correct, ex.check(f"column {ex.answer}").correct
    (True, True)
    """
    return BestCapture(seed, locale)
