"""Swahili agreement: numbers and possessives follow the noun's class.

A Swahili number from one to eight (except six and seven) and a possessive take the
prefix of the noun they go with: *jiwe moja*, *mawe mawili* (stone, class 5/6),
*shimo moja*, *mashimo matatu* (hole), *mpiganaji mmoja*, *wapiganaji wawili*
(warrior, class 1/2), *mbegu mbili* (seed, class 9/10); *shimo la Kusini*, *mashimo
ya Kusini*. A catalogue sentence names the class after a number field, ``{n:ma}``,
or asks for the possessive, ``{of:ya}``; :func:`number` and :func:`of` write them.
Numbers above ten are written in digits, as Swahili school texts do.

>>> number(2, "ma"), number(1, "li"), number(3, "wa"), number(1, "m"), number(2, "n")
('mawili', 'moja', 'watatu', 'mmoja', 'mbili')
>>> number(6, "ma"), number(8, "wa"), number(24, "ma")
('sita', 'wanane', '24')
>>> of("li"), of("ma"), of("n"), of("wa")
('la', 'ya', 'ya', 'wa')
"""

from __future__ import annotations

#: The stems of one to ten; six, seven, nine and ten never agree.
_STEMS = {1: "moja", 2: "wili", 3: "tatu", 4: "nne", 5: "tano", 6: "sita", 7: "saba",
          8: "nane", 9: "tisa", 10: "kumi"}  # fmt: skip
#: The classes a catalogue names by their prefix: for each, one to five and eight.
#: li = class 5 (jiwe, shimo, boma: singular), ma = class 6 (mawe, mashimo, maboma),
#: m = class 1 (mpiganaji), wa = class 2 (wapiganaji), n = class 9/10 (mbegu, nyumba).
_AGREEING = {
    "li": {1: "moja"},
    "ma": {2: "mawili", 3: "matatu", 4: "manne", 5: "matano", 8: "manane"},
    "m": {1: "mmoja"},
    "wa": {2: "wawili", 3: "watatu", 4: "wanne", 5: "watano", 8: "wanane"},
    "n": {1: "moja", 2: "mbili", 3: "tatu", 4: "nne", 5: "tano", 8: "nane"},
}
_POSSESSIVE = {"li": "la", "ma": "ya", "m": "wa", "wa": "wa", "n": "ya", "n10": "za"}
CLASSES = tuple(_AGREEING)


def number(n: int, cls: str) -> str:
    """``n`` as a word agreeing with the noun class ``cls`` (``li``, ``ma``, ``m``,
    ``wa``, ``n``), in digits above ten."""
    if cls not in _AGREEING:
        raise KeyError(f"no Swahili noun class {cls!r}: expected one of {', '.join(CLASSES)}")
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 10:
        return str(n)
    return _AGREEING[cls].get(n, _STEMS[n])


def of(cls: str) -> str:
    """The possessive "of" agreeing with class ``cls`` (``n10``: class 10, *za*)."""
    return _POSSESSIVE[cls]


__all__ = ["CLASSES", "number", "of"]
