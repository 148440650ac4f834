"""Tables and charts as a notebook shows them, with no widget: the marks
(classroom/marking.py) and a tournament's standings (standings.py) both use them.

A :class:`Table` stands in for a pandas DataFrame where pandas is not installed (the
classroom site's Python has none); :func:`html_table` draws rows as an HTML table of
text (every value escaped); :func:`csv_text` writes CSV a spreadsheet will not run as
formulas; :class:`VegaLite` is a chart JupyterLab draws itself, offline too.

>>> table = Table(["student", "step 2"], [["Mbuyi", 1], ["<b>Kanku</b>", 0]], marks=range(1, 2))
>>> table["student"], len(table)
(['Mbuyi', '<b>Kanku</b>'], 2)
>>> print(table.to_csv(), end="")
student,step 2
Mbuyi,1
<b>Kanku</b>,0
>>> "&lt;b&gt;Kanku" in table._repr_html_(), "✓" in table._repr_html_()
(True, True)
"""

from __future__ import annotations

import csv
import html
import io
import os
from collections.abc import Iterator
from typing import Any

from .rules.files import write_atomic


class Table:
    """Rows under named columns, where pandas is not installed: ``columns``, ``rows``
    (lists), iteration over rows as dicts, ``to_csv()``, and shown in a notebook as an
    HTML table of text. In the ``marks`` columns, 1 shows as ✓ and 0 as ✗ (by default
    the marks' questions: all but the first five columns and the last)."""

    def __init__(
        self, columns: list[str], rows: list[list[Any]], marks: range | None = None
    ) -> None:
        self.columns, self.rows = columns, rows
        self.marks = range(5, len(columns) - 1) if marks is None else marks

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return (dict(zip(self.columns, row, strict=True)) for row in self.rows)

    def __getitem__(self, column: str) -> list[Any]:
        i = self.columns.index(column)
        return [row[i] for row in self.rows]

    def to_csv(self, path: str | os.PathLike | None = None) -> str:
        return csv_text(self.columns, self.rows, path)

    def _repr_html_(self) -> str:
        return html_table(self.columns, self.rows, self.marks)


def safe_cell(value: Any) -> Any:
    """A cell a spreadsheet will not run: text starting with = + - @ gets a quote."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def csv_text(columns: list[str], rows: list[list[Any]], path: str | os.PathLike | None) -> str:
    """The rows as CSV text (None as an empty cell, formulas quoted); also written to
    ``path`` if given, marked as UTF-8 for spreadsheets."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow(["" if v is None else safe_cell(v) for v in row])
    text = out.getvalue()
    if path is not None:
        write_atomic(path, "\ufeff" + text)  # the mark a spreadsheet reads as UTF-8
    return text


_MARKS = {1: "<td class='mw-ok'>✓</td>", 0: "<td class='mw-no'>✗</td>"}


def html_table(columns: list[str], rows: list[list[Any]], marks: range = range(0)) -> str:
    """An HTML table of text; in the ``marks`` columns 1 is ✓, 0 is ✗ and None is –."""

    def cell(i: int, value: Any) -> str:
        if i in marks and value in _MARKS and not isinstance(value, bool | float):
            return _MARKS[value]
        if value is None:
            return "<td>–</td>"
        return f"<td>{html.escape(str(value))}</td>"

    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in columns)
    body = "".join(
        "<tr>" + "".join(cell(i, v) for i, v in enumerate(row)) + "</tr>" for row in rows
    )
    return f"<table class='mw-marks'><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


class VegaLite:
    """A Vega-Lite chart as a notebook shows it (JupyterLab draws it, offline too)."""

    def __init__(self, spec: dict) -> None:
        self.spec = spec

    def _repr_mimebundle_(self, **kwargs: Any) -> dict:
        return {"application/vnd.vegalite.v5+json": self.spec, "text/plain": "<Vega-Lite chart>"}


__all__ = ["Table", "VegaLite", "csv_text", "html_table", "safe_cell"]
