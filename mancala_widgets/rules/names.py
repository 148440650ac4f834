"""Human-readable names and narration, in English and Korean, kept in one place.

Holes and bomas are numbered from their owner's own left, starting at 1, the
way a player sitting at that side of the board would count them.

>>> hole_name("kisolo", [2, 0], columns=7)
"South's inner hole 1"
>>> hole_name("kisolo", [1, 0], columns=7)   # North counts from the other end
"North's inner hole 7"
>>> hole_name("kiothi", [0, 9], locale="ko")
'북쪽 1번 보마'
>>> move_name("kiothi", {"type": "sow", "row": 1, "column": 9, "count": 2}, "south")
"South lifts 2 from South's boma 10"
"""

from __future__ import annotations

import re

LOCALES = ("en", "ko")
KISOLO_ROWS = {0: ("north", "outer"), 1: ("north", "inner"), 2: ("south", "inner"),
               3: ("south", "outer")}

TEXT = {
    "en": {
        "south": "South", "north": "North", "inner": "inner", "outer": "outer",
        "hole": "{side}'s {row} hole {n}", "boma": "{side}'s boma {n}",
        "jail": "{side}'s jail",
        "stone": ("{n} stone", "{n} stones"), "warrior": ("{n} warrior", "{n} warriors"),
        "move_capture": "{who} captures from {their} and the outer hole behind it",
        "move_sow": "{who} sows {where}",
        "move_lift": "{who} lifts {k} from {where}",
        "move_redistribute": "{who} empties {lifted} and places the warriors",
        "and": " and ",
        "lift_pussa": ("Pussa kanawa: the hole after the landing hole, {where}, is lifted: "
                       "{pieces} to sow on."),
        "lift_relay": "Relay: all {pieces} of {where} are lifted and sown on.",
        "lift_opening": "Opening redistribution: all {pieces} of {where} are lifted.",
        "lift_partial": "Partial lifting: {k} of the {total} warriors in {where} are lifted.",
        "lift_sow": "{pieces} lifted from {where}.",
        "sow": "Lap {lap}: {pieces} sown one by one; the last falls in {where}.",
        "was_occupied": "already held some", "was_empty": "was empty",
        "kisolo_relay": ("The last stone fell in {where}, which {was}; the next hole, {next}, "
                         "holds {count}, so pussa kanawa lifts it."),
        "kisolo_capture": ("The last stone fell in {where}, which already held stones; the "
                           "next hole, {next}, is an inner hole facing stones: a mid-move "
                           "capture."),
        "kisolo_perpetual": ("The last stone fell in {where}; the sowing would never end: "
                             "perpetual sowing."),
        "kisolo_end": ("The last stone fell in {where}; the next hole, {next}, is empty: "
                       "the turn ends."),
        "kiothi_relay": "The last warrior fell in {where}, which {was}: a relay follows.",
        "kiothi_end": "The last warrior fell in {where}, which was empty: the sowing ends.",
        "turn_start_capture": ("Turn-start capture: {who} takes {a} + {b} stones from column "
                               "{col} and sows them from {where}."),
        "mid_move_capture": ("Mid-move capture: {who} takes {a} + {b} stones from column "
                             "{col} and sows them from {where}."),
        "kiothi_capture": ("Capture: the {pieces} of {where} opposite and the capturing "
                           "warrior go to {jail}."),
        "no_capture": "No capture: {why}.",
        "why_opponent_row": "the sowing ended on the opponent's row",
        "why_opposite_empty": "the opposite boma, {where}, is empty",
        "why_nki": "the opposite boma, {where}, is nki (protected)",
        "triple_taken": ("Leftmost triple: the capture was made from the leftmost boma, so "
                         "{holes} ({pieces}) go to the jail too."),
        "triple_refused": "Leftmost triple refused for {holes}: {why}.",
        "triple_not_all_full": "not all of them hold warriors",
        "triple_nki": "one of them is nki",
        "triple_not_sown": "one of them was neither empty at start nor sown",
        "list_sep": ", ",
        "nki_release": "Nki release: {where} was lifted, so it is no longer protected.",
        "nki_mark": ("Nki marking: the opening is over; the {n} bomas holding warriors are "
                     "now protected."),
        "place": "{pieces} placed in {where}.",
        "laps_skipped": "Laps {a:,} to {b:,} are summed up, not shown one by one.",
        "turn_end": "{who} to move.",
        "won_inner_row": "{who} wins: {loser}'s inner row has been emptied by a capture.",
        "draw_perpetual": "Draw: the sowing would go on for ever (perpetual sowing).",
        "draw_repetition": ("Draw by repetition: the same position has come up for the third "
                            "time."),
        "end_equal": "{stuck} cannot move: the game ends with equal jails, {score}, a draw.",
        "end_won": "{stuck} cannot move: the game ends. {who} wins {score}.",
        "one_warrior": " A one-warrior victory, the mark of great skill!",
    },
    "ko": {
        "south": "남쪽", "north": "북쪽", "inner": "안쪽 줄", "outer": "바깥쪽 줄",
        "hole": "{side} {row} {n}번 구멍", "boma": "{side} {n}번 보마",
        "jail": "{side} 감옥",
        "stone": ("돌 {n}개", "돌 {n}개"), "warrior": ("전사 {n}명", "전사 {n}명"),
        "move_capture": "{who}[이/가] {their}[과/와] 그 뒤 바깥쪽 구멍을 획득합니다",
        "move_sow": "{who}[이/가] {where}[을/를] 뿌립니다",
        "move_lift": "{who}[이/가] {where}에서 {k}명을 집어 듭니다",
        "move_redistribute": "{who}[이/가] {lifted}[을/를] 비우고 전사를 놓습니다",
        "and": " 그리고 ",
        "lift_pussa": ("pussa kanawa: 마지막 돌이 떨어진 구멍의 다음 구멍, {where}[을/를] 집어 "
                       "듭니다. 다시 뿌릴 {pieces}."),
        "lift_relay": "릴레이: {where}의 {pieces}[을/를] 모두 집어 들어 이어서 뿌립니다.",
        "lift_opening": "오프닝 재분배: {where}의 {pieces}[을/를] 모두 집어 듭니다.",
        "lift_partial": "부분 들기: {where}의 전사 {total}명 가운데 {k}명을 집어 듭니다.",
        "lift_sow": "{where}에서 {pieces}[을/를] 집어 듭니다.",
        "sow": "{lap}바퀴째: {pieces}[을/를] 하나씩 뿌립니다. 마지막은 {where}에 떨어집니다.",
        "was_occupied": "이미 돌이 있던", "was_empty": "비어 있던",
        "kisolo_relay": ("마지막 돌이 {was} {where}에 떨어졌습니다. 다음 구멍 {next}에 "
                         "{count}개가 있으므로 pussa kanawa로 그 구멍을 집어 듭니다."),
        "kisolo_capture": ("마지막 돌이 이미 돌이 있던 {where}에 떨어졌고, 다음 구멍 {next}[은/는] "
                           "돌이 있는 상대 구멍과 마주 보는 안쪽 구멍입니다: 수 도중의 획득."),
        "kisolo_perpetual": "마지막 돌이 {where}에 떨어졌습니다. 이 씨뿌리기는 끝나지 않습니다: 영원한 씨뿌리기.",
        "kisolo_end": "마지막 돌이 {where}에 떨어졌습니다. 다음 구멍 {next}[이/가] 비어 있으므로 턴이 끝납니다.",
        "kiothi_relay": "마지막 전사가 {was} {where}에 떨어졌습니다: 릴레이가 이어집니다.",
        "kiothi_end": "마지막 전사가 비어 있던 {where}에 떨어졌습니다: 씨뿌리기가 끝납니다.",
        "turn_start_capture": ("턴 시작 시의 획득: {who}[이/가] {col}번 열에서 돌 {a} + {b}개를 "
                               "가져와 {where}부터 뿌립니다."),
        "mid_move_capture": ("수 도중의 획득: {who}[이/가] {col}번 열에서 돌 {a} + {b}개를 "
                             "가져와 {where}부터 뿌립니다."),
        "kiothi_capture": "획득: 맞은편 {where}의 {pieces}[과/와] 획득한 전사가 {jail}[으로/로] 갑니다.",
        "no_capture": "획득 없음: {why}.",
        "why_opponent_row": "씨뿌리기가 상대의 줄에서 끝났습니다",
        "why_opposite_empty": "맞은편 보마 {where}[이/가] 비어 있습니다",
        "why_nki": "맞은편 보마 {where}[은/는] nki(보호됨)입니다",
        "triple_taken": ("가장 왼쪽 3연 획득: 가장 왼쪽 보마에서 획득했으므로 {holes}"
                         "({pieces})도 감옥으로 갑니다."),
        "triple_refused": "{holes}에 대한 가장 왼쪽 3연 획득이 거부되었습니다: {why}.",
        "triple_not_all_full": "모두 전사가 들어 있지는 않습니다",
        "triple_nki": "그중 하나가 nki입니다",
        "triple_not_sown": "그중 하나가 시작 시 비어 있지도, 파종되지도 않았습니다",
        "list_sep": ", ",
        "nki_release": "nki 해제: {where}[을/를] 집어 들었으므로 더는 보호되지 않습니다.",
        "nki_mark": "nki 표시: 오프닝이 끝났습니다. 전사가 든 보마 {n}개가 이제 보호됩니다.",
        "place": "{where}에 {pieces}[을/를] 놓습니다.",
        "laps_skipped": "{a:,}바퀴부터 {b:,}바퀴까지는 하나씩 보이지 않고 한 번에 요약합니다.",
        "turn_end": "{who} 차례입니다.",
        "won_inner_row": "{who} 승리: 획득으로 {loser}의 안쪽 줄이 비었습니다.",
        "draw_perpetual": "무승부: 씨뿌리기가 영원히 이어집니다(영원한 씨뿌리기).",
        "draw_repetition": "반복에 의한 무승부: 같은 국면이 세 번째로 나왔습니다.",
        "end_equal": "{stuck}[은/는] 둘 수 없습니다: 감옥이 {score}[으로/로] 같아 무승부입니다.",
        "end_won": "{stuck}[은/는] 둘 수 없습니다: 게임이 끝났습니다. {who}[이/가] {score}[으로/로] 승리합니다.",
        "one_warrior": " 전사 한 명의 승리, 굉장한 숙련의 표시입니다!",
    },
}


_JOSA = re.compile(r"(.)\[([^/\]]+)/([^\]]+)\]")
# Digits read aloud in Korean: which end in a final consonant (batchim).
_DIGIT_BATCHIM = {"0": True, "1": True, "2": False, "3": True, "4": False, "5": False,
                  "6": True, "7": True, "8": True, "9": False}


def _josa(sentence: str) -> str:
    """Pick each Korean particle by the sound before it: "보마[을/를]" -> "보마를"."""
    def pick(m):
        ch, with_final, without = m.group(1), m.group(2), m.group(3)
        code = ord(ch) - 0xAC00
        if 0 <= code < 11172:
            final = code % 28
            # "(으)로" takes 로 after a vowel or after ㄹ (final 8)
            has = final != 0 and not (without == "로" and final == 8)
        else:
            has = _DIGIT_BATCHIM.get(ch, False)
        return ch + (with_final if has else without)
    return _JOSA.sub(pick, sentence)


def text(locale: str, key: str) -> str | tuple:
    if locale not in TEXT:
        raise ValueError(f"locale = {locale!r}: expected one of {', '.join(LOCALES)}")
    return TEXT[locale][key]


def player_name(player: str, locale: str = "en") -> str:
    return text(locale, player)


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


def hole_name(game: str, cell, columns: int = 7, locale: str = "en") -> str:
    """"South's inner hole 3" (Kisolo) or "North's boma 2" (Kiothi)."""
    side = player_name(owner(game, cell), locale)
    n = own_number(game, cell, columns)
    if game == "kisolo":
        return text(locale, "hole").format(side=side, row=text(locale, KISOLO_ROWS[cell[0]][1]),
                                           n=n)
    return text(locale, "boma").format(side=side, n=n)


def pieces(game: str, n: int, locale: str = "en") -> str:
    one, many = text(locale, "stone" if game == "kisolo" else "warrior")
    return (one if n == 1 else many).format(n=n)


def move_name(game: str, move: dict, player: str, columns: int = 7, locale: str = "en") -> str:
    """A move in words, from the mover's point of view."""
    words = _move_name(game, move, player, columns, locale)
    return _josa(words) if locale == "ko" else words


def _move_name(game: str, move: dict, player: str, columns: int, locale: str) -> str:
    T = TEXT[locale]
    who = player_name(player, locale)
    kind = move.get("type")
    if kind == "capture":
        inner_row = 1 if player == "south" else 2
        their = hole_name("kisolo", [inner_row, move["column"]], columns, locale)
        return T["move_capture"].format(who=who, their=their)
    if kind == "sow":
        where = hole_name(game, [move["row"], move["column"]], columns, locale)
        if game == "kisolo":
            return T["move_sow"].format(who=who, where=where)
        return T["move_lift"].format(who=who, k=move["count"], where=where)
    lifted = T["and"].join(hole_name(game, c, columns, locale) for c in move["lift"])
    return T["move_redistribute"].format(who=who, lifted=lifted)


def narrate(game: str, event: dict, columns: int = 7, locale: str = "en") -> str:
    """One sentence for one trace event, naming the rule it applies."""
    sentence = _narrate(game, event, columns, locale)
    return _josa(sentence) if locale == "ko" else sentence


def _narrate(game: str, event: dict, columns: int, locale: str) -> str:
    T = TEXT[locale]
    name = (lambda cell: hole_name(game, cell, columns, locale))
    count = (lambda n: pieces(game, n, locale))
    kind = event["kind"]
    where = name(event.get("hole") or event.get("boma")) if (
        event.get("hole") or event.get("boma")) else None
    if kind == "lift":
        rule = event["rule"]
        if rule == "pussa_kanawa":
            return T["lift_pussa"].format(where=where, pieces=count(event["count"]))
        if rule == "relay":
            return T["lift_relay"].format(where=where, pieces=count(event["count"]))
        if rule == "opening_redistribution":
            return T["lift_opening"].format(where=where, pieces=count(event["count"]))
        if event.get("partial"):
            return T["lift_partial"].format(where=where, k=event["count"],
                                            total=event["count"] + event["left"])
        return _capital(T["lift_sow"].format(where=where, pieces=count(event["count"])))
    if kind == "sow":
        holes = event.get("holes") or event.get("bomas")
        return T["sow"].format(lap=event["lap"], pieces=count(len(holes)),
                               where=name(holes[-1]))
    if kind == "lap_end":
        was = T["was_occupied"] if event["occupied"] else T["was_empty"]
        if game == "kisolo":
            return T["kisolo_" + event["then"]].format(where=where, was=was,
                                                      next=name(event["next"]),
                                                      count=event["next_count"])
        return T["kiothi_" + event["then"]].format(where=where, was=was)
    if kind == "capture":
        if game == "kisolo":
            (_, _, a), (_, _, b) = event["from"]
            return T[event["rule"]].format(who=player_name(event["player"], locale), a=a, b=b,
                                           col=own_number(game, event["to"], columns),
                                           where=name(event["to"]))
        r, c, n = event["from"]
        return T["kiothi_capture"].format(pieces=count(n), where=name([r, c]),
                                          jail=T["jail"].format(
                                              side=player_name(event["jail"], locale)))
    if kind == "no_capture":
        why = T["why_" + event["why"]].format(where=name(event["opposite"]))
        return T["no_capture"].format(why=why)
    if kind == "leftmost_triple":
        holes = T["list_sep"].join(name(b["boma"]) for b in event["bomas"])
        if event["taken"]:
            return T["triple_taken"].format(holes=holes, pieces=count(event["count"]))
        return T["triple_refused"].format(holes=holes, why=T["triple_" + event["why"]])
    if kind == "nki_release":
        return T["nki_release"].format(where=where)
    if kind == "nki_mark":
        return T["nki_mark"].format(n=len(event["bomas"]))
    if kind == "place":
        return _capital(T["place"].format(pieces=count(event["count"]), where=where))
    if kind == "laps_skipped":
        return T["laps_skipped"].format(a=event["from_lap"], b=event["to_lap"])
    if kind == "turn_end":
        return T["turn_end"].format(who=player_name(event["to_move"], locale))
    if kind == "game_end":
        return _narrate_end(event, locale)
    return kind


def _capital(s: str) -> str:
    return s[:1].upper() + s[1:]


def _narrate_end(event: dict, locale: str) -> str:
    T = TEXT[locale]
    rule, winner = event["rule"], event.get("winner")
    if rule == "inner_row_emptied":
        loser = "north" if winner == "south" else "south"
        return T["won_inner_row"].format(who=player_name(winner, locale),
                                         loser=player_name(loser, locale))
    if rule == "perpetual_sowing":
        return T["draw_perpetual"]
    if rule == "repetition":
        return T["draw_repetition"]
    jails = event["jails"]
    score = f"{jails['south']}-{jails['north']}"
    stuck = player_name(event["stuck"], locale)
    if winner is None:
        return T["end_equal"].format(stuck=stuck, score=score)
    out = T["end_won"].format(stuck=stuck, who=player_name(winner, locale), score=score)
    if event.get("one_warrior_victory"):
        out += T["one_warrior"]
    return out
