import { beforeEach, describe, expect, it, vi } from "vitest";
import type { InputEvent } from "../input";
import { strings } from "../test-utils";
import { Words } from "../text";
import type { LessonModel } from "../view-model";
import { LessonPanel } from "./lesson";
import { OpeningPanel } from "./opening";
import { Toolbar, type ToolbarActions } from "./toolbar";

const words = new Words(strings("en")!);
let host: HTMLDivElement;
beforeEach(() => {
  document.body.innerHTML = "";
  host = document.createElement("div");
  document.body.appendChild(host);
});

const q = <T extends Element = HTMLButtonElement>(sel: string) => host.querySelector<T & Element>(sel);

describe("the opening and lift-count panel", () => {
  it("offers fewer, more, sow and cancel for a lift count, each pressing its button", () => {
    const pressed: string[] = [];
    const panel = new OpeningPanel(host, words, (b) => pressed.push(b));
    panel.update({ kind: "lift", text: "Lift 4 of 4", fewer: true, more: false, sow: "Sow 4" });
    expect(q(".mw-lift-count")!.textContent).toBe("Lift 4 of 4");
    expect(q<HTMLButtonElement>(".mw-fewer")!.disabled).toBe(false);
    expect(q<HTMLButtonElement>(".mw-more")!.disabled).toBe(true);
    expect(q(".mw-fewer")!.getAttribute("aria-label")).toBe("One fewer");
    expect(q(".mw-sow")!.textContent).toBe("Sow 4");
    for (const cls of [".mw-fewer", ".mw-more", ".mw-sow", ".mw-cancel"]) q<HTMLButtonElement>(cls)!.click();
    expect(pressed).toEqual(["fewer", "sow", "cancel"]); // a disabled button does nothing
  });

  it("updates in place, so a focused button keeps the focus", () => {
    const panel = new OpeningPanel(host, words, () => {});
    panel.update({ kind: "lift", text: "Lift 4 of 4", fewer: true, more: false, sow: "Sow 4" });
    const fewer = q<HTMLButtonElement>(".mw-fewer")!;
    fewer.focus();
    panel.update({ kind: "lift", text: "Lift 3 of 4", fewer: true, more: true, sow: "Sow 3" });
    expect(q(".mw-fewer")).toBe(fewer);
    expect(document.activeElement).toBe(fewer);
    expect(q(".mw-lift-count")!.textContent).toBe("Lift 3 of 4");
    expect(q<HTMLButtonElement>(".mw-more")!.disabled).toBe(false);
    expect(q(".mw-sow")!.getAttribute("aria-label")).toBe("Sow 3");
    expect(q(".mw-sow")!.getAttribute("title")).toBe("Sow 3");
  });

  it("offers take back and confirm in the opening, when they can be used", () => {
    const pressed: string[] = [];
    const panel = new OpeningPanel(host, words, (b) => pressed.push(b));
    panel.update({ kind: "opening", hint: "Choose two", takeBack: false, confirm: false });
    expect(q(".mw-opening-hint")!.textContent).toBe("Choose two");
    expect(q<HTMLButtonElement>(".mw-take-back")!.disabled).toBe(true);
    expect(q<HTMLButtonElement>(".mw-confirm")!.disabled).toBe(true);
    panel.update({ kind: "opening", hint: "Done", takeBack: true, confirm: true });
    q<HTMLButtonElement>(".mw-take-back")!.click();
    q<HTMLButtonElement>(".mw-confirm")!.click();
    expect(pressed).toEqual(["take_back", "confirm"]);
    expect(q(".mw-opening-hint")!.textContent).toBe("Done");
  });

  it("shows a hint alone on a board for watching, and nothing otherwise", () => {
    const panel = new OpeningPanel(host, words, () => {});
    panel.update({ kind: "watching", hint: "Watching." });
    expect(panel.el.textContent).toBe("Watching.");
    expect(panel.el.querySelectorAll("button")).toHaveLength(0);
    panel.update({ kind: "none" });
    expect(panel.el.childElementCount).toBe(0);
  });
});

const lesson = (extra: Partial<LessonModel> = {}): LessonModel => ({
  title: "Pussa kanawa", step: 2, steps: 5, progress: "Step 2 of 5", text: "Text", puzzle: null, move: null, question: null,
  answers: null, feedback: null, summary: null, back: true, next: true, ...extra,
});

describe("the lesson panel", () => {
  const make = () => {
    const events: InputEvent[] = [];
    const panel = new LessonPanel(host, words, (e) => events.push(e));
    return { panel, events };
  };

  it("is hidden without a lesson, and focusable with one (for a presentation clicker)", () => {
    const { panel } = make();
    panel.update(null);
    expect(panel.el.hidden).toBe(true);
    expect(panel.el.hasAttribute("tabindex")).toBe(false);
    panel.update(lesson());
    expect(panel.el.hidden).toBe(false);
    expect(panel.el.tabIndex).toBe(0);
    expect(q<HTMLProgressElement>(".mw-lesson-progress")!.value).toBe(2);
    expect(q<HTMLProgressElement>(".mw-lesson-progress")!.max).toBe(5);
    expect(q(".mw-lesson-progress")!.getAttribute("aria-label")).toBe("Step 2 of 5");
    panel.update(null);
    expect(panel.el.hidden).toBe(true);
    expect(panel.el.hasAttribute("tabindex")).toBe(false);
  });

  it("sends the answers: options, No capture, Check", () => {
    const { panel, events } = make();
    panel.update(lesson({ question: "?", answers: { none: true, check: true, options: [{ value: "yes", text: "Yes" }], number: false } }));
    expect(q(".mw-option")!.textContent).toBe("Yes");
    q<HTMLButtonElement>(".mw-option")!.click();
    q<HTMLButtonElement>(".mw-no-capture")!.click();
    q<HTMLButtonElement>(".mw-check")!.click();
    expect(events).toEqual([{ type: "option", value: "yes" }, { type: "button", button: "no_capture" }, { type: "button", button: "check" }]);
  });

  it("sends a number typed with Enter or Check, and keeps it while the panel is redrawn", () => {
    const { panel, events } = make();
    const asking = lesson({ question: "How many?", answers: { none: false, check: false, options: [], number: true } });
    panel.update(asking);
    const input = q<HTMLInputElement>(".mw-number-answer")!;
    expect(input.getAttribute("aria-label")).toBe("Your answer");
    input.value = "7";
    input.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    input.dispatchEvent(new KeyboardEvent("keydown", { key: "1", bubbles: true }));
    q<HTMLButtonElement>(".mw-check")!.click();
    expect(events).toEqual([{ type: "number", text: "7" }, { type: "number", text: "7" }]);
    input.focus();
    panel.update({ ...asking, text: "Other text" });
    expect(q<HTMLInputElement>(".mw-number-answer")!.value).toBe("7");
    expect(document.activeElement).toBe(q(".mw-number-answer"));
  });

  it("is not redrawn when nothing changed", () => {
    const { panel } = make();
    panel.update(lesson());
    const next = q(".mw-lesson-next");
    panel.update(lesson());
    expect(q(".mw-lesson-next")).toBe(next);
  });

  it("steps with Back, Next and Restart, offered where they can be used", () => {
    const { panel, events } = make();
    panel.update(lesson({ back: false }));
    expect(q<HTMLButtonElement>(".mw-lesson-back")!.disabled).toBe(true);
    expect(q<HTMLButtonElement>(".mw-lesson-next")!.disabled).toBe(false);
    expect(q(".mw-lesson-next")!.textContent).toBe("Next \u2192");
    q<HTMLButtonElement>(".mw-lesson-next")!.click();
    q<HTMLButtonElement>(".mw-lesson-restart")!.click();
    expect(events).toEqual([{ type: "lesson", action: "next" }, { type: "lesson", action: "restart" }]);
  });

  it("keeps the focus in the panel when it is redrawn: on Next, or on Back at the last step", () => {
    const { panel } = make();
    panel.update(lesson());
    q<HTMLButtonElement>(".mw-lesson-next")!.focus();
    panel.update(lesson({ step: 3, progress: "Step 3 of 5" }));
    expect(document.activeElement).toBe(q(".mw-lesson-next"));
    panel.update(lesson({ step: 5, progress: "Step 5 of 5", next: false }));
    expect(document.activeElement).toBe(q(".mw-lesson-back"));
    (document.activeElement as HTMLElement).blur();
    panel.update(lesson({ step: 4 }));
    expect(document.activeElement).toBe(document.body);
  });

  it("shows feedback marked right or wrong, the puzzle note and the summary", () => {
    const { panel } = make();
    panel.update(lesson({ feedback: { correct: true, text: "Right!" }, puzzle: "Only some", summary: "All done", move: "South sows", question: "Where?" }));
    expect(q(".mw-feedback")!.className).toBe("mw-feedback mw-right");
    expect(q(".mw-feedback")!.textContent).toBe("\u2714 Right!");
    expect(q(".mw-puzzle")!.textContent).toBe("Only some");
    expect(q(".mw-summary")!.textContent).toBe("All done");
    expect(q(".mw-question-move")!.textContent).toBe("South sows");
    expect(q(".mw-question")!.getAttribute("role")).toBe("note");
    expect(q(".mw-answer-row")).toBeNull();
    panel.update(lesson({ feedback: { correct: false, text: "No." } }));
    expect(q(".mw-feedback")!.className).toBe("mw-feedback mw-wrong");
    expect(q(".mw-feedback")!.textContent).toBe("\u2718 No.");
    expect(q(".mw-puzzle")).toBeNull();
  });
});

describe("the toolbar", () => {
  const OFF = { shown: false, enabled: false };
  const actions = (): ToolbarActions & { calls: string[] } => {
    const calls: string[] = [];
    const record = (name: string) => () => calls.push(name);
    return {
      calls, replay: record("replay"), back: record("back"), playPause: record("play"), forward: record("forward"), end: record("end"),
      speed: (v) => calls.push(`speed ${v}`), undo: record("undo"), redo: record("redo"), reset: record("reset"),
      computerMove: record("computer"), hint: record("hint"), review: record("review"),
    };
  };

  it("sends each control to its action, and the speed chosen", () => {
    const a = actions();
    new Toolbar(host, words, a, host);
    for (const cls of [".mw-replay", ".mw-back", ".mw-play", ".mw-forward", ".mw-end", ".mw-undo", ".mw-redo", ".mw-reset", ".mw-computer-move", ".mw-hint-button", ".mw-review-button"]) q<HTMLButtonElement>(cls)!.click();
    const select = q<HTMLSelectElement>(".mw-speed-select")!;
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual(["0.25\u00D7", "0.5\u00D7", "1\u00D7", "2\u00D7", "4\u00D7", "8\u00D7"]);
    select.value = "0.5";
    select.dispatchEvent(new Event("change"));
    expect(a.calls).toEqual(["replay", "back", "play", "forward", "end", "undo", "redo", "reset", "computer", "hint", "review", "speed 0.5"]);
    expect(q(".mw-toolbar")!.getAttribute("aria-label")).toBe("Move controls");
  });

  it("shows play or pause, and undo and redo only when they can be used", () => {
    const bar = new Toolbar(host, words, actions(), host);
    bar.showSpeed(4);
    expect(q<HTMLSelectElement>(".mw-speed-select")!.value).toBe("4");
    bar.update({ playing: true, undo: true, redo: false, computer: false, hint: OFF, review: OFF });
    expect(q(".mw-play")!.getAttribute("data-icon")).toBe("pause");
    expect(q(".mw-play")!.getAttribute("aria-label")).toBe("Pause");
    expect(q<HTMLButtonElement>(".mw-undo")!.disabled).toBe(false);
    expect(q<HTMLButtonElement>(".mw-redo")!.disabled).toBe(true);
    const icon = q(".mw-play svg");
    bar.update({ playing: true, undo: false, redo: true, computer: false, hint: OFF, review: OFF });
    expect(q(".mw-play svg")).toBe(icon); // the same icon is not redrawn
    bar.update({ playing: false, undo: false, redo: true, computer: false, hint: OFF, review: OFF });
    expect(q(".mw-play")!.getAttribute("aria-label")).toBe("Play");
    expect(q<HTMLButtonElement>(".mw-undo")!.disabled).toBe(true);
    expect(q<HTMLButtonElement>(".mw-redo")!.disabled).toBe(false);
  });

  it("offers the computer's move only while the computer waits to be asked", () => {
    const bar = new Toolbar(host, words, actions(), host);
    const computer = q<HTMLButtonElement>(".mw-computer-move")!;
    expect(computer.textContent).toBe("Computer's move");
    bar.update({ playing: false, undo: false, redo: true, computer: true, hint: OFF, review: OFF });
    expect(computer.hidden).toBe(false);
    bar.update({ playing: false, undo: false, redo: true, computer: false, hint: OFF, review: OFF });
    expect(computer.hidden).toBe(true);
  });

  it("shows Hint and Review only when offered, usable only when they can be used", () => {
    const bar = new Toolbar(host, words, actions(), host);
    const hint = q<HTMLButtonElement>(".mw-hint-button")!;
    const review = q<HTMLButtonElement>(".mw-review-button")!;
    expect(hint.textContent).toBe("Hint");
    expect(hint.getAttribute("aria-label")).toBe("Hint: suggest a move for the player to move");
    expect(review.textContent).toBe("Review");
    bar.update({ playing: false, undo: false, redo: false, computer: false, hint: { shown: true, enabled: false }, review: OFF });
    expect([hint.hidden, hint.disabled, review.hidden]).toEqual([false, true, true]);
    bar.update({ playing: false, undo: false, redo: false, computer: false, hint: { shown: true, enabled: true }, review: { shown: true, enabled: false } });
    expect([hint.hidden, hint.disabled, review.hidden, review.disabled]).toEqual([false, false, false, true]);
    bar.update({ playing: false, undo: false, redo: false, computer: false, hint: OFF, review: { shown: true, enabled: true } });
    expect([hint.hidden, review.hidden, review.disabled]).toEqual([true, false, false]);
  });

  it("offers full screen where the browser can, and says how to leave it", () => {
    const screen = document.createElement("div");
    host.appendChild(screen);
    expect(new Toolbar(host, words, actions(), screen) && q(".mw-full-screen")).toBeNull();
    const enter = vi.fn(() => Promise.resolve());
    screen.requestFullscreen = enter;
    const bar = new Toolbar(screen, words, actions(), screen);
    const button = screen.querySelector<HTMLButtonElement>(".mw-full-screen")!;
    expect(button.textContent).toBe("Full screen");
    button.click();
    expect(enter).toHaveBeenCalledOnce();
    Object.defineProperty(document, "fullscreenElement", { configurable: true, get: () => screen });
    const leave = vi.fn(() => Promise.resolve());
    document.exitFullscreen = leave;
    document.dispatchEvent(new Event("fullscreenchange"));
    expect(button.textContent).toBe("Leave full screen");
    expect(button.getAttribute("aria-label")).toBe("Leave full screen");
    expect(screen.classList.contains("mw-fullscreen")).toBe(true);
    button.click();
    expect(leave).toHaveBeenCalledOnce();
    Object.defineProperty(document, "fullscreenElement", { configurable: true, get: () => null });
    document.dispatchEvent(new Event("fullscreenchange"));
    expect(button.textContent).toBe("Full screen");
    expect(screen.classList.contains("mw-fullscreen")).toBe(false);
    bar.dispose();
    Object.defineProperty(document, "fullscreenElement", { configurable: true, get: () => screen });
    document.dispatchEvent(new Event("fullscreenchange"));
    expect(button.textContent).toBe("Full screen"); // no longer listening
  });
});
