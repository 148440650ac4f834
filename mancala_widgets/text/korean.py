"""Korean particles chosen by the sound before them.

A catalogue sentence marks each particle with both forms, the one after a
final consonant first: ``{who}[이/가]``, ``{where}[을/를]``, ``{n}[으로/로]``.
:func:`josa` picks the form the word before it needs.

>>> josa("남쪽[이/가] 보마[을/를] 집어 듭니다")
'남쪽이 보마를 집어 듭니다'
>>> josa("31-29[으로/로] 승리")     # 9 is read 구: no final consonant
'31-29로 승리'
>>> josa("7[으로/로]")               # 칠 ends in ㄹ, which takes 로
'7로'
>>> josa("Kanku[이/가] 이깁니다")     # a name not in Hangul: both forms, as Korean writes it
'Kanku(이)가 이깁니다'
"""

from __future__ import annotations

import re

_MARK = re.compile(r"(.)\[([^/\]]+)/([^\]]+)\]")
#: Digits read aloud: does the word end in a final consonant (batchim), and is it ㄹ?
#: 0 영, 1 일, 2 이, 3 삼, 4 사, 5 오, 6 육, 7 칠, 8 팔, 9 구.
_DIGITS = {
    "0": "ㅇ",
    "1": "ㄹ",
    "2": "",
    "3": "ㅁ",
    "4": "",
    "5": "",
    "6": "ㄱ",
    "7": "ㄹ",
    "8": "ㄹ",
    "9": "",
}
_RIEUL = 8  # the index of ㄹ among Hangul final consonants


def _final(ch: str) -> str | None:
    """ "" for a vowel ending, "ㄹ" for ㄹ, "+" for another consonant, None if unknown."""
    code = ord(ch) - 0xAC00
    if 0 <= code < 11172:
        final = code % 28
        return "" if final == 0 else ("ㄹ" if final == _RIEUL else "+")
    if ch in _DIGITS:
        f = _DIGITS[ch]
        return "" if not f else ("ㄹ" if f == "ㄹ" else "+")
    return None


def josa(sentence: str) -> str:
    """Replace every ``[with/without]`` particle mark by the right form."""

    def pick(m: re.Match) -> str:
        ch, with_final, without = m.group(1), m.group(2), m.group(3)
        final = _final(ch)
        if final is None:
            # Unknown sound (a Latin name, a symbol): Korean writes both, e.g. 이(가).
            if without == "로":
                return f"{ch}(으)로"
            return f"{ch}({with_final}){without}"
        # (으)로 takes 로 after a vowel and after ㄹ.
        has = final == "+" or (final == "ㄹ" and without != "로")
        return ch + (with_final if has else without)

    return _MARK.sub(pick, sentence)
