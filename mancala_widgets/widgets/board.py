"""The board widgets: Python owns the game, the browser draws, animates and asks.

All that a view needs to draw lives in synced traits (position, legal moves,
the last move's trace and its narration); the browser never applies a rule, it
sends messages (``{"kind": "play", "move": ...}``) which are checked here and
answered either by new traits or by an error shown on the board.
"""

from __future__ import annotations

import json
import pathlib
from collections import deque
from collections.abc import Callable, Sequence
from os import PathLike
from typing import Any

import anywidget
import traitlets as t

from ..drawing import board_geometry, variant_of
from ..rules import InvalidMoveError, Move, load_position
from ..rules.common import shown, shown_json
from ..rules.events import Event
from ..rules.game import board_of
from ..rules.record import GameRecord
from ..rules.tree import Node
from ..svg import board_svg
from ..text import LOCALES, Refusal, browser_words, check_label, check_title, tr
from ..text.names import cell_names, describe_error, move_name, narrate_trace, side_names
from .coach import Coaching
from .kept import KeptWork
from .wire import WireMixin

STATIC = pathlib.Path(__file__).resolve().parent.parent / "static"
MESSAGE_KINDS = {
    "play": ("kind", "move"),
    "undo": ("kind",),
    "redo": ("kind",),
    "reset": ("kind",),
    "computer_move": ("kind",),
    "goto": ("kind", "moves"),
    "hint": ("kind",),
    "review": ("kind",),
    "goto_node": ("kind", "node"),
    "stepped": ("kind", "action", "step"),
}
#: The step controls under the board, as the browser names them when one is pressed
#: (``{"kind": "stepped", "action": ..., "step": ...}``) and as :meth:`Board.press` asks
#: for them.
STEP_ACTIONS = ("replay", "back", "play", "pause", "forward", "end")
#: View preferences a browser may change; everything else is the game's truth.
BROWSER_WRITABLE = {"speed"}
#: A long game's move list shows at most this many moves: the current line's moves
#: around the one shown (MOVE_LIST_AROUND before it and after it) and the variations
#: near them. The browser draws no more, and each change sends no more.
MOVE_LIST_MOST = 300
MOVE_LIST_AROUND = 60


class Board(KeptWork, WireMixin, Coaching, anywidget.AnyWidget):
    """A mancala board for one game, played in the notebook or by clicking.

    >>> b = KisoloBoard(columns=6)
    >>> trace = b.play({"type": "capture", "column": 2})
    >>> b.position["to_move"], b.move_count
    ('north', 1)
    >>> b.undo(); b.move_count
    {'type': 'capture', 'column': 2}
    0
    """

    message_kinds = MESSAGE_KINDS

    _esm = STATIC / "widget.js"
    _css = STATIC / "widget.css"

    game = t.Unicode().tag(sync=True)
    position = t.Dict().tag(sync=True)
    #: The position before the last move: with ``trace`` enough to replay it.
    position_before = t.Dict(allow_none=True, default_value=None).tag(sync=True)
    legal_moves: t.List[Move] = t.List().tag(sync=True)
    trace: t.List[Event] = t.List().tag(sync=True)
    narration = t.List(t.Unicode()).tag(sync=True)
    last_move = t.Dict(allow_none=True, default_value=None).tag(sync=True)
    move_count = t.Int(0).tag(sync=True)
    can_undo = t.Bool(False).tag(sync=True)
    can_redo = t.Bool(False).tag(sync=True)
    #: The move list: the game's tree of moves in words, in the board's language, as a
    #: flat list (``entries``, each with its node ``id``, its ``parent``'s id (0: the
    #: start), ``index`` among the moves tried from there (0: the main line), ``ply``
    #: (1: the first move), ``text``, whether it is on the current ``line``, and whether
    #: it has ``more`` moves after it than are listed), and ``line_length``, the moves of
    #: the current line. A long game lists only the moves near the one shown, with as
    #: many of the variations near them as fit (MOVE_LIST_MOST): ``before`` and ``after``
    #: count the current line's moves left out, ``hidden`` all the moves left out.
    move_list = t.Dict().tag(sync=True)
    error = t.Unicode("").tag(sync=True)
    error_serial = t.Int(0).tag(sync=True)

    #: The name of every hole or boma, in the board's language and with the players' names.
    cell_names: t.List[list[str]] = t.List().tag(sync=True)
    #: Where everything is drawn (drawing.py): the browser draws from this alone.
    geometry = t.Dict().tag(sync=True)
    #: What a click on each cell ("row,column") may play: the legal moves it starts (a
    #: sowing, Kisolo's capture of that column from the mover's inner hole, the lifts of
    #: Kiothi's counts, the opening's lift pairs). Cells not listed cannot be played.
    cell_moves = t.Dict().tag(sync=True)
    #: The interface's words in the board's language (the catalogue's ``ui`` section).
    strings = t.Dict().tag(sync=True)

    perspective = t.Enum(["south", "north"], default_value="south").tag(sync=True)
    labels = t.Dict(default_value={"south": "South", "north": "North"}).tag(sync=True)
    title = t.Unicode("").tag(sync=True)
    interactive = t.Bool(True).tag(sync=True)
    speed = t.Float(1.0).tag(sync=True)
    #: Interface and narration language: "en" (default), "ko" or "fr".
    locale = t.Enum(list(LOCALES), default_value="en").tag(sync=True)
    #: The side the computer plays ("" for none), whether it is thinking, and why it
    #: chose its last move.
    computer = t.Unicode("").tag(sync=True)
    thinking = t.Bool(False).tag(sync=True)
    #: The computer is to move in the position shown, which has moves to redo: it waits
    #: to be asked (``computer_move()``, or the board's Computer's move button), so that
    #: stepping back through a game does not start it playing.
    computer_waits = t.Bool(False).tag(sync=True)
    computer_says = t.Unicode("").tag(sync=True)
    #: Draw the hole numbers that narration and lessons use (columns 1..N).
    numbers = t.Bool(False).tag(sync=True)
    #: Projector mode: the board fills the cell's width, with large counts.
    projector = t.Bool(False).tag(sync=True)
    #: A high-contrast look (black, white and yellow) for projectors and low vision.
    high_contrast = t.Bool(False).tag(sync=True)

    def __init__(
        self,
        game: str,
        *,
        position: dict | None = None,
        perspective: str = "south",
        labels: dict | None = None,
        title: str | None = None,
        locale: str = "en",
        opponent: Any = None,
        computer_plays: str = "north",
        seed: int | None = None,
        numbers: bool = False,
        projector: bool = False,
        high_contrast: bool | None = None,
        **variant: Any,
    ):
        record = GameRecord(game, start=position, **variant)
        super().__init__(
            game=game,
            perspective=perspective,
            locale=locale,
            title=title if title is not None else tr(locale, f"names.game_{game}"),
            numbers=numbers,
            projector=projector,
            high_contrast=projector if high_contrast is None else high_contrast,
            strings=browser_words(locale),
        )
        self._default_labels = labels is None
        self.labels = labels if labels is not None else side_names(locale)
        self._record = record
        self._observers: list[Callable[[dict, list[Event], Board], None]] = []
        self._step_observers: list[Callable[[str, int, Board], None]] = []
        self.on_msg(self._on_message)
        self._opponent: Any = None
        self._said_at: Node | None = None  # the position the computer's words are about
        self._sync(trace=[], before=None, last=None)
        if opponent is not None:
            self.set_opponent(opponent, computer_plays, seed)
        if self._joins_as_board:
            self._join_workbook("board")

    # -- its work, kept in the notebook's workbook (classroom/work.py) -----------------------

    #: A lesson joins as a lesson, not as a board (widgets/lesson.py).
    _joins_as_board = True

    def work_state(self) -> dict:
        """The game played on this board, as a record file holds it."""
        from ..classroom.work import now

        state: dict[str, Any] = {"game": self.game, "moves": len(self._record), "at": now()}
        try:
            state["record"] = self._record.to_json()
        except ValueError:  # variations nested deeper than a file holds: the line only
            line = GameRecord(self.game, start=self._record.start, **self._record.variant)
            for _, move in self._record.line():
                line.play(move, traced=False)
            state["record"] = line.to_json()
        return state

    def _restore(self, state: dict) -> None:
        record = GameRecord.from_json(state["record"])
        if record.game != self.game or record.start != self._record.start:
            return  # another board's game
        self._record = record
        self._sync_current()

    # -- validation of user-set traits -----------------------------------------------

    @t.validate("labels")
    def _check_labels(self, proposal):
        labels = proposal["value"]
        if set(labels) != {"south", "north"}:
            raise t.TraitError(
                f"labels = {shown(labels)}: expected a name for 'south' and for "
                "'north', e.g. {'south': 'Mbuyi', 'north': 'Kanku'}"
            )
        for side, name in labels.items():
            check_label(name, f"labels[{side!r}]", t.TraitError)
        return dict(labels)

    @t.validate("title")
    def _check_title(self, proposal):
        return check_title(proposal["value"], "title", t.TraitError)

    @t.validate("speed")
    def _check_speed(self, proposal):
        speed = proposal["value"]
        if not 0.25 <= speed <= 8:
            raise t.TraitError(f"speed = {shown(speed)}: expected a factor from 0.25 to 8")
        return speed

    # -- the Python API ------------------------------------------------------------------

    @property
    def record(self) -> GameRecord:
        return self._record

    def play(self, move: dict) -> list[Event]:
        """Play a move (the JSON of docs/rules.md) and animate it; returns the trace. Against
        the computer, its answer follows.

        Raises the engine's errors for an illegal or malformed move; nothing changes then."""
        trace = self._play(move)
        self._computer_turn()
        return trace

    def _play(self, move: dict) -> list[Event]:
        before = self._record.position
        trace = self._record.play(move)
        self._sync(trace=trace, before=before, last=move)
        self._notify(move, trace)
        return trace

    def set_opponent(self, opponent: Any, computer_plays: str = "north", seed: int | None = None):
        """Let the computer play one side: a level ("random", "greedy", "search",
        "expert") or any object with ``choose(state)``; None to play two humans."""
        from ..players import level

        if computer_plays not in ("south", "north"):
            raise ValueError(
                f"computer_plays = {shown(computer_plays)}: expected 'south' or 'north'"
            )
        self._opponent = level(opponent, seed) if isinstance(opponent, str) else opponent
        self.computer = computer_plays if opponent is not None else ""
        self._computer_turn()

    def computer_move(self) -> list[Event]:
        """Let the computer play its move now (it waits when the position shown has moves
        to redo); returns the move's trace. Raises ValueError when it is not the
        computer's turn."""
        if not self._computer_to_move():
            raise ValueError(tr(self.locale, "errors.not_computer_turn"))
        return self._computer_plays()

    def _computer_to_move(self) -> bool:
        state = self._record.state
        return (
            self._opponent is not None
            and state.status == "playing"
            and state.to_move == ("south", "north").index(self.computer)
        )

    def _computer_turn(self):
        """The computer plays for as long as it is to move."""
        while self._computer_to_move():
            self._computer_plays()

    def _computer_plays(self) -> list[Event]:
        state = self._record.state
        assert self._opponent is not None
        self.thinking = True  # sent at once: the board shows it while we think
        try:
            move = self._opponent.choose(state)
        finally:
            self.thinking = False
        explain = getattr(self._opponent, "explain", None)
        says = explain(state, move, self.locale, self.labels) if explain else ""
        trace = self._play(move)
        # Said while the position after the move is shown; a step elsewhere clears it.
        self.computer_says, self._said_at = says, self._record.node
        return trace

    def undo(self) -> dict | None:
        """Take back the last move (against the computer: back to your own turn);
        returns the last move taken back, or None at the start."""
        move = self._record.undo()
        while (
            move is not None
            and self.computer
            and self._record.can_undo
            and self._record.state.to_move == ("south", "north").index(self.computer)
        ):
            move = self._record.undo()
        if move is not None:
            self._sync_current()
        return move

    def redo(self) -> list[Event] | None:
        """Play again the move last taken back, animated; returns its trace."""
        before = self._record.position
        trace = self._record.redo()
        if trace is not None:
            move = self._record.node.move
            self._sync(trace=trace, before=before, last=move)
            self._notify(move, trace)
        return trace

    def goto(self, moves: int):
        """Show the game after its first ``moves`` moves (0: the start), taking
        moves back or playing them again; the moves after it can still be redone."""
        self._record.goto(moves)
        self._sync_current()
        if not self._record.can_redo:
            self._computer_turn()

    def goto_node(self, target: Node | int | Sequence[int]):
        """Show the game at any position of its tree: a node of ``record``, its id, or its
        path (``GameRecord.find``). Moves played from there start a variation."""
        self._record.goto_node(target)
        self._sync_current()
        if not self._record.can_redo:
            self._computer_turn()

    def promote(self, target: Node | int | Sequence[int] | None = None):
        """Make the line through ``target`` (default: the position shown) the main line."""
        self._record.promote(target)
        self._sync_current()

    def delete_variation(self, target: Node | int | Sequence[int]):
        """Delete a move of the tree and every move after it."""
        self._record.delete_variation(target)
        self._sync_current()

    def reset(self):
        """Back to the start position: a new game, the old one's moves kept in the move
        list; against the computer, it moves at once if it plays first."""
        self._record.reset()
        self._sync(trace=[], before=None, last=None)
        self._computer_turn()

    def load(self, position: dict):
        """Start again from ``position`` (a position of docs/rules.md, e.g. a lesson set-up)."""
        state = load_position(position)
        if state.game != self.game:
            raise ValueError(
                f"position: a {state.game} position cannot be shown on a {self.game} board"
            )
        self._record = GameRecord(self.game, start=position)
        self._sync(trace=[], before=None, last=None)
        self._computer_turn()

    def save(self, path: str | PathLike) -> Any:
        """Save the game record (JSON) to ``path``. Where that file will not outlast the
        page (the classroom site at a class network's address), it also returns a button
        that downloads the record, which a cell shows when this is its last line."""
        from ..classroom.site import folder_is_kept

        self._record.save(path)
        target = pathlib.Path(path)
        if folder_is_kept(target.resolve().parent):
            return None
        from .work import DownloadButton

        label = tr(self.locale, "work.download_not_kept", file=target.name)
        return DownloadButton(target.name, self._record.dumps() + "\n", label, self.locale)

    def load_record(self, path: str | PathLike):
        """Load a saved game record; every move is replayed and checked."""
        record = GameRecord.load(path)
        if record.game != self.game:
            raise ValueError(
                f"{path}: a {record.game} record cannot be loaded on a {self.game} board"
            )
        self._record = record
        self._sync_current()
        if not record.can_redo:
            self._computer_turn()

    def on_move(self, callback: Callable[[dict, list[Event], Board], None], remove=False):
        """Call ``callback(move, trace, board)`` after every move played (by a click, from
        Python, by the computer, or played again by redo)."""
        if remove:
            self._observers.remove(callback)
        else:
            self._observers.append(callback)

    def on_step(self, callback: Callable[[str, int, Board], None], remove=False):
        """Call ``callback(action, step, board)`` when a step control is pressed in the
        browser: ``action`` is one of ``STEP_ACTIONS``, ``step`` how many events of the
        move shown are shown after it (0 is the position before the move)."""
        if remove:
            self._step_observers.remove(callback)
        else:
            self._step_observers.append(callback)

    def press(self, action: str, to: int | None = None) -> None:
        """Press a step control of the move shown, in every browser showing this board:
        one of ``STEP_ACTIONS``, or ``"goto"`` with ``to``, the number of events to show
        (0 is the position before the move; past the end is the end)."""
        if action not in (*STEP_ACTIONS, "goto"):
            raise ValueError(
                f"unknown step {shown(action)}: expected one of {', '.join(STEP_ACTIONS)} or goto"
            )
        if (action == "goto") != (to is not None):
            raise ValueError("a step to a number of events is action='goto' with to=N")
        if to is not None and (type(to) is not int or to < 0):
            raise ValueError(f"to must be a number of events, 0 or more, not {shown(to)}")
        self.send({"kind": "step", "action": action, "step": to})

    def to_svg(self) -> str:
        """A static SVG picture of the current position."""
        return board_svg(
            self.position,
            perspective=self.perspective,
            labels=self.labels,
            title=self.title,
            last_move=self.last_move,
            locale=self.locale,
            numbers=self.numbers,
        )

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        # Shown where no widget can run: GitHub, nbviewer, nbconvert without state.
        data["image/svg+xml"] = self.to_svg()
        return data, metadata

    # -- syncing -----------------------------------------------------------------------------

    def _sync_current(self):
        node = self._record.node
        if node.parent is not None:
            self._sync(trace=node.trace, before=node.parent.position, last=node.move)
        else:
            self._sync(trace=[], before=None, last=None)

    def _sync(self, *, trace, before, last):
        rec = self._record
        with self.hold_sync():
            self.position_before = before
            self.position = rec.position
            self.legal_moves = rec.legal_moves()
            self.cell_moves = self._cell_moves(self.legal_moves)
            self.trace = trace
            self.narration = self._narrate(trace)
            self.move_list = self._move_list()
            self.cell_names = self._cell_names()
            geometry = self._geometry()
            if geometry != self.geometry:
                self.geometry = geometry
            self.last_move = last
            self.move_count = len(rec)
            self.can_undo = rec.can_undo
            self.can_redo = rec.can_redo
            self.computer_waits = rec.can_redo and self._computer_to_move()
            if rec.node is not self._said_at:
                self.computer_says = ""
            self.error = ""
            self._coach_sync()
        self._work_changed()

    def _narrate(self, trace: Sequence[Event]) -> list[str]:
        return narrate_trace(self.game, trace, self.locale, self.labels)

    @property
    def history(self) -> list[str]:
        """The current line's moves in words, in the board's language: the first
        ``move_count`` are played, the rest were taken back and can be played again."""
        return [
            move_name(self.game, move, player, self.locale, self.labels)
            for player, move in self._record.line()
        ]

    def _move_list(self) -> dict:
        rec = self._record
        on_line: set[int]
        if rec.node_count <= MOVE_LIST_MOST:
            nodes = list(rec.root.walk())[1:]
            line = rec.line_end.from_start() if rec.node_count else []
            on_line, before, after = {n.id for n in line}, 0, 0
        else:
            window = rec.line_window(MOVE_LIST_AROUND, MOVE_LIST_AROUND)
            nodes = _near(window, MOVE_LIST_MOST)
            on_line = {n.id for n in window}
            before = window[0].ply - 1 if window else 0
            after = rec.line_length - (window[-1].ply if window else 0)
        listed = {n.id for n in nodes}
        entries = []
        for node in nodes:
            assert node.move is not None and node.player is not None and node.parent is not None
            entries.append(
                {
                    "id": node.id,
                    "parent": node.parent.id,
                    "index": node.parent._children.index(node),
                    "ply": node.ply,
                    "text": move_name(self.game, node.move, node.player, self.locale, self.labels),
                    "line": node.id in on_line,
                    "more": any(c.id not in listed for c in node._children),
                }
            )
        return {
            "entries": entries,
            "line_length": rec.line_length,
            "before": before,
            "after": after,
            "hidden": rec.node_count - len(entries),
        }

    def _cell_names(self) -> list[list[str]]:
        board = self.position["board"]
        return cell_names(self.game, len(board), len(board[0]), self.locale, self.labels)

    @t.observe("locale")
    def _relabel(self, change):
        if hasattr(self, "_record"):
            with self.hold_sync():
                self.strings = browser_words(self.locale)
                if self._default_labels:
                    self.labels = side_names(self.locale)
                self._renarrate()

    @t.observe("labels")
    def _renamed(self, change):
        if hasattr(self, "_record"):
            self._renarrate()

    @t.observe("perspective", "numbers")
    def _redraw(self, change):
        if hasattr(self, "_record"):
            self.geometry = self._geometry()

    def _cell_moves(self, legal: list[dict]) -> dict:
        board = board_of(self._record.position)
        mover = self._record.position["to_move"]
        cells: dict[str, list[dict]] = {}
        for move in legal:
            if move["type"] == "capture":
                starts = [(board.facing_rows[mover], move["column"])]
            elif move["type"] == "redistribute":
                starts = [tuple(c) for c in move["lift"]]
            else:
                starts = [(move["row"], move["column"])]
            for r, c in starts:
                cells.setdefault(f"{r},{c}", []).append(move)
        return cells

    def _geometry(self) -> dict:
        position = self._record.position
        return board_geometry(self.game, variant_of(position), self.perspective, self.numbers)

    def _renarrate(self):
        with self.hold_sync():
            self.narration = self._narrate(self.trace)
            self.move_list = self._move_list()
            self.cell_names = self._cell_names()

    def _notify(self, move, trace):
        for observer in list(self._observers):
            observer(move, trace, self)

    def _show_error(self, text: str):
        with self.hold_sync():
            self.error = text
            self.error_serial += 1

    # -- messages from the browser (untrusted) ---------------------------------------------

    def _on_message(self, _widget, content, _buffers):
        try:
            kind = self._check_message(content)
            if self._on_extra_message(kind, content):
                return
            if kind == "play":
                try:
                    self.play(content["move"])
                except InvalidMoveError:
                    raise Refusal("bad_move", move=shown_json(content["move"])) from None
            elif kind == "undo":
                if self.undo() is None:
                    self._show_error(tr(self.locale, "errors.no_undo"))
            elif kind == "reset":
                self.reset()
            elif kind == "computer_move":
                if not self._computer_to_move():
                    raise Refusal("not_computer_turn")
                self._computer_plays()
            elif kind == "redo":
                if self.redo() is None:
                    self._show_error(tr(self.locale, "errors.no_redo"))
            elif kind == "goto":
                total = self._record.line_length
                moves = content["moves"]
                if type(moves) is not int or not 0 <= moves <= total:
                    raise Refusal("goto_range", moves=shown_json(moves), total=total)
                self.goto(moves)
            elif kind == "goto_node":
                node = content["node"]
                if type(node) is not int or not self._record.has_node(node):
                    raise Refusal("goto_node", node=shown_json(node))
                self.goto_node(node)
            elif kind == "stepped":
                action, step = content["action"], content["step"]
                if action not in STEP_ACTIONS:
                    raise Refusal("step_action", action=shown_json(action))
                if type(step) is not int or not 0 <= step <= len(self.trace):
                    raise Refusal("step_range", step=shown_json(step), total=len(self.trace))
                for observer in list(self._step_observers):
                    observer(action, step, self)
            elif kind == "hint":
                self._hint_message()
            elif kind == "review":
                self._review_message()
            else:
                raise NotImplementedError(f"the message kind {kind!r} has no handler")
        except Refusal as e:
            self._show_error(e.words(self.locale))
        except (ValueError, t.TraitError) as e:
            self._show_error(describe_error(e, self.locale))
        except Exception as e:  # a fault of the program: said on the board, logged in full
            self.log.exception("mancala-widgets: a %s message failed", content.get("kind"))
            self._show_error(tr(self.locale, "errors.internal", error=shown(type(e).__name__)))

    def _on_extra_message(self, kind: str, content: dict) -> bool:
        """Subclasses answer their own message kinds here."""
        return False

    def _check_message(self, content) -> str:
        if not isinstance(content, dict):
            raise Refusal("not_object")
        kind = content.get("kind")
        kinds = self.message_kinds
        if not isinstance(kind, str) or kind not in kinds:
            raise Refusal("unknown_kind", kind=shown_json(kind))
        extra = sorted(map(str, set(content) - set(kinds[kind])))
        missing = sorted(set(kinds[kind]) - set(content))
        if extra:
            raise Refusal("extra_field", kind=json.dumps(kind), field=shown_json(extra[0]))
        if missing:
            raise Refusal("missing_field", kind=json.dumps(kind), field=json.dumps(missing[0]))
        if kind == "play" and not self.interactive:
            raise Refusal("watching")
        if kind == "play" and self.computer and self.position["to_move"] == self.computer:
            raise Refusal("computer_turn")
        return kind

    def set_state(self, sync_data):
        """State sent by the browser: only view preferences may change this way."""
        if not isinstance(sync_data, dict):
            self._show_error(tr(self.locale, "errors.not_object"))
            return
        allowed = {k: v for k, v in sync_data.items() if k in BROWSER_WRITABLE}
        forged = sorted(k for k in sync_data if k not in BROWSER_WRITABLE)
        if allowed:
            try:
                super().set_state(allowed)
            except (t.TraitError, OverflowError):  # OverflowError: an int too big for a float
                self._show_error(tr(self.locale, "errors.bad_speed"))
                self.send_state(list(allowed))
        if forged:
            self._show_error(tr(self.locale, "errors.forged_state"))
            known = [k for k in forged if k in self.keys]
            if known:
                self.send_state(known)


def _near(window: list[Node], most: int) -> list[Node]:
    """The moves a long game's move list shows: the current line's ``window``, the
    main move beside each of its variations, then the variations tried instead of
    the window's moves, breadth first, until ``most``."""
    chosen: dict[int, Node] = {n.id: n for n in window}
    for node in window:
        assert node.parent is not None
        main = node.parent._children[0]
        chosen.setdefault(main.id, main)
    queue = deque(
        sibling for node in window if node.parent for sibling in node.parent._children[1:]
    )
    while queue and len(chosen) < most:
        node = queue.popleft()
        if node.id not in chosen:
            chosen[node.id] = node
        queue.extend(node._children)
    return list(chosen.values())


class KisoloBoard(Board):
    """Kisolo on a 4 x 7 (or ``columns=6``) board."""

    def __init__(self, columns: int = 7, **kwargs: Any):
        if kwargs.get("position") is not None:
            super().__init__("kisolo", **kwargs)
        else:
            super().__init__("kisolo", columns=columns, **kwargs)


class KiothiBoard(Board):
    """Kiothi with ``start_holes=6`` (30 warriors a side) or 5, orthodox or not."""

    def __init__(self, start_holes: int = 6, orthodox: bool = True, **kwargs: Any):
        if kwargs.get("position") is not None:
            super().__init__("kiothi", **kwargs)
        else:
            super().__init__("kiothi", start_holes=start_holes, orthodox=orthodox, **kwargs)
