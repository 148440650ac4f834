"""A Game for each game: its fixed facts, apart from any one position.

Everything outside the rules engine that needs to know how a game is laid out
(narration, pictures, players, lessons, the browser) asks here instead of
branching on the game's name: the variants, the rows and who owns them, how
holes are numbered and named, the circuits, what faces what, the pieces, the
jails and nki, and how a game can end.

>>> board = game("kisolo").board(columns=7)
>>> board.owner((2, 3)), board.row_kind[2], board.number((2, 3))
('south', 'inner', 4)
>>> board.next("south", (3, 6)), board.next("north", (0, 0))
((2, 6), (1, 0))
>>> game("kiothi").board().opposite((1, 0))
(0, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from .common import Move, Position, shown

Cell = tuple[int, int]
PLAYER_NAMES = ("south", "north")


@dataclass(frozen=True)
class Board:
    """The board of one variant: rows, owners, numbering, circuits, facing cells."""

    game: str
    rows: int
    columns: int
    #: The owner of each row, top to bottom as South sees the board.
    row_owner: tuple[str, ...]
    #: What each row is to its owner: "inner" or "outer" (Kisolo), "" (Kiothi's one row).
    row_kind: tuple[str, ...]
    #: Each player's sowing order (Kiothi's circuit is one, shared by both).
    circuits: Mapping[str, tuple[Cell, ...]]
    #: The row of each player that captures and is captured (Kisolo's inner rows,
    #: Kiothi's only rows): cells there face the other player's cell of the same column.
    facing_rows: Mapping[str, int]
    _next: Mapping[tuple[str, Cell], Cell] = field(repr=False, compare=False, default_factory=dict)

    def cells(self) -> list[Cell]:
        return [(r, c) for r in range(self.rows) for c in range(self.columns)]

    def owner(self, cell: Cell) -> str:
        return self.row_owner[cell[0]]

    def number(self, cell: Cell) -> int:
        """The number drawn by a cell: its column counted from 1, from South's left.
        Facing cells share a number; both players use the same numbers."""
        return cell[1] + 1

    def next(self, player: str, cell: Cell) -> Cell:
        """The cell after ``cell`` on ``player``'s circuit."""
        return self._next[(player, cell)]

    def opposite(self, cell: Cell) -> Cell | None:
        """The other player's cell facing ``cell``, if ``cell`` is in a facing row."""
        owner = self.owner(cell)
        if cell[0] != self.facing_rows[owner]:
            return None
        return (self.facing_rows[other(owner)], cell[1])

    def rows_of(self, player: str) -> list[int]:
        return [r for r, owner in enumerate(self.row_owner) if owner == player]


def other(player: str) -> str:
    return "north" if player == "south" else "south"


def _board(
    game_name: str,
    rows: int,
    columns: int,
    row_owner: Iterable[str],
    row_kind: Iterable[str],
    circuits: Mapping[str, tuple[Cell, ...]],
    facing_rows: Mapping[str, int],
) -> Board:
    links: dict[tuple[str, Cell], Cell] = {}
    for player, circuit in circuits.items():
        for i, cell in enumerate(circuit):
            links[(player, cell)] = circuit[(i + 1) % len(circuit)]
    return Board(
        game_name,
        rows,
        columns,
        tuple(row_owner),
        tuple(row_kind),
        dict(circuits),
        dict(facing_rows),
        links,
    )


@dataclass(frozen=True)
class Game:
    """One game's fixed facts. ``variants`` maps each option to its allowed values,
    the default first."""

    name: str
    #: The catalogue's words for a piece and a place: "stone"/"hole", "warrior"/"boma".
    piece: str
    place: str
    variants: Mapping[str, tuple[int | bool, ...]]
    #: Captured pieces go to a jail (Kiothi) or stay on the board (Kisolo).
    has_jails: bool
    has_nki: bool
    #: A sowing names how many pieces it lifts (Kiothi's partial lifting).
    counts_lifted: bool
    #: Turns 1 and 2 are an opening redistribution (Kiothi).
    has_opening: bool
    #: A capture can be a move of its own (Kisolo's turn-start capture of a column).
    capture_moves: bool
    #: Which cell a relay lifts after a lap ends in an occupied one: the one after it
    #: (Kisolo's pussa kanawa) or the landing cell itself (Kiothi), and the rule's name.
    relay_lifts: str
    relay_rule: str
    #: Why a finished game ended (the ``reason`` of docs/rules.md), by result.
    end_reasons: Mapping[str, tuple[str, ...]]
    #: Rule options: where docs/rules.md marks a **Reading** that changes play, the other
    #: reading, and the relay the lessons contrast with pussa kanawa. Each maps to its
    #: allowed values, docs/rules.md's own choice first (the default). A position or a record
    #: names an option only when it is not the default, so every default position reads
    #: exactly as docs/rules.md writes it.
    options: Mapping[str, tuple[str | bool, ...]] = field(default_factory=dict)

    def default_variant(self) -> dict[str, int | bool]:
        return {option: values[0] for option, values in self.variants.items()}

    def default_options(self) -> dict[str, str | bool]:
        return {option: values[0] for option, values in self.options.items()}

    def check_options(self, given: Mapping[str, Any], error: type[Exception]) -> Options:
        """Every rule option, ``given`` ones checked (an exact type and an allowed value),
        the others at their default."""
        options: dict[str, str | bool] = self.default_options()
        for name, value in given.items():
            allowed = self.options.get(name)
            if allowed is None:
                raise error(
                    f"{shown(name)} is not a {self.name} rule option "
                    f"(options: {', '.join(self.options)})"
                )
            if not any(type(value) is type(v) and value == v for v in allowed):
                raise error(
                    f"{name} = {shown(value)}: expected one of {', '.join(map(repr, allowed))}"
                )
            options[name] = value
        return Options(options)

    def changed_options(self, options: Mapping[str, str | bool]) -> dict[str, str | bool]:
        """The options that differ from the default: what a position or record writes."""
        defaults = self.default_options()
        return {k: v for k, v in options.items() if defaults.get(k) != v}

    def board(self, **variant: Any) -> Board:
        return _BOARDS[self.name](**{**self.default_variant(), **variant})

    def sow_move(self, cell: Sequence[int], count: int | None = None) -> Move:
        """The move that sows ``cell`` (lifting ``count`` pieces where the game says how
        many; all of them by default)."""
        move: Move = {"type": "sow", "row": cell[0], "column": cell[1]}
        if self.counts_lifted:
            move["count"] = count
        return move

    def position_from(
        self, board: Sequence[Sequence[int]], to_move: str = "south", **fields: Any
    ) -> Position:
        """A position (docs/rules.md) of this game in play on ``board`` (a puzzle or a set-up):
        the default variant, and for Kiothi a turn past the opening of ``to_move``, no
        marks and empty jails unless ``fields`` (e.g. ``nki=``, ``orthodox=``) say."""
        position: Position = {"game": self.name, **self.default_variant()}
        if self.name == "kisolo":
            position["columns"] = len(board[0])
        else:
            empty = [[False] * len(board[0]) for _ in board]
            position.update(
                turn=7 if to_move == "south" else 8,
                nki=empty,
                sown=[row[:] for row in empty],
                jails={"south": 0, "north": 0},
            )
        position.update(
            to_move=to_move,
            board=[list(row) for row in board],
            status="playing",
            winner=None,
            reason=None,
        )
        position.update(fields)
        return position

    def total_pieces(self, **variant: Any) -> int:
        """How many pieces a game of this variant has from start to end."""
        v: dict[str, int | bool] = {**self.default_variant(), **variant}
        if self.name == "kisolo":
            return 4 * v["columns"] * 3
        return 2 * v["start_holes"] * 5


class Options(dict[str, "str | bool"]):
    """A game's rule options, every one of them present (Game.check_options); used
    read-only and shared between the states of a game."""

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items())))


@cache
def kisolo_board(columns: int = 7, **_: Any) -> Board:
    n = columns
    # docs/rules.md, "Kisolo: the circuits": South runs its outer row left to right, then its
    # inner row right to left; North runs its outer row right to left, then its inner row.
    south = [(3, c) for c in range(n)] + [(2, c) for c in reversed(range(n))]
    north = [(0, c) for c in reversed(range(n))] + [(1, c) for c in range(n)]
    return _board(
        "kisolo",
        4,
        n,
        ["north", "north", "south", "south"],
        ["outer", "inner", "inner", "outer"],
        {"south": tuple(south), "north": tuple(north)},
        {"south": 2, "north": 1},
    )


@cache
def kiothi_board(**_: Any) -> Board:
    # docs/rules.md, "Kiothi: the board": one circuit of all 20 bomas, shared by both players.
    circuit = tuple([(1, c) for c in range(10)] + [(0, c) for c in reversed(range(10))])
    return _board(
        "kiothi",
        2,
        10,
        ["north", "south"],
        ["", ""],
        {"south": circuit, "north": circuit},
        {"south": 1, "north": 0},
    )


_BOARDS = {"kisolo": kisolo_board, "kiothi": kiothi_board}

KISOLO = Game(
    "kisolo",
    piece="stone",
    place="hole",
    variants={"columns": (7, 6)},
    has_jails=False,
    has_nki=False,
    counts_lifted=False,
    has_opening=False,
    capture_moves=True,
    relay_lifts="next",
    relay_rule="pussa_kanawa",
    end_reasons={"won": ("inner row emptied",), "draw": ("perpetual sowing", "repetition")},
    options={
        # The relay: pussa kanawa lifts the hole after the landing hole (docs/rules.md,
        # "Kisolo: the end of a lap"); "landing": the common relay, which lifts the landing
        # hole itself, and whose mid-move capture is made from the landing hole (one hole
        # earlier).
        "relay": ("next", "landing"),
        # docs/rules.md, a reading applied across moves: the third occurrence of a position draws;
        # False: only a perpetual sowing within one move draws.
        "repetition_draw": (True, False),
        # docs/rules.md, a reading: emptying one's own inner row by sowing does not lose;
        # "loses": a player whose own move leaves their inner row empty loses at once.
        "own_row_emptied": ("plays_on", "loses"),
    },
)
KIOTHI = Game(
    "kiothi",
    piece="warrior",
    place="boma",
    variants={"start_holes": (6, 5), "orthodox": (True, False)},
    has_jails=True,
    has_nki=True,
    counts_lifted=True,
    has_opening=True,
    capture_moves=False,
    relay_lifts="landing",
    relay_rule="relay",
    end_reasons={"won": ("no legal move",), "draw": ("equal jails", "perpetual sowing")},
    options={
        # docs/rules.md, a reading: nki is marked once, after both redistributions; "after_each":
        # after each of the two (a boma North empties on turn 2 keeps South's mark).
        "nki_marking": ("after_both", "after_each"),
        # docs/rules.md, a reading: lifting from a boma releases it; "drop": also any
        # sowing that drops a warrior into it.
        "nki_release": ("lift", "drop"),
        # docs/rules.md, a reading: a sowing that would never end is illegal;
        # "draw": it may be played and ends the game at once in a draw.
        "perpetual": ("illegal", "draw"),
    },
)
GAME_LIST = (KISOLO, KIOTHI)


def game(name: Any) -> Game:
    """The Game called ``name`` ("kisolo" or "kiothi")."""
    for g in GAME_LIST:
        if name == g.name and isinstance(name, str):
            return g
    raise ValueError(
        f"game = {shown(name)}: expected one of {', '.join(repr(g.name) for g in GAME_LIST)}"
    )


def board_of(position: Mapping[str, Any]) -> Board:
    """The board of a position (docs/rules.md) (its game and variant)."""
    g = game(position["game"])
    return g.board(**{k: position[k] for k in g.variants if k in position})


__all__ = [
    "Board",
    "Cell",
    "GAME_LIST",
    "Game",
    "KIOTHI",
    "KISOLO",
    "Options",
    "board_of",
    "game",
    "other",
]
