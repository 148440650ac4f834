// A stand-in for anywidget's model in unit tests: traits in a map, change
// events like Backbone's (all values set first, then one event per change).
import type { Message, Model, Traits } from "./types";

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
