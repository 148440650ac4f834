import { describe, expect, it, vi } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { BUDGET, duration, MovePlayer, pace, STEP_ACTIONS, stepCommand, TIMING, timeoutScheduler, type Frame } from "./animation";
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

/** A scheduler the test advances by hand: no real time passes. `waits` lists how
 * long each frame was asked to stay on screen, in milliseconds. */
function manualClock() {
  const pending: (() => void)[] = [];
  const waits: number[] = [];
  return {
    schedule: (fn: () => void, ms: number) => {
      pending.push(fn);
      waits.push(ms);
      return () => pending.splice(pending.indexOf(fn), 1);
    },
    tick: () => pending.shift()?.(),
    waits,
    get waiting() {
      return pending.length;
    },
  };
}

/** A player animating the test move, stopped after its lift and first stone. */
function atFirstStone() {
  const frames: Frame[] = [];
  const clock = manualClock();
  const p = new MovePlayer((f) => frames.push(f), () => 1, clock.schedule);
  p.load(before, trace, true);
  clock.tick(); // the lift
  clock.tick(); // the first stone
  return { frames, clock, p };
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

  it("keeps each frame on screen at the natural pace: the start, each event, each stone, the lap, a quicker turn end", () => {
    const clock = manualClock();
    const frames: Frame[] = [];
    const p = new MovePlayer((f) => frames.push(f), () => 1, clock.schedule);
    p.load(before, trace, true);
    while (clock.waiting) clock.tick();
    // start, lift, stone, stone, after the lap, lap end, turn end
    expect(clock.waits).toEqual([350, 700, 260, 260, 350, 700, 350]);
    expect(p.playing).toBe(false);
    // Each frame: the events fully shown, the stones fallen of the sowing under way, the event it shows.
    expect(frames.map((f) => [f.step, f.drops, f.event?.kind ?? null])).toEqual([
      [0, null, null], [0, null, null], [1, null, "lift"], [1, 1, "sow"], [1, 2, "sow"], [2, null, "sow"],
      [3, null, "lap_end"], [4, null, "turn_end"], [4, null, "turn_end"],
    ]);
    expect(frames[3].state.board[3].slice(0, 3)).toEqual([0, 1, 0]);
    expect(frames[3].state.hand).toBe(1);
  });

  it("waits half as long at speed 2", () => {
    const clock = manualClock();
    const p = new MovePlayer(() => {}, () => 2, clock.schedule);
    p.load(before, trace, true);
    while (clock.waiting) clock.tick();
    expect(clock.waits).toEqual([175, 350, 130, 130, 175, 350, 175]);
  });

  it("shows a long move a lap at a time, passing the other events without a frame of their own", () => {
    const clock = manualClock();
    const frames: Frame[] = [];
    const p = new MovePlayer((f) => frames.push(f), () => 1, clock.schedule);
    const long: TraceEvent[] = [{ kind: "lift", rule: "sow", cell: [3, 0], count: 2, lap: 1 }];
    for (let lap = 1; lap <= 40; lap++) {
      long.push({ kind: "sow", lap, cells: Array.from({ length: 30 }, (): [number, number] => [3, 1]) });
      long.push({ kind: "lap_end", lap, cell: [3, 1], occupied: true, then: "relay" });
    }
    p.load({ ...before, board: [[0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0]] }, long, true);
    while (clock.waiting) clock.tick();
    // (6000 ms - the start's 350) / 40 laps = 141.25 ms a lap; the lift and the lap ends pass at once.
    expect(clock.waits).toEqual([350, 0, ...Array.from({ length: 40 }, () => [141.25, 0]).flat()]);
    const shown = frames.filter((f) => f.step > 0).map((f) => f.event!.kind);
    expect(shown).toEqual([...Array(40).fill("sow"), "lap_end", "lap_end"]);
    expect(frames.every((f) => f.drops === null)).toBe(true);
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

const FIXTURES = join(__dirname, "__fixtures__", "traces.json");
const engine: { name: string; before: Position; trace: TraceEvent[] }[] = existsSync(FIXTURES) ? JSON.parse(readFileSync(FIXTURES, "utf8")) : [];

describe("pacing", () => {
  it("shows a short move at the natural pace: each stone, each event, a quicker turn end", () => {
    const p = pace(trace);
    expect(p.drop).toBe(TIMING.drop);
    expect(p.event(trace[0])).toBe(TIMING.event);
    expect(p.event(trace[3])).toBe(TIMING.quick);
    expect(duration(trace, p)).toBe(TIMING.quick + TIMING.event + 2 * TIMING.drop + TIMING.quick + TIMING.event + TIMING.quick);
  });

  it("shows every engine move within the budget, a long one faster or a lap at a time (an endless one at 100 ms a lap)", () => {
    expect(engine.length).toBeGreaterThan(100);
    let faster = 0;
    let lapwise = 0;
    for (const c of engine) {
      const p = pace(c.trace);
      if (p.lap > 100) expect(duration(c.trace, p), c.name).toBeLessThanOrEqual(BUDGET + 1e-6);
      if (p.drop > 0 && p.drop < TIMING.drop) faster += 1;
      if (p.drop === 0) lapwise += 1;
    }
    expect(faster + lapwise).toBeGreaterThan(0);
  });

  it("keeps a lap at a time on screen, and the events that change the game longer than the others", () => {
    const sowing: TraceEvent = { kind: "sow", lap: 1, cells: Array.from({ length: 30 }, (_, i): [number, number] => [3, i % 6]) };
    const long: TraceEvent[] = [];
    for (let lap = 0; lap < 40; lap++) long.push(sowing, { kind: "lap_end", lap, cell: [3, 0], occupied: true, then: "relay" });
    long.push({ kind: "capture", rule: "mid_move_capture", player: "south", lap: 41, cell: [2, 0], from: [[1, 0, 1]], count: 1, into: "sow" });
    const p = pace(long);
    expect(p.drop).toBe(0);
    expect(p.event(long[1])).toBe(0);
    expect(p.event(long[long.length - 1])).toBe(450);
    expect(p.lap).toBeGreaterThanOrEqual(100);
    expect(duration(long, p)).toBeLessThanOrEqual(BUDGET);
  });

  it("in a long move, keeps on screen every event that changes the game, and passes the others", () => {
    const sowing: TraceEvent = { kind: "sow", lap: 1, cells: Array.from({ length: 30 }, (_, i): [number, number] => [3, i % 6]) };
    const p = pace(Array.from({ length: 40 }, () => sowing));
    expect(p.drop).toBe(0);
    const kept = ["capture", "leftmost_triple", "nki_release", "nki_mark", "game_end", "place"];
    const passed = ["lift", "lap_end", "turn_end", "laps_skipped"];
    // pace() reads only an event's kind.
    for (const kind of kept) expect(p.event({ kind } as TraceEvent), kind).toBe(450);
    for (const kind of passed) expect(p.event({ kind } as TraceEvent), kind).toBe(0);
  });

  it("shares half the budget among the events that change the game, and shows a lap at least 100 ms", () => {
    const sowing: TraceEvent = { kind: "sow", lap: 1, cells: Array.from({ length: 30 }, (_, i): [number, number] => [3, i % 6]) };
    const capture: TraceEvent = { kind: "capture", rule: "mid_move_capture", player: "south", lap: 1, cell: [2, 0], from: [[1, 0, 1]], count: 1, into: "sow" };
    const long: TraceEvent[] = [];
    for (let lap = 0; lap < 40; lap++) long.push(sowing);
    for (let i = 0; i < 10; i++) long.push(capture);
    const p = pace(long);
    // 3000 ms shared by 10 captures: 300 ms each; (6000 - 3000 - 350) / 40 laps is under 100 ms.
    expect(p.event(capture)).toBe(300);
    expect(p.lap).toBe(100);
    expect(p.start).toBe(350);
  });

  it("shows a single very long lap for at most 700 ms", () => {
    const sowing: TraceEvent = { kind: "sow", lap: 1, cells: Array.from({ length: 200 }, (): [number, number] => [3, 1]) };
    const p = pace([sowing, { kind: "turn_end", to_move: "north" }]);
    expect(p.drop).toBe(0);
    expect(p.lap).toBe(700);
    expect(p.event({ kind: "turn_end", to_move: "north" })).toBe(0);
  });

  it("still shows a move stone by stone when that takes 60 ms a stone", () => {
    const sowing: TraceEvent = { kind: "sow", lap: 1, cells: Array.from({ length: 65 }, (): [number, number] => [3, 1]) };
    const ends: TraceEvent[] = Array.from({ length: 12 }, () => ({ kind: "lap_end", lap: 1, cell: [3, 1], occupied: false, then: "end" }));
    // 350 + 65 * 260 + 350 + 12 * 700 = 26,000 ms at the natural pace: scaled to 6,000, a stone takes 60 ms.
    expect(pace([sowing, ...ends]).drop).toBe(60);
    expect(pace([sowing, ...ends, { kind: "turn_end", to_move: "north" }]).drop).toBe(0);
  });

  it("speeds the same pace up for a move a little too long", () => {
    const sowing: TraceEvent = { kind: "sow", lap: 1, cells: Array.from({ length: 24 }, (): [number, number] => [3, 1]) };
    const p = pace([sowing]);
    expect(p.drop).toBeLessThan(TIMING.drop);
    expect(p.drop).toBeGreaterThanOrEqual(60);
    // The natural pace would take 350 + 24 * 260 + 350 = 6940 ms: every wait is scaled by 6000 / 6940.
    const f = 6000 / 6940;
    expect(p.drop).toBeCloseTo(260 * f);
    expect(p.lap).toBeCloseTo(350 * f);
    expect(p.start).toBeCloseTo(350 * f);
    expect(p.event({ kind: "lift", rule: "sow", cell: [3, 0], count: 24 })).toBeCloseTo(700 * f);
    expect(p.event({ kind: "turn_end", to_move: "north" })).toBeCloseTo(350 * f);
    expect(duration([sowing], p)).toBeCloseTo(BUDGET);
    const m = new MovePlayer(() => {}, () => 2, manualClock().schedule);
    m.load(before, [sowing], false);
    expect(m.duration).toBeCloseTo(BUDGET / 2);
  });
});

describe("MovePlayer controls", () => {
  it("shows nothing and plays nothing before the first move", () => {
    let idle = 0;
    const p = new MovePlayer(() => {}, () => 1, manualClock().schedule, () => (idle += 1));
    expect([p.playing, p.busy, p.length, p.states]).toEqual([false, false, 0, []]);
    p.finish();
    expect(idle).toBe(1);
  });

  it("is busy until the move's last event is shown, and not while paused", () => {
    const clock = manualClock();
    const busy: [number, boolean][] = [];
    const p: MovePlayer = new MovePlayer((f) => busy.push([f.step, p.busy]), () => 1, clock.schedule);
    p.load(before, trace, true);
    while (clock.waiting) clock.tick();
    // Clicks wait while the move is shown, but not through the pause after its last event.
    expect(busy.filter(([step]) => step === trace.length).map(([, b]) => b)).toEqual([false, false]);
    expect(busy.filter(([step]) => step > 0 && step < trace.length).every(([, b]) => b)).toBe(true);
    p.load(before, trace, true);
    clock.tick();
    p.pause();
    expect(p.busy).toBe(false);
  });

  it("shows at once a move that arrives while the one shown is paused", () => {
    const clock = manualClock();
    const p = new MovePlayer(() => {}, () => 1, clock.schedule);
    p.load(before, trace, true);
    clock.tick();
    p.pause();
    const next: TraceEvent[] = [{ kind: "turn_end", to_move: "south" }];
    p.load({ ...before, to_move: "north" }, next, true);
    expect(p.trace).toBe(next);
    expect(p.mover).toBe("north");
  });

  it("shows a position with no move at once, stopping the move playing", () => {
    const clock = manualClock();
    const frames: Frame[] = [];
    const p = new MovePlayer((f) => frames.push(f), () => 1, clock.schedule);
    p.load(before, trace, true);
    clock.tick();
    const other: Position = { ...before, to_move: "north", board: [[1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 2]] };
    p.clear(other);
    expect([p.playing, p.length, clock.waiting]).toEqual([false, 0, 0]);
    expect(frames[frames.length - 1]).toMatchObject({ step: 0, event: null, drops: null });
    expect(frames[frames.length - 1].state.board).toEqual(other.board);
  });

  it("plays a move again from its start when Play is pressed at its end", () => {
    const clock = manualClock();
    const frames: Frame[] = [];
    const p = new MovePlayer((f) => frames.push(f), () => 1, clock.schedule);
    p.load(before, trace, false);
    expect(p.step).toBe(trace.length);
    p.play();
    expect(p.step).toBe(0);
    expect(frames[frames.length - 1].state.board).toEqual(before.board);
  });

  it("waits for real with the default scheduler, and can be cancelled", () => {
    vi.useFakeTimers();
    try {
      const fired: string[] = [];
      timeoutScheduler(() => fired.push("kept"), 100);
      const cancel = timeoutScheduler(() => fired.push("cancelled"), 100);
      cancel();
      vi.advanceTimersByTime(99);
      expect(fired).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(fired).toEqual(["kept"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("pauses and plays on from where it stopped", () => {
    const clock = manualClock();
    const p = new MovePlayer(() => {}, () => 1, clock.schedule);
    p.load(before, trace, true);
    clock.tick();
    clock.tick();
    p.pause();
    expect(p.playing).toBe(false);
    expect(clock.waiting).toBe(0);
    const at = p.step;
    p.play();
    expect(p.step).toBe(at);
    expect(p.playing).toBe(true);
  });

  it("steps back from the middle of a sowing to the event before it, and forward no further than the end", () => {
    const { frames, clock, p } = atFirstStone();
    expect(frames[frames.length - 1].drops).toBe(1);
    p.back();
    expect(frames[frames.length - 1]).toMatchObject({ step: 1, drops: null });
    p.toEnd();
    p.forward();
    expect(p.step).toBe(trace.length);
    p.load(before, trace, false);
    p.back();
    p.back();
    p.back();
    p.back();
    p.back();
    expect(p.step).toBe(0);
  });

  it("replays from the start, and replays nothing when there is no move", () => {
    const frames: Frame[] = [];
    const p = new MovePlayer((f) => frames.push(f), () => 1, manualClock().schedule);
    p.clear(before);
    p.replay();
    expect(p.playing).toBe(false);
    expect(frames[frames.length - 1]).toMatchObject({ step: 0, event: null, drops: null });
  });

  it("finishes at once the move playing and the one queued behind it, then says it is idle", () => {
    let idle = 0;
    const clock = manualClock();
    const frames: Frame[] = [];
    const p = new MovePlayer((f) => frames.push(f), () => 1, clock.schedule, () => (idle += 1));
    p.load(before, trace, true);
    const second = { ...before, to_move: "north" as const };
    p.load(second, [{ kind: "turn_end", to_move: "south" }], true);
    p.finish();
    expect(idle).toBe(1);
    expect(p.mover).toBe("north");
    expect(p.busy).toBe(false);
    expect(frames[frames.length - 1].step).toBe(1);
    p.finish();
    expect(idle).toBe(2);
    p.dispose();
    expect(clock.waiting).toBe(0);
  });

  it("replays to its end a move the student cut short", () => {
    let idle = 0;
    const clock = manualClock();
    const p = new MovePlayer(() => {}, () => 1, clock.schedule, () => (idle += 1));
    p.load(before, trace, true);
    clock.tick();
    p.finish();
    p.replay();
    while (clock.waiting) clock.tick();
    expect([idle, p.step, p.playing]).toEqual([2, trace.length, false]);
  });

  it("stops and forgets the moves queued when disposed", () => {
    const clock = manualClock();
    const p = new MovePlayer(() => {}, () => 1, clock.schedule);
    p.load(before, trace, true);
    p.load(before, [{ kind: "turn_end", to_move: "south" }], true);
    p.dispose();
    expect([p.playing, clock.waiting]).toEqual([false, 0]);
    p.toEnd();
    expect(p.trace).toBe(trace);
  });

  it("plays a queued move after skipping to the end of the one playing", () => {
    const clock = manualClock();
    const p = new MovePlayer(() => {}, () => 1, clock.schedule);
    p.load(before, trace, true);
    const next: TraceEvent[] = [{ kind: "turn_end", to_move: "south" }];
    p.load(before, next, true);
    p.toEnd();
    expect(p.trace).toBe(next);
    expect(p.playing).toBe(true);
  });
});

describe("steps asked for by Python (boards side by side step together)", () => {
  it("reads a step command, and nothing else", () => {
    // The controls' names, as Python's STEP_ACTIONS (mancala_widgets/widgets/board.py) lists them.
    const controls = ["replay", "back", "play", "pause", "forward", "end"] as const;
    expect(STEP_ACTIONS).toEqual(controls);
    for (const action of controls) expect(stepCommand({ kind: "step", action, step: null })).toEqual({ action, step: null });
    expect(stepCommand({ kind: "step", action: "goto", step: 0 })).toEqual({ action: "goto", step: 0 });
    expect(stepCommand({ kind: "step", action: "goto", step: 3 })).toEqual({ action: "goto", step: 3 });
    const refused: unknown[] = [
      null, "step", 3, [], {}, { kind: "play", action: "back", step: null }, { action: "back", step: null },
      { kind: "step", action: "jump", step: null }, { kind: "step", action: "back", step: 2 },
      { kind: "step", action: "back" }, { kind: "step", action: "goto", step: -1 },
      { kind: "step", action: "goto", step: 1.5 }, { kind: "step", action: "goto", step: "2" },
      { kind: "step", action: "goto", step: null },
    ];
    for (const content of refused) expect(stepCommand(content)).toBeNull();
  });

  it("seeks to a number of events, the end past the last, and stops the animation", () => {
    const { frames, clock, p } = atFirstStone();
    p.command({ action: "goto", step: 2 });
    expect(p.playing).toBe(false);
    expect(clock.waiting).toBe(0);
    expect(frames[frames.length - 1]).toMatchObject({ step: 2, drops: null, event: trace[1] });
    expect(frames[frames.length - 1].state.board[3]).toEqual([0, 1, 1, 0, 0, 0]);
    p.command({ action: "goto", step: 0 });
    expect(frames[frames.length - 1]).toMatchObject({ step: 0, event: null });
    p.command({ action: "goto", step: 99 });
    expect(p.step).toBe(trace.length);
  });

  it("plays a queued move when asked to show the end of the one playing", () => {
    const clock = manualClock();
    const p = new MovePlayer(() => {}, () => 1, clock.schedule);
    p.load(before, trace, true);
    const next: TraceEvent[] = [{ kind: "turn_end", to_move: "south" }];
    p.load(before, next, true); // queued behind the move playing
    p.command({ action: "goto", step: trace.length });
    expect(p.trace).toBe(next);
    expect(p.playing).toBe(true);
  });

  it("presses each step control as its button does", () => {
    const clock = manualClock();
    const p = new MovePlayer(() => {}, () => 1, clock.schedule);
    p.load(before, trace, false);
    p.command({ action: "back", step: null });
    expect([p.step, p.playing]).toEqual([3, false]);
    p.command({ action: "back", step: null });
    p.command({ action: "forward", step: null });
    expect(p.step).toBe(3);
    p.command({ action: "play", step: null });
    expect(p.playing).toBe(true);
    p.command({ action: "pause", step: null });
    expect([p.step, p.playing, clock.waiting]).toEqual([3, false, 0]);
    p.command({ action: "end", step: null });
    expect(p.step).toBe(4);
    p.command({ action: "replay", step: null });
    expect([p.step, p.playing]).toEqual([0, true]);
  });
});
