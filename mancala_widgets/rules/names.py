"""Human-readable names and narration, kept in one place.

Holes and bomas are numbered from their owner's own left, starting at 1, the
way a player sitting at that side of the board would count them.

>>> hole_name("kisolo", [2, 0], columns=7)
"South's inner hole 1"
>>> hole_name("kisolo", [1, 0], columns=7)   # North counts from the other end
"North's inner hole 7"
>>> hole_name("kiothi", [0, 9])
"North's boma 1"
>>> move_name("kiothi", {"type": "sow", "row": 1, "column": 9, "count": 2}, "south")
"South lifts 2 from South's boma 10"
"""

from __future__ import annotations

from .common import PLAYERS

PLAYER_NAMES = {"south": "South", "north": "North"}
KISOLO_ROWS = {0: ("north", "outer"), 1: ("north", "inner"), 2: ("south", "inner"),
               3: ("south", "outer")}


def player_name(player: str) -> str:
    return PLAYER_NAMES[player]


def own_number(game: str, cell, columns: int = 7) -> int:
    """The 1-based number of a hole or boma counted from its owner's left."""
    r, c = cell
    if game == "kisolo":
        return c + 1 if KISOLO_ROWS[r][0] == "south" else columns - c
    return c + 1 if r == 1 else 10 - c


def owner(game: str, cell) -> str:
    r = cell[0]
    if game == "kisolo":
        return KISOLO_ROWS[r][0]
    return "south" if r == 1 else "north"


def hole_name(game: str, cell, columns: int = 7) -> str:
    """"South's inner hole 3" (Kisolo) or "North's boma 2" (Kiothi)."""
    who = PLAYER_NAMES[owner(game, cell)]
    n = own_number(game, cell, columns)
    if game == "kisolo":
        return f"{who}'s {KISOLO_ROWS[cell[0]][1]} hole {n}"
    return f"{who}'s boma {n}"


def move_name(game: str, move: dict, player: str, columns: int = 7) -> str:
    """A move in words, from the mover's point of view."""
    who = PLAYER_NAMES[player]
    kind = move.get("type")
    if kind == "capture":
        inner_row = 1 if player == "south" else 2
        their = hole_name("kisolo", [inner_row, move["column"]], columns)
        return f"{who} captures from {their} and the outer hole behind it"
    if kind == "sow" and game == "kisolo":
        return f"{who} sows {hole_name(game, [move['row'], move['column']], columns)}"
    if kind == "sow":
        return (f"{who} lifts {move['count']} from "
                f"{hole_name(game, [move['row'], move['column']])}")
    if kind == "redistribute":
        lifted = " and ".join(hole_name(game, c) for c in move["lift"])
        return f"{who} empties {lifted} and places the warriors"
    return f"{who} plays {move!r}"


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def narrate(game: str, event: dict, columns: int = 7) -> str:
    """One sentence for one trace event, naming the rule it applies."""
    name = (lambda cell: hole_name(game, cell, columns))
    piece = "stone" if game == "kisolo" else "warrior"
    kind = event["kind"]
    if kind == "lift":
        rule = event["rule"]
        where = name(event.get("hole") or event.get("boma"))
        if rule == "pussa_kanawa":
            return (f"Pussa kanawa: the hole after the landing hole, {where}, is lifted: "
                    f"{_count(event['count'], piece)} to sow on.")
        if rule == "relay":
            return f"Relay: all {_count(event['count'], piece)} of {where} are lifted and sown on."
        if rule == "opening_redistribution":
            return f"Opening redistribution: all {_count(event['count'], piece)} of {where} are lifted."
        if event.get("partial"):
            return (f"Partial lifting: {event['count']} of the "
                    f"{event['count'] + event['left']} {piece}s in {where} are lifted.")
        return f"{_count(event['count'], piece).capitalize()} lifted from {where}."
    if kind == "sow":
        holes = event.get("holes") or event.get("bomas")
        return (f"Lap {event['lap']}: {_count(len(holes), piece)} sown one by one; "
                f"the last falls in {name(holes[-1])}.")
    if kind == "lap_end":
        where = name(event.get("hole") or event.get("boma"))
        was = "already held some" if event["occupied"] else "was empty"
        then = event["then"]
        if game == "kisolo":
            nxt = name(event["next"])
            if then == "relay":
                return (f"The last stone fell in {where}, which {was}; the next hole, {nxt}, "
                        f"holds {event['next_count']}, so pussa kanawa lifts it.")
            if then == "capture":
                return (f"The last stone fell in {where}, which already held stones; the next "
                        f"hole, {nxt}, is an inner hole facing stones: a mid-move capture.")
            if then == "perpetual":
                return (f"The last stone fell in {where}; the sowing would never end: "
                        "perpetual sowing.")
            return f"The last stone fell in {where}; the next hole, {nxt}, is empty: the turn ends."
        if then == "relay":
            return f"The last warrior fell in {where}, which {was}: a relay follows."
        return f"The last warrior fell in {where}, which was empty: the sowing ends."
    if kind == "capture":
        if game == "kisolo":
            (_, _, a), (_, _, b) = event["from"]
            first = ("Turn-start capture" if event["rule"] == "turn_start_capture"
                     else "Mid-move capture")
            return (f"{first}: {PLAYER_NAMES[event['player']]} takes {a} + {b} stones from "
                    f"column {own_number(game, event['to'], columns)} and sows them from "
                    f"{name(event['to'])}.")
        r, c, n = event["from"]
        return (f"Capture: the {_count(n, piece)} of {name([r, c])} opposite and the "
                f"capturing warrior go to {PLAYER_NAMES[event['jail']]}'s jail.")
    if kind == "no_capture":
        why = {"opponent_row": "the sowing ended on the opponent's row",
               "opposite_empty": f"the opposite boma, {name(event['opposite'])}, is empty",
               "nki": f"the opposite boma, {name(event['opposite'])}, is nki (protected)"}
        return f"No capture: {why[event['why']]}."
    if kind == "leftmost_triple":
        holes = ", ".join(name(b["boma"]) for b in event["bomas"])
        if event["taken"]:
            return (f"Leftmost triple: the capture was made from the leftmost boma, so "
                    f"{holes} ({_count(event['count'], piece)}) go to the jail too.")
        why = {"not_all_full": "not all of them hold warriors",
               "nki": "one of them is nki",
               "not_sown": "one of them was neither empty at start nor sown"}[event["why"]]
        return f"Leftmost triple refused for {holes}: {why}."
    if kind == "nki_release":
        return f"Nki release: {name(event['boma'])} was lifted, so it is no longer protected."
    if kind == "nki_mark":
        return (f"Nki marking: the opening is over; the {len(event['bomas'])} bomas holding "
                "warriors are now protected.")
    if kind == "place":
        return f"{_count(event['count'], piece).capitalize()} placed in {name(event['boma'])}."
    if kind == "laps_skipped":
        return (f"Laps {event['from_lap']:,} to {event['to_lap']:,} are summed up, "
                "not shown one by one.")
    if kind == "turn_end":
        return f"{PLAYER_NAMES[event['to_move']]} to move."
    if kind == "game_end":
        return _narrate_end(game, event)
    return kind


def _narrate_end(game: str, event: dict) -> str:
    rule, winner = event["rule"], event.get("winner")
    if rule == "inner_row_emptied":
        loser = PLAYERS[1 - PLAYERS.index(winner)]
        return (f"{PLAYER_NAMES[winner]} wins: {PLAYER_NAMES[loser]}'s inner row has been "
                "emptied by a capture.")
    if rule == "perpetual_sowing":
        return "Draw: the sowing would go on for ever (perpetual sowing)."
    if rule == "repetition":
        return "Draw by repetition: the same position has come up for the third time."
    jails = event["jails"]
    score = f"{jails['south']}-{jails['north']}"
    stuck = PLAYER_NAMES[event["stuck"]]
    if winner is None:
        return f"{stuck} cannot move: the game ends with equal jails, {score}, a draw."
    text = f"{stuck} cannot move: the game ends. {PLAYER_NAMES[winner]} wins {score}."
    if event.get("one_warrior_victory"):
        text += " A one-warrior victory, the mark of great skill!"
    return text
