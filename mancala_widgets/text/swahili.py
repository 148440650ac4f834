"""Swahili agreement: numbers, possessives and verbs follow the noun's class.

A Swahili number from one to eight (except six and seven) and a possessive take the
prefix of the noun they go with: *jiwe moja*, *mawe mawili* (stone, class 5/6),
*shimo moja*, *mashimo matatu* (hole), *mpiganaji mmoja*, *wapiganaji wawili*
(warrior, class 1/2), *mbegu mbili* (seed, class 9/10); *shimo la Kusini*, *mashimo
ya Kusini*. A catalogue sentence names the class after a number field, ``{n:ma}``;
:func:`number` writes it. Numbers above ten are written in digits, as Swahili school
texts do. A class names a pair: ``{n:ma}`` with 1 says *moja* (one stone), ``{n:wa}``
with 1 says *mmoja* (one warrior, or "one of them").

>>> number(2, "ma"), number(1, "li"), number(3, "wa"), number(1, "m"), number(2, "n")
('mawili', 'moja', 'watatu', 'mmoja', 'mbili')
>>> number(6, "ma"), number(8, "wa"), number(24, "ma"), number(1, "wa")
('sita', 'wanane', '24', 'mmoja')
>>> of("li"), of("ma"), of("n"), of("wa")
('la', 'ya', 'ya', 'wa')

**A word that agrees with an inserted noun.** A field such as ``{pieces}`` holds
*jiwe moja*, *mawe matatu*, *mpiganaji mmoja* or *wapiganaji watano*, so a verb or
possessive beside it cannot be written once for all. The template writes a mark,
``[KIND:field]``, and the mark becomes the form that agrees with the class of the
noun the field begins with (:func:`class_of`): ``sc`` the subject prefix of a verb
(*ya*\\ napandwa, *wa*\\ napandwa), ``of`` the possessive (*ya*, *wa*), ``rel`` the
relative (*yaliyo*, *walio*: ``-[rel:x]``), ``oc`` the object infix, ``ote`` "all"
(*yote*, *wote*) and ``na`` "it/they too" (*nayo*, *nao*). ``KIND1`` agrees with the
singular of the class, for "the last one": ``[of1:pieces] mwisho`` is *la mwisho*
after *mawe*, *wa mwisho* after *wapiganaji*. A field that begins with no known noun
is a person (a player's name): class 1.

>>> concords("{pieces} [sc:pieces]meinuliwa; [of1:pieces] mwisho", {"pieces": "mawe matatu"})
'{pieces} yameinuliwa; la mwisho'
>>> concords("[sc:pieces]meinuliwa", {"pieces": "mpiganaji mmoja"})
'ameinuliwa'
>>> concords("[sc:who]nashinda", {"who": "Amina"})
'anashinda'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

#: The stems of one to ten; six, seven, nine and ten never agree.
_STEMS = {1: "moja", 2: "wili", 3: "tatu", 4: "nne", 5: "tano", 6: "sita", 7: "saba",
          8: "nane", 9: "tisa", 10: "kumi"}  # fmt: skip
#: The classes a catalogue names by their prefix: for each, one to five and eight.
#: li = class 5 (jiwe, shimo, boma: singular), ma = class 6 (mawe, mashimo, maboma),
#: m = class 1 (mpiganaji), wa = class 2 (wapiganaji), n = class 9/10 (mbegu, nyumba),
#: mu = class 3 (mwendelezo), mi = class 4 (miendelezo).
_AGREEING = {
    "li": {1: "moja"},
    "ma": {2: "mawili", 3: "matatu", 4: "manne", 5: "matano", 8: "manane"},
    "m": {1: "mmoja"},
    "wa": {2: "wawili", 3: "watatu", 4: "wanne", 5: "watano", 8: "wanane"},
    "n": {1: "moja", 2: "mbili", 3: "tatu", 4: "nne", 5: "tano", 8: "nane"},
    "mu": {1: "mmoja"},
    "mi": {2: "miwili", 3: "mitatu", 4: "minne", 5: "mitano", 8: "minane"},
}
#: A singular class and its plural count as one pair: "one" takes the singular's
#: form, "two" and more the plural's.
_PAIR = {"li": ("li", "ma"), "ma": ("li", "ma"), "m": ("m", "wa"), "wa": ("m", "wa"),
         "n": ("n", "n"), "mu": ("mu", "mi"), "mi": ("mu", "mi")}  # fmt: skip
_POSSESSIVE = {"li": "la", "ma": "ya", "m": "wa", "wa": "wa", "n": "ya", "n10": "za"}
CLASSES = tuple(_AGREEING)

#: The words that agree with a noun, by class: subject prefix, possessive, relative,
#: object infix, "all", "it/they too". u = class 14 (upandaji, ukamataji).
_CONCORDS = {
    "li": {"sc": "li", "of": "la", "rel": "lo", "oc": "li", "ote": "lote", "na": "nalo"},
    "ma": {"sc": "ya", "of": "ya", "rel": "yo", "oc": "ya", "ote": "yote", "na": "nayo"},
    "m": {"sc": "a", "of": "wa", "rel": "ye", "oc": "m", "ote": "wote", "na": "naye"},
    "wa": {"sc": "wa", "of": "wa", "rel": "o", "oc": "wa", "ote": "wote", "na": "nao"},
    "n": {"sc": "i", "of": "ya", "rel": "yo", "oc": "i", "ote": "yote", "na": "nayo"},
    "n10": {"sc": "zi", "of": "za", "rel": "zo", "oc": "zi", "ote": "zote", "na": "nazo"},
    "u": {"sc": "u", "of": "wa", "rel": "o", "oc": "u", "ote": "wote", "na": "nao"},
    "mu": {"sc": "u", "of": "wa", "rel": "o", "oc": "u", "ote": "wote", "na": "nao"},
    "mi": {"sc": "i", "of": "ya", "rel": "yo", "oc": "i", "ote": "yote", "na": "nayo"},
}
_SINGULAR = {"ma": "li", "wa": "m", "n10": "n", "mi": "mu"}
#: The nouns a catalogue inserts, by the class they take (the first word of a field).
NOUNS = {
    "jiwe": "li", "mawe": "ma", "shimo": "li", "mashimo": "ma", "boma": "li",
    "maboma": "ma", "gereza": "li", "magereza": "ma", "mpiganaji": "m",
    "wapiganaji": "wa", "safu": "n", "duru": "n", "hatua": "n", "zamu": "n",
    "mbegu": "n10", "upandaji": "u", "ukamataji": "u", "mwendelezo": "mu",
    "miendelezo": "mi",
}  # fmt: skip
MARK = re.compile(r"\[(sc|of|rel|oc|ote|na)(1?):(\w+)\]")


def number(n: int, cls: str) -> str:
    """``n`` as a word agreeing with the noun class ``cls`` (``li``, ``ma``, ``m``,
    ``wa``, ``n``, ``mu``, ``mi``), in digits above ten. One takes the singular's form, more the
    plural's, whichever of the pair is named."""
    if cls not in _AGREEING:
        raise KeyError(f"no Swahili noun class {cls!r}: expected one of {', '.join(CLASSES)}")
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 10:
        return str(n)
    one, many = _PAIR[cls]
    return _AGREEING[one if n == 1 else many].get(n, _STEMS[n])


def of(cls: str) -> str:
    """The possessive "of" agreeing with class ``cls`` (``n10``: class 10, *za*)."""
    return _POSSESSIVE[cls]


def class_of(text: str) -> str:
    """The class of the noun ``text`` begins with; a person (class 1) when it begins
    with none the catalogues insert, e.g. a player's name."""
    first = text.strip().split(" ", 1)[0].lower() if text.strip() else ""
    return NOUNS.get(first, "m")


def concord(kind: str, cls: str, singular: bool = False) -> str:
    """The ``kind`` of word (``sc``, ``of``, ``rel``, ``oc``, ``ote``, ``na``) agreeing
    with class ``cls``, or with its singular."""
    if singular:
        cls = _SINGULAR.get(cls, cls)
    return _CONCORDS[cls][kind]


def concords(literal: str, fields: Mapping[str, Any]) -> str:
    """The template text ``literal`` with its ``[KIND:field]`` marks resolved by the
    class of what ``fields`` hold (only the template's own text is rewritten)."""

    def one(m: re.Match) -> str:
        kind, singular, name = m.groups()
        if name not in fields:
            raise KeyError(f"the mark {m.group(0)} names no field of this text")
        return concord(kind, class_of(str(fields[name])), singular == "1")

    return MARK.sub(one, literal)


__all__ = ["CLASSES", "MARK", "NOUNS", "class_of", "concord", "concords", "number", "of"]
