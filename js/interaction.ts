// Turning clicks and keys into moves. Only moves Python listed as legal are
// offered; Python checks every move again when it arrives.

import type { Cell, Move, Position } from "./types";

export const key = ([r, c]: Cell): string => `${r},${c}`;
const same = (a: Cell, b: Cell) => a[0] === b[0] && a[1] === b[1];

/** Kisolo: the move a click on `cell` asks for, if any. A capture is asked for
 * by clicking any hole of its column: the capturing hole or the two taken. */
export function kisoloMove(cell: Cell, legal: Move[]): Move | null {
  for (const m of legal) {
    if (m.type === "capture" && m.column === cell[1]) return m;
    if (m.type === "sow" && m.row === cell[0] && m.column === cell[1]) return m;
  }
  return null;
}

/** Kisolo holes shown as playable: sowable holes, and for a capture the
 * capturing player's own inner hole in that column. */
function kisoloHighlight(cell: Cell, position: Position, legal: Move[]): boolean {
  const inner = position.to_move === "south" ? 2 : 1;
  return legal.some((m) =>
    m.type === "capture" ? m.column === cell[1] && cell[0] === inner : m.type === "sow" && m.row === cell[0] && m.column === cell[1],
  );
}

/** Kiothi: the counts that may be lifted from `cell`, lowest first. */
export function legalCounts(cell: Cell, legal: Move[]): number[] {
  return legal
    .filter((m): m is Extract<Move, { type: "sow" }> => m.type === "sow" && m.row === cell[0] && m.column === cell[1])
    .map((m) => m.count ?? 0)
    .sort((a, b) => a - b);
}

/** Cells a click can do something with right now. */
export function playableCells(position: Position, legal: Move[]): Cell[] {
  const cells: Cell[] = [];
  const rows = position.board.length;
  const cols = position.board[0].length;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const cell: Cell = [r, c];
      const ok =
        position.game === "kisolo"
          ? kisoloHighlight(cell, position, legal)
          : legal.some((m) =>
              m.type === "redistribute" ? m.lift.some((l) => same(l, cell)) : m.type === "sow" && m.row === r && m.column === c,
            );
      if (ok) cells.push(cell);
    }
  }
  return cells;
}

/** Kiothi partial lifting: which boma is chosen and how many to lift. */
export class LiftChoice {
  cell: Cell | null = null;
  count = 0;
  counts: number[] = [];

  /** Choose a boma (all its warriors if that is legal, else the most allowed). */
  choose(cell: Cell, legal: Move[]): boolean {
    const counts = legalCounts(cell, legal);
    if (!counts.length) return false;
    this.cell = cell;
    this.counts = counts;
    this.count = counts[counts.length - 1];
    return true;
  }

  /** Step the count to the next allowed value up (+1) or down (-1). */
  step(direction: 1 | -1): boolean {
    if (!this.cell) return false;
    const i = this.counts.indexOf(this.count) + direction;
    if (i < 0 || i >= this.counts.length) return false;
    this.count = this.counts[i];
    return true;
  }

  isChosen(cell: Cell): boolean {
    return this.cell !== null && same(this.cell, cell);
  }

  move(): Move | null {
    return this.cell ? { type: "sow", row: this.cell[0], column: this.cell[1], count: this.count } : null;
  }

  clear(): void {
    this.cell = null;
    this.counts = [];
    this.count = 0;
  }
}

/** Kiothi's opening: lift two bomas, place the warriors boma by boma, confirm. */
export class Opening {
  lifted: Cell[] = [];
  /** One entry per warrior placed, in order, so "take back" undoes the last. */
  drops: Cell[] = [];

  constructor(private position: Position, private legal: Move[]) {}

  get phase(): "lift" | "place" {
    return this.lifted.length < 2 ? "lift" : "place";
  }

  get inHand(): number {
    const total = this.lifted.reduce((n, [r, c]) => n + this.position.board[r][c], 0);
    return total - this.drops.length;
  }

  canLift(cell: Cell): boolean {
    return this.legal.some((m) => m.type === "redistribute" && m.lift.some((l) => same(l, cell)));
  }

  /** A click: lift (or put back) a boma in the lift phase, drop one warrior in the place phase. */
  click(cell: Cell): boolean {
    if (this.phase === "lift") {
      const i = this.lifted.findIndex((l) => same(l, cell));
      if (i >= 0) {
        this.lifted.splice(i, 1);
        return true;
      }
      if (!this.canLift(cell)) return false;
      const pair = [...this.lifted, cell];
      if (pair.length === 2 && !this.legal.some((m) => m.type === "redistribute" && pair.every((p) => m.lift.some((l) => same(l, p))))) {
        return false;
      }
      this.lifted.push(cell);
      return true;
    }
    if (this.inHand <= 0) return false;
    this.drops.push(cell);
    return true;
  }

  /** Take back the last warrior placed, or the last boma lifted. */
  takeBack(): boolean {
    if (this.drops.length) {
      this.drops.pop();
      return true;
    }
    if (this.lifted.length) {
      this.lifted.pop();
      return true;
    }
    return false;
  }

  placedAt(cell: Cell): number {
    return this.drops.filter((d) => same(d, cell)).length;
  }

  /** The board as it would be: lifted bomas emptied, placed warriors added. */
  preview(): number[][] {
    const b = this.position.board.map((row) => row.slice());
    for (const [r, c] of this.lifted) b[r][c] = 0;
    for (const [r, c] of this.drops) b[r][c] += 1;
    return b;
  }

  move(): Move | null {
    if (this.phase !== "place" || this.inHand !== 0) return null;
    const counts = new Map<string, [number, number, number]>();
    for (const [r, c] of this.drops) {
      const k = key([r, c]);
      const entry = counts.get(k) ?? [r, c, 0];
      entry[2] += 1;
      counts.set(k, entry);
    }
    const lift = [...this.lifted].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    return { type: "redistribute", lift, place: [...counts.values()] };
  }
}
