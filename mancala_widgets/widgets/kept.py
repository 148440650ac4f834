"""A widget whose work is kept in the notebook's workbook (classroom/work.py).

A widget made while a workbook is open joins it under a key (``lesson:nki``,
``exercise:landing-14-3-17``, ``board:2``) and tells it each time its work changes;
the workbook writes the file. Given saved work back (``restore_work``), the widget shows
it without telling the workbook again.
"""

from __future__ import annotations

from typing import Any


class KeptWork:
    """What a lesson, an exercise and a board share to be kept in a workbook."""

    _workbook: Any = None
    _work_key: str | None = None
    _restoring = False
    #: What kind of work this is (``lesson``, ``exercise``, ``board``) and its name (a
    #: lesson's or an exercise's id; None for a board): what a hand-in files it under.
    work_kind = ""
    work_name: str | None = None

    def _join_workbook(self, kind: str, name: str | None = None) -> None:
        from ..classroom.work import current

        self.work_kind, self.work_name = kind, name
        workbook = current()
        if workbook is None:
            return
        self._workbook = workbook
        self._work_key = workbook.key_for(kind, name)
        workbook.join(self)

    @property
    def in_workbook(self) -> bool:
        """Whether this widget joined a workbook (one was open when it was made)."""
        return self._work_key is not None

    def work_key(self) -> str:
        assert self._work_key is not None
        return self._work_key

    def _work_changed(self) -> None:
        if self._workbook is not None and not self._restoring:
            self._workbook.changed(self)

    def restore_work(self, state: dict) -> None:
        """Show saved work again: what the student did, as they left it. Saved work that
        does not fit this widget (another game, another version) is left alone."""
        self._restoring = True
        try:
            self._restore(state)
        except (ValueError, KeyError, TypeError, AttributeError):
            pass  # saved by another version of the lesson or board: the widget stays fresh
        finally:
            self._restoring = False

    def work_state(self) -> dict:
        raise NotImplementedError

    def _restore(self, state: dict) -> None:
        raise NotImplementedError


__all__ = ["KeptWork"]
