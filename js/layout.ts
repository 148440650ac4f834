// Where everything sits on the board picture. The same numbers as the static
// picture in mancala_widgets/svg.py, so both look alike.

import type { Cell, Game, Player } from "./types";

export const PITCH = 64;
export const RADIUS = 25;
export const MARGIN = 24;
const LABEL_W = 86;
const JAIL_W = 70;
const TOP0 = MARGIN + 30;
const KISOLO_GAP = 14;
/** The strip above the top row and below the bottom row where hole numbers go. */
export const NUMBER_STRIP = 20;

export interface Point {
  x: number;
  y: number;
}

export interface Layout {
  game: Game;
  rows: number;
  columns: number;
  perspective: Player;
  width: number;
  height: number;
  center(cell: Cell): Point;
  /** Jail rectangles (Kiothi), keyed by owner. */
  jails: Partial<Record<Player, { x: number; y: number; w: number; h: number }>>;
  /** Where each side's name is written. */
  sideLabels: Record<Player, Point>;
  /** The line between the two sides (Kisolo). */
  divider: { x1: number; x2: number; y: number } | null;
  /** Where the hole numbers are written, if they are shown: above and below each column. */
  numbers: { column: number; x: number; y: number }[];
}

/** Who owns a hole or boma. */
export function ownerOf(game: Game, [r]: Cell): Player {
  if (game === "kisolo") return r <= 1 ? "north" : "south";
  return r === 0 ? "north" : "south";
}

export function makeLayout(game: Game, rows: number, columns: number, perspective: Player, withNumbers = false): Layout {
  const left = MARGIN + (game === "kisolo" ? LABEL_W : JAIL_W + 16);
  const flip = perspective === "north";
  const strip = withNumbers ? NUMBER_STRIP : 0;
  const TOP = TOP0 + strip;
  const view = ([r, c]: Cell): Cell => (flip ? [rows - 1 - r, columns - 1 - c] : [r, c]);
  const center = (cell: Cell): Point => {
    const [vr, vc] = view(cell);
    const gap = game === "kisolo" && vr >= rows / 2 ? KISOLO_GAP : 0;
    return { x: left + vc * PITCH + PITCH / 2, y: TOP + vr * PITCH + PITCH / 2 + gap };
  };
  const bottom: Player = flip ? "north" : "south";
  const top: Player = flip ? "south" : "north";
  const numbers: Layout["numbers"] = [];
  if (withNumbers) {
    for (let c = 0; c < columns; c++) {
      const x = center([0, c]).x;
      const ys = [center([0, c]).y, center([rows - 1, c]).y];
      numbers.push({ column: c, x, y: Math.min(...ys) - RADIUS - 9 }, { column: c, x, y: Math.max(...ys) + RADIUS + 21 });
    }
  }
  if (game === "kisolo") {
    const width = 2 * MARGIN + LABEL_W + columns * PITCH;
    const mid = TOP + 2 * PITCH + KISOLO_GAP / 2;
    return {
      game, rows, columns, perspective, width,
      height: TOP + rows * PITCH + KISOLO_GAP + MARGIN + strip,
      center,
      numbers,
      jails: {},
      sideLabels: { [top]: { x: MARGIN, y: TOP + PITCH + 4 }, [bottom]: { x: MARGIN, y: mid + 7 + PITCH + 4 } } as Record<Player, Point>,
      divider: { x1: left, x2: width - MARGIN, y: mid },
    };
  }
  const width = 2 * MARGIN + 2 * (JAIL_W + 16) + columns * PITCH;
  const h = rows * PITCH;
  // South's jail sits at South's right-hand (east) end, North's at the west end.
  const east: Player = flip ? "north" : "south";
  const west: Player = flip ? "south" : "north";
  return {
    game, rows, columns, perspective, width,
    height: TOP + h + 24 + MARGIN + strip,
    center,
    numbers,
    jails: {
      [west]: { x: MARGIN, y: TOP, w: JAIL_W, h },
      [east]: { x: width - MARGIN - JAIL_W, y: TOP, w: JAIL_W, h },
    },
    sideLabels: {
      [top]: { x: width / 2, y: TOP - 8 - strip },
      [bottom]: { x: width / 2, y: TOP + h + 18 + strip },
    } as Record<Player, Point>,
    divider: null,
  };
}

/** Seed offsets inside a hole, in filling order; more seeds show the number only. */
export const SEED_SPOTS: [number, number][] = [
  [0, 0], [-9, -6], [9, -6], [-9, 7], [9, 7], [0, -13], [0, 13], [-15, 0], [15, 0],
  [-12, -14], [12, -14], [-12, 14], [12, 14],
];

/** The next cell in the viewer's arrow direction, for keyboard focus. */
export function neighbour(layout: Layout, cell: Cell, key: string): Cell {
  const { rows, columns, perspective } = layout;
  const flip = perspective === "north" ? -1 : 1;
  let [r, c] = cell;
  if (key === "ArrowLeft") c -= flip;
  else if (key === "ArrowRight") c += flip;
  else if (key === "ArrowUp") r -= flip;
  else if (key === "ArrowDown") r += flip;
  return [Math.min(rows - 1, Math.max(0, r)), Math.min(columns - 1, Math.max(0, c))];
}
