"""Two boards side by side, from the same position, each playing its own reading of
the rules (the rule options of ``rules/game.py``, ``Game.options``): Kisolo's pussa
kanawa next to the common relay, say, so that a class plays the same move on both
and steps through the two moves together, event by event.

A move played on one board (by a click or from Python) is played on the other too
while the other shows the same board, with the same player to move, and allows
the move; after that the boards go their own ways. While the boards show the same
move from the same position, a step control pressed on one (back, forward, replay,
play, pause, end) steps the others too: after *back* or *forward* every board shows
as many events of its move as the board pressed, or the end of a shorter move.

>>> start = {"game": "kisolo", "columns": 7, "to_move": "south",
...          "board": [[0, 0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 1],
...                    [0, 0, 0, 0, 0, 0, 0], [1, 1, 1, 1, 2, 0, 0]],
...          "status": "playing", "winner": None, "reason": None}
>>> pair = compare(start)    # pussa kanawa, and relay="landing"
>>> for board in pair.boards:
...     print(board.title)
Pussa kanawa (lifts the hole after the landing hole)
The common relay (lifts the landing hole)
>>> traces = pair.play({"type": "sow", "row": 3, "column": 0})
>>> [board.position["board"][3] for board in pair.boards]
[[0, 2, 0, 2, 0, 1, 1], [0, 0, 2, 0, 3, 1, 0]]
>>> print(pair.summary()[1])
The common relay (lifts the landing hole): 2 relays, lifting South's outer hole 2, South's \
outer hole 4; the last lap ended in South's outer hole 6.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets

from .classroom.work import not_kept
from .rules import load_position
from .rules.common import shown
from .rules.events import Event
from .rules.game import game as game_of
from .text import check_locale, tr
from .text.names import hole_name, narrate_end
from .widgets import Board
from .widgets.board import STEP_ACTIONS

#: What a comparison shows by default: Kisolo's own relay, then the common relay.
RELAYS: tuple[dict[str, Any], ...] = ({}, {"relay": "landing"})
#: A position's fields that say what the board looks like and whose turn it is.
SAME = ("board", "to_move", "status", "turn", "nki", "sown", "jails")


class Comparison(ipywidgets.HBox):
    """The boards of :func:`compare`, side by side (an ipywidgets ``HBox``)."""

    def __init__(self, boards: Sequence[Board], readings: Sequence[Mapping[str, Any]]):
        super().__init__(
            children=list(boards),
            layout=ipywidgets.Layout(flex_flow="row nowrap", align_items="flex-start"),
        )
        # Side by side whatever the width (a board shrinks; its counts stay legible), and
        # lined up: in a comparison a board's title keeps to one line (widget.css).
        for board in boards:
            board.layout = ipywidgets.Layout(flex="1 1 0", min_width="0", margin="0 12px 0 0")
            board.add_class("mw-in-compare")
        self.boards: tuple[Board, ...] = tuple(boards)
        #: The rule options each board plays (only those given; the rest are the defaults).
        self.readings: tuple[dict[str, Any], ...] = tuple(dict(r) for r in readings)
        self._mirroring = False
        for board in self.boards:
            board.on_move(self._mirror)
            board.on_step(self._step_together)

    def play(self, move: dict) -> list[list[Event]]:
        """Play ``move`` on every board; their traces, in the boards' order. Raises the
        engine's error, and changes nothing, if a board does not allow it."""
        for board in self.boards:
            board.record.state.play(move)  # check on every board before playing on any
        self._mirroring = True
        try:
            return [board.play(move) for board in self.boards]
        finally:
            self._mirroring = False

    def press(self, action: str) -> None:
        """Press the same step control on every board (one of ``STEP_ACTIONS``:
        ``"replay"``, ``"back"``, ``"play"``, ``"pause"``, ``"forward"``, ``"end"``)."""
        if action not in STEP_ACTIONS:
            raise ValueError(
                f"unknown step {shown(action)}: expected one of {', '.join(STEP_ACTIONS)}"
            )
        for board in self.boards:
            board.press(action)

    def reset(self) -> None:
        """Every board back to the start position."""
        for board in self.boards:
            board.reset()

    def summary(self) -> list[str]:
        """A sentence per board, in the boards' language: which holes (bomas) the relays
        of its last move lifted, what it captured, where its last lap ended, and how the
        game ended if it did."""
        return [_summary(board) for board in self.boards]

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        # Shown where no widget can run (GitHub, nbviewer, nbconvert): the boards' pictures.
        pictures = "".join(
            f'<div style="flex: 1 1 340px">{board.to_svg()}</div>' for board in self.boards
        )
        data["text/html"] = f'<div style="display: flex; flex-wrap: wrap">{pictures}</div>'
        return bundle

    def _mirror(self, move: dict, trace: list[Event], played: Board) -> None:
        """A move played on one board is played on the others that showed the same
        position and allow it."""
        if self._mirroring:
            return
        before = played.position_before or {}
        self._mirroring = True
        try:
            for board in self.boards:
                if board is played or not _same(board.position, before):
                    continue
                try:
                    board.record.state.play(move)
                except ValueError:
                    continue
                board.play(move)
        finally:
            self._mirroring = False

    def _step_together(self, action: str, step: int, pressed: Board) -> None:
        """A step control pressed on one board, followed by the boards that show the same
        move from the same position."""
        before = pressed.position_before
        for board in self.boards:
            if board is pressed or before is None or board.position_before is None:
                continue
            if board.last_move != pressed.last_move or not _same(board.position_before, before):
                continue
            if action in ("back", "forward"):
                board.press("goto", min(step, len(board.trace)))
            else:
                board.press(action)


def compare(
    position: Mapping[str, Any] | None = None,
    readings: Sequence[Mapping[str, Any]] = RELAYS,
    *,
    game: str = "kisolo",
    move: dict | None = None,
    titles: Sequence[str] | None = None,
    locale: str = "en",
    numbers: bool = True,
    **board_options: Any,
) -> Comparison:
    """Boards side by side, one for each reading (a dict of rule options, e.g.
    ``{"relay": "landing"}``; ``{}`` is docs/rules.md's own reading), all starting from
    ``position`` (default: the start of ``game``). Each board is titled by what its
    reading does, in its language, unless ``titles`` are given; ``move``, if given,
    is played on every board. ``board_options`` go to every board (``labels``,
    ``perspective``, ``speed`` ...).

    >>> pair = compare(game="kiothi", readings=({}, {"nki_release": "drop"}), locale="ko")
    >>> [board.title for board in pair.boards]
    ['nki는 집어 들 때 풀림', 'nki는 집어 들 때와 전사가 떨어질 때 풀림']
    """
    check_locale(locale)
    if position is not None:
        game = load_position(dict(position)).game
    rules = game_of(game)
    if len(readings) < 2:
        raise ValueError(f"readings = {shown(list(readings))}: expected at least two to compare")
    for reading in readings:
        rules.check_options(reading, ValueError)
    if titles is not None and len(titles) != len(readings):
        raise ValueError(f"titles: expected {len(readings)} titles, one for each reading")
    named = titles or reading_titles(game, readings, locale)
    boards = []
    with not_kept():  # boards that show a rule, not a student's game
        for reading, title in zip(readings, named, strict=True):
            boards.append(_board(game, position, reading, title, locale, numbers, board_options))
    pair = Comparison(boards, readings)
    if move is not None:
        pair.play(move)
    return pair


def _board(game, position, reading, title, locale, numbers, board_options):
    """One board of a comparison: the start (or ``position``) under ``reading``."""
    if position is None:
        return Board(game, title=title, locale=locale, numbers=numbers, **reading, **board_options)
    # Through the engine: the position then names only the options not the default.
    start = load_position({**position, **reading}).to_dict()
    return Board(game, position=start, title=title, locale=locale, numbers=numbers, **board_options)


def reading_titles(
    game: str, readings: Sequence[Mapping[str, Any]], locale: str = "en"
) -> list[str]:
    """A title for each reading, naming the value it plays of every option that any
    of the readings sets.

    >>> reading_titles("kisolo", [{}, {"repetition_draw": False}])
    ['Draw by repetition', 'No draw by repetition']
    """
    defaults = game_of(game).default_options()
    names = [name for name in defaults if any(name in r for r in readings)]
    if not names:
        return [tr(locale, f"names.game_{game}") for _ in readings]
    titles = []
    for reading in readings:
        parts = []
        for name in names:
            value = reading.get(name, defaults[name])
            parts.append(tr(locale, f"compare.options.{name}.{str(value).lower()}"))
        titles.append(tr(locale, "compare.joined").join(parts))
    return titles


def _same(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    return all(a.get(key) == b.get(key) for key in SAME)


def _summary(board: Board) -> str:
    locale, game, trace = board.locale, board.game, board.trace
    T = lambda key, **kw: tr(locale, key, **kw)
    if not trace:
        return T("compare.no_move", title=board.title)
    names = board.labels
    where = lambda cell: hole_name(game, cell, locale, names)
    sep = T("names.list_sep")
    relays = [where(e["cell"]) for e in trace if e["kind"] == "lift" and e.get("lap", 1) > 1]
    parts = [
        T("compare.relays", n=len(relays), cells=sep.join(relays))
        if relays
        else T("compare.no_relay")
    ]
    taken = [
        where(cell[:2]) for e in trace if e["kind"] == "capture" for cell in e["from"] if cell[2]
    ]
    if taken:
        parts.append(T("compare.captured", cells=sep.join(taken)))
    ends = [e for e in trace if e["kind"] == "lap_end"]
    if ends:
        parts.append(T("compare.ended", where=where(ends[-1]["cell"])))
    sentence = T("compare.move", title=board.title, what=T("compare.sep").join(parts))
    over = next((e for e in trace if e["kind"] == "game_end"), None)
    if over is not None:
        sentence += " " + narrate_end(game, over, locale, names)
    return sentence
