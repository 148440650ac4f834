import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { applyEvent, eventCell, statesOf } from "./view-state";
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

describe("one event at a time", () => {
  const E = Array(6).fill(0);
  const KISOLO: Position = {
    game: "kisolo", columns: 6, to_move: "south", status: "playing", winner: null, reason: null,
    board: [[0, 0, 1, 0, 0, 0], [0, 0, 2, 0, 0, 0], [0, 0, 1, 0, 0, 0], [2, 0, 0, 0, 0, 0]],
  };
  const F = Array(10).fill(false);
  const KIOTHI: Position = {
    game: "kiothi", start_holes: 6, orthodox: true, to_move: "south", turn: 9,
    board: [[0, 3, 1, 4, 0, 0, 0, 0, 0, 2], [0, 0, 0, 1, 5, 5, 0, 0, 0, 0]],
    nki: [[...F.slice(0, 9), true], F.slice()], sown: [F.slice(), F.slice()],
    jails: { south: 10, north: 12 }, status: "playing", winner: null, reason: null,
  };

  it("follows the pieces in hand and where the hand is: lifted, then dropped one by one", () => {
    const lift: TraceEvent = { kind: "lift", rule: "sow", cell: [3, 0], count: 2, lap: 1 };
    const sow: TraceEvent = { kind: "sow", lap: 1, cells: [[3, 1], [3, 2]] };
    const [before, lifted, sown] = statesOf(KISOLO, [lift, sow]);
    expect([before.hand, before.handAt]).toEqual([0, null]);
    expect([lifted.hand, lifted.handAt, lifted.board[3]]).toEqual([2, [3, 0], [0, 0, 0, 0, 0, 0]]);
    const one = applyEvent(lifted, sow, 1);
    expect([one.hand, one.handAt, one.board[3]]).toEqual([1, [3, 1], [0, 1, 0, 0, 0, 0]]);
    expect([sown.hand, sown.handAt, sown.board[3]]).toEqual([0, [3, 2], [0, 1, 1, 0, 0, 0]]);
    const end: TraceEvent = { kind: "lap_end", lap: 1, cell: [3, 2], occupied: false, next: [3, 3], next_count: 0, then: "end" };
    expect(applyEvent(sown, end)).toEqual(sown);
  });

  it("never changes the state it starts from, nor the position", () => {
    const states = statesOf(KISOLO, [{ kind: "lift", rule: "sow", cell: [3, 0], count: 2, lap: 1 }]);
    expect(states[0].board).toEqual(KISOLO.board);
    expect(KISOLO.board[3][0]).toBe(2);
    const kiothi = statesOf(KIOTHI, [
      { kind: "nki_release", rule: "nki_release", cell: [0, 9] },
      { kind: "capture", rule: "capture", player: "south", lap: 1, cell: [1, 3], from: [[0, 3, 4]], count: 5, into: "jail", jail: "south" },
    ]);
    expect(kiothi[0].nki![0][9]).toBe(true);
    expect(kiothi[0].jails).toEqual({ south: 10, north: 12 });
    expect(KIOTHI.nki![0][9]).toBe(true);
    expect(KIOTHI.jails).toEqual({ south: 10, north: 12 });
  });

  it("puts the pieces a Kisolo capture takes in hand, to be sown from the capturing inner hole", () => {
    const capture: TraceEvent = {
      kind: "capture", rule: "turn_start_capture", player: "south", lap: 1, cell: [2, 2], from: [[1, 2, 2], [0, 2, 1]], count: 3, into: "sow",
    };
    const after = applyEvent(statesOf(KISOLO, [])[0], capture);
    expect(after.board).toEqual([E, E, [0, 0, 1, 0, 0, 0], [2, 0, 0, 0, 0, 0]]);
    expect([after.hand, after.handAt]).toEqual([3, [2, 2]]);
  });

  it("sends a Kiothi capture to the jail with the capturing warrior", () => {
    const capture: TraceEvent = {
      kind: "capture", rule: "capture", player: "south", lap: 1, cell: [1, 3], from: [[0, 3, 4]], count: 5, into: "jail", jail: "south",
    };
    const after = applyEvent(statesOf(KIOTHI, [])[0], capture);
    expect(after.board).toEqual([[0, 3, 1, 0, 0, 0, 0, 0, 0, 2], [0, 0, 0, 0, 5, 5, 0, 0, 0, 0]]);
    expect(after.jails).toEqual({ south: 15, north: 12 });
    expect(after.hand).toBe(0);
  });

  it("takes the leftmost triple to the jail, or leaves it where it is", () => {
    const triple = (taken: boolean): TraceEvent => ({
      kind: "leftmost_triple", rule: "leftmost_triple", player: "south", taken, why: taken ? null : "nki", count: taken ? 8 : 0, jail: "south",
      cells: [[0, 1, 3], [0, 2, 1], [0, 3, 4]].map(([r, c, count]) => ({ cell: [r, c], count, nki: false, empty_at_start: false, sown: true })),
    });
    const start = statesOf(KIOTHI, [])[0];
    const taken = applyEvent(start, triple(true));
    expect(taken.board[0]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
    expect(taken.jails).toEqual({ south: 18, north: 12 });
    expect(applyEvent(start, triple(false))).toEqual(start);
  });

  it("in the opening, lifts two bomas into the hand and places warriors out of it", () => {
    const [, , lifted, placed] = statesOf(KIOTHI, [
      { kind: "lift", rule: "opening_redistribution", cell: [1, 4], count: 5 },
      { kind: "lift", rule: "opening_redistribution", cell: [1, 5], count: 5 },
      { kind: "place", rule: "opening_redistribution", cell: [0, 8], count: 3 },
    ]);
    expect(lifted.hand).toBe(10);
    expect(placed.hand).toBe(7);
    expect(placed.board[0][8]).toBe(3);
    expect(placed.board[1].slice(3, 6)).toEqual([1, 0, 0]);
  });

  it("marks bomas nki and releases them", () => {
    const [, marked, released] = statesOf(KIOTHI, [
      { kind: "nki_mark", rule: "nki_marking", cells: [[0, 1], [1, 4]] },
      { kind: "nki_release", rule: "nki_release", cell: [0, 9] },
    ]);
    expect(marked.nki).toEqual([[false, true, ...F.slice(2, 9), true], [...F.slice(0, 4), true, ...F.slice(5)]]);
    expect(released.nki).toEqual([[false, true, ...F.slice(2)], [...F.slice(0, 4), true, ...F.slice(5)]]);
  });

  it("takes the board, the nki marks and an empty hand from a summary of skipped laps", () => {
    const board = [[1, 0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0, 20]];
    const nki = [F.slice(), [...F.slice(0, 9), true]];
    const lifted = applyEvent(statesOf(KIOTHI, [])[0], { kind: "lift", rule: "relay", cell: [1, 4], count: 5, lap: 40 });
    const after = applyEvent(lifted, { kind: "laps_skipped", from_lap: 1001, to_lap: 5000, board, nki, sown: [F, F] });
    expect([after.board, after.nki, after.hand]).toEqual([board, nki, 0]);
    const kisolo = applyEvent(statesOf(KISOLO, [])[0], { kind: "laps_skipped", from_lap: 1001, to_lap: 5000, board: [E, E, E, [1, 1, 1, 1, 1, 1]] });
    expect([kisolo.board, kisolo.nki]).toEqual([[E, E, E, [1, 1, 1, 1, 1, 1]], null]);
  });

  it("sweeps what is left on the board into the jails at the end of the game", () => {
    const after = applyEvent(statesOf(KIOTHI, [])[0], {
      kind: "game_end", rule: "no_legal_move", status: "won", winner: "north", reason: "no legal move",
      sweep: [{ cell: [0, 9], count: 2, jail: "north" }, { cell: [1, 4], count: 5, jail: "south" }],
    });
    expect(after.board[0][9]).toBe(0);
    expect(after.board[1][4]).toBe(0);
    expect(after.jails).toEqual({ south: 15, north: 14 });
    const draw: TraceEvent = { kind: "game_end", rule: "perpetual_sowing", status: "draw", winner: null, reason: "perpetual sowing" };
    expect(applyEvent(statesOf(KISOLO, [])[0], draw).board).toEqual(KISOLO.board);
  });

  it("names the cell an event is about, if any", () => {
    expect(eventCell({ kind: "nki_release", rule: "nki_release", cell: [0, 9] })).toEqual([0, 9]);
    expect(eventCell({ kind: "turn_end", to_move: "north" })).toBeNull();
  });
});
