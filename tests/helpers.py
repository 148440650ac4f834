"""Test helpers: an independent trace interpreter and a random-move chooser."""

from __future__ import annotations

import copy
import os
import random
from pathlib import Path

from mancala_widgets.rules import KiothiState, KisoloState


def replay_trace(before: dict, trace: list[dict]) -> dict:
    """Rebuild the position after a move from the position before and the
    move's events alone, checking every event against the board as it goes.

    This is written independently of the engine: if the trace lacks anything
    the front end needs to animate the move, the rebuilt position differs."""
    p = copy.deepcopy(before)
    board = p["board"]
    hand = 0  # pieces in the player's hand, between a lift and the drops
    kiothi = p["game"] == "kiothi"
    for ev in trace:
        kind = ev["kind"]
        at = ev.get("cell")
        if kind == "lift":
            r, c = at
            assert board[r][c] >= ev["count"] > 0, ev
            if not kiothi or ev["rule"] != "sow":
                assert board[r][c] == ev["count"], f"a lift takes every piece: {ev}"
            board[r][c] -= ev["count"]
            hand += ev["count"]
        elif kind == "sow":
            holes = ev["cells"]
            assert len(holes) == hand, f"sowing {len(holes)} with {hand} in hand"
            for r, c in holes:
                board[r][c] += 1
                if kiothi:
                    p["sown"][r][c] = True
            hand = 0
        elif kind == "capture" and ev["into"] == "sow":
            for r, c, n in ev["from"]:
                assert board[r][c] == n, ev
                board[r][c] = 0
                hand += n
            assert hand == ev["count"], ev
        elif kind == "capture":
            ((r, c, n),) = ev["from"]
            lr, lc = ev["cell"]
            assert board[r][c] == n and board[lr][lc] == 1, ev
            board[r][c] = board[lr][lc] = 0
            p["jails"][ev["jail"]] += ev["count"]
            assert ev["count"] == n + 1
        elif kind == "leftmost_triple":
            if ev["taken"]:
                for b in ev["cells"]:
                    r, c = b["cell"]
                    assert board[r][c] == b["count"] > 0 and not p["nki"][r][c], ev
                    board[r][c] = 0
                p["jails"][ev["jail"]] += ev["count"]
        elif kind == "place":
            r, c = ev["cell"]
            board[r][c] += ev["count"]
            hand -= ev["count"]
        elif kind == "nki_release":
            r, c = ev["cell"]
            assert p["nki"][r][c], ev
            p["nki"][r][c] = False
        elif kind == "nki_mark":
            marked = {tuple(x) for x in ev["cells"]}
            full = {(r, c) for r in range(2) for c in range(10) if board[r][c]}
            # Marks made earlier stay (only nki_marking="after_each" marks before turn 2).
            kept = {(r, c) for r in range(2) for c in range(10) if p["nki"][r][c]}
            assert marked == full | kept, "nki marks the bomas holding warriors"
            for r, c in marked:
                p["nki"][r][c] = True
        elif kind == "laps_skipped":
            p["board"] = board = copy.deepcopy(ev["board"])
            if kiothi:
                p["nki"], p["sown"] = copy.deepcopy(ev["nki"]), copy.deepcopy(ev["sown"])
            hand = 0
        elif kind in ("lap_end", "no_capture"):
            if kind == "lap_end":
                r, c = at
                assert board[r][c] >= 1, ev
        elif kind == "turn_end":
            p["to_move"] = ev["to_move"]
        elif kind == "game_end":
            for s in ev.get("sweep", []):
                r, c = s["cell"]
                assert board[r][c] == s["count"], s
                board[r][c] = 0
                p["jails"][s["jail"]] += s["count"]
            p["status"], p["winner"], p["reason"] = ev["status"], ev["winner"], ev["reason"]
        else:
            raise AssertionError(f"unknown event kind {kind!r}")
    assert hand == 0, "every lifted piece was put down"
    p["to_move"] = "north" if before["to_move"] == "south" else "south"
    if kiothi:
        p["turn"] = before["turn"] + 1
    return p


def shared_dir() -> Path | None:
    """The team's shared/ folder (the conformance vectors): $MANCALA_SHARED, or shared/ beside
    the clone or beside one of its parent folders."""
    if os.environ.get("MANCALA_SHARED"):
        return Path(os.environ["MANCALA_SHARED"])
    for folder in Path(__file__).resolve().parents[1].parents:
        if (folder / "shared" / "vectors").is_dir():
            return folder / "shared"
    return None


#: Tests against shared/ run wherever it is found, and must find it in CI.
needs_shared = __import__("pytest").mark.skipif(
    shared_dir() is None and os.environ.get("CI") != "true",
    reason="shared/ (the conformance vectors) sits beside the clone in CI and on the team's "
    "machines; a user's clone has only the copies",
)


def random_move(state, rnd: random.Random) -> dict:
    """A random legal move; in Kiothi's opening with a random placement."""
    moves = state.legal_moves()
    move = dict(rnd.choice(moves))
    if move["type"] == "redistribute":
        total = sum(state.board[r * 10 + c] for r, c in move["lift"])
        bomas = rnd.sample(range(20), rnd.randint(1, min(total, 20)))
        counts = [1] * len(bomas)
        for _ in range(total - len(bomas)):
            counts[rnd.randrange(len(bomas))] += 1
        move["place"] = [[h // 10, h % 10, n] for h, n in zip(bomas, counts, strict=True)]
    return move


VARIANTS = [
    ("kisolo", {"columns": 7}),
    ("kisolo", {"columns": 6}),
    ("kiothi", {"start_holes": 6, "orthodox": True}),
    ("kiothi", {"start_holes": 6, "orthodox": False}),
    ("kiothi", {"start_holes": 5, "orthodox": True}),
    ("kiothi", {"start_holes": 5, "orthodox": False}),
]


#: One game per rule option's other value (rules/game.py, Game.options), on a variant.
OPTION_VARIANTS = [
    ("kisolo", {"columns": 7, "relay": "landing"}),
    ("kisolo", {"columns": 6, "relay": "landing", "own_row_emptied": "loses"}),
    ("kisolo", {"columns": 7, "own_row_emptied": "loses"}),
    ("kisolo", {"columns": 6, "repetition_draw": False}),
    ("kiothi", {"start_holes": 6, "orthodox": True, "nki_marking": "after_each"}),
    ("kiothi", {"start_holes": 5, "orthodox": True, "nki_release": "drop"}),
    ("kiothi", {"start_holes": 6, "orthodox": False, "perpetual": "draw"}),
    ("kiothi", {"start_holes": 6, "orthodox": False, "nki_release": "drop", "perpetual": "draw"}),
]


def variant_id(v) -> str:
    game, variant = v
    return game + "-" + "-".join(f"{k}={val}" for k, val in variant.items())


def total_pieces(position: dict) -> int:
    n = sum(map(sum, position["board"]))
    if position["game"] == "kiothi":
        n += position["jails"]["south"] + position["jails"]["north"]
    return n


__all__ = [
    "KiothiState",
    "KisoloState",
    "OPTION_VARIANTS",
    "VARIANTS",
    "needs_shared",
    "random_move",
    "replay_trace",
    "shared_dir",
    "total_pieces",
    "variant_id",
]


#: Words that stay as they are in a Swahili text: the games and their own words, names,
#: units, programs and file formats.
SWAHILI_LATIN_OK = {
    "kisolo", "kiothi", "cisolo", "pussa", "kanawa", "nki", "boma", "makombo", "njodthie",
    "mod", "python", "pyodide", "jupyter", "jupyterlab", "json", "csv", "elo", "mb", "mm",
    "letter", "wi", "fi", "meru", "kimeru", "kenya", "lulua", "luba", "songye", "mancala", "kasai",
    "widgets", "pdf", "html", "world",
}  # fmt: skip


def _english_vocabulary() -> frozenset[str]:
    """Every word of the English texts (catalogue and lessons): a Swahili text that
    holds one has let English through (Swahili and English share no such word)."""
    import json
    import re

    from mancala_widgets.lessons import available_lessons
    from mancala_widgets.text import catalogue

    def texts(value):
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            for k, v in value.items():
                if k not in ("ko", "sw", "fr"):
                    yield from texts(v)
        elif isinstance(value, list):
            for v in value:
                yield from texts(v)

    root = Path(__file__).resolve().parents[1] / "mancala_widgets" / "lessons"
    sources = [catalogue("en")] + [
        json.loads((root / f"{i}.json").read_text(encoding="utf-8")) for i in available_lessons()
    ]
    words = {w.lower() for s in sources for t in texts(s) for w in re.findall(r"[A-Za-z]{2,}", t)}
    return frozenset(words - SWAHILI_LATIN_OK)


_ENGLISH: list[frozenset[str]] = []


def english_in_swahili(text: str) -> list[str]:
    """The English words in a Swahili text; data shown as data (a move in braces, a
    quotation) and the catalogue's agreement marks are left out."""
    import re

    from mancala_widgets.text.swahili import MARK

    if not _ENGLISH:
        _ENGLISH.append(_english_vocabulary())
    text = re.sub(r"\{[^{}]*\}", "", MARK.sub("", text))
    text = re.sub(r"“[^”]*”|\"[^\"]*\"|‘[^’]*’", "", text)
    return [w for w in re.findall(r"[A-Za-z]{2,}", text) if w.lower() in _ENGLISH[0]]
