// The SVG board: built once per board shape, then updated in place. Every
// text node is set with textContent; nothing is ever parsed as HTML.

import { makeLayout, ownerOf, RADIUS, SEED_SPOTS, type Layout, type Point } from "./layout";
import { shortName, type Words } from "./text";
import type { Cell, Game, Player } from "./types";
import { key } from "./interaction";

const SVG = "http://www.w3.org/2000/svg";

export function svgEl<K extends keyof SVGElementTagNameMap>(
  name: K,
  attrs: Record<string, string | number> = {},
  parent?: Element,
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (parent) parent.appendChild(el);
  return el;
}

export interface Frame {
  board: number[][];
  nki: boolean[][] | null;
  jails: Record<Player, number> | null;
  labels: Record<Player, string>;
  playable: Set<string>;
  selected: Set<string>;
  lastMove: Set<string>;
  /** The hole or boma the current step is about. */
  active: string | null;
  /** Where the last stone fell, while pussa kanawa lifts the hole after it. */
  landing: string | null;
  /** Lesson marks. */
  highlight: Set<string>;
  /** Extra words for a cell's label (e.g. "lifted", "2 placed"). */
  notes: Map<string, string>;
  /** Every cell's name, as Python wrote it (in the board's language). */
  names: string[][];
}

interface CellParts {
  g: SVGGElement;
  seeds: SVGGElement;
  count: SVGTextElement;
  nki: SVGGElement;
  marker: SVGTextElement;
}

export class BoardView {
  readonly svg: SVGSVGElement;
  readonly layout: Layout;
  readonly fly: SVGGElement;
  readonly overlay: SVGGElement;
  private arrowId = `mw-arrow-${Math.random().toString(36).slice(2)}`;
  private cells = new Map<string, CellParts>();
  private jails = new Map<Player, SVGTextElement>();
  private jailGroups = new Map<Player, SVGGElement>();
  private jailNames = new Map<Player, SVGTextElement>();
  private sideLabels = new Map<Player, SVGTextElement>();

  constructor(
    readonly game: Game,
    readonly rows: number,
    readonly columns: number,
    perspective: Player,
    private t: Words,
    title: string,
    numbers = false,
  ) {
    const layout = (this.layout = makeLayout(game, rows, columns, perspective, numbers));
    const svg = (this.svg = svgEl("svg", {
      class: "mw-board",
      viewBox: `0 0 ${layout.width} ${layout.height}`,
      width: layout.width,
      role: "group",
      "aria-label": t.get("board", { title }),
    }));
    svgEl("rect", { class: "mw-wood", x: 1, y: 1, width: layout.width - 2, height: layout.height - 2, rx: 16 }, svg);
    if (layout.divider) {
      const d = layout.divider;
      svgEl("line", { class: "mw-divider", x1: d.x1, x2: d.x2, y1: d.y, y2: d.y }, svg);
    }
    for (const [who, rect] of Object.entries(layout.jails) as [Player, { x: number; y: number; w: number; h: number }][]) {
      const g = svgEl("g", { class: `mw-jail mw-${who}`, "data-jail": who, role: "img" }, svg);
      svgEl("rect", { class: "mw-jail-rect", x: rect.x, y: rect.y, width: rect.w, height: rect.h, rx: 30 }, g);
      const count = svgEl("text", { class: "mw-jail-count", x: rect.x + rect.w / 2, y: rect.y + rect.h / 2 + 7, "text-anchor": "middle" }, g);
      const name = svgEl("text", { class: "mw-jail-name", x: rect.x + rect.w / 2, y: rect.y + 18, "text-anchor": "middle", "aria-hidden": "true" }, g);
      this.jailNames.set(who, name);
      this.jails.set(who, count);
      this.jailGroups.set(who, g);
    }
    for (const who of ["south", "north"] as Player[]) {
      const p = layout.sideLabels[who];
      const anchor = game === "kisolo" ? "start" : "middle";
      this.sideLabels.set(who, svgEl("text", { class: `mw-side mw-${who}`, x: p.x, y: p.y, "text-anchor": anchor }, svg));
    }
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < columns; c++) this.buildCell([r, c]);
    }
    // The numbers the narration and the lessons use: columns 1..N from South's left.
    const nums = svgEl("g", { class: "mw-numbers", "aria-hidden": "true" }, svg);
    for (const n of layout.numbers) {
      svgEl("text", { class: "mw-number", x: n.x, y: n.y, "text-anchor": "middle" }, nums).textContent = String(n.column + 1);
    }
    this.overlay = svgEl("g", { class: "mw-overlay" }, svg);
    this.watchSize();
    this.fly = svgEl("g", { class: "mw-fly", "aria-hidden": "true" }, svg);
    const defs = svgEl("defs", {}, svg);
    const marker = svgEl("marker", { id: this.arrowId, viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" }, defs);
    svgEl("path", { class: "mw-arrow-head", d: "M0 0L10 5L0 10z" }, marker);
  }

  /** A lesson's label by a hole and its arrow between two holes. */
  drawOverlay(label: { at: Cell; text: string } | null, arrow: { from: Cell; to: Cell } | null): void {
    while (this.overlay.firstChild) this.overlay.firstChild.remove();
    if (arrow) {
      const a = this.center(arrow.from);
      const b = this.center(arrow.to);
      const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
      const ux = (b.x - a.x) / len;
      const uy = (b.y - a.y) / len;
      svgEl("line", {
        class: "mw-arrow", x1: a.x + ux * RADIUS, y1: a.y + uy * RADIUS, x2: b.x - ux * (RADIUS + 4), y2: b.y - uy * (RADIUS + 4),
        "marker-end": `url(#${this.arrowId})`,
      }, this.overlay);
    }
    if (label) {
      const p = this.center(label.at);
      const g = svgEl("g", { class: "mw-label" }, this.overlay);
      // Above the hole on the first and third rows from the top, below it on the
      // second and fourth, so the label sits in a margin or between the two
      // players' rows and never on another hole's count.
      const rowYs = Array.from({ length: this.rows }, (_, r) => this.center([r, label.at[1]]).y).sort((a, b) => a - b);
      const above = rowYs.indexOf(p.y) % 2 === 0;
      const { width: W, height: H } = this.layout;
      // Kept inside the board's edge, whichever hole it names.
      const y = Math.min(H - 8, Math.max(24, above ? p.y - RADIUS - 8 : p.y + RADIUS + 22));
      const tag = svgEl("rect", { class: "mw-label-tag", y: y - 15, height: 20, rx: 6 }, g);
      const text = svgEl("text", { y, "text-anchor": "middle" }, g);
      text.textContent = label.text;
      // A tag behind the text, so it reads clearly over holes and seeds.
      const width = labelWidth(text) + 12;
      const x = Math.min(W - 6 - width / 2, Math.max(6 + width / 2, p.x));
      text.setAttribute("x", String(x));
      tag.setAttribute("x", String(x - width / 2));
      tag.setAttribute("width", String(width));
    }
  }

  private buildCell(cell: Cell): void {
    const { x, y } = this.layout.center(cell);
    const owner = ownerOf(this.game, cell);
    const g = svgEl("g", { class: `mw-cell mw-${owner}`, "data-cell": key(cell), role: "button", tabindex: -1 }, this.svg);
    svgEl("circle", { class: "mw-ring", cx: x, cy: y, r: RADIUS + 5 }, g);
    svgEl("circle", { class: "mw-hole", cx: x, cy: y, r: RADIUS }, g);
    const nki = svgEl("g", { class: "mw-nki", "aria-hidden": "true" }, g);
    svgEl("circle", { class: "mw-nki-ring", cx: x, cy: y, r: RADIUS - 4 }, nki);
    svgEl("path", { class: "mw-nki-shield", d: shieldPath(x - RADIUS + 1, y - RADIUS - 3) }, nki);
    const seeds = svgEl("g", { class: "mw-seeds", "aria-hidden": "true" }, g);
    const count = svgEl("text", { class: "mw-count", x: x + RADIUS - 5, y: y + RADIUS + 3, "text-anchor": "middle", "aria-hidden": "true" }, g);
    const marker = svgEl("text", { class: "mw-marker", x: x - RADIUS + 4, y: y + RADIUS + 3, "text-anchor": "middle", "aria-hidden": "true" }, g);
    this.cells.set(key(cell), { g, seeds, count, nki, marker });
  }

  private resize: ResizeObserver | null = null;

  /** Drawn small, the board's text is enlarged (up to 1.8 times) so counts stay
   * about 14 px or more on the screen. */
  private watchSize(): void {
    if (typeof ResizeObserver !== "function") return;
    this.resize = new ResizeObserver(() => {
      const drawn = this.svg.getBoundingClientRect().width;
      if (!drawn) return;
      const scale = Math.min(1.8, Math.max(1, this.layout.width / drawn));
      this.svg.style.setProperty("--mw-text-scale", scale.toFixed(2));
    });
    this.resize.observe(this.svg);
  }

  dispose(): void {
    this.resize?.disconnect();
  }

  center(cell: Cell): Point {
    return this.layout.center(cell);
  }

  cellElement(cell: Cell): SVGGElement | undefined {
    return this.cells.get(key(cell))?.g;
  }

  jailCenter(who: Player): Point {
    const j = this.layout.jails[who]!;
    return { x: j.x + j.w / 2, y: j.y + j.h / 2 };
  }

  allCells(): Cell[] {
    return [...this.cells.keys()].map((k) => k.split(",").map(Number) as Cell);
  }

  update(f: Frame): void {
    const pieceKey = this.game === "kisolo" ? "stones" : "warriors";
    const piece = (n: number) => this.t.get(pieceKey, { n });
    for (const [k, parts] of this.cells) {
      const cell = k.split(",").map(Number) as Cell;
      const n = f.board[cell[0]][cell[1]];
      parts.count.textContent = String(n);
      drawSeeds(parts.seeds, this.center(cell), n);
      const nki = f.nki ? f.nki[cell[0]][cell[1]] : false;
      const playable = f.playable.has(k);
      parts.g.classList.toggle("mw-is-nki", nki);
      parts.g.classList.toggle("mw-playable", playable);
      parts.g.classList.toggle("mw-selected", f.selected.has(k));
      parts.g.classList.toggle("mw-last", f.lastMove.has(k));
      parts.g.classList.toggle("mw-active", f.active === k);
      parts.g.classList.toggle("mw-landing", f.landing === k);
      parts.g.classList.toggle("mw-highlight", f.highlight.has(k));
      parts.marker.textContent = f.lastMove.has(k) ? "\u25B2" : "";
      parts.g.setAttribute("aria-disabled", playable ? "false" : "true");
      const words = [f.names[cell[0]]?.[cell[1]] ?? k, piece(n)];
      if (nki) words.push(this.t.get("nki"));
      if (f.selected.has(k)) words.push(this.t.get("selected"));
      if (f.notes.has(k)) words.push(f.notes.get(k)!);
      if (f.lastMove.has(k)) words.push(this.t.get("last_move"));
      if (playable) words.push(this.t.get("can_play"));
      parts.g.setAttribute("aria-label", words.join(", "));
    }
    for (const [who, text] of this.jails) {
      const n = f.jails ? f.jails[who] : 0;
      text.textContent = String(n);
      this.jailGroups.get(who)!.setAttribute("aria-label", `${this.t.get("jail", { side: f.labels[who] })}: ${piece(n)}`);
      this.jailNames.get(who)!.textContent = shortName(f.labels[who]);
    }
    for (const [who, text] of this.sideLabels) text.textContent = f.labels[who];
  }
}

function shieldPath(x: number, y: number): string {
  return `M${x} ${y}h12v6c0 5-3 8-6 10c-3-2-6-5-6-10z`;
}

/** Up to 13 seeds drawn in a hole; above that a heap, whose count is the hole's
 * own number beside it (written once). */
function drawSeeds(g: SVGGElement, at: Point, n: number): void {
  if (g.getAttribute("data-n") === String(n)) return;
  while (g.firstChild) g.firstChild.remove();
  g.setAttribute("data-n", String(n));
  if (n > SEED_SPOTS.length) {
    svgEl("circle", { class: "mw-heap", cx: at.x, cy: at.y, r: 17 }, g);
    for (const [dx, dy] of SEED_SPOTS.slice(0, 9)) svgEl("circle", { class: "mw-seed", cx: at.x + dx, cy: at.y + dy, r: 4.2 }, g);
    return;
  }
  for (const [dx, dy] of SEED_SPOTS.slice(0, n)) svgEl("circle", { class: "mw-seed", cx: at.x + dx, cy: at.y + dy, r: 4.2 }, g);
}

/** The drawn width of a label: measured where the browser lays text out,
 * estimated elsewhere (wide for CJK characters, narrower for the rest). */
function labelWidth(text: SVGTextElement): number {
  const measured = typeof text.getComputedTextLength === "function" ? text.getComputedTextLength() : 0;
  if (measured > 0) return measured;
  return Array.from(text.textContent ?? "").reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? 13 : 7.5), 0);
}
