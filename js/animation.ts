// Playing a move's trace: one step per event, a sowing shown stone by stone.
// Step controls move between the states before and after each event.

import { applyEvent, sowCells, statesOf, type ViewState } from "./view-state";
import type { Position, TraceEvent } from "./types";

/** Milliseconds per step at speed 1. */
export const TIMING = { drop: 260, event: 700, quick: 350 };

export interface Frame {
  /** How many events are fully shown (0 = the position before the move). */
  step: number;
  state: ViewState;
  /** The event being shown, if any (the last one completed, or the one in progress). */
  event: TraceEvent | null;
  /** For a sowing in progress: how many of its stones have fallen. */
  drops: number | null;
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
    this.cancel = this.schedule(() => this.tick(), TIMING.quick / this.speed());
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
      const total = sowCells(ev).length;
      const done = this.drops ?? 0;
      if (done < total) {
        this.drops = done + 1;
        this.render();
        this.cancel = this.schedule(() => this.tick(), TIMING.drop / speed);
        return;
      }
      this.drops = null;
      this.step += 1;
      this.render();
      this.cancel = this.schedule(() => this.tick(), TIMING.quick / speed);
      return;
    }
    this.step += 1;
    this.render();
    const wait = ev.kind === "turn_end" ? TIMING.quick : TIMING.event;
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
