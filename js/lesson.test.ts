import { beforeEach, describe, expect, it } from "vitest";
import widget from "./widget";
import { fakeModel, traitsOf } from "./test-utils";
import type { LessonState, Position, Traits } from "./types";

const START: Position = {
  game: "kisolo", columns: 7, to_move: "south", status: "playing", winner: null, reason: null,
  board: [[0, 0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 0], [2, 0, 0, 3, 0, 0, 0]],
};

function lessonTraits(lesson: LessonState): Traits {
  return traitsOf(START, { interactive: false, title: "L", numbers: true, lesson });
}

const landing = {
  ask: "landing", text: "Click the hole.", move: "South sows South's outer hole 1", moved: [[3, 0]] as [number, number][],
  multi: false, none: false, number: false, options: [],
};
const base: LessonState = {
  id: "t", title: "Pussa kanawa", step: 2, steps: 5, text: "Where will the last stone fall?",
  puzzle: null, summary: null, highlight: [[3, 0]], label: { at: [3, 2], text: "landing hole" }, arrow: { from: [3, 0], to: [3, 6] },
  question: landing, feedback: null,
};

let host: HTMLDivElement;
beforeEach(() => {
  document.body.innerHTML = "";
  host = document.createElement("div");
  document.body.appendChild(host);
});

const click = (el: Element) => el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
const cell = (r: number, c: number) => host.querySelector(`[data-cell="${r},${c}"]`)!;

describe("the lesson panel", () => {
  it("shows the step, its text, the marks and the question", () => {
    widget.render({ model: fakeModel(lessonTraits(base)).model, el: host });
    expect(host.querySelector(".mw-lesson-step")!.textContent).toBe("Step 2 of 5");
    expect(host.querySelector(".mw-lesson-text")!.textContent).toBe("Where will the last stone fall?");
    expect(cell(3, 0).classList.contains("mw-highlight")).toBe(true);
    expect(host.querySelector(".mw-label text")!.textContent).toBe("landing hole");
    const tag = host.querySelector(".mw-label-tag")!;
    const text = host.querySelector(".mw-label text")!;
    const width = Number(tag.getAttribute("width"));
    expect(width).toBeGreaterThan("landing hole".length * 7);
    expect(Number(tag.getAttribute("x")) + width / 2).toBeCloseTo(Number(text.getAttribute("x")));
    expect(host.querySelector(".mw-arrow")).not.toBeNull();
    expect((host.querySelector(".mw-lesson-next") as HTMLButtonElement).disabled).toBe(true);
  });

  it("answers a one-hole question with one click, by mouse or keyboard", () => {
    const { model, sent } = fakeModel(lessonTraits(base));
    widget.render({ model, el: host });
    click(cell(3, 2));
    cell(3, 3).dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    expect(sent).toEqual([{ kind: "answer", answer: [[3, 2]] }, { kind: "answer", answer: [[3, 3]] }]);
  });

  it("collects several bomas, then Check; or answers No capture", () => {
    const multi = { ...base, question: { ...landing, ask: "protected", text: "Which?", multi: true } };
    const { model, sent } = fakeModel(lessonTraits(multi));
    widget.render({ model, el: host });
    click(cell(3, 0));
    click(cell(3, 3));
    click(cell(3, 0)); // chosen again: unchosen
    expect(cell(3, 3).getAttribute("aria-label")).toContain("chosen");
    click(host.querySelector(".mw-check")!);
    expect(sent).toEqual([{ kind: "answer", answer: [[3, 3]] }]);
    model.update({ lesson: { ...base, question: { ...landing, ask: "capture", text: "Capture?", none: true } } });
    click(host.querySelector(".mw-no-capture")!);
    expect(sent[1]).toEqual({ kind: "answer", answer: [] });
  });

  it("shows every lesson text with markup literally: label, question, move, puzzle, summary", () => {
    const evil = "<img src=x onerror=alert(1)><b>bold</b>";
    const marked = {
      ...base, text: evil, puzzle: evil, summary: evil, label: { at: [3, 2] as [number, number], text: evil },
      question: { ...landing, text: evil, move: evil },
    };
    widget.render({ model: fakeModel(lessonTraits(marked)).model, el: host });
    expect(host.querySelector("img")).toBeNull();
    expect(host.querySelector("b")).toBeNull();
    expect(host.querySelector(".mw-label text")!.textContent).toBe(evil);
    for (const cls of [".mw-lesson-text", ".mw-puzzle", ".mw-summary", ".mw-question", ".mw-question-move"]) {
      expect(host.querySelector(cls)!.textContent, cls).toBe(evil);
    }
  });

  it("shows feedback as text and lets the student go on", () => {
    const evil = "<img src=x onerror=alert(1)>";
    const done = { ...base, text: evil, feedback: { correct: false, text: `Not quite. ${evil}`, cells: [[3, 1]] as [number, number][], given: "x" } };
    const { model, sent } = fakeModel(lessonTraits(done));
    widget.render({ model, el: host });
    expect(host.querySelector("img")).toBeNull();
    expect(host.querySelector(".mw-feedback")!.classList.contains("mw-wrong")).toBe(true);
    expect(host.querySelector(".mw-feedback-text")!.textContent).toBe(`Not quite. ${evil}`);
    click(cell(3, 2)); // no longer answering: a click does nothing
    click(host.querySelector(".mw-lesson-next")!);
    click(host.querySelector(".mw-lesson-back")!);
    click(host.querySelector(".mw-lesson-restart")!);
    expect(sent).toEqual([
      { kind: "lesson", action: "next" }, { kind: "lesson", action: "back" }, { kind: "lesson", action: "restart" },
    ]);
  });
});
