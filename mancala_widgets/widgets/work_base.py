"""What the work's widgets share: one front end (js/work.ts, bundled as work.js) that
draws the view a widget names, the words it is given, and a status line that says what
happened last, as text."""

from __future__ import annotations

import pathlib
from typing import Any

import anywidget
import traitlets as t

from ..text import tr
from .wire import WireMixin

STATIC = pathlib.Path(__file__).resolve().parent.parent / "static"


class WorkWidget(WireMixin, anywidget.AnyWidget):
    """A widget drawn by work.js: the workbook, the Hand in form, a download button,
    the join form, the button that fetches the hand-ins."""

    _esm = STATIC / "work.js"
    _css = STATIC / "widget.css"

    #: Which view the browser draws: "workbook", "handin", "download", "join" or
    #: "from_hub".
    view = t.Unicode().tag(sync=True)
    strings = t.Dict().tag(sync=True)
    locale = t.Unicode("en").tag(sync=True)
    #: What was said last: {"kind": "done" | "error" | "said", "text"}, or None.
    status = t.Dict(allow_none=True, default_value=None).tag(sync=True)

    def _strings(self, section: str, keys: tuple[str, ...]) -> dict[str, str]:
        return {k: tr(self.locale, f"{section}.{k}") for k in keys}

    def _say(self, kind: str, text: str) -> None:
        self.status = {"kind": kind, "text": text}


def short_text(value: Any, most: int = 80) -> bool:
    return isinstance(value, str) and 0 < len(value) <= most and value.isprintable()


__all__ = ["STATIC", "WorkWidget", "short_text"]
