"""The class's hub (serve.py on the teacher's laptop) as notebooks reach it: the form a
student joins the class with (``join``; the workbook shows the same form), what the Hand
in form's front end says of the class, and the button that fetches the hand-ins the
laptop received for the marking notebook (``from_hub``)::

    from mancala_widgets import join
    join("http://192.168.1.5:8000")     # in JupyterLab: the address serve.py printed

The browser talks to the hub (js/class.ts); Python gives it only what to send and
checks everything it says back.
"""

from __future__ import annotations

from typing import Any

import traitlets as t

from ..text import catalogue, tr
from .wire import from_wire
from .work_base import WorkWidget, short_text

#: The words of the form that joins a class (in the workbook, and join).
CLASS_KEYS = (
    "title",
    "intro",
    "name",
    "code",
    "join",
    "joined",
    "leave",
    "wrong_code",
    "bad_name",
    "unreachable",
    "busy",
)


def class_strings(locale: str) -> dict[str, str]:
    """The join form's words; ``joined`` keeps its ``{code}`` and ``{student}`` for the
    browser, which alone knows them."""
    words = catalogue(locale)["class"]
    return {
        f"class_{k}": words[k] if k == "joined" else tr(locale, f"class.{k}") for k in CLASS_KEYS
    }


def join(hub: str = "", locale: str = "en") -> JoinWidget:
    """The form that joins the class whose hub is the teacher's laptop at ``hub`` (the
    address ``serve`` prints, like ``http://192.168.1.5:8000``): the student's name and
    the class code. From then on this browser sends each answer to the teacher's screen
    and Hand in sends the work to the teacher's laptop. The classroom site's lessons have
    this form already (their hub is the site's own server).

    >>> join("http://192.168.1.5:8000").hub
    'http://192.168.1.5:8000'
    """
    return JoinWidget(hub, locale)


def is_class_message(content: Any) -> bool:
    """One of the front end's class messages, in the shape it has."""
    if not isinstance(content, dict):
        return False
    kind = content.get("kind")
    if kind == "class":
        return set(content) == {"kind", "joined"} and isinstance(content["joined"], bool)
    if kind == "delivered":
        return set(content) == {"kind", "file", "receipt", "received"} and all(
            short_text(content[k]) for k in ("file", "receipt", "received")
        )
    if kind == "not_delivered":
        return set(content) == {"kind", "why"} and content["why"] in ("unreachable", "refused")
    return False


class JoinWidget(WorkWidget):
    """The form that joins a class's hub: the student's name and the class code. The
    browser remembers both (and the hub's address) for every lesson after; from then on
    each answer goes to the teacher's screen and Hand in sends the work to the
    teacher's laptop. In the classroom site the workbook has this form already; in
    JupyterLab ``join("http://192.168.1.5:8000")`` shows it.

    >>> JoinWidget("http://192.168.1.5:8000/").hub
    'http://192.168.1.5:8000'
    """

    #: The hub's address (scheme, host and port), or "" for the site's own.
    hub = t.Unicode("").tag(sync=True)

    def __init__(self, hub: str = "", locale: str = "en") -> None:
        super().__init__(view="join", locale=locale, hub=check_hub(hub))
        self.strings = class_strings(locale)


def check_hub(address: str) -> str:
    """A hub's address as a student types it: ``http://192.168.1.5:8000`` (a path or a
    last ``/`` is dropped); raises ValueError saying what is wrong."""
    from urllib.parse import urlsplit

    if address == "":
        return ""
    if not isinstance(address, str) or len(address) > 200 or not address.isprintable():
        raise ValueError(f"hub = {address!r}: expected an address like http://192.168.1.5:8000")
    parts = urlsplit(address.strip())
    try:
        parts.port  # noqa: B018 (raises on a port that is no number)
    except ValueError:
        parts = parts._replace(netloc="")
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.username:
        raise ValueError(
            f"hub = {address!r}: expected the address the teacher's laptop prints, "
            "like http://192.168.1.5:8000"
        )
    return f"{parts.scheme}://{parts.netloc}"


class FromHub(WorkWidget):
    """A button that fetches every hand-in the class's hub (serve.py on this laptop) has
    received, for ``classroom.mark``: in the classroom site the marking notebook's Python
    runs in the teacher's browser and cannot read the laptop's ``hand-ins/`` folder. The
    browser asks the hub with the teacher's key, which the teacher's page (opened from
    the address serve.py printed) left in this browser. ``value`` holds the files as an
    upload box does.

    >>> FromHub().value
    []
    """

    #: The files fetched: [{"name", "content"}], as ipywidgets' FileUpload gives them.
    value: list[dict]
    label = t.Unicode().tag(sync=True)

    def __init__(self, locale: str = "en") -> None:
        super().__init__(view="from_hub", locale=locale, label=tr(locale, "marking.from_hub"))
        self.value = []
        self.on_msg(self._on_message)

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """From the browser (untrusted): the files the hub sent, or why there are none."""
        content = from_wire(content)
        loc = self.locale
        if _fetched(content):
            self.value = [
                {"name": f["file"], "content": f["text"].encode("utf-8")} for f in content["files"]
            ]
            key = "marking.from_hub_done" if self.value else "marking.from_hub_none"
            self._say("done", tr(loc, key, n=len(self.value)))
        elif (
            isinstance(content, dict)
            and set(content) == {"kind", "why"}
            and content["kind"] == "not_fetched"
            and content["why"] in ("no_key", "wrong_key", "no_hub", "unreachable")
        ):
            self._say("error", tr(loc, f"marking.from_hub_{content['why']}"))
        else:
            self._say("error", tr(loc, "work.bad_message"))


#: The most hand-ins one fetch takes (forty students' eight lessons, many times over).
FETCHED_MOST = 5000


def _fetched(content: Any) -> bool:
    if not isinstance(content, dict) or set(content) != {"kind", "files"}:
        return False
    files = content["files"]
    return (
        content["kind"] == "hand_ins"
        and isinstance(files, list)
        and len(files) <= FETCHED_MOST
        and all(
            isinstance(f, dict)
            and set(f) == {"file", "text"}
            and short_text(f["file"], 200)
            and isinstance(f["text"], str)
            for f in files
        )
    )


def from_hub(locale: str = "en") -> FromHub:
    """The button that fetches the class's hand-ins from this laptop's hub (see
    :class:`FromHub`); give it to ``classroom.mark`` with the upload box."""
    return FromHub(locale)


__all__ = [
    "FromHub",
    "JoinWidget",
    "check_hub",
    "class_strings",
    "from_hub",
    "is_class_message",
    "join",
]
