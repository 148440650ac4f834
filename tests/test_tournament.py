"""Tournaments between players (lesson 8): the same standings for the same seed, a
forfeit for each way a player can break the rules (with its reason, the tournament going
on), the table and chart with names shown as text, and a student's player handed in,
loaded back by the teacher, and refused with its reason when its code is bad."""

import html
import json
import linecache
import random
import sys
from itertools import count

import pytest

from mancala_widgets import tournament
from mancala_widgets.classroom import hand_in, keep_player, players_from, work
from mancala_widgets.classroom.playercode import PlayerCodeError, player_code
from mancala_widgets.player_lesson import check
from mancala_widgets.players import RandomPlayer, level
from mancala_widgets.text import catalogue
from mancala_widgets.tournaments import COLUMNS, ILLEGAL_WHY, START_RATING, games_in
from mancala_widgets.widgets.work import HandInWidget


@pytest.fixture(autouse=True)
def no_workbook_left_open():
    yield
    work.close()


class Student:
    """A beginner's player: Python's own random module, as a student would write it."""

    name = "student"

    def choose(self, state):
        return random.choice(state.legal_moves())


def first(state):
    return state.legal_moves()[0]


def field(t):
    return [(s.player, s.wins, s.draws, s.losses, s.points, s.rating) for s in t.standings]


def games(t):
    return [(g.south, g.north, g.winner, g.reason, g.moves, g.record.moves) for g in t.games]


# -- the same seed, the same tournament ------------------------------------------------


def line_up():
    return {
        "random": RandomPlayer(),  # no seed of its own: the tournament seeds it
        "greedy": level("greedy"),
        "student": Student(),
        "first": first,
    }


@pytest.mark.parametrize("game", ["kisolo", "kiothi"])
def test_a_seeded_tournament_gives_the_same_standings_and_games_every_time(game):
    one = tournament(line_up(), game=game, rounds=2, seed=7)
    random.random()  # whatever the notebook did in between
    again = tournament(line_up(), game=game, rounds=2, seed=7)
    assert field(one) == field(again) and games(one) == games(again)
    assert one.table().equals(again.table())
    other = tournament(line_up(), game=game, rounds=2, seed=8)
    assert games(other) != games(one), "the seed chooses the games"
    assert len(one.games) == games_in(4, rounds=2) == 24


def test_every_pair_meets_from_both_sides_each_round():
    t = tournament(line_up(), rounds=3, seed=1)
    sides = [(g.south, g.north) for g in t.games]
    names = list(line_up())
    for a in names:
        for b in names:
            if a != b:
                assert sides.count((a, b)) == 3
    assert {g.round for g in t.games} == {1, 2, 3}


def test_the_notebooks_own_random_numbers_go_on_untouched():
    random.seed(5)
    expected = [random.random() for _ in range(3)]
    random.seed(5)
    tournament(line_up(), seed=1)
    assert [random.random() for _ in range(3)] == expected


def test_points_and_elo_ratings_add_up():
    t = tournament(line_up(), rounds=2, seed=3)
    for s in t.standings:
        assert s.wins + s.draws + s.losses == s.games == 12
        assert s.points == s.wins + s.draws / 2
    assert sum(s.points for s in t.standings) == len(t.games)
    assert sum(s.rating for s in t.standings) == pytest.approx(4 * START_RATING)
    order = [(-s.points, -s.rating) for s in t.standings]
    assert order == sorted(order) and [s.rank for s in t.standings] == [1, 2, 3, 4]


def test_a_game_that_goes_on_too_long_is_a_draw_at_the_move_limit():
    t = tournament({"a": level("random"), "b": level("random")}, seed=1, max_moves=3)
    assert {(g.reason, g.winner, g.moves) for g in t.games} == {("move limit", None, 3)}
    assert [s.draws for s in t.standings] == [2, 2]


def test_players_can_be_named_by_a_list_and_the_arguments_are_checked():
    t = tournament([level("greedy"), level("greedy"), Student], seed=1)
    assert t.players == ["greedy", "greedy 2", "student"]
    with pytest.raises(ValueError, match="at least two"):
        tournament([level("greedy")])
    with pytest.raises(ValueError, match="expected a player"):
        tournament({"a": level("greedy"), "b": 42})
    for bad in ({"rounds": 0}, {"rounds": 1.5}, {"seed": "1"}, {"time_limit": 0}):
        with pytest.raises(ValueError, match=next(iter(bad))):
            tournament(line_up(), **bad)
    with pytest.raises(ValueError, match="columns"):
        tournament(line_up(), columns=5)


# -- forfeits ------------------------------------------------------------------------------


class Clock:
    """A clock that moves only when told: a player's slowness without waiting for it."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


class Raises:
    def choose(self, state):
        return {"moves": state.legal_moves()}["move"]


class Illegal:
    def choose(self, state):  # sows the other player's hole
        row = 0 if state.to_move == 0 else 3
        return {"type": "sow", "row": row, "column": 0}


class Malformed:
    def choose(self, state):
        return "capture column 3"


class Slow:
    def __init__(self, clock):
        self.clock = clock

    def choose(self, state):
        self.clock.now += 5.0  # "thinks" for five seconds
        return state.legal_moves()[0]


def test_each_kind_of_forfeit_loses_the_game_with_its_reason_and_the_tournament_goes_on():
    clock = Clock()
    players = {
        "raises": Raises(),
        "illegal": Illegal(),
        "malformed": Malformed(),
        "slow": Slow(clock),
        "greedy": level("greedy"),
    }
    t = tournament(players, seed=1, time_limit=2.0, clock=clock)
    assert len(t.games) == games_in(5) == 20, "every game was played"
    by = {s.player: s for s in t.standings}
    for name in ("raises", "illegal", "malformed", "slow"):
        # Between two of them, South moves first and forfeits first: a win each way.
        s = by[name]
        assert (s.forfeits, s.losses, s.wins) == (5, 5, 3), name
    assert by["greedy"].wins == 8 and by["greedy"].forfeits == 0
    kinds = {f.player: f.kind for f in t.forfeits}
    assert kinds == {
        "raises": "raised",
        "illegal": "illegal",
        "malformed": "malformed",
        "slow": "too_slow",
    }
    reasons = {s.player: s.reasons for s in t.standings}
    assert reasons["raises"] == ["its choose stopped with an error (KeyError: 'move')"]
    assert reasons["illegal"] == [  # as South, then as North: each reason once
        'its move {"type": "sow", "row": 0, "column": 0} is not allowed: '
        "that hole belongs to the other player",
        'its move {"type": "sow", "row": 3, "column": 0} is not allowed: '
        "that hole belongs to the other player",
    ]
    assert reasons["malformed"] == [
        'it returned "capture column 3", which is not a move of this game'
    ]
    assert reasons["slow"] == ["it took longer than the limit of 2 s to choose a move"]
    slow = next(f for f in t.forfeits if f.kind == "too_slow")
    assert slow.detail == "5.000 s" and slow.move == 1
    illegal = next(f for f in t.forfeits if f.kind == "illegal")
    assert "belongs to north" in illegal.detail, "the engine's own words are kept"
    row = next(r for r in t.table().to_dict("records") if r["player"] == "slow")
    assert row["forfeits"] == 5 and "limit of 2 s" in row["forfeit_reasons"]
    forfeited = [g for g in t.games if g.forfeit is not None]
    assert all(g.reason == "forfeit" and g.winner != g.forfeit.player for g in forfeited)


def test_a_forfeit_on_a_later_move_keeps_the_game_so_far():
    class LateFault:
        def __init__(self):
            self.moves = 0

        def choose(self, state):
            self.moves += 1
            if self.moves == 3:
                raise RuntimeError("out of ideas")
            return state.legal_moves()[-1]

    t = tournament({"late": LateFault(), "first": first}, seed=1)
    game = t.games[0]  # late plays South: moves 1, 3, then fails on move 5
    assert game.forfeit is not None and game.forfeit.move == 5
    assert game.moves == len(game.record) == 4 and game.winner == "first"
    assert game.forfeit.kind == "raised" and "out of ideas" in game.forfeit.reason
    assert t.games[1].forfeit is None, "its next game is played to the end"


def test_without_a_time_limit_a_slow_player_plays_on():
    clock = Clock()
    t = tournament({"slow": Slow(clock), "first": first}, seed=1, time_limit=None, clock=clock)
    assert not t.forfeits


def test_a_player_that_changes_the_state_it_is_given_cannot_change_the_game():
    class Vandal:
        def choose(self, state):
            move = state.legal_moves()[0]
            state.board[:] = [0] * len(state.board)
            return move

    t = tournament({"vandal": Vandal(), "first": first}, seed=1)
    for g in t.games:
        assert sum(sum(row) for row in g.record.position["board"]) == 84


def test_every_rule_an_illegal_move_breaks_has_its_words_in_every_language():
    for locale in ("en", "ko", "sw"):
        why = catalogue(locale)["tournament"]["why"]
        assert set(ILLEGAL_WHY) | {"illegal"} == set(why)


def test_the_reasons_and_the_chart_are_in_korean_for_a_korean_tournament():
    t = tournament({"illegal": Illegal(), "first": first}, seed=1, locale="ko")
    assert t.forfeits[0].reason.endswith("그 구멍은 상대의 것입니다.")
    assert "몰수패" in t.forfeit_line(t.forfeits[0])
    spec = t.chart().spec
    assert {v["outcome"] for v in spec["data"]["values"]} == {"승", "무", "패"}


def test_the_reasons_and_the_chart_are_in_swahili_for_a_swahili_tournament():
    t = tournament({"illegal": Illegal(), "first": first}, seed=1, locale="sw")
    assert t.forfeits[0].reason.endswith("hairuhusiwi: shimo hilo ni la mchezaji mwingine")
    assert "anapoteza kwa kosa" in t.forfeit_line(t.forfeits[0])
    spec = t.chart().spec
    assert {v["outcome"] for v in spec["data"]["values"]} == {"ameshinda", "sare", "ameshindwa"}


# -- the table and the chart ---------------------------------------------------------------

MARKUP = '<img src=x onerror="alert(1)">'


def markup_tournament():
    return tournament({MARKUP: Illegal(), "<b>bold</b>": first, "greedy": level("greedy")}, seed=1)


def test_the_table_has_the_standings_columns_and_shows_names_as_text():
    t = markup_tournament()
    frame = t.table()
    assert list(frame.columns) == list(COLUMNS)
    assert frame["player"].tolist() == [s.player for s in t.standings]
    page = frame.to_html()
    assert MARKUP not in page and html.escape(MARKUP, quote=False) in page
    shown = t._repr_html_()
    assert MARKUP not in shown and "<b>bold</b>" not in shown
    assert html.escape("<b>bold</b>") in shown
    assert list(t.games_table().columns) == [
        "game", "round", "south", "north", "winner", "reason", "moves", "forfeit",
    ]  # fmt: skip


def test_without_pandas_the_table_has_the_same_columns_and_shows_names_as_text(monkeypatch):
    t = markup_tournament()
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas raises ImportError
    table = t.table()
    assert table.columns == list(COLUMNS)
    assert [r["player"] for r in table] == [s.player for s in t.standings]
    page = table._repr_html_()
    assert MARKUP not in page and html.escape(MARKUP) in page
    assert "✓" not in page and "✗" not in page, "wins and losses are numbers, not marks"
    assert table.to_csv().splitlines()[0] == ",".join(COLUMNS)


def test_the_chart_keeps_the_standings_order_a_step_width_and_names_as_data():
    t = markup_tournament()
    bundle = t.chart()._repr_mimebundle_()
    spec = bundle["application/vnd.vegalite.v5+json"]
    assert spec["width"] == {"step": 56}, "never 'container': it breaks in JupyterLite"
    x = spec["encoding"]["x"]
    assert x["sort"] == [s.player for s in t.standings]
    assert {v["player"] for v in spec["data"]["values"]} == set(t.players)
    assert MARKUP in x["sort"], "a name is data: drawn as text, never read as markup"
    text = json.dumps({k: v for k, v in spec.items() if k != "data"})
    assert MARKUP not in text.replace(json.dumps(x["sort"])[1:-1], "")
    assert all("expr" not in json.dumps(channel) for channel in spec["encoding"].values())
    assert json.loads(json.dumps(spec)) == spec, "plain JSON, as the page receives it"


# -- a student's player handed in and loaded back ---------------------------------------

CELL = '''import random

class MyPlayer:
    """Captures the most it can, else sows at random."""
    name = "my player"

    def choose(self, state):
        me = state.to_move
        return max(state.legal_moves(), key=lambda m: gain(state, m, me))

def gain(state, move, me):
    return state.play(move).holdings(me) - state.holdings(me) + random.random()
'''
_cells = count(1)


def notebook_cell(source: str) -> dict:
    """Run ``source`` as a notebook runs a cell: its code is a file of its own for
    Python, kept in the line cache (ipykernel does this)."""
    filename = f"/tmp/ipykernel_0/cell-{next(_cells)}.py"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    names = {"__name__": "__main__"}
    exec(compile(source, filename, "exec"), names)
    return names


def test_a_player_handed_in_is_its_cells_code_and_comes_back_for_a_tournament(tmp_path):
    MyPlayer = notebook_cell(CELL)["MyPlayer"]
    path = tmp_path / "Mbuyi-08-program-a-player.handin.json"
    handed = hand_in(student="Mbuyi", notebook="08-program-a-player", player=MyPlayer, path=path)
    (code,) = handed["players"]
    assert code["source"] == CELL and code["entry"] == "MyPlayer" and code["kind"] == "class"
    assert code["name"] == "my player" and code["key"] == "player:1"
    assert json.loads(path.read_text()) == handed
    players = players_from(tmp_path)
    assert list(players) == ["Mbuyi"] and not players.problems
    assert players.files["Mbuyi"] == path.name
    t = tournament({**players, "random": level("random")}, seed=1)
    assert not t.forfeits and {s.player for s in t.standings} == {"Mbuyi", "random"}
    again = players_from(path)
    t2 = tournament({**again, "random": level("random")}, seed=1)
    assert field(t2) == field(t), "a loaded player is as deterministic as the original"


def test_keep_player_puts_the_code_in_the_work_file_and_hand_in_takes_it_along(tmp_path):
    from mancala_widgets import KisoloBoard

    book = work.workbook("08-program-a-player", tmp_path)
    names = notebook_cell(CELL)
    kept = keep_player(names["MyPlayer"])
    assert "MyPlayer" in repr(kept) and "12 lines" in repr(kept)
    saved = json.loads(book.path.read_text())["items"]["player:1"]
    assert saved["source"] == CELL and saved["entry"] == "MyPlayer"
    board = KisoloBoard(opponent=names["MyPlayer"](), computer_plays="south")
    assert board.move_count == 1, "the player moved first: a game to hand in"
    handed = HandInWidget(book).hand_in("Kanku")
    assert handed is not None and handed["players"][0]["source"] == CELL
    assert handed["games"][0]["moves"] == 1
    assert list(players_from(handed)) == ["Kanku"]


def test_a_player_kept_before_the_notebook_was_reopened_is_handed_in_after_continue(tmp_path):
    from mancala_widgets import KisoloBoard

    work.workbook("08-program-a-player", tmp_path)
    keep_player(notebook_cell(CELL)["MyPlayer"])
    board = KisoloBoard()
    board.play(board.legal_moves[0])
    again = work.workbook("08-program-a-player", tmp_path)  # the next day: cells not run yet
    assert again.mode == "asking"
    again.continue_work()
    handed = HandInWidget(again).hand_in("Mbuyi")
    assert handed is not None and handed["players"][0]["source"] == CELL
    changed = CELL.replace("random.random()", "0")
    keep_player(notebook_cell(changed)["MyPlayer"])  # the cell changed and run again
    (code,) = HandInWidget(again).hand_in("Mbuyi")["players"]
    assert code["source"] == changed, "one player a notebook: the latest"


def test_a_hand_in_without_a_player_is_as_before():
    handed = hand_in(student="Mbuyi", notebook="01-start-here")
    assert "players" not in handed and handed["version"] == 1


def test_the_player_code_of_a_function_or_a_text_and_what_cannot_be_handed_in():
    names = notebook_cell("def choose(state):\n    return state.legal_moves()[-1]\n")
    code = player_code(names["choose"])
    assert (code["entry"], code["kind"]) == ("choose", "function")
    assert player_code(CELL)["entry"] == "MyPlayer"
    with pytest.raises(PlayerCodeError, match="syntax error at line 1"):
        player_code("class Broken(:\n    pass\n")
    with pytest.raises(PlayerCodeError, match="defines no player"):
        player_code("x = 1\n")
    with pytest.raises(PlayerCodeError, match="package's own players"):
        player_code(level("greedy"))
    with pytest.raises(PlayerCodeError, match="not a player"):
        player_code(42)
    with pytest.raises(PlayerCodeError, match="keeps no work"):
        keep_player(names["choose"])
    with pytest.raises(PlayerCodeError, match="기록을 남기지"):
        keep_player(names["choose"], locale="ko")


def handed(student: str, source: str, entry: str = "P", when: str = "2026-12-02T10:00:00Z"):
    return {
        "format": "mancala-widgets/hand-in",
        "version": 1,
        "student": student,
        "notebook": "08-program-a-player",
        "handed_in": when,
        "lessons": [],
        "exercises": [],
        "games": [],
        "players": [{"key": "player:1", "name": entry, "entry": entry, "kind": "class",
                     "source": source}],
    }  # fmt: skip


GOOD = "class P:\n    def choose(self, state):\n        return state.legal_moves()[0]\n"
BAD = {
    "syntax": ("class P(:\n    pass\n", "syntax error at line 1"),
    "crashes": ("import nothing_of_that_name\n" + GOOD, "ModuleNotFoundError"),
    "missing": ("class Q:\n    def choose(self, state):\n        return 0\n", "does not define P"),
    "init": (
        "class P:\n    def __init__(self):\n        1 / 0\n"
        "    def choose(self, state):\n        return None\n",
        "P(), stopped with an error: ZeroDivisionError",
    ),
    "first_move_fails": (
        "class P:\n    def choose(self, state):\n        return helper(state)\n",
        "NameError: name 'helper' is not defined",
    ),
    "first_move_illegal": (
        "class P:\n    def choose(self, state):\n        return {'type': 'sow'}\n",
        "not a legal move",
    ),
    "exits": ("import sys\nsys.exit(3)\n" + GOOD, "SystemExit"),
}


def test_bad_player_code_is_reported_with_its_reason_and_the_rest_are_loaded(tmp_path):
    for student, (source, _why) in BAD.items():
        (tmp_path / f"{student}.handin.json").write_text(json.dumps(handed(student, source)))
    (tmp_path / "good.handin.json").write_text(json.dumps(handed("good", GOOD)))
    (tmp_path / "cut.handin.json").write_text('{"format": "mancala-widgets/hand-in", "stud')
    (tmp_path / "lesson1.handin.json").write_text(
        json.dumps({**handed("lesson one", GOOD), "players": []})
    )
    (tmp_path / "damaged.handin.json").write_text(
        json.dumps({**handed("damaged", GOOD), "players": [{"entry": "P", "source": 7}]})
    )
    players = players_from(tmp_path)
    assert list(players) == ["good"]
    problems = dict(players.problems)
    for student, (_source, why) in BAD.items():
        assert why in problems[f"{student}.handin.json"], (student, problems)
    assert "cut short" in problems["cut.handin.json"]
    assert problems["lesson1.handin.json"] == "this hand-in holds no player"
    assert "damaged" in problems["damaged.handin.json"]
    page = players._repr_html_()
    assert "good" in page and "ZeroDivisionError" in page
    t = tournament({**players, "first": first}, seed=1)
    assert not t.forfeits


def test_a_student_who_handed_in_twice_plays_with_the_latest_player():
    early = handed("Mbuyi", GOOD, when="2026-12-02T10:00:00Z")
    late = handed("Mbuyi", GOOD.replace("[0]", "[-1]"), when="2026-12-02T11:00:00Z")
    players = players_from(late, early)
    assert list(players) == ["Mbuyi"]
    assert players["Mbuyi"].choose(_start()) == _start().legal_moves()[-1]
    (why,) = [why for _, why in players.problems]
    assert why == "Mbuyi handed in a later file; that one is used"


def _start():
    from mancala_widgets.rules import new_state

    return new_state("kisolo")


# -- the lesson's checks and the catalogues ----------------------------------------------


def test_the_lessons_checks_accept_the_model_answers_and_explain_the_starters():
    names = notebook_cell(
        "class Greedy:\n"
        "    def choose(self, state):\n"
        "        me = state.to_move\n"
        "        return max(state.legal_moves(),"
        " key=lambda m: state.play(m).holdings(me))\n"
        "class Search:\n"
        "    def choose(self, state):\n"
        "        me = state.to_move\n"
        "        def worst(m):\n"
        "            after = state.play(m)\n"
        "            replies = after.legal_moves()\n"
        "            if not replies:\n"
        "                return after.holdings(me)\n"
        "            return min(after.play(r).holdings(me) for r in replies)\n"
        "        return max(state.legal_moves(), key=worst)\n"
    )
    assert check("greedy", names["Greedy"]).right
    assert not check("lookahead", names["Greedy"]).right
    assert check("lookahead", names["Search"]()).right
    assert "Not yet" in check("greedy", first).text
    assert check("moves_at_start", "7").right and not check("moves_at_start", 8).right
    assert check("stones_after", 72).right and check("games", 40).right
    assert "three dots" in check("games", ...).text
    assert "whole number" in check("games", "forty").text
    assert "오류" in check("greedy", Raises(), locale="ko").text


def shape(value):
    if isinstance(value, dict):
        return {k: shape(v) for k, v in value.items()}
    return type(value).__name__


@pytest.mark.parametrize("section", ["tournament", "player_code", "player_checks"])
def test_the_english_and_korean_catalogues_have_the_same_texts(section):
    en, ko = catalogue("en")[section], catalogue("ko")[section]
    assert shape(en) == shape(ko)


@pytest.mark.parametrize(
    "module",
    [
        "mancala_widgets.tournaments",
        "mancala_widgets.standings",
        "mancala_widgets.player_lesson",
        "mancala_widgets.classroom.playercode",
    ],
)
def test_docstring_examples_run(module):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0 and result.attempted > 0
