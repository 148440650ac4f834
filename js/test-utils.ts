// A stand-in for anywidget's model in unit tests: traits in a map, change
// events like Backbone's (all values set first, then one event per change).
// The interface words, cell names and geometry are the real ones Python sends,
// written by tests/make_js_fixtures.py and js/fixtures-setup.ts.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { cellKey } from "./cells";
import type { Cell, Geometry, Message, Model, ModelListener, Move, MoveListTrait, MoveNode, Player, Position, Traits } from "./types";

const fixture = (name: string) => JSON.parse(readFileSync(join(__dirname, "__fixtures__", name), "utf8"));
const TEXT = fixture("text.json");
const GEOMETRY: Record<string, Geometry> = fixture("geometry.json");

const shapeOf = (p: Position) => (p.game === "kiothi" ? "kiothi" : `kisolo-${p.board[0].length}`);

/** The `strings` trait Python sends a board in `locale`. */
export function strings(locale = "en"): Traits["strings"] {
  return TEXT.strings[locale];
}

/** The `cell_names` trait Python sends for a position's board. */
export function cellNames(p: Position, locale = "en"): string[][] {
  return TEXT.names[locale][shapeOf(p)];
}

/** The `geometry` trait Python sends for a position's board. */
export function geometryOf(p: Position, perspective: Player = "south", numbers = false): Geometry {
  return GEOMETRY[`${shapeOf(p)}-${perspective}${numbers ? "-numbers" : ""}`];
}

/** The `cell_moves` trait for these legal moves, listed as Python lists them: a
 * sowing at its cell, an opening's lift at each of its two cells, a capture at
 * the mover's inner cell of its column (row `innerRow`). */
export function cellMovesOf(legal: Move[], innerRow = 2): Record<string, Move[]> {
  const moves: Record<string, Move[]> = {};
  for (const m of legal) {
    const starts: Cell[] = m.type === "capture" ? [[innerRow, m.column]] : m.type === "sow" ? [[m.row, m.column]] : m.lift;
    for (const c of starts) (moves[cellKey(c)] ??= []).push(m);
  }
  return moves;
}

/** The traits of a board showing `position`, as Python would set them. */
/** A move list of these entries, the current line's moves counted from them. */
export function moveListOf(entries: MoveNode[], extra: Partial<MoveListTrait> = {}): MoveListTrait {
  return { entries, line_length: entries.filter((e) => e.line).length, before: 0, after: 0, hidden: 0, ...extra };
}

/** One entry of a move list: (id, parent, index among the moves tried there, ply, text, on the line). */
export function moveNode(id: number, parent: number, index: number, ply: number, text: string, line = false, more = false): MoveNode {
  return { id, parent, index, ply, text, line, more };
}

export function traitsOf(position: Position, extra: Partial<Traits> = {}): Traits {
  const locale = extra.locale ?? "en";
  const perspective = extra.perspective ?? "south";
  const legal = extra.legal_moves ?? [];
  return {
    game: position.game, position, position_before: null, legal_moves: legal, trace: [], narration: [],
    last_move: null, move_count: 0, can_undo: false, can_redo: false, error: "", error_serial: 0,
    move_list: { entries: [], line_length: 0, before: 0, after: 0, hidden: 0 },
    cell_names: cellNames(position, locale), geometry: geometryOf(position, perspective, !!extra.numbers),
    cell_moves: cellMovesOf(legal, position.to_move === "south" ? 2 : 1), strings: strings(locale),
    perspective, labels: { south: "South", north: "North" }, title: "Test", interactive: true, speed: 1, locale,
    computer: "", thinking: false, computer_waits: false, computer_says: "", numbers: false, projector: false, high_contrast: false,
    hints: true, hint: null, game_review: { state: "none" }, can_review: false,
    ...extra,
  };
}

export function fakeModel(initial: Traits) {
  const traits: Traits = { ...initial };
  const listeners = new Map<string, Set<ModelListener>>();
  const sent: Message[] = [];
  const model: Model & { update(changes: Partial<Traits>): void; receive(content: unknown): void } = {
    get: (k) => traits[k],
    set: (k, v) => {
      traits[k] = v;
    },
    save_changes: () => {},
    send: (m) => sent.push(m),
    on: (e, cb) => {
      if (!listeners.has(e)) listeners.set(e, new Set());
      listeners.get(e)!.add(cb);
    },
    off: (e, cb) => listeners.get(e)?.delete(cb),
    update(changes) {
      Object.assign(traits, changes);
      for (const k of Object.keys(changes)) listeners.get(`change:${k}`)?.forEach((cb) => cb());
    },
    /** A custom message from Python. */
    receive(content) {
      listeners.get("msg:custom")?.forEach((cb) => cb(content));
    },
  };
  const count = () => [...listeners.values()].reduce((n, s) => n + s.size, 0);
  return { model, sent, listeners: count };
}
