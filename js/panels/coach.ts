// The hint's sentence under the board, and the review: its progress bar, a small
// chart of who was ahead move by move, and the turning points as buttons that
// show the position before the move. All text goes in with textContent.

import type { ChartModel, ReviewModel } from "../coach-model";
import { el } from "../dom";
import { svgEl } from "../render";

export class HintLine {
  readonly el: HTMLDivElement;

  constructor(parent: HTMLElement) {
    this.el = el("div", "mw-coach-hint", parent);
    this.el.setAttribute("aria-live", "polite");
  }

  update(text: string): void {
    if (this.el.textContent !== text) this.el.textContent = text;
  }
}

export class ReviewPanel {
  readonly el: HTMLElement;
  private title: HTMLDivElement;
  private progress: HTMLProgressElement;
  private progressText: HTMLSpanElement;
  private message: HTMLDivElement;
  private chartBox: HTMLDivElement;
  private list: HTMLOListElement;
  private drawnChart = "";
  private drawnPoints = "";

  constructor(parent: HTMLElement, private goto: (moves: number) => void) {
    const section = (this.el = el("section", "mw-review", parent));
    section.hidden = true;
    this.title = el("div", "mw-review-title", section);
    const row = el("div", "mw-review-progress-row", section);
    this.progress = el("progress", "mw-review-progress", row);
    this.progressText = el("span", "mw-review-progress-text", row);
    this.message = el("div", "mw-review-message", section);
    this.message.setAttribute("aria-live", "polite");
    this.chartBox = el("div", "mw-review-chart-box", section);
    this.list = el("ol", "mw-turning-points", section);
  }

  update(m: ReviewModel): void {
    this.el.hidden = m.hidden;
    if (m.hidden) return;
    this.title.textContent = m.title;
    this.el.setAttribute("aria-label", m.title);
    const row = this.progress.parentElement!;
    row.hidden = m.progress === null;
    if (m.progress) {
      this.progress.max = m.progress.max;
      this.progress.value = m.progress.value;
      this.progress.setAttribute("aria-label", m.progress.text);
      this.progressText.textContent = m.progress.text;
    }
    this.message.textContent = m.message;
    const chart = JSON.stringify(m.chart);
    if (chart !== this.drawnChart) {
      this.drawnChart = chart;
      this.chartBox.replaceChildren(...(m.chart ? [drawChart(m.chart)] : []));
    }
    const points = JSON.stringify(m.points);
    if (points !== this.drawnPoints) {
      this.drawnPoints = points;
      this.drawPoints(m);
    }
  }

  private drawPoints(m: ReviewModel): void {
    // Keep keyboard focus on the same turning point when the list is redrawn.
    const buttons = () => Array.from(this.list.querySelectorAll("button"));
    const focused = buttons().findIndex((b) => b === document.activeElement);
    this.list.replaceChildren();
    for (const p of m.points) {
      const item = el("li", "", this.list);
      const go = el("button", "mw-turning-point", item, p.text);
      go.type = "button";
      go.title = m.show;
      if (p.current) go.setAttribute("aria-current", "step");
      go.addEventListener("click", () => this.goto(p.goto));
    }
    this.list.hidden = m.points.length === 0;
    if (focused >= 0) buttons()[Math.min(focused, m.points.length - 1)]?.focus();
  }
}

/** The chart as an inline SVG: the even line, who was ahead, dots after the turning
 * points, and a line where the position shown is. */
export function drawChart(c: ChartModel): SVGSVGElement {
  const svg = svgEl("svg", { class: "mw-review-chart", viewBox: `0 0 ${c.width} ${c.height}`, width: c.width, role: "img", "aria-label": c.label });
  svgEl("rect", { class: "mw-chart-bg", x: 0, y: 0, width: c.width, height: c.height }, svg);
  svgEl("line", { class: "mw-chart-zero", x1: 0, x2: c.width, y1: c.zero, y2: c.zero }, svg);
  const names = svgEl("g", { class: "mw-chart-names", "aria-hidden": "true" }, svg);
  svgEl("text", { x: 4, y: 12 }, names).textContent = c.top;
  svgEl("text", { x: 4, y: c.height - 4 }, names).textContent = c.bottom;
  if (c.cursor !== null) svgEl("line", { class: "mw-chart-cursor", x1: c.cursor, x2: c.cursor, y1: 0, y2: c.height }, svg);
  svgEl("polyline", { class: "mw-chart-line", points: c.points }, svg);
  for (const m of c.marks) svgEl("circle", { class: "mw-chart-mark", cx: m.x, cy: m.y, r: 4 }, svg);
  return svg;
}
