// Pieces flying across the board while a move is shown: a stone from one cell
// to the next while a lap is sown, captured pieces to where they go.

import { svgEl, type BoardView, type Point } from "./render";
import type { Cell, TraceEvent } from "./types";

export function animateFly(view: BoardView, from: Point, to: Point, ms: number): void {
  const stone = svgEl("circle", { class: "mw-flying", cx: to.x, cy: to.y, r: 5 }, view.fly);
  if (typeof stone.animate !== "function") {
    stone.remove();
    return;
  }
  const dx = from.x - to.x;
  const dy = from.y - to.y;
  const anim = stone.animate(
    [
      { transform: `translate(${dx}px, ${dy}px)`, opacity: 1 },
      { transform: `translate(${dx / 2}px, ${dy / 2 - 18}px)`, opacity: 1, offset: 0.5 },
      { transform: "translate(0px, 0px)", opacity: 0.2 },
    ],
    { duration: Math.max(60, ms), easing: "ease-in-out" },
  );
  anim.onfinish = () => stone.remove();
  anim.oncancel = () => stone.remove();
}

/** The stone of a sowing's drop number `drops` (from 1), from the cell before it. */
export function flyDrop(view: BoardView, ev: TraceEvent, drops: number, handAt: Cell | null, ms: number): void {
  if (ev.kind !== "sow" || drops < 1) return;
  const to = ev.cells[drops - 1];
  const from = drops > 1 ? ev.cells[drops - 2] : handAt ?? to;
  animateFly(view, view.center(from), view.center(to), ms);
}

/** Pieces taken travel to where they go: the cell that sows them again, or a jail. */
export function flyTaken(view: BoardView, ev: TraceEvent, ms: number): void {
  const go = (from: Cell, to: Point) => animateFly(view, view.center(from), to, ms);
  if (ev.kind === "capture") {
    const to = ev.into === "jail" && ev.jail ? view.jailCenter(ev.jail) : view.center(ev.cell);
    for (const [r, c] of ev.from) go([r, c], to);
    if (ev.into === "jail") go(ev.cell, to);
  } else if (ev.kind === "leftmost_triple" && ev.taken) {
    for (const t of ev.cells) go(t.cell, view.jailCenter(ev.jail));
  } else if (ev.kind === "game_end") {
    for (const s of ev.sweep ?? []) go(s.cell, view.jailCenter(s.jail));
  }
}
