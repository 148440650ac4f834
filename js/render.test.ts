import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { flyDrop, flyTaken } from "./fly";
import { BoardView } from "./render";
import { geometryOf, traitsOf } from "./test-utils";
import type { Position, TraceEvent } from "./types";
import { viewModel } from "./view-model";

const KISOLO: Position = {
  game: "kisolo", columns: 7, to_move: "south", status: "playing", winner: null, reason: null,
  board: [[0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0]],
};
const KIOTHI: Position = { ...KISOLO, game: "kiothi", columns: undefined, board: [Array(10).fill(0), Array(10).fill(0)], jails: { south: 0, north: 0 } };

const still = { frame: null, length: 0, playing: false, mover: null, first: null };
let host: HTMLDivElement;
beforeEach(() => {
  document.body.innerHTML = "";
  host = document.createElement("div");
  document.body.appendChild(host);
});
afterEach(() => vi.unstubAllGlobals());

function draw(p: Position, extra = {}) {
  const t = traitsOf(p, extra);
  const view = new BoardView(t.geometry, "board");
  host.appendChild(view.svg);
  view.update(viewModel(t, still, { kind: "idle" }).board);
  return view;
}
const seeds = (view: BoardView, r: number, c: number) => view.cellElement([r, c])!.querySelectorAll(".mw-seed").length;

describe("the board's picture", () => {
  it("draws one seed per piece up to the geometry's spots, then a heap", () => {
    const g = geometryOf(KISOLO);
    const board = KISOLO.board.map((row, r) => (r === 3 ? [1, g.seed_spots.length, g.seed_spots.length + 1, 0, 0, 0, 0] : row));
    const view = draw({ ...KISOLO, board });
    expect(seeds(view, 3, 0)).toBe(1);
    expect(seeds(view, 3, 1)).toBe(13);
    expect(view.cellElement([3, 1])!.querySelector(".mw-heap")).toBeNull();
    expect(seeds(view, 3, 2)).toBe(9);
    expect(view.cellElement([3, 2])!.querySelector(".mw-heap")).not.toBeNull();
    const seed = view.cellElement([3, 0])!.querySelector(".mw-seed")!;
    expect(seed.getAttribute("r")).toBe(String(g.seed_radius));
    const cell = g.cells.find((c) => c.cell[0] === 3 && c.cell[1] === 0)!;
    expect(seed.getAttribute("cx")).toBe(String(cell.x + g.seed_spots[0][0]));
  });

  it("redraws a cell's seeds only when its count changes", () => {
    const t = traitsOf(KISOLO);
    const view = new BoardView(t.geometry, "board");
    view.update(viewModel(t, still, { kind: "idle" }).board);
    const before = view.cellElement([0, 0])!.querySelector(".mw-seeds")!;
    const board = KISOLO.board.map((row, r) => (r === 0 ? [2, 0, 0, 0, 0, 0, 0] : row));
    view.update(viewModel(traitsOf({ ...KISOLO, board }), still, { kind: "idle" }).board);
    expect(before.childElementCount).toBe(2);
    const first = before.firstChild;
    view.update(viewModel(traitsOf({ ...KISOLO, board }, { labels: { south: "S", north: "N" } }), still, { kind: "idle" }).board);
    expect(before.firstChild).toBe(first);
  });

  it("puts a lesson's label above the top row's cells and below the second row's, inside the board", () => {
    const g = geometryOf(KISOLO);
    const label = (r: number, c: number, text = "here") => {
      const view = draw(KISOLO, { lesson: { id: "l", title: "", step: 1, steps: 1, text: "", puzzle: null, summary: null, highlight: [], label: { at: [r, c], text }, arrow: null, question: null, feedback: null } });
      const t = view.overlay.querySelector("text")!;
      const tag = view.overlay.querySelector(".mw-label-tag")!;
      return { x: Number(t.getAttribute("x")), y: Number(t.getAttribute("y")), left: Number(tag.getAttribute("x")), width: Number(tag.getAttribute("width")) };
    };
    const at = (r: number, c: number) => g.cells.find((x) => x.cell[0] === r && x.cell[1] === c)!;
    expect(label(0, 3).y).toBe(Math.max(24, at(0, 3).y - g.radius - 8));
    expect(label(1, 3).y).toBe(at(1, 3).y + g.radius + 22);
    expect(label(2, 3).y).toBe(at(2, 3).y - g.radius - 8);
    expect(label(3, 3).y).toBe(Math.min(g.height - 8, at(3, 3).y + g.radius + 22));
    expect(label(3, 3).x).toBe(at(3, 3).x);
    const long = label(3, 6, "a label much longer than one hole is wide");
    expect(long.left + long.width).toBeLessThanOrEqual(g.width - 6);
    expect(long.x).toBeLessThan(at(3, 6).x);
    const wide = label(3, 3, "한국어");
    expect(wide.width).toBe(3 * 13 + 12);
  });

  it("draws a lesson's arrow from the edge of one cell to near the edge of the other", () => {
    const g = geometryOf(KISOLO);
    const view = draw(KISOLO, { lesson: { id: "l", title: "", step: 1, steps: 1, text: "", puzzle: null, summary: null, highlight: [], label: null, arrow: { from: [3, 0], to: [3, 2] }, question: null, feedback: null } });
    const line = view.overlay.querySelector(".mw-arrow")!;
    const a = view.center([3, 0]);
    const b = view.center([3, 2]);
    expect(Number(line.getAttribute("x1"))).toBe(a.x + g.radius);
    expect(Number(line.getAttribute("x2"))).toBe(b.x - g.radius - 4);
    expect(Number(line.getAttribute("y1"))).toBe(a.y);
    expect(line.getAttribute("marker-end")).toMatch(/^url\(#mw-arrow-/);
  });

  it("knows the centre of each cell and jail, and keeps one cell in the tab order", () => {
    const g = geometryOf(KIOTHI);
    const view = draw(KIOTHI);
    const rect = g.jails.south!;
    expect(view.jailCenter("south")).toEqual({ x: rect.x + rect.w / 2, y: rect.y + rect.h / 2 });
    const kisolo = draw(KISOLO);
    const k = geometryOf(KISOLO);
    expect(kisolo.jailCenter("south")).toEqual({ x: k.width / 2, y: k.height / 2 });
    expect(kisolo.center([9, 9])).toEqual({ x: 0, y: 0 });
    kisolo.setFocusable([2, 3]);
    expect(Array.from(kisolo.svg.querySelectorAll('[tabindex="0"]')).map((e) => e.getAttribute("data-cell"))).toEqual(["2,3"]);
  });

  it("enlarges the board's text when the board is drawn small", () => {
    let seen: (() => void) | null = null;
    const disconnect = vi.fn();
    vi.stubGlobal("ResizeObserver", class {
      constructor(cb: () => void) {
        seen = cb;
      }
      observe() {}
      disconnect = disconnect;
    });
    const view = draw(KISOLO);
    const width = geometryOf(KISOLO).width;
    const drawnAt = (w: number) => {
      view.svg.getBoundingClientRect = () => ({ width: w }) as DOMRect;
      seen!();
      return view.svg.style.getPropertyValue("--mw-text-scale");
    };
    expect(drawnAt(width / 1.5)).toBe("1.50");
    expect(drawnAt(width / 4)).toBe("1.80");
    expect(drawnAt(width * 2)).toBe("1.00");
    expect(drawnAt(0)).toBe("1.00");
    view.dispose();
    expect(disconnect).toHaveBeenCalledOnce();
  });
});

describe("flying pieces", () => {
  /** Each flight as [from, to] centres, read from the keyframes. */
  function flights(run: (view: BoardView) => void) {
    const seen: { from: { x: number; y: number }; to: { x: number; y: number } }[] = [];
    const animate = vi.fn(function (this: SVGCircleElement, frames: Keyframe[]) {
      const to = { x: Number(this.getAttribute("cx")), y: Number(this.getAttribute("cy")) };
      const [dx, dy] = /translate\((-?[\d.]+)px, (-?[\d.]+)px\)/.exec(String(frames[0].transform))!.slice(1).map(Number);
      seen.push({ from: { x: to.x + dx, y: to.y + dy }, to });
      return { onfinish: null, oncancel: null };
    });
    SVGElement.prototype.animate = animate as unknown as SVGElement["animate"];
    try {
      const view = draw(KIOTHI);
      run(view);
      return { seen, view };
    } finally {
      delete (SVGElement.prototype as Partial<SVGElement>).animate;
    }
  }

  it("flies each stone sown from the cell before it, the first from the hand", () => {
    const sow: TraceEvent = { kind: "sow", lap: 1, cells: [[1, 5], [1, 6]] };
    const { seen, view } = flights((v) => {
      flyDrop(v, sow, 1, [1, 4], 200);
      flyDrop(v, sow, 2, [1, 5], 200);
      flyDrop(v, sow, 0, [1, 4], 200);
      flyDrop(v, { kind: "turn_end", to_move: "north" }, 1, [1, 4], 200);
    });
    expect(seen).toEqual([
      { from: view.center([1, 4]), to: view.center([1, 5]) },
      { from: view.center([1, 5]), to: view.center([1, 6]) },
    ]);
  });

  it("flies captured pieces to the cell that sows them, or to the jail with the capturing piece", () => {
    const { seen, view } = flights((v) => {
      flyTaken(v, { kind: "capture", rule: "turn_start_capture", player: "south", lap: 1, cell: [1, 3], from: [[0, 3, 2]], count: 2, into: "sow" }, 400);
      flyTaken(v, { kind: "capture", rule: "capture", player: "south", lap: 1, cell: [1, 2], from: [[0, 2, 3]], count: 4, into: "jail", jail: "south" }, 400);
    });
    const jail = view.jailCenter("south");
    expect(seen).toEqual([
      { from: view.center([0, 3]), to: view.center([1, 3]) },
      { from: view.center([0, 2]), to: jail },
      { from: view.center([1, 2]), to: jail },
    ]);
  });

  it("flies a leftmost triple taken and the pieces swept at the end to their jails", () => {
    const triple = [[0, 1], [0, 2], [0, 3]].map(([r, c]) => ({ cell: [r, c] as [number, number], count: 1, nki: false, empty_at_start: false, sown: true }));
    const { seen, view } = flights((v) => {
      flyTaken(v, { kind: "leftmost_triple", rule: "leftmost_triple", player: "south", taken: false, why: "nki", cells: triple, count: 0, jail: "south" }, 400);
      flyTaken(v, { kind: "leftmost_triple", rule: "leftmost_triple", player: "south", taken: true, why: null, cells: triple, count: 3, jail: "south" }, 400);
      flyTaken(v, { kind: "game_end", rule: "no_legal_move", status: "won", winner: "north", reason: "no legal move", sweep: [{ cell: [1, 1], count: 2, jail: "north" }] }, 400);
      flyTaken(v, { kind: "game_end", rule: "inner_row_emptied", status: "won", winner: "north", reason: "inner row emptied" }, 400);
      flyTaken(v, { kind: "turn_end", to_move: "north" }, 400);
    });
    expect(seen.map((f) => f.to)).toEqual([view.jailCenter("south"), view.jailCenter("south"), view.jailCenter("south"), view.jailCenter("north")]);
    expect(seen[3].from).toEqual(view.center([1, 1]));
  });

  it("draws nothing where the browser cannot animate", () => {
    const view = draw(KIOTHI);
    flyDrop(view, { kind: "sow", lap: 1, cells: [[1, 5]] }, 1, [1, 4], 200);
    expect(view.fly.childElementCount).toBe(0);
  });
});
