"""Every conformance case of shared/vectors runs here (the external check of docs/rules.md)."""

import json
from pathlib import Path

import pytest

from mancala_widgets.rules import IllegalMoveError, apply_move, legal_moves, play

from helpers import needs_shared, replay_trace, shared_dir

HERE = Path(__file__).parent / "vectors"
SHARED = shared_dir() / "vectors" if shared_dir() else None
FILES = sorted(HERE.glob("*.json"))
CASES = [(f.stem, case) for f in FILES for case in json.loads(f.read_text())]


def canonical(moves):
    return sorted(json.dumps(m, sort_keys=True) for m in moves)


def test_both_games_have_vectors():
    assert {stem for stem, _ in CASES} == {"kisolo", "kiothi"}
    assert len(CASES) >= 30


@needs_shared
def test_copies_match_shared_vectors():
    assert SHARED is not None and SHARED.is_dir(), (
        "CI must check the copies against shared/vectors, but shared/ is not beside the "
        "clone (set MANCALA_SHARED to its folder)"
    )
    shared = sorted(p.name for p in SHARED.glob("*.json"))
    assert shared == [f.name for f in FILES], "a vector file was added or removed upstream"
    for f in FILES:
        assert json.loads(f.read_text()) == json.loads((SHARED / f.name).read_text()), (
            f"tests/vectors/{f.name} differs from shared/vectors: copy it again"
        )


@pytest.mark.parametrize("case", [c for _, c in CASES], ids=[c["name"] for _, c in CASES])
def test_vector(case):
    before = json.dumps(case["position"], sort_keys=True)
    if "legal" in case:
        assert canonical(legal_moves(case["position"])) == canonical(case["legal"])
    if "error" in case["expect"]:
        assert case["expect"]["error"] == "illegal"
        with pytest.raises(IllegalMoveError):
            apply_move(case["position"], case["move"])
    else:
        after, trace = play(case["position"], case["move"])
        assert after == case["expect"]["position"], case["explain"]
        assert replay_trace(case["position"], trace) == after
        json.dumps(trace)  # events are JSON-serialisable
    assert json.dumps(case["position"], sort_keys=True) == before, "input was mutated"
