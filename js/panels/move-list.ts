// The game's moves as a numbered list of plain text, the variations (the lines
// tried instead of a move) indented under the move they replace, as PGN puts
// them in parentheses. Clicking a move asks Python for the game after it.

import { el } from "../dom";
import type { MoveItem, MoveListModel } from "../view-model";

// On the button, not the list item: a dimmed item would dim the variations inside it.
const CLASSES: Record<MoveItem["state"], string> = { played: "", current: "", ahead: " mw-undone", other: "" };

const MAX_INDENT = 6;

export class MoveList {
  readonly el: HTMLDetailsElement;

  constructor(parent: HTMLElement, private goto: (node: number) => void) {
    this.el = el("details", "mw-history", parent);
  }

  update(model: MoveListModel): void {
    // Keep keyboard focus on the same move when the list is redrawn.
    const active = document.activeElement;
    const focused = active instanceof HTMLElement && this.el.contains(active) ? active.dataset.node : undefined;
    const summary = el("summary", "mw-history-summary", undefined, model.summary);
    const parts: HTMLElement[] = [summary];
    if (model.before) parts.push(el("div", "mw-history-left-out", undefined, model.before));
    parts.push(this.line(model.moves, "mw-history-list", 0));
    if (model.after) parts.push(el("div", "mw-history-left-out", undefined, model.after));
    this.el.replaceChildren(...parts);
    this.el.hidden = model.hidden;
    if (focused === undefined) return;
    const buttons = Array.from(this.el.querySelectorAll<HTMLButtonElement>("button.mw-history-move"));
    (buttons.find((b) => b.dataset.node === focused) ?? buttons.find((b) => b.hasAttribute("aria-current")))?.focus();
  }

  private line(moves: MoveItem[], cls: string, depth: number): HTMLOListElement {
    // Variations inside variations indent a few levels, then line up: deep trees stay readable.
    const list = el("ol", depth > MAX_INDENT ? `${cls} mw-variation-deep` : cls);
    // A variation's numbers go on from the move it replaces.
    if (moves.length) list.start = moves[0].ply;
    for (const move of moves) {
      const item = el("li", "", list);
      const go = el("button", `mw-history-move${CLASSES[move.state]}`, item, move.text);
      go.type = "button";
      go.title = move.title;
      go.setAttribute("aria-label", move.label);
      go.dataset.node = String(move.id);
      if (move.state === "current") go.setAttribute("aria-current", "step");
      go.addEventListener("click", () => this.goto(move.id));
      for (const variation of move.variations) item.appendChild(this.line(variation, "mw-variation", depth + 1));
    }
    return list;
  }
}
