// The wiring: the model's changes, clicks and keys reach the state machine, the
// move player and Python, and what they change is drawn.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeModel, strings, traitsOf } from "./test-utils";
import type { LessonState, Position, TraceEvent } from "./types";
import widget from "./widget";

const K_START: Position = {
  game: "kisolo", columns: 7, to_move: "south", status: "playing", winner: null, reason: null,
  board: [[3, 3, 3, 3, 3, 3, 3], [3, 3, 3, 3, 3, 3, 3], [3, 3, 3, 3, 3, 3, 3], [3, 3, 3, 3, 3, 3, 3]],
};
const AFTER: Position = {
  ...K_START, to_move: "north",
  board: [[3, 3, 3, 0, 3, 3, 3], [3, 3, 3, 0, 3, 3, 3], [4, 4, 4, 4, 3, 3, 3], [4, 4, 3, 3, 3, 3, 3]],
};
const CAPTURE_3: TraceEvent[] = [
  { kind: "capture", rule: "turn_start_capture", player: "south", lap: 1, cell: [2, 3], from: [[1, 3, 3], [0, 3, 3]], count: 6, into: "sow" },
  { kind: "sow", lap: 1, cells: [[2, 3], [2, 2], [2, 1], [2, 0], [3, 0], [3, 1]] },
  { kind: "turn_end", to_move: "north" },
];
const MOVE = { position: AFTER, position_before: K_START, trace: CAPTURE_3, narration: ["captures", "sows", "north"], move_count: 1, last_move: { type: "capture" as const, column: 3 } };

let host: HTMLDivElement;
beforeEach(() => {
  document.body.innerHTML = "";
  host = document.createElement("div");
  document.body.appendChild(host);
});
afterEach(() => vi.useRealTimers());

const $ = <T extends Element = HTMLElement>(sel: string) => host.querySelector<T & Element>(sel)!;
const cell = (r: number, c: number) => $(`[data-cell="${r},${c}"]`);
const count = (r: number, c: number) => cell(r, c).querySelector(".mw-count")!.textContent;
const press = (target: Element, key: string) => target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
const click = (target: Element) => target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
const status = () => $(".mw-status").getAttribute("data-status");

describe("a move from Python", () => {
  it("is animated stone by stone, narrated step by step, and ends on Python's position", () => {
    vi.useFakeTimers();
    const { model } = fakeModel(traitsOf(K_START));
    widget.render({ model, el: host });
    expect($(".mw-narration-line").hidden).toBe(true);
    model.update(MOVE);
    expect(status()).toBe("moving");
    expect(cell(2, 3).classList.contains("mw-active")).toBe(true); // the move's first cell, before anything moves
    expect($(".mw-status").textContent).toBe("South \u2026");
    vi.advanceTimersByTime(350);
    expect($(".mw-narration").textContent).toBe("captures");
    expect($(".mw-progress").textContent).toBe("Part 1 of 3 \u00B7 6 in hand");
    expect(count(1, 3)).toBe("0");
    vi.advanceTimersByTime(700);
    expect($(".mw-progress").textContent).toBe("Part 2 of 3 \u00B7 5 in hand");
    expect(count(2, 3)).toBe("4");
    expect(count(2, 2)).toBe("3");
    vi.advanceTimersByTime(20_000);
    expect(status()).toBe("playing");
    expect($(".mw-status").textContent).toBe("North to move");
    expect([0, 1, 2, 3].map((r) => count(r, 3))).toEqual(["0", "0", "4", "3"]);
    expect(host.querySelectorAll(".mw-last")).toHaveLength(4);
    expect($(".mw-root").classList.contains("mw-busy")).toBe(false);
  });

  it("is shown at once when it is not the next move (a game reviewed, a page reloaded)", () => {
    const { model } = fakeModel(traitsOf(K_START));
    widget.render({ model, el: host });
    model.update({ ...MOVE, move_count: 3 });
    expect(status()).toBe("playing");
    expect(count(2, 0)).toBe("4");
    expect($(".mw-progress").textContent).toBe("Part 3 of 3");
  });

  it("skips to the end with End on a cell, or the end button", () => {
    const { model } = fakeModel(traitsOf(K_START));
    widget.render({ model, el: host });
    model.update(MOVE);
    press(cell(0, 0), "End");
    expect(status()).toBe("playing");
    expect(count(2, 0)).toBe("4");
    click($(".mw-replay"));
    expect(status()).toBe("moving");
    expect(count(2, 0)).toBe("3");
    click($(".mw-end"));
    expect(status()).toBe("playing");
  });

  it("can be stepped through with back and forward, and paused and played", () => {
    const { model } = fakeModel(traitsOf(K_START, MOVE));
    widget.render({ model, el: host });
    click($(".mw-back"));
    expect($(".mw-narration").textContent).toBe("sows");
    expect(status()).toBe("stepping");
    expect($(".mw-status").textContent).toMatch(/^(South|North)'s move, part by part$/);
    click($(".mw-back"));
    click($(".mw-back"));
    expect(count(1, 3)).toBe("3");
    click($(".mw-forward"));
    expect(count(1, 3)).toBe("0");
    click($(".mw-play"));
    expect($(".mw-play").getAttribute("aria-label")).toBe("Pause");
    click($(".mw-play"));
    expect($(".mw-play").getAttribute("aria-label")).toBe("Play");
  });
});

describe("the step controls and Python", () => {
  it("tell Python each control pressed and the events shown after it", () => {
    const { model, sent } = fakeModel(traitsOf(K_START, MOVE));
    widget.render({ model, el: host });
    click($(".mw-back"));
    click($(".mw-back"));
    click($(".mw-forward"));
    click($(".mw-end"));
    click($(".mw-replay"));
    click($(".mw-play"));
    expect(sent).toEqual([
      { kind: "stepped", action: "back", step: 2 },
      { kind: "stepped", action: "back", step: 1 },
      { kind: "stepped", action: "forward", step: 2 },
      { kind: "stepped", action: "end", step: 3 },
      { kind: "stepped", action: "replay", step: 0 },
      { kind: "stepped", action: "pause", step: 0 },
    ]);
  });

  it("step the move shown when Python asks, and ignore any other message", () => {
    const { model, sent } = fakeModel(traitsOf(K_START, MOVE));
    widget.render({ model, el: host });
    expect(count(1, 3)).toBe("0");
    model.receive({ kind: "step", action: "goto", step: 1 });
    expect($(".mw-narration").textContent).toBe("captures");
    expect(count(1, 3)).toBe("0");
    expect(count(0, 3)).toBe("0");
    model.receive({ kind: "step", action: "goto", step: 0 });
    expect(count(1, 3)).toBe("3");
    expect(status()).toBe("stepping");
    model.receive({ kind: "step", action: "end", step: null });
    expect(status()).toBe("playing");
    model.receive({ kind: "step", action: "goto", step: "0" });
    model.receive({ kind: "lesson", action: "back" });
    expect(status()).toBe("playing");
    expect(count(1, 3)).toBe("0");
    expect(sent).toEqual([]); // a step Python asked for is not reported back
  });
});

describe("the toolbar and notices", () => {
  it("sends undo, redo and restart, and shows Python's error until the next message", () => {
    const { model, sent } = fakeModel(traitsOf(K_START, { can_undo: true, can_redo: true }));
    widget.render({ model, el: host });
    click($(".mw-undo"));
    click($(".mw-redo"));
    click($(".mw-reset"));
    expect(sent).toEqual([{ kind: "undo" }, { kind: "redo" }, { kind: "reset" }]);
    model.update({ error: "There is no move to undo." });
    expect($(".mw-notice").textContent).toBe("There is no move to undo.");
    click($(".mw-undo"));
    expect($(".mw-notice").textContent).toBe("");
    model.update({ error_serial: 2 });
    expect($(".mw-notice").textContent).toBe("There is no move to undo.");
    model.update({ can_undo: false });
    expect($<HTMLButtonElement>(".mw-undo").disabled).toBe(true);
  });

  it("says a board for watching takes no clicks", () => {
    const { model, sent } = fakeModel(traitsOf(K_START, { interactive: false, legal_moves: [{ type: "capture", column: 3 }] }));
    widget.render({ model, el: host });
    expect($(".mw-panel").textContent).toBe("Watching: moves come from the notebook.");
    click(cell(2, 3));
    expect(sent).toEqual([]);
    expect($(".mw-notice").textContent).toBe("Watching: moves come from the notebook.");
    model.update({ interactive: true });
    expect($(".mw-panel").textContent).toBe("");
    click(cell(2, 3));
    expect(sent).toEqual([{ kind: "play", move: { type: "capture", column: 3 } }]);
  });

  it("switches the projector and high-contrast looks", () => {
    const { model } = fakeModel(traitsOf(K_START));
    widget.render({ model, el: host });
    const root = $(".mw-root");
    expect(root.className).toBe("mw-root");
    model.update({ projector: true, high_contrast: true });
    expect(root.className).toBe("mw-root mw-projector mw-contrast");
    model.update({ projector: false });
    expect(root.className).toBe("mw-root mw-contrast");
  });

  it("redraws in the new language when the locale changes", () => {
    const { model } = fakeModel(traitsOf(K_START));
    widget.render({ model, el: host });
    model.update({ locale: "ko", strings: strings("ko"), labels: { south: "남쪽", north: "북쪽" } });
    expect(host.querySelectorAll(".mw-root")).toHaveLength(1);
    expect($(".mw-root").lang).toBe("ko");
    expect($(".mw-status").textContent).toBe("남쪽의 턴");
    expect($(".mw-play").getAttribute("aria-label")).toBe("재생");
  });
});

describe("the keyboard on the board", () => {
  it("closes the lift-count chooser with Escape", () => {
    const legal = [1, 2].map((n) => ({ type: "sow" as const, row: 3, column: 0, count: n }));
    const { model } = fakeModel(traitsOf(K_START, { legal_moves: legal }));
    widget.render({ model, el: host });
    click(cell(3, 0));
    expect($(".mw-lift-count").textContent).toBe("Lift 2 of 3");
    expect(cell(3, 0).classList.contains("mw-selected")).toBe(true);
    press(cell(3, 0), "Escape");
    expect(host.querySelector(".mw-lift-count")).toBeNull();
    expect(cell(3, 0).classList.contains("mw-selected")).toBe(false);
  });

  it("keeps the keys it does not use for the page", () => {
    const { model } = fakeModel(traitsOf(K_START));
    widget.render({ model, el: host });
    const tab = new KeyboardEvent("keydown", { key: "Tab", bubbles: true, cancelable: true });
    cell(3, 0).dispatchEvent(tab);
    expect(tab.defaultPrevented).toBe(false);
    const enter = new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true });
    cell(3, 0).dispatchEvent(enter);
    expect(enter.defaultPrevented).toBe(true);
    const off = new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true });
    $(".mw-board").dispatchEvent(off);
    expect(off.defaultPrevented).toBe(false);
  });

  it("starts from where the focus is when a cell is focused by Tab or the mouse", () => {
    const { model } = fakeModel(traitsOf(K_START, { legal_moves: [{ type: "capture", column: 5 }] }));
    widget.render({ model, el: host });
    cell(1, 5).dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    model.update({ can_redo: true });
    expect($('[tabindex="0"]').getAttribute("data-cell")).toBe("1,5");
    press(cell(1, 5), "ArrowDown");
    expect(document.activeElement).toBe(cell(2, 5));
  });
});

const lesson = (extra: Partial<LessonState> = {}): LessonState => ({
  id: "t", title: "T", step: 2, steps: 5, text: "Text", puzzle: null, summary: null, highlight: [], label: null, arrow: null,
  question: null, feedback: null, ...extra,
});

describe("a lesson from the keyboard", () => {
  function open(l: LessonState) {
    const { model, sent } = fakeModel(traitsOf(K_START, { interactive: false, lesson: l }));
    widget.render({ model, el: host });
    return { model, sent };
  }

  it("steps with Page Down and Page Up anywhere, and with the arrows off the cells", () => {
    const { sent } = open(lesson());
    press($(".mw-lesson"), "PageDown");
    press($(".mw-lesson"), "ArrowLeft");
    press(cell(3, 0), "PageUp");
    press(cell(3, 0), "ArrowRight"); // on a cell the arrows move between cells
    expect(sent).toEqual([
      { kind: "lesson", action: "next" }, { kind: "lesson", action: "back" }, { kind: "lesson", action: "back" },
    ]);
    expect(document.activeElement).toBe(cell(3, 1));
  });

  it("leaves keys typed in an answer to the answer", () => {
    const { sent } = open(lesson({ question: { ask: "number", text: "How many?", move: "", moved: [], multi: false, none: false, number: true, options: [] } }));
    press($(".mw-number-answer"), "ArrowLeft");
    press($(".mw-number-answer"), "PageUp");
    expect(sent).toEqual([]);
    $<HTMLInputElement>(".mw-number-answer").value = "x";
    press($(".mw-number-answer"), "Enter");
    expect($(".mw-notice").textContent).toBe("Type a whole number, then Check.");
    click(cell(3, 0));
    expect($(".mw-notice").textContent).toBe("Answer the question first: click the board or choose an answer below.");
  });

  it("ignores the lesson keys on a board that is not a lesson", () => {
    const { model, sent } = fakeModel(traitsOf(K_START));
    widget.render({ model, el: host });
    const key = new KeyboardEvent("keydown", { key: "PageDown", bubbles: true, cancelable: true });
    $(".mw-root").dispatchEvent(key);
    expect(key.defaultPrevented).toBe(false);
    expect(sent).toEqual([]);
  });
});
