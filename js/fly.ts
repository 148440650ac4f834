// A stone flying from one hole to the next while a lap is sown.

import type { Point } from "./layout";
import { svgEl, type BoardView } from "./render";

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
