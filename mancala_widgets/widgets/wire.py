"""What a widget sends the browser, made to arrive as sent.

In the browser's Python (Pyodide, in the classroom site) a message travels from Python
to JavaScript through Pyodide's conversion, which turns ``None`` into JavaScript's
``undefined``; on the way to the page a field that is ``undefined`` is dropped. A
trait set back to ``None`` (the hint once a move is played, the last move after a
restart) would then never reach the board, which would go on showing the old value.
:func:`to_wire` turns every ``None`` into Pyodide's ``jsnull``, which arrives as
JavaScript's ``null``, and :func:`from_wire` turns a ``null`` the browser sends back
into None. Elsewhere (JupyterLab's kernel) they change nothing.
"""

from __future__ import annotations

from typing import Any

try:  # only in Pyodide
    from pyodide.ffi import jsnull as NULL  # type: ignore[import-not-found, unused-ignore]
except ImportError:
    NULL = None


def to_wire(value: Any) -> Any:
    """``value`` with each None, at any depth of its lists and dicts, as JSON's null."""
    if NULL is None:
        return value
    return _nulls(value)


def from_wire(value: Any) -> Any:
    """A message from the browser with each JavaScript ``null`` as None (Pyodide hands a
    ``null`` over as its ``jsnull``, which is not None)."""
    if NULL is None:
        return value
    if value is NULL:
        return None
    if isinstance(value, dict):
        return {k: from_wire(v) for k, v in value.items()}
    if isinstance(value, list):
        return [from_wire(v) for v in value]
    return value


def _nulls(value: Any) -> Any:
    if value is None:
        return NULL
    if isinstance(value, dict):
        return {k: _nulls(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_nulls(v) for v in value]
    return value


class WireMixin:
    """Every state a widget sends, and every message, through :func:`to_wire`."""

    @staticmethod
    def _trait_to_json(x: Any, self: Any) -> Any:  # ipywidgets' serializer of a trait
        return to_wire(x)

    def send(self, content: Any, buffers: Any = None) -> None:
        super().send(to_wire(content), buffers)  # type: ignore[misc]


__all__ = ["NULL", "WireMixin", "from_wire", "to_wire"]
