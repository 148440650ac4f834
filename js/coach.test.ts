// Hints and reviews in the browser: the model of what is shown (coach-model.ts),
// the two panels, and the wiring to Python (a Hint or Review press, a turning
// point clicked, the suggested cell marked on the board).
import { beforeEach, describe, expect, it } from "vitest";
import { CHART, chartModel, coachModel } from "./coach-model";
import { resting, situationOf } from "./input";
import { drawChart, HintLine, ReviewPanel } from "./panels/coach";
import { fakeModel, strings, traitsOf } from "./test-utils";
import { Words } from "./text";
import type { Position, ReviewState, Traits } from "./types";
import { viewModel, type Playback } from "./view-model";
import widget from "./widget";

const words = new Words(strings("en")!);
const K_START: Position = {
  game: "kisolo", columns: 7, to_move: "south", status: "playing", winner: null, reason: null,
  board: [[3, 3, 3, 3, 3, 3, 3], [3, 3, 3, 3, 3, 3, 3], [3, 3, 3, 3, 3, 3, 3], [3, 3, 3, 3, 3, 3, 3]],
};
const WON: Position = { ...K_START, status: "won", winner: "south", reason: "inner row emptied", to_move: "north" };
const CAPTURE = { type: "capture" as const, column: 3 };
const HINT = { move: CAPTURE, cells: [[2, 3]] as [number, number][], text: "Hint: South captures column 4. It captures 6 stones.", level: "expert" };
const DONE: ReviewState = {
  state: "done", level: "expert", scores: [0, 2, -3, 12, 10000], summary: "2 turning points: click one.",
  turning_points: [
    { move: 2, goto: 1, player: "north", text: "Move 2: North sows. South then took 7 stones.", cells: [[1, 4]] },
    { move: 3, goto: 2, player: "south", text: "Move 3: South sows. It captured nothing.", cells: [[2, 0]] },
  ],
};

let host: HTMLDivElement;
beforeEach(() => {
  document.body.innerHTML = "";
  host = document.createElement("div");
  document.body.appendChild(host);
});
const $ = <T extends Element = HTMLElement>(sel: string) => host.querySelector<T & Element>(sel)!;
const still: Playback = { frame: null, length: 0, playing: false, mover: null, first: null };
const vmOf = (t: Traits) => viewModel(t, still, resting(situationOf(t)));

describe("the chart of who was ahead", () => {
  it("puts the start at the left, the end at the right, South above the even line", () => {
    const c = chartModel([0, 4, -2], [1], 2, { top: "S", bottom: "N", label: "chart" });
    const { width: W, height: H, pad } = CHART;
    expect(c.zero).toBe(H / 2);
    const pts = c.points.split(" ").map((p) => p.split(",").map(Number));
    expect(pts.map((p) => p[0])).toEqual([pad, W / 2, W - pad]);
    expect(pts[0][1]).toBe(H / 2);
    expect(pts[1][1]).toBe(pad); // the largest lead reaches the top
    expect(pts[2][1]).toBeGreaterThan(H / 2); // North ahead: below
    expect(c.marks).toEqual([{ x: W / 2, y: pad }]);
    expect(c.cursor).toBe(W - pad);
  });

  it("draws a won game at the edge and keeps small leads small", () => {
    const c = chartModel([0, 1, -10000], [], 9, { top: "S", bottom: "N", label: "chart" });
    const ys = c.points.split(" ").map((p) => Number(p.split(",")[1]));
    expect(ys[2]).toBe(CHART.height - CHART.pad);
    expect(ys[1]).toBeGreaterThan(CHART.pad + 10); // 1 of at least 4: a quarter of the way up
    expect(c.cursor).toBeNull(); // the position shown is not in the game reviewed
    expect(chartModel([5], [3], 0, { top: "", bottom: "", label: "" }).marks).toEqual([]);
  });

  it("is an SVG image named for screen readers, with the players' names", () => {
    const svg = drawChart(chartModel([0, 3, -1], [1], 1, { top: "South", bottom: "North", label: "Who was ahead" }));
    expect(svg.getAttribute("role")).toBe("img");
    expect(svg.getAttribute("aria-label")).toBe("Who was ahead");
    expect(Array.from(svg.querySelectorAll("text")).map((e) => e.textContent)).toEqual(["South", "North"]);
    expect(svg.querySelectorAll(".mw-chart-mark")).toHaveLength(1);
    expect(svg.querySelector(".mw-chart-cursor")).not.toBeNull();
    expect(svg.querySelector(".mw-chart-line")!.getAttribute("points")!.split(" ")).toHaveLength(3);
  });
});

describe("what the hint and review show", () => {
  it("shows no review and no hint at first", () => {
    const m = coachModel(traitsOf(K_START), words);
    expect(m.hint).toBe("");
    expect(m.review.hidden).toBe(true);
    expect(m.review.chart).toBeNull();
  });

  it("shows the review's progress while it runs", () => {
    const m = coachModel(traitsOf(K_START, { game_review: { state: "running", done: 12, total: 61 } }), words).review;
    expect(m.hidden).toBe(false);
    expect(m.progress).toEqual({ value: 12, max: 61, text: "Reviewing the game: 12 of 61 positions" });
    expect(m.chart).toBeNull();
    expect(m.points).toEqual([]);
    expect(coachModel(traitsOf(K_START, { game_review: { state: "running" } }), words).review.progress!.max).toBe(1);
  });

  it("says why a review stopped", () => {
    const m = coachModel(traitsOf(K_START, { game_review: { state: "stopped" } }), words).review;
    expect(m.message).toBe("The review stopped: a new move was played.");
    expect(m.progress).toBeNull();
  });

  it("shows the chart and the turning points when done, marking the one whose position is shown", () => {
    const m = coachModel(traitsOf(WON, { game_review: DONE, move_count: 2 }), words).review;
    expect(m.message).toBe("2 turning points: click one.");
    expect(m.chart!.marks).toHaveLength(2);
    expect(m.chart!.label).toBe("Who was ahead after each move: above the middle line South, below it North");
    expect(m.points).toEqual([
      { text: DONE.turning_points![0].text, goto: 1, current: false },
      { text: DONE.turning_points![1].text, goto: 2, current: true },
    ]);
    expect(coachModel(traitsOf(WON, { game_review: { state: "done" } }), words).review.chart).toBeNull();
  });
});

describe("the Hint and Review buttons and the suggested cell", () => {
  it("offers a hint to a player who can move, marking its cell once it comes", () => {
    const legal = [CAPTURE, { type: "capture" as const, column: 0 }];
    let vm = vmOf(traitsOf(K_START, { legal_moves: legal }));
    expect(vm.toolbar.hint).toEqual({ shown: true, enabled: true });
    expect(vm.toolbar.review.shown).toBe(false);
    vm = vmOf(traitsOf(K_START, { legal_moves: legal, hint: HINT }));
    const cell = vm.board.cells.find((c) => c.key === "2,3")!;
    expect(cell.suggested).toBe(true);
    expect(cell.label).toContain("suggested move");
    expect(vm.board.cells.filter((c) => c.suggested)).toHaveLength(1);
    expect(vm.coach.hint).toBe(HINT.text);
  });

  it("offers no hint when switched off, in a lesson, or when watching, and none to play while the computer moves", () => {
    expect(vmOf(traitsOf(K_START, { hints: false })).toolbar.hint.shown).toBe(false);
    expect(vmOf(traitsOf(K_START, { interactive: false })).toolbar.hint.shown).toBe(false);
    expect(vmOf(traitsOf(K_START, { computer: "south", legal_moves: [CAPTURE] })).toolbar.hint).toEqual({ shown: true, enabled: false });
  });

  it("offers a review once the game has ended, not while one runs", () => {
    expect(vmOf(traitsOf(WON, { can_review: true })).toolbar.review).toEqual({ shown: true, enabled: true });
    expect(vmOf(traitsOf(WON, { can_review: true, game_review: { state: "running", done: 1, total: 9 } })).toolbar.review.enabled).toBe(false);
  });
});

describe("the panels", () => {
  it("says the hint for screen readers too", () => {
    const line = new HintLine(host);
    line.update("Hint: try this.");
    expect(line.el.getAttribute("aria-live")).toBe("polite");
    expect(line.el.textContent).toBe("Hint: try this.");
    line.update("<b>x</b>");
    expect(line.el.textContent).toBe("<b>x</b>");
    expect(line.el.querySelector("b")).toBeNull();
  });

  it("shows progress, then the chart and the turning points, each showing its position", () => {
    const asked: number[] = [];
    const panel = new ReviewPanel(host, (n) => asked.push(n));
    const model = (t: Partial<Traits>) => coachModel(traitsOf(WON, t), words).review;
    panel.update(model({}));
    expect(panel.el.hidden).toBe(true);
    panel.update(model({ game_review: { state: "running", done: 3, total: 10 } }));
    expect(panel.el.hidden).toBe(false);
    expect($<HTMLProgressElement>(".mw-review-progress").value).toBe(3);
    expect($<HTMLProgressElement>(".mw-review-progress").max).toBe(10);
    expect($(".mw-review-progress-text").textContent).toBe("Reviewing the game: 3 of 10 positions");
    expect($(".mw-review-title").textContent).toBe("Game review");
    panel.update(model({ game_review: DONE, move_count: 4 }));
    expect($<HTMLElement>(".mw-review-progress-row").hidden).toBe(true);
    expect($(".mw-review-message").textContent).toBe(DONE.summary);
    expect(host.querySelectorAll(".mw-review-chart")).toHaveLength(1);
    const buttons = host.querySelectorAll<HTMLButtonElement>(".mw-turning-point");
    expect(Array.from(buttons).map((b) => b.textContent)).toEqual(DONE.turning_points!.map((p) => p.text));
    expect(buttons[0].title).toBe("Show the position before this move");
    buttons[1].click();
    buttons[0].click();
    expect(asked).toEqual([2, 1]);
    const chart = $(".mw-review-chart");
    buttons[1].focus();
    panel.update(model({ game_review: DONE, move_count: 4 }));
    expect($(".mw-review-chart")).toBe(chart); // nothing new: nothing redrawn
    panel.update(model({ game_review: DONE, move_count: 2 }));
    const again = host.querySelectorAll<HTMLButtonElement>(".mw-turning-point");
    expect(again[1].getAttribute("aria-current")).toBe("step");
    expect(document.activeElement).toBe(again[1]); // the focus stays on the same entry
    panel.update(model({ game_review: { ...DONE, turning_points: [] } }));
    expect($<HTMLOListElement>(".mw-turning-points").hidden).toBe(true);
  });
});

describe("the wiring", () => {
  it("asks Python for a hint, marks its cell and says it, and asks for a review of an ended game", () => {
    const { model, sent } = fakeModel(traitsOf(K_START, { legal_moves: [CAPTURE] }));
    widget.render({ model, el: host });
    expect($<HTMLButtonElement>(".mw-review-button").hidden).toBe(true);
    $<HTMLButtonElement>(".mw-hint-button").click();
    expect(sent).toEqual([{ kind: "hint" }]);
    model.update({ hint: HINT });
    expect($(".mw-coach-hint").textContent).toBe(HINT.text);
    expect($('[data-cell="2,3"]').classList.contains("mw-suggested")).toBe(true);
    expect($('[data-cell="2,3"] .mw-marker').textContent).toBe("\u2605");
    model.update({ hint: null, position: WON, legal_moves: [], can_review: true });
    expect($(".mw-coach-hint").textContent).toBe("");
    expect(host.querySelectorAll(".mw-suggested")).toHaveLength(0);
    $<HTMLButtonElement>(".mw-review-button").click();
    model.update({ game_review: DONE });
    host.querySelectorAll<HTMLButtonElement>(".mw-turning-point")[0].click();
    expect(sent.slice(1)).toEqual([{ kind: "review" }, { kind: "goto", moves: 1 }]);
  });
});
