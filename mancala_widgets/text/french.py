"""French elision, chosen by the sound of the word that follows.

A catalogue sentence writes an article or preposition that may elide in brackets
just before a field: ``[de]{who}``, ``[le]{hole}``, ``[que]{who}``. :func:`elide`
gives ``d'Amina`` or ``de Kanku``, ``l'alvéole`` or ``le trou``. The words of the
catalogue's own text are written elided or not by the translator; only what is
filled in (a player's name, a hole's name) is unknown until then.

>>> elide("de", "Amina"), elide("de", "Kanku"), elide("le", "alvéole 3")
("d'Amina", 'de Kanku', "l'alvéole 3")
>>> elide("que", "Ilunga"), elide("de", "huit graines"), elide("la", "case 4")
("qu'Ilunga", 'de huit graines', 'la case 4')

A y before a vowel is a consonant (« de Yaya », « de Youssouf »); before a consonant,
a vowel (« d'Yves »).

>>> elide("de", "Yaya"), elide("de", "Youssouf"), elide("de", "Yves"), elide("de", "onze")
('de Yaya', 'de Youssouf', "d'Yves", 'de onze')

A number in digits never elides: « de 8 », « de 11 » (huit and onze, spelled out,
do not elide either).
"""

from __future__ import annotations

import re
import unicodedata

#: The words that elide before a vowel sound, and what they become.
ELIDED = {"de": "d'", "le": "l'", "la": "l'", "que": "qu'", "ne": "n'", "je": "j'", "se": "s'"}
#: Words with an aspirated h (« le héros », « de huit ») and « onze », which do not
#: elide; other words starting with h do.
H_ASPIRE = ("haut", "hauteur", "hors", "héros", "hasard", "hameau", "haricot", "huit", "onze")
MARK = re.compile(r"\[(de|le|la|que|ne|je|se)\]$")


def starts_with_vowel_sound(word: str) -> bool:
    """Does ``word`` start with a vowel sound (a, e, i, o, u, a mute h, accents, a y
    before a consonant)? An aspirated h and « onze » (H_ASPIRE) do not."""
    word = word.lstrip("«“\"' ")
    if not word or word.lower().startswith(H_ASPIRE):
        return False
    first, second = (unicodedata.normalize("NFD", c)[0].lower() for c in (word + " ")[:2])
    if first == "y":  # Yaya, Youssouf: a consonant; Yves: a vowel
        return second not in "aeiouy "
    return first in "aeiouh"


def elide(article: str, following: str) -> str:
    """``article`` (de, le, la, que, ne, je, se) followed by ``following``, elided
    before a vowel sound; a space between them otherwise."""
    if starts_with_vowel_sound(following):
        return ELIDED[article] + following
    return f"{article} {following}"


def plural_one(n: object) -> bool:
    """French counts 0 and 1 in the singular: « 0 graine », « 1 graine », « 2 graines »."""
    return n in (0, 1)


__all__ = ["ELIDED", "MARK", "elide", "plural_one", "starts_with_vowel_sound"]
