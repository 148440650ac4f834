"""A student's player as code: taken from the notebook into the hand-in, and loaded back
by the teacher for a class tournament.

In the lesson notebook (08-program-a-player), after the player's cell::

    classroom.keep_player(MySearch)     # kept in the workbook: Hand in takes it along

or from Python, ``classroom.hand_in(work, player=MySearch, student="Mbuyi", path=...)``.
What is kept is the *source* of the cell (or file) that defines the player: keep the
player, its imports and its helpers in one cell. The teacher::

    players = classroom.players_from("hand-ins/")      # files, folders, uploads, dicts
    players.problems                                   # (file, why) for each one refused
    tournament(players, seed=1)                        # a dict of student: player

**Loading a player runs the student's code**, with everything a program on this computer
may do (files, the network where there is one), as running their notebook would. Load
only hand-ins from your own class, and read a file first if in doubt: the code is in
its ``players`` list as text. A player whose code has a syntax error, stops with an
error while it loads, defines no player, or cannot make a first move from the start of
the game is refused with its reason; the others are loaded. Pyodide has no threads, so
code that loops for ever while it loads cannot be stopped: the kernel must be
restarted.
"""

from __future__ import annotations

import ast
import builtins
import inspect
import linecache
import types
from collections.abc import Callable
from typing import Any

from ..rules import new_state
from ..rules.common import check_text, shown_json
from ..text import check_locale, tr
from .inbox import MarkingError, hand_ins_given, name_key, read_hand_in
from .work import WorkError, current, now

#: The most characters of code one player may hand in (a lesson's player is 50 lines).
SOURCE_MAX = 200_000
KEY = "player:1"


class PlayerCodeError(WorkError):
    """A player whose code cannot be handed in; says why, in the notebook's language."""


def _t(locale: str, key: str, **fields: Any) -> str:
    return tr(locale, f"player_code.{key}", **fields)


def player_code(player: Any, locale: str = "en") -> dict[str, Any]:
    """What a hand-in keeps of ``player`` (a class with ``choose``, an object of one, a
    function ``choose(state)``, or the code as text): the code of the cell or file
    that defines it, and which name in it is the player.

    >>> code = player_code('''
    ... class First:
    ...     name = "first"
    ...     def choose(self, state):
    ...         return state.legal_moves()[0]
    ... ''')
    >>> code["entry"], code["kind"], code["name"]
    ('First', 'class', 'First')
    """
    check_locale(locale)
    if isinstance(player, str):
        source = player
        entry, kind = _entry_in(source, locale)
        name = entry
    else:
        if isinstance(player, type) or inspect.isfunction(player):
            defined = player
        elif callable(getattr(player, "choose", None)):
            defined = type(player)
        else:
            raise PlayerCodeError(_t(locale, "not_a_player", what=_shown(player)))
        entry, kind = defined.__name__, "function" if inspect.isfunction(defined) else "class"
        module = getattr(defined, "__module__", None) or ""
        if module == "mancala_widgets" or module.startswith("mancala_widgets."):
            raise PlayerCodeError(_t(locale, "package_player", entry=entry))
        if kind == "class" and not callable(getattr(defined, "choose", None)):
            raise PlayerCodeError(_t(locale, "not_a_player", what=entry))
        source = _source_of(defined, locale)
        own = getattr(player, "name", None)
        name = own.strip() if isinstance(own, str) and own.strip() else entry
        _entry_in(source, locale, entry)  # the code found defines it at its top level
    check_text(source, "source", PlayerCodeError, most=SOURCE_MAX)
    return {"name": name[:120], "entry": entry, "kind": kind, "source": source}


def _shown(value: Any) -> str:
    return type(value).__name__


def _source_of(defined: Any, locale: str) -> str:
    """The whole cell (or file) where ``defined`` was written. A notebook's cells are
    files of their own for Python's tracebacks, and their code stays in the line cache;
    a class is found through the functions written in it."""
    functions = [defined] if inspect.isfunction(defined) else []
    for value in vars(defined).values() if not functions else ():
        value = getattr(value, "__func__", value)  # a staticmethod or classmethod
        if inspect.isfunction(value):
            functions.append(value)
    for f in functions:
        filename = f.__code__.co_filename
        lines = linecache.getlines(filename)
        if lines:
            return "".join(lines)
    try:
        return inspect.getsource(defined)
    except (OSError, TypeError):
        raise PlayerCodeError(_t(locale, "no_source", entry=defined.__name__)) from None


def _entry_in(source: str, locale: str, entry: str | None = None) -> tuple[str, str]:
    """The player defined at the top level of ``source``: ``entry`` if given, else the
    last class with a ``choose`` method, else a function called ``choose``."""
    try:
        tree = ast.parse(source)
    except SyntaxError as e:
        raise PlayerCodeError(
            _t(locale, "syntax", line=e.lineno or 0, error=e.msg or "?")
        ) from None
    classes = [
        node.name
        for node in tree.body
        if isinstance(node, ast.ClassDef)
        and any(
            isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) and f.name == "choose"
            for f in node.body
        )
    ]
    functions = [node.name for node in tree.body if isinstance(node, ast.FunctionDef)]
    every = {node.name for node in tree.body if isinstance(node, (ast.ClassDef, ast.FunctionDef))}
    if entry is not None:
        if entry not in every:
            raise PlayerCodeError(_t(locale, "no_source", entry=entry))
        return entry, "class" if entry in classes or entry not in functions else "function"
    if classes:
        return classes[-1], "class"
    if "choose" in functions:
        return "choose", "function"
    raise PlayerCodeError(_t(locale, "no_entry"))


# -- kept in the notebook's workbook ---------------------------------------------------


class KeptPlayer:
    """A player kept in the notebook's workbook: its code goes into the hand-in."""

    work_kind = "player"
    work_name: str | None = None
    in_workbook = True

    def __init__(self, code: dict[str, Any], locale: str = "en") -> None:
        self.code, self.locale = code, locale
        #: When it was kept.
        self.at = now()

    def work_key(self) -> str:
        return KEY

    def work_state(self) -> dict[str, Any]:
        return {**self.code, "at": self.at}

    def restore_work(self, state: dict) -> None:
        """The code now in the notebook is the player: saved code is not brought back."""

    def __repr__(self) -> str:
        lines = len(self.code["source"].splitlines())
        return _t(self.locale, "kept", entry=self.code["entry"], lines=lines)


def keep_player(player: Any, locale: str | None = None) -> KeptPlayer:
    """Keep ``player``'s code in this notebook's work, for the hand-in. Run again with
    a changed player, it keeps the new code (one player a notebook)."""
    book = current()
    loc = locale or (book.locale if book is not None else "en")
    code = player_code(player, loc)
    if book is None:
        raise PlayerCodeError(_t(loc, "no_workbook"))
    kept = KeptPlayer(code, loc)
    book.join(kept)
    book.changed(kept)
    return kept


# -- loaded back by the teacher --------------------------------------------------------


class HandedInPlayers(dict):
    """The class's players by name (a dict: give it to ``tournament``), with the hand-ins
    whose player could not be loaded in ``problems``: (file, why)."""

    def __init__(self, locale: str = "en") -> None:
        super().__init__()
        self.problems: list[tuple[str, str]] = []
        #: The file each player came from.
        self.files: dict[str, str] = {}
        self.locale = locale

    def _repr_html_(self) -> str:
        import html

        e = html.escape
        t = lambda key, **f: _t(self.locale, key, **f)  # noqa: E731
        parts = [f"<p>{e(t('loaded', n=len(self)))}</p><ul>"]
        parts += [f"<li>{e(name)} ({e(self.files[name])})</li>" for name in self]
        parts.append("</ul>")
        if self.problems:
            parts.append(f"<p>{e(t('refused', n=len(self.problems)))}</p><ul>")
            parts += [f"<li>{e(name)}: {e(why)}</li>" for name, why in self.problems]
            parts.append("</ul>")
        return "".join(parts)


def players_from(*sources: Any, game: str = "kisolo", locale: str = "en") -> HandedInPlayers:
    """The players handed in, by student: hand-in files, folders of them, an upload
    widget's files, bytes or dicts (as :func:`mancala_widgets.classroom.mark` takes
    them). **This runs each student's code.** Each player must make a legal first move
    from the start of ``game``; a student who handed in more than once is taken from
    the latest hand-in. The files refused, with their reasons, are in ``.problems``."""

    check_locale(locale)
    new_state(game)
    out = HandedInPlayers(locale)
    found: dict[str, tuple[str, str, list, str]] = {}  # by student: (time, name, codes, file)
    for file, source in hand_ins_given(sources):
        try:
            data = read_hand_in(file, source, locale)
            student = check_text(data.get("student"), "student", MarkingError, most=120, line=True)
        except MarkingError as e:
            out.problems.append((file, str(e)))
            continue
        codes = data.get("players")
        if not isinstance(codes, list) or not codes:
            out.problems.append((file, _t(locale, "no_players")))
            continue
        stamp = data.get("handed_in")
        when = stamp if isinstance(stamp, str) else ""
        key = name_key(student)
        if key in found:
            older, newer = sorted([found[key], (when, student, codes, file)], key=lambda x: x[0])
            out.problems.append((older[3], _t(locale, "older", student=student)))
            found[key] = newer
        else:
            found[key] = (when, student, codes, file)
    for _when, student, codes, file in found.values():
        for code in codes[:20]:
            name = student if len(codes) == 1 else f"{student} ({_entry_name(code)})"
            while name in out:
                name += "*"
            try:
                out[name] = load_player(code, game, locale, f"{file}:{_entry_name(code)}")
                out.files[name] = file
            except PlayerCodeError as e:
                out.problems.append((file, str(e)))
    return out


def _entry_name(code: Any) -> str:
    entry = code.get("entry") if isinstance(code, dict) else None
    return entry[:60] if isinstance(entry, str) else "?"


def load_player(
    code: Any, game: str = "kisolo", locale: str = "en", where: str = "<player>"
) -> Any:
    """The player of a hand-in's ``players`` entry, made by running its code, and
    checked by one move from the start of ``game``; PlayerCodeError says why not.
    **This runs the code.**"""
    t = lambda key, **f: _t(locale, key, **f)  # noqa: E731
    if (
        not isinstance(code, dict)
        or not isinstance(code.get("source"), str)
        or not isinstance(code.get("entry"), str)
        or not code["entry"].isidentifier()
        or len(code["source"]) > SOURCE_MAX
    ):
        raise PlayerCodeError(t("damaged"))
    source, entry = code["source"], code["entry"]
    filename = f"<handed in: {where[:100]}>"
    try:
        compiled = compile(source, filename, "exec")
    except (SyntaxError, ValueError) as e:
        line = getattr(e, "lineno", 0) or 0
        raise PlayerCodeError(
            t("load_syntax", line=line, error=getattr(e, "msg", str(e)))
        ) from None
    # The code's lines, for the tracebacks of its errors (in the forfeits' messages too).
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    module = types.ModuleType("handed_in_player")
    module.__dict__["__builtins__"] = builtins
    error = _run(lambda: exec(compiled, module.__dict__))
    if error:
        raise PlayerCodeError(t("load_crashed", error=error))
    made = module.__dict__.get(entry)
    if made is None:
        raise PlayerCodeError(t("load_missing", entry=entry))
    if isinstance(made, type):
        player: Any = None

        def make() -> None:
            nonlocal player
            player = made()

        error = _run(make)
        if error:
            raise PlayerCodeError(t("load_make", entry=entry, error=error))
    elif callable(made):
        from ..tournaments import FunctionPlayer

        player = FunctionPlayer(made, entry)
    else:
        raise PlayerCodeError(t("load_missing", entry=entry))
    if not callable(getattr(player, "choose", None)):
        raise PlayerCodeError(t("load_missing", entry=entry))
    _first_move(player, game, locale)
    return player


def _run(action: Callable[[], None]) -> str:
    """Run the student's ``action``; the error it stopped with, in a line, or ""."""
    try:
        action()
    except (Exception, SystemExit) as e:
        return f"{type(e).__name__}: {' '.join(str(e).split())}"[:300]
    return ""


def _first_move(player: Any, game: str, locale: str) -> None:
    state = new_state(game)
    move: Any = None

    def choose() -> None:
        nonlocal move
        move = player.choose(new_state(game))

    error = _run(choose)
    if error:
        raise PlayerCodeError(_t(locale, "trial_failed", error=error))
    try:
        state.play(move)
    except Exception:  # an illegal or malformed move
        raise PlayerCodeError(_t(locale, "trial_illegal", move=shown_json(move))) from None


__all__ = [
    "HandedInPlayers",
    "KeptPlayer",
    "PlayerCodeError",
    "keep_player",
    "load_player",
    "player_code",
    "players_from",
]
