// The workbook (where a student's work is kept; continue or start over) and the Hand in
// form. Python decides everything: the browser sends what was pressed and the name
// typed, and saves the hand-in file Python sends it. Every text goes in as textContent.

import { button, el } from "./dom";
import { keep, type StorageMessage } from "./keep";

export interface WorkTraits {
  view: "workbook" | "handin" | "download";
  strings: Record<string, string>;
  locale: string;
  status: { kind: "done" | "error" | "said"; text: string } | null;
  mode: string;
  file: string;
  student: string;
  text: string;
  label: string;
  can_continue: boolean;
  store: string;
  store_key: string;
}

export type WorkMessage =
  | { kind: "continue" }
  | { kind: "start_over" }
  | { kind: "restore" }
  | { kind: "hand_in"; student: string }
  | StorageMessage;

export interface Download {
  kind: "download";
  file: string;
  text: string;
}

export interface WorkModel {
  get<K extends keyof WorkTraits>(name: K): WorkTraits[K];
  send(message: WorkMessage): void;
  on(event: string, callback: (...args: unknown[]) => void): void;
  off(event: string, callback: (...args: unknown[]) => void): void;
}

/** Where the browser remembers the student's name, for every lesson of the site. */
export const NAME_KEY = "mancala-widgets:student";

function remembered(): string {
  try {
    return window.localStorage.getItem(NAME_KEY) ?? "";
  } catch {
    return ""; // storage refused (a private window): the student types it again
  }
}

function remember(name: string): void {
  try {
    window.localStorage.setItem(NAME_KEY, name);
  } catch {
    /* storage refused: nothing to keep it in */
  }
}

/** Save `text` as the file `file` in the browser's downloads. */
export function download(file: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = file;
  a.hidden = true;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function statusLine(parent: HTMLElement): HTMLParagraphElement {
  const p = el("p", "mw-feedback mw-work-status", parent);
  p.setAttribute("role", "status");
  p.setAttribute("aria-live", "polite");
  return p;
}

function showStatus(p: HTMLParagraphElement, status: WorkTraits["status"]): void {
  p.hidden = !status;
  p.textContent = status ? status.text : "";
  const state = !status ? "" : status.kind === "error" ? "mw-wrong" : status.kind === "done" ? "mw-right" : "mw-said";
  p.className = `mw-feedback mw-work-status ${state}`;
}

export class WorkbookView {
  readonly el: HTMLDivElement;
  private status: HTMLParagraphElement;
  private choice: HTMLDivElement;
  private confirm: HTMLDivElement;
  private restore: HTMLButtonElement;
  private continueButton: HTMLButtonElement;

  constructor(private model: WorkModel, host: HTMLElement) {
    const t = (k: string) => model.get("strings")[k] ?? k;
    const root = (this.el = el("div", "mw-work mw-workbook", host));
    root.lang = model.get("locale") || "en";
    root.setAttribute("role", "region");
    root.setAttribute("aria-label", t("label"));
    this.status = statusLine(root);
    this.choice = el("div", "mw-answer-row mw-work-choice", root);
    this.continueButton = button(this.choice, "mw-primary mw-work-continue", t("continue"), t("continue"), () =>
      model.send({ kind: "continue" }),
    );
    button(this.choice, "mw-work-start-over", t("start_over"), t("start_over"), () => model.send({ kind: "start_over" }));
    const more = el("div", "mw-answer-row", root);
    this.restore = button(more, "mw-work-restore", t("restore"), t("restore"), () => this.ask(true));
    this.confirm = el("div", "mw-work-confirm", root);
    this.confirm.setAttribute("role", "group");
    el("p", "mw-lesson-text", this.confirm, t("restore_confirm"));
    const row = el("div", "mw-answer-row", this.confirm);
    button(row, "mw-primary mw-work-restore-yes", t("restore_yes"), t("restore_yes"), () => {
      this.ask(false);
      model.send({ kind: "restore" });
    });
    button(row, "mw-work-cancel", t("cancel"), t("cancel"), () => this.ask(false));
    this.ask(false);
    this.update();
  }

  private ask(open: boolean): void {
    this.confirm.hidden = !open;
    this.restore.hidden = open;
    if (open) (this.confirm.querySelector(".mw-work-cancel") as HTMLButtonElement).focus();
  }

  update(): void {
    showStatus(this.status, this.model.get("status"));
    this.choice.hidden = this.model.get("mode") !== "asking";
    this.continueButton.hidden = !this.model.get("can_continue");
  }
}

export class HandInView {
  readonly el: HTMLDivElement;
  private status: HTMLParagraphElement;
  private name: HTMLInputElement;

  constructor(private model: WorkModel, host: HTMLElement) {
    const t = (k: string) => model.get("strings")[k] ?? k;
    const root = (this.el = el("div", "mw-work mw-handin", host));
    root.lang = model.get("locale") || "en";
    const box = el("div", "mw-lesson mw-handin-box", root);
    el("h3", "mw-handin-title", box, t("title"));
    el("p", "mw-lesson-text", box, t("intro"));
    const row = el("div", "mw-answer-row", box);
    const label = el("label", "mw-handin-label", row, t("name"));
    this.name = el("input", "mw-exercise-answer mw-handin-name", label);
    this.name.type = "text";
    this.name.maxLength = 120;
    this.name.autocomplete = "name";
    this.name.placeholder = t("name_placeholder");
    this.name.value = model.get("student") || remembered();
    const send = () => {
      const name = this.name.value.trim();
      if (name) remember(name);
      model.send({ kind: "hand_in", student: name });
    };
    this.name.addEventListener("keydown", (e) => {
      if ((e as KeyboardEvent).key === "Enter") {
        e.preventDefault();
        send();
      }
    });
    button(row, "mw-primary mw-handin-button", t("button"), t("button"), send);
    this.status = statusLine(box);
    this.update();
  }

  update(): void {
    showStatus(this.status, this.model.get("status"));
    const student = this.model.get("student");
    if (student && !this.name.value) this.name.value = student;
  }
}

export class DownloadView {
  readonly el: HTMLDivElement;

  constructor(model: WorkModel, host: HTMLElement) {
    const root = (this.el = el("div", "mw-work mw-download", host));
    root.lang = model.get("locale") || "en";
    const label = model.get("label");
    button(root, "mw-download-button", label, label, () => download(model.get("file"), model.get("text")));
  }

  update(): void {}
}

function render({ model, el: host }: { model: WorkModel; el: HTMLElement }): () => void {
  const kind = model.get("view");
  const view =
    kind === "handin" ? new HandInView(model, host) : kind === "download" ? new DownloadView(model, host) : new WorkbookView(model, host);
  const update = () => view.update();
  const custom = (message: unknown) => {
    const m = message as Partial<Download> | null;
    if (m && m.kind === "download" && typeof m.file === "string" && typeof m.text === "string") download(m.file, m.text);
  };
  const traits = ["status", "mode", "student", "can_continue"];
  for (const name of traits) model.on(`change:${name}`, update);
  model.on("msg:custom", custom);
  return () => {
    for (const name of traits) model.off(`change:${name}`, update);
    model.off("msg:custom", custom);
    view.el.remove();
  };
}

/** Once per model, whether or not it is on screen: the workbook keeps the work in the
 * browser where Python cannot (keep.ts). */
function initialize({ model }: { model: WorkModel }): () => void {
  return model.get("view") === "workbook" ? keep(model) : () => {};
}

export default { initialize, render };
