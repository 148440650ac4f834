"""Hints and reviews on a board: the traits, the two browser messages, and the
review's background thread.

A review runs in a thread so the kernel keeps answering (moves, the notebook's
cells) while it works. The thread changes one trait, ``game_review``, and only
while it holds the board's sync lock, which every ``hold_sync`` of the board also
takes: an update from the thread is never mixed into, or lost from, a batch of
changes the kernel is sending.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from typing import Any

import traitlets as t

from ..players import LEVELS
from ..review import Hint, Review, hint, review
from ..rules.common import shown
from ..text import Refusal

#: Levels a hint or a review can be computed at (the random level judges nothing).
COACH_LEVELS = tuple(name for name in LEVELS if name != "random")
IDLE = {"state": "none"}


class Coaching(t.HasTraits):
    """The hint and review part of a board (mixed into :class:`Board`)."""

    #: Whether the board offers a Hint button. On by default, as in a practice game;
    #: a teacher switches it off with ``board.hints = False`` (a test, a tournament).
    hints = t.Bool(True).tag(sync=True)
    #: The level hints are computed at: "" for the level of the computer the board
    #: plays against (the strongest, "expert", with no computer or a random one).
    hint_level = t.Unicode("").tag(sync=True)
    #: The hint shown: the move, the cells it is played from, and why, in words.
    hint = t.Dict(allow_none=True, default_value=None).tag(sync=True)
    #: The review: ``state`` "none", "running" (``done`` of ``total`` positions),
    #: "stopped" (a new move was played) or "done": then ``scores`` (who was ahead
    #: at each position, from South's point of view), ``turning_points`` (each with
    #: its ``move`` number, the position before it as ``goto``, its ``text`` and the
    #: better move's ``cells``) and a ``summary``.
    game_review = t.Dict(default_value=IDLE).tag(sync=True)
    #: Whether the game shown has ended, so the browser offers its review.
    can_review = t.Bool(False).tag(sync=True)

    def __init__(self, *args: Any, **kwargs: Any):
        self._sync_lock = threading.RLock()
        self._hint: Hint | None = None
        self._review: Review | None = None
        self._reviewed_line: str | None = None
        self._stop = threading.Event()
        self._job: Future[Review] | None = None
        super().__init__(*args, **kwargs)

    @t.validate("hint_level")
    def _check_hint_level(self, proposal):
        value = proposal["value"]
        if value and value not in COACH_LEVELS:
            raise t.TraitError(
                f"hint_level = {shown(value)}: expected '' (the computer's level) or one of "
                f"{', '.join(COACH_LEVELS)}"
            )
        return value

    @property
    def _board(self) -> Any:
        """The board this is mixed into: its record, its other traits."""
        return self

    @contextmanager
    def hold_sync(self) -> Iterator[None]:
        widget: Any = super()
        with self._sync_lock, widget.hold_sync():
            yield

    # -- the Python API ------------------------------------------------------------------

    @property
    def last_review(self) -> Review | None:
        """The last review finished on this board (None before any)."""
        return self._review

    def show_hint(self) -> Hint:
        """Suggest a move for the player to move, at the hint level, and show it on
        the board: its cell marked and why in a sentence (``board.hint``)."""
        state = self._board._record.state
        found = hint(state, level=self._hint_level(), seed=len(self._board._record))
        self._hint = found
        self.hint = self._hint_trait(found)
        return found

    def review(self, level: str = "expert", seed: int | None = 0) -> Future[Review]:
        """Review the game's line (every position assessed at ``level``) in a
        background thread; the board shows its progress, then a chart of who was
        ahead and the turning points. Returns a Future: ``.result()`` waits for the
        :class:`~mancala_widgets.review.Review`. A new move played stops it.

        Where no thread can start (Pyodide, in JupyterLite) it runs here and now."""
        if level not in COACH_LEVELS:
            raise ValueError(f"level = {shown(level)}: expected one of {', '.join(COACH_LEVELS)}")
        self.stop_review()
        record = self._board._record
        stop = self._stop = threading.Event()
        job: Future[Review] = Future()
        self._job = job
        self._reviewed_line = self._line_key()
        total = len(record.line()) + 1
        self._show_review({"state": "running", "done": 0, "total": total}, stop)

        def work() -> None:
            try:
                found = review(
                    record,
                    level=level,
                    seed=seed,
                    progress=lambda i, n: self._show_review(
                        {"state": "running", "done": i, "total": n}, stop
                    ),
                    should_stop=stop.is_set,
                )
            except BaseException as e:  # handed to whoever waits on the Future
                job.set_exception(e)
                self._show_review(IDLE, stop)
                return
            if found.complete:
                self._review = found
                self._show_review(self._review_trait(found), stop)
            job.set_result(found)

        job.set_running_or_notify_cancel()
        try:
            threading.Thread(target=work, name="mancala-review", daemon=True).start()
        except RuntimeError:  # no threads here (Pyodide)
            work()
        return job

    def stop_review(self) -> None:
        """Stop a review that is running (its Future then holds a partial review)."""
        if self._job is not None and not self._job.done():
            self._stop.set()
            with self._sync_lock:
                self.game_review = {"state": "stopped"}

    # -- kept in step with the board (called from Board._sync) ---------------------------

    def _coach_sync(self) -> None:
        """A new position shown: its hint is gone; a review of another line stops."""
        self._hint = None
        self.hint = None  # type: ignore[assignment]
        self.can_review = self._line_over()
        if self._reviewed_line is not None and self._line_key() != self._reviewed_line:
            self._reviewed_line = None
            if self._job is not None and not self._job.done():
                self.stop_review()
            else:
                self.game_review = IDLE
            self._review = None

    @t.observe("locale", "labels")
    def _reword_coach(self, change):
        if not hasattr(self, "_record"):
            return
        with self.hold_sync():
            if self._hint is not None:
                self.hint = self._hint_trait(self._hint)
            if self._review is not None and self.game_review.get("state") == "done":
                self.game_review = self._review_trait(self._review)

    # -- messages from the browser ---------------------------------------------------------

    def _hint_message(self) -> None:
        if not self.hints:
            raise Refusal("hints_off")
        if not self._board.interactive:
            raise Refusal("watching")
        position = self._board.position
        if position["status"] != "playing":
            raise Refusal("no_hint")
        if self._board.computer and position["to_move"] == self._board.computer:
            raise Refusal("computer_turn")
        self.show_hint()

    def _review_message(self) -> None:
        if not self._board.interactive:
            raise Refusal("watching")
        if not self.can_review:
            raise Refusal("review_not_over")
        if self._job is not None and not self._job.done():
            raise Refusal("review_running")
        self.review()

    # -- helpers ------------------------------------------------------------------------------

    def _hint_level(self) -> str:
        if self.hint_level:
            return self.hint_level
        name = getattr(getattr(self, "_opponent", None), "name", "")
        return name if name in COACH_LEVELS else "expert"

    def _hint_trait(self, found: Hint) -> dict:
        return {
            "move": found.move,
            "cells": found.cells,
            "text": found.text(self._board.locale, self._board.labels),
            "level": found.level,
        }

    def _review_trait(self, found: Review) -> dict:
        loc, names = self._board.locale, self._board.labels
        return {
            "state": "done",
            "level": found.level,
            "scores": [round(s, 2) for s in found.scores],
            "turning_points": [
                {
                    "move": p.move,
                    "goto": p.move - 1,
                    "player": p.player,
                    "text": p.text(loc, names),
                    "cells": p.better_cells,
                }
                for p in found.turning_points
            ],
            "summary": found.summary(loc),
        }

    def _show_review(self, value: dict, stop: threading.Event) -> None:
        """Set ``game_review`` for the review ``stop`` belongs to, unless it was stopped."""
        with self._sync_lock:
            if not stop.is_set():
                self.game_review = value

    def _line_key(self) -> str:
        return json.dumps(self._board._record.line())

    def _line_over(self) -> bool:
        """Whether the line ends in a finished game (replaying the moves taken back)."""
        record = self._board._record
        state = record.state
        for _, move in record.line()[len(record) :]:
            state = state.play(move)
        return state.status != "playing"
