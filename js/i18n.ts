// Interface text. Narration of moves comes from Python (one place for the
// rules' words); these are the board's own labels and buttons.

import type { Cell, Game, Player } from "./types";
import { ownerOf } from "./layout";

const EN = {
  toMove: (name: string) => `${name} to move`,
  wins: (name: string) => `${name} wins`,
  draw: "Draw",
  oneWarrior: "a one-warrior victory",
  stones: (n: number) => (n === 1 ? "1 stone" : `${n} stones`),
  warriors: (n: number) => (n === 1 ? "1 warrior" : `${n} warriors`),
  row: { inner: "inner row", outer: "outer row" } as Record<string, string>,
  hole: (side: string, row: string, n: number) => `${side} ${row}, hole ${n}`,
  boma: (side: string, n: number) => `${side}'s boma ${n}`,
  jail: (side: string) => `${side}'s jail`,
  jailShort: (side: string) => (side.length > 8 ? `${side.slice(0, 7)}\u2026` : side),
  canPlay: "can be played",
  nki: "nki (protected)",
  lastMove: "last move",
  selected: "selected",
  lifted: "lifted",
  replay: "Replay move",
  back: "Step back",
  play: "Play",
  pause: "Pause",
  forward: "Step forward",
  end: "Skip to end",
  speed: "Speed",
  undo: "Undo",
  redo: "Redo",
  reset: "Restart",
  busy: "Wait for the move to finish, or skip to its end (End key).",
  lift: (k: number, of: number) => `Lift ${k} of ${of}`,
  sow: (k: number) => `Sow ${k}`,
  fewer: "One fewer",
  more: "One more",
  openingLift: (name: string) => `Opening: ${name} chooses two bomas of their row to empty.`,
  openingPlace: (left: number) =>
    left ? `Place the lifted warriors: ${left} left. Click a boma to drop one.` : "All warriors placed: confirm or take back.",
  takeBack: "Take back",
  confirm: "Confirm",
  cancel: "Cancel",
  step: (i: number, n: number) => `Step ${i} of ${n}`,
  inHand: (n: number) => `${n} in hand`,
  board: (title: string) => `${title} board`,
  watching: "Watching: moves come from the notebook.",
};

export type Strings = typeof EN;
export const STRINGS: Record<string, Strings> = { en: EN };

export function ownNumber(game: Game, [r, c]: Cell, columns: number): number {
  const south = ownerOf(game, [r, c]) === "south";
  if (game === "kisolo") return south ? c + 1 : columns - c;
  return south ? c + 1 : 10 - c;
}

/** "South inner row, hole 3" / "North's boma 2", as a screen reader says it. */
export function cellName(t: Strings, game: Game, cell: Cell, columns: number, labels: Record<Player, string>): string {
  const side = labels[ownerOf(game, cell)];
  const n = ownNumber(game, cell, columns);
  if (game === "kisolo") {
    const inner = cell[0] === 1 || cell[0] === 2;
    return t.hole(side, t.row[inner ? "inner" : "outer"], n);
  }
  return t.boma(side, n);
}
