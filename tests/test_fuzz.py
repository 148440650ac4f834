"""Fuzzing every entry point with arbitrary JSON values (hypothesis).

Bad input never corrupts anything and never passes silently (docs/rules.md): each
entry point either succeeds or raises a ValueError subclass that says what is
wrong; nothing it was given is changed; a board refusing a message from the
browser shows an error and keeps its game as it was.

Two kinds of input: arbitrary JSON (``json_values``), and "near misses": a
real position, move, record, lesson or message with one field replaced,
deleted or added somewhere, which gets past the first checks and reaches the
deeper ones. Runs are derandomized, so CI sees the same examples every time;
each bug these tests found is kept as an explicit @example.
"""

from __future__ import annotations

import copy
import json
import math
import random
from unittest import mock

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from mancala_widgets import ExerciseWidget, KiothiBoard, KisoloBoard, Lesson
from mancala_widgets.exercises import Feedback, exercise_set
from mancala_widgets.handouts import handout
from mancala_widgets.lessons import HERE as LESSON_DIR
from mancala_widgets.lessons import InvalidLessonError, load_lesson
from mancala_widgets.rules import (
    apply_move,
    dump_position,
    initial_position,
    legal_moves,
    load_position,
    play,
)
from mancala_widgets.rules.record import GameRecord, InvalidRecordError
from mancala_widgets.text import Refusal

FUZZ = dict(
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# -- arbitrary JSON -------------------------------------------------------------------------

#: Words the entry points look for, so that arbitrary dicts sometimes nearly fit.
FIELDS = sorted(
    {
        "game",
        "columns",
        "to_move",
        "board",
        "status",
        "winner",
        "reason",
        "start_holes",
        "orthodox",
        "turn",
        "nki",
        "sown",
        "jails",
        "south",
        "north",
        "type",
        "row",
        "column",
        "count",
        "lift",
        "place",
        "format",
        "version",
        "variant",
        "start",
        "moves",
        "result",
        "id",
        "title",
        "steps",
        "summary",
        "text",
        "position",
        "move",
        "highlight",
        "label",
        "arrow",
        "predict",
        "ask",
        "of",
        "question",
        "explain",
        "at",
        "from",
        "to",
        "en",
        "ko",
        "kind",
        "action",
        "answer",
        "speed",
        "error",
        "move_count",
        "lesson",
        "trace",
    }
)
WORDS = [
    "kisolo",
    "kiothi",
    "south",
    "north",
    "playing",
    "won",
    "draw",
    "sow",
    "capture",
    "redistribute",
    "play",
    "undo",
    "redo",
    "reset",
    "goto",
    "next",
    "back",
    "restart",
    "yes",
    "no",
    "ends",
    "never",
    "inner 5",
    "outer 3",
    "north boma 3",
    "[2, 4]",
    "2, 4",
    "6",
    " 6 ",
    "+6",
    "-1",
    "٣",
    "²",
    "1e3",
    "NaN",
    "Infinity",
    "null",
    "true",
    "{}",
    "[]",
    "mancala-widgets/game-record",
    "mancala-widgets/lesson",
    "inner row emptied",
    "repetition",
    "<script>alert(1)</script>",
    "<b>bold</b>",
    "&amp;",
    "{kind}",
    "{0}",
    "%s",
    "\x00",
    "\u202e",
    "남쪽 안쪽 3번",
    "보마 7",
    "🀄",
    "",
    " ",
    "\n",
    ".",
    "..",
    "/",
    '{"board": [[0, 0, 0, 0, 0, 0, 0]], "move": [3, 0]}',
]
BIG = [2**31, 2**53 + 1, 2**63, -(2**63) - 1, 10**30, -(10**30), 10**400]
FLOATS = [math.nan, math.inf, -math.inf, -0.0, 0.5, 3.0, 1e308, 5e-324]

ints = st.one_of(st.integers(-3, 12), st.integers(), st.sampled_from(BIG))
floats = st.one_of(st.floats(), st.sampled_from(FLOATS))
#: Numbers as typed, some longer than int() reads (4,300 digits), in words or cells.
typed_numbers = st.builds(
    lambda before, n, digit, after: before + digit * n + after,
    st.sampled_from(["", " ", "+", "-", "inner ", "boma ", "[", "3, "]),
    st.one_of(st.integers(1, 30), st.integers(4290, 4310)),
    st.sampled_from(["0", "7", "9", "٣", "²"]),
    st.sampled_from(["", " ", ", 1", "]", " 5"]),
)
#: Texts holding a control character or an unpaired surrogate somewhere: refused
#: wherever text comes in, never shown, never sent on.
tainted = st.builds(
    lambda before, ch, after: before + ch + after,
    st.text(max_size=5),
    st.characters(categories=["Cc", "Cs"]),
    st.text(max_size=5),
)
strings = st.one_of(st.text(max_size=12), st.sampled_from(WORDS), typed_numbers, tainted)
keys = st.one_of(st.sampled_from(FIELDS), st.text(max_size=8))
scalars = st.one_of(st.none(), st.booleans(), ints, floats, strings)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(keys, inner, max_size=5)),
    max_leaves=16,
)


def nested(depth: int):
    """A value ``depth`` lists deep (json.loads reads texts nested up to about 1,000)."""
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


json_values = st.one_of(json_values, st.integers(1, 200).map(nested))


# -- near misses ----------------------------------------------------------------------------


def tweaks(node):
    """Values close to ``node``: a neighbour, the same thing in another type, ..."""
    node = copy.deepcopy(node)
    if isinstance(node, bool):
        near = [not node, int(node), str(node).lower(), None]
    elif isinstance(node, int):
        near = [node + 1, node - 1, -node, -1, float(node), str(node), node * 100 + 7, 10**30]
    elif isinstance(node, float):
        near = [int(node) if math.isfinite(node) else 0, math.nan, -node]
    elif isinstance(node, str):
        near = [node.upper(), f" {node}", node[:-1], "", [node], node * 2]
    elif isinstance(node, list):
        near = [node[::-1], node[:-1], node + node[-1:], [node], node * 2, {}]
    elif isinstance(node, dict):
        near = [list(node.values()), list(node), {}, [node]]
    else:
        near = [0, "", [], {}]
    return st.sampled_from(near).map(copy.deepcopy)  # never the node itself, nor a cycle


@st.composite
def near_miss(draw, bases):
    """A copy of one of ``bases`` with one node, at any depth, replaced, deleted, or
    given one more field or item. The node is found by a walk from the top that stops
    at each level with chance 1/3, so a top-level field is as likely to be hit as a
    cell of a board."""
    obj = copy.deepcopy(draw(st.sampled_from(bases)))
    path, node = (), obj
    while isinstance(node, (dict, list)) and node and draw(st.integers(0, 2)):
        key = draw(st.sampled_from(list(node) if isinstance(node, dict) else range(len(node))))
        path, node = (*path, key), node[key]
    op = draw(st.sampled_from(["replace", "delete", "add"]))
    if op == "add" and isinstance(node, dict):
        node[draw(keys)] = draw(json_values)
        return obj
    if op == "add" and isinstance(node, list):
        node.insert(draw(st.integers(0, len(node))), draw(st.one_of(json_values, tweaks(node))))
        return obj
    new = draw(st.one_of(tweaks(node), json_values))
    if not path:
        return new
    parent = obj
    for key in path[:-1]:
        parent = parent[key]
    if op == "delete":
        del parent[path[-1]]
    else:
        parent[path[-1]] = new
    return obj


def dumped(value) -> str:
    """Compares two JSON values exactly, NaN and key order included."""
    return json.dumps(value)


def outcome(call, *args, errors=ValueError):
    """``(True, result)``, or ``(False, error)`` for an error of the class allowed,
    whose message must say something; anything else fails the test."""
    try:
        return True, call(*args)
    except errors as e:
        assert str(e).strip(), f"{type(e).__name__} without a message"
        return False, e


# -- real objects to start from -------------------------------------------------------------


def _complete(state_pos: dict, move: dict) -> dict:
    """A Kiothi opening lift pair with a placement that puts every lifted warrior back."""
    if move["type"] != "redistribute" or "place" in move:
        return move
    (r1, c1), (r2, c2) = move["lift"]
    total = state_pos["board"][r1][c1] + state_pos["board"][r2][c2]
    return {**move, "place": [[r1, c1, total - 1], [1 - r1, 9 - c2, 1]]}


def _game_line(game: str, plies: int, **variant) -> list[tuple[dict, dict]]:
    """(position, move) pairs along a fixed line of play, from the start."""
    pos, pairs = initial_position(game, **variant), []
    for i in range(plies):
        moves = legal_moves(pos)
        if not moves:
            break
        move = _complete(pos, moves[(3 * i + 1) % len(moves)])
        pairs.append((pos, move))
        pos = apply_move(pos, move)
    return pairs


LINES = {
    "kisolo": _game_line("kisolo", 6),
    "kisolo6": _game_line("kisolo", 4, columns=6),
    "kiothi": _game_line("kiothi", 6),
    "kiothi5": _game_line("kiothi", 4, start_holes=5, orthodox=False),
}
PAIRS = [pair for line in LINES.values() for pair in line]
KISOLO_WON = apply_move(
    {
        **initial_position("kisolo"),
        "board": [[0] * 7, [0, 0, 0, 1, 0, 0, 0], [0, 0, 0, 1, 0, 0, 0], [0] * 7],
    },
    {"type": "capture", "column": 3},
)
KIOTHI_OVER = {
    **initial_position("kiothi"),
    "turn": 9,
    "board": [[0] * 10, [0] * 10],
    "jails": {"south": 31, "north": 29},
    "status": "won",
    "winner": "south",
    "reason": "no legal move",
}
POSITIONS = [pos for pos, _ in PAIRS] + [KISOLO_WON, KIOTHI_OVER]
MOVES = [move for _, move in PAIRS]


def _record(game: str, line: list, **variant) -> dict:
    rec = GameRecord(game, start=line[0][0], **variant)
    for _, move in line:
        rec.play(move)
    return rec.to_json()


RECORDS = [
    _record("kisolo", LINES["kisolo"]),
    _record("kiothi", LINES["kiothi"]),
    _record("kiothi", LINES["kiothi5"], start_holes=5, orthodox=False),
    _record("kisolo", LINES["kisolo"][3:]),  # a record that does not start at the start
]

KISOLO_LESSON = {
    "format": "mancala-widgets/lesson",
    "version": 1,
    "id": "t",
    "game": "kisolo",
    "variant": {"columns": 7},
    "title": {"en": "T", "ko": "티"},
    "steps": [
        {"text": "Start."},
        {
            "text": "Capture.",
            "move": {"type": "capture", "column": 3},
            "predict": {"ask": "capture", "explain": "It takes North's inner hole."},
        },
        {
            "text": {"en": "Then North.", "ko": "그다음 북쪽."},
            "highlight": [[1, 0]],
            "label": {"at": [1, 0], "text": "here"},
            "arrow": {"from": [0, 0], "to": [1, 0]},
        },
        {
            "text": "How many laps?",
            "move": LINES["kisolo"][1][1],
            "predict": {"ask": "number", "of": "laps"},
        },
    ],
    "summary": "Done.",
}
KIOTHI_LESSON = {
    "format": "mancala-widgets/lesson",
    "version": 1,
    "id": "k",
    "game": "kiothi",
    "variant": {"start_holes": 6, "orthodox": True},
    "title": "K",
    "steps": [
        {"text": "Opening.", "move": LINES["kiothi"][0][1]},
        {"text": "North.", "move": LINES["kiothi"][1][1], "predict": {"ask": "protected"}},
        {
            "text": "A sowing.",
            "position": LINES["kiothi"][4][0],
            "move": LINES["kiothi"][4][1],
            "predict": {"ask": "choice", "of": "captures"},
        },
        {"text": "Where?", "move": LINES["kiothi"][5][1], "predict": {"ask": "landing"}},
    ],
}
LESSONS = [
    KISOLO_LESSON,
    KIOTHI_LESSON,
    json.loads((LESSON_DIR / "start-here.json").read_text(encoding="utf-8")),
]


def crowded_position(game: str, total: int, seed: int) -> dict:
    """A position in play with ``total`` pieces scattered on the board: far more than a
    game has (a game has 84 or 60), up to the most a board may hold."""
    rng = random.Random(seed)
    p = initial_position(game)
    if game == "kiothi":
        p.update(turn=5, sown=[[True] * 10, [True] * 10])
    board = [[0] * len(row) for row in p["board"]]
    for _ in range(total):
        board[rng.randrange(len(board))][rng.randrange(len(board[0]))] += 1
    p["board"] = board
    return p


crowded = st.builds(
    crowded_position, st.sampled_from(["kisolo", "kiothi"]), st.integers(61, 1000), st.integers()
)
positions = st.one_of(json_values, near_miss(POSITIONS), crowded)


# -- the rules engine -----------------------------------------------------------------------


def numbers(value):
    """Every number in a JSON value (booleans are not numbers here)."""
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list):
        return [n for v in value for n in numbers(v)]
    return [value] if isinstance(value, (int, float)) and not isinstance(value, bool) else []


def check_position_result(after):
    """A position the engine returns loads again, unchanged, and counts in whole numbers."""
    assert dump_position(load_position(after)) == after
    assert all(type(n) is int for n in numbers(after)), f"a number that is not an integer: {after}"
    json.dumps(after)


K7 = initial_position("kisolo")
#: A billion stones (warriors) on a board: a move sowing them, and Kiothi's check that
#: the player to move can move, ran for hours before load_position refused such a board.
HEAVY_KISOLO = {**K7, "board": [[1] + [0] * 6, [0] * 7, [0] * 7, [10**9] + [0] * 6]}
HEAVY_KIOTHI = {
    **initial_position("kiothi"),
    "turn": 3,
    "board": [[5] * 6 + [0] * 4, [10**9] + [5] * 9],
}


@settings(max_examples=150, **FUZZ)
@given(positions)
@example({**K7, "game": ["kisolo"]})  # was a TypeError (unhashable), not a refusal
@example({**K7, "status": ["playing"]})
@example(HEAVY_KIOTHI)
@example({**K7, "columns": 7.0})  # a TypeError deep in the geometry
@example({**initial_position("kiothi"), "start_holes": 6.0})  # was accepted, and dumped as 6.0
def test_load_position_and_legal_moves_refuse_bad_positions_with_a_value_error(x):
    before = dumped(x)
    ok, state = outcome(load_position, x)
    assert dumped(x) == before, "load_position changed its input"
    listed, moves = outcome(legal_moves, x)
    assert dumped(x) == before, "legal_moves changed its input"
    assert listed == ok, "legal_moves accepts exactly the positions load_position accepts"
    if ok:
        check_position_result(dump_position(state))
        json.dumps(moves)


@settings(max_examples=40, **FUZZ)
@given(crowded)
def test_a_crowded_position_plays_like_any_other_or_is_refused(x):
    ok, state = outcome(load_position, x)
    if not ok:
        assert "has no legal move" in str(state) or "pieces in all" in str(state)
        return
    moves = legal_moves(x)
    assert moves, "a position in play has a move"
    for move in (moves[0], moves[-1]):
        after = apply_move(x, move)
        check_position_result(after)
        pieces = lambda p: sum(map(sum, p["board"])) + sum((p.get("jails") or {}).values())
        assert pieces(after) == pieces(x), "no piece is made or lost"


@st.composite
def position_and_move(draw):
    """A position and a move for it: either or both a near miss, or arbitrary."""
    position, move = draw(st.sampled_from(PAIRS))
    which = draw(st.sampled_from(["position", "move", "both", "any move", "any position"]))
    if which in ("position", "both"):
        position = draw(near_miss([position]))
    if which in ("move", "both"):
        move = draw(near_miss([move] + MOVES))
    if which == "any move":
        move = draw(json_values)
    if which == "any position":
        position = draw(json_values)
    return position, move


@settings(max_examples=200, **FUZZ)
@given(position_and_move())
@example(({**K7, "game": ["kisolo"]}, {"type": "capture", "column": 1}))
@example((HEAVY_KISOLO, {"type": "sow", "row": 3, "column": 0}))
def test_apply_move_and_play_refuse_bad_input_with_a_value_error(pair):
    position, move = pair
    before = dumped(pair)
    ok, after = outcome(apply_move, position, move)
    assert dumped(pair) == before, "apply_move changed its input"
    played, result = outcome(play, position, move)
    assert dumped(pair) == before, "play changed its input"
    assert played == ok
    if ok:
        check_position_result(after)
        assert result[0] == after
        json.dumps(result[1])


# -- game records ---------------------------------------------------------------------------


@settings(max_examples=120, **FUZZ)
@given(st.one_of(json_values, near_miss(RECORDS)))
def test_a_bad_game_record_is_refused_with_an_invalid_record_error(x):
    before = dumped(x)
    ok, rec = outcome(GameRecord.from_json, x, errors=InvalidRecordError)
    assert dumped(x) == before, "GameRecord.from_json changed its input"
    if ok:
        again = GameRecord.from_json(json.loads(rec.dumps()))
        assert again.position == rec.position and again.moves == rec.moves


record_texts = st.one_of(
    st.text(max_size=40),
    st.sampled_from(WORDS),
    st.one_of(json_values, near_miss(RECORDS)).map(json.dumps),
    st.builds(lambda n, s: s * n, st.integers(1, 100_000), st.sampled_from(["[", '{"a":'])),
)


@settings(max_examples=100, **FUZZ)
@given(record_texts)
@example("[" * 100_000)  # was a RecursionError
@example("9" * 5000)  # was a bare ValueError: too many digits for int()
def test_a_bad_record_file_is_refused_with_an_invalid_record_error(text):
    outcome(GameRecord.loads, text, errors=InvalidRecordError)


# -- lessons --------------------------------------------------------------------------------

lessons = st.one_of(st.dictionaries(keys, json_values, max_size=8), near_miss(LESSONS))


@settings(max_examples=120, **FUZZ)
@given(lessons)
@example({**KISOLO_LESSON, "game": [[]]})  # was a TypeError (unhashable)
def test_a_bad_lesson_is_refused_with_an_invalid_lesson_error(x):
    before = dumped(x)
    ok, script = outcome(load_lesson, x, errors=InvalidLessonError)
    assert dumped(x) == before, "load_lesson changed its input"
    if ok:  # every text it holds can be shown and sent: no control character, no surrogate
        texts = [script.title, script.summary or {}] + [s.text for s in script.steps]
        json.dumps(texts, ensure_ascii=False).encode("utf-8")


def _lesson_state(lesson: Lesson):
    return dumped([lesson.position, lesson.move_count, lesson.trace, lesson.lesson])


@settings(max_examples=25, **FUZZ)
@given(near_miss(LESSONS), st.lists(st.one_of(json_values, typed_numbers), min_size=1, max_size=4))
@example(KISOLO_LESSON, ["²", "9" * 5000])  # bare ValueErrors from int(), not Refusals
def test_a_lesson_that_loads_can_be_stepped_through_and_answered_with_anything(x, answers):
    ok, _ = outcome(load_lesson, x, errors=InvalidLessonError)
    if not ok:
        return
    lesson = Lesson(x)
    for i in range(len(lesson.script.steps)):
        assert lesson.step == i + 1
        if lesson.script.steps[i].predict is not None:
            for given in answers:
                before = _lesson_state(lesson)
                answered, feedback = outcome(
                    lesson.answer, copy.deepcopy(given), errors=Refusal
                )  # says what a right form is
                if not answered:
                    assert _lesson_state(lesson) == before, "a refused answer changed the lesson"
                    continue
                assert isinstance(feedback["correct"], bool) and feedback["text"]
                break
        lesson.next()


# -- the boards' messages from the browser --------------------------------------------------


def _plays(line):
    return [{"kind": "play", "move": move} for _, move in line[:3]]


COMMON_MESSAGES = [
    {"kind": "undo"},
    {"kind": "redo"},
    {"kind": "reset"},
    {"kind": "goto", "moves": 0},
    {"kind": "goto", "moves": 1},
    {"kind": "goto_node", "node": 0},
    {"kind": "goto_node", "node": 1},
    {"kind": "hint"},
    {"kind": "stepped", "action": "back", "step": 0},
]
NKI = load_lesson("nki")
MESSAGES = {
    "kisolo": _plays(LINES["kisolo"]) + COMMON_MESSAGES,
    "kiothi": _plays(LINES["kiothi"]) + COMMON_MESSAGES,
    "lesson": COMMON_MESSAGES
    + [{"kind": "lesson", "action": a} for a in ("next", "back", "restart")]
    + [{"kind": "answer", "answer": s.predict["answer"]} for s in NKI.steps if s.predict]
    + [{"kind": "play", "move": NKI.steps[0].move or MOVES[0]}],
}
BOARDS = {"kisolo": KisoloBoard, "kiothi": KiothiBoard, "lesson": lambda: Lesson(NKI)}


def board_state(board) -> str:
    lesson = getattr(board, "lesson", None)
    return dumped(
        [
            board.position,
            board.move_count,
            board.trace,
            board.legal_moves,
            board.can_undo,
            board.can_redo,
            board.history,
            board.move_list,
            lesson,
            getattr(board, "_index", None),
            getattr(board, "_feedback", None),
        ]
    )


def messages(kind):
    return st.lists(
        st.one_of(json_values, near_miss(MESSAGES[kind]), st.sampled_from(MESSAGES[kind])),
        min_size=1,
        max_size=5,
    )


def deliver(board, content):
    """Send ``content`` as the browser does. ipywidgets catches an exception raised by the
    handler and only logs it, so here the log raises it again, to fail the test."""

    def reraise(*args, **kwargs):
        raise  # the handler's exception, which ipywidgets is handling right now

    with mock.patch.object(board._msg_callbacks.log, "warning", reraise):
        board._handle_custom_msg(content, [])


def check_messages(kind, sent):
    board = BOARDS[kind]()
    for content in sent:
        before, serial = board_state(board), board.error_serial
        copied = copy.deepcopy(content)
        deliver(board, copied)
        assert dumped(copied) == dumped(content), "a message was changed by the board"
        # What the board shows goes to the browser as UTF-8: it holds no lone surrogate.
        json.dumps([board.error, board.narration, board.move_list], ensure_ascii=False).encode()
        if board.error_serial != serial:
            assert board.error, "a refused message says why"
            assert board_state(board) == before, f"a refused message changed the game: {content}"


@settings(max_examples=60, **FUZZ)
@given(messages("kisolo"))
def test_a_kisolo_board_never_raises_on_a_message(sent):
    check_messages("kisolo", sent)


@settings(max_examples=60, **FUZZ)
@given(messages("kiothi"))
def test_a_kiothi_board_never_raises_on_a_message(sent):
    check_messages("kiothi", sent)


@settings(max_examples=60, **FUZZ)
@given(messages("lesson"))
def test_a_lesson_never_raises_on_a_message(sent):
    check_messages("lesson", sent)


TRAITS = sorted(KisoloBoard().keys) + ["lesson"]
forged_states = st.one_of(
    json_values,
    st.dictionaries(st.one_of(st.sampled_from(TRAITS), keys), json_values, max_size=4),
    st.builds(lambda v: {"speed": v}, st.one_of(json_values, st.floats(0, 10))),
)


@settings(max_examples=40, **FUZZ)
@given(st.sampled_from(sorted(BOARDS)), forged_states)
@example("kisolo", {"speed": 10**400})
@example("kisolo", [1])
def test_state_forged_by_the_browser_changes_at_most_the_speed(kind, forged):
    board = BOARDS[kind]()
    board.send_state = lambda keys=None: None  # no front end to send the true state back to
    before = board.get_state()
    board.set_state(copy.deepcopy(forged))
    after = board.get_state()
    assert 0.25 <= board.speed <= 8
    for name in ("speed", "error", "error_serial"):
        del before[name], after[name]
    assert dumped(after) == dumped(before), "forged state changed more than the speed"


# -- exercises and handouts -----------------------------------------------------------------

EXERCISES = exercise_set("en") + exercise_set("ko")
ANSWERS = [ex.answer for ex in EXERCISES]
answers = st.one_of(
    json_values, typed_numbers, near_miss(ANSWERS), near_miss(ANSWERS).map(json.dumps), record_texts
)


@settings(max_examples=150, **FUZZ)
@given(st.integers(0, len(EXERCISES) - 1), answers)
@example(4, "[" * 2000)  # a RecursionError out of check
@example(0, "9" * 5000)  # bare ValueErrors from int(): Landing, Lifted
@example(3, "9" * 5000 + ", 1")
@example(3, "inner " + "9" * 5000)
def test_every_exercise_gives_feedback_for_any_answer(i, answer):
    before = dumped(answer)
    feedback = EXERCISES[i].check(answer)
    assert isinstance(feedback, Feedback) and feedback.text
    feedback.text.encode("utf-8")  # shown in the notebook: no lone surrogate echoed back
    assert dumped(answer) == before, "check changed the answer it was given"


def handout_arguments():
    def arg(*good):
        return st.one_of(st.sampled_from(good), json_values)

    return st.fixed_dictionaries(
        {},
        optional={
            "locale": arg("en", "ko", "sw"),
            "paper": arg("a4", "letter"),
            "game": arg("kisolo", "kiothi"),
            "columns": arg(6, 7, 10),
            "lesson": st.one_of(arg("nki", "start-here"), strings, lessons),
        },
    )


@settings(max_examples=60, **FUZZ)
@given(
    st.one_of(st.sampled_from(["board", "rules", "record", "lesson"]), json_values),
    handout_arguments(),
)
@example("lesson", {"lesson": "."})  # IsADirectoryError
@example("lesson", {"lesson": "missing.json"})  # FileNotFoundError
def test_a_handout_with_bad_arguments_is_refused_with_a_value_error(kind, kwargs):
    before = dumped(kwargs)
    ok, page = outcome(lambda: handout(kind, **kwargs))
    assert dumped(kwargs) == before, "handout changed its arguments"
    if ok:
        assert page.startswith("<!DOCTYPE html>")


# -- hand-ins, as a teacher's marking reads them --------------------------------------------


def _hand_ins() -> list[dict]:
    from mancala_widgets.classroom import hand_in, sample_class

    class_files = [json.loads(data) for _, data in sample_class()[:3]]
    exercises = [ExerciseWidget(e) for e in exercise_set()]
    exercises[0].answer("6")
    exercises[4].answer('{"board": [[0]], "move": [0, 0]}')
    board = KisoloBoard()
    for _ in range(2):
        board.play(board.legal_moves[0])
    lesson = Lesson("nki")
    lesson.next()
    lesson.next()
    lesson.answer(13)
    with_all = hand_in(lesson, exercises[0], exercises[4], board, student="Kinoti")
    return [*class_files, with_all]


HAND_INS = _hand_ins()


def check_marks(marks, given: int) -> None:
    assert len(marks.problems) + len({w.file for w in marks.works}) >= min(given, 1)
    for name, why in marks.problems:
        assert isinstance(name, str) and why.strip()
    for w in marks.works:
        assert w.score is None or 0 <= w.score <= w.out_of
        if w.score is not None:
            assert w.score == sum(1 for a in w.answers if a.right)
    marks.table()
    marks.csv()
    marks.chart()
    marks.questions()
    assert marks.report().startswith("<!doctype html>")


@settings(max_examples=150, **FUZZ)
@given(st.one_of(json_values, near_miss(HAND_INS)))
def test_marking_anything_raises_nothing_outside_its_problems(x):
    from mancala_widgets.classroom import mark

    before = dumped(x)
    as_file = ("x.handin.json", json.dumps(x).encode())
    marks = mark(as_file, x) if isinstance(x, dict) else mark(as_file)
    assert dumped(x) == before, "mark changed what it was given"
    check_marks(marks, 2 if isinstance(x, dict) else 1)


@settings(max_examples=60, **FUZZ)
@given(st.lists(near_miss(HAND_INS), min_size=2, max_size=4))
def test_a_stack_of_near_miss_hand_ins_is_marked_file_by_file(stack):
    from mancala_widgets.classroom import mark

    files = [(f"{i}.handin.json", json.dumps(h).encode()) for i, h in enumerate(stack)]
    marks = mark(
        *files, *[(f"ok-{i}.json", json.dumps(h).encode()) for i, h in enumerate(HAND_INS)]
    )
    check_marks(marks, len(files))
    assert {"Mbuyi", "Kinoti"} <= {w.student for w in marks.works}, "the good files are marked"
