// The lines of text around the board: the title and whose turn it is above it;
// below it the narration of the step shown, the computer's reason and notices.

import { el } from "../dom";
import type { ViewModel } from "../view-model";

export class Header {
  readonly el: HTMLDivElement;
  private status: HTMLDivElement;

  constructor(parent: HTMLElement, title: string) {
    this.el = el("div", "mw-head", parent);
    el("div", "mw-title", this.el, title).title = title; // all of it, where a comparison cuts it short
    this.status = el("div", "mw-status", this.el);
    this.status.setAttribute("role", "status");
  }

  update(m: ViewModel["status"]): void {
    this.status.textContent = m.text;
    this.status.dataset.status = m.state;
    this.status.dataset.toMove = m.toMove;
  }
}

export class Narration {
  private line: HTMLDivElement;
  private progress: HTMLSpanElement;
  private text: HTMLDivElement;
  private says: HTMLDivElement;
  private notice: HTMLDivElement;

  constructor(parent: HTMLElement) {
    this.line = el("div", "mw-narration-line", parent);
    this.progress = el("span", "mw-progress", this.line);
    this.text = el("div", "mw-narration", this.line);
    this.text.setAttribute("aria-live", "polite");
    this.says = el("div", "mw-computer-says", parent);
    this.says.setAttribute("aria-live", "polite");
    this.notice = el("div", "mw-notice", parent);
    this.notice.setAttribute("role", "alert");
  }

  update(m: ViewModel["narration"], says: string): void {
    this.line.hidden = m.hidden;
    this.progress.textContent = m.progress;
    this.text.textContent = m.text;
    this.says.textContent = says;
  }

  /** An error from Python, or a word about a click the board cannot take. */
  showNotice(text: string): void {
    this.notice.textContent = text;
  }
}
