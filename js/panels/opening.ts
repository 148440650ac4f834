// The controls under the board that finish a move started on it: the opening's
// hint, Take back and Confirm, and the lift-count chooser (fewer, more, sow,
// cancel). On a board for watching, a hint that says so.

import { button, el } from "../dom";
import type { Button } from "../input";
import type { Words } from "../text";
import type { PanelModel } from "../view-model";

export class OpeningPanel {
  readonly el: HTMLDivElement;
  private kind = "";
  private hint: HTMLSpanElement | null = null;
  private buttons = new Map<Button, HTMLButtonElement>();

  constructor(parent: HTMLElement, private words: Words, private press: (b: Button) => void) {
    this.el = el("div", "mw-panel", parent);
  }

  update(m: PanelModel): void {
    // Rebuilt only when what it offers changes, so a focused button keeps its focus.
    if (m.kind !== this.kind) this.build(m);
    if (this.hint) this.hint.textContent = m.kind === "opening" || m.kind === "watching" ? m.hint : m.kind === "lift" ? m.text : "";
    if (m.kind === "opening") {
      this.enable("take_back", m.takeBack);
      this.enable("confirm", m.confirm);
    } else if (m.kind === "lift") {
      this.enable("fewer", m.fewer);
      this.enable("more", m.more);
      const sow = this.buttons.get("sow");
      if (sow) {
        sow.textContent = m.sow;
        sow.title = m.sow;
        sow.setAttribute("aria-label", m.sow);
      }
    }
  }

  private enable(b: Button, on: boolean): void {
    const e = this.buttons.get(b);
    if (e) e.disabled = !on;
  }

  private build(m: PanelModel): void {
    this.el.replaceChildren();
    this.buttons.clear();
    this.hint = null;
    this.kind = m.kind;
    const t = (k: string) => this.words.get(k);
    const add = (b: Button, label: string, text = label) => this.buttons.set(b, button(this.el, `mw-${b.replace("_", "-")}`, label, text, () => this.press(b)));
    if (m.kind === "watching") this.hint = el("span", "mw-hint", this.el);
    if (m.kind === "opening") {
      this.hint = el("span", "mw-hint mw-opening-hint", this.el);
      add("take_back", t("take_back"));
      add("confirm", t("confirm"));
    }
    if (m.kind === "lift") {
      this.hint = el("span", "mw-hint mw-lift-count", this.el);
      add("fewer", t("fewer"), "\u2212");
      add("more", t("more"), "+");
      add("sow", m.sow);
      add("cancel", t("cancel"));
    }
  }
}
