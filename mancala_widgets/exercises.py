"""Exercises the notebook checks, in English or Korean: where a sowing lands
(modular arithmetic on a circuit), which hole a relay lifts first, and a
capture the student builds. Every answer comes from the rules engine.

Each exercise has ``question`` (text), ``check(answer)`` returning a
:class:`Feedback`, ``hint()``, ``worked()`` (the worked answer) and ``answer``
(the engine's answer). Displayed in a notebook it is a widget that looks like the
lessons (widgets/exercise.py): the question, the board as a picture, an answer
box, the buttons Check, Hint and Show answer, and the feedback, every text shown as
text. It runs in JupyterLite (Pyodide) too.

An answer that cannot be read ("seven", ``[9, 9]``, ``3.5``) is neither right
nor wrong: its feedback says what was expected and has ``malformed=True``.

>>> ex = landing(14, 3, 17)
>>> ex.answer
6
>>> ex.check("6").correct, ex.check(5).correct
(True, False)
>>> fb = ex.check("seven")
>>> fb.correct, fb.malformed
(False, True)
>>> print(ex.worked().splitlines()[1])
(3 + 17) mod 14 = 20 mod 14 = 6
>>> landing(20, 16, 9, locale="ko").check(5).text
'맞았습니다!'
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .rules import IllegalMoveError, MalformedError, load_position
from .rules.events import Event
from .rules.files import read_json
from .rules.game import GAME_LIST, other
from .rules.game import game as game_of
from .rules.kisolo import KisoloState
from .text import check_locale, tr
from .text.names import hole_name, move_name, narrate, narrate_trace, pieces, side_names

if TYPE_CHECKING:
    from .widgets.exercise import ExerciseWidget

__all__ = [
    "BestCapture",
    "BuildCapture",
    "CIRCUITS",
    "Exercise",
    "ExerciseError",
    "Feedback",
    "Landing",
    "Lifted",
    "best_capture",
    "build_capture",
    "circuit_cells",
    "exercise_from",
    "exercise_set",
    "first_lap_landing",
    "landing",
    "lifted",
]

#: Circuit size -> (game, columns): South's circuit on Kisolo 4 x 7 and 4 x 6,
#: and Kiothi's one circuit of 20 bomas.
CIRCUITS = {14: ("kisolo", 7), 12: ("kisolo", 6), 20: ("kiothi", 10)}
#: The most stones a landing exercise sows (enough for several rounds).
MOST_STONES = 200
#: The longest answer a capture exercise reads, in bytes (a board and a move need 300).
ANSWER_BYTES = 100_000
GAMES = tuple(g.name for g in GAME_LIST)


def _board(game: str, columns: int):
    """The game's board with ``columns`` holes a row (the only widths there are)."""
    g = game_of(game)
    return g.board(**({"columns": columns} if "columns" in g.variants else {}))


@dataclass(frozen=True)
class Feedback:
    """What :meth:`Exercise.check` says. ``malformed`` answers are neither right
    nor wrong; ``rules`` names the capture rules a built position used; ``detail``
    is the rules engine's own message when the engine refused the input."""

    correct: bool
    text: str
    malformed: bool = False
    rules: tuple = ()
    detail: str | None = None

    def __str__(self) -> str:
        return self.text


class ExerciseError(ValueError):
    """An exercise that cannot be made (bad circuit, start, stones, game, or a
    move with no relay to predict), worded in the exercise's language."""

    def __init__(self, locale: str, key: str, **fields: Any):
        self.key, self.fields = key, fields
        super().__init__(tr(locale, f"exercises.errors.{key}", **fields))

    def words(self, locale: str) -> str:
        return tr(locale, f"exercises.errors.{self.key}", **self.fields)


#: The problems of a built capture the catalogues word only in general: the engine's
#: own explanation follows them.
GENERAL_PROBLEMS = ("build.position", "build.illegal")


class _Unreadable(Exception):
    """An answer that cannot be read: the catalogue key that says why."""

    def __init__(self, key: str, detail: str | None = None, **fields: Any):
        super().__init__(key)
        self.key, self.detail, self.fields = key, detail, fields


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _typed_int(digits: str, unreadable: _Unreadable) -> int:
    """The number a student typed; int() reads at most 4,300 digits, so past that it is
    as unreadable as a word."""
    try:
        return int(digits)
    except ValueError:
        raise unreadable from None


class Exercise:
    """What the three families share: checking, the text and the form."""

    family = ""
    question: str
    answer: Any

    def __init__(self, locale: str):
        self.locale = check_locale(locale)
        self._widget: ExerciseWidget | None = None
        #: What names this exercise in a student's work and hand-in: its family and what
        #: makes it this one (the same exercise has the same id in every language).
        self.id = self.family

    def _t(self, key: str, **fields: Any) -> str:
        return tr(self.locale, f"exercises.{key}", **fields)

    def parameters(self) -> dict:
        """What :func:`exercise_from` needs to make this exercise again (for marking)."""
        raise NotImplementedError

    def check(self, answer: Any) -> Feedback:
        """Right, wrong (with a tip when the mistake is a known one) or unreadable."""
        try:
            given = self._read(answer)
        except _Unreadable as e:
            return self._unreadable(e)
        if given == self.answer:
            return Feedback(True, self._t("right"))
        return Feedback(False, " ".join(filter(None, [self._t("wrong"), self._tip(given)])))

    def _read(self, answer: Any) -> Any:
        raise NotImplementedError

    def _tip(self, given: Any) -> str | None:
        return None

    def _unreadable(self, e: _Unreadable) -> Feedback:
        text = self._t(e.key, **e.fields)
        # Where the catalogue's text names the problem itself, the engine's words (English)
        # would only repeat it; they are added where it is general (an illegal position
        # or move the catalogue has no words for), labelled, in English only: a student
        # reading another language is not shown English (Feedback.detail keeps it).
        general = e.key in GENERAL_PROBLEMS and self.locale == "en"
        extra = self._t("build.engine", detail=e.detail) if e.detail and general else ""
        return Feedback(
            False, f"{text} {extra}" if extra else text, malformed=True, detail=e.detail
        )

    def hint(self) -> str:
        raise NotImplementedError

    def worked(self) -> str:
        raise NotImplementedError

    def picture(self) -> str | None:
        """An SVG of the board the exercise is about, if it has one."""
        return None

    def widget(self) -> ExerciseWidget:
        """The exercise's widget, made on first use: the question, the board as a
        picture, an answer box, Check, Hint and Show answer, and the feedback."""
        if self._widget is None:
            from .widgets.exercise import ExerciseWidget

            self._widget = ExerciseWidget(self)
        return self._widget

    def _repr_mimebundle_(self, **kwargs: Any):
        return self.widget()._repr_mimebundle_(**kwargs)


# -- 1. Where does the last stone fall? ------------------------------------------


def circuit_cells(circuit: int) -> list[list[int]]:
    """The [row, column] of every hole of a circuit, in sowing order from 0.

    >>> circuit_cells(14)[0], circuit_cells(14)[7], circuit_cells(20)[10]
    ([3, 0], [2, 6], [0, 9])
    """
    game, columns = CIRCUITS[circuit]
    return [list(cell) for cell in _board(game, columns).circuits["south"]]


def first_lap_landing(circuit: int, start: int, stones: int) -> int:
    """Where the engine drops the last stone of a lap of ``stones`` sown from
    place ``start`` of ``circuit``, as a place number (0 = the circuit's first).

    The position has only that hole filled, plus one opponent's stone that can
    take part in no capture; Kiothi is past the opening with the first-lap
    restriction off, so every count may be sown. The first ``sow`` event of
    the trace is the first lap, whatever follows it (a Kiothi relay that never
    ends is played under the option perpetual="draw").

    >>> first_lap_landing(14, 3, 17)
    6
    """
    game, columns = CIRCUITS[circuit]
    g, board = game_of(game), _board(game, columns)
    cells = circuit_cells(circuit)
    r, c = cells[start]
    mover = board.owner((r, c))
    grid = [[0] * board.columns for _ in range(board.rows)]
    grid[r][c] = stones
    # One piece of the opponent's, away from the facing rows where there are others
    # (so no Kisolo capture is due): a capture could only come after the first lap.
    theirs = [cell for cell in board.cells() if board.owner(cell) == other(mover)]
    spare = next((cell for cell in theirs if board.opposite(cell) is None), theirs[0])
    grid[spare[0]][spare[1]] += 1
    # Every count may be sown: no first-lap restriction where the game has one, and a
    # Kiothi relay that would never end is played (it draws) rather than refused.
    options = {"orthodox": False, "perpetual": "draw"} if "orthodox" in g.variants else {}
    position = g.position_from(grid, to_move=mover, **options)
    trace: list[Event] = []
    load_position(position).play(g.sow_move((r, c), stones), trace)
    lap = next(e for e in trace if e["kind"] == "sow")
    return cells.index(lap["cells"][-1])


class Landing(Exercise):
    """Sow ``stones`` from place ``start`` of a circuit of 14, 12 or 20: at which
    place does the last one fall? The answer is a whole number 0..N-1 (an int,
    or a string of digits as typed in the box)."""

    family = "landing"

    def __init__(self, circuit: int, start: int, stones: int, locale: str = "en"):
        super().__init__(locale)
        if not _is_int(circuit) or circuit not in CIRCUITS:
            raise ExerciseError(self.locale, "circuit", got=repr(circuit))
        if not _is_int(start) or not 0 <= start < circuit:
            raise ExerciseError(self.locale, "start", got=repr(start), last=circuit - 1)
        if not _is_int(stones) or not 1 <= stones <= MOST_STONES:
            raise ExerciseError(self.locale, "stones", got=repr(stones), most=MOST_STONES)
        self.size, self.start, self.stones = circuit, start, stones
        self.id = f"landing-{circuit}-{start}-{stones}"
        self.game, self.columns = CIRCUITS[circuit]
        self.cells = circuit_cells(circuit)
        self.answer = first_lap_landing(circuit, start, stones)
        if self.answer != (start + stones) % circuit:
            # The worked answer shows this formula, so it must be the engine's result.
            raise RuntimeError(
                f"the engine lands on {self.answer}, the formula on "
                f"{(start + stones) % circuit}: docs/rules.md and the engine disagree"
            )
        names = [hole_name(self.game, cell, self.locale) for cell in self.cells]
        self._names = names
        half = circuit // 2
        mover = _board(self.game, self.columns).owner(tuple(self.cells[start]))
        self.question = self._t(
            f"landing.question_{self.game}",
            size=circuit,
            last=circuit - 1,
            columns=self.columns,
            h0=names[0],
            k=half - 1,
            hk=names[half - 1],
            k1=half,
            hk1=names[half],
            hlast=names[-1],
            start=start,
            start_name=names[start],
            pieces=pieces(self.game, stones, self.locale),
            who=side_names(self.locale)[mover],
        )

    def _read(self, answer: Any) -> int:
        if isinstance(answer, str) and re.fullmatch(r"\s*[+-]?\d+\s*", answer):
            answer = _typed_int(answer, _Unreadable("landing.not_number", last=self.size - 1))
        if not _is_int(answer):
            raise _Unreadable("landing.not_number", last=self.size - 1)
        if not 0 <= answer < self.size:
            raise _Unreadable(
                "landing.out_of_range", got=answer, last=self.size - 1, size=self.size
            )
        return answer

    def _tip(self, given: int) -> str | None:
        if given == (self.start + self.stones - 1) % self.size:
            return self._t(f"landing.tip_counted_start_{self.game}")
        return None

    def parameters(self) -> dict:
        return {"circuit": self.size, "start": self.start, "stones": self.stones}

    def hint(self) -> str:
        return self._t(
            f"landing.hint_{self.game}",
            start=self.start,
            stones=self.stones,
            size=self.size,
            last=self.size - 1,
        )

    def worked(self) -> str:
        s, m, n = self.start, self.stones, self.size
        lines = [
            self._t(f"landing.first_{self.game}", start=s, stones=m, n=m),
            f"({s} + {m}) mod {n} = {s + m} mod {n} = {self.answer}",
        ]
        if m >= n:
            lines.append(self._t(f"landing.round_{self.game}", stones=m, size=n, n=m // n))
        lines.append(
            self._t(f"landing.where_{self.game}", answer=self.answer, name=self._names[self.answer])
        )
        return "\n".join(lines)


def landing(circuit: int, start: int, stones: int, locale: str = "en") -> Landing:
    """Where does the last stone fall? See :class:`Landing`.

    >>> ex = landing(12, 4, 12)
    >>> ex.answer                      # 12 stones go once round: back to the start
    4
    """
    return Landing(circuit, start, stones, locale)


# -- 2. Which hole does the relay lift? --------------------------------------------

#: Words a hole or boma may be named with, in any of the languages.
_WORDS = {
    "south": ("side", "south"),
    "north": ("side", "north"),
    "남쪽": ("side", "south"),
    "북쪽": ("side", "north"),
    "inner": ("row", "inner"),
    "outer": ("row", "outer"),
    "안쪽": ("row", "inner"),
    "바깥쪽": ("row", "outer"),
    "sud": ("side", "south"),
    "nord": ("side", "north"),
    "intérieur": ("row", "inner"),
    "intérieure": ("row", "inner"),
    "int": ("row", "inner"),
    "extérieur": ("row", "outer"),
    "extérieure": ("row", "outer"),
    "ext": ("row", "outer"),
    "kusini": ("side", "south"),
    "kaskazini": ("side", "north"),
    "ndani": ("row", "inner"),
    "nje": ("row", "outer"),
    "boma": ("boma", True),
    "보마": ("boma", True),
    "shimo": None,
    "safu": None,
    "nambari": None,
    "la": None,
    "ya": None,
    "hole": None,
    "구멍": None,
    "trou": None,
    "rangée": None,
    "de": None,
    "du": None,
    "le": None,
    "번": None,
    "줄": None,
    "의": None,
    "'s": None,
    "’s": None,
}
_TOKEN = re.compile(
    "|".join(sorted(map(re.escape, _WORDS), key=len, reverse=True)) + r"|(\d+)|[\s,.]+"
)
_PAIR = re.compile(r"\s*[\[(]?\s*([+-]?\d+)\s*(?:,|\s)\s*([+-]?\d+)\s*[\])]?\s*")


def read_cell(game: str, answer: Any, rows: int, columns: int, side: str) -> list[int]:
    """A hole given as [row, column] (a list, or typed "[2, 4]" / "2, 4"), or by
    name: Kisolo "inner 3", "outer 5", "north inner 3", "South's outer hole 5",
    "안쪽 3", "북쪽 바깥쪽 줄 2번 구멍", "intérieur 3", "trou extérieur 2 de Nord", "ndani 3",
    "shimo la nje 2 la Kaskazini"; Kiothi "boma 7", "north boma 3", "보마 7", "북쪽 3번 보마",
    "boma 3 de Nord", "boma 3 kaskazini". A
    name without a side is a hole of ``side``.

    >>> read_cell("kisolo", "inner 5", 4, 7, "south")
    [2, 4]
    >>> read_cell("kiothi", "북쪽 3번 보마", 2, 10, "south")
    [0, 2]
    >>> read_cell("kisolo", "trou extérieur 2 de Nord", 4, 7, "south")
    [0, 1]
    >>> read_cell("kisolo", "shimo la nje 2 la Kaskazini", 4, 7, "south")
    [0, 1]
    """
    unreadable = _Unreadable(f"lifted.unreadable_{game}")
    if isinstance(answer, str) and (pair := _PAIR.fullmatch(answer)):
        answer = [_typed_int(x, unreadable) for x in pair.groups()]
    if isinstance(answer, (list, tuple)):
        if len(answer) != 2 or not all(_is_int(x) for x in answer):
            raise unreadable
        r, c = answer
        if not (0 <= r < rows and 0 <= c < columns):
            raise _Unreadable("lifted.off_board", row=r, column=c, maxr=rows - 1, maxc=columns - 1)
        return [r, c]
    if not isinstance(answer, str):
        raise unreadable
    text, pos = answer.strip().lower(), 0
    found: dict[str, list] = {"side": [], "row": [], "boma": [], "n": []}
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            raise unreadable
        pos = m.end()
        if m.group(1):
            found["n"].append(_typed_int(m.group(1), unreadable))
        elif word := _WORDS.get(m.group(0)):
            kind, value = word
            found[kind].append(value)
    board = _board(game, columns)
    if any(board.row_kind):  # rows with names (Kisolo): a row is needed; "boma" is not a word
        named = len(found["row"]) == 1 and not found["boma"]
    else:  # one row a side: "boma" or a side says it is a boma, not a number
        named = not found["row"] and len(found["boma"]) <= 1 and bool(found["boma"] + found["side"])
    if not named or len(found["n"]) != 1 or len(found["side"]) > 1:
        raise unreadable
    n = found["n"][0]
    if not 1 <= n <= columns:
        raise _Unreadable("lifted.no_number", n=n, maxn=columns)
    side = (found["side"] or [side])[0]
    if found["row"]:
        row = next(r for r in board.rows_of(side) if board.row_kind[r] == found["row"][0])
    else:
        row = board.facing_rows[side]
    return [row, n - 1]


class Lifted(Exercise):
    """Which hole does pussa kanawa (Kisolo) or the relay (Kiothi) lift first in
    this move? Answers: see :func:`read_cell`. A move with no relay is refused
    with :class:`ExerciseError`; a bad position or move, with the engine's error."""

    family = "lifted"

    def __init__(self, position: dict, move: dict, locale: str = "en"):
        super().__init__(locale)
        state = load_position(position)
        self.position, self.move = state.to_dict(), copy.deepcopy(move)
        digest = hashlib.sha256(
            json.dumps([self.position, move], sort_keys=True).encode("utf-8")
        ).hexdigest()
        self.id = f"lifted-{digest[:12]}"
        game = self.game = state.game
        trace: list[Event] = []
        state.play(move, trace)
        self.rules = state.GAME
        rule = self.rules.relay_rule
        relay = next(
            ((i, e) for i, e in enumerate(trace) if e["kind"] == "lift" and e["rule"] == rule),
            None,
        )
        if relay is None:
            raise ExerciseError(self.locale, f"no_relay_{game}", move=json.dumps(move))
        at, lift = relay
        self.trace = trace[: at + 1]
        self.answer = list(lift["cell"])
        lap_end = [e for e in self.trace if e["kind"] == "lap_end"][-1]
        self.landing, self.lap = lap_end["cell"], lap_end["lap"]
        self.rows, self.columns = len(self.position["board"]), len(self.position["board"][0])
        self.mover = self.position["to_move"]
        other = "north" if self.mover == "south" else "south"
        names = side_names(self.locale)
        self.question = self._t(
            f"lifted.question_{game}",
            move=move_name(game, move, self.mover, self.locale),
            who=names[self.mover],
            other=names[other],
            other_word=names[other].lower(),
            maxc=self.columns - 1,
        )

    def _read(self, answer: Any) -> list[int]:
        return read_cell(self.game, answer, self.rows, self.columns, self.mover)

    def _tip(self, given: list[int]) -> str | None:
        """The usual slip: the landing cell where the relay lifts the next one
        (pussa kanawa), the next one where it lifts the landing cell (Kiothi)."""
        if self.rules.relay_lifts == "next":
            return self._t(f"lifted.tip_landing_{self.game}") if given == self.landing else None
        board = self.rules.board()
        if given == list(board.next(self.mover, (self.landing[0], self.landing[1]))):
            return self._t(f"lifted.tip_after_{self.game}")
        return None

    def parameters(self) -> dict:
        return {"position": self.position, "move": self.move}

    def hint(self) -> str:
        return self._t(
            f"lifted.hint_{self.game}", lap=self.lap, who=side_names(self.locale)[self.mover]
        )

    def worked(self) -> str:
        lines = narrate_trace(self.game, self.trace, self.locale)
        lines.append(
            self._t(
                "lifted.answer",
                name=hole_name(self.game, self.answer, self.locale),
                row=self.answer[0],
                column=self.answer[1],
            )
        )
        return "\n".join(lines)

    def picture(self) -> str:
        from .svg import board_svg

        return board_svg(self.position, numbers=True, locale=self.locale)


def lifted(position: dict, move: dict, locale: str = "en") -> Lifted:
    """Which hole does the relay lift first? See :class:`Lifted`.

    >>> ex = lifted(LIFTED_POSITION, {"type": "sow", "row": 3, "column": 4})
    >>> ex.answer, ex.check("inner 5").correct, ex.check([2, 5]).correct
    ([2, 4], True, False)
    """
    return Lifted(position, move, locale)


# -- 3. Build a position where a capture happens ---------------------------------------

#: Examples the worked answer shows; the engine confirms they capture.
EXAMPLES = {
    # 15 stones go once round South's circuit and one more: the lap ends in a
    # hole the same lap filled, just before South's inner hole 6, which got a
    # stone on the way round and faces North's stones: a mid-move capture.
    "kisolo": {
        "board": [[0, 0, 0, 0, 0, 1, 0], [0, 0, 0, 0, 0, 2, 0], [0] * 7, [0, 0, 0, 0, 0, 0, 15]],
        "move": {"type": "sow", "row": 3, "column": 6},
    },
    "kiothi": {
        "board": [[0, 0, 2, 0, 0, 0, 1, 0, 0, 0], [0, 1, 0, 0, 0, 0, 0, 0, 0, 0]],
        "move": {"type": "sow", "row": 1, "column": 1, "count": 1},
    },
}


class BuildCapture(Exercise):
    """Build a position where South's move captures. The student gives the board
    and the move: ``ex.check(board=[[...], ...], move=[3, 2])``, or one dict
    (or its JSON, as typed in the form's box) ``{"board": ..., "move": ...}``.
    Kiothi also takes ``nki`` and ``sown``: lists of [row, column] (or 2 x 10
    grids of true/false). Moves: docs/rules.md JSON, or for short Kisolo
    ``[row, column]`` (a sowing) and Kiothi ``[row, column, count]``.

    The board is completed into a position (docs/rules.md) (South to move, playing;
    Kiothi: turn 7, orthodox rules), played by the engine, and the feedback
    says which capture rule applied or why nothing was captured. The form shows
    the last board checked as a static picture.

    >>> ex = build_capture()
    >>> board = [[0] * 7, [0, 0, 3, 0, 0, 0, 0], [0, 0, 1, 0, 0, 0, 0], [1] + [0] * 6]
    >>> ex.check(board=board, move={"type": "capture", "column": 2}).rules
    ('turn_start_capture',)
    """

    family = "build"

    def __init__(self, game: str = "kisolo", locale: str = "en"):
        super().__init__(locale)
        if not isinstance(game, str) or game not in GAMES:
            raise ExerciseError(self.locale, "game", got=repr(game))
        self.game = game
        self.id = f"build-{game}"
        self.rules = game_of(game)
        self.rows = self.rules.board().rows
        self.answer = copy.deepcopy(EXAMPLES[game])
        self.built: dict | None = None
        self.question = self._t(f"build.question_{game}")
        if not self.check(self.answer).correct:
            raise RuntimeError(f"the {game} example captures nothing: the engine changed")
        self.built = None

    def check(
        self,
        answer: Any = None,
        *,
        board: Any = None,
        move: Any = None,
        nki: Any = None,
        sown: Any = None,
    ) -> Feedback:
        self.built = None
        try:
            board, move, nki, sown = self._gather(answer, board, move, nki, sown)
            position = self._complete(board, nki, sown)
            self.built = position
            move = self._read_move(move, position)
            trace = self._play(position, move)
        except _Unreadable as e:
            return self._unreadable(e)
        return self._judge(position, trace)

    def _gather(self, answer, board, move, nki, sown):
        marks = {"nki", "sown"} if self.rules.has_nki else set()
        allowed = {"board", "move"} | marks
        if answer is not None:
            if isinstance(answer, str):
                try:  # held to the size and nesting of any JSON the package reads
                    answer = read_json(answer, "answer", ValueError, most=ANSWER_BYTES)
                except ValueError:
                    raise _Unreadable("build.unreadable") from None
            if not isinstance(answer, dict) or any(v is not None for v in (board, move, nki, sown)):
                raise _Unreadable("build.unreadable")
            if set(answer) - allowed:
                raise _Unreadable(f"build.unknown_field_{self.game}")
            board, move, nki, sown = (answer.get(k) for k in ("board", "move", "nki", "sown"))
        if not marks and (nki is not None or sown is not None):
            raise _Unreadable(f"build.unknown_field_{self.game}")
        if board is None:
            raise _Unreadable("build.missing_board")
        if move is None:
            raise _Unreadable("build.missing_move")
        return board, move, nki, sown

    def _complete(self, board: Any, nki: Any, sown: Any) -> dict:
        """The board as a position (docs/rules.md), checked first here (to say what is
        wrong in the student's language), then by the engine."""
        rows, g = self.rows, self.rules
        if not isinstance(board, list) or not all(isinstance(row, list) for row in board):
            raise _Unreadable("build.board_not_rows", rows=rows)
        if len(board) != rows:
            raise _Unreadable("build.board_row_count", got=len(board), rows=rows)
        widths = g.variants.get("columns", (g.board().columns,))
        width = len(board[0]) if len(board[0]) in widths else widths[0]
        for r, row in enumerate(board):
            if len(row) != width:
                raise _Unreadable(
                    f"build.board_row_length_{self.game}", r=r, got=len(row), columns=width
                )
            for c, v in enumerate(row):
                if not _is_int(v) or v < 0:
                    raise _Unreadable("build.board_entry", r=r, c=c)
        board = [list(row) for row in board]
        if g.has_nki:
            position = g.position_from(
                board, nki=self._marks(nki, "nki"), sown=self._marks(sown, "sown")
            )
        else:
            position = g.position_from(board)
        try:
            load_position(position)
        except MalformedError as e:
            # A game without jails is over once a side has no pieces; one with jails, once
            # the player to move has no move.
            if g.has_jails:
                raise _Unreadable(f"build.no_move_{self.game}", detail=str(e)) from None
            layout = g.board(columns=width)
            bare = [
                p
                for p in ("south", "north")
                if not any(board[r][c] for r in layout.rows_of(p) for c in range(width))
            ]
            if bare:
                raise _Unreadable(
                    f"build.no_stones_{self.game}",
                    detail=str(e),
                    who=side_names(self.locale)[bare[0]],
                ) from None
            raise _Unreadable("build.position", detail=str(e)) from None
        return position

    def _marks(self, value: Any, field: str) -> list[list[bool]]:
        grid = [[False] * 10 for _ in range(2)]
        if value is None:
            return grid
        bad = _Unreadable("build.marks", field=self._t(f"build.field_{field}"))
        if not isinstance(value, list):
            raise bad
        if len(value) == 2 and all(isinstance(r, list) and len(r) == 10 for r in value):
            if not all(isinstance(v, bool) for r in value for v in r):
                raise bad
            return [list(r) for r in value]
        for cell in value:
            if (
                not isinstance(cell, (list, tuple))
                or len(cell) != 2
                or not all(_is_int(x) for x in cell)
                or not 0 <= cell[0] < 2
                or not 0 <= cell[1] < 10
            ):
                raise bad
            grid[cell[0]][cell[1]] = True
        return grid

    def _read_move(self, move: Any, position: dict) -> dict:
        g = self.rules
        shape = _Unreadable(f"build.move_shape_{self.game}")
        sow_keys = ("row", "column", "count") if g.counts_lifted else ("row", "column")
        if isinstance(move, (list, tuple)):
            if len(move) != len(sow_keys):
                raise shape
            move = {"type": "sow", **dict(zip(sow_keys, move, strict=True))}
        if not isinstance(move, dict):
            raise shape
        kind = move.get("type")
        fields = (
            {"sow": sow_keys, "capture": ("column",) if g.capture_moves else None}.get(kind)
            if isinstance(kind, str)
            else None
        )
        if not fields or set(move) != {"type", *fields}:
            raise shape
        width = len(position["board"][0])
        for field, hi in (("row", self.rows - 1), ("column", width - 1), ("count", None)):
            if field in fields:
                v = move[field]
                if hi is None and (not _is_int(v) or v < 1):
                    raise _Unreadable("build.move_count")
                if hi is not None and (not _is_int(v) or not 0 <= v <= hi):
                    raise _Unreadable(
                        "build.move_value", field=self._t(f"build.field_{field}"), lo=0, hi=hi
                    )
        return dict(move)

    def _play(self, position: dict, move: dict) -> list[Event]:
        trace: list[Event] = []
        try:
            load_position(position).play(move, trace)
        except IllegalMoveError as e:
            raise self._illegal(e, position, move, trace) from None
        except MalformedError as e:  # not expected after _read_move; worded all the same
            raise _Unreadable(f"build.move_shape_{self.game}", detail=str(e)) from None
        return trace

    def _illegal(
        self, e: IllegalMoveError, position: dict, move: dict, trace: list[Event]
    ) -> _Unreadable:
        """The engine's refusal, worded from its rule (its message is the detail)."""
        game, loc = self.game, self.locale
        cell = [move.get("row"), move["column"]]
        where = hole_name(game, cell, loc) if cell[0] is not None else None
        column = lambda c: tr(loc, "names.column", n=c + 1)
        key, fields = "build.illegal", {}
        if e.rule in ("own_holes", "own_bomas"):
            key, fields = f"build.{e.rule}", {"where": where}
        elif e.rule == "sow":
            key, fields = "build.empty_hole", {"where": where}
        elif e.rule == "turn_start_capture" and move["type"] == "capture":
            key, fields = "build.capture_impossible", {"column": column(move["column"])}
        elif e.rule == "turn_start_capture":
            state = load_position(position)
            assert isinstance(state, KisoloState), "only Kisolo has turn-start captures"
            due = state.capture_columns()
            key = "build.capture_due"
            fields = {"columns": tr(loc, "names.list_sep").join(column(c) for c in due)}
        elif e.rule == "partial_lifting":
            have = position["board"][cell[0]][cell[1]]
            key = "build.too_many" if have else "build.empty_boma"
            fields = {"where": where, "have": pieces(game, have, loc), "k": move["count"]}
        elif e.rule == "first_lap_restriction":
            assert e.cell is not None, "the engine names the first lap's landing boma"
            key, fields = "build.first_lap", {"where": hole_name(game, e.cell, loc)}
        elif e.rule == "perpetual_sowing":
            key = "build.perpetual"
        return _Unreadable(key, detail=str(e), **fields)

    def _judge(self, position: dict, trace: list[Event]) -> Feedback:
        game, loc = self.game, self.locale
        rules = tuple(dict.fromkeys(e["rule"] for e in trace if e["kind"] == "capture"))
        if not rules:
            why = self._why_not_from_lap_ends(position, trace) + self._why_not_from_refusals(trace)
            return Feedback(False, "\n".join([self._t("build.no_capture"), *why]))
        lines = [self._t("build.capture")]
        lines += [
            narrate(game, e, loc)
            for e in trace
            if e["kind"] in ("capture", "leftmost_triple", "game_end")
        ]
        names = tr(loc, "names.list_sep").join(self._t(f"build.rule_{r}") for r in rules)
        lines.append(self._t("build.rules", rules=names))
        return Feedback(True, "\n".join(lines), rules=rules)

    def _why_not_from_lap_ends(self, position: dict, trace: list[Event]) -> list[str]:
        """Where a lap end decides a capture by the hole after it (Kisolo): the lap ends
        that came near a mid-move capture, then how the move ended. Without a capture
        the opponent's facing row stays as it was, so the board given says which of
        their holes faced stones."""
        game = self.game
        board = self.rules.board(
            **({"columns": len(position["board"][0])} if "columns" in self.rules.variants else {})
        )
        name = lambda cell: hole_name(game, cell, self.locale)
        near, last = [], []
        for e in trace:
            if e["kind"] != "lap_end" or "next" not in e:
                continue
            r, c = e["next"]
            fields = {"lap": e["lap"], "where": name(e["cell"]), "next": name(e["next"])}
            facing = board.opposite((r, c))
            if (
                e["then"] == "relay"
                and facing
                and board.owner((r, c)) == "south"
                and e["next_count"]
            ):
                if not position["board"][facing[0]][facing[1]]:
                    near.append(
                        self._t(f"build.{game}_facing_empty", **fields, facing=name(list(facing)))
                    )
                elif not e["occupied"]:
                    near.append(self._t(f"build.{game}_landed_empty", **fields))
            elif e["then"] == "end":
                last = [self._t(f"build.{game}_end", **fields)]
            elif e["then"] == "perpetual":
                last = [self._t(f"build.{game}_perpetual")]
        more = [self._t(f"build.{game}_more", n=len(near) - 3)] if len(near) > 3 else []
        return near[:3] + more + last

    def _why_not_from_refusals(self, trace: list[Event]) -> list[str]:
        """Where the engine says why a sowing captured nothing (Kiothi)."""
        name = lambda cell: hole_name(self.game, cell, self.locale)
        return [
            self._t(
                f"build.{self.game}_{e['why']}", where=name(e["cell"]), opposite=name(e["opposite"])
            )
            for e in trace
            if e["kind"] == "no_capture"
        ]

    def parameters(self) -> dict:
        return {"game": self.game}

    def hint(self) -> str:
        return self._t(f"build.hint_{self.game}")

    def worked(self) -> str:
        example = self.answer
        position = self._complete(example["board"], None, None)
        trace = self._play(position, example["move"])
        return "\n".join(
            [
                self._t("build.example"),
                self._t("build.example_board", board=json.dumps(example["board"])),
                self._t("build.example_move", move=json.dumps(example["move"])),
                *narrate_trace(self.game, trace, self.locale),
            ]
        )

    def picture(self) -> str | None:
        if self.built is None:
            return None
        from .svg import board_svg

        return board_svg(self.built, numbers=True, locale=self.locale)


def build_capture(game: str = "kisolo", locale: str = "en") -> BuildCapture:
    """Build a position where South's move captures. See :class:`BuildCapture`."""
    return BuildCapture(game, locale)


# -- The notebook's set and the form ------------------------------------------------------

#: The lifted exercise of the standard set: lap 1 ends in South's inner hole 6,
#: which already held a stone, so pussa kanawa lifts the hole after it.
LIFTED_POSITION = {
    "game": "kisolo",
    "columns": 7,
    "to_move": "south",
    "board": [
        [1, 2, 0, 0, 3, 0, 1],
        [2, 0, 0, 0, 0, 0, 3],
        [0, 0, 0, 0, 2, 1, 0],
        [0, 0, 0, 0, 4, 1, 0],
    ],
    "status": "playing",
    "winner": None,
    "reason": None,
}


# -- 4. Which capture is best? ----------------------------------------------------------

#: How many seeded boards are tried for a position with a real choice of captures.
BEST_TRIES = 20_000


def _laps(state, move: dict) -> int:
    trace: list[Any] = []
    state.play(move, trace)
    return max((e["lap"] for e in trace if "lap" in e), default=1)


def _best_capture_position(seed: int) -> tuple[dict, dict]:
    """A seeded puzzle position (10 to 16 stones, at most 3 in a hole) where South must
    capture and has two or three columns to choose from, one of them best by the
    lesson's measure (``lessons.best_score``) and not the biggest capture, and every
    move to weigh (South's captures, North's replies) short enough to follow by hand:
    (position, {column: (gain, threat)})."""
    import random

    from .lessons import best_score
    from .players import effect, successors

    rng = random.Random(seed)
    for _ in range(BEST_TRIES):
        board = [[0] * 7 for _ in range(4)]
        for _ in range(rng.randint(10, 16)):
            r, c = rng.randrange(4), rng.randrange(7)
            if board[r][c] < 3:
                board[r][c] += 1
        position = game_of("kisolo").position_from(board, to_move="south")
        try:
            state = load_position(position)
        except MalformedError:
            continue
        moves = state.legal_moves()
        if not 2 <= len(moves) <= 3 or moves[0]["type"] != "capture":
            continue
        if any(_laps(state, m) > 3 for m in moves):
            continue
        replies = [(after, r) for m in moves for r, after in [(m, state.play(m))]]
        if any(
            _laps(after, reply) > 3
            for after, _ in replies
            if after.status == "playing"
            for reply, _ in successors(after)
        ):
            continue
        scores = {m["column"]: best_score(state, m) for m in moves}
        top = max(scores.values())
        best = [c for c, v in scores.items() if v == top]
        weighed = {m["column"]: effect(state, m) for m in moves}
        gains = sorted((e["gain"], c) for c, e in weighed.items())
        biggest = gains[-1][1]
        clear = gains[-1][0] > gains[-2][0]  # one capture takes the most
        if len(best) == 1 and clear and biggest != best[0] and not top[0]:
            return state.to_dict(), {
                c: (e["gain"], e["threat"]) for c, e in sorted(weighed.items())
            }
    # Every seed from 0 to 9,999 finds one (all were tried, 2026-12-02).
    raise RuntimeError(f"no position found for seed {seed}")


class BestCapture(Exercise):
    """South must capture and may choose the column: which one is best, by what it
    takes now less the most North can take back on the next turn? The position is a
    seeded puzzle (``seed`` 0 to 9,999) small enough to work by hand; the answer is the
    column's number (1 to 7), typed as a number, "column 3" or "3번 열"."""

    family = "best"

    def __init__(self, seed: int, locale: str = "en"):
        super().__init__(locale)
        if not _is_int(seed) or not 0 <= seed <= 9_999:
            raise ExerciseError(self.locale, "seed", got=repr(seed))
        self.seed = seed
        self.id = f"best-{seed}"
        self.game = "kisolo"
        self.position, self.options = _best_capture_position(seed)
        net = {c: g - t for c, (g, t) in self.options.items()}
        self.answer = max(net, key=lambda c: net[c]) + 1
        self.biggest = max(self.options, key=lambda c: self.options[c][0]) + 1
        columns = [str(c + 1) for c in self.options]
        self.question = self._t(
            "best.question", columns=tr(self.locale, "names.list_sep").join(columns)
        )

    def _read(self, answer: Any) -> int:
        if isinstance(answer, str):
            numbers = re.findall(r"\d+", answer)
            if len(numbers) != 1:
                raise _Unreadable("best.not_number")
            answer = _typed_int(numbers[0], _Unreadable("best.not_number"))
        if not _is_int(answer):
            raise _Unreadable("best.not_number")
        if answer - 1 not in self.options:
            columns = [str(c + 1) for c in self.options]
            raise _Unreadable(
                "best.not_a_choice",
                got=answer,
                columns=tr(self.locale, "names.list_sep").join(columns),
            )
        return answer

    def _tip(self, given: int) -> str | None:
        return self._t("best.tip_biggest") if given == self.biggest else None

    def parameters(self) -> dict:
        return {"seed": self.seed}

    def hint(self) -> str:
        return self._t("best.hint")

    def worked(self) -> str:
        lines = [
            self._t("best.option", column=c + 1, gain=g, threat=t, net=g - t)
            for c, (g, t) in self.options.items()
        ]
        lines.append(self._t("best.answer", column=self.answer))
        return "\n".join(lines)

    def picture(self) -> str:
        from .svg import board_svg

        return board_svg(self.position, numbers=True, locale=self.locale)


def best_capture(seed: int, locale: str = "en") -> BestCapture:
    """Which capture is best? See :class:`BestCapture`.

    >>> ex = best_capture(1)
    >>> ex.check(ex.answer).correct, ex.check(f"column {ex.answer}").correct
    (True, True)
    """
    return BestCapture(seed, locale)


def exercise_from(family: Any, parameters: Any, locale: str = "en") -> Exercise:
    """The exercise a student's work names (``family`` and ``parameters``, as
    ``Exercise.parameters`` gives them), made again to check its answers; raises
    ExerciseError or the engine's error for parameters that make no exercise."""
    if not isinstance(parameters, dict):
        raise ExerciseError(locale, "unreadable_parameters")
    makers: dict[str, Any] = {
        "landing": Landing,
        "lifted": Lifted,
        "build": BuildCapture,
        "best": BestCapture,
    }
    if not isinstance(family, str) or family not in makers:
        raise ExerciseError(locale, "unreadable_parameters")
    try:
        return makers[family](**parameters, locale=locale)
    except TypeError:  # parameters it does not take
        raise ExerciseError(locale, "unreadable_parameters") from None


def exercise_set(locale: str = "en") -> list[Exercise]:
    """The notebook's standard exercises, the same every run.

    >>> [ex.answer for ex in exercise_set()[:4]]
    [6, 4, 5, [2, 4]]
    """
    return [
        landing(14, 3, 17, locale),  # more stones than holes: once round and on
        landing(12, 4, 12, locale),  # exactly one round: the start gets the last one
        landing(20, 16, 9, locale),  # from North's row on round into South's
        lifted(LIFTED_POSITION, {"type": "sow", "row": 3, "column": 4}, locale),
        build_capture("kisolo", locale),
    ]
