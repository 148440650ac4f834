"""How good a position is for a player: what search scores its leaves with."""

from __future__ import annotations

from ..rules import State

WIN = 10_000.0


def evaluate(state: State, player: int) -> float:
    """How good ``state`` is for ``player`` (0 south, 1 north): higher is better."""
    if state.status != "playing":
        if state.winner is None:
            return 0.0
        return WIN if state.winner == player else -WIN
    if state.GAME.has_jails:
        return _evaluate_jails(state, player)
    return _evaluate_on_board(state, player)


def _evaluate_on_board(state: State, player: int) -> float:
    """A game without stores (Kisolo): the stones each side holds decide it; stones in
    the inner (facing) row are the ones at risk and the ones that capture, so an
    empty-ish opponent inner row is worth a little more."""
    b, facing = state.board, state.facing()
    their_inner = sum(1 for h in state.own_cells(1 - player) if facing[h] >= 0 and b[h])
    return float(state.holdings(player) - state.holdings(1 - player)) - 0.5 * their_inner


def _evaluate_jails(state: State, player: int) -> float:
    """A game with jails (Kiothi): the jails decide it; warriors on your own row are
    yours to sow; warriors not nki facing an empty boma, where an opposing sowing
    could end, could be captured."""
    b, nki, facing = state.board, state.protected(), state.facing()
    jails = state.holdings(player) - state.holdings(1 - player)
    on_row, exposed = [0, 0], [0, 0]  # the player's, the opponent's
    for side, q in enumerate((player, 1 - player)):
        for h in state.own_cells(q):  # one plain loop: search evaluates every leaf
            v = b[h]
            if v:
                on_row[side] += v
                if not nki[h] and not b[facing[h]]:
                    exposed[side] += v
    return 4.0 * jails + 0.5 * (on_row[0] - on_row[1]) + 1.0 * (exposed[1] - exposed[0])
