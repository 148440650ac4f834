// An exercise, drawn like a lesson: the question, the board it is about as a picture,
// an answer box, Check, Hint and Show answer, and the feedback. Python checks every
// answer; the browser only sends what was typed. Every text goes in as textContent;
// the board is an <img> of the SVG Python drew, never markup put into the page.

import { button, el } from "./dom";

export interface ExerciseTraits {
  family: string;
  question: string;
  placeholder: string;
  multiline: boolean;
  picture: string;
  feedback: { kind: string; text: string; correct: boolean | null; malformed: boolean } | null;
  given: string;
  strings: Record<string, string>;
  locale: string;
}

export type ExerciseMessage = { kind: "check"; answer: string } | { kind: "hint" } | { kind: "show" };

export interface ExerciseModel {
  get<K extends keyof ExerciseTraits>(name: K): ExerciseTraits[K];
  send(message: ExerciseMessage): void;
  on(event: string, callback: () => void): void;
  off(event: string, callback: () => void): void;
}

export class ExerciseView {
  readonly el: HTMLDivElement;
  private picture: HTMLImageElement;
  private answer: HTMLInputElement | HTMLTextAreaElement;
  private feedback: HTMLParagraphElement;

  constructor(private model: ExerciseModel, host: HTMLElement) {
    const t = (k: string) => model.get("strings")[k] ?? k;
    const root = (this.el = el("div", "mw-root mw-exercise", host));
    root.lang = model.get("locale") || "en";
    const box = el("div", "mw-lesson", root);
    el("p", "mw-lesson-text mw-exercise-question", box, model.get("question"));
    this.picture = el("img", "mw-exercise-picture", box);
    this.picture.alt = "";
    const row = el("div", "mw-answer-row", box);
    const multiline = model.get("multiline");
    this.answer = multiline ? el("textarea", "mw-exercise-answer", row) : el("input", "mw-exercise-answer", row);
    if (this.answer instanceof HTMLTextAreaElement) this.answer.rows = 4;
    this.answer.placeholder = model.get("placeholder");
    this.answer.setAttribute("aria-label", t("your_answer"));
    this.answer.value = model.get("given");
    const check = () => this.model.send({ kind: "check", answer: this.answer.value });
    this.answer.addEventListener("keydown", (e) => {
      const ev = e as KeyboardEvent;
      if (ev.key === "Enter" && (!multiline || ev.ctrlKey || ev.metaKey)) {
        ev.preventDefault();
        check();
      }
    });
    const buttons = el("div", "mw-answer-row", box);
    button(buttons, "mw-check mw-primary", t("check"), t("check"), check);
    button(buttons, "mw-exercise-hint", t("hint"), t("hint"), () => this.model.send({ kind: "hint" }));
    button(buttons, "mw-exercise-show", t("show"), t("show"), () => this.model.send({ kind: "show" }));
    this.feedback = el("p", "mw-feedback mw-exercise-feedback", box);
    this.feedback.setAttribute("role", "status");
    this.feedback.setAttribute("aria-live", "polite");
    this.update();
  }

  update(): void {
    const src = this.model.get("picture");
    this.picture.hidden = !src;
    if (src && this.picture.getAttribute("src") !== src) this.picture.src = src;
    const f = this.model.get("feedback");
    this.feedback.hidden = !f;
    this.feedback.textContent = f ? f.text : "";
    const state = !f || f.correct === null ? "mw-said" : f.correct ? "mw-right" : "mw-wrong";
    this.feedback.className = `mw-feedback mw-exercise-feedback ${state}`;
  }
}

function render({ model, el: host }: { model: ExerciseModel; el: HTMLElement }): () => void {
  const view = new ExerciseView(model, host);
  const update = () => view.update();
  for (const name of ["feedback", "picture"]) model.on(`change:${name}`, update);
  return () => {
    for (const name of ["feedback", "picture"]) model.off(`change:${name}`, update);
    view.el.remove();
  };
}

export default { render };
