"""The plausible wrong answers to a lesson's questions, and what each one points to.

A teacher reading the marks wants more than "7 of 30 got it wrong": which wrong answer
they gave, and what belief it shows. For each question of a lesson this module works
out, from the move itself (its trace), the answers a student would give by making one
known mistake, each with the misconception in the teacher's words::

    >>> from mancala_widgets.lessons import load_lesson
    >>> step = load_lesson("pussa-kanawa").steps[2]      # "which hole will pussa kanawa lift?"
    >>> [(w.answer, w.key) for w in wrong_answers(step, "kisolo")][:1]
    [([[3, 2]], 'lifted_landing_kisolo')]
    >>> misconception(step, "kisolo", [[3, 2]], "en")[:40]
    'Lifted the landing hole: that is the rel'

The mistakes are those of the rules, not of the lesson's wording: counting one hole too
few or too many, lifting the landing hole instead of the one after it, forgetting the
capturing warrior, the outer hole or the sweep, keeping a released nki mark. A choice
question's other options each get a text too: the lesson's own (``predict.misconceptions``
in the lesson file) or one that fits every lesson. The texts are in the catalogue's
``misconceptions`` section.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..lessons import Step, best_score, is_right, localized, move_cell
from ..rules import load_position
from ..rules.game import Board, board_of
from ..rules.game import game as game_of
from ..text import tr


@dataclass(frozen=True)
class Wrong:
    """One plausible wrong answer, and the catalogue key of what it points to."""

    answer: Any
    key: str
    #: The lesson's own words for it (a choice question's ``misconceptions``), if any.
    text: dict | None = None

    def words(self, locale: str) -> str:
        if self.text is not None:
            return localized(self.text, locale)
        return tr(locale, f"misconceptions.{self.key}")


def _cells(answer: Any) -> list[list[int]]:
    return sorted([list(c) for c in answer])


def _cell(c: Sequence[int]) -> tuple[int, int]:
    return (c[0], c[1])


def _prev_in_lap(trace: Sequence[dict], lap: int) -> list[int] | None:
    """The cell that got the second-to-last piece of ``lap`` (or the lifted cell)."""
    sown = [c for e in trace if e["kind"] == "sow" and e["lap"] == lap for c in e["cells"]]
    if len(sown) >= 2:
        return list(sown[-2])
    lifts = [e for e in trace if e["kind"] == "lift" and e.get("lap") == lap]
    return list(lifts[0]["cell"]) if lifts else None


def _landing(step: Step, game: str, board: Board, mover: str) -> list[Wrong]:
    trace: list[Any] = step.trace
    ends = [e for e in trace if e["kind"] == "lap_end"]
    landing = ends[0]["cell"]
    out = []
    capture_move = step.move is not None and step.move["type"] == "capture"
    kind = f"{'capture_' if capture_move else ''}{game}"
    before = _prev_in_lap(trace, 1)
    if before is not None and before != landing:
        out.append(Wrong([before], f"landing_short_{kind}"))
    after = list(board.next(mover, _cell(landing)))
    out.append(Wrong([after], f"landing_far_{kind}"))
    last = ends[-1]["cell"]
    if len(ends) > 1 and last not in (landing, before, after):
        out.append(Wrong([last], f"landing_whole_move_{game}"))
    return out


def _lifted(step: Step, game: str, board: Board, mover: str) -> list[Wrong]:
    relay = next(
        e for e in step.trace if e["kind"] == "lift" and e["rule"] in ("pussa_kanawa", "relay")
    )
    cell = relay["cell"]
    if game_of(game).relay_lifts == "next":  # pussa kanawa: the hole after the landing
        landing = relay["landing"]
        beyond = list(board.next(mover, _cell(cell)))
        return [Wrong([landing], "lifted_landing_kisolo"), Wrong([beyond], "lifted_far_kisolo")]
    after = list(board.next(mover, _cell(cell)))
    return [Wrong([after], "lifted_next_kiothi")]


def _capture(step: Step, game: str, board: Board, mover: str) -> list[Wrong]:
    answer = step.predict["answer"] if step.predict else []
    trace = step.trace
    if not answer:
        none = [e for e in trace if e["kind"] == "no_capture"]
        if none:
            return [Wrong([none[-1]["opposite"]], f"capture_none_{none[-1]['why']}")]
        last = [e for e in trace if e["kind"] == "lap_end"][-1]["cell"]
        facing = board.opposite(_cell(last))
        return [Wrong([list(facing)], f"capture_none_{game}")] if facing else []
    taken = answer[0]
    facts = game_of(game)
    out = [Wrong([], f"capture_missed_{game}")]
    if facts.has_nki and step.start["nki"][taken[0]][taken[1]]:
        out[0] = Wrong([], "capture_missed_released")
    owner = board.owner(_cell(taken))
    for row in board.rows_of(owner):  # the outer hole behind the captured inner one
        if board.row_kind[row] == "outer":
            out.append(Wrong([[row, taken[1]]], f"capture_outer_{game}"))
    ends = [e for e in trace if e["kind"] == "lap_end"]
    # Captured pieces that go to a jail end the move (they are not sown on), so the
    # capture is made where the last lap ends, never at an earlier lap's end.
    if facts.has_jails and len(ends) > 1:
        facing = board.opposite(_cell(ends[0]["cell"]))
        if facing is not None and list(facing) != taken:
            out.append(Wrong([list(facing)], f"capture_first_lap_{game}"))
    return out


def _protected(step: Step, game: str, board: Board, mover: str) -> list[Wrong]:
    answer = _cells(step.predict["answer"] if step.predict else [])
    trace = step.trace
    released = [e["cell"] for e in trace if e["kind"] == "nki_release"]
    out = []
    if released:
        out.append(Wrong(_cells(answer + released), "protected_kept_lifted"))
    sown = {tuple(c) for e in trace if e["kind"] == "sow" for c in e["cells"]}
    marked = {tuple(c) for c in answer}
    gained = sorted(set(sown) - marked - {tuple(c) for c in released})
    if gained:
        out.append(Wrong(_cells(answer + [list(c) for c in gained]), "protected_sown_marks"))
    passed = [c for c in answer if tuple(c) in sown]
    if passed:
        out.append(Wrong(_cells([c for c in answer if tuple(c) not in sown]), "protected_passed"))
    return out


def _number(step: Step, game: str, board: Board, mover: str) -> list[Wrong]:
    predict = step.predict or {}
    of, answer, trace = predict.get("of"), predict.get("answer", 0), step.trace
    answer = int(answer)
    out: list[Wrong] = []
    if of == "captured":
        captures = [e for e in trace if e["kind"] == "capture"]
        triples = [e for e in trace if e["kind"] == "leftmost_triple"]
        taken = sum(e["count"] for e in triples if e["taken"])
        if game_of(game).has_jails:  # the capturing piece goes to the jail too
            out.append(Wrong(answer - len(captures), "captured_forgot_warrior"))
            if taken:
                out.append(Wrong(answer - taken, "captured_no_triple"))
            for e in triples:
                if not e["taken"]:
                    extra = sum(c["count"] for c in e["cells"])
                    out.append(Wrong(answer + extra, f"captured_triple_{e['why']}"))
        else:
            first = captures[0]["from"]
            if len(first) > 1:
                out.append(Wrong(first[0][2], "captured_inner_only"))
            if len(captures) > 1:
                out.append(Wrong(captures[0]["count"], "captured_first_only"))
    elif of == "laps":
        out.append(Wrong(answer - 1, "laps_relays"))
        out.append(Wrong(answer + 1, f"laps_one_more_{game}"))
    elif of == "nki":
        if step.move is not None and step.move["type"] == "redistribute":
            for row, side in ((0, "north"), (1, "south")):
                filled = sum(1 for c in range(10) if step.after and step.after["board"][row][c])
                out.append(Wrong(filled, f"nki_one_row_{side}"))
            out.append(Wrong(len(step.move["place"]), "nki_placed_only"))
        else:
            before = sum(map(sum, step.start["nki"]))
            out.append(Wrong(before, "nki_kept_lifted"))
    elif of == "count":
        out.extend(_count(step))
    elif of == "margin":
        end = next(e for e in trace if e["kind"] == "game_end")
        swept: dict[str, int] = {"south": 0, "north": 0}
        for s in end.get("sweep") or []:
            swept[s["jail"]] += s["count"]
        jails: dict[str, int] = {k: v for k, v in end["jails"].items()}
        before = abs((jails["south"] - swept["south"]) - (jails["north"] - swept["north"]))
        out.append(Wrong(before, "margin_no_sweep"))
        if any(swept.values()):
            to = "north" if swept["south"] else "south"
            other = "south" if to == "north" else "north"
            total = swept["south"] + swept["north"]
            wrong = abs((jails[to] - swept[to] + total) - (jails[other] - swept[other]))
            out.append(Wrong(wrong, "margin_sweep_to_stuck"))
    return out


def _choice(step: Step, game: str, board: Board, mover: str) -> list[Wrong]:
    predict = step.predict or {}
    own = predict.get("misconceptions") or {}
    out = []
    for option in predict.get("options") or []:
        if option != predict.get("answer"):
            key = f"choice_{predict['of']}_{option}_{game}"
            out.append(Wrong(option, key, own.get(option)))
    return out


def _best(step: Step, game: str, board: Board, mover: str) -> list[Wrong]:
    """Which move is best: the biggest capture, a move that does not win when one
    does, the move that gives least back; each by the hole a student clicks."""
    from ..players import effect

    state = load_position(step.start)
    by_cell: dict[tuple, tuple] = {}
    for m in state.legal_moves():
        score, e = best_score(state, m), effect(state, m)
        cell = tuple(move_cell(m, mover))
        if cell not in by_cell or score > by_cell[cell][0]:
            by_cell[cell] = (score, e)
    out: list[Wrong] = []
    cells = sorted(by_cell)
    if any(by_cell[c][1]["wins"] for c in cells):
        out.extend(Wrong([list(c)], "best_missed_win") for c in cells)
    else:
        biggest = max(cells, key=lambda c: by_cell[c][1]["gain"])
        out.append(Wrong([list(biggest)], "best_biggest"))
        safest = min(cells, key=lambda c: (by_cell[c][1]["threat"], -by_cell[c][1]["gain"]))
        out.append(Wrong([list(safest)], "best_too_careful"))
    return out


def _count(step: Step) -> list[Wrong]:
    move = step.move or {}
    answer = int((step.predict or {}).get("answer", 0))
    held = step.start["board"][move["row"]][move["column"]]
    out = [Wrong(held, "count_all")]
    out.extend(Wrong(k, "count_off_by_one") for k in (answer - 1, answer + 1) if 1 <= k <= held)
    return out


_KINDS = {
    "landing": _landing,
    "lifted": _lifted,
    "capture": _capture,
    "protected": _protected,
    "number": _number,
    "choice": _choice,
    "best": _best,
}


def wrong_answers(step: Step, game: str) -> list[Wrong]:
    """The plausible wrong answers to ``step``'s question, each with its misconception
    (none for a step without a question). Each one differs from the right answer and
    from the others."""
    if step.predict is None:
        return []
    board = board_of(step.start)
    mover = step.start["to_move"]
    seen: list[Any] = []
    out = []
    for wrong in _KINDS[step.predict["ask"]](step, game, board, mover):
        answer = wrong.answer
        if isinstance(answer, int) and answer < 0:
            continue
        if is_right(step.predict, answer) or answer in seen:
            continue
        seen.append(answer)
        out.append(wrong)
    return out


def misconception(step: Step, game: str, given: Any, locale: str) -> str | None:
    """What the wrong answer ``given`` to ``step`` points to, if it is a known mistake."""
    if step.predict is None or is_right(step.predict, given):
        return None
    key = _cells(given) if isinstance(given, list) else given
    for wrong in wrong_answers(step, game):
        answer = _cells(wrong.answer) if isinstance(wrong.answer, list) else wrong.answer
        if answer == key:
            return wrong.words(locale)
    return None


__all__ = ["Wrong", "misconception", "wrong_answers"]
