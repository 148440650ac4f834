"""Hints and reviews on a board: the traits, the two browser messages, and the
review that runs while the board goes on answering.

A review assesses the game one position at a time. Where the kernel runs an event
loop (JupyterLab's kernel, and Pyodide's in the classroom site, which has no
threads) it is a task of that loop that gives the kernel back after each position,
so clicks, moves and the notebook's cells are answered while it works, and a move
that changes the game's line stops it. Without a running loop (a script, a test) it
runs at once. Everything happens in the kernel's one thread: a stopped review can
never be shown over the game that stopped it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Generator
from typing import Any

import traitlets as t

from ..players import LEVELS
from ..review import Hint, Review, hint, reviewing
from ..rules.common import shown
from ..text import Refusal

#: Levels a hint or a review can be computed at (the random level judges nothing).
COACH_LEVELS = tuple(name for name in LEVELS if name != "random")
IDLE: dict[str, Any] = {"state": "none"}
#: A review one position at a time (review.reviewing).
Steps = Generator[tuple[int, int], None, Review]


class ReviewJob:
    """A review started on a board (:meth:`Coaching.review`). In a notebook, ``await``
    it for the :class:`~mancala_widgets.review.Review`; ``done()`` says whether it has
    finished, and ``result()`` then gives it. A review stopped by a new move finishes
    at once with the positions assessed so far (``complete`` False)."""

    def __init__(self) -> None:
        self.stopped = False
        self._result: Review | None = None
        self._error: BaseException | None = None
        self._finished: asyncio.Future[None] | None = None
        self._task: asyncio.Task[None] | None = None  # kept: a task nobody holds may vanish

    def done(self) -> bool:
        return self._result is not None or self._error is not None

    def result(self) -> Review:
        """The review, once it has finished; raises what stopped it, if it failed."""
        if self._error is not None:
            raise self._error
        if self._result is None:
            raise RuntimeError(
                "the review is still running: in a notebook cell, `await` it "
                "(review = await board.review()), or read board.last_review once the "
                "board shows the review"
            )
        return self._result

    def __await__(self) -> Generator[Any, None, Review]:
        if self._finished is not None and not self.done():
            yield from self._finished.__await__()
        return self.result()

    def _finish(self, result: Review | None = None, error: BaseException | None = None) -> None:
        self._result, self._error = result, error
        if self._finished is not None and not self._finished.done():
            self._finished.set_result(None)


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
        self._hint: Hint | None = None
        self._review: Review | None = None
        self._reviewed_line: tuple[int, ...] | None = None
        self._job: ReviewJob | None = None
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

    # -- the Python API ------------------------------------------------------------------

    @property
    def last_review(self) -> Review | None:
        """The last review finished on this board (None before any)."""
        return self._review

    def show_hint(self) -> Hint:
        """Suggest a move for the player to move, at the hint level, and show it on
        the board: its cell marked and why in a sentence (``board.hint``). A hint found
        for a position the board has left meanwhile is returned, not shown."""
        record = self._board._record
        node = record.node
        found = hint(node.state, level=self._hint_level(), seed=len(record))
        if self._board._record is record and record.node is node:
            self._hint = found
            self.hint = self._hint_trait(found)
        return found

    def review(self, level: str = "expert", seed: int | None = 0) -> ReviewJob:
        """Review the game's line (every position assessed at ``level``); the board
        shows its progress, then a chart of who was ahead and the turning points. A new
        move played stops it. In a notebook it runs while the board and the notebook go
        on answering: ``review = await board.review()`` waits for it, and
        ``board.last_review`` holds it once shown. Without an event loop (a script) it
        runs at once, and ``board.review().result()`` is the review."""
        if level not in COACH_LEVELS:
            raise ValueError(f"level = {shown(level)}: expected one of {', '.join(COACH_LEVELS)}")
        self.stop_review()
        record = self._board._record
        job = self._job = ReviewJob()
        self._reviewed_line = self._line_key()
        total = record.line_length + 1
        self.game_review = {"state": "running", "done": 0, "total": total}
        steps = reviewing(record, level=level, seed=seed, should_stop=lambda: job.stopped)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop: a script, a test
            loop = None
        if loop is None:
            self._run_review(job, steps)
        else:
            job._finished = loop.create_future()
            job._task = loop.create_task(self._review_in_turns(job, steps))
        return job

    async def _review_in_turns(self, job: ReviewJob, steps: Steps) -> None:
        """The review, one position a turn, the kernel answering in between."""
        while not self._review_step(job, steps):
            await asyncio.sleep(0)

    def _run_review(self, job: ReviewJob, steps: Steps) -> None:
        while not self._review_step(job, steps):
            pass

    def _review_step(self, job: ReviewJob, steps: Steps) -> bool:
        """Assess one more position of the review; True once it has finished."""
        try:
            done, total = next(steps)
        except StopIteration as end:
            found: Review = end.value
            if not job.stopped and found.complete:
                self._review = found
                self.game_review = self._review_trait(found)
            job._finish(found)
            return True
        except Exception as e:  # handed to whoever awaits the review
            if not job.stopped:
                self.game_review = IDLE
            job._finish(error=e)
            return True
        if not job.stopped:
            self.game_review = {"state": "running", "done": done, "total": total}
        return False

    def stop_review(self) -> None:
        """Stop a review that is running (it then holds the positions assessed so far)."""
        if self._job is not None and not self._job.done():
            self._job.stopped = True
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
        with self._board.hold_sync():
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

    def _line_key(self) -> tuple[Any, int]:
        """The game's line: the record and the node its line ends on (its last move,
        those taken back included)."""
        record = self._board._record
        return (record, record.line_end.id)

    def _line_over(self) -> bool:
        """Whether the line ends in a finished game (the moves taken back included)."""
        return self._board._record.line_end.state.status != "playing"
