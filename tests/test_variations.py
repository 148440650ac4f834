"""What-if lines: a game record keeps every move tried as a tree of variations,
walks it, saves and loads it (record file version 2) and still reads version 1."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mancala_widgets.rules import InvalidRecordError, MalformedError, apply_move, initial_position
from mancala_widgets.rules.record import GameRecord

from helpers import random_move
from test_record import CYCLE_START, cycle_moves

CAPTURE = [{"type": "capture", "column": c} for c in range(7)]


def replayed(start, moves):
    """The positions along ``moves`` from ``start``, one move at a time with the
    rules' own apply_move, without any record."""
    positions = [start]
    for move in moves:
        positions.append(apply_move(positions[-1], move))
    return positions


def leaves(rec):
    return [n for n in rec.root.walk() if not n.variations]


def game_with_a_variation():
    """Four moves, then back to the second and a different third move."""
    rec = GameRecord("kisolo", columns=7)
    for _ in range(4):
        rec.play(rec.legal_moves()[0])
    main = rec.moves
    rec.goto(2)
    other = next(m for m in rec.legal_moves() if m != main[2])
    rec.play(other)
    return rec, main, other


def test_a_move_from_an_earlier_position_starts_a_variation_and_keeps_the_game():
    rec, main, other = game_with_a_variation()
    assert rec.moves == [*main[:2], other] and len(rec) == 3
    branch = rec.find((0, 0))
    assert [n.move for n in branch.variations] == [main[2], other], "the old move stays main"
    assert rec.node.path == (0, 0, 1) and not rec.node.is_main_line
    assert [n.move for n in rec.root.main_line()] == main, "the game played is all there"
    assert rec.result == {"status": "playing", "winner": None, "reason": None}
    start = initial_position("kisolo")
    assert rec.position == replayed(start, [*main[:2], other])[-1]


def test_undo_into_a_variation_and_redo_walk_the_line_last_followed():
    rec, main, other = game_with_a_variation()
    rec.play(rec.legal_moves()[0])
    variation = rec.moves
    rec.goto(1)
    assert [m for _, m in rec.line()] == variation, "the current line is the variation"
    assert rec.redo() is not None and rec.redo() is not None
    assert rec.moves == variation[:3]
    rec.goto_node((0, 0, 0, 0))  # the main line's fourth move
    assert rec.moves == main and [m for _, m in rec.line()] == main
    assert rec.undo() == main[3] and rec.undo() == main[2]
    rec.play(other)  # the move tried before: followed, not tried again
    assert len(rec.find((0, 0)).variations) == 2 and rec.node.path == (0, 0, 1)
    assert rec.can_redo and rec.redo() is not None and rec.moves == variation


def test_a_node_is_found_by_itself_its_id_or_its_path_and_bad_names_change_nothing():
    rec, main, other = game_with_a_variation()
    node = rec.node
    assert rec.find(node) is rec.find(node.id) is rec.find([0, 0, 1]) is node
    rec.goto_node(rec.root)
    assert rec.position == initial_position("kisolo") and len(rec) == 0
    for bad, message in [
        ((0, 0, 2), r"path = \[0, 0, 2\]: after 2 moves 2 moves were tried"),
        ((0, 0, 1, 0), r"after 3 moves no move was played"),
        ((0, "0"), r"path\[1\] = '0' does not name one"),
        (99, "this record has no node with that id"),
        (True, "expected a node, a node's id or a path"),
        ("0,0", "expected a node, a node's id or a path"),
        (GameRecord("kisolo").root, "not a node of this record"),
    ]:
        with pytest.raises(MalformedError, match=message):
            rec.goto_node(bad)
        assert rec.node is rec.root
    rec.goto_node(node.id)
    assert rec.moves == [*main[:2], other]


def test_promoting_a_variation_makes_it_the_main_line_and_its_result_the_records():
    rec = GameRecord("kisolo", columns=6)
    rng = random.Random(5)
    while rec.state.status == "playing":
        rec.play(random_move(rec.state, rng))
    finished = rec.result
    assert finished["status"] != "playing"
    rec.goto(3)
    rec.play(next(m for m in rec.legal_moves() if m != rec.line()[3][1]))
    rec.undo()
    rec.redo()
    variation = rec.node
    assert rec.result == finished, "the main line's result, wherever the record is"
    rec.promote()
    assert rec.node is variation and variation.is_main_line and rec.node.path == (0,) * 4
    assert rec.result == {"status": "playing", "winner": None, "reason": None}
    assert rec.to_json()["moves"][3]["variations"][0][-1]["type"] in ("sow", "capture")
    rec.promote(rec.find((0, 0, 0, 1)))
    assert rec.result == finished and rec.node is variation


def test_deleting_a_variation_removes_it_and_everything_after_it():
    rec, main, other = game_with_a_variation()
    rec.play(rec.legal_moves()[0])
    doomed = rec.find((0, 0, 1))
    ids = [n.id for n in doomed.walk()]
    rec.delete_variation(doomed)
    assert rec.node is rec.find((0, 0)), "the position shown was deleted: its parent is shown"
    assert [n.move for n in rec.node.variations] == [main[2]]
    assert rec.redo() is not None and rec.moves == main[:3]
    for gone in ids:
        with pytest.raises(MalformedError, match="no node with that id"):
            rec.find(gone)
    rec.delete_variation((0, 0, 0))
    assert rec.moves == main[:2] and not rec.can_redo
    assert [m for _, m in rec.line()] == main[:2]
    with pytest.raises(MalformedError, match="the start cannot be deleted"):
        rec.delete_variation(rec.root)


def test_a_tree_saves_loads_and_replays_each_line(tmp_path):
    rec, main, other = game_with_a_variation()
    then = rec.legal_moves()[0]
    rec.play(then)
    rec.goto(1)
    nested = next(m for m in rec.legal_moves() if m != main[1])
    rec.play(nested)  # another second move
    rec.goto_node((0, 0, 1))
    instead = next(m for m in rec.legal_moves() if m != then)
    rec.play(instead)  # a variation inside the variation
    path = tmp_path / "game.json"
    rec.save(path)
    data = json.loads(path.read_text())
    assert data["version"] == 2
    assert data["moves"] == [
        main[0],
        {**main[1], "variations": [[nested]]},
        {**main[2], "variations": [[other, {**then, "variations": [[instead]]}]]},
        main[3],
    ]
    again = GameRecord.load(path)
    assert again.to_json() == rec.to_json()
    assert again.moves == main, "a loaded record shows the end of its main line"
    start = initial_position("kisolo")
    assert len(leaves(rec)) == 4
    for leaf in leaves(rec):
        copy = again.find(leaf.path)
        moves = [n.move for n in leaf.from_start()]
        assert [n.move for n in copy.from_start()] == moves
        assert [n.position for n in (again.root, *copy.from_start())] == replayed(start, moves)


def test_the_file_names_the_moves_tried_instead_of_a_move_as_its_variations():
    rec = GameRecord("kisolo", columns=7)
    for column in (3, 0, 5):
        rec.goto(0)
        rec.play(CAPTURE[column])
        rec.play(rec.legal_moves()[0])
    reply = {n.move["column"]: n.variations[0].move for n in rec.root.variations}
    assert rec.to_json()["moves"] == [
        {**CAPTURE[3], "variations": [[CAPTURE[0], reply[0]], [CAPTURE[5], reply[5]]]},
        reply[3],
    ]


# A version 1 file, as version 1 wrote it: the moves of one line.
V1 = {
    "format": "mancala-widgets/game-record",
    "version": 1,
    "game": "kisolo",
    "variant": {"columns": 7},
    "start": None,
    "moves": [CAPTURE[3], {"type": "capture", "column": 0}],
    "result": {"status": "playing", "winner": None, "reason": None},
}


def test_a_version_1_file_still_loads_as_one_line():
    rec = GameRecord.loads(json.dumps(V1))
    assert rec.moves == V1["moves"] and not rec.can_redo and rec.node.is_main_line
    assert rec.position == replayed(initial_position("kisolo"), V1["moves"])[-1]
    assert rec.to_json() == {**V1, "version": 2}, "saved again, it is a version 2 file"


def test_a_version_1_file_with_variations_or_a_later_version_is_refused():
    moves = [CAPTURE[3], {**CAPTURE[0], "variations": [[CAPTURE[1]]]}]
    with pytest.raises(InvalidRecordError, match=r"^moves\[1\]: variations need a version 2"):
        GameRecord.from_json({**V1, "moves": moves})
    newer = "reads versions 1 and 2; the file was written by a newer"
    with pytest.raises(InvalidRecordError, match=newer):
        GameRecord.from_json({**V1, "version": 3, "moves": []})
    for odd in ("2", True, 0, None):
        with pytest.raises(InvalidRecordError, match="reads versions 1 and 2$"):
            GameRecord.from_json({**V1, "version": odd})


def v2(moves, result=None):
    return {
        **V1,
        "version": 2,
        "moves": moves,
        "result": result or {"status": "playing", "winner": None, "reason": None},
    }


NORTH_SOWS = {"type": "sow", "row": 1, "column": 0}  # after South's capture of column 4
FLY = {"type": "fly"}


def tried(move, *lines):
    """``move`` with the lines tried instead of it."""
    return {**move, "variations": list(lines)}


@pytest.mark.parametrize(
    "moves, message",
    [
        ([{**CAPTURE[3], "variations": {"0": []}}], r"^moves\[0\]\.variations = .*expected a list"),
        ([tried(CAPTURE[3])], r"^moves\[0\]\.variations = \[\]: expected a list"),
        ([tried(CAPTURE[3], [])], r"^moves\[0\]\.variations\[0\] = \[\]: expected a list of at"),
        ([tried(CAPTURE[3], CAPTURE[2])], r"^moves\[0\]\.variations\[0\] = \{.*expected a list"),
        (
            [tried(CAPTURE[3], [CAPTURE[2], {"type": "sow", "row": 3, "column": 0}])],
            r"^moves\[0\]\.variations\[0\]\[1\] = .*belongs to south",
        ),
        (
            [CAPTURE[3], tried(CAPTURE[0], [CAPTURE[1], tried(CAPTURE[2], [FLY])])],
            r"^moves\[1\]\.variations\[0\]\[1\]\.variations\[0\]\[0\] = \{\"type\": \"fly\"\}",
        ),
        (
            [tried(CAPTURE[3], [CAPTURE[3]])],
            r"^moves\[0\]\.variations\[0\]\[0\] = .*the same move as moves\[0\];",
        ),
        (
            [tried(CAPTURE[3], [CAPTURE[2]], [CAPTURE[1]], [CAPTURE[2], NORTH_SOWS])],
            r"^moves\[0\]\.variations\[2\]\[0\] = .*"
            r"the same move as moves\[0\]\.variations\[0\]\[0\]",
        ),
        ([tried(CAPTURE[3], ["x"])], r"^moves\[0\]\.variations\[0\]\[0\] = \"x\": move: expected"),
    ],
)
def test_a_malformed_tree_is_refused_naming_the_move_and_the_problem(moves, message):
    with pytest.raises(InvalidRecordError, match=message):
        GameRecord.from_json(v2(moves))


def test_a_result_is_the_main_lines_and_a_file_must_agree():
    rec = GameRecord("kisolo", columns=6)
    rng = random.Random(5)
    while rec.state.status == "playing":
        rec.play(random_move(rec.state, rng))
    ended = rec.result
    rec.goto(1)
    rec.play(next(m for m in rec.legal_moves() if m != rec.line()[1][1]))
    data = rec.to_json()
    assert data["result"] == ended
    with pytest.raises(InvalidRecordError, match="at the end of the main line"):
        GameRecord.from_json({**data, "result": {**ended, "status": "playing"}})
    rec.promote()
    assert GameRecord.from_json(rec.to_json()).result["status"] == "playing"


# Three moves from position 19 of CYCLE's loop that reach, in three moves, the position
# the loop reaches in three (position 22): a second way to the same positions.
DETOUR = [
    {"type": "sow", "row": 1, "column": 5},
    {"type": "sow", "row": 3, "column": 0},
    {"type": "sow", "row": 0, "column": 0},
]


def test_repetition_counts_the_positions_of_the_line_played_only():
    moves = cycle_moves()
    rec = GameRecord("kisolo", start=CYCLE_START)
    for move in moves + moves[:22]:
        rec.play(move)
    twice = rec.position  # position 22 of the loop, its second time on this line
    assert rec.repetitions() == 2
    rec.goto(19)
    for move in DETOUR:
        rec.play(move)
    assert rec.position == twice, "the detour comes to the same position"
    assert rec.node.path == (0,) * 19 + (1, 0, 0)
    # Twice on the main line and once here, but once only on this line: no draw.
    assert rec.repetitions() == 1 and rec.state.status == "playing"
    for move in moves[22:] + moves[:-1]:
        rec.play(move)
        assert rec.state.status == "playing"
    rec.play(moves[-1])  # the start, a third time on this line
    assert rec.position["reason"] == "repetition" and len(rec) == 19 + 3 + 26 + 48
    rec.goto_node((0,) * 70)  # back to the main line: its own counts again
    assert rec.repetitions() == 2
    for move in moves[22:-1]:
        rec.play(move)
        assert rec.state.status == "playing"
    rec.play(moves[-1])
    assert rec.position["reason"] == "repetition" and len(rec) == 96


def _random_tree(game, seed, steps):
    rec = GameRecord(game)
    rng = random.Random(seed)
    nodes = [rec.root]
    for _ in range(steps):
        if rng.random() < 0.3:
            rec.goto_node(rng.choice(nodes))
        if rec.state.status == "playing":
            rec.play(random_move(rec.state, rng))
            nodes.append(rec.node)
    return rec


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["kisolo", "kiothi"]), st.integers(0, 2**32), st.integers(0, 40))
def test_any_tree_saves_and_loads_to_the_same_tree(game, seed, steps):
    rec = _random_tree(game, seed, steps)
    again = GameRecord.loads(rec.dumps())
    assert again.to_json() == rec.to_json()
    for node in rec.root.walk():
        copy = again.find(node.path)
        assert copy.position == node.position and copy.trace == node.trace


def test_the_same_move_written_differently_is_followed_not_tried_again():
    rec = GameRecord("kisolo", columns=7)
    rec.play({"type": "capture", "column": 2})
    rec.undo()
    rec.play({"column": 2, "type": "capture"})  # its fields in another order
    assert len(rec.root.variations) == 1
    kiothi = GameRecord("kiothi")
    kiothi.play({"type": "redistribute", "lift": [[1, 4], [1, 5]], "place": [[1, 0, 4], [1, 1, 6]]})
    kiothi.undo()
    # The same two bomas lifted and the same placements, listed in another order.
    kiothi.play({"type": "redistribute", "lift": [[1, 5], [1, 4]], "place": [[1, 1, 6], [1, 0, 4]]})
    assert len(kiothi.root.variations) == 1
    kiothi.undo()
    kiothi.play({"type": "redistribute", "lift": [[1, 6], [1, 7]], "place": [[1, 0, 4], [1, 1, 6]]})
    assert len(kiothi.root.variations) == 2, "other bomas lifted: a variation"


def test_going_to_a_node_makes_its_line_the_one_redo_follows():
    rec, main, other = game_with_a_variation()
    rec.goto_node((0, 0, 0, 0))  # the main line's end
    rec.goto(0)
    assert [rec.redo() is not None for _ in range(4)] == [True] * 4
    assert rec.moves == main and rec.redo() is None
    with pytest.raises(MalformedError, match='moves = "2": expected a whole number from 0 to 4'):
        rec.goto("2")
    with pytest.raises(MalformedError) as e:
        rec.delete_variation(())
    assert str(e.value) == "the start cannot be deleted: start a new GameRecord instead"


def test_a_loaded_record_redoes_each_variation_along_its_own_first_line():
    rec, main, other = game_with_a_variation()
    rec.play(rec.legal_moves()[0])  # the variation goes on one more move
    variation = rec.moves
    loaded = GameRecord.loads(rec.dumps())
    loaded.goto_node(loaded.find((0, 0, 1)))  # the variation's first move
    loaded.redo()
    assert loaded.moves == variation


def test_lines_give_each_variation_its_first_move_with_no_variations_of_its_own():
    from mancala_widgets.rules.tree import lines

    rec, main, other = game_with_a_variation()
    shape = lines(rec.root, lambda node, variations: (node.move, variations))
    assert [move for move, _ in shape] == main
    assert shape[2][1] == [[(other, [])]] and all(
        v == [] for i, (_, v) in enumerate(shape) if i != 2
    )
    assert repr(rec.node).endswith(f"move={json.dumps(other)}>")


def test_a_refused_tree_echoes_the_move_or_the_first_60_characters_of_what_it_got():
    long_move = {"type": "capture", "column": 3, "note": "x" * 80}
    cases = [
        (
            [tried(CAPTURE[3], [CAPTURE[3]])],
            'moves[0].variations[0][0] = {"type": "capture", "column": 3}: the same move as '
            "moves[0]; the lines tried from one position each start with a different move",
        ),
        (
            [{**CAPTURE[3], "variations": long_move}],
            f"moves[0].variations = {json.dumps(long_move)[:57]}...: expected a list of the lines "
            "played instead of moves[0], each a list of moves",
        ),
        (
            [tried(CAPTURE[3], long_move)],
            f"moves[0].variations[0] = {json.dumps(long_move)[:57]}...: expected a list of at "
            "least one move",
        ),
    ]
    for moves, message in cases:
        with pytest.raises(InvalidRecordError) as e:
            GameRecord.from_json(v2(moves))
        assert str(e.value) == message
