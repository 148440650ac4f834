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

export interface LessonState {
  id: string;
  title: string;
  step: number;
  steps: number;
  text: string;
  summary: string | null;
  highlight: Cell[];
  label: { at: Cell; text: string } | null;
  arrow: { from: Cell; to: Cell } | null;
  question: { ask: string; text: string; multi: boolean; none: boolean } | null;
  feedback: { correct: boolean; text: string; cells: Cell[] } | null;
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
  | { kind: "answer"; cells: Cell[] };

/** The part of anywidget's model this front end uses. */
export interface Model {
  get<K extends keyof Traits>(name: K): Traits[K];
  set<K extends keyof Traits>(name: K, value: Traits[K]): void;
  save_changes(): void;
  send(message: Message): void;
  on(event: string, callback: () => void): void;
  off(event: string, callback: () => void): void;
}
