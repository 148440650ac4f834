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
  /** Where the hand is: the hole lifted from or last sown into. */
  handAt: Cell | null;
}

export function fromPosition(p: Position): ViewState {
  return {
    board: p.board.map((row) => row.slice()),
    nki: p.nki ? p.nki.map((row) => row.slice()) : null,
    jails: p.jails ? { ...p.jails } : null,
    hand: 0,
    handAt: null,
  };
}

function clone(s: ViewState): ViewState {
  return {
    board: s.board.map((row) => row.slice()),
    nki: s.nki ? s.nki.map((row) => row.slice()) : null,
    jails: s.jails ? { ...s.jails } : null,
    hand: s.hand,
    handAt: s.handAt,
  };
}

/** The cell an event is about (its hole or boma), if any. */
export function eventCell(ev: TraceEvent): Cell | null {
  const at = (ev.hole ?? ev.boma) as Cell | undefined;
  return at ?? null;
}

/** The cells a sow event drops into, in order. */
export function sowCells(ev: TraceEvent): Cell[] {
  return ((ev.holes ?? ev.bomas) as Cell[] | undefined) ?? [];
}

/** The state after one event; `drops` limits a sow event to its first drops. */
export function applyEvent(s: ViewState, ev: TraceEvent, drops?: number): ViewState {
  const n = clone(s);
  const b = n.board;
  switch (ev.kind) {
    case "lift": {
      const [r, c] = eventCell(ev)!;
      b[r][c] -= ev.count as number;
      n.hand += ev.count as number;
      n.handAt = [r, c];
      break;
    }
    case "sow": {
      const cells = sowCells(ev);
      const upto = drops ?? cells.length;
      for (const [r, c] of cells.slice(0, upto)) {
        b[r][c] += 1;
        n.hand -= 1;
        n.handAt = [r, c];
      }
      break;
    }
    case "capture": {
      if (Array.isArray((ev.from as unknown[])[0])) {
        // Kisolo: the opponent's column is lifted, to be sown from `to`.
        for (const [r, c, k] of ev.from as [number, number, number][]) {
          b[r][c] -= k;
          n.hand += k;
        }
        n.handAt = ev.to as Cell;
      } else {
        const [r, c] = ev.from as [number, number, number];
        const [lr, lc] = ev.boma as Cell;
        b[r][c] = 0;
        b[lr][lc] = 0;
        if (n.jails) n.jails[ev.jail as Player] += ev.count as number;
      }
      break;
    }
    case "leftmost_triple":
      if (ev.taken) {
        for (const t of ev.bomas as { boma: Cell }[]) b[t.boma[0]][t.boma[1]] = 0;
        if (n.jails) n.jails[ev.jail as Player] += ev.count as number;
      }
      break;
    case "place": {
      const [r, c] = ev.boma as Cell;
      b[r][c] += ev.count as number;
      n.hand -= ev.count as number;
      break;
    }
    case "nki_release":
      if (n.nki) {
        const [r, c] = ev.boma as Cell;
        n.nki[r][c] = false;
      }
      break;
    case "nki_mark":
      if (n.nki) for (const [r, c] of ev.bomas as Cell[]) n.nki[r][c] = true;
      break;
    case "laps_skipped":
      n.board = (ev.board as number[][]).map((row) => row.slice());
      if (ev.nki) n.nki = (ev.nki as boolean[][]).map((row) => row.slice());
      n.hand = 0;
      break;
    case "game_end":
      for (const s2 of (ev.sweep as { boma: Cell; count: number; jail: Player }[]) ?? []) {
        b[s2.boma[0]][s2.boma[1]] = 0;
        if (n.jails) n.jails[s2.jail] += s2.count;
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
