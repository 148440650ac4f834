// The game's moves as a numbered list of plain text: the ones played, then those
// taken back. Clicking one asks Python for the game after it.

import { el } from "../dom";
import type { Words } from "../text";

export class MoveList {
  readonly el: HTMLDetailsElement;

  constructor(parent: HTMLElement, private words: Words, private goto: (moves: number) => void) {
    this.el = el("details", "mw-history", parent);
  }

  update(moves: string[], played: number): void {
    // Keep keyboard focus on the same entry when the list is redrawn.
    const focused = Array.from(this.el.querySelectorAll("button")).findIndex((b) => b === document.activeElement);
    const summary = el("summary", "mw-history-summary", undefined, this.words.get("history", { n: moves.length }));
    const list = el("ol", "mw-history-list");
    moves.forEach((text, i) => {
      const item = el("li", i < played ? "" : "mw-undone", list);
      const go = el("button", "mw-history-move", item, text);
      go.type = "button";
      go.title = this.words.get(i < played ? "show_after" : "play_again_to");
      if (i === played - 1) go.setAttribute("aria-current", "step");
      go.addEventListener("click", () => this.goto(i + 1));
    });
    this.el.replaceChildren(summary, list);
    this.el.hidden = moves.length === 0;
    if (focused >= 0) list.querySelectorAll("button")[Math.min(focused, moves.length - 1)]?.focus();
  }
}
