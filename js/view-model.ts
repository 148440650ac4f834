// What the board shows, as one pure function of the synced traits, the
// animation's frame and the input state: counts and marks of every cell, the
// spoken labels, the status and narration lines, and which controls the panels
// offer. The DOM code only copies this onto the page.

import type { Frame } from "./animation";
import { cellKey } from "./cells";
import { coachModel, type CoachModel } from "./coach-model";
import { canPlay, inHand, openingMove, openingPreview, situationOf, waitingQuestion, type InputState, type Settled } from "./input";
import { shortName, Words } from "./text";
import type { Cell, LessonState, Move, MoveNode, Player, TraceEvent, Traits } from "./types";
import { eventCell } from "./view-state";

export const PLAYERS: Player[] = ["south", "north"];

/** Where the animation of the move shown is. */
export interface Playback {
  frame: Frame | null;
  /** Events in the move shown. */
  length: number;
  playing: boolean;
  /** Who played the move shown. */
  mover: Player | null;
  /** Its first event, marked while the move starts. */
  first: TraceEvent | null;
}

export interface CellView {
  cell: Cell;
  key: string;
  count: number;
  nki: boolean;
  playable: boolean;
  selected: boolean;
  last: boolean;
  /** The cell the step shown is about. */
  active: boolean;
  /** Where the last piece fell, while pussa kanawa lifts the cell after it. */
  landing: boolean;
  /** A lesson's mark. */
  highlight: boolean;
  /** Where the hint's move is played from. */
  suggested: boolean;
  /** What a screen reader says. */
  label: string;
}

export interface JailView {
  who: Player;
  count: number;
  name: string;
  label: string;
}

export interface BoardModel {
  cells: CellView[];
  jails: JailView[];
  sides: Record<Player, string>;
  label: LessonState["label"];
  arrow: LessonState["arrow"];
}

export type PanelModel =
  | { kind: "none" }
  | { kind: "watching"; hint: string }
  | { kind: "opening"; hint: string; takeBack: boolean; confirm: boolean }
  | { kind: "lift"; text: string; fewer: boolean; more: boolean; sow: string };

export interface LessonModel {
  title: string;
  step: number;
  steps: number;
  /** "Step 2 of 5". */
  progress: string;
  text: string;
  puzzle: string | null;
  /** The move a question is about and the question, once asked. */
  move: string | null;
  question: string | null;
  /** The ways to answer, while the question waits. */
  answers: { none: boolean; check: boolean; options: { value: string; text: string }[]; number: boolean } | null;
  feedback: { correct: boolean; text: string } | null;
  summary: string | null;
  back: boolean;
  next: boolean;
}

/** A button shown or not, and usable or not. */
export interface Offer {
  shown: boolean;
  enabled: boolean;
}

export interface ViewModel {
  board: BoardModel;
  status: { text: string; state: string; toMove: Player };
  narration: { hidden: boolean; progress: string; text: string };
  says: string;
  panel: PanelModel;
  lesson: LessonModel | null;
  toolbar: { playing: boolean; undo: boolean; redo: boolean; computer: boolean; hint: Offer; review: Offer };
  coach: CoachModel;
  root: { inLesson: boolean; busy: boolean; projector: boolean; contrast: boolean };
}

/** The cells a move is about, to mark the last move on the board. */
export function moveCells(move: Move | null, rows: number): Cell[] {
  if (!move) return [];
  if (move.type === "sow") return [[move.row, move.column]];
  if (move.type === "capture") return Array.from({ length: rows }, (_, r): Cell => [r, move.column]);
  return move.lift;
}

export function viewModel(t: Traits, play: Playback, input: InputState): ViewModel {
  const words = new Words(t.strings);
  const idle = input.kind !== "animating";
  const settled = input.kind === "animating" ? input.resume : input;
  const playable = idle && canPlay(situationOf(t));
  const lesson = t.lesson ?? null;
  return {
    board: boardModel(t, play, settled, idle, playable, words),
    status: status(t, play, idle, words),
    narration: narration(t, play, words),
    says: t.computer_says,
    panel: panel(t, settled, playable, words),
    lesson: lesson && lessonModel(lesson, words),
    toolbar: {
      playing: play.playing, undo: t.can_undo && t.interactive, redo: t.can_redo && t.interactive,
      computer: t.computer_waits && t.interactive && !t.thinking,
      hint: { shown: t.hints && t.interactive && !lesson, enabled: playable },
      review: { shown: t.can_review && t.interactive && !lesson, enabled: t.game_review?.state !== "running" },
    },
    coach: coachModel(t, words),
    root: { inLesson: lesson !== null, busy: !idle, projector: t.projector, contrast: t.high_contrast },
  };
}

function boardModel(t: Traits, play: Playback, settled: Settled, idle: boolean, canPlay: boolean, words: Words): BoardModel {
  const p = t.position;
  const g = t.geometry;
  const lesson = t.lesson ?? null;
  const question = waitingQuestion(lesson);
  const shown = play.frame?.state;
  const all = g.cells.map((c) => cellKey(c.cell));
  const notes = new Map<string, string>();
  const selected = new Set<string>();
  let playable = new Set(canPlay ? Object.keys(t.cell_moves).filter((k) => t.cell_moves[k].length > 0) : []);
  let board = shown ? shown.board : p.board;
  if (canPlay && (settled.kind === "opening_lift" || settled.kind === "opening_place")) {
    board = openingPreview(settled, p.board);
    for (const c of settled.lifted) {
      selected.add(cellKey(c));
      notes.set(cellKey(c), words.get("lifted"));
    }
    if (settled.kind === "opening_place") {
      for (const c of settled.drops) {
        const n = settled.drops.filter((d) => cellKey(d) === cellKey(c)).length;
        notes.set(cellKey(c), words.get("placed", { n }));
      }
      playable = new Set(all);
    }
  }
  if (settled.kind === "lift_count") selected.add(cellKey(settled.cell));
  if (question) {
    // Only a question answered on the board makes the cells clickable.
    if (!question.number && !question.options.length) playable = new Set(all);
    for (const c of question.moved) notes.set(cellKey(c), words.get("moved"));
  }
  if (settled.kind === "answering") {
    for (const c of settled.chosen) {
      selected.add(cellKey(c));
      notes.set(cellKey(c), words.get("chosen"));
    }
  }
  if (lesson?.feedback && idle) for (const c of lesson.feedback.cells) notes.set(cellKey(c), words.get("chosen"));
  const f = play.frame;
  // While a move starts, its first event's cell is marked before anything moves.
  const ev = f && f.step === 0 && f.drops === null && play.playing ? play.first : f?.event ?? null;
  const active = ev && !idle ? eventCell(ev) : null;
  const landing = ev && !idle && ev.kind === "lift" ? ev.landing ?? null : null;
  const last = new Set(idle ? moveCells(t.last_move, g.rows).map(cellKey) : []);
  const highlight = new Set([...(lesson?.highlight ?? []), ...(question?.moved ?? [])].map(cellKey));
  const suggested = new Set(idle && t.hint ? t.hint.cells.map(cellKey) : []);
  const nki = shown?.nki ?? p.nki ?? null;
  const jails = shown?.jails ?? p.jails ?? null;
  const piece = (n: number) => words.get(g.piece, { n });
  const cells = g.cells.map(({ cell }): CellView => {
    const key = cellKey(cell);
    const count = board[cell[0]][cell[1]];
    const view: CellView = {
      cell, key, count,
      nki: nki ? nki[cell[0]][cell[1]] : false,
      playable: playable.has(key),
      selected: selected.has(key),
      last: last.has(key),
      active: active !== null && cellKey(active) === key,
      landing: landing !== null && cellKey(landing) === key,
      highlight: highlight.has(key),
      suggested: suggested.has(key),
      label: "",
    };
    const said = [t.cell_names[cell[0]]?.[cell[1]] ?? key, piece(count)];
    if (view.nki) said.push(words.get("nki"));
    if (view.selected) said.push(words.get("selected"));
    const note = notes.get(key);
    if (note) said.push(note);
    if (view.last) said.push(words.get("last_move"));
    if (view.suggested) said.push(words.get("suggested"));
    if (view.playable) said.push(words.get("can_play"));
    view.label = said.join(", ");
    return view;
  });
  const jailViews = PLAYERS.filter((who) => g.jails[who]).map((who): JailView => {
    const count = jails ? jails[who] : 0;
    return { who, count, name: shortName(t.labels[who]), label: `${words.get("jail", { side: t.labels[who] })}: ${piece(count)}` };
  });
  return { cells, jails: jailViews, sides: t.labels, label: lesson?.label ?? null, arrow: lesson?.arrow ?? null };
}

function status(t: Traits, play: Playback, idle: boolean, words: Words): ViewModel["status"] {
  const p = t.position;
  const name = (who: Player | null) => (who ? t.labels[who] : "");
  const reason = p.reason ? words.lookup("reasons", p.reason) : "";
  let text: string;
  // Part way through a move (stepping or paused), the move's player is named: the
  // position shown is theirs, not yet the next player's.
  const partWay = play.frame !== null && play.length > 0 && (play.frame.step < play.length || play.frame.drops !== null);
  const stepping = partWay && !play.playing && play.mover !== null;
  if (t.thinking) text = words.get("thinking", { name: name(p.to_move) });
  else if (stepping) text = words.get("stepping", { name: name(play.mover) });
  else if (!idle) text = `${name(play.mover ?? p.to_move)} \u2026`;
  else if (p.status === "playing" && t.computer_waits) text = words.get("computer_waits", { name: name(p.to_move) });
  else if (p.status === "playing") text = words.get("to_move", { name: name(p.to_move) });
  else if (p.status === "draw") text = `${words.get("draw")} (${reason})`;
  else if (p.jails) {
    text = words.get("wins_score", { name: name(p.winner), score: `${p.jails.south}\u2013${p.jails.north}` });
    if (Math.abs(p.jails.south - p.jails.north) === 2) text += ` \u2014 ${words.get("one_warrior")}!`;
  } else text = `${words.get("wins", { name: name(p.winner) })} (${reason})`;
  const state = t.thinking ? "thinking" : stepping ? "stepping" : !idle ? "moving" : p.status;
  return { text, state, toMove: p.to_move };
}

function narration(t: Traits, play: Playback, words: Words): ViewModel["narration"] {
  const f = play.frame;
  const n = play.length;
  if (!f || n === 0) return { hidden: true, progress: "", text: "" };
  // A sowing in progress is the step being shown; otherwise the step just completed.
  const index = f.drops !== null ? f.step : f.step - 1;
  const hand = f.state.hand > 0 ? ` \u00B7 ${words.get("in_hand", { n: f.state.hand })}` : "";
  return {
    hidden: false,
    progress: words.get("step", { i: index + 1, n }) + hand,
    text: index >= 0 ? t.narration[index] ?? "" : "",
  };
}

function panel(t: Traits, settled: Settled, canPlay: boolean, words: Words): PanelModel {
  const p = t.position;
  if (!t.interactive) return t.lesson ? { kind: "none" } : { kind: "watching", hint: words.get("watching") };
  if (!canPlay) return { kind: "none" };
  if (settled.kind === "opening_lift" || settled.kind === "opening_place") {
    const left = inHand(settled, p.board);
    const hint =
      settled.kind === "opening_lift"
        ? words.get("opening_lift", { name: t.labels[p.to_move] })
        : left
          ? words.get("opening_place", { n: left })
          : words.get("opening_done");
    return { kind: "opening", hint, takeBack: settled.lifted.length > 0, confirm: openingMove(settled, p.board) !== null };
  }
  if (settled.kind === "lift_count") {
    const at = settled.counts.indexOf(settled.count);
    const [r, c] = settled.cell;
    return {
      kind: "lift",
      text: words.get("lift", { k: settled.count, total: p.board[r][c] }),
      fewer: at > 0,
      more: at < settled.counts.length - 1,
      sow: words.get("sow", { k: settled.count }),
    };
  }
  return { kind: "none" };
}

function lessonModel(lesson: LessonState, words: Words): LessonModel {
  const q = lesson.question;
  const waiting = waitingQuestion(lesson);
  const fb = lesson.feedback;
  return {
    title: lesson.title,
    step: lesson.step,
    steps: lesson.steps,
    progress: words.get("lesson_step", { i: lesson.step, n: lesson.steps }),
    text: lesson.text,
    puzzle: lesson.puzzle,
    move: q && q.move ? q.move : null,
    question: q ? q.text : null,
    answers: waiting && { none: waiting.none, check: waiting.multi, options: waiting.options, number: waiting.number },
    feedback: fb && { correct: fb.correct, text: fb.text },
    summary: lesson.summary,
    back: lesson.step > 1,
    next: lesson.step < lesson.steps && !waiting,
  };
}

/** One entry of the move list. */
export interface MoveItem {
  id: number;
  ply: number;
  text: string;
  /** What a screen reader says: the move's number, and whether it is in a variation. */
  label: string;
  title: string;
  /** Played before the position shown, the move shown, taken back on the current line
   * (redo plays it), or on another line. */
  state: "played" | "current" | "ahead" | "other";
  /** Whether moves after it are left out of the list. */
  more: boolean;
  /** The lines tried instead of this move. */
  variations: MoveItem[][];
}

export interface MoveListModel {
  summary: string;
  hidden: boolean;
  /** Notes on the current line's moves left out before the first listed and after the last. */
  before: string;
  after: string;
  moves: MoveItem[];
}

/** The move list: the game's tree rebuilt from its flat entries (each names its parent),
 * each move marked by where it is from the position shown. The moves tried from one
 * position: the first listed goes on with the line, the others are its variations. */
export function moveList(t: Traits): MoveListModel {
  const words = new Words(t.strings);
  const list = t.move_list;
  const listed = new Set(list.entries.map((e) => e.id));
  const children = new Map<number, MoveNode[]>();
  const tops: MoveNode[] = [];
  for (const e of list.entries) {
    if (!listed.has(e.parent)) tops.push(e);
    else children.set(e.parent, [...(children.get(e.parent) ?? []), e]);
  }
  const byIndex = (a: MoveNode, b: MoveNode) => a.index - b.index;
  const item = (e: MoveNode, inVariation: boolean): MoveItem => {
    const state = !e.line ? "other" : e.ply < t.move_count ? "played" : e.ply === t.move_count ? "current" : "ahead";
    return {
      id: e.id,
      ply: e.ply,
      text: e.more ? `${e.text} …` : e.text,
      label: words.get(inVariation ? "variation_move" : "main_move", { n: e.ply, move: e.text }),
      title: words.get(e.more ? "more_moves" : state === "ahead" ? "play_again_to" : "show_after"),
      state,
      more: e.more,
      variations: [],
    };
  };
  // A line from `first`, which `others` were tried instead of; made as a loop, so a long
  // line is no deeper than its variations.
  const line = (first: MoveNode, others: MoveNode[], inVariation: boolean): MoveItem[] => {
    const out: MoveItem[] = [];
    let node: MoveNode | undefined = first;
    let instead = others;
    while (node) {
      const it = item(node, inVariation);
      it.variations = instead.map((o) => line(o, [], true));
      out.push(it);
      const next = (children.get(node.id) ?? []).sort(byIndex);
      node = next[0];
      instead = next.slice(1);
    }
    return out;
  };
  tops.sort(byIndex);
  const moves = tops.length ? line(tops[0], tops.slice(1), false) : [];
  return {
    summary: words.get("history", { n: list.line_length }),
    hidden: list.entries.length === 0,
    before: list.before ? words.get("earlier_moves", { n: list.before }) : "",
    after: list.after ? words.get("later_moves", { n: list.after }) : "",
    moves,
  };
}
