"""Exercise 3: build a position where a capture happens, and show the move."""

from __future__ import annotations

import copy
import json
from typing import TYPE_CHECKING, Any

from ..rules import IllegalMoveError, MalformedError, load_position
from ..rules.events import Event
from ..rules.files import read_json
from ..rules.game import game as game_of
from ..rules.kisolo import KisoloState
from ..text import tr
from ..text.names import hole_name, narrate, narrate_trace, pieces, side_names

if TYPE_CHECKING:
    pass
from .base import ANSWER_BYTES, GAMES, Exercise, ExerciseError, Feedback, _is_int, _Unreadable

# -- 3. Build a position where a capture happens ---------------------------------------

#: Examples the worked answer shows; the engine confirms they capture.
EXAMPLES = {
    # 15 stones go once round South's circuit and one more: the lap ends in a
    # hole the same lap filled, just before South's inner hole 6, which got a
    # stone on the way round and faces North's stones: a mid-move capture.
    "kisolo": {
        "board": [[0, 0, 0, 0, 0, 1, 0], [0, 0, 0, 0, 0, 2, 0], [0] * 7, [0, 0, 0, 0, 0, 0, 15]],
        "move": {"type": "sow", "row": 3, "column": 6},
    },
    "kiothi": {
        "board": [[0, 0, 2, 0, 0, 0, 1, 0, 0, 0], [0, 1, 0, 0, 0, 0, 0, 0, 0, 0]],
        "move": {"type": "sow", "row": 1, "column": 1, "count": 1},
    },
}


class BuildCapture(Exercise):
    """Build a position where South's move captures. The student gives the board
    and the move: ``ex.check(board=[[...], ...], move=[3, 2])``, or one dict
    (or its JSON, as typed in the form's box) ``{"board": ..., "move": ...}``.
    Kiothi also takes ``nki`` and ``sown``: lists of [row, column] (or 2 x 10
    grids of true/false). Moves: docs/rules.md JSON, or for short Kisolo
    ``[row, column]`` (a sowing) and Kiothi ``[row, column, count]``.

    The board is completed into a position (docs/rules.md) (South to move, playing;
    Kiothi: turn 7, orthodox rules), played by the engine, and the feedback
    says which capture rule applied or why nothing was captured. The form shows
    the last board checked as a static picture.

    >>> ex = build_capture()
    >>> board = [[0] * 7, [0, 0, 3, 0, 0, 0, 0], [0, 0, 1, 0, 0, 0, 0], [1] + [0] * 6]
    >>> ex.check(board=board, move={"type": "capture", "column": 2}).rules
    ('turn_start_capture',)
    """

    family = "build"

    def __init__(self, game: str = "kisolo", locale: str = "en"):
        super().__init__(locale)
        if not isinstance(game, str) or game not in GAMES:
            raise ExerciseError(self.locale, "game", got=repr(game))
        self.game = game
        self.id = f"build-{game}"
        self.rules = game_of(game)
        self.rows = self.rules.board().rows
        self.answer = copy.deepcopy(EXAMPLES[game])
        self.built: dict | None = None
        self.question = self._t(f"build.question_{game}")
        if not self.check(self.answer).correct:
            raise RuntimeError(f"the {game} example captures nothing: the engine changed")
        self.built = None

    def check(
        self,
        answer: Any = None,
        *,
        board: Any = None,
        move: Any = None,
        nki: Any = None,
        sown: Any = None,
    ) -> Feedback:
        self.built = None
        try:
            board, move, nki, sown = self._gather(answer, board, move, nki, sown)
            position = self._complete(board, nki, sown)
            self.built = position
            move = self._read_move(move, position)
            trace = self._play(position, move)
        except _Unreadable as e:
            return self._unreadable(e)
        return self._judge(position, trace)

    def _gather(self, answer, board, move, nki, sown):
        marks = {"nki", "sown"} if self.rules.has_nki else set()
        allowed = {"board", "move"} | marks
        if answer is not None:
            if isinstance(answer, str):
                try:  # held to the size and nesting of any JSON the package reads
                    answer = read_json(answer, "answer", ValueError, most=ANSWER_BYTES)
                except ValueError:
                    raise _Unreadable("build.unreadable") from None
            if not isinstance(answer, dict) or any(v is not None for v in (board, move, nki, sown)):
                raise _Unreadable("build.unreadable")
            if set(answer) - allowed:
                raise _Unreadable(f"build.unknown_field_{self.game}")
            board, move, nki, sown = (answer.get(k) for k in ("board", "move", "nki", "sown"))
        if not marks and (nki is not None or sown is not None):
            raise _Unreadable(f"build.unknown_field_{self.game}")
        if board is None:
            raise _Unreadable("build.missing_board")
        if move is None:
            raise _Unreadable("build.missing_move")
        return board, move, nki, sown

    def _complete(self, board: Any, nki: Any, sown: Any) -> dict:
        """The board as a position (docs/rules.md), checked first here (to say what is
        wrong in the student's language), then by the engine."""
        rows, g = self.rows, self.rules
        if not isinstance(board, list) or not all(isinstance(row, list) for row in board):
            raise _Unreadable("build.board_not_rows", rows=rows)
        if len(board) != rows:
            raise _Unreadable("build.board_row_count", got=len(board), rows=rows)
        widths = g.variants.get("columns", (g.board().columns,))
        width = len(board[0]) if len(board[0]) in widths else widths[0]
        for r, row in enumerate(board):
            if len(row) != width:
                raise _Unreadable(
                    f"build.board_row_length_{self.game}", r=r, got=len(row), columns=width
                )
            for c, v in enumerate(row):
                if not _is_int(v) or v < 0:
                    raise _Unreadable("build.board_entry", r=r, c=c)
        board = [list(row) for row in board]
        if g.has_nki:
            position = g.position_from(
                board, nki=self._marks(nki, "nki"), sown=self._marks(sown, "sown")
            )
        else:
            position = g.position_from(board)
        try:
            load_position(position)
        except MalformedError as e:
            # A game without jails is over once a side has no pieces; one with jails, once
            # the player to move has no move.
            if g.has_jails:
                raise _Unreadable(f"build.no_move_{self.game}", detail=str(e)) from None
            layout = g.board(columns=width)
            bare = [
                p
                for p in ("south", "north")
                if not any(board[r][c] for r in layout.rows_of(p) for c in range(width))
            ]
            if bare:
                raise _Unreadable(
                    f"build.no_stones_{self.game}",
                    detail=str(e),
                    who=side_names(self.locale)[bare[0]],
                ) from None
            raise _Unreadable("build.position", detail=str(e)) from None
        return position

    def _marks(self, value: Any, field: str) -> list[list[bool]]:
        grid = [[False] * 10 for _ in range(2)]
        if value is None:
            return grid
        bad = _Unreadable("build.marks", field=self._t(f"build.field_{field}"))
        if not isinstance(value, list):
            raise bad
        if len(value) == 2 and all(isinstance(r, list) and len(r) == 10 for r in value):
            if not all(isinstance(v, bool) for r in value for v in r):
                raise bad
            return [list(r) for r in value]
        for cell in value:
            if (
                not isinstance(cell, (list, tuple))
                or len(cell) != 2
                or not all(_is_int(x) for x in cell)
                or not 0 <= cell[0] < 2
                or not 0 <= cell[1] < 10
            ):
                raise bad
            grid[cell[0]][cell[1]] = True
        return grid

    def _read_move(self, move: Any, position: dict) -> dict:
        g = self.rules
        shape = _Unreadable(f"build.move_shape_{self.game}")
        sow_keys = ("row", "column", "count") if g.counts_lifted else ("row", "column")
        if isinstance(move, (list, tuple)):
            if len(move) != len(sow_keys):
                raise shape
            move = {"type": "sow", **dict(zip(sow_keys, move, strict=True))}
        if not isinstance(move, dict):
            raise shape
        kind = move.get("type")
        fields = (
            {"sow": sow_keys, "capture": ("column",) if g.capture_moves else None}.get(kind)
            if isinstance(kind, str)
            else None
        )
        if not fields or set(move) != {"type", *fields}:
            raise shape
        width = len(position["board"][0])
        for field, hi in (("row", self.rows - 1), ("column", width - 1), ("count", None)):
            if field in fields:
                v = move[field]
                if hi is None and (not _is_int(v) or v < 1):
                    raise _Unreadable("build.move_count")
                if hi is not None and (not _is_int(v) or not 0 <= v <= hi):
                    raise _Unreadable(
                        "build.move_value", field=self._t(f"build.field_{field}"), lo=0, hi=hi
                    )
        return dict(move)

    def _play(self, position: dict, move: dict) -> list[Event]:
        trace: list[Event] = []
        try:
            load_position(position).play(move, trace)
        except IllegalMoveError as e:
            raise self._illegal(e, position, move, trace) from None
        except MalformedError as e:  # not expected after _read_move; worded all the same
            raise _Unreadable(f"build.move_shape_{self.game}", detail=str(e)) from None
        return trace

    def _illegal(
        self, e: IllegalMoveError, position: dict, move: dict, trace: list[Event]
    ) -> _Unreadable:
        """The engine's refusal, worded from its rule (its message is the detail)."""
        game, loc = self.game, self.locale
        cell = [move.get("row"), move["column"]]
        where = hole_name(game, cell, loc) if cell[0] is not None else None
        column = lambda c: tr(loc, "names.column", n=c + 1)
        key, fields = "build.illegal", {}
        if e.rule in ("own_holes", "own_bomas"):
            key, fields = f"build.{e.rule}", {"where": where}
        elif e.rule == "sow":
            key, fields = "build.empty_hole", {"where": where}
        elif e.rule == "turn_start_capture" and move["type"] == "capture":
            key, fields = "build.capture_impossible", {"column": column(move["column"])}
        elif e.rule == "turn_start_capture":
            state = load_position(position)
            assert isinstance(state, KisoloState), "only Kisolo has turn-start captures"
            due = state.capture_columns()
            key = "build.capture_due"
            fields = {"columns": tr(loc, "names.list_sep").join(column(c) for c in due)}
        elif e.rule == "partial_lifting":
            have = position["board"][cell[0]][cell[1]]
            key = "build.too_many" if have else "build.empty_boma"
            fields = {"where": where, "have": pieces(game, have, loc), "k": move["count"]}
        elif e.rule == "first_lap_restriction":
            assert e.cell is not None, "the engine names the first lap's landing boma"
            key, fields = "build.first_lap", {"where": hole_name(game, e.cell, loc)}
        elif e.rule == "perpetual_sowing":
            key = "build.perpetual"
        return _Unreadable(key, detail=str(e), **fields)

    def _judge(self, position: dict, trace: list[Event]) -> Feedback:
        game, loc = self.game, self.locale
        rules = tuple(dict.fromkeys(e["rule"] for e in trace if e["kind"] == "capture"))
        if not rules:
            why = self._why_not_from_lap_ends(position, trace) + self._why_not_from_refusals(trace)
            return Feedback(False, "\n".join([self._t("build.no_capture"), *why]))
        lines = [self._t("build.capture")]
        lines += [
            narrate(game, e, loc)
            for e in trace
            if e["kind"] in ("capture", "leftmost_triple", "game_end")
        ]
        names = tr(loc, "names.list_sep").join(self._t(f"build.rule_{r}") for r in rules)
        lines.append(self._t("build.rules", rules=names))
        return Feedback(True, "\n".join(lines), rules=rules)

    def _why_not_from_lap_ends(self, position: dict, trace: list[Event]) -> list[str]:
        """Where a lap end decides a capture by the hole after it (Kisolo): the lap ends
        that came near a mid-move capture, then how the move ended. Without a capture
        the opponent's facing row stays as it was, so the board given says which of
        their holes faced stones."""
        game = self.game
        board = self.rules.board(
            **({"columns": len(position["board"][0])} if "columns" in self.rules.variants else {})
        )
        name = lambda cell: hole_name(game, cell, self.locale)
        near, last = [], []
        for e in trace:
            if e["kind"] != "lap_end" or "next" not in e:
                continue
            r, c = e["next"]
            fields = {"lap": e["lap"], "where": name(e["cell"]), "next": name(e["next"])}
            facing = board.opposite((r, c))
            if (
                e["then"] == "relay"
                and facing
                and board.owner((r, c)) == "south"
                and e["next_count"]
            ):
                if not position["board"][facing[0]][facing[1]]:
                    near.append(
                        self._t(f"build.{game}_facing_empty", **fields, facing=name(list(facing)))
                    )
                elif not e["occupied"]:
                    near.append(self._t(f"build.{game}_landed_empty", **fields))
            elif e["then"] == "end":
                last = [self._t(f"build.{game}_end", **fields)]
            elif e["then"] == "perpetual":
                last = [self._t(f"build.{game}_perpetual")]
        more = [self._t(f"build.{game}_more", n=len(near) - 3)] if len(near) > 3 else []
        return near[:3] + more + last

    def _why_not_from_refusals(self, trace: list[Event]) -> list[str]:
        """Where the engine says why a sowing captured nothing (Kiothi)."""
        name = lambda cell: hole_name(self.game, cell, self.locale)
        return [
            self._t(
                f"build.{self.game}_{e['why']}", where=name(e["cell"]), opposite=name(e["opposite"])
            )
            for e in trace
            if e["kind"] == "no_capture"
        ]

    def parameters(self) -> dict:
        return {"game": self.game}

    def hint(self) -> str:
        return self._t(f"build.hint_{self.game}")

    def worked(self) -> str:
        example = self.answer
        position = self._complete(example["board"], None, None)
        trace = self._play(position, example["move"])
        return "\n".join(
            [
                self._t("build.example"),
                self._t("build.example_board", board=json.dumps(example["board"])),
                self._t("build.example_move", move=json.dumps(example["move"])),
                *narrate_trace(self.game, trace, self.locale),
            ]
        )

    def picture(self) -> str | None:
        if self.built is None:
            return None
        from ..svg import board_svg

        return board_svg(self.built, numbers=True, locale=self.locale)


def build_capture(game: str = "kisolo", locale: str = "en") -> BuildCapture:
    """Build a position where South's move captures. See :class:`BuildCapture`."""
    return BuildCapture(game, locale)
