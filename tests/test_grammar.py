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


@pytest.mark.parametrize(
    ("n", "cls", "said"),
    [
        (2, "li", "mawili"),  # a count of two takes the plural's form: mawe mawili
        (1, "ma", "moja"),  # and one the singular's: jiwe moja
        (1, "wa", "mmoja"),  # "one of them", of warriors: mmoja kati ya wapiganaji watano
        (3, "m", "watatu"),
        (1, "mu", "mmoja"),  # mwendelezo mmoja
        (2, "mi", "miwili"),  # miendelezo miwili
        (0, "ma", "0"),
        (True, "ma", "True"),  # not a count: written as it is
    ],
)
def test_a_swahili_number_agrees_with_the_pair_of_classes(n, cls, said):
    assert number(n, cls) == said


@pytest.mark.parametrize(
    ("noun", "verb", "last"),
    [
        ("jiwe moja", "linapandwa", "la mwisho"),
        ("mawe matatu", "yanapandwa", "la mwisho"),
        ("mpiganaji mmoja", "anapandwa", "wa mwisho"),
        ("wapiganaji 24", "wanapandwa", "wa mwisho"),
        ("Amina", "anapandwa", "wa mwisho"),  # a player's name: a person, class 1
    ],
)
def test_a_swahili_concord_mark_agrees_with_the_noun_a_field_holds(noun, verb, last):
    said = render(
        "{pieces} [sc:pieces]napandwa; [of1:pieces] mwisho", {"pieces": noun}, locale="sw"
    )
    assert said == f"{noun} {verb}; {last}"


def test_swahili_concord_marks_are_resolved_in_the_templates_text_only():
    from mancala_widgets.text.swahili import class_of, concords

    assert (
        render("{who} [sc:who]meshinda", {"who": "[sc:who]"}, locale="sw") == "[sc:who] ameshinda"
    )
    assert (class_of("maboma 13"), class_of("boma 1 la Kusini"), class_of("")) == ("ma", "li", "m")
    assert render("ku[oc:pieces]panda", {"pieces": "mawe mawili"}, locale="sw") == "kuyapanda"
    assert render("[ote:pieces]", {"pieces": "wapiganaji 5"}, locale="sw") == "wote"
    with pytest.raises(KeyError, match="names no field"):
        concords("[sc:nothing]", {})
    # Only Swahili resolves them: another language's text is left as it is.
    assert render("[sc:x]", {"x": "mawe"}, locale="en") == "[sc:x]"
