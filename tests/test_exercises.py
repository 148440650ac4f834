"""Exercises: answers from the rules engine, feedback in English and Korean,
hints and worked answers, and the widget driven by the browser's messages."""

import base64
import doctest
import json
import re
from string import Formatter

import pytest

from mancala_widgets import ExerciseWidget, exercises
from mancala_widgets.exercises import (
    LIFTED_POSITION,
    ExerciseError,
    build_capture,
    exercise_set,
    landing,
    lifted,
)
from mancala_widgets.rules import IllegalMoveError, apply_move, load_position
from mancala_widgets.rules.kiothi import CIRCUIT as KIOTHI_CIRCUIT
from mancala_widgets.rules.kisolo import geometry
from mancala_widgets.text import catalogue

LOCALES = ("en", "ko", "fr")


def english_words(text: str) -> list[str]:
    """Latin words left in a Korean text once the allowed terms are taken out."""
    return re.findall(r"[A-Za-z]+", re.sub(r"pussa kanawa|nki|mod", "", text, flags=re.I))


#: Words of an English exercise text that a French one never needs (code, quoted, aside).
ENGLISH_IN_FRENCH = re.compile(
    r"\b(the|and|is|of|to|hole|holes|stone|stones|warrior|warriors|jail|lap|lift|lifts"
    r"|sow|sows|capture|captures|row|column|board|move|empty|south|north|inner|outer)\b",
    re.I,
)


def untranslated(text: str, locale: str) -> list[str]:
    """English left in a Korean or French exercise text (code in quotes set aside)."""
    if locale == "ko":
        return english_words(text)
    return ENGLISH_IN_FRENCH.findall(re.sub(r'"[^"]*"', "", text))


def kisolo(board, to_move="south"):
    return {
        "game": "kisolo",
        "columns": len(board[0]),
        "to_move": to_move,
        "board": board,
        "status": "playing",
        "winner": None,
        "reason": None,
    }


def kiothi(board, to_move="south", turn=7, orthodox=True):
    return {
        "game": "kiothi",
        "start_holes": 6,
        "orthodox": orthodox,
        "to_move": to_move,
        "turn": turn,
        "board": board,
        "nki": [[False] * 10, [False] * 10],
        "sown": [[False] * 10, [False] * 10],
        "jails": {"south": 0, "north": 0},
        "status": "playing",
        "winner": None,
        "reason": None,
    }


# -- 1. Landing ---------------------------------------------------------------------


def played_landing(size: int, start: int, stones: int) -> int:
    """The first lap's last hole, found by playing the move on a board set up
    here (not the module's), as a place on the circuit."""
    if size in (14, 12):
        columns = size // 2
        circuit = geometry(columns).circuit[0]
        h = circuit[start]
        board = [[0] * columns for _ in range(4)]
        board[h // columns][h % columns] = stones
        board[0][columns - 1] = 2  # North's outer row: no capture of any kind
        position, move = kisolo(board), {"type": "sow", "row": h // columns, "column": h % columns}
        cells = [[x // columns, x % columns] for x in circuit]
    else:
        h = KIOTHI_CIRCUIT[start]
        r, c = divmod(h, 10)
        board = [[0] * 10, [0] * 10]
        board[r][c] = stones
        board[1 - r][(c + 5) % 10] += 3
        mover = "south" if r == 1 else "north"
        position = kiothi(board, mover, turn=9 if mover == "south" else 10, orthodox=False)
        move = {"type": "sow", "row": r, "column": c, "count": stones}
        cells = [[x // 10, x % 10] for x in KIOTHI_CIRCUIT]
    trace = []
    try:
        load_position(position).play(move, trace)
    except IllegalMoveError:  # a relay that never ends: the first lap was traced
        pass
    first = next(e for e in trace if e["kind"] == "sow")
    return cells.index(first["cells"][-1])


@pytest.mark.parametrize("size", [14, 12, 20])
def test_landing_answers_agree_with_the_engine_for_every_start_and_count(size):
    for start in range(size):
        for stones in range(1, 46):
            assert landing(size, start, stones).answer == played_landing(size, start, stones), (
                size,
                start,
                stones,
            )


def test_a_sowing_never_skips_its_start_a_full_round_lands_back_in_it():
    assert landing(12, 4, 12).answer == 4
    assert landing(14, 0, 14).answer == 0
    assert landing(20, 19, 1).answer == 0  # from North's boma 1 on into South's boma 1


@pytest.mark.parametrize("locale", LOCALES)
def test_landing_right_wrong_and_malformed_answers(locale):
    ex = landing(14, 3, 17, locale)
    right = {"en": "Right!", "ko": "맞았습니다!", "fr": "Exact\u00a0!"}[locale]
    for answer in (6, "6", " 6 "):
        fb = ex.check(answer)
        assert (fb.correct, fb.malformed, fb.text) == (True, False, right)
    fb = ex.check(9)
    assert not fb.correct and not fb.malformed
    for answer in ("seven", 3.5, "3.5", [9, 9], True, None, ""):
        fb = ex.check(answer)
        assert fb.malformed and not fb.correct, answer
        assert "13" in fb.text  # says what was expected: 0 to 13
    for answer in (14, 20, -1):
        fb = ex.check(answer)
        assert fb.malformed and str(answer) in fb.text and "14" in fb.text
    if locale != "en":
        for answer in (6, 9, 5, "seven", 20):
            assert untranslated(ex.check(answer).text, locale) == []


def test_counting_the_starting_hole_gets_its_own_tip():
    ex = landing(14, 3, 17)
    assert "next hole" in ex.check(5).text  # (3 + 17 - 1) mod 14
    assert "next hole" not in ex.check(9).text
    assert "다음 보마" in landing(20, 16, 9, "ko").check(4).text
    assert "le boma suivant" in landing(20, 16, 9, "fr").check(4).text


@pytest.mark.parametrize("locale", LOCALES)
def test_landing_hint_and_worked_answer_show_the_arithmetic(locale):
    ex = landing(14, 3, 17, locale)
    assert "(3 + 17) mod 14" in ex.hint() and "= 6" not in ex.hint()
    worked = ex.worked()
    assert "(3 + 17) mod 14 = 20 mod 14 = 6" in worked
    said = {
        "en": "South's outer hole 7",
        "ko": "남쪽 바깥쪽 줄 7번 구멍",
        "fr": "trou extérieur 7 de Sud",
    }
    assert said[locale] in worked
    assert {"en": "once round", "ko": "한 바퀴", "fr": "une fois le tour"}[locale] in worked
    short = landing(20, 16, 9, locale).worked()
    assert "(16 + 9) mod 20 = 25 mod 20 = 5" in short
    assert {"en": "South's boma 6", "ko": "남쪽 6번 보마", "fr": "boma 6 de Sud"}[locale] in short
    assert {"en": "round", "ko": "바퀴", "fr": "tour"}[locale] not in short
    if locale != "en":
        assert untranslated(ex.hint(), locale) == [] and untranslated(worked, locale) == []


def test_the_question_says_which_hole_is_number_0():
    assert "0 is South's outer hole 1" in landing(14, 3, 17).question
    assert "0 is South's boma 1" in landing(20, 16, 9).question
    assert (
        "North lifts the 9 warriors of boma number 16 (North's boma 4)"
        in landing(20, 16, 9).question
    )
    assert "자리 0은 남쪽 바깥쪽 줄 1번 구멍이고" in landing(12, 4, 12, "ko").question
    assert "0 est le trou extérieur 1 de Sud" in landing(12, 4, 12, "fr").question
    assert (
        "Nord ramasse le contenu du boma numéro 16 (boma 4 de Nord), soit 9 guerriers"
        in landing(20, 16, 9, "fr").question
    )


@pytest.mark.parametrize(
    "args",
    [
        (13, 0, 1),
        (14, 14, 1),
        (14, -1, 1),
        (14, 0, 0),
        (14, 0, 201),
        (14, True, 3),
        ("14", 0, 1),
        (14, 0, 2.0),
    ],
)
def test_landing_refuses_a_bad_exercise(args):
    with pytest.raises(ExerciseError):
        landing(*args)
    with pytest.raises(ExerciseError) as e:
        landing(*args, locale="ko")
    assert str(e.value).endswith("야 합니다")


# -- 2. Lifted ----------------------------------------------------------------------

KISOLO_MOVE = {"type": "sow", "row": 3, "column": 4}
#: South sows 3 from boma 9: the last falls in North's boma 9, which holds 2,
#: so the relay lifts that landing boma itself.
KIOTHI_POSITION = kiothi([[0, 0, 0, 0, 0, 0, 0, 0, 2, 0], [0] * 8 + [3, 0]])
KIOTHI_MOVE = {"type": "sow", "row": 1, "column": 8, "count": 3}


@pytest.mark.parametrize("locale", LOCALES)
def test_lifted_kisolo_accepts_a_cell_or_a_name(locale):
    ex = lifted(LIFTED_POSITION, KISOLO_MOVE, locale)
    assert ex.answer == [2, 4]
    for answer in (
        [2, 4],
        (2, 4),
        "[2, 4]",
        "2,4",
        "(2 4)",
        "inner 5",
        "Inner 5",
        "South's inner hole 5",
        "south inner 5",
        "안쪽 5",
        "남쪽 안쪽 줄 5번 구멍",
        "intérieur 5",
        "int. 5",
        "trou intérieur 5 de Sud",
        "Sud intérieur 5",
    ):
        fb = ex.check(answer)
        assert fb.correct and not fb.malformed, answer
    for answer in ("outer 5", "north inner 5", [1, 4], "inner 4"):
        fb = ex.check(answer)
        assert not fb.correct and not fb.malformed, answer
    for answer in (
        "seven",
        [9, 9],
        3.5,
        5,
        "inner",
        "boma 5",
        "inner 3 4",
        "inner 9",
        [2],
        "south north inner 5",
        None,
    ):
        fb = ex.check(answer)
        assert fb.malformed and not fb.correct, answer
    assert {"en": "0 to 3", "ko": "0부터 3까지", "fr": "0 à 3"}[locale] in ex.check([9, 9]).text
    assert "7" in ex.check("inner 9").text
    assert not ex.check("extérieur 5").correct and not ex.check("trou intérieur 5 de Nord").correct
    if locale != "en":
        for answer in ("inner 5", "outer 5", "inner 6", "seven", [9, 9], "inner 9"):
            assert untranslated(ex.check(answer).text, locale) == [], answer


def test_answering_the_landing_hole_is_told_to_look_one_further():
    ex = lifted(LIFTED_POSITION, KISOLO_MOVE)
    assert ex.landing == [2, 5]
    assert "the hole after it" in ex.check("inner 6").text
    assert "the hole after it" not in ex.check("outer 5").text


@pytest.mark.parametrize("locale", LOCALES)
def test_lifted_kiothi_relay_lifts_the_landing_boma(locale):
    ex = lifted(KIOTHI_POSITION, KIOTHI_MOVE, locale)
    assert ex.answer == [0, 8]
    for answer in (
        [0, 8],
        "north boma 9",
        "North's boma 9",
        "북쪽 9번 보마",
        "북쪽 보마 9",
        "boma 9 de Nord",
        "boma 9 nord",
    ):
        assert ex.check(answer).correct, answer
    assert not ex.check("boma 9").correct  # no side: the mover's, South's boma 9
    itself = {
        "en": "landing boma itself",
        "ko": "떨어진 보마 자체",
        "fr": "boma d'arrivée lui-même",
    }
    assert itself[locale] in ex.check("north boma 8").text
    assert ex.check("9").malformed and ex.check("inner 9").malformed
    assert {"en": "lap 1", "ko": "1바퀴째", "fr": "tournée 1"}[locale] in ex.hint()


@pytest.mark.parametrize("locale", LOCALES)
def test_lifted_worked_answer_is_the_trace_up_to_the_relay(locale):
    ex = lifted(LIFTED_POSITION, KISOLO_MOVE, locale)
    worked = ex.worked()
    assert (
        worked.splitlines()[-1]
        == {
            "en": "Answer: South's inner hole 5, that is [2, 4].",
            "ko": "정답: 남쪽 안쪽 줄 5번 구멍, 곧 [2, 4].",
            "fr": "Réponse\u00a0: le trou intérieur 5 de Sud, c'est-à-dire [2, 4].",
        }[locale]
    )
    six = {
        "en": "South's inner hole 6",
        "ko": "남쪽 안쪽 줄 6번 구멍",
        "fr": "trou intérieur 6 de Sud",
    }
    assert six[locale] in worked
    assert {"en": "Lap 2", "ko": "2바퀴째", "fr": "Tournée 2"}[locale] not in worked  # the relay
    assert {"en": "AFTER", "ko": "그 뒤의 구멍", "fr": "SUIT"}[locale] in ex.hint()
    assert ex.picture().startswith("<svg")


def test_lifted_refuses_a_move_without_a_relay_and_bad_moves():
    with pytest.raises(ExerciseError, match="no pussa kanawa"):
        lifted(LIFTED_POSITION, {"type": "sow", "row": 2, "column": 5})
    with pytest.raises(ExerciseError) as e:
        lifted(LIFTED_POSITION, {"type": "sow", "row": 2, "column": 5}, locale="ko")
    assert "pussa kanawa가 이어지지 않아" in str(e.value)
    with pytest.raises(ExerciseError, match="no relay"):
        lifted(
            kiothi([[0] * 8 + [2, 0], [0] * 8 + [1, 0]]),
            {"type": "sow", "row": 1, "column": 8, "count": 1},
        )
    with pytest.raises(IllegalMoveError):
        lifted(LIFTED_POSITION, {"type": "sow", "row": 0, "column": 0})
    with pytest.raises(ValueError):
        lifted({"game": "kisolo"}, KISOLO_MOVE)


# -- 3. Build a capture ----------------------------------------------------------------

TURN_START = [[0] * 7, [0, 0, 3, 0, 0, 0, 1], [0, 0, 1, 0, 0, 0, 0], [1] + [0] * 6]
#: 14 stones go once round: the last falls back in the emptied start hole.
ROUND_TRIP = [[0] * 7, [0, 0, 0, 0, 0, 0, 2], [0] * 7, [0, 0, 0, 0, 0, 0, 14]]


@pytest.mark.parametrize("locale", LOCALES)
def test_a_capture_is_recognised_with_its_rule(locale):
    ks, kt = build_capture("kisolo", locale), build_capture("kiothi", locale)
    fb = ks.check(board=TURN_START, move={"type": "capture", "column": 2})
    assert fb.correct and fb.rules == ("turn_start_capture",)
    said = {"en": "turn-start capture", "ko": "턴 시작 시의 획득", "fr": "prise de début de tour"}
    assert said[locale] in fb.text
    fb = ks.check(ks.answer)
    assert fb.correct and fb.rules == ("mid_move_capture",)
    said = {"en": "Mid-move capture", "ko": "수 도중의 획득", "fr": "Prise en cours de coup"}
    assert said[locale] in fb.text
    fb = kt.check(kt.answer)
    assert fb.correct and fb.rules == ("capture",)
    assert {"en": "South's jail", "ko": "남쪽 감옥", "fr": "la prison de Sud"}[locale] in fb.text
    if locale != "en":
        for f in (ks.check(ks.answer), kt.check(kt.answer)):
            assert untranslated(f.text, locale) == []


def test_a_kisolo_turn_start_capture_counts_only_as_the_move_played():
    ex = build_capture()
    fb = ex.check(board=TURN_START, move=[3, 0])  # sowing while a capture is due
    assert fb.malformed and not fb.correct
    assert "turn-start capture is due (column 3)" in fb.text
    assert "rules engine says" not in fb.text  # it would only say the same again
    with pytest.raises(IllegalMoveError) as engine:
        apply_move(ex.built, {"type": "sow", "row": 3, "column": 0})
    assert fb.detail == str(engine.value)  # the engine's own message, reused


def explain(game, locale, **kwargs):
    return build_capture(game, locale).check(**kwargs)


@pytest.mark.parametrize("locale", LOCALES)
def test_no_capture_is_explained(locale):
    def said(en, ko, fr):
        return {"en": en, "ko": ko, "fr": fr}[locale]

    fb = explain(
        "kisolo",
        locale,
        board=[[0] * 7, [0, 0, 3] + [0] * 4, [0] * 7, [0, 1, 0, 0, 0, 0, 0]],
        move=[3, 1],
    )
    assert not fb.correct and not fb.malformed
    assert (
        said(
            "is empty: the turn ends there",
            "비어 있으므로 턴이 거기서 끝납니다",
            "est vide\u00a0: le tour s'arrête là",
        )
        in fb.text
    )
    fb = explain("kisolo", locale, board=LIFTED_POSITION["board"], move=[3, 4])
    assert (
        said(
            "faces North's inner hole 5, which is empty",
            "북쪽 안쪽 줄 5번 구멍과 마주 보는데",
            "fait face au trou intérieur 5 de Nord, qui est vide",
        )
        in fb.text
    )
    fb = explain("kisolo", locale, board=ROUND_TRIP, move=[3, 6])
    assert (
        said(
            "Lap 1 ended in South's outer hole 7, which was empty before the stone fell",
            "1바퀴째가 남쪽 바깥쪽 줄 7번 구멍에서 끝났는데",
            "La tournée 1 s'est terminée dans le trou extérieur 7 de Sud, qui était vide avant",
        )
        in fb.text
    )
    assert said("And 1 more lap end", "1번 더", "Et 1 autre fin de tournée") in fb.text
    board = [[0, 0, 2, 0, 0, 0, 1, 0, 0, 0], [0, 1, 0, 0, 0, 0, 0, 0, 0, 0]]
    fb = explain("kiothi", locale, board=board, move=[1, 1, 1], nki=[[0, 2]])
    assert (
        not fb.correct and said("is nki (protected)", "nki(보호됨)", "est nki (protégé)") in fb.text
    )
    board[0][2] = 0
    fb = explain("kiothi", locale, board=board, move=[1, 1, 1])
    assert (
        said(
            "the opposite boma, North's boma 3, is empty",
            "맞은편 보마 북쪽 3번 보마가 비어 있습니다",
            "le boma d'en face, le boma 3 de Nord, est vide",
        )
        in fb.text
    )
    fb = explain("kiothi", locale, board=[[0, 0, 2] + [0] * 7, [0] * 9 + [3]], move=[1, 9, 3])
    said_row = said("The sowing ended on North's row", "북쪽 줄의", "dans la rangée de Nord")
    assert said_row in fb.text
    if locale != "en":
        assert untranslated(fb.text, locale) == []


MALFORMED_KISOLO = [
    (
        dict(board="3 3 3", move=[3, 0]),
        "a list of 4 rows",
        "줄 4개의 목록",
        "une liste de 4 rangées",
    ),
    (
        dict(board=[[1] * 7] * 3, move=[3, 0]),
        "has 3 rows; it needs 4",
        "줄이 3개",
        "Nombre de rangées du plateau\u00a0: 3",
    ),
    (
        dict(board=[[1] * 7, [1] * 7, [1] * 7, [1] * 6], move=[3, 0]),
        "Row 3 has 6 holes",
        "3번 줄에 구멍이 6개",
        "Nombre de trous de la rangée 3\u00a0: 6",
    ),
    (
        dict(board=[[0] * 7, [0] * 7, [0, 0, -1, 0, 0, 0, 0], [1] * 7], move=[3, 0]),
        "row 2, column 2",
        "2번 줄, 2번 열",
        "À la rangée 2, colonne 2",
    ),
    (
        dict(board=[[0] * 7, [0] * 7, [0, 0, True, 0, 0, 0, 0], [1] * 7], move=[3, 0]),
        "row 2, column 2",
        "2번 줄, 2번 열",
        "À la rangée 2, colonne 2",
    ),
    (
        dict(board=[[0] * 7, [0] * 7, [0] * 7, [1] * 7], move=[3, 0]),
        "North has no stones",
        "북쪽에게 돌이 없습니다",
        "Nord n'a aucune graine",
    ),
    (
        dict(board=TURN_START, move="sow"),
        "Expected a move like",
        "질문에 보인 형식",
        "On attend un coup comme",
    ),
    (
        dict(board=TURN_START, move={"type": "sow", "row": 3}),
        "Expected a move like",
        "질문에 보인 형식",
        "On attend un coup comme",
    ),
    (
        dict(board=TURN_START, move={"type": ["sow"], "row": 3, "column": 0}),
        "Expected a move like",
        "질문에 보인 형식",
        "On attend un coup comme",
    ),
    (
        dict(board=TURN_START, move={"type": "capture", "column": 9}),
        "column must be a whole number from 0 to 6",
        "열 번호는 0부터 6까지",
        '"column" (numéro de colonne) doit être un nombre entier de 0 à 6',
    ),
    (
        dict(board=TURN_START, move={"type": "capture", "column": 1}),
        "no turn-start capture in column 2",
        "2번 열에서는",
        "pas de prise de début de tour dans la colonne 2",
    ),
    (
        dict(board=[[0] * 7, [0] * 7, [0] * 7, [1] * 7], move=[1, 1]),
        "North has no stones",
        "북쪽에게",
        "Nord n'a aucune graine",
    ),
    (
        dict(board=[[1] + [0] * 6, [0] * 7, [0] * 7, [1] * 7], move=[0, 0]),
        "North's outer hole 1 is not South's",
        "남쪽의 구멍이 아닙니다",
        "Le trou extérieur 1 de Nord n'est pas à Sud",
    ),
    (
        dict(board=[[1] + [0] * 6, [0] * 7, [0] * 7, [0, 1, 0, 0, 0, 0, 0]], move=[3, 0]),
        "South's outer hole 1 is empty",
        "남쪽 바깥쪽 줄 1번 구멍이 비어 있습니다",
        "Le trou extérieur 1 de Sud est vide",
    ),
    (dict(board=TURN_START), "The move is missing", "수가 없습니다", "Il manque le coup"),
    (dict(move=[3, 0]), "The board is missing", "판이 없습니다", "Il manque le plateau"),
    (
        dict(board=TURN_START, move=[3, 0], nki=[[0, 1]]),
        "Only the board and the move",
        "판과 수만",
        "On ne peut donner que le plateau et le coup",
    ),
]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("given, en, ko, fr", MALFORMED_KISOLO)
def test_malformed_kisolo_answers_say_what_is_wrong(given, en, ko, fr, locale):
    fb = build_capture("kisolo", locale).check(**given)
    assert fb.malformed and not fb.correct
    assert {"en": en, "ko": ko, "fr": fr}[locale] in fb.text
    if locale != "en":
        assert untranslated(fb.text, locale) == []


GOOD_KIOTHI = [[0, 0, 2, 0, 0, 0, 1, 0, 0, 0], [0, 1, 0, 0, 0, 0, 0, 0, 0, 0]]
MALFORMED_KIOTHI = [
    (
        dict(board=[[0] * 10], move=[1, 1, 1]),
        "has 1 rows; it needs 2",
        "줄이 1개",
        "Nombre de rangées du plateau\u00a0: 1",
    ),
    (
        dict(board=[[0] * 10, [1] * 9], move=[1, 1, 1]),
        "Row 1 has 9 bomas",
        "9개",
        "Nombre de bomas de la rangée 1\u00a0: 9",
    ),
    (
        dict(board=GOOD_KIOTHI, move=[1, 1]),
        "Expected a move like",
        "질문에 보인 형식",
        "On attend un coup comme",
    ),
    (
        dict(board=GOOD_KIOTHI, move=[1, 1, 0]),
        "count must be a whole number, 1 or more",
        "전사 수는 1 이상",
        '"count" (nombre de guerriers à ramasser) doit être un nombre entier, 1 ou plus',
    ),
    (
        dict(board=GOOD_KIOTHI, move=[1, 1, 2]),
        "South's boma 2 holds 1 warrior: South cannot lift 2",
        "전사 1명이 있습니다",
        "Le boma 2 de Sud contient 1 guerrier\u00a0: Sud ne peut pas en ramasser 2",
    ),
    (
        dict(board=GOOD_KIOTHI, move=[1, 0, 1]),
        "South's boma 1 is empty",
        "남쪽 1번 보마가 비어",
        "Le boma 1 de Sud est vide",
    ),
    (
        dict(board=GOOD_KIOTHI, move=[0, 2, 1]),
        "North's boma 3 is not South's",
        "남쪽의 보마가 아닙니다",
        "Le boma 3 de Nord n'est pas à Sud",
    ),
    (
        dict(board=[GOOD_KIOTHI[0], [0, 1, 1, 0, 0, 0, 0, 0, 0, 0]], move=[1, 1, 1]),
        "first-lap restriction",
        "첫 바퀴 제한",
        "restriction de la première tournée (règle orthodoxe)",
    ),
    (
        dict(board=GOOD_KIOTHI, move=[1, 1, 1], nki=[[5, 5]]),
        "The nki list",
        "nki 목록",
        "La liste nki",
    ),
    (
        dict(board=GOOD_KIOTHI, move=[1, 1, 1], sown="all"),
        "The sown list",
        "뿌려진 보마 목록",
        'La liste "sown"',
    ),
    (
        dict(board=[[1] * 10, [0] * 10], move=[1, 1, 1]),
        "South has no legal move",
        "둘 수 있는 수가 없으므로",
        "Sud n'a aucun coup permis",
    ),
]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("given, en, ko, fr", MALFORMED_KIOTHI)
def test_malformed_kiothi_answers_say_what_is_wrong(given, en, ko, fr, locale):
    fb = build_capture("kiothi", locale).check(**given)
    assert fb.malformed and not fb.correct
    assert {"en": en, "ko": ko, "fr": fr}[locale] in fb.text
    if locale != "en":
        assert untranslated(fb.text, locale) == []


def test_build_accepts_json_as_typed_and_marks_as_grids():
    ex = build_capture("kiothi")
    typed = json.dumps({"board": GOOD_KIOTHI, "move": [1, 1, 1], "nki": [[0, 2]]})
    assert "nki (protected)" in ex.check(typed).text
    grid = [[False, False, True] + [False] * 7, [False] * 10]
    assert not ex.check(board=GOOD_KIOTHI, move=[1, 1, 1], nki=grid).correct
    assert ex.check(board=GOOD_KIOTHI, move=[1, 1, 1], sown=grid).correct
    for bad in ("{not json", "[1, 2]", json.dumps({"board": GOOD_KIOTHI, "moves": [1, 1, 1]})):
        fb = ex.check(bad)
        assert fb.malformed and fb.text
    assert ex.check(
        json.dumps({"board": GOOD_KIOTHI, "move": [1, 1, 1]}), board=GOOD_KIOTHI
    ).malformed


def test_build_hint_and_worked_example():
    ex = build_capture()
    assert "capture of that column" in ex.hint() and "already held stones" in ex.hint()
    worked = ex.worked()
    assert "board = [[0, 0, 0, 0, 0, 1, 0]" in worked
    assert "Mid-move capture: South takes 2 + 1 stones from column 6" in worked
    assert "수 도중의 획득" in build_capture(locale="ko").worked()
    assert "Prise en cours de coup" in build_capture(locale="fr").worked()
    assert "South's boma 3" in build_capture("kiothi").worked()
    with pytest.raises(ExerciseError):
        build_capture("oware")


# -- The standard set ----------------------------------------------------------------


def test_the_standard_set_is_fixed():
    first, again = exercise_set(), exercise_set()
    assert [e.question for e in first] == [e.question for e in again]
    assert [type(e).__name__ for e in first] == [
        "Landing",
        "Landing",
        "Landing",
        "Lifted",
        "BuildCapture",
    ]
    assert [e.size for e in first[:3]] == [14, 12, 20]
    assert any(e.stones > e.size for e in first[:3])
    assert [e.answer for e in first[:4]] == [6, 4, 5, [2, 4]]
    assert first[4].game == "kisolo"
    for locale in ("ko", "fr"):
        translated = exercise_set(locale)
        assert [e.answer for e in translated] == [e.answer for e in first]
        assert all(e.locale == locale for e in translated)


# -- The widget ----------------------------------------------------------------------


def says(widget, content):
    """A message as the browser sends it."""
    widget._handle_custom_msg(content, [])
    return widget.feedback


def svg_of(widget) -> bytes:
    assert widget.picture.startswith("data:image/svg+xml;base64,")
    return base64.b64decode(widget.picture.split(",", 1)[1])


@pytest.mark.parametrize("locale", LOCALES)
def test_the_widget_checks_hints_and_shows_the_answer(locale):
    ex = landing(14, 3, 17, locale)
    w = ExerciseWidget(ex)
    assert w.question == ex.question and w.family == "landing" and not w.multiline
    assert [w.strings[k] for k in ("check", "hint", "show")] == {
        "en": ["Check", "Hint", "Show answer"],
        "ko": ["확인", "힌트", "정답 보기"],
        "fr": ["Vérifier", "Indice", "Voir la réponse"],
    }[locale]
    assert (
        says(w, {"kind": "check", "answer": "6"})["text"]
        == {"en": "Right!", "ko": "맞았습니다!", "fr": "Exact\u00a0!"}[locale]
    )
    assert w.feedback["correct"] is True and w.given == "6"
    fb = says(w, {"kind": "check", "answer": "9"})
    assert fb["text"] == ex.check(9).text and fb["correct"] is False
    fb = says(w, {"kind": "check", "answer": "seven"})  # nothing raised: it says what to type
    assert fb["text"] == ex.check("seven").text and fb["malformed"]
    assert says(w, {"kind": "hint"}) == {
        "kind": "hint",
        "text": ex.hint(),
        "correct": None,
        "malformed": False,
    }
    assert says(w, {"kind": "show"})["text"] == ex.worked()
    assert w.picture == "", "a landing exercise has no board to draw"


@pytest.mark.parametrize(
    "content",
    [
        "check",
        {"kind": "check"},
        {"kind": "check", "answer": 6},
        {"kind": "check", "answer": "6", "right": True},
        {"kind": "check", "answer": "6" * 30_000},
        {"kind": "grade"},
    ],
)
def test_a_forged_message_is_refused_and_changes_nothing(content):
    w = ExerciseWidget(landing(14, 3, 17))
    w.answer("9")
    given = w.given
    fb = says(w, content)
    assert fb["kind"] == "error" and "cannot read" in fb["text"] and w.given == given


@pytest.mark.parametrize("typed", ["6\x00", "\ud800", "\x1b[31m6"])
def test_an_answer_with_a_control_character_is_refused_and_never_sent_back(typed):
    w = ExerciseWidget(landing(14, 3, 17))
    fb = w.answer(typed)
    assert fb["malformed"] and "control character" in fb["text"] and w.given == ""


def test_the_widgets_show_text_only_and_the_board_as_a_picture():
    for ex in exercise_set():
        data, _ = ExerciseWidget(ex)._repr_mimebundle_()
        assert "application/vnd.jupyter.widget-view+json" in data
        page = ex._repr_html_()  # shown with no widget: the question, as text
        assert "<script" not in page and ex.question.split("<")[0][:20] in page
    w = ExerciseWidget(exercise_set()[3])
    assert svg_of(w).startswith(b"<svg")
    assert w.answer("inner 5")["text"] == "Right!"


def test_the_build_widget_reads_typed_json_and_draws_the_board():
    ex = build_capture()
    w = ExerciseWidget(ex)
    assert w.multiline and w.picture == ""
    fb = w.answer("this is not a board")
    assert fb["text"] == ex.check("x").text and w.picture == ""
    fb = w.answer(json.dumps({"board": TURN_START, "move": {"type": "capture", "column": 2}}))
    assert fb["text"].startswith("Capture!") and "turn-start capture" in fb["text"]
    assert b"<svg" in svg_of(w)
    fb = w.answer(json.dumps({"board": [[0] * 7] * 4, "move": [3, 0]}))
    assert "South has no stones" in fb["text"]


# -- Catalogues and examples ---------------------------------------------------------


def leaves(section, prefix=""):
    for key, value in section.items():
        if isinstance(value, dict) and not {"one", "other"} >= set(value):
            yield from leaves(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", value


def fields(template):
    texts = template.values() if isinstance(template, dict) else [template]
    return {name for t in texts for _, name, _, _ in Formatter().parse(t) if name} - {"n"}


@pytest.mark.parametrize("locale", [loc for loc in LOCALES if loc != "en"])
def test_every_catalogue_has_the_same_texts_with_the_same_fields(locale):
    en = dict(leaves(catalogue("en")["exercises"]))
    other = dict(leaves(catalogue(locale)["exercises"]))
    assert set(en) == set(other)
    for key in en:
        assert fields(en[key]) == fields(other[key]), key


def test_docstring_examples_run():
    result = doctest.testmod(exercises)
    assert result.failed == 0 and result.attempted > 5
