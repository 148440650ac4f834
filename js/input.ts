// The board's input as an explicit state machine. Clicks, keys, panel buttons,
// trait changes and the animation's start and end are events; `transition` is
// pure: it returns the next state and what to do (messages to Python, a notice,
// finishing the animation). Python checks every move again when it arrives; the
// browser only offers what the cell_moves trait lists for each cell.

import { cellKey, sameCell } from "./cells";
import type { Cell, Geometry, LessonState, Message, Move, Question, Taken, Traits } from "./types";

export type Settled =
  | { kind: "idle" }
  /** A cell whose pieces may be lifted in several counts: which count. */
  | { kind: "lift_count"; cell: Cell; counts: number[]; count: number }
  /** The opening: choosing the two cells to empty ... */
  | { kind: "opening_lift"; lifted: Cell[] }
  /** ... then placing their pieces one by one, in order (so "take back" undoes the last). */
  | { kind: "opening_place"; lifted: [Cell, Cell]; drops: Cell[] }
  /** A lesson question waits; the cells chosen so far for a several-cell answer. */
  | { kind: "answering"; chosen: Cell[] }
  | { kind: "thinking" };

/** While a move is shown the board waits; `resume` is the state to go back to. */
export type InputState = Settled | { kind: "animating"; resume: Settled };

/** What the input depends on, read from the synced traits. */
export interface Situation {
  cellMoves: Record<string, Move[]>;
  board: number[][];
  interactive: boolean;
  playing: boolean;
  /** The computer plays the side to move. */
  computerTurn: boolean;
  thinking: boolean;
  lesson: LessonState | null;
}

export type Button = "more" | "fewer" | "sow" | "cancel" | "take_back" | "confirm" | "check" | "no_capture";

export type InputEvent =
  /** A click, Enter or Space on a cell. */
  | { type: "click"; cell: Cell }
  /** Any other key pressed on a cell. */
  | { type: "key"; key: string; cell: Cell }
  /** A key that steps a lesson (Page Down / Up; arrows off the cells). */
  | { type: "lesson_key"; key: string; onCell: boolean }
  | { type: "button"; button: Button }
  | { type: "option"; value: string }
  /** The number typed as an answer, sent with Enter or Check. */
  | { type: "number"; text: string }
  | { type: "lesson"; action: "next" | "back" | "restart" }
  /** Traits the input depends on changed: start again from the resting state. */
  | { type: "sync" }
  | { type: "animation_start" }
  | { type: "animation_end" };

export type Effect =
  | { kind: "send"; message: Message }
  /** A word from the ui catalogue to show in the notice line. */
  | { kind: "notice"; key: string }
  /** Show the end of the move being animated at once. */
  | { kind: "finish" }
  | { kind: "to_end" };

export interface Step<S extends InputState = InputState> {
  state: S;
  effects: Effect[];
}

export function situationOf(t: Traits): Situation {
  const p = t.position;
  return {
    cellMoves: t.cell_moves,
    board: p.board,
    interactive: t.interactive,
    playing: p.status === "playing",
    computerTurn: t.computer === p.to_move,
    thinking: t.thinking,
    lesson: t.lesson ?? null,
  };
}

/** The question waiting for an answer, if any. */
export function waitingQuestion(lesson: LessonState | null): Question | null {
  return lesson?.question && !lesson.feedback ? lesson.question : null;
}

export function canPlay(s: Situation): boolean {
  return s.interactive && s.playing && !s.computerTurn;
}

function movesAt(s: Situation, cell: Cell): Move[] {
  return s.cellMoves[cellKey(cell)] ?? [];
}

function openingMoves(moves: Move[]): Extract<Move, { type: "redistribute" }>[] {
  return moves.filter((m): m is Extract<Move, { type: "redistribute" }> => m.type === "redistribute");
}

/** The state the board rests in when nothing is under way. */
export function resting(s: Situation): Settled {
  if (waitingQuestion(s.lesson)) return { kind: "answering", chosen: [] };
  if (s.thinking || (s.playing && s.computerTurn)) return { kind: "thinking" };
  const opening = Object.values(s.cellMoves).some((moves) => openingMoves(moves).length > 0);
  if (opening && canPlay(s)) return { kind: "opening_lift", lifted: [] };
  return { kind: "idle" };
}

/** The counts a cell's sowings may lift, lowest first, when there is a choice. */
export function liftCounts(moves: Move[]): number[] {
  const counts = new Set<number>();
  for (const m of moves) if (m.type === "sow" && m.count !== undefined) counts.add(m.count);
  return [...counts].sort((a, b) => a - b);
}

/** Pieces lifted in the opening and not placed yet. */
export function inHand(state: { lifted: Cell[]; drops?: Cell[] }, board: number[][]): number {
  const lifted = state.lifted.reduce((n, [r, c]) => n + board[r][c], 0);
  return lifted - (state.drops?.length ?? 0);
}

/** The opening move once every piece is placed: the cells lifted, then the
 * pieces placed per cell, in the order the cells were first chosen. */
export function openingMove(state: InputState, board: number[][]): Move | null {
  if (state.kind !== "opening_place" || inHand(state, board) !== 0) return null;
  const place = new Map<string, Taken>();
  for (const [r, c] of state.drops) {
    const entry = place.get(cellKey([r, c])) ?? [r, c, 0];
    entry[2] += 1;
    place.set(cellKey([r, c]), entry);
  }
  const lift = [...state.lifted].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return { type: "redistribute", lift, place: [...place.values()] };
}

/** The board the opening would leave: the lifted cells emptied, the pieces placed added. */
export function openingPreview(state: InputState, board: number[][]): number[][] {
  const b = board.map((row) => row.slice());
  if (state.kind !== "opening_lift" && state.kind !== "opening_place") return b;
  for (const [r, c] of state.lifted) b[r][c] = 0;
  if (state.kind === "opening_place") for (const [r, c] of state.drops) b[r][c] += 1;
  return b;
}

/** Which way a key steps a lesson: Page Down / Page Up (a presentation clicker),
 * or the arrows anywhere but on a cell, where they move between cells. */
export function lessonDirection(key: string, onCell: boolean): "next" | "back" | null {
  if (key === "PageDown" || (!onCell && key === "ArrowRight")) return "next";
  if (key === "PageUp" || (!onCell && key === "ArrowLeft")) return "back";
  return null;
}

/** Keys a cell takes; the page keeps the others. */
export function cellTakesKey(key: string): boolean {
  return key.startsWith("Arrow") || ["Enter", " ", "+", "=", "-", "Escape", "End"].includes(key);
}

const ARROWS: Record<string, Cell> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

/** The cell an arrow key moves the focus to, as the board is seen; the same cell at an edge. */
export function neighbour(g: Geometry, cell: Cell, key: string): Cell {
  const here = g.cells.find((c) => sameCell(c.cell, cell));
  const step = ARROWS[key];
  if (!here || !step) return cell;
  const want: Cell = [here.view[0] + step[0], here.view[1] + step[1]];
  return g.cells.find((c) => sameCell(c.view, want))?.cell ?? cell;
}

/** The cell seen at the bottom left, where the keyboard starts. */
export function firstFocus(g: Geometry): Cell {
  const bottom = Math.max(...g.cells.map((c) => c.view[0]));
  return g.cells.find((c) => c.view[0] === bottom && c.view[1] === 0)?.cell ?? [0, 0];
}

// -- transitions ----------------------------------------------------------------------

const stay = <S extends InputState>(state: S, ...effects: Effect[]): Step<S> => ({ state, effects });
const send = <S extends InputState>(state: S, message: Message): Step<S> => stay(state, { kind: "send", message });
const play = <S extends InputState>(state: S, move: Move): Step<S> => send(state, { kind: "play", move });

export function transition(state: InputState, event: InputEvent, s: Situation): Step {
  if (event.type === "sync") return stay(state.kind === "animating" ? { kind: "animating", resume: resting(s) } : resting(s));
  if (event.type === "animation_start") return stay(state.kind === "animating" ? state : { kind: "animating", resume: state });
  if (event.type === "animation_end") return stay(state.kind === "animating" ? state.resume : state);
  if (event.type === "lesson") return send(state, { kind: "lesson", action: event.action });
  if (event.type === "lesson_key") return lessonKey(state, event.key, event.onCell, s);
  if (event.type === "key" && event.key === "End") return stay(state, { kind: "to_end" });
  const click = event.type === "click" || (event.type === "key" && (event.key === "Enter" || event.key === " "));
  if (state.kind === "animating") {
    // A click in the middle of an animation finishes it at once and is taken.
    if (click) {
      const next = settled(state.resume, event, s);
      return { state: next.state, effects: [{ kind: "finish" }, ...next.effects] };
    }
    if (event.type === "key") return stay(state);
    const next = settled(state.resume, event, s);
    return { state: { kind: "animating", resume: next.state }, effects: next.effects };
  }
  return settled(state, event, s);
}

type Handled = Exclude<InputEvent, { type: "sync" | "animation_start" | "animation_end" | "lesson" | "lesson_key" }>;

function settled(state: Settled, event: Handled, s: Situation): Step<Settled> {
  if (event.type === "click" || (event.type === "key" && (event.key === "Enter" || event.key === " "))) return clickOn(state, event.cell, s);
  switch (state.kind) {
    case "lift_count":
      return liftCount(state, event);
    case "opening_lift":
    case "opening_place":
      return opening(state, event, s);
    case "answering":
      return answer(state, event, s);
    default:
      return stay(state);
  }
}

function clickOn(state: Settled, cell: Cell, s: Situation): Step<Settled> {
  switch (state.kind) {
    case "answering":
      return answerCell(state, cell, s);
    case "thinking":
      return stay(state);
    case "opening_lift":
      return liftForOpening(state, cell, s);
    case "opening_place":
      return stay(inHand(state, s.board) > 0 ? { ...state, drops: [...state.drops, cell] } : state);
    case "lift_count":
      if (sameCell(state.cell, cell)) return play(state, { type: "sow", row: cell[0], column: cell[1], count: state.count });
      return chooseOrPlay(state, cell, s);
    case "idle":
      if (!s.interactive) return stay(state, { kind: "notice", key: s.lesson ? "watch_only" : "watching" });
      return chooseOrPlay(state, cell, s);
  }
}

/** One move: play it. Sowings of several counts: choose how many (all, to begin with). */
function chooseOrPlay(state: Settled, cell: Cell, s: Situation): Step<Settled> {
  const moves = movesAt(s, cell);
  const counts = liftCounts(moves);
  if (counts.length > 1) return stay({ kind: "lift_count", cell, counts, count: counts[counts.length - 1] });
  return moves.length ? play(state, moves[0]) : stay(state);
}

function liftCount(state: Extract<Settled, { kind: "lift_count" }>, event: Handled): Step<Settled> {
  const key = event.type === "key" ? event.key : null;
  const button = event.type === "button" ? event.button : null;
  const at = state.counts.indexOf(state.count);
  const by = key === "+" || key === "=" || button === "more" ? 1 : key === "-" || button === "fewer" ? -1 : 0;
  if (by !== 0) return stay({ ...state, count: state.counts[Math.min(state.counts.length - 1, Math.max(0, at + by))] });
  if (key === "Escape" || button === "cancel") return stay({ kind: "idle" });
  if (button === "sow") return play(state, { type: "sow", row: state.cell[0], column: state.cell[1], count: state.count });
  return stay(state);
}

function liftForOpening(state: Extract<Settled, { kind: "opening_lift" }>, cell: Cell, s: Situation): Step<Settled> {
  if (state.lifted.some((l) => sameCell(l, cell))) return stay({ ...state, lifted: state.lifted.filter((l) => !sameCell(l, cell)) });
  const pairs = openingMoves(movesAt(s, cell));
  const first = state.lifted[0];
  if (!first) return stay(pairs.length ? { ...state, lifted: [cell] } : state);
  if (!pairs.some((m) => m.lift.some((l) => sameCell(l, first)))) return stay(state);
  return stay({ kind: "opening_place", lifted: [first, cell], drops: [] });
}

function opening(state: Extract<Settled, { kind: "opening_lift" | "opening_place" }>, event: Handled, s: Situation): Step<Settled> {
  const key = event.type === "key" ? event.key : null;
  const button = event.type === "button" ? event.button : null;
  if (key === "-" || button === "take_back") return stay(takeBack(state));
  if ((key === "+" || key === "=") && event.type === "key" && state.kind === "opening_place") return clickOn(state, event.cell, s);
  const move = button === "confirm" ? openingMove(state, s.board) : null;
  return move ? play(state, move) : stay(state);
}

/** Take back the last piece placed, or the last cell lifted. */
function takeBack(state: Extract<Settled, { kind: "opening_lift" | "opening_place" }>): Settled {
  if (state.kind === "opening_lift") return { ...state, lifted: state.lifted.slice(0, -1) };
  if (state.drops.length) return { ...state, drops: state.drops.slice(0, -1) };
  return { kind: "opening_lift", lifted: [state.lifted[0]] };
}

function answerCell(state: Extract<Settled, { kind: "answering" }>, cell: Cell, s: Situation): Step<Settled> {
  const q = waitingQuestion(s.lesson);
  if (!q) return stay(state);
  // A number or a choice is answered below the board, not on it.
  if (q.number || q.options.length) return stay(state, { kind: "notice", key: "answer_first" });
  if (!q.multi) return send(state, { kind: "answer", answer: [cell] });
  const chosen = state.chosen.some((c) => sameCell(c, cell))
    ? state.chosen.filter((c) => !sameCell(c, cell))
    : [...state.chosen, cell];
  return stay({ ...state, chosen });
}

function answer(state: Extract<Settled, { kind: "answering" }>, event: Handled, s: Situation): Step<Settled> {
  if (!waitingQuestion(s.lesson)) return stay(state);
  if (event.type === "option") return send(state, { kind: "answer", answer: event.value });
  if (event.type === "number") {
    const n = Number(event.text);
    if (event.text.trim() !== "" && Number.isInteger(n) && n >= 0) return send(state, { kind: "answer", answer: n });
    return stay(state, { kind: "notice", key: "bad_number" });
  }
  if (event.type === "button" && event.button === "check") return send(state, { kind: "answer", answer: state.chosen });
  if (event.type === "button" && event.button === "no_capture") return send(state, { kind: "answer", answer: [] });
  return stay(state);
}

function lessonKey(state: InputState, key: string, onCell: boolean, s: Situation): Step {
  const lesson = s.lesson;
  const direction = lessonDirection(key, onCell);
  if (!lesson || !direction) return stay(state);
  // A waiting question is answered, not skipped.
  if (direction === "next" && lesson.step < lesson.steps && !waitingQuestion(lesson)) {
    return send(state, { kind: "lesson", action: "next" });
  }
  if (direction === "back" && lesson.step > 1) return send(state, { kind: "lesson", action: "back" });
  return stay(state);
}
