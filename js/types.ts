// Wire types: they mirror the Python traitlets and RULES.md JSON one to one.

export type Player = "south" | "north";
export type Game = "kisolo" | "kiothi";
export type Cell = [number, number];

export interface Position {
  game: Game;
  to_move: Player;
  board: number[][];
  status: "playing" | "won" | "draw";
  winner: Player | null;
  reason: string | null;
  columns?: number;
  // Kiothi only
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
  | { type: "redistribute"; lift: Cell[]; place?: [number, number, number][] };

/** One trace event; `kind` says which, the other keys depend on it. */
export interface TraceEvent {
  kind: string;
  rule?: string;
  [key: string]: unknown;
}

export interface Question {
  ask: string;
  text: string;
  /** The move about to be played, in words, and the holes it starts from. */
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

export interface Traits {
  game: Game;
  position: Position;
  position_before: Position | null;
  legal_moves: Move[];
  trace: TraceEvent[];
  narration: string[];
  last_move: Move | null;
  move_count: number;
  can_undo: boolean;
  can_redo: boolean;
  error: string;
  error_serial: number;
  perspective: Player;
  labels: Record<Player, string>;
  title: string;
  interactive: boolean;
  speed: number;
  locale: string;
  /** The game's moves in words: the first move_count played, the rest taken back. */
  history?: string[];
  computer?: string;
  thinking?: boolean;
  computer_says?: string;
  /** The interface's words in the board's language, from Python's catalogue. */
  strings?: Record<string, import("./text").Entry>;
  /** Every cell's name, as Python writes it. */
  cell_names?: string[][];
  numbers?: boolean;
  projector?: boolean;
  high_contrast?: boolean;
  /** Only on a Lesson. */
  lesson?: LessonState | null;
}

export type Message =
  | { kind: "play"; move: Move }
  | { kind: "undo" }
  | { kind: "redo" }
  | { kind: "reset" }
  | { kind: "goto"; moves: number }
  | { kind: "lesson"; action: "next" | "back" | "restart" }
  | { kind: "answer"; answer: Cell[] | number | string };

/** The part of anywidget's model this front end uses. */
export interface Model {
  get<K extends keyof Traits>(name: K): Traits[K];
  set<K extends keyof Traits>(name: K, value: Traits[K]): void;
  save_changes(): void;
  send(message: Message): void;
  on(event: string, callback: () => void): void;
  off(event: string, callback: () => void): void;
}
