"""Big games: a record with thousands of variations or a line of tens of thousands of
moves loads in time that grows with its size, not its square, and a board sends the
browser only the moves its move list shows, in a shape that does not nest, however
deep the variations go. (The times are in ``python -m mancala_widgets.bench``.)"""

import json

import pytest
from ipywidgets.widgets.widget import _remove_buffers

from mancala_widgets import KisoloBoard
from mancala_widgets.rules import tree
from mancala_widgets.rules.record import GameRecord
from mancala_widgets.widgets.board import MOVE_LIST_MOST

from test_record import CYCLE_START, cycle_moves, nested_record

#: What one sync of a board may weigh, whatever the game: a page must not hang on it.
SYNC_MOST = 200_000


def long_line(moves: int) -> GameRecord:
    rec = GameRecord("kisolo", start={**CYCLE_START, "repetition_draw": False})
    cycle = cycle_moves()
    for i in range(moves):
        rec.play(cycle[i % len(cycle)], traced=False)
    return rec


def wide(siblings: int) -> GameRecord:
    """A Kiothi record whose first position has ``siblings`` opening moves tried."""
    rec = GameRecord("kiothi")
    made = 0
    for pair in rec.legal_moves():
        for a in range(20):
            for b in range(a + 1, 20):
                for n in range(1, 10):
                    if made == siblings:
                        return rec
                    place = [[a // 10, a % 10, n], [b // 10, b % 10, 10 - n]]
                    rec.play({**pair, "place": place})
                    rec.undo()
                    made += 1
    raise AssertionError("not so many distinct openings here")


def keys_made_loading(rec: GameRecord, monkeypatch) -> int:
    text = rec.dumps()
    calls = []
    real = tree.move_key

    def counting(move):
        calls.append(1)
        return real(move)

    monkeypatch.setattr("mancala_widgets.rules.record.move_key", counting)
    GameRecord.loads(text)
    return len(calls)


def test_loading_sibling_variations_takes_a_step_each_not_one_for_every_pair(monkeypatch):
    for siblings in (500, 2_000):
        assert keys_made_loading(wide(siblings), monkeypatch) == siblings


def state_size(board) -> int:
    state, _, _ = _remove_buffers(board.get_state())
    return len(json.dumps(state))


def test_a_long_game_sends_the_browser_only_the_moves_near_the_one_shown():
    rec = long_line(20_000)
    board = KisoloBoard(position={**CYCLE_START, "repetition_draw": False})
    board._record = rec
    board._sync_current()
    for step in (
        lambda: None,
        board.undo,
        lambda: board.goto(0),
        board.redo,
        lambda: board.goto(10_000),
        lambda: board.goto(20_000),
    ):
        step()
        listed = board.move_list
        assert state_size(board) < SYNC_MOST
        assert len(listed["entries"]) <= MOVE_LIST_MOST
        line = [e for e in listed["entries"] if e["line"]]
        shown = [e for e in line if e["ply"] == board.move_count]
        assert shown or board.move_count == 0, "the move shown is listed"
        first, last = (line[0]["ply"], line[-1]["ply"]) if line else (1, 0)
        assert listed["before"] == first - 1 and listed["after"] == 20_000 - last
        assert listed["line_length"] == 20_000 and board.move_count <= 20_000


@pytest.mark.slow
def test_five_thousand_nested_variations_sync_without_recursion():
    rec = nested_record(5_000)
    board = KisoloBoard(position={**CYCLE_START, "repetition_draw": False})
    board._record = rec
    board._sync_current()
    assert state_size(board) < SYNC_MOST
    entries = board.move_list["entries"]
    assert 0 < len(entries) <= MOVE_LIST_MOST
    assert max(e["ply"] for e in entries) == board.move_count
    board.goto(3)
    assert state_size(board) < SYNC_MOST and board.move_list["line_length"] == rec.line_length
