// What the board shows at one step of a move, rebuilt from the position before
// the move and the trace's events. The browser never applies a rule: it only
// follows the events Python computed.

import type { Cell, Player, Position, TraceEvent } from "./types";

export interface ViewState {
  board: number[][];
  nki: boolean[][] | null;
  jails: Record<Player, number> | null;
  /** Pieces lifted and not yet put down. */
  hand: number;
  /** Where the hand is: the cell lifted from or last sown into. */
  handAt: Cell | null;
}

const copy = <T>(grid: T[][]): T[][] => grid.map((row) => row.slice());

export function fromPosition(p: Position): ViewState {
  return {
    board: copy(p.board),
    nki: p.nki ? copy(p.nki) : null,
    jails: p.jails ? { ...p.jails } : null,
    hand: 0,
    handAt: null,
  };
}

function clone(s: ViewState): ViewState {
  return { ...s, board: copy(s.board), nki: s.nki && copy(s.nki), jails: s.jails && { ...s.jails } };
}

/** The cell an event is about, if it names one. */
export function eventCell(ev: TraceEvent): Cell | null {
  return "cell" in ev ? ev.cell : null;
}

/** The state after one event; `drops` limits a sowing to its first drops. */
export function applyEvent(s: ViewState, ev: TraceEvent, drops?: number): ViewState {
  const n = clone(s);
  const b = n.board;
  const toJail = (who: Player, count: number) => {
    if (n.jails) n.jails[who] += count;
  };
  switch (ev.kind) {
    case "lift":
      b[ev.cell[0]][ev.cell[1]] -= ev.count;
      n.hand += ev.count;
      n.handAt = ev.cell;
      break;
    case "sow":
      for (const [r, c] of ev.cells.slice(0, drops ?? ev.cells.length)) {
        b[r][c] += 1;
        n.hand -= 1;
        n.handAt = [r, c];
      }
      break;
    case "capture": {
      let taken = 0;
      for (const [r, c, k] of ev.from) {
        b[r][c] -= k;
        taken += k;
      }
      if (ev.into === "sow") {
        // Sown again from `cell`.
        n.hand += ev.count;
        n.handAt = ev.cell;
      } else {
        // The capturing piece goes to the jail with the pieces it took.
        b[ev.cell[0]][ev.cell[1]] -= ev.count - taken;
        if (ev.jail) toJail(ev.jail, ev.count);
      }
      break;
    }
    case "leftmost_triple":
      if (ev.taken) {
        for (const t of ev.cells) b[t.cell[0]][t.cell[1]] -= t.count;
        toJail(ev.jail, ev.count);
      }
      break;
    case "place":
      b[ev.cell[0]][ev.cell[1]] += ev.count;
      n.hand -= ev.count;
      break;
    case "nki_release":
      if (n.nki) n.nki[ev.cell[0]][ev.cell[1]] = false;
      break;
    case "nki_mark":
      if (n.nki) for (const [r, c] of ev.cells) n.nki[r][c] = true;
      break;
    case "laps_skipped":
      n.board = copy(ev.board);
      if (ev.nki) n.nki = copy(ev.nki);
      n.hand = 0;
      break;
    case "game_end":
      for (const s2 of ev.sweep ?? []) {
        b[s2.cell[0]][s2.cell[1]] -= s2.count;
        toJail(s2.jail, s2.count);
      }
      break;
    default:
      break;
  }
  return n;
}

/** states[i] is what the board shows after the first i events. */
export function statesOf(before: Position, trace: TraceEvent[]): ViewState[] {
  const states = [fromPosition(before)];
  for (const ev of trace) states.push(applyEvent(states[states.length - 1], ev));
  return states;
}
