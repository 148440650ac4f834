"""Every word a person reads, one catalogue per locale.

A catalogue is a folder of JSON files beside this one (``en/``, ``ko/``, ``fr/``), one
file per concern: ``game.json`` (names of holes and moves, narration, game
ends), ``board.json`` (the board's interface, errors shown on a board, the
computer's explanations, the static picture; its ``ui`` section goes to the
browser as is), ``lessons.json`` (questions and feedback), and the files of
the handouts and exercises. Each top-level key is a section, found in one file.
Adding a language is adding a folder with the same files and keys. The
browser fills in the ``ui`` section itself, with no French elision marks and
« n == 1 » for the singular: a ``ui`` text is written to need neither.

>>> tr("en", "names.south")
'South'
>>> tr("ko", "narration.turn_end", who="북쪽")
'북쪽의 턴입니다.'
>>> tr("en", "names.stones", n=1), tr("en", "names.stones", n=3)
('1 stone', '3 stones')
>>> tr("fr", "narration.turn_end", who="Amina"), tr("fr", "names.jail", side="Amina")
('À Amina de jouer.', "prison d'Amina")
>>> tr("fr", "names.stones", n=0), tr("fr", "names.stones", n=2)
('0 graine', '2 graines')
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from string import Formatter
from typing import Any

from ..rules.common import check_text, shown
from . import french, swahili
from .french import plural_one
from .korean import josa

HERE = Path(__file__).resolve().parent
LOCALES = ("en", "ko", "fr", "sw")
#: JupyterLab's own language pack for each lesson language that has one (its menus in
#: that language: the `lessons` command and the classroom site use it). Swahili has none.
JUPYTERLAB_LANGUAGES = {"fr": "fr_FR", "ko": "ko_KR"}

__all__ = [
    "JUPYTERLAB_LANGUAGES",
    "browser_words",
    "LABEL_MAX",
    "LOCALES",
    "TITLE_MAX",
    "Refusal",
    "catalogue",
    "check_label",
    "check_locale",
    "check_title",
    "josa",
    "tr",
]


#: A player's name on a board, at most this long: it fits beside the board.
LABEL_MAX = 40
#: A board's title, a lesson's or a reading's: one line, at most this long.
TITLE_MAX = 200


def check_label(value: Any, field: str, error: type[Exception] = ValueError) -> str:
    """A player's name: one line of at most LABEL_MAX characters, no control characters."""
    return check_text(value, field, error, most=LABEL_MAX, line=True)


def check_title(value: Any, field: str, error: type[Exception] = ValueError) -> str:
    """A title: one line of at most TITLE_MAX characters (it may be empty)."""
    return check_text(value, field, error, most=TITLE_MAX, line=True, empty=True)


def check_locale(locale: Any) -> str:
    if locale not in LOCALES or not isinstance(locale, str):
        raise ValueError(f"locale = {shown(locale)}: expected one of {', '.join(LOCALES)}")
    return locale


@cache
def catalogue(locale: str) -> dict[str, Any]:
    """The whole catalogue of ``locale``, its files merged (shared: do not change it)."""
    check_locale(locale)
    merged: dict[str, Any] = {}
    for path in sorted((HERE / locale).glob("*.json")):
        sections = json.loads(path.read_text(encoding="utf-8"))
        for name in sections:
            if name in merged:
                raise ValueError(
                    f"{locale}/{path.name}: section {shown(name)} is also in another file"
                )
        merged.update(sections)
    return merged


def entry(locale: str, key: str) -> Any:
    """The raw catalogue entry at a dotted key, e.g. ``"names.hole"``."""
    value: Any = catalogue(locale)
    for part in key.split("."):
        try:
            value = value[part]
        except (KeyError, TypeError):
            raise KeyError(f"no text {shown(key)} in the {shown(locale)} catalogue") from None
    return value


def is_one(locale: str, n: Any) -> bool:
    """Is ``n`` counted in the singular? French says « 0 graine »; the others, 1 only."""
    return plural_one(n) if locale == "fr" else n == 1


def browser_words(locale: str) -> dict[str, Any]:
    """The board's words as the browser gets them: the catalogue's ``ui`` section and,
    as ``one_counts``, the counts that take a plural's "one" form in this language
    (French: "0 1"), so the browser chooses as :func:`tr` does."""
    ones = " ".join(str(n) for n in (0, 1, 2) if is_one(locale, n))
    return {**catalogue(locale)["ui"], "one_counts": ones}


def tr(locale: str, key: str, **fields: Any) -> str:
    """The text at ``key`` with its fields filled in; a ``{"one", "other"}`` entry
    is chosen by the field ``n``; Korean particles are chosen by sound, French
    elisions by the word that follows, Swahili numbers by the noun's class."""
    template = entry(locale, key)
    if isinstance(template, dict):
        template = template["one" if is_one(locale, fields.get("n")) else "other"]
    return render(template, fields, particles=locale == "ko", locale=locale)


def render(
    template: str, fields: Mapping[str, Any], particles: bool = False, locale: str = "en"
) -> str:
    """Fill in ``template``. Particle marks are resolved in the template's own
    text only, so a name a user typed is never rewritten, whatever it holds.
    French: a ``[de]`` (``[le]``, ``[que]``, ...) just before a field elides before
    the value's vowel sound. Swahili: ``{n:ma}`` writes the number agreeing with
    the class (``swahili.CLASSES``), and a ``[sc:pieces]`` (``[of:...]``, ...) the
    word agreeing with the noun a field holds (``swahili.concords``)."""
    out = ""
    for literal, name, spec, conversion in Formatter().parse(template):
        if particles and literal:
            joined = josa(out[-1:] + literal)
            out = out[:-1] + joined if out else joined
        elif locale == "sw" and literal:
            out += swahili.concords(literal, fields)
        else:
            out += literal
        if name is not None:
            value = fields[name]
            if conversion:
                value = repr(value) if conversion == "r" else str(value)
            if locale == "sw" and spec in swahili.CLASSES:
                out += swahili.number(value, spec)
                continue
            text = format(value, spec or "")  # spec is "" when a field has none
            mark = french.MARK.search(out) if locale == "fr" else None
            if mark:
                out = out[: mark.start()] + french.elide(mark.group(1), text)
            else:
                out += text
    return out


class Refusal(ValueError):
    """Input a board or lesson refuses, worded from the catalogues' ``errors``
    section so it can be shown in the board's language. ``str()`` is English.

    >>> e = Refusal("unknown_kind", kind='"jump"')
    >>> str(e)
    'The browser sent an unknown message ("jump"); nothing changed.'
    >>> e.words("ko")
    '브라우저가 알 수 없는 메시지("jump")를 보냈습니다. 아무것도 바뀌지 않았습니다.'
    """

    def __init__(self, key: str, **fields: Any):
        self.key, self.fields = key, fields
        super().__init__(tr("en", f"errors.{key}", **fields))

    def words(self, locale: str) -> str:
        return tr(locale, f"errors.{self.key}", **self.fields)
