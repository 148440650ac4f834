// Cells as map keys ("row,column", the keys of the cell_moves trait and of the
// data-cell attribute) and back.

import type { Cell } from "./types";

export const cellKey = ([r, c]: Cell): string => `${r},${c}`;

export const sameCell = (a: Cell, b: Cell): boolean => a[0] === b[0] && a[1] === b[1];

/** The cell a "row,column" key names, or null for anything else. */
export function parseCell(text: string | null): Cell | null {
  const m = /^(\d+),(\d+)$/.exec(text ?? "");
  return m ? [Number(m[1]), Number(m[2])] : null;
}
