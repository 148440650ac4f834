import { describe, expect, it } from "vitest";
import { MovePlayer, type Frame } from "./animation";
import type { Position, TraceEvent } from "./types";

const before: Position = {
  game: "kisolo", columns: 6, to_move: "south", status: "playing", winner: null, reason: null,
  board: [[0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0]],
};
const trace: TraceEvent[] = [
  { kind: "lift", rule: "sow", cell: [3, 0], count: 2, lap: 1 },
  { kind: "sow", lap: 1, cells: [[3, 1], [3, 2]] },
  { kind: "lap_end", lap: 1, cell: [3, 2], occupied: false, next: [3, 3], next_count: 0, then: "end" },
  { kind: "turn_end", to_move: "north" },
];

/** A scheduler the test advances by hand: no real time passes. */
function manualClock() {
  const pending: (() => void)[] = [];
  return {
    schedule: (fn: () => void) => {
      pending.push(fn);
      return () => pending.splice(pending.indexOf(fn), 1);
    },
    tick: () => pending.shift()?.(),
    get waiting() {
      return pending.length;
    },
  };
}

describe("MovePlayer", () => {
  it("plays a sowing stone by stone, then each event", () => {
    const clock = manualClock();
    const frames: Frame[] = [];
    const p = new MovePlayer((f) => frames.push(f), () => 1, clock.schedule);
    p.load(before, trace, true);
    expect(p.busy).toBe(true);
    while (clock.waiting) clock.tick();
    const boards = frames.map((f) => f.state.board[3].slice(0, 3).join(""));
    expect(boards).toContain("010"); // the first stone has fallen, not yet the second
    expect(frames[frames.length - 1].state.board[3].slice(0, 3)).toEqual([0, 1, 1]);
    expect(p.busy).toBe(false);
  });

  it("steps back and forward between events and replays", () => {
    const p = new MovePlayer(() => {}, () => 1, manualClock().schedule);
    p.load(before, trace, false);
    expect(p.step).toBe(4);
    p.back();
    p.back();
    p.back();
    expect(p.step).toBe(1);
    expect(p.states[p.step].hand).toBe(2);
    p.forward();
    expect(p.states[p.step].board[3]).toEqual([0, 1, 1, 0, 0, 0]);
    p.replay();
    expect(p.step).toBe(0);
    expect(p.playing).toBe(true);
  });

  it("queues a move that arrives while another animates, losing neither", () => {
    const clock = manualClock();
    const shown: Frame[] = [];
    const p = new MovePlayer((f) => shown.push(f), () => 1, clock.schedule);
    p.load(before, trace, true);
    const second = { ...before, board: [[0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0], [0, 1, 1, 0, 0, 0]] };
    const secondTrace: TraceEvent[] = [{ kind: "lift", rule: "sow", cell: [3, 1], count: 1, lap: 1 }, { kind: "sow", lap: 1, cells: [[3, 2]] }];
    p.load(second, secondTrace, true);
    expect(p.trace).toBe(trace); // still playing the first
    while (clock.waiting) clock.tick();
    expect(p.trace).toBe(secondTrace);
    expect(shown[shown.length - 1].state.board[3]).toEqual([0, 0, 2, 0, 0, 0]);
  });
});
