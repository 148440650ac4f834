// Wire types, one to one with Python: the trace (mancala_widgets/rules/events.py),
// the picture's geometry (drawing.py), the synced traits (widgets/board.py and
// widgets/lesson.py) and the messages the browser sends. Keys stay snake_case.

import type { Entry } from "./text";

export type Player = "south" | "north";
/** [row, column]: a hole (Kisolo) or a boma (Kiothi). */
export type Cell = [number, number];
/** [row, column, count]: what a capture takes from a cell. */
export type Taken = [number, number, number];

/** A position as docs/rules.md writes it; the optional keys belong to some games only. */
export interface Position {
  game: string;
  to_move: Player;
  board: number[][];
  status: "playing" | "won" | "draw";
  winner: Player | null;
  reason: string | null;
  columns?: number;
  start_holes?: number;
  orthodox?: boolean;
  turn?: number;
  nki?: boolean[][];
  sown?: boolean[][];
  jails?: Record<Player, number>;
}

export type Move =
  | { type: "capture"; column: number }
  | { type: "sow"; row: number; column: number; count?: number }
  | { type: "redistribute"; lift: Cell[]; place?: Taken[] };

// -- the trace: one interface per event of rules/events.py ------------------------------

/** What follows a lap's end. */
export type Then = "relay" | "capture" | "end" | "perpetual";
/** Why a sowing that ends in an empty cell captures nothing. */
export type NoCaptureWhy = "opponent_row" | "opposite_empty" | "nki";
/** Why the leftmost triple is not taken (null: it is). */
export type TripleWhy = "not_all_full" | "nki" | "not_sown";

export interface Lift {
  kind: "lift";
  /** "sow", "pussa_kanawa", "relay" or "opening_redistribution". */
  rule: string;
  cell: Cell;
  count: number;
  lap?: number;
  /** Pussa kanawa: the landing hole, whose next hole is lifted. */
  landing?: Cell;
  /** Partial lifting: the pieces left behind. */
  left?: number;
  partial?: boolean;
}

export interface Sow {
  kind: "sow";
  lap: number;
  /** One piece dropped into each, in order. */
  cells: Cell[];
}

export interface LapEnd {
  kind: "lap_end";
  lap: number;
  /** Where the lap's last piece fell. */
  cell: Cell;
  occupied: boolean;
  then: Then;
  next?: Cell;
  next_count?: number;
  own_row?: boolean;
}

export interface Capture {
  kind: "capture";
  rule: string;
  player: Player;
  lap: number;
  /** Sown from (into "sow") or the landing cell whose piece goes along (into "jail"). */
  cell: Cell;
  from: Taken[];
  /** Pieces taken, with the capturing piece when they go to a jail. */
  count: number;
  into: "sow" | "jail";
  jail?: Player;
}

export interface NoCapture {
  kind: "no_capture";
  rule: string;
  cell: Cell;
  opposite: Cell;
  why: NoCaptureWhy;
}

export interface TripleCell {
  cell: Cell;
  count: number;
  nki: boolean;
  empty_at_start: boolean;
  sown: boolean;
}

export interface LeftmostTriple {
  kind: "leftmost_triple";
  rule: string;
  player: Player;
  taken: boolean;
  why: TripleWhy | null;
  cells: TripleCell[];
  count: number;
  jail: Player;
}

export interface Place {
  kind: "place";
  rule: string;
  cell: Cell;
  count: number;
}

export interface NkiMark {
  kind: "nki_mark";
  rule: string;
  cells: Cell[];
}

export interface NkiRelease {
  kind: "nki_release";
  rule: string;
  cell: Cell;
}

export interface LapsSkipped {
  kind: "laps_skipped";
  from_lap: number;
  to_lap: number;
  board: number[][];
  nki?: boolean[][];
  sown?: boolean[][];
}

export interface TurnEnd {
  kind: "turn_end";
  to_move: Player;
}

export interface Sweep {
  cell: Cell;
  count: number;
  jail: Player;
}

export interface GameEnd {
  kind: "game_end";
  rule: string;
  status: "won" | "draw";
  winner: Player | null;
  reason: string;
  lap?: number;
  repeat_of_lap?: number | null;
  occurrences?: number;
  stuck?: Player;
  sweep?: Sweep[];
  jails?: Record<Player, number>;
  margin?: number;
  one_warrior_victory?: boolean;
}

/** One event of a move's trace; `kind` says which. */
export type TraceEvent =
  | Lift | Sow | LapEnd | Capture | NoCapture | LeftmostTriple | Place | NkiMark
  | NkiRelease | LapsSkipped | TurnEnd | GameEnd;
export type EventKind = TraceEvent["kind"];

// -- the geometry of drawing.py --------------------------------------------------------

export interface GeometryCell {
  cell: Cell;
  x: number;
  y: number;
  /** Where the cell is seen: [row from the top, column from the left]. */
  view: Cell;
  owner: Player;
  number: number;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Geometry {
  game: string;
  rows: number;
  columns: number;
  perspective: Player;
  width: number;
  height: number;
  radius: number;
  pitch: number;
  seed_radius: number;
  /** Seed offsets inside a cell, filled in this order; more pieces make a heap. */
  seed_spots: [number, number][];
  /** The ui catalogue's key for the pieces: "stones" or "warriors". */
  piece: string;
  cells: GeometryCell[];
  /** One per player on boards with jails; empty otherwise. */
  jails: Partial<Record<Player, Rect>>;
  side_labels: Record<Player, { x: number; y: number; anchor: "start" | "middle" | "end" }>;
  divider: { x1: number; x2: number; y: number } | null;
  numbers: { text: string; x: number; y: number }[];
}

// -- the lesson trait (widgets/lesson.py) -----------------------------------------------

export interface Question {
  ask: string;
  text: string;
  /** The move about to be played, in words, and the cells it starts from. */
  move: string;
  moved: Cell[];
  /** Several cells, then Check (nki); a "No capture" button; a number typed in. */
  multi: boolean;
  none: boolean;
  number: boolean;
  /** A choice question's options. */
  options: { value: string; text: string }[];
}

export interface LessonState {
  id: string;
  title: string;
  step: number;
  steps: number;
  text: string;
  /** Set on a puzzle position: says that only the pieces that matter are shown. */
  puzzle: string | null;
  summary: string | null;
  highlight: Cell[];
  label: { at: Cell; text: string } | null;
  arrow: { from: Cell; to: Cell } | null;
  question: Question | null;
  feedback: { correct: boolean; text: string; cells: Cell[]; given: string } | null;
}

// -- hints and reviews (widgets/coach.py) -------------------------------------------------

/** A suggested move: the cells a click plays it from, and why in words. */
export interface HintState {
  move: Move;
  cells: Cell[];
  text: string;
  level: string;
}

export interface TurningPoint {
  /** The move's number in the game, from 1. */
  move: number;
  /** The position before it, for a goto message. */
  goto: number;
  player: Player;
  text: string;
  /** Where the better move is played from. */
  cells: Cell[];
}

export interface ReviewState {
  state: "none" | "running" | "stopped" | "done";
  /** While running: positions assessed, of all. */
  done?: number;
  total?: number;
  /** When done: who was ahead at each position (0: the start), from South's point of view. */
  scores?: number[];
  turning_points?: TurningPoint[];
  summary?: string;
  level?: string;
}

// -- the synced traits (widgets/board.py) -------------------------------------------------

export interface Traits {
  game: string;
  position: Position;
  position_before: Position | null;
  legal_moves: Move[];
  trace: TraceEvent[];
  /** One sentence per trace event. */
  narration: string[];
  last_move: Move | null;
  move_count: number;
  can_undo: boolean;
  can_redo: boolean;
  /** The move list: the moves of the game's tree near the one shown (all of a short game). */
  move_list: MoveListTrait;
  error: string;
  error_serial: number;
  /** Every cell's name, in the board's language. */
  cell_names: string[][];
  geometry: Geometry;
  /** "row,column": the legal moves a click on that cell may play. */
  cell_moves: Record<string, Move[]>;
  /** The interface's words in the board's language (the catalogue's "ui" section). */
  strings: Record<string, Entry>;
  perspective: Player;
  labels: Record<Player, string>;
  title: string;
  interactive: boolean;
  /** The only trait the browser sets. */
  speed: number;
  locale: string;
  /** The side the computer plays ("" for none). */
  computer: string;
  thinking: boolean;
  /** The computer is to move and waits to be asked: the position shown has moves to redo. */
  computer_waits: boolean;
  computer_says: string;
  numbers: boolean;
  projector: boolean;
  high_contrast: boolean;
  /** Whether the Hint button is offered; the hint shown; the review; whether the game has ended. */
  hints: boolean;
  hint: HintState | null;
  game_review: ReviewState;
  can_review: boolean;
  /** Only on a Lesson. */
  lesson?: LessonState | null;
}

/** One move of the move list (`move_list.entries`), a node of the game's tree. */
export interface MoveNode {
  /** Its node in the record: a goto_node message goes there. */
  id: number;
  /** The node it was played from (0: the start). */
  parent: number;
  /** Which of the moves tried from its parent it is (0: the main line's). */
  index: number;
  /** How many moves from the start, this one included. */
  ply: number;
  text: string;
  /** Whether it is on the current line (played, shown, or taken back: redo plays it). */
  line: boolean;
  /** Whether moves after it are left out of the list. */
  more: boolean;
}

export interface MoveListTrait {
  entries: MoveNode[];
  /** How many moves the current line has, those taken back included. */
  line_length: number;
  /** The current line's moves left out before the first listed and after the last. */
  before: number;
  after: number;
  /** Every move of the tree left out. */
  hidden: number;
}

export type Message =
  | { kind: "play"; move: Move }
  | { kind: "undo" }
  | { kind: "redo" }
  | { kind: "reset" }
  | { kind: "computer_move" }
  | { kind: "goto"; moves: number }
  | { kind: "goto_node"; node: number }
  | { kind: "hint" }
  | { kind: "review" }
  | { kind: "stepped"; action: StepAction; step: number }
  | { kind: "lesson"; action: "next" | "back" | "restart" }
  | { kind: "answer"; answer: Cell[] | number | string };

/** The step controls under the board. When one is pressed the browser tells Python
 * ("stepped", with the number of events shown after it), so that boards shown side
 * by side can step together; Python may ask for a step (a StepCommand). */
export type StepAction = "replay" | "back" | "play" | "pause" | "forward" | "end";

/** What Python asks of the step controls: one of them, or "goto" a number of events. */
export type StepCommand = { action: StepAction; step: null } | { action: "goto"; step: number };

/** Listeners of the model: a trait's change, or a custom message from Python. */
export type ModelListener = (content?: unknown) => void;

/** The part of anywidget's model this front end uses. */
export interface Model {
  get<K extends keyof Traits>(name: K): Traits[K];
  set<K extends keyof Traits>(name: K, value: Traits[K]): void;
  save_changes(): void;
  send(message: Message): void;
  on(event: string, callback: ModelListener): void;
  off(event: string, callback: ModelListener): void;
}
