"""Game records: undo/redo, Kisolo's repetition draw (docs/rules.md), JSON files."""

import json
import random

import pytest

from mancala_widgets import bench
from mancala_widgets.rules import (
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    InvalidRecordError,
    initial_position,
)
from mancala_widgets.rules.record import GameRecord

from helpers import VARIANTS, random_move, variant_id

# A 4x6 position whose game can cycle: these 48 moves bring it back to itself.
CYCLE_START, cycle_moves = bench.CYCLE_START, bench.cycle_moves


def test_goto_jumps_along_the_line_and_keeps_the_moves_ahead():
    rec = GameRecord("kisolo", columns=7)
    positions = [rec.position]
    for _ in range(4):
        rec.play(rec.legal_moves()[0])
        positions.append(rec.position)
    moves = rec.moves
    line = rec.line()
    assert [m for _, m in line] == moves
    assert [p for p, _ in line] == ["south", "north", "south", "north"]
    rec.goto(1)
    assert rec.position == positions[1] and len(rec) == 1
    assert rec.line() == line, "the moves taken back stay on the line"
    rec.goto(3)
    assert rec.position == positions[3] and rec.moves == moves[:3]
    rec.goto(0)
    assert rec.position == positions[0]
    rec.goto(4)
    assert rec.position == positions[4] and not rec.can_redo
    for bad in (-1, 5, True, 2.0, "2", None):
        with pytest.raises(ValueError, match="expected a whole number from 0 to 4"):
            rec.goto(bad)
    assert rec.position == positions[4]


def test_undo_and_redo_walk_the_history():
    rec = GameRecord("kisolo", columns=7)
    start = rec.position
    rec.play({"type": "capture", "column": 3})
    after_one = rec.position
    rec.play(rec.legal_moves()[0])
    assert len(rec) == 2 and rec.can_undo and not rec.can_redo
    rec.undo()
    assert rec.position == after_one and rec.can_redo
    rec.undo()
    assert rec.position == start and rec.undo() is None
    rec.redo()
    assert rec.position == after_one and rec.last_trace[0]["rule"] == "turn_start_capture"


def test_a_new_move_after_undo_is_a_variation_and_redo_follows_it():
    rec = GameRecord("kisolo", columns=6)
    rec.play({"type": "capture", "column": 0})
    rec.undo()
    rec.play({"type": "capture", "column": 1})
    assert not rec.can_redo and rec.redo() is None
    rec.undo()
    rec.redo()
    assert rec.moves == [{"type": "capture", "column": 1}], "redo plays the move last played"
    assert [n.move["column"] for n in rec.root.variations] == [0, 1], "the first is kept"


def test_reset_goes_back_to_the_start_and_can_redo_everything():
    rec = GameRecord("kiothi")
    rng = random.Random(3)
    for _ in range(6):
        rec.play(random_move(rec.state, rng))
    end = rec.position
    rec.reset()
    assert rec.position == initial_position("kiothi") and len(rec) == 0
    while rec.redo() is not None:
        pass
    assert rec.position == end


def test_repetition_third_occurrence_is_a_draw():
    rec = GameRecord("kisolo", start=CYCLE_START)
    moves = cycle_moves()
    for move in moves:
        rec.play(move)
    assert rec.position == CYCLE_START and rec.repetitions() == 2
    for move in moves[:-1]:
        rec.play(move)
    assert rec.state.status == "playing"
    trace = rec.play(moves[-1])
    assert (rec.position["status"], rec.position["reason"]) == ("draw", "repetition")
    assert trace[-1] == {
        "kind": "game_end",
        "rule": "repetition",
        "status": "draw",
        "winner": None,
        "reason": "repetition",
        "occurrences": 3,
    }
    assert rec.legal_moves() == []
    with pytest.raises(GameOverError):
        rec.play(moves[0])
    rec.undo()
    assert rec.state.status == "playing", "undo takes the draw back"


def test_an_undone_position_stops_counting_towards_repetition():
    rec = GameRecord("kisolo", start=CYCLE_START)
    moves = cycle_moves()
    for move in moves + moves[:10]:
        rec.play(move)
    for _ in range(10):
        rec.undo()
    assert rec.repetitions() == 2  # the undone moves no longer count
    for _ in range(len(moves)):
        rec.undo()
    assert rec.position == CYCLE_START and rec.repetitions() == 1
    for move in moves * 2:  # played again twice: the third occurrence is the draw again
        rec.play(move)
    assert rec.position["reason"] == "repetition"


# A Kiothi position (all bomas sown, no nki, not orthodox) whose game cycles: these 22
# moves bring it back to itself.
KIOTHI_CYCLE_START = {
    "game": "kiothi",
    "start_holes": 6,
    "orthodox": False,
    "to_move": "north",
    "turn": 32,
    "board": [[0, 0, 0, 0, 1, 1, 0, 0, 0, 1], [0, 0, 0, 1, 0, 0, 0, 0, 0, 0]],
    "nki": [[False] * 10] * 2,
    "sown": [[True] * 10] * 2,
    "jails": {"south": 28, "north": 28},
    "status": "playing",
    "winner": None,
    "reason": None,
}
KIOTHI_CYCLE = ("05 13 03 14 01 11 09 12 08 13 07 14 06 16 05 18 08 10 07 11 06 12").split()


def test_kiothi_has_no_repetition_draw():
    """docs/rules.md's repetition draw is Kisolo's; a Kiothi position may come back any
    number of times."""
    rec = GameRecord("kiothi", start=KIOTHI_CYCLE_START)
    moves = [
        {"type": "sow", "row": int(m[0]), "column": int(m[1]), "count": 1} for m in KIOTHI_CYCLE
    ]
    for _ in range(3):
        for move in moves:
            rec.play(move)
        start = {k: v for k, v in rec.position.items() if k != "turn"}
        assert start == {k: v for k, v in KIOTHI_CYCLE_START.items() if k != "turn"}
    assert rec.repetitions() == 4 and rec.state.status == "playing"


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
def test_random_game_record_saves_and_loads_without_loss(variant, tmp_path):
    game, options = variant
    rec = GameRecord(game, **options)
    rng = random.Random(11)
    while rec.state.status == "playing" and len(rec) < 400:
        rec.play(random_move(rec.state, rng))
    path = tmp_path / "game.json"
    rec.save(path)
    again = GameRecord.load(path)
    assert again.to_json() == rec.to_json()
    assert again.position == rec.position and again.moves == rec.moves
    assert json.loads(path.read_text())["result"]["status"] != "playing"


def test_a_lesson_start_position_is_kept_in_the_record():
    rec = GameRecord("kisolo", start=CYCLE_START)
    rec.play(cycle_moves()[0])
    data = rec.to_json()
    assert data["start"] == CYCLE_START and data["variant"] == {"columns": 6}
    assert GameRecord.from_json(data).position == rec.position
    assert GameRecord("kisolo").to_json()["start"] is None


def test_loading_names_the_first_bad_move():
    rec = GameRecord("kisolo", columns=7)
    rec.play({"type": "capture", "column": 3})
    data = rec.to_json()
    data["moves"].append({"type": "sow", "row": 3, "column": 0})  # South's hole on North's turn
    data["moves"].append({"type": "sow", "row": 9, "column": 0})
    with pytest.raises(InvalidRecordError, match=r"^moves\[1\] = .*belongs to south"):
        GameRecord.from_json(data)


def test_loading_refuses_a_result_that_the_moves_do_not_give():
    data = GameRecord("kiothi").to_json()
    data["result"] = {"status": "won", "winner": "south", "reason": "no legal move"}
    with pytest.raises(InvalidRecordError, match="replaying the moves gives"):
        GameRecord.from_json(data)


@pytest.mark.parametrize(
    "change, message",
    [
        ({"format": "pgn"}, "format = 'pgn'"),
        ({"version": 3}, "version = 3: this program reads versions 1 and 2; the file was writ"),
        ({"game": "oware"}, "game = 'oware'"),
        ({"variant": {"columns": 8}}, "columns = 8"),
        ({"variant": {"start_holes": 6}}, "start_holes"),
        ({"variant": [7]}, "variant = [7]"),
        ({"moves": "x3"}, "moves: expected a list"),
        ({"extra": 1}, "unexpected field 'extra'"),
        ({"start": {"game": "kisolo"}}, "missing field"),
    ],
)
def test_broken_record_files_get_clear_errors(change, message):
    data = {**GameRecord("kisolo").to_json(), **change}
    with pytest.raises(InvalidRecordError, match=message.replace("[", r"\[")):
        GameRecord.from_json(data)


def test_a_file_that_is_not_json():
    with pytest.raises(InvalidRecordError, match="game record is not valid JSON"):
        GameRecord.loads("{moves: [")


def test_a_bad_move_changes_nothing():
    rec = GameRecord("kiothi")
    before = rec.to_json()
    for bad, error in [
        ({"type": "sow", "row": 1, "column": 9, "count": 2}, IllegalMoveError),
        ({"type": "redistribute", "lift": [[1, 4]], "place": []}, IllegalMoveError),
        ({"type": "fly"}, InvalidMoveError),
        ("sow", InvalidMoveError),
    ]:
        with pytest.raises(error):
            rec.play(bad)
        assert rec.to_json() == before
    rec.play({"type": "redistribute", "lift": [[1, 4], [1, 5]], "place": [[0, 9, 10]]})
    assert len(rec) == 1


def test_start_and_variant_must_agree():
    with pytest.raises(InvalidPositionError, match="disagrees"):
        GameRecord("kisolo", start=CYCLE_START, columns=7)


def test_a_record_is_kisolo_unless_told_and_starts_with_an_empty_trace():
    rec = GameRecord()
    assert rec.game == "kisolo" and rec.position == initial_position("kisolo")
    assert rec.last_trace == []


def test_a_start_given_equal_to_the_standard_one_is_saved_as_the_standard_start():
    for game, variant in (("kisolo", {"columns": 6}), ("kiothi", {"start_holes": 5})):
        rec = GameRecord(game, start=initial_position(game, **variant))
        assert rec.standard_start and rec.to_json()["start"] is None
    with pytest.raises(InvalidPositionError, match="a kiothi position was given for a kisolo"):
        GameRecord("kisolo", start=initial_position("kiothi"))


def test_a_saved_record_is_json_indented_one_space_a_level(tmp_path):
    rec = GameRecord("kisolo", columns=6)
    rec.play({"type": "capture", "column": 2})
    text = rec.dumps()
    assert text.startswith('{\n "format": "mancala-widgets/game-record",\n "version": 2,\n')
    rec.save(tmp_path / "game.json")
    saved = (tmp_path / "game.json").read_text(encoding="utf-8")
    assert saved == text + "\n" and GameRecord.load(tmp_path / "game.json").moves == rec.moves


DROP = object()


@pytest.mark.parametrize(
    "change, message",
    [
        ({"result": DROP}, "game record: missing field 'result'"),
        (
            {"variant": 7},
            "variant = 7: expected an object such as {'columns': 7} or {'start_holes'",
        ),
        ({"moves": "x3"}, "moves: expected a list, got str"),
        # An old or unknown version: not said to be newer.
        ({"version": 0}, "version = 0: this program reads versions 1 and 2"),
    ],
)
def test_broken_record_files_say_what_is_wrong_and_what_was_expected(change, message):
    data = {k: v for k, v in {**GameRecord("kisolo").to_json(), **change}.items() if v is not DROP}
    with pytest.raises(InvalidRecordError) as e:
        GameRecord.from_json(data)
    assert message in str(e.value)
    assert "newer" not in str(e.value)


def test_a_result_that_disagrees_is_shown_next_to_the_result_replayed():
    data = GameRecord("kiothi").to_json()
    data["result"] = {"status": "won", "winner": "south", "reason": "no legal move"}
    with pytest.raises(InvalidRecordError) as e:
        GameRecord.from_json(data)
    assert str(e.value) == (
        f"result = {json.dumps(data['result'])}: replaying the moves gives "
        '{"status": "playing", "winner": null, "reason": null} at the end of the main line'
    )


def test_a_file_nested_too_deeply_is_refused_with_a_clear_error():
    with pytest.raises(InvalidRecordError) as e:
        GameRecord.loads("[" * 100_000 + "]" * 100_000)
    assert str(e.value) == (
        "game record: its lists and objects are nested more than 400 deep; expected at most 400"
    )


def nested_record(depth):
    """A record whose variations nest ``depth`` deep: CYCLE played again and again,
    where at each position with a choice another move is played first and taken back,
    so the cycle's move is a variation of it, one level deeper each time."""
    rec = GameRecord("kisolo", start={**CYCLE_START, "repetition_draw": False})
    made = 0
    while made < depth:
        for move in cycle_moves():
            others = [m for m in rec.legal_moves() if m != move]
            if others and made < depth:
                rec.play(others[0])
                rec.undo()
                made += 1
            rec.play(move)
    return rec


def test_variations_nested_past_what_a_file_holds_are_refused_naming_where(monkeypatch):
    from mancala_widgets.rules import record_file
    from mancala_widgets.rules.record_file import MAX_NESTING, RecordTooDeepError, nesting

    deepest = nested_record(MAX_NESTING)
    assert nesting(deepest.root) == MAX_NESTING
    again = GameRecord.loads(deepest.dumps())
    assert again.to_json() == deepest.to_json() and nesting(again.root) == MAX_NESTING
    deeper = nested_record(MAX_NESTING + 1)
    with pytest.raises(RecordTooDeepError, match=f"nest {MAX_NESTING + 1} deep"):
        deeper.dumps()
    # A file made elsewhere, deeper: refused, naming the variation past the limit.
    monkeypatch.setattr(record_file, "MAX_NESTING", MAX_NESTING + 1)
    data = deeper.to_json()
    monkeypatch.undo()
    with pytest.raises(InvalidRecordError, match=f"nested more than {MAX_NESTING} deep") as e:
        GameRecord.from_json(data)
    where = str(e.value).split(":")[0]
    assert where.startswith("moves[") and where.count(".variations[") == MAX_NESTING + 1
