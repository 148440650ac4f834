"""French elision and plural, Swahili agreement: the small helpers beside korean.py."""

import pytest

from mancala_widgets.text import is_one, render
from mancala_widgets.text.french import elide, starts_with_vowel_sound
from mancala_widgets.text.swahili import number, of


@pytest.mark.parametrize(
    ("article", "word", "said"),
    [
        ("de", "Amina", "d'Amina"),
        ("de", "Kanku", "de Kanku"),
        ("le", "alvéole 3", "l'alvéole 3"),
        ("le", "trou 3", "le trou 3"),
        ("la", "case 3", "la case 3"),
        ("que", "Ilunga", "qu'Ilunga"),
        ("de", "Édouard", "d'Édouard"),
        ("de", "homme", "d'homme"),
        ("de", "héros", "de héros"),  # aspirated h
        ("de", "huit graines", "de huit graines"),
        ("de", "haricots", "de haricots"),  # aspirated h: beans stand in for seeds
        ("le", "hasard", "le hasard"),
        ("de", "8 graines", "de 8 graines"),  # digits never elide
        ("de", "11 graines", "de 11 graines"),
    ],
)
def test_french_elides_before_a_vowel_sound_only(article, word, said):
    assert elide(article, word) == said


def test_french_counts_zero_and_one_in_the_singular():
    assert [is_one("fr", n) for n in (0, 1, 2)] == [True, True, False]
    assert [is_one("en", n) for n in (0, 1, 2)] == [False, True, False]


def test_a_french_mark_elides_before_the_value_filled_in_and_the_value_stays_text():
    said = render("Le tour [de]{who}.", {"who": "Amina"}, locale="fr")
    assert said == "Le tour d'Amina."
    # A name a user typed is never rewritten: only the mark before it changes.
    assert render("Le tour [de]{who}.", {"who": "[de]x"}, locale="fr") == "Le tour de [de]x."
    assert starts_with_vowel_sound("« Amina »")


@pytest.mark.parametrize(
    ("n", "cls", "said"),
    [
        (1, "li", "moja"),  # jiwe moja, shimo moja
        (2, "ma", "mawili"),  # mawe mawili, mashimo mawili
        (5, "ma", "matano"),
        (1, "m", "mmoja"),  # mpiganaji mmoja
        (3, "wa", "watatu"),  # wapiganaji watatu
        (8, "wa", "wanane"),
        (2, "n", "mbili"),  # mbegu mbili
        (6, "ma", "sita"),  # six and seven never agree
        (7, "wa", "saba"),
        (24, "ma", "24"),  # above ten, digits
    ],
)
def test_swahili_numbers_agree_with_the_nouns_class(n, cls, said):
    assert number(n, cls) == said


def test_swahili_possessives_and_a_template_that_asks_for_agreement():
    assert (of("li"), of("ma"), of("m"), of("wa"), of("n10")) == ("la", "ya", "wa", "wa", "za")
    said = render("mawe {n:ma} ya {who}", {"n": 2, "who": "Kusini"}, locale="sw")
    assert said == "mawe mawili ya Kusini"
    with pytest.raises(KeyError, match="no Swahili noun class 'xx'"):
        number(2, "xx")
