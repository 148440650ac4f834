// Playing a move's trace: one step per event, a sowing shown stone by stone.
// Step controls move between the states before and after each event.

import { applyEvent, statesOf, type ViewState } from "./view-state";
import type { EventKind, Position, StepAction, StepCommand, TraceEvent } from "./types";

/** Milliseconds per step at speed 1, for a move short enough to show in full. */
export const TIMING = { drop: 260, event: 700, quick: 350 };
/** The longest a move takes to show at speed 1: a class should not wait longer. */
export const BUDGET = 6000;
/** In a long move, the fewest milliseconds a lap, and an event that matters, stay on screen. */
const MIN_LAP = 100;
const KEY_EVENT = 450;
/** Events a long move still shows for a moment: what changes the game. */
const KEY_KINDS = new Set<EventKind>(["capture", "leftmost_triple", "nki_release", "nki_mark", "game_end", "place"]);

export interface Pace {
  /** Per stone dropped; 0 when a lap is shown at once. */
  drop: number;
  /** After a whole lap (in lap mode) or after a sowing's last stone. */
  lap: number;
  /** Each other event, by kind. */
  event: (ev: TraceEvent) => number;
  /** The pause on the starting position. */
  start: number;
}

/** How long a move's trace takes at this pace, speed 1. */
export function duration(trace: TraceEvent[], p: Pace): number {
  let total = p.start;
  for (const ev of trace) total += ev.kind === "sow" ? ev.cells.length * p.drop + p.lap : p.event(ev);
  return total;
}

/** The pace that shows a move within BUDGET: the natural pace if it fits; else the
 * same pace faster; else one lap at a time, with the events that change the game
 * kept long enough to see. Stepping still goes through every event. */
export function pace(trace: TraceEvent[]): Pace {
  const natural: Pace = {
    drop: TIMING.drop, lap: TIMING.quick, start: TIMING.quick,
    event: (ev) => (ev.kind === "turn_end" ? TIMING.quick : TIMING.event),
  };
  const total = duration(trace, natural);
  if (total <= BUDGET) return natural;
  const f = BUDGET / total;
  if (TIMING.drop * f >= 60) {
    return { drop: TIMING.drop * f, lap: TIMING.quick * f, start: TIMING.quick * f, event: (ev) => natural.event(ev) * f };
  }
  const laps = trace.filter((ev) => ev.kind === "sow").length;
  const keys = trace.filter((ev) => KEY_KINDS.has(ev.kind)).length;
  const key = Math.min(KEY_EVENT, (BUDGET / 2) / Math.max(1, keys));
  const lap = Math.min(TIMING.event, Math.max(MIN_LAP, (BUDGET - keys * key - TIMING.quick) / Math.max(1, laps)));
  return { drop: 0, lap, start: TIMING.quick, event: (ev) => (KEY_KINDS.has(ev.kind) ? key : 0) };
}

export interface Frame {
  /** How many events are fully shown (0 = the position before the move). */
  step: number;
  state: ViewState;
  /** The event being shown, if any (the last one completed, or the one in progress). */
  event: TraceEvent | null;
  /** For a sowing in progress: how many of its stones have fallen. */
  drops: number | null;
}

export const STEP_ACTIONS: readonly StepAction[] = ["replay", "back", "play", "pause", "forward", "end"];

/** Python's custom message asking for a step (`{kind: "step", action, step}`), or
 * null for any other message. */
export function stepCommand(content: unknown): StepCommand | null {
  if (typeof content !== "object" || content === null) return null;
  const { kind, action, step } = content as Record<string, unknown>;
  if (kind !== "step") return null;
  if (action === "goto") return Number.isInteger(step) && (step as number) >= 0 ? { action, step: step as number } : null;
  return STEP_ACTIONS.includes(action as StepAction) && step === null ? { action: action as StepAction, step: null } : null;
}

export type Scheduler = (fn: () => void, ms: number) => () => void;

export const timeoutScheduler: Scheduler = (fn, ms) => {
  const id = setTimeout(fn, ms);
  return () => clearTimeout(id);
};

export class MovePlayer {
  trace: TraceEvent[] = [];
  states: ViewState[] = [];
  step = 0;
  playing = false;
  /** Who is moving in the move shown. */
  mover: Position["to_move"] | null = null;
  private drops: number | null = null;
  private cancel: (() => void) | null = null;
  private queue: { before: Position; trace: TraceEvent[] }[] = [];
  private pace: Pace = pace([]);

  constructor(
    private show: (frame: Frame) => void,
    private speed: () => number,
    private schedule: Scheduler = timeoutScheduler,
    private onIdle: () => void = () => {},
  ) {}

  get length(): number {
    return this.trace.length;
  }

  /** True while a move is being animated (clicks on the board wait). */
  get busy(): boolean {
    return this.playing && this.step < this.trace.length;
  }

  /** Show a new move; animate it, or queue it behind the one playing. */
  load(before: Position, trace: TraceEvent[], animate: boolean): void {
    if (animate && this.busy) {
      this.queue.push({ before, trace });
      return;
    }
    this.stop();
    this.queue = [];
    this.mover = before.to_move;
    this.trace = trace;
    this.pace = pace(trace);
    this.states = statesOf(before, trace);
    this.step = animate ? 0 : trace.length;
    this.drops = null;
    this.render();
    if (animate && trace.length) this.play();
  }

  /** Show a position with no move to replay. */
  clear(position: Position): void {
    this.load(position, [], false);
  }

  play(): void {
    if (this.step >= this.trace.length) this.step = 0;
    this.playing = true;
    this.render();
    // A short pause on the starting position, with the moved hole marked.
    this.cancel = this.schedule(() => this.tick(), this.pace.start / this.speed());
  }

  pause(): void {
    this.stop();
    this.drops = null;
    this.render();
  }

  forward(): void {
    this.stop();
    this.drops = null;
    if (this.step < this.trace.length) this.step += 1;
    this.render();
  }

  back(): void {
    this.stop();
    if (this.drops === null && this.step > 0) this.step -= 1;
    this.drops = null;
    this.render();
  }

  toEnd(): void {
    this.stop();
    this.drops = null;
    this.step = this.trace.length;
    this.render();
    this.next();
  }

  /** Show the move after `step` events (its end, past the last). */
  seek(step: number): void {
    if (step >= this.trace.length) return this.toEnd();
    this.stop();
    this.drops = null;
    this.step = Math.max(0, step);
    this.render();
  }

  /** Press a step control, or seek (a StepCommand from Python). */
  command(c: StepCommand): void {
    if (c.action === "goto") this.seek(c.step);
    else if (c.action === "replay") this.replay();
    else if (c.action === "back") this.back();
    else if (c.action === "play") this.play();
    else if (c.action === "pause") this.pause();
    else if (c.action === "forward") this.forward();
    else this.toEnd();
  }

  /** Show at once the end of the move playing and of any queued behind it, as
   * when a student clicks the board in the middle of an animation. */
  finish(): void {
    const last = this.queue.pop();
    this.queue = [];
    if (last) this.load(last.before, last.trace, false);
    else {
      this.stop();
      this.drops = null;
      this.step = this.trace.length;
      this.render();
    }
    this.onIdle();
  }

  /** How long the move takes to show at the current speed, in milliseconds. */
  get duration(): number {
    return duration(this.trace, this.pace) / this.speed();
  }

  replay(): void {
    this.stop();
    this.step = 0;
    this.drops = null;
    if (this.trace.length) this.play();
    else this.render();
  }

  dispose(): void {
    this.stop();
    this.queue = [];
  }

  private stop(): void {
    this.playing = false;
    if (this.cancel) this.cancel();
    this.cancel = null;
  }

  private tick(): void {
    if (!this.playing) return;
    if (this.step >= this.trace.length) {
      this.playing = false;
      this.render();
      this.next();
      return;
    }
    const ev = this.trace[this.step];
    const speed = this.speed();
    if (ev.kind === "sow") {
      const total = ev.cells.length;
      const done = this.drops ?? 0;
      if (this.pace.drop > 0 && done < total) {
        this.drops = done + 1;
        this.render();
        this.cancel = this.schedule(() => this.tick(), this.pace.drop / speed);
        return;
      }
      this.drops = null;
      this.step += 1;
      this.render();
      this.cancel = this.schedule(() => this.tick(), this.pace.lap / speed);
      return;
    }
    this.step += 1;
    const wait = this.pace.event(ev);
    // In a long move the in-between events pass without a frame of their own.
    if (wait > 0 || this.step >= this.trace.length) this.render();
    this.cancel = this.schedule(() => this.tick(), wait / speed);
  }

  private next(): void {
    const queued = this.queue.shift();
    if (queued) this.load(queued.before, queued.trace, true);
    else this.onIdle();
  }

  private render(): void {
    let state = this.states[this.step];
    let event: TraceEvent | null = this.step > 0 ? this.trace[this.step - 1] : null;
    if (this.drops !== null) {
      event = this.trace[this.step];
      state = applyEvent(this.states[this.step], event, this.drops);
    }
    this.show({ step: this.step, state, event, drops: this.drops });
  }
}
