"""Bad input: every malformed position or move gets the right error class and a
message that says what is wrong; nothing is changed."""

import copy
import json

import pytest

from mancala_widgets.rules import (
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    apply_move,
    initial_position,
    legal_moves,
    load_position,
)

KISOLO = initial_position("kisolo")
KIOTHI = initial_position("kiothi")
KIOTHI_T3 = {**KIOTHI, "turn": 3, "to_move": "south"}
KISOLO_WON = apply_move(
    {**KISOLO, "board": [[0] * 7, [0, 0, 0, 1, 0, 0, 0], [0, 0, 0, 1, 0, 0, 0], [0] * 7]},
    {"type": "capture", "column": 3},
)
KIOTHI_OVER = {
    **KIOTHI,
    "turn": 9,
    "board": [[0] * 10, [0] * 10],
    "jails": {"south": 31, "north": 29},
    "status": "won",
    "winner": "south",
    "reason": "no legal move",
}


def edit(base, path, value):
    d = copy.deepcopy(base)
    *head, last = path
    target = d
    for key in head:
        target = target[key]
    if value is DELETE:
        del target[last]
    else:
        target[last] = value
    return d


DELETE = object()

BAD_POSITIONS = [
    ("not an object", "[[3]]", "expected a JSON object"),
    ("unknown game", edit(KISOLO, ["game"], "chess"), "game = 'chess'"),
    ("missing field", edit(KISOLO, ["board"], DELETE), "missing field 'board'"),
    ("unexpected field", {**KISOLO, "score": 3}, "unexpected field 'score'"),
    ("kisolo columns", edit(KISOLO, ["columns"], 5), "columns = 5: expected 7 or 6"),
    ("kisolo columns bool", edit(KISOLO, ["columns"], True), "columns = True"),
    ("too few rows", edit(KISOLO, ["board"], [[3] * 7] * 3), "expected a list of 4 rows, got 3"),
    ("short row", edit(KISOLO, ["board", 1], [3] * 6), r"board\[1\]: expected a list of 7 entries"),
    ("row not a list", edit(KISOLO, ["board", 2], "3333333"), r"board\[2\]: expected a list"),
    ("negative count", edit(KISOLO, ["board", 2, 3], -1), r"board\[2\]\[3\] = -1"),
    (
        "float count",
        edit(KISOLO, ["board", 0, 0], 1.5),
        r"board\[0\]\[0\] = 1.5: expected an integer",
    ),
    (
        "bool count",
        edit(KISOLO, ["board", 0, 0], True),
        r"board\[0\]\[0\] = True: expected an integer, got bool",
    ),
    ("string count", edit(KISOLO, ["board", 3, 6], "3"), r"board\[3\]\[6\] = '3'"),
    ("unknown player", edit(KISOLO, ["to_move"], "east"), "to_move = 'east'"),
    ("unknown status", edit(KISOLO, ["status"], "finished"), "status = 'finished'"),
    (
        "winner while playing",
        edit(KISOLO, ["winner"], "south"),
        "expected both null while status is 'playing'",
    ),
    ("won without winner", {**KISOLO_WON, "winner": None}, "winner = None"),
    ("won with wrong reason", {**KISOLO_WON, "reason": "repetition"}, "reason = 'repetition'"),
    (
        "won but loser's inner row full",
        {**KISOLO_WON, "winner": "north"},
        "won when the loser's inner row is emptied, but south's inner row still has stones",
    ),
    (
        "draw with a winner",
        {**KISOLO_WON, "status": "draw", "reason": "repetition"},
        "winner = 'south': expected null",
    ),
    (
        "kisolo side without stones",
        edit(KISOLO, ["board"], [[0] * 7, [0] * 7, [3] * 7, [3] * 7]),
        r"north has no stones, so the position cannot still be 'playing' \(the capture that "
        r"took them would have won\)",
    ),
    ("kiothi start_holes", edit(KIOTHI, ["start_holes"], 4), "start_holes = 4"),
    (
        "kiothi orthodox",
        edit(KIOTHI, ["orthodox"], "yes"),
        "orthodox = 'yes': expected true or false",
    ),
    ("kiothi turn zero", edit(KIOTHI, ["turn"], 0), "turn = 0"),
    ("kiothi turn string", edit(KIOTHI, ["turn"], "3"), "turn = '3'"),
    ("kiothi rows", edit(KIOTHI, ["board"], [[5] * 10]), "expected a list of 2 rows"),
    (
        "kiothi nki not bool",
        edit(KIOTHI_T3, ["nki", 0, 0], 1),
        r"nki\[0\]\[0\] = 1: expected true or false",
    ),
    (
        "kiothi sown shape",
        edit(KIOTHI_T3, ["sown", 1], [False] * 9),
        r"sown\[1\]: expected a list of 10",
    ),
    ("kiothi jails missing", edit(KIOTHI, ["jails"], {"south": 0}), "jails: missing field 'north'"),
    ("kiothi jail negative", edit(KIOTHI, ["jails", "north"], -2), "jails.north = -2"),
    ("kiothi jail bool", edit(KIOTHI, ["jails", "north"], False), "jails.north = False"),
    ("kiothi opening turn order", edit(KIOTHI, ["to_move"], "north"), "turn 1 is South's"),
    ("kiothi nki in the opening", edit(KIOTHI, ["nki", 1, 9], True), "no boma is nki before"),
    ("kiothi finished with warriors", {**KIOTHI_OVER, "board": KIOTHI["board"]}, "still holds 60"),
    ("kiothi wrong winner", {**KIOTHI_OVER, "winner": "north"}, "give 'won' for south"),
    ("kiothi mover stuck", edit(KIOTHI_T3, ["board"], [[5] * 10, [0] * 10]), "has no legal move"),
    ("kisolo missing field", edit(KISOLO, ["reason"], DELETE), "Kisolo position: missing field"),
    (
        "kiothi missing field",
        edit(KIOTHI, ["jails"], DELETE),
        "Kiothi position: missing field 'jails'",
    ),
    ("kiothi unknown player", edit(KIOTHI, ["to_move"], "east"), "to_move = 'east'"),
    ("kiothi bad option", {**KIOTHI, "perpetual": "sometimes"}, "perpetual = 'sometimes'"),
    ("kisolo bad option", {**KISOLO, "relay": "previous"}, "relay = 'previous'"),
]


@pytest.mark.parametrize(
    "name, position, message", BAD_POSITIONS, ids=[b[0] for b in BAD_POSITIONS]
)
def test_bad_position(name, position, message):
    if isinstance(position, str):
        position = json.loads(position)
    before = copy.deepcopy(position)
    for call in (load_position, legal_moves):
        with pytest.raises(InvalidPositionError, match=message):
            call(position)
    assert position == before


def sow(r, c, k=None):
    m = {"type": "sow", "row": r, "column": c}
    return m if k is None else {**m, "count": k}


def redistribute(lift, place):
    return {"type": "redistribute", "lift": lift, "place": place}


AFTER_CAPTURE = apply_move(KISOLO, {"type": "capture", "column": 3})

BAD_MOVES = [
    # malformed: not a move of this game at all
    ("move not an object", KISOLO, [3, 0], InvalidMoveError, "expected a JSON object"),
    (
        "unknown type",
        KISOLO,
        {"type": "jump"},
        InvalidMoveError,
        "type = 'jump': expected 'capture' or 'sow'",
    ),
    ("missing column", KISOLO, {"type": "capture"}, InvalidMoveError, "missing field 'column'"),
    (
        "extra field",
        KISOLO,
        {"type": "capture", "column": 1, "count": 2},
        InvalidMoveError,
        "unexpected field 'count'",
    ),
    (
        "row off the board",
        AFTER_CAPTURE,
        sow(4, 0),
        InvalidMoveError,
        "row = 4: expected an integer from 0 to 3",
    ),
    ("column off the board", AFTER_CAPTURE, sow(0, 7), InvalidMoveError, "column = 7"),
    ("bool column", KISOLO, {"type": "capture", "column": True}, InvalidMoveError, "column = True"),
    ("float row", AFTER_CAPTURE, sow(0.0, 1), InvalidMoveError, "row = 0.0"),
    (
        "kiothi type",
        KIOTHI,
        {"type": "capture", "column": 1},
        InvalidMoveError,
        "expected 'redistribute' or 'sow'",
    ),
    (
        "kiothi count zero",
        KIOTHI_T3,
        sow(1, 9, 0),
        InvalidMoveError,
        "count = 0: expected an integer at least 1",
    ),
    ("kiothi count string", KIOTHI_T3, sow(1, 9, "2"), InvalidMoveError, "count = '2'"),
    ("kiothi missing count", KIOTHI_T3, sow(1, 9), InvalidMoveError, "missing field 'count'"),
    ("lift not a list", KIOTHI, redistribute("1,4", []), InvalidMoveError, "lift = '1,4'"),
    (
        "lift cell shape",
        KIOTHI,
        redistribute([[1, 4, 0], [1, 5]], [[1, 0, 10]]),
        InvalidMoveError,
        r"lift\[0\] = \[1, 4, 0\]: expected \[row, column\]",
    ),
    (
        "lift off the board",
        KIOTHI,
        redistribute([[2, 4], [1, 5]], [[1, 0, 10]]),
        InvalidMoveError,
        r"lift\[0\] = \[2, 4\]: expected \[row, column\] on the 2 x 10 board",
    ),
    (
        "place entry shape",
        KIOTHI,
        redistribute([[1, 4], [1, 5]], [[1, 0]]),
        InvalidMoveError,
        r"place\[0\] = \[1, 0\]: expected \[row, column, count\]",
    ),
    (
        "place float count",
        KIOTHI,
        redistribute([[1, 4], [1, 5]], [[1, 0, 9.5], [1, 1, 0.5]]),
        InvalidMoveError,
        r"place\[0\]\[2\] = 9.5",
    ),
    (
        "place not a list",
        KIOTHI,
        redistribute([[1, 4], [1, 5]], None),
        InvalidMoveError,
        "place = None",
    ),
    # well formed, but the rules forbid it
    ("sow while capture due", KISOLO, sow(3, 0), IllegalMoveError, "turn-start capture is due"),
    (
        "capture not possible",
        AFTER_CAPTURE,
        {"type": "capture", "column": 3},
        IllegalMoveError,
        "capture column 3 is not possible",
    ),
    (
        "opponent's hole",
        {**KISOLO, "board": [[1] * 7, [0] * 7, [0] * 7, [1] * 7]},
        sow(0, 0),
        IllegalMoveError,
        "belongs to north",
    ),
    ("kiothi sow in the opening", KIOTHI, sow(1, 9, 1), IllegalMoveError, "opening turn"),
    (
        "kiothi redistribute after the opening",
        KIOTHI_T3,
        redistribute([[1, 4], [1, 5]], [[1, 0, 10]]),
        IllegalMoveError,
        "only played on turns 1 and 2",
    ),
    (
        "lift three bomas",
        KIOTHI,
        redistribute([[1, 4], [1, 5], [1, 6]], [[1, 0, 15]]),
        IllegalMoveError,
        "exactly two bomas",
    ),
    (
        "lift the same boma twice",
        KIOTHI,
        redistribute([[1, 4], [1, 4]], [[1, 0, 10]]),
        IllegalMoveError,
        "must be different",
    ),
    (
        "lift an empty boma",
        KIOTHI,
        redistribute([[1, 0], [1, 4]], [[1, 0, 5]]),
        IllegalMoveError,
        "is empty",
    ),
    (
        "lift the opponent's boma",
        KIOTHI,
        redistribute([[0, 0], [1, 4]], [[1, 0, 10]]),
        IllegalMoveError,
        "is north's boma",
    ),
    (
        "placement misses warriors",
        KIOTHI,
        redistribute([[1, 4], [1, 5]], [[1, 0, 9]]),
        IllegalMoveError,
        "9 warriors placed, but 10 were lifted",
    ),
    (
        "placement of zero",
        KIOTHI,
        redistribute([[1, 4], [1, 5]], [[1, 0, 10], [1, 1, 0]]),
        IllegalMoveError,
        "at least one",
    ),
    (
        "placement twice in one boma",
        KIOTHI,
        redistribute([[1, 4], [1, 5]], [[1, 0, 5], [1, 0, 5]]),
        IllegalMoveError,
        "appears twice",
    ),
    ("lift more than the boma holds", KIOTHI_T3, sow(1, 9, 6), IllegalMoveError, "holds only 5"),
    ("kiothi opponent's boma", KIOTHI_T3, sow(0, 0, 1), IllegalMoveError, "is north's"),
    ("finished kisolo", KISOLO_WON, sow(2, 0), GameOverError, "the game is over"),
    ("finished kiothi", KIOTHI_OVER, sow(1, 0, 1), GameOverError, "the game is over"),
]


@pytest.mark.parametrize(
    "name, position, move, error, message", BAD_MOVES, ids=[b[0] for b in BAD_MOVES]
)
def test_bad_move(name, position, move, error, message):
    before = copy.deepcopy(position)
    with pytest.raises(error, match=message) as info:
        apply_move(position, move)
    assert (
        type(info.value) is error
        or error is IllegalMoveError
        and not isinstance(info.value, GameOverError)
    )
    assert position == before, "a refused move changes nothing"


def test_every_error_is_a_value_error():
    for error in (InvalidMoveError, InvalidPositionError, IllegalMoveError, GameOverError):
        assert issubclass(error, ValueError)
    assert issubclass(GameOverError, IllegalMoveError)


def test_illegal_moves_name_the_rule():
    with pytest.raises(IllegalMoveError) as e:
        apply_move(KISOLO, sow(3, 0))
    assert e.value.rule == "turn_start_capture"


def test_unknown_variant_options_are_refused():
    with pytest.raises(InvalidPositionError, match="'rows' is not a kisolo variant option"):
        initial_position("kisolo", rows=4)
    with pytest.raises(InvalidPositionError, match="game = 'mancala'"):
        initial_position("mancala")


def test_a_finished_game_refuses_every_move_as_game_over():
    for finished, move in ((KISOLO_WON, sow(2, 0)), (KIOTHI_OVER, sow(1, 0, 1))):
        with pytest.raises(GameOverError) as e:
            apply_move(finished, move)
        assert e.value.rule == "game_over"


def test_a_bad_cell_is_echoed_as_json_shortened_past_60_characters():
    def refusal(lift_0):
        with pytest.raises(InvalidMoveError) as e:
            apply_move(KIOTHI, redistribute([lift_0, [1, 5]], [[1, 0, 10]]))
        return str(e.value)

    sixty = [0] * 20  # "[0, 0, ..., 0]": 3 characters a zero, 60 in all
    assert f"lift[0] = {json.dumps(sixty)}: expected [row, column]" in refusal(sixty)
    longer = [12345] + [0] * 19  # 64 characters: the first 57, then "..."
    text = json.dumps(longer)
    assert f"lift[0] = {text[:57]}...: expected [row, column]" in refusal(longer)
    sixty_one = [10] + [0] * 19
    assert f"lift[0] = {json.dumps(sixty_one)[:57]}...: expected" in refusal(sixty_one)
    # Not JSON at all (a set): shown as Python writes it.
    assert "lift[0] = {1, 4}: expected [row, column]" in refusal({1, 4})


# Which rule each refusal above names (IllegalMoveError.rule), as docs/rules.md calls it.
RULE_OF_REFUSAL = {
    "sow while capture due": "turn_start_capture",
    "capture not possible": "turn_start_capture",
    "opponent's hole": "own_holes",
    "kiothi sow in the opening": "opening_redistribution",
    "kiothi redistribute after the opening": "opening_redistribution",
    "lift three bomas": "opening_redistribution",
    "lift the same boma twice": "opening_redistribution",
    "lift an empty boma": "opening_redistribution",
    "lift the opponent's boma": "opening_redistribution",
    "placement misses warriors": "opening_redistribution",
    "placement of zero": "opening_redistribution",
    "placement twice in one boma": "opening_redistribution",
    "lift more than the boma holds": "partial_lifting",
    "kiothi opponent's boma": "own_bomas",
    "finished kisolo": "game_over",
    "finished kiothi": "game_over",
}


def test_every_refusal_names_its_rule():
    refused = [b for b in BAD_MOVES if b[3] in (IllegalMoveError, GameOverError)]
    assert sorted(b[0] for b in refused) == sorted(RULE_OF_REFUSAL)
    for name, position, move, _, _ in refused:
        with pytest.raises(IllegalMoveError) as e:
            apply_move(position, move)
        assert e.value.rule == RULE_OF_REFUSAL[name], name


def test_sowing_an_empty_kisolo_hole_is_refused_by_the_sowing_rule():
    with pytest.raises(IllegalMoveError, match=r"hole \(0,3\) is empty") as e:
        apply_move(AFTER_CAPTURE, sow(0, 3))  # North's outer hole 4, captured
    assert e.value.rule == "sow"


def test_a_sowing_from_the_other_side_names_the_rows_the_mover_may_sow():
    board = [[1] * 7, [0] * 7, [0] * 7, [1] * 7]
    with pytest.raises(IllegalMoveError, match="south may only sow their own rows 2 and 3"):
        apply_move({**KISOLO, "board": board}, sow(0, 0))
    with pytest.raises(IllegalMoveError, match="north may only sow their own rows 0 and 1"):
        apply_move({**KISOLO, "board": board, "to_move": "north"}, sow(3, 0))
    with pytest.raises(
        IllegalMoveError, match=r"boma \(0,0\) is north's; south sows only from row 1"
    ):
        apply_move(KIOTHI_T3, sow(0, 0, 1))


def test_a_position_of_the_other_game_is_refused_by_each_game():
    from mancala_widgets.rules import KiothiState, KisoloState

    with pytest.raises(InvalidPositionError, match="game = 'kisolo': expected 'kiothi'"):
        KiothiState.from_dict({**KIOTHI, "game": "kisolo"})
    with pytest.raises(InvalidPositionError, match="game = 'kiothi': expected 'kisolo'"):
        KisoloState.from_dict({**KISOLO, "game": "kiothi"})
