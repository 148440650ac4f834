// The lesson above the board: title and step, the text, the question and the
// ways to answer it, the feedback, and the step buttons. Every text a lesson
// carries is written with textContent.

import { button, el } from "../dom";
import type { InputEvent } from "../input";
import type { Words } from "../text";
import type { LessonModel } from "../view-model";

type LessonEvent = Extract<InputEvent, { type: "lesson" | "button" | "option" | "number" }>;

export class LessonPanel {
  readonly el: HTMLDivElement;
  private shown = "";

  constructor(parent: HTMLElement, private words: Words, private dispatch: (e: LessonEvent) => void) {
    this.el = el("div", "mw-lesson", parent);
    this.el.hidden = true;
  }

  update(m: LessonModel | null): void {
    const shown = JSON.stringify(m);
    if (shown === this.shown) return;
    this.shown = shown;
    const box = this.el;
    // Keep a typed number, and the focus, across redraws while the question waits.
    const typed = box.querySelector<HTMLInputElement>(".mw-number-answer")?.value ?? "";
    const hadFocus = box.contains(document.activeElement);
    box.replaceChildren();
    box.hidden = !m;
    if (!m) {
      box.removeAttribute("tabindex");
      return;
    }
    // Focusable, so a presentation clicker (Page Down / Page Up) can drive the lesson.
    box.tabIndex = 0;
    const t = (k: string) => this.words.get(k);
    const head = el("div", "mw-lesson-head", box);
    el("span", "mw-lesson-title", head, m.title);
    el("span", "mw-lesson-step", head, m.progress);
    const bar = el("progress", "mw-lesson-progress", head);
    bar.max = m.steps;
    bar.value = m.step;
    bar.setAttribute("aria-label", m.progress);
    el("p", "mw-lesson-text", box, m.text).setAttribute("aria-live", "polite");
    if (m.puzzle) el("p", "mw-puzzle", box, m.puzzle);
    if (m.move !== null) el("p", "mw-question-move", box, m.move);
    if (m.question !== null) el("p", "mw-question", box, m.question).setAttribute("role", "note");
    let input: HTMLInputElement | null = null;
    if (m.answers) {
      const a = m.answers;
      const row = el("div", "mw-answer-row", box);
      if (a.none) button(row, "mw-no-capture", t("no_capture"), t("no_capture"), () => this.dispatch({ type: "button", button: "no_capture" }));
      if (a.check) button(row, "mw-check", t("check"), t("check"), () => this.dispatch({ type: "button", button: "check" }));
      for (const o of a.options) button(row, "mw-option", o.text, o.text, () => this.dispatch({ type: "option", value: o.value }));
      if (a.number) input = this.numberAnswer(row, typed);
    }
    if (m.feedback) {
      const fb = el("p", `mw-feedback ${m.feedback.correct ? "mw-right" : "mw-wrong"}`, box);
      fb.setAttribute("role", "status");
      el("span", "mw-feedback-mark", fb, m.feedback.correct ? "\u2714 " : "\u2718 ");
      el("span", "mw-feedback-text", fb, m.feedback.text);
    }
    if (m.summary) el("p", "mw-summary", box, m.summary);
    const nav = el("div", "mw-lesson-nav", box);
    nav.setAttribute("role", "group");
    nav.setAttribute("aria-label", t("lesson_nav"));
    const back = button(nav, "mw-lesson-back", t("previous"), `\u2190 ${t("previous")}`, () => this.dispatch({ type: "lesson", action: "back" }));
    back.disabled = !m.back;
    const next = button(nav, "mw-lesson-next", t("next"), `${t("next")} \u2192`, () => this.dispatch({ type: "lesson", action: "next" }));
    next.disabled = !m.next;
    button(nav, "mw-lesson-restart", t("restart_lesson"), t("restart_lesson"), () => this.dispatch({ type: "lesson", action: "restart" }));
    if (hadFocus) (input ?? (next.disabled ? back : next)).focus();
  }

  private numberAnswer(row: HTMLElement, typed: string): HTMLInputElement {
    const input = el("input", "mw-number-answer", row);
    input.type = "number";
    input.min = "0";
    input.step = "1";
    input.inputMode = "numeric";
    input.value = typed;
    input.setAttribute("aria-label", this.words.get("your_answer"));
    const submit = () => this.dispatch({ type: "number", text: input.value });
    input.addEventListener("keydown", (e) => {
      if (e.key === "Enter") {
        e.preventDefault();
        submit();
      }
    });
    button(row, "mw-check", this.words.get("check"), this.words.get("check"), submit);
    return input;
  }
}
