// A stand-in for anywidget's model in unit tests: traits in a map, change
// events like Backbone's (all values set first, then one event per change).
// The interface words and hole names are the real ones Python sends, written
// by tests/make_js_fixtures.py.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Message, Model, Position, Traits } from "./types";

const TEXT = JSON.parse(readFileSync(join(__dirname, "__fixtures__", "text.json"), "utf8"));

/** The `strings` trait Python sends a board in `locale`. */
export function strings(locale = "en"): Traits["strings"] {
  return TEXT.strings[locale];
}

/** The `cell_names` trait Python sends for a position's board. */
export function cellNames(p: Position, locale = "en"): string[][] {
  const shape = p.game === "kiothi" ? "kiothi" : `kisolo-${p.board[0].length}`;
  return TEXT.names[locale][shape];
}

/** The traits of a board showing `position`, as Python would set them. */
export function traitsOf(position: Position, extra: Partial<Traits> = {}): Traits {
  const locale = extra.locale ?? "en";
  return {
    game: position.game, position, position_before: null, legal_moves: [], trace: [], narration: [],
    last_move: null, move_count: 0, can_undo: false, can_redo: false, error: "", error_serial: 0,
    perspective: "south", labels: { south: "South", north: "North" }, title: "Test", interactive: true,
    speed: 1, locale, strings: strings(locale), cell_names: cellNames(position, locale), ...extra,
  };
}

export function fakeModel(initial: Traits) {
  const traits: Traits = { ...initial };
  const listeners = new Map<string, Set<() => void>>();
  const sent: Message[] = [];
  const model: Model & { update(changes: Partial<Traits>): void } = {
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
  };
  const count = () => [...listeners.values()].reduce((n, s) => n + s.size, 0);
  return { model, sent, listeners: count };
}
