import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { statesOf } from "./view-state";
import type { EventKind, Position, TraceEvent } from "./types";

const FIXTURES = join(__dirname, "__fixtures__", "traces.json");

describe("replaying engine traces in the browser", () => {
  it("has the engine's traces (python tests/make_js_fixtures.py writes them)", () => {
    expect(existsSync(FIXTURES)).toBe(true);
  });

  const cases: { name: string; before: Position; trace: TraceEvent[]; after: Position }[] = existsSync(FIXTURES)
    ? JSON.parse(readFileSync(FIXTURES, "utf8"))
    : [];

  it("reaches the engine's position after every traced move", () => {
    expect(cases.length).toBeGreaterThan(100);
    for (const c of cases) {
      const states = statesOf(c.before, c.trace);
      const last = states[states.length - 1];
      expect(last.board, c.name).toEqual(c.after.board);
      if (c.after.jails) expect(last.jails, c.name).toEqual(c.after.jails);
      if (c.after.nki) expect(last.nki, c.name).toEqual(c.after.nki);
      expect(last.hand, c.name).toBe(0);
    }
  });
});

describe("the trace's types", () => {
  // A kind missing here, or one too many, does not compile: this is the union of js/types.ts.
  const KINDS: Record<EventKind, true> = {
    lift: true, sow: true, lap_end: true, capture: true, no_capture: true, leftmost_triple: true, place: true,
    nki_mark: true, nki_release: true, laps_skipped: true, turn_end: true, game_end: true,
  };

  it("has one event type per kind of rules/events.py", () => {
    const events = readFileSync(join(__dirname, "..", "mancala_widgets", "rules", "events.py"), "utf8");
    const kinds = /^KINDS = \(([^)]*)\)/m.exec(events)![1].match(/"(\w+)"/g)!.map((k) => k.slice(1, -1));
    expect(Object.keys(KINDS)).toEqual(kinds);
  });
});
