// The workbook (where a student's work is kept; continue or start over) and the Hand in
// form. Python decides everything: the browser sends what was pressed and the name
// typed, and saves the hand-in file Python sends it. Every text goes in as textContent.

import {
  CHANGED,
  codeFromLanding,
  deliver,
  type Delivery,
  type Fetched,
  fetchHandIns,
  hubThere,
  join,
  leave,
  type LiveEvent,
  membership,
  Outbox,
} from "./class";
import { button, el } from "./dom";
import { keep, type StorageMessage } from "./keep";

export interface WorkTraits {
  view: "workbook" | "handin" | "download" | "join" | "from_hub";
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
  hub: string;
}

export type WorkMessage =
  | { kind: "continue" }
  | { kind: "start_over" }
  | { kind: "restore" }
  | { kind: "hand_in"; student: string }
  | { kind: "class"; joined: boolean }
  | Delivery
  | Fetched
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

function statusLine(parent: HTMLElement, name = "mw-work-status"): HTMLParagraphElement {
  const p = el("p", `mw-feedback ${name}`, parent);
  p.setAttribute("role", "status");
  p.setAttribute("aria-live", "polite");
  return p;
}

function showStatus(p: HTMLParagraphElement, status: WorkTraits["status"], name = "mw-work-status"): void {
  p.hidden = !status;
  p.textContent = status ? status.text : "";
  const state = !status ? "" : status.kind === "error" ? "mw-wrong" : status.kind === "done" ? "mw-right" : "mw-said";
  p.className = `mw-feedback ${name} ${state}`;
}

/** The class the student joined, or the form to join it (shown only where a class's hub
 * answers). Its words come from Python (the `class_` strings). */
export class JoinBox {
  readonly el: HTMLDivElement;
  private form: HTMLDivElement;
  private joinedLine: HTMLDivElement;
  private joinedText: HTMLParagraphElement;
  private leaveButton: HTMLButtonElement;
  private status: HTMLParagraphElement;
  private name: HTMLInputElement;
  private code: HTMLInputElement;
  private there = false;
  private readonly onChange = () => this.update();

  constructor(private t: (k: string) => string, private hub: string, host: HTMLElement) {
    const root = (this.el = el("div", "mw-class", host));
    root.setAttribute("role", "group");
    root.setAttribute("aria-label", t("class_title"));
    root.hidden = true;
    this.joinedLine = el("div", "mw-answer-row mw-class-joined", root);
    this.joinedText = el("p", "mw-lesson-text mw-class-joined-text", this.joinedLine);
    this.joinedText.setAttribute("role", "status"); // said aloud when the class is joined
    this.leaveButton = button(this.joinedLine, "mw-class-leave", t("class_leave"), t("class_leave"), () => leave());
    this.form = el("div", "mw-class-form", root);
    el("h3", "mw-handin-title", this.form, t("class_title"));
    el("p", "mw-lesson-text", this.form, t("class_intro"));
    const row = el("div", "mw-answer-row", this.form);
    const nameLabel = el("label", "mw-handin-label", row, t("class_name"));
    this.name = el("input", "mw-exercise-answer mw-class-name", nameLabel);
    this.name.type = "text";
    this.name.maxLength = 120;
    this.name.autocomplete = "name";
    this.name.value = remembered();
    const codeLabel = el("label", "mw-handin-label", row, t("class_code"));
    this.code = el("input", "mw-exercise-answer mw-class-code", codeLabel);
    this.code.type = "text";
    this.code.maxLength = 12;
    this.code.autocomplete = "off";
    this.code.setAttribute("autocapitalize", "characters");
    this.code.value = codeFromLanding();
    const send = () => void this.join();
    for (const input of [this.name, this.code]) {
      input.addEventListener("keydown", (e) => {
        if ((e as KeyboardEvent).key === "Enter") {
          e.preventDefault();
          send();
        }
      });
    }
    button(row, "mw-primary mw-class-join", t("class_join"), t("class_join"), send);
    this.status = statusLine(this.form, "mw-class-status");
    this.status.hidden = true;
    window.addEventListener(CHANGED, this.onChange);
    void hubThere(hub).then((there) => {
      this.there = there;
      this.update();
    });
    this.update();
  }

  private async join(): Promise<void> {
    const typing = this.form.contains(document.activeElement);
    const result = await join(this.hub, this.code.value, this.name.value);
    if (result === "joined") {
      remember(this.name.value.trim());
      if (typing) this.leaveButton.focus(); // the form it was in is gone (CHANGED redrew)
      return;
    }
    const key = { wrong_code: "class_wrong_code", bad_name: "class_bad_name", busy: "class_busy" }[result as string];
    showStatus(this.status, { kind: "error", text: this.t(key ?? "class_unreachable") }, "mw-class-status");
  }

  update(): void {
    const m = membership();
    this.el.hidden = !m && !this.there;
    this.joinedLine.hidden = !m;
    this.form.hidden = !!m;
    if (m) this.joinedText.textContent = this.t("class_joined").replace("{code}", m.code).replace("{student}", m.student);
  }

  remove(): void {
    window.removeEventListener(CHANGED, this.onChange);
    this.el.remove();
  }
}

export class WorkbookView {
  readonly el: HTMLDivElement;
  private status: HTMLParagraphElement;
  private choice: HTMLDivElement;
  private confirm: HTMLDivElement;
  private restore: HTMLButtonElement;
  private continueButton: HTMLButtonElement;
  private joinBox: JoinBox;

  constructor(private model: WorkModel, host: HTMLElement) {
    const t = (k: string) => model.get("strings")[k] ?? k;
    const root = (this.el = el("div", "mw-work mw-workbook", host));
    root.lang = model.get("locale") || "en";
    root.setAttribute("role", "region");
    root.setAttribute("aria-label", t("label"));
    this.status = statusLine(root);
    this.joinBox = new JoinBox(t, "", root);
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

  remove(): void {
    this.joinBox.remove();
    this.el.remove();
  }
}

/** `join(hub)` in JupyterLab: the form alone, for a hub at another address. */
export class JoinView {
  readonly el: HTMLDivElement;
  private box: JoinBox;

  constructor(model: WorkModel, host: HTMLElement) {
    const t = (k: string) => model.get("strings")[k] ?? k;
    this.el = el("div", "mw-work mw-join", host);
    this.el.lang = model.get("locale") || "en";
    this.box = new JoinBox(t, model.get("hub") || "", this.el);
  }

  remove(): void {
    this.box.remove();
    this.el.remove();
  }
}

export class HandInView {
  readonly el: HTMLDivElement;
  private status: HTMLParagraphElement;
  private name: HTMLInputElement;
  private intro: HTMLParagraphElement;
  private introText: () => string;
  private readonly onChange = () => this.update();

  constructor(private model: WorkModel, host: HTMLElement) {
    const t = (k: string) => model.get("strings")[k] ?? k;
    const root = (this.el = el("div", "mw-work mw-handin", host));
    root.lang = model.get("locale") || "en";
    const box = el("div", "mw-lesson mw-handin-box", root);
    el("h3", "mw-handin-title", box, t("title"));
    this.intro = el("p", "mw-lesson-text mw-handin-intro", box, t("intro"));
    this.introText = () => t(membership() ? "intro_class" : "intro");
    window.addEventListener(CHANGED, this.onChange);
    const row = el("div", "mw-answer-row", box);
    const label = el("label", "mw-handin-label", row, t("name"));
    this.name = el("input", "mw-exercise-answer mw-handin-name", label);
    this.name.type = "text";
    this.name.maxLength = 120;
    this.name.autocomplete = "name";
    this.name.placeholder = t("name_placeholder");
    this.name.value = model.get("student") || membership()?.student || remembered();
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
    this.intro.textContent = this.introText();
    const student = this.model.get("student") || membership()?.student;
    if (student && !this.name.value) this.name.value = student;
  }

  remove(): void {
    window.removeEventListener(CHANGED, this.onChange);
    this.el.remove();
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
}

/** The marking notebook's button that fetches the hand-ins from the laptop's hub. */
export class FromHubView {
  readonly el: HTMLDivElement;
  private status: HTMLParagraphElement;

  constructor(private model: WorkModel, host: HTMLElement) {
    const root = (this.el = el("div", "mw-work mw-from-hub", host));
    root.lang = model.get("locale") || "en";
    const label = model.get("label");
    const press = button(root, "mw-from-hub-button", label, label, () => {
      press.disabled = true;
      void fetchHandIns()
        .then((fetched) => model.send(fetched))
        .finally(() => (press.disabled = false));
    });
    this.status = statusLine(root);
    this.update();
  }

  update(): void {
    showStatus(this.status, this.model.get("status"));
  }
}

function render({ model, el: host }: { model: WorkModel; el: HTMLElement }): () => void {
  const kind = model.get("view");
  const view =
    kind === "handin"
      ? new HandInView(model, host)
      : kind === "download"
        ? new DownloadView(model, host)
        : kind === "join"
          ? new JoinView(model, host)
          : kind === "from_hub"
            ? new FromHubView(model, host)
            : new WorkbookView(model, host);
  const shown: { el: HTMLElement; update?(): void; remove?(): void } = view;
  const update = () => shown.update?.();
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
    if (shown.remove) shown.remove();
    else shown.el.remove();
  };
}

/** The workbook sends the class's hub each answer and step Python gives it. */
function tellTheClass(model: WorkModel): () => void {
  const outbox = new Outbox();
  const onMessage = (message: unknown) => {
    const m = message as { kind?: unknown; events?: unknown } | null;
    if (m && m.kind === "live" && Array.isArray(m.events)) outbox.add(m.events as LiveEvent[]);
  };
  model.on("msg:custom", onMessage);
  return () => model.off("msg:custom", onMessage);
}

/** The Hand in form tells Python whether the student joined a class, and delivers the
 * hand-in Python gives it to the teacher's laptop, downloading it if that fails. */
function handIn(model: WorkModel): () => void {
  const tell = () => model.send({ kind: "class", joined: membership() !== null });
  const onMessage = (message: unknown) => {
    const m = message as Partial<Download> | null;
    if (!m || (m.kind as string) !== "deliver" || typeof m.file !== "string" || typeof m.text !== "string") return;
    const { file, text } = m;
    void deliver(text).then((result) => {
      if (result.kind === "not_delivered") download(file, text);
      model.send(result);
    });
  };
  window.addEventListener(CHANGED, tell);
  model.on("msg:custom", onMessage);
  tell();
  return () => {
    window.removeEventListener(CHANGED, tell);
    model.off("msg:custom", onMessage);
  };
}

/** Once per model, whether or not it is on screen: the workbook keeps the work in the
 * browser where Python cannot (keep.ts) and tells the class; the Hand in form hands in. */
function initialize({ model }: { model: WorkModel }): () => void {
  const view = model.get("view");
  if (view === "workbook") {
    const stops = [keep(model), tellTheClass(model)];
    return () => stops.forEach((stop) => stop());
  }
  return view === "handin" ? handIn(model) : nothing;
}

function nothing(): void {}

export default { initialize, render };
