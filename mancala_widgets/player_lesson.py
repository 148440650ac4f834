"""The checks of lesson 8, *Program your own player*: a number the student works out, or
the student's player run on the lesson's positions, compared with what the rules engine
says, and the verdict in words (English or Korean).

>>> check("moves_at_start", 7).right
True
>>> print(check("moves_at_start", 6).text)      # doctest: +ELLIPSIS
Not yet: 6 is not it. ...
>>> def first(state):                            # the first legal move, always
...     return state.legal_moves()[0]
>>> check("greedy", first).right, check("lookahead", first).right
(False, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .rules import load_position, new_state
from .rules.common import Position, shown_json
from .svg import board_svg
from .text import check_locale, tr
from .text.names import move_name, pieces
from .tournaments import as_player, games_in

#: The lesson's positions: the start of a 4 x 7 game, and position B, from a random
#: game (seed 271, after 36 moves): South to move, and the move that wins most at once
#: lets North take back 43 stones.
POSITIONS: dict[str, Position] = {
    "start": new_state("kisolo").to_dict(),
    "b": {
        "game": "kisolo",
        "columns": 7,
        "to_move": "south",
        "board": [
            [1, 0, 0, 2, 8, 6, 3],
            [6, 0, 1, 0, 1, 5, 0],
            [0, 24, 0, 7, 0, 0, 0],
            [0, 11, 2, 7, 0, 0, 0],
        ],
        "status": "playing",
        "winner": None,
        "reason": None,
    },
}
#: The numbers the questions ask for, each worked out by the engine.
NUMBERS = {
    "moves_at_start": lambda: len(new_state("kisolo").legal_moves()),
    "stones_after": lambda: new_state("kisolo").play({"type": "capture", "column": 2}).holdings(0),
    "games": lambda: games_in(5, rounds=2),
}
PLAYER_CHECKS = ("greedy", "lookahead")


@dataclass
class Checked:
    """A check's verdict: ``right``, and ``text`` to read (shown as text)."""

    right: bool
    text: str

    def __repr__(self) -> str:
        return self.text


class Picture:
    """A position drawn as a picture (SVG), shown by the notebook."""

    def __init__(self, svg: str) -> None:
        self.svg = svg

    def _repr_svg_(self) -> str:
        return self.svg


def show(name: str, locale: str = "en") -> Picture:
    """The lesson's position ``name`` ("start" or "b"), with the hole numbers."""
    return Picture(board_svg(POSITIONS[name], numbers=True, locale=locale))


def position(name: str) -> Any:
    """The lesson's position ``name`` as a state, for a player to choose a move in."""
    return load_position(POSITIONS[name])


def gain(state: Any, move: dict) -> int:
    """The stones the mover holds more once ``move`` is played."""
    me = state.to_move
    return int(state.play(move).holdings(me) - state.holdings(me))


def after_reply(state: Any, move: dict) -> int:
    """The stones the mover holds after ``move`` and the opponent's best reply to it
    (the one that leaves the mover the fewest); after a move that ends the game, the
    stones the mover then holds."""
    me = state.to_move
    after = state.play(move)
    replies = after.legal_moves()
    if not replies:
        return int(after.holdings(me))
    return int(min(after.play(r).holdings(me) for r in replies))


def check(question: str, answer: Any, locale: str = "en") -> Checked:
    """The verdict on ``answer`` to ``question``: "moves_at_start", "stones_after" and
    "games" take a whole number; "greedy" and "lookahead" take a player (an object with
    ``choose``, its class, or a function), which is run on the lesson's positions."""
    check_locale(locale)
    t = lambda key, **f: tr(locale, f"player_checks.{key}", **f)  # noqa: E731
    if question in NUMBERS:
        return _check_number(question, answer, t)
    if question in PLAYER_CHECKS:
        return _check_player(question, answer, locale, t)
    raise ValueError(
        f"question = {question!r}: expected one of {', '.join([*NUMBERS, *PLAYER_CHECKS])}"
    )


def _check_number(question: str, answer: Any, t: Any) -> Checked:
    if answer is ... or answer is None:
        return Checked(False, t("no_answer"))
    given = answer.strip() if isinstance(answer, str) else answer
    if isinstance(given, str) and given.lstrip("-").isdigit():
        given = int(given)
    if type(given) is not int:
        return Checked(False, t("not_a_number", given=shown_json(answer)))
    right = NUMBERS[question]()
    if given == right:
        return Checked(True, t("right_number", answer=right) + " " + t(f"{question}.why"))
    return Checked(False, t("wrong_number", given=given) + " " + t(f"{question}.hint"))


def _check_player(question: str, answer: Any, locale: str, t: Any) -> Checked:
    if answer is ... or answer is None:
        return Checked(False, t("no_player"))
    try:
        player = as_player(answer)
    except ValueError:
        return Checked(False, t("no_player"))
    score = gain if question == "greedy" else after_reply
    name = lambda m: move_name("kisolo", m, "south", locale)  # noqa: E731
    stones = lambda n: pieces("kisolo", n, locale)  # noqa: E731
    for where in POSITIONS:
        state = position(where)
        place = t(f"where_{where}")
        try:
            chosen = player.choose(position(where))
        except Exception as e:  # the student's code
            return Checked(False, t("raised", where=place, error=f"{type(e).__name__}: {e}"))
        if chosen not in state.legal_moves():
            return Checked(False, t("illegal", where=place, move=shown_json(chosen)))
        scores = {i: score(state, m) for i, m in enumerate(state.legal_moves())}
        best = max(scores.values())
        mine = score(state, chosen)
        if mine < best:
            top = state.legal_moves()[next(i for i, v in scores.items() if v == best)]
            return Checked(
                False,
                t(
                    f"{question}_wrong",
                    where=place,
                    move=name(chosen),
                    got=stones(mine),
                    best=name(top),
                    most=stones(best),
                ),
            )
    return Checked(True, t(f"{question}_right"))


__all__ = ["POSITIONS", "Checked", "after_reply", "check", "gain", "position", "show"]
