import { beforeEach, describe, expect, it } from "vitest";
import exercise, { type ExerciseMessage, type ExerciseModel, type ExerciseTraits } from "./exercise";

let host: HTMLDivElement;
beforeEach(() => {
  document.body.innerHTML = "";
  host = document.createElement("div");
  document.body.appendChild(host);
});

function fake(extra: Partial<ExerciseTraits> = {}) {
  const traits: ExerciseTraits = {
    family: "landing", question: "Where does the last stone fall?", placeholder: "a whole number",
    multiline: false, picture: "", feedback: null, given: "", locale: "en",
    strings: { check: "Check", hint: "Hint", show: "Show answer", your_answer: "Your answer" },
    ...extra,
  };
  const sent: ExerciseMessage[] = [];
  const listeners = new Map<string, Set<() => void>>();
  const model: ExerciseModel & { update(p: Partial<ExerciseTraits>): void } = {
    get: (k) => traits[k],
    send: (m) => sent.push(m),
    on: (e, f) => void (listeners.get(e) ?? listeners.set(e, new Set()).get(e)!).add(f),
    off: (e, f) => void listeners.get(e)?.delete(f),
    update(p) {
      Object.assign(traits, p);
      for (const k of Object.keys(p)) for (const f of listeners.get(`change:${k}`) ?? []) f();
    },
  };
  return { model, sent };
}

describe("an exercise", () => {
  it("shows its question as text and sends what was typed when Check or Enter is pressed", () => {
    const evil = "<img src=x onerror=alert(1)> where?";
    const { model, sent } = fake({ question: evil });
    exercise.render({ model, el: host });
    expect(host.querySelector(".mw-exercise-question")!.textContent).toBe(evil);
    expect(host.querySelector("img.mw-exercise-picture")!.hasAttribute("src")).toBe(false);
    const box = host.querySelector(".mw-exercise-answer") as HTMLInputElement;
    expect(box.tagName).toBe("INPUT");
    expect(box.getAttribute("aria-label")).toBe("Your answer");
    box.value = "6";
    (host.querySelector(".mw-check") as HTMLButtonElement).click();
    box.value = "7";
    box.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter" }));
    (host.querySelector(".mw-exercise-hint") as HTMLButtonElement).click();
    (host.querySelector(".mw-exercise-show") as HTMLButtonElement).click();
    expect(sent).toEqual([{ kind: "check", answer: "6" }, { kind: "check", answer: "7" }, { kind: "hint" }, { kind: "show" }]);
  });

  it("shows the feedback as text, marked right, wrong or said, and the board as a picture", () => {
    const { model } = fake();
    const cleanup = exercise.render({ model, el: host });
    const feedback = host.querySelector(".mw-exercise-feedback") as HTMLParagraphElement;
    expect(feedback.hidden).toBe(true);
    model.update({ feedback: { kind: "feedback", text: "<b>Right!</b>", correct: true, malformed: false } });
    expect(feedback.textContent).toBe("<b>Right!</b>");
    expect(feedback.className).toContain("mw-right");
    model.update({ feedback: { kind: "hint", text: "Count on.", correct: null, malformed: false } });
    expect(feedback.className).toContain("mw-said");
    model.update({ feedback: { kind: "feedback", text: "No.", correct: false, malformed: false } });
    expect(feedback.className).toContain("mw-wrong");
    model.update({ picture: "data:image/svg+xml;base64,PHN2Zy8+" });
    const img = host.querySelector("img.mw-exercise-picture") as HTMLImageElement;
    expect(img.hidden).toBe(false);
    expect(img.getAttribute("src")).toBe("data:image/svg+xml;base64,PHN2Zy8+");
    cleanup();
    expect(host.querySelector(".mw-exercise")).toBeNull();
  });

  it("types a built board over several lines: Enter breaks the line, Ctrl+Enter checks", () => {
    const { model, sent } = fake({ family: "build", multiline: true, given: "{}" });
    exercise.render({ model, el: host });
    const box = host.querySelector(".mw-exercise-answer") as HTMLTextAreaElement;
    expect(box.tagName).toBe("TEXTAREA");
    expect(box.value).toBe("{}");
    box.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter" }));
    expect(sent).toEqual([]);
    box.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", ctrlKey: true }));
    expect(sent).toEqual([{ kind: "check", answer: "{}" }]);
  });
});
