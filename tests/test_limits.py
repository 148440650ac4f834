"""Inputs past what a game has, refused or handled on every path: boards with far more
pieces than a game (up to MAX_PIECES), numbers past any bound, control characters and
unpaired surrogates, JSON nested deeply, and values of megabytes, which an error
message must not repeat whole."""

import copy
import json
import random
from pathlib import Path

import pytest
import traitlets

from mancala_widgets import KiothiBoard, KisoloBoard, Lesson, board_svg, compare
from mancala_widgets.exercises import build_capture
from mancala_widgets.lessons import InvalidLessonError, load_lesson
from mancala_widgets.players import LEVELS, level
from mancala_widgets.review import hint, review
from mancala_widgets.rules import (
    InvalidMoveError,
    InvalidPositionError,
    InvalidRecordError,
    KisoloState,
    apply_move,
    initial_position,
    legal_moves,
    load_position,
)
from mancala_widgets.rules.common import MAX_PIECES
from mancala_widgets.rules.record import GameRecord

from test_review import browser_says

ROOT = Path(__file__).resolve().parents[1]
LESSON = json.loads((ROOT / "mancala_widgets" / "lessons" / "nki.json").read_text())
#: A message may quote a bad value, but never much of it.
MESSAGE_MOST = 600


def crowded_kiothi(total: int, seed: int = 0) -> dict:
    """A Kiothi position in play with ``total`` warriors scattered on the board."""
    rng = random.Random(seed)
    p = {**initial_position("kiothi"), "turn": 5, "sown": [[True] * 10, [True] * 10]}
    board = [[0] * 10, [0] * 10]
    for _ in range(total):
        board[rng.randrange(2)][rng.randrange(10)] += 1
    p["board"] = board
    return p


# -- boards with more pieces than a game has ---------------------------------------------


@pytest.mark.parametrize("total", [61, 300, MAX_PIECES])
def test_a_crowded_kiothi_board_works_on_every_path(total):
    p = crowded_kiothi(total)
    state = load_position(p)
    moves = legal_moves(p)
    assert moves and all(m["type"] == "sow" for m in moves)
    for move in moves[:: max(1, len(moves) // 8)]:  # some of each boma's lifts
        after = apply_move(p, move)
        assert sum(map(sum, after["board"])) + sum(after["jails"].values()) == total
    board = KiothiBoard(position=p)
    browser_says(board, {"kind": "play", "move": moves[-1]})
    assert board.error == "" and board.move_count == 1
    for name in LEVELS:
        chosen = level(name, seed=1).choose(state)
        assert chosen in moves
    assert hint(state, level="greedy").move in moves
    record = GameRecord("kiothi", start=p)
    record.play(moves[0])
    assert len(review(record, level="search").positions) == 2
    lesson = {
        **LESSON,
        "start": p,
        "steps": [{"text": "A crowded board.", "move": moves[0]}],
    }
    Lesson(lesson).next()


def test_the_computer_keeps_its_time_limit_on_a_crowded_board():
    # The clock says the time is up as soon as the first move is looked at: the
    # computer then plays that move, having played out no other.
    state = load_position(crowded_kiothi(MAX_PIECES, seed=2))
    player = level("expert", seed=1)
    readings = iter([0.0] + [1e9] * 10_000)
    player.clock = lambda: next(readings)
    played = []
    real = type(state).apply_action

    def counting(self, action):
        played.append(action)
        return real(self, action)

    type(state).apply_action = counting
    try:
        move = player.choose(state)
    finally:
        type(state).apply_action = real
    assert move == state.action_move(played[0]) and len(played) == 1


# -- numbers past any bound --------------------------------------------------------------


HUGE = 10**400


@pytest.mark.parametrize(
    "path",
    [("jails", "south"), ("jails", "north"), ("turn",), ("board", 0, 3)],
    ids=lambda p: ".".join(map(str, p)),
)
def test_a_huge_count_is_refused_by_every_door(path):
    p = crowded_kiothi(60)
    target = p
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = HUGE
    with pytest.raises(InvalidPositionError) as e:
        load_position(p)
    assert "expected" in str(e.value) and len(str(e.value)) < MESSAGE_MOST
    with pytest.raises(InvalidPositionError):
        KiothiBoard(position=p)
    with pytest.raises(InvalidRecordError):
        GameRecord.from_json({**GameRecord("kiothi").to_json(), "start": p})
    with pytest.raises(InvalidLessonError):
        load_lesson({**LESSON, "start": p})


def test_a_kisolo_board_past_the_limit_is_refused_and_so_is_its_hole():
    p = initial_position("kisolo")
    p["board"][2][5] = MAX_PIECES + 1
    with pytest.raises(InvalidPositionError, match="board: 1082 pieces in all: expected at most"):
        load_position(p)
    with pytest.raises(InvalidPositionError, match=r"board\[2\]\[5\] = 1001: expected an integer"):
        KisoloState.from_dict(p)


# -- control characters and unpaired surrogates ---------------------------------------------

BAD_CHARACTERS = ["\x00", "\x1b", "\x7f", "\x85", "\ud800", "\udfff", "\ufffe"]


@pytest.mark.parametrize("ch", BAD_CHARACTERS, ids=lambda c: f"U+{ord(c):04X}")
def test_a_control_character_or_surrogate_is_refused_wherever_text_comes_in(ch):
    name = f"Mb{ch}uyi"
    with pytest.raises(traitlets.TraitError, match=r"labels\['south'\]: character U\+"):
        KisoloBoard(labels={"south": name, "north": "Kanku"})
    board = KisoloBoard()
    with pytest.raises(traitlets.TraitError, match="title: character U"):
        board.title = name
    assert board.title == "Kisolo", "a refused title changes nothing"
    with pytest.raises(ValueError, match="title: character U"):
        board_svg(initial_position("kisolo"), title=name)
    with pytest.raises(ValueError, match=r"labels\['north'\]: character U"):
        board_svg(initial_position("kisolo"), labels={"south": "a", "north": name})
    with pytest.raises(traitlets.TraitError, match="title: character U"):
        compare(None, [{}, {"relay": "landing"}], titles=["one", name])
    for where, edit in lesson_texts(name):
        with pytest.raises(InvalidLessonError, match="character U") as e:
            load_lesson(edit)
        assert str(e.value).startswith(where), str(e.value)


def lesson_texts(text):
    """The lesson with ``text`` put in each of its kinds of text, and where the error
    should say it is."""
    yield "id", {**LESSON, "id": text}
    yield "title.en", {**LESSON, "title": {"en": text}}
    yield "summary.ko", {**LESSON, "summary": {**LESSON["summary"], "ko": text}}
    for i, step in enumerate(LESSON["steps"]):
        if "predict" in step:
            asks = copy.deepcopy(LESSON)
            asks["steps"][i]["predict"]["question"] = {"en": text}
            yield f"step {i + 1}: predict.question.en", asks
            break
    said = copy.deepcopy(LESSON)
    said["steps"][0]["text"] = {"en": f"line one\n\tline two {text}"}
    yield "step 1: text.en", said


def test_line_breaks_are_refused_in_a_name_and_allowed_in_a_lesson_text():
    with pytest.raises(traitlets.TraitError, match="a name or a title is one line"):
        KisoloBoard(labels={"south": "Mbuyi\nKanku", "north": "Kanku"})
    said = copy.deepcopy(LESSON)
    said["steps"][0]["text"] = {"en": "Line one.\n\tLine two."}
    assert load_lesson(said).steps[0].text["en"] == "Line one.\n\tLine two."


def test_the_static_picture_of_every_accepted_name_is_well_formed_xml():
    import xml.etree.ElementTree as ET

    for name in ("Mbuyi <b>&", "Ñgúgĩ 💡", "\u200bzero width", "tab\u2028line"):
        ET.fromstring(board_svg(initial_position("kiothi"), labels={"south": name, "north": "N"}))


# -- JSON nested deeply ----------------------------------------------------------------------------


def test_json_nested_deeply_is_refused_wherever_json_is_read(tmp_path):
    deep = "[" * 5_000 + "]" * 5_000
    lesson = tmp_path / "deep.json"
    lesson.write_text(json.dumps({**LESSON, "steps": []})[:-1] + ', "x": ' + deep + "}")
    with pytest.raises(InvalidLessonError, match="nested more than 400 deep"):
        load_lesson(lesson)
    with pytest.raises(InvalidRecordError, match="nested more than 400 deep"):
        GameRecord.loads(deep)
    feedback = build_capture().check(deep)
    assert feedback.malformed and not feedback.correct
    nested: list = []
    for _ in range(5_000):
        nested = [nested]
    # A lesson given as a dict, with a move nested as deep: refused, not a RecursionError.
    step = {"text": "x", "move": {"type": "sow", "row": nested, "column": 0}}
    with pytest.raises(InvalidLessonError, match="step 1"):
        load_lesson({**LESSON, "steps": [step]})


# -- values of megabytes ----------------------------------------------------------------

BIG = "x" * 10_000_000
BIG_VALUES = [BIG, [0] * 200_000, {f"k{i}": i for i in range(20_000)}]


def paths(value, prefix=()):
    """Every place in a JSON value: each key of an object, each item of a list."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:3]):
            yield from paths(v, (*prefix, i))


def put(value, path, new):
    if not path:
        return new
    out = copy.deepcopy(value)
    target = out
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = new
    return out


def refusal(call) -> str:
    try:
        call()
    except (ValueError, traitlets.TraitError) as e:
        return str(e)
    return ""


@pytest.mark.slow
@pytest.mark.parametrize("big", BIG_VALUES, ids=["text", "list", "object"])
def test_no_error_message_repeats_a_huge_value(big):
    kisolo, kiothi = initial_position("kisolo"), crowded_kiothi(40)
    record = GameRecord("kisolo")
    record.play({"type": "capture", "column": 3})
    record_json = record.to_json()
    move = {"type": "sow", "row": 1, "column": 3, "count": 2}
    lesson = {**LESSON, "steps": LESSON["steps"][:4]}
    doors = [
        (kisolo, load_position),
        (kiothi, load_position),
        (move, lambda m: apply_move(kiothi, m)),
        (record_json, GameRecord.from_json),
        (lesson, load_lesson),
    ]
    messages = []
    for good, door in doors:
        for q in paths(good):
            bad = put(good, q, big)
            messages.append(refusal(lambda door=door, bad=bad: door(bad)))
    board = KisoloBoard()
    for content in (
        {"kind": big},
        {"kind": "play", "move": big},
        {"kind": "goto", "moves": big},
        {"kind": "goto_node", "node": big},
        {"kind": "stepped", "action": big, "step": 0},
        {"kind": "play", "move": {"type": "sow", "row": big, "column": 0}},
    ):
        browser_says(board, content)
        messages.append(board.error)
    messages.append(refusal(lambda: setattr(board, "labels", {"south": big, "north": "N"})))
    assert all(messages)
    longest = max(messages, key=len)
    assert len(longest) < MESSAGE_MOST, longest[:200]
    with pytest.raises(InvalidMoveError):
        apply_move(kisolo, {"type": "sow", "row": big, "column": 0})
