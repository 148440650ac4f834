// The SVG board: built once per geometry (the trait Python draws from, see
// mancala_widgets/drawing.py), then updated in place from the view model. Every
// text node is set with textContent; nothing is ever parsed as markup.

import { cellKey } from "./cells";
import type { Cell, Geometry, Player } from "./types";
import { PLAYERS, type BoardModel } from "./view-model";

const SVG = "http://www.w3.org/2000/svg";

export interface Point {
  x: number;
  y: number;
}

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

interface CellParts {
  g: SVGGElement;
  at: Point;
  seeds: SVGGElement;
  count: SVGTextElement;
  marker: SVGTextElement;
}

interface JailParts {
  g: SVGGElement;
  count: SVGTextElement;
  name: SVGTextElement;
}

export class BoardView {
  readonly svg: SVGSVGElement;
  readonly fly: SVGGElement;
  readonly overlay: SVGGElement;
  private arrowId = `mw-arrow-${Math.random().toString(36).slice(2)}`;
  private cells = new Map<string, CellParts>();
  private jails = new Map<Player, JailParts>();
  private sides = new Map<Player, SVGTextElement>();
  private drawnOverlay = "";
  private resize: ResizeObserver | null = null;

  constructor(readonly geometry: Geometry, label: string) {
    const g = geometry;
    const svg = (this.svg = svgEl("svg", {
      class: "mw-board", viewBox: `0 0 ${g.width} ${g.height}`, width: g.width, role: "group", "aria-label": label,
    }));
    svgEl("rect", { class: "mw-wood", x: 1, y: 1, width: g.width - 2, height: g.height - 2, rx: 16 }, svg);
    if (g.divider) {
      const d = g.divider;
      svgEl("line", { class: "mw-divider", x1: d.x1, x2: d.x2, y1: d.y, y2: d.y }, svg);
    }
    for (const who of PLAYERS) {
      const rect = g.jails[who];
      if (!rect) continue;
      const jail = svgEl("g", { class: `mw-jail mw-${who}`, "data-jail": who, role: "img" }, svg);
      svgEl("rect", { class: "mw-jail-rect", x: rect.x, y: rect.y, width: rect.w, height: rect.h, rx: 30 }, jail);
      const count = svgEl("text", { class: "mw-jail-count", x: rect.x + rect.w / 2, y: rect.y + rect.h / 2 + 7, "text-anchor": "middle" }, jail);
      const name = svgEl("text", { class: "mw-jail-name", x: rect.x + rect.w / 2, y: rect.y + 18, "text-anchor": "middle", "aria-hidden": "true" }, jail);
      this.jails.set(who, { g: jail, count, name });
    }
    for (const who of PLAYERS) {
      const p = g.side_labels[who];
      this.sides.set(who, svgEl("text", { class: `mw-side mw-${who}`, x: p.x, y: p.y, "text-anchor": p.anchor }, svg));
    }
    for (const c of g.cells) this.buildCell(c.cell, { x: c.x, y: c.y }, c.owner);
    // The numbers the narration and the lessons use.
    const nums = svgEl("g", { class: "mw-numbers", "aria-hidden": "true" }, svg);
    for (const n of g.numbers) svgEl("text", { class: "mw-number", x: n.x, y: n.y, "text-anchor": "middle" }, nums).textContent = n.text;
    this.overlay = svgEl("g", { class: "mw-overlay" }, svg);
    this.watchSize();
    this.fly = svgEl("g", { class: "mw-fly", "aria-hidden": "true" }, svg);
    const defs = svgEl("defs", {}, svg);
    const marker = svgEl("marker", { id: this.arrowId, viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" }, defs);
    svgEl("path", { class: "mw-arrow-head", d: "M0 0L10 5L0 10z" }, marker);
  }

  private buildCell(cell: Cell, at: Point, owner: Player): void {
    const { x, y } = at;
    const R = this.geometry.radius;
    const g = svgEl("g", { class: `mw-cell mw-${owner}`, "data-cell": cellKey(cell), role: "button", tabindex: -1 }, this.svg);
    svgEl("circle", { class: "mw-ring", cx: x, cy: y, r: R + 5 }, g);
    svgEl("circle", { class: "mw-hole", cx: x, cy: y, r: R }, g);
    const nki = svgEl("g", { class: "mw-nki", "aria-hidden": "true" }, g);
    svgEl("circle", { class: "mw-nki-ring", cx: x, cy: y, r: R - 4 }, nki);
    svgEl("path", { class: "mw-nki-shield", d: shieldPath(x - R + 1, y - R - 3) }, nki);
    const seeds = svgEl("g", { class: "mw-seeds", "aria-hidden": "true" }, g);
    const count = svgEl("text", { class: "mw-count", x: x + R - 5, y: y + R + 3, "text-anchor": "middle", "aria-hidden": "true" }, g);
    const marker = svgEl("text", { class: "mw-marker", x: x - R + 4, y: y + R + 3, "text-anchor": "middle", "aria-hidden": "true" }, g);
    this.cells.set(cellKey(cell), { g, at, seeds, count, marker });
  }

  /** Drawn small, the board's text is enlarged (up to 1.8 times) so counts stay
   * about 14 px or more on the screen. */
  private watchSize(): void {
    if (typeof ResizeObserver !== "function") return;
    this.resize = new ResizeObserver(() => {
      const drawn = this.svg.getBoundingClientRect().width;
      if (!drawn) return;
      const scale = Math.min(1.8, Math.max(1, this.geometry.width / drawn));
      this.svg.style.setProperty("--mw-text-scale", scale.toFixed(2));
    });
    this.resize.observe(this.svg);
  }

  dispose(): void {
    this.resize?.disconnect();
  }

  center(cell: Cell): Point {
    return this.cells.get(cellKey(cell))?.at ?? { x: 0, y: 0 };
  }

  cellElement(cell: Cell): SVGGElement | undefined {
    return this.cells.get(cellKey(cell))?.g;
  }

  jailCenter(who: Player): Point {
    const j = this.geometry.jails[who];
    return j ? { x: j.x + j.w / 2, y: j.y + j.h / 2 } : { x: this.geometry.width / 2, y: this.geometry.height / 2 };
  }

  /** Only the focused cell is in the page's tab order; the arrows move between cells. */
  setFocusable(cell: Cell): void {
    const focused = cellKey(cell);
    for (const [k, parts] of this.cells) parts.g.setAttribute("tabindex", k === focused ? "0" : "-1");
  }

  update(m: BoardModel): void {
    for (const v of m.cells) {
      const parts = this.cells.get(v.key);
      if (!parts) continue;
      const g = parts.g;
      parts.count.textContent = String(v.count);
      this.drawSeeds(parts.seeds, parts.at, v.count);
      g.classList.toggle("mw-is-nki", v.nki);
      g.classList.toggle("mw-playable", v.playable);
      g.classList.toggle("mw-selected", v.selected);
      g.classList.toggle("mw-last", v.last);
      g.classList.toggle("mw-active", v.active);
      g.classList.toggle("mw-landing", v.landing);
      g.classList.toggle("mw-highlight", v.highlight);
      g.classList.toggle("mw-suggested", v.suggested);
      parts.marker.textContent = v.last ? "\u25B2" : v.suggested ? "\u2605" : "";
      g.setAttribute("aria-disabled", v.playable ? "false" : "true");
      g.setAttribute("aria-label", v.label);
    }
    for (const j of m.jails) {
      const parts = this.jails.get(j.who);
      if (!parts) continue;
      parts.count.textContent = String(j.count);
      parts.g.setAttribute("aria-label", j.label);
      parts.name.textContent = j.name;
    }
    for (const [who, text] of this.sides) text.textContent = m.sides[who];
    const overlay = JSON.stringify([m.label, m.arrow]);
    if (overlay !== this.drawnOverlay) {
      this.drawnOverlay = overlay;
      this.drawOverlay(m.label, m.arrow);
    }
  }

  /** A lesson's label by a cell and its arrow between two cells. */
  private drawOverlay(label: BoardModel["label"], arrow: BoardModel["arrow"]): void {
    while (this.overlay.firstChild) this.overlay.firstChild.remove();
    const R = this.geometry.radius;
    if (arrow) {
      const a = this.center(arrow.from);
      const b = this.center(arrow.to);
      const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
      const ux = (b.x - a.x) / len;
      const uy = (b.y - a.y) / len;
      svgEl("line", {
        class: "mw-arrow", x1: a.x + ux * R, y1: a.y + uy * R, x2: b.x - ux * (R + 4), y2: b.y - uy * (R + 4),
        "marker-end": `url(#${this.arrowId})`,
      }, this.overlay);
    }
    if (label) {
      const p = this.center(label.at);
      const g = svgEl("g", { class: "mw-label" }, this.overlay);
      // Above the cell on the first and third rows from the top, below it on the
      // second and fourth, so the label sits in a margin or between the two
      // players' rows and never on another cell's count.
      const rowYs = this.geometry.cells.filter((c) => c.x === p.x).map((c) => c.y).sort((a, b) => a - b);
      const above = rowYs.indexOf(p.y) % 2 === 0;
      const { width: W, height: H } = this.geometry;
      // Kept inside the board's edge, whichever cell it names.
      const y = Math.min(H - 8, Math.max(24, above ? p.y - R - 8 : p.y + R + 22));
      const tag = svgEl("rect", { class: "mw-label-tag", y: y - 15, height: 20, rx: 6 }, g);
      const text = svgEl("text", { y, "text-anchor": "middle" }, g);
      text.textContent = label.text;
      // A tag behind the text, so it reads clearly over cells and seeds.
      const width = labelWidth(text) + 12;
      const x = Math.min(W - 6 - width / 2, Math.max(6 + width / 2, p.x));
      text.setAttribute("x", String(x));
      tag.setAttribute("x", String(x - width / 2));
      tag.setAttribute("width", String(width));
    }
  }

  /** Up to as many seeds as there are spots; above that a heap, whose count is the
   * cell's own number beside it (written once). */
  private drawSeeds(g: SVGGElement, at: Point, n: number): void {
    if (g.getAttribute("data-n") === String(n)) return;
    while (g.firstChild) g.firstChild.remove();
    g.setAttribute("data-n", String(n));
    const { seed_spots: spots, seed_radius: r, radius } = this.geometry;
    let shown = spots.slice(0, n);
    if (n > spots.length) {
      svgEl("circle", { class: "mw-heap", cx: at.x, cy: at.y, r: radius - 8 }, g);
      shown = spots.slice(0, 9);
    }
    for (const [dx, dy] of shown) svgEl("circle", { class: "mw-seed", cx: at.x + dx, cy: at.y + dy, r }, g);
  }
}

function shieldPath(x: number, y: number): string {
  return `M${x} ${y}h12v6c0 5-3 8-6 10c-3-2-6-5-6-10z`;
}

/** The drawn width of a label: measured where the browser lays text out,
 * estimated elsewhere (wide for CJK characters, narrower for the rest). */
function labelWidth(text: SVGTextElement): number {
  const measured = typeof text.getComputedTextLength === "function" ? text.getComputedTextLength() : 0;
  if (measured > 0) return measured;
  return Array.from(text.textContent ?? "").reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? 13 : 7.5), 0);
}
