"""Every conformance case of shared/vectors runs here (RULES.md, "Conformance vectors")."""

import json
import os
from pathlib import Path

import pytest

from mancala_widgets.rules import IllegalMoveError, apply_move, legal_moves, play
from helpers import replay_trace

HERE = Path(__file__).parent / "vectors"
def shared_vectors() -> Path | None:
    """The team's shared/vectors: $MANCALA_SHARED_VECTORS, or shared/vectors beside the
    clone (or beside one of its parent folders)."""
    if os.environ.get("MANCALA_SHARED_VECTORS"):
        return Path(os.environ["MANCALA_SHARED_VECTORS"])
    for folder in Path(__file__).resolve().parents[1].parents:
        if (folder / "shared" / "vectors").is_dir():
            return folder / "shared" / "vectors"
    return None


SHARED = shared_vectors()
FILES = sorted(HERE.glob("*.json"))
CASES = [(f.stem, case) for f in FILES for case in json.loads(f.read_text())]


def canonical(moves):
    return sorted(json.dumps(m, sort_keys=True) for m in moves)


def test_both_games_have_vectors():
    assert {stem for stem, _ in CASES} == {"kisolo", "kiothi"}
    assert len(CASES) >= 30


@pytest.mark.skipif(SHARED is None and os.environ.get("CI") != "true",
                    reason="shared/vectors sits beside the clone in CI and on the team's "
                    "machines; a user's clone has only the copies")
def test_copies_match_shared_vectors():
    assert SHARED is not None and SHARED.is_dir(), (
        "CI must check the copies against shared/vectors, but it is not beside the clone "
        "(set MANCALA_SHARED_VECTORS to its folder)")
    shared = sorted(p.name for p in SHARED.glob("*.json"))
    assert shared == [f.name for f in FILES], "a vector file was added or removed upstream"
    for f in FILES:
        assert json.loads(f.read_text()) == json.loads((SHARED / f.name).read_text()), (
            f"tests/vectors/{f.name} differs from shared/vectors: copy it again")


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
