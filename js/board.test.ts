import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import widget, { BoardWidget } from "./widget";
import { fakeModel, geometryOf, moveListOf, moveNode, traitsOf } from "./test-utils";
import type { Position, TraceEvent } from "./types";

const K_START: Position = {
  game: "kisolo", columns: 7, to_move: "south",
  board: [[3, 3, 3, 3, 3, 3, 3], [3, 3, 3, 3, 3, 3, 3], [3, 3, 3, 3, 3, 3, 3], [3, 3, 3, 3, 3, 3, 3]],
  status: "playing", winner: null, reason: null,
};
const F = Array(10).fill(false);
const Q_POS: Position = {
  game: "kiothi", start_holes: 6, orthodox: true, to_move: "south", turn: 7,
  board: [[2, 0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 3, 0, 0, 0, 0, 25]],
  nki: [F.slice(), [...F.slice(0, 4), true, ...F.slice(5)]], sown: [F.slice(), F.slice()],
  jails: { south: 0, north: 0 }, status: "playing", winner: null, reason: null,
};

const traits = traitsOf;
/** South captures column 4 from the start: the engine's trace. */
const CAPTURE_3: TraceEvent[] = [
  { kind: "capture", rule: "turn_start_capture", player: "south", lap: 1, cell: [2, 3], from: [[1, 3, 3], [0, 3, 3]], count: 6, into: "sow" },
  { kind: "sow", lap: 1, cells: [[2, 3], [2, 2], [2, 1], [2, 0], [3, 0], [3, 1]] },
  { kind: "turn_end", to_move: "north" },
];

const cell = (root: Element, r: number, c: number) => root.querySelector(`[data-cell="${r},${c}"]`)!;
const count = (root: Element, r: number, c: number) => cell(root, r, c).querySelector(".mw-count")!.textContent;
const press = (target: Element, key: string) => target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));

let host: HTMLDivElement;
beforeEach(() => {
  document.body.innerHTML = "";
  host = document.createElement("div");
  document.body.appendChild(host);
});

const centre = (root: Element, r: number, c: number) => {
  const hole = cell(root, r, c).querySelector(".mw-hole")!;
  return { x: Number(hole.getAttribute("cx")), y: Number(hole.getAttribute("cy")) };
};

describe("drawing from Python's geometry", () => {
  it("puts South's outer row at the bottom, left to right, from South's side", () => {
    widget.render({ model: fakeModel(traits(K_START)).model, el: host });
    expect(centre(host, 3, 0).y).toBeGreaterThan(centre(host, 0, 0).y);
    expect(centre(host, 3, 0).x).toBeLessThan(centre(host, 3, 6).x);
    const g = geometryOf(K_START);
    expect(host.querySelector(".mw-board")!.getAttribute("viewBox")).toBe(`0 0 ${g.width} ${g.height}`);
  });

  it("turns the board round when Python sends North's geometry", () => {
    const { model } = fakeModel(traits(K_START));
    widget.render({ model, el: host });
    const before = centre(host, 0, 6);
    model.update({ perspective: "north", geometry: geometryOf(K_START, "north") });
    expect(centre(host, 3, 0)).toEqual(before);
  });

  it("puts each Kiothi jail at its owner's right-hand end", () => {
    const { model } = fakeModel(traits(Q_POS));
    widget.render({ model, el: host });
    const jailX = (who: string) => Number(host.querySelector(`[data-jail="${who}"] .mw-jail-rect`)!.getAttribute("x"));
    expect(jailX("south")).toBeGreaterThan(jailX("north"));
    model.update({ perspective: "north", geometry: geometryOf(Q_POS, "north") });
    expect(jailX("north")).toBeGreaterThan(jailX("south"));
  });

  it("draws no jail on a board without jails, and the hole numbers only when asked", () => {
    const { model } = fakeModel(traits(K_START));
    widget.render({ model, el: host });
    expect(host.querySelectorAll("[data-jail]")).toHaveLength(0);
    expect(host.querySelectorAll(".mw-number")).toHaveLength(0);
    model.update({ numbers: true, geometry: geometryOf(K_START, "south", true) });
    expect(Array.from(host.querySelectorAll(".mw-number")).map((n) => n.textContent)).toEqual(
      ["1", "1", "2", "2", "3", "3", "4", "4", "5", "5", "6", "6", "7", "7"],
    );
  });
});

describe("rendering", () => {
  it("writes every count once and draws seeds, a heap for big counts", () => {
    const { model } = fakeModel(traits(Q_POS));
    widget.render({ model, el: host });
    expect(count(host, 0, 0)).toBe("2");
    expect(cell(host, 0, 0).querySelectorAll(".mw-seed")).toHaveLength(2);
    expect(count(host, 1, 9)).toBe("25");
    expect(cell(host, 1, 9).querySelector(".mw-heap")).not.toBeNull();
    // The count is written once, beside the hole, not also on the heap.
    const written = Array.from(cell(host, 1, 9).querySelectorAll("text")).filter((t) => t.textContent === "25");
    expect(written).toHaveLength(1);
    expect(host.querySelector('[data-jail="south"] .mw-jail-count')!.textContent).toBe("0");
  });

  it("marks nki bomas by class and in the spoken label", () => {
    const { model } = fakeModel(traits(Q_POS));
    widget.render({ model, el: host });
    expect(cell(host, 1, 4).classList.contains("mw-is-nki")).toBe(true);
    expect(cell(host, 1, 4).getAttribute("aria-label")).toBe("South's boma 5, 3 warriors, nki (protected)");
    expect(cell(host, 1, 3).classList.contains("mw-is-nki")).toBe(false);
  });

  it("labels playable holes for screen readers and names the player to move", () => {
    const { model } = fakeModel(traits(K_START, { legal_moves: [{ type: "capture", column: 2 }] }));
    widget.render({ model, el: host });
    expect(cell(host, 2, 2).getAttribute("aria-label")).toBe("South's inner hole 3, 3 stones, can be played");
    expect(cell(host, 2, 3).getAttribute("aria-disabled")).toBe("true");
    expect(host.querySelector(".mw-status")!.textContent).toBe("South to move");
  });

  it("shows a Kiothi one-warrior victory", () => {
    const over = { ...Q_POS, board: [Array(10).fill(0), Array(10).fill(0)], jails: { south: 31, north: 29 }, status: "won" as const, winner: "south" as const, reason: "no legal move" };
    widget.render({ model: fakeModel(traits(over)).model, el: host });
    expect(host.querySelector(".mw-status")!.textContent).toBe("South wins 31\u201329 \u2014 a one-warrior victory!");
  });

  it("shows names and titles with markup as plain text", () => {
    const evil = "<img src=x onerror=alert(1)>";
    const { model } = fakeModel(traits(K_START, { labels: { south: evil, north: "N" }, title: evil, error: evil }));
    widget.render({ model, el: host });
    model.update({ error_serial: 1 });
    expect(host.querySelector("img")).toBeNull();
    expect(host.querySelector(".mw-side.mw-south")!.textContent).toBe(evil);
    expect(host.querySelector(".mw-title")!.textContent).toBe(evil);
    expect(host.querySelector(".mw-notice")!.textContent).toBe(evil);
  });

  it("never builds markup from strings anywhere in the front end", () => {
    const sources = readdirSync(__dirname, { recursive: true, encoding: "utf8" }).filter((n) => n.endsWith(".ts") && !n.endsWith(".test.ts"));
    expect(sources).toContain(join("panels", "lesson.ts"));
    for (const f of sources) {
      const src = readFileSync(join(__dirname, f), "utf8");
      expect(src, f).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|DOMParser/);
    }
  });
});

describe("keyboard and clicks", () => {
  it("moves focus with the arrow keys and plays with Enter", () => {
    const { model, sent } = fakeModel(traits(K_START, { legal_moves: [{ type: "capture", column: 1 }] }));
    widget.render({ model, el: host });
    const start = host.querySelector('[tabindex="0"]')!;
    expect(start.getAttribute("data-cell")).toBe("3,0");
    press(start, "ArrowUp");
    press(host.querySelector('[tabindex="0"]')!, "ArrowRight");
    const focused = host.querySelector('[tabindex="0"]')!;
    expect(focused.getAttribute("data-cell")).toBe("2,1");
    expect(host.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    press(focused, "Enter");
    expect(sent).toEqual([{ kind: "play", move: { type: "capture", column: 1 } }]);
  });

  it("lets + and - choose how many warriors to lift, skipping forbidden counts", () => {
    const legal = [1, 3, 4].map((count) => ({ type: "sow" as const, row: 1, column: 9, count }));
    const { model, sent } = fakeModel(traits({ ...Q_POS, board: [[2, ...Array(9).fill(0)], [...Array(9).fill(0), 4]] }, { legal_moves: legal }));
    widget.render({ model, el: host });
    cell(host, 1, 9).dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(host.querySelector(".mw-lift-count")!.textContent).toBe("Lift 4 of 4");
    press(cell(host, 1, 9), "-");
    expect(host.querySelector(".mw-lift-count")!.textContent).toBe("Lift 3 of 4");
    press(cell(host, 1, 9), "-");
    expect(host.querySelector(".mw-lift-count")!.textContent).toBe("Lift 1 of 4");
    press(cell(host, 1, 9), "+");
    press(cell(host, 1, 9), "Enter");
    expect(sent).toEqual([{ kind: "play", move: { type: "sow", row: 1, column: 9, count: 3 } }]);
  });

  it("walks the Kiothi opening: lift two, place, take back, confirm", () => {
    const start: Position = {
      ...Q_POS, turn: 1, nki: [F.slice(), F.slice()],
      board: [[5, 5, 5, 5, 5, 5, 0, 0, 0, 0], [0, 0, 0, 0, 5, 5, 5, 5, 5, 5]],
    };
    const legal = [{ type: "redistribute" as const, lift: [[1, 4], [1, 5]] as [number, number][] }];
    const { model, sent } = fakeModel(traits(start, { legal_moves: legal }));
    widget.render({ model, el: host });
    const click = (r: number, c: number) => cell(host, r, c).dispatchEvent(new MouseEvent("click", { bubbles: true }));
    click(1, 4);
    click(1, 5);
    expect(count(host, 1, 4)).toBe("0");
    for (let i = 0; i < 10; i++) click(0, 9);
    click(0, 9); // an 11th warrior is not in hand: ignored
    expect(count(host, 0, 9)).toBe("10");
    (host.querySelector(".mw-take-back") as HTMLButtonElement).click();
    expect(host.querySelector(".mw-opening-hint")!.textContent).toContain("1 left");
    click(1, 0);
    (host.querySelector(".mw-confirm") as HTMLButtonElement).click();
    expect(sent).toEqual([{ kind: "play", move: { type: "redistribute", lift: [[1, 4], [1, 5]], place: [[0, 9, 9], [1, 0, 1]] } }]);
  });

  it("finishes the animation at once when the board is clicked, and takes the click", () => {
    const before = K_START;
const trace = CAPTURE_3;
    const { model, sent } = fakeModel(traits(before, { legal_moves: [{ type: "capture", column: 3 }] }));
    widget.render({ model, el: host });
    model.update({ position: { ...before, to_move: "north" }, position_before: before, trace, narration: ["a", "b", "c"], move_count: 1, legal_moves: [{ type: "capture", column: 0 }], cell_moves: { "1,0": [{ type: "capture", column: 0 }] } });
    expect(host.querySelector(".mw-status")!.getAttribute("data-status")).toBe("moving");
    expect(count(host, 1, 3)).toBe("3"); // the capture has not been shown yet
    cell(host, 1, 0).dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(host.querySelector(".mw-status")!.getAttribute("data-status")).toBe("playing");
    expect(count(host, 1, 3)).toBe("0"); // the move is shown to its end
    expect(sent).toEqual([{ kind: "play", move: { type: "capture", column: 0 } }]);
  });
});

describe("step controls", () => {
  it("show pause while a move plays and play when it ends, drawn as icons, not font glyphs", () => {
const trace = CAPTURE_3;
    const { model } = fakeModel(traits(K_START));
    widget.render({ model, el: host });
    const play = host.querySelector(".mw-play") as HTMLButtonElement;
    for (const b of Array.from(host.querySelectorAll(".mw-replay, .mw-back, .mw-play, .mw-forward, .mw-end"))) {
      expect(b.textContent).toBe("");
      expect(b.querySelector("svg.mw-icon path")).not.toBeNull();
    }
    expect(play.dataset.icon).toBe("play");
    model.update({ position: { ...K_START, to_move: "north" }, position_before: K_START, trace, narration: ["a", "b", "c"], move_count: 1 });
    expect(play.dataset.icon).toBe("pause");
    expect(play.getAttribute("aria-label")).toBe("Pause");
    (host.querySelector(".mw-end") as HTMLButtonElement).click();
    expect(play.dataset.icon).toBe("play");
    expect(play.getAttribute("aria-label")).toBe("Play");
  });
});

describe("move list", () => {
  /** Three moves, and a second move tried instead of the second, with its reply. */
  const TREE = (line: number[]) =>
    [[1, 0, 0, 1, "a"], [2, 1, 0, 2, "b"], [3, 2, 0, 3, "c"], [4, 1, 1, 2, "b2"], [5, 4, 0, 3, "c2"]].map(([id, parent, index, ply, text]) =>
      moveNode(id as number, parent as number, index as number, ply as number, text as string, line.includes(id as number)),
    );

  it("lists the moves as text, marks the current one and those taken back, hidden before the first", () => {
    const { model } = fakeModel(traits(K_START));
    widget.render({ model, el: host });
    const box = host.querySelector(".mw-history") as HTMLDetailsElement;
    expect(box.hidden).toBe(true);
    const evil = "<img src=x onerror=alert(1)>";
    const history = ["South captures from North's inner hole 4", evil, "South sows"];
    model.update({ move_list: moveListOf(history.map((text, i) => moveNode(i + 1, i, 0, i + 1, text, true))), move_count: 2 });
    expect(box.hidden).toBe(false);
    expect(box.querySelector("summary")!.textContent).toBe("Moves (3)");
    const items = Array.from(box.querySelectorAll("li")).map((li) => li.textContent);
    expect(items).toEqual(history);
    expect(box.querySelector("img")).toBeNull();
    expect(box.querySelector("[aria-current]")!.textContent).toBe(evil);
    expect(box.querySelector("[aria-current]")!.getAttribute("aria-label")).toBe(`move 2, ${evil}`);
    expect(Array.from(box.querySelectorAll(".mw-undone")).map((b) => b.textContent)).toEqual(["South sows"]);
  });

  it("shows a variation under the move it replaces and goes to any move clicked, keeping the focus", () => {
    const { model, sent } = fakeModel(traits(K_START, { move_list: moveListOf(TREE([1, 4, 5])), move_count: 3 }));
    widget.render({ model, el: host });
    const variation = host.querySelector(".mw-history-list > li:nth-child(2) > ol.mw-variation") as HTMLOListElement;
    expect(variation.start).toBe(2);
    expect(Array.from(variation.querySelectorAll("button")).map((b) => b.getAttribute("aria-label"))).toEqual([
      "variation: move 2, b2",
      "variation: move 3, c2",
    ]);
    expect(variation.querySelector("[aria-current]")!.textContent).toBe("c2");
    const main = host.querySelector('[data-node="2"]') as HTMLButtonElement;
    main.focus();
    main.click();
    expect(sent).toEqual([{ kind: "goto_node", node: 2 }]);
    model.update({ move_list: moveListOf(TREE([1, 2, 3])), move_count: 2 });
    expect(document.activeElement!.textContent).toBe("b");
    expect(host.querySelector("[aria-current]")!.textContent).toBe("b");
    expect(Array.from(host.querySelectorAll(".mw-undone")).map((b) => b.textContent)).toEqual(["c"]);
    (host.querySelector('[data-node="5"]') as HTMLButtonElement).click();
    expect(sent[1]).toEqual({ kind: "goto_node", node: 5 });
  });

  it("of a long game, says how many moves are left out before and after those listed", () => {
    const entries = [moveNode(41, 40, 0, 41, "x", true), moveNode(42, 41, 0, 42, "y", true)];
    const { model } = fakeModel(traits(K_START, { move_list: moveListOf(entries, { line_length: 99, before: 40, after: 57 }), move_count: 42 }));
    widget.render({ model, el: host });
    const notes = Array.from(host.querySelectorAll(".mw-history-left-out")).map((n) => n.textContent);
    expect(notes).toEqual(["\u2026 40 earlier moves", "\u2026 57 later moves"]);
    expect((host.querySelector(".mw-history-list") as HTMLOListElement).start).toBe(41);
  });

  it("shows a jump to another line at once, and animates a move played from the position shown", () => {
    const after = { ...K_START, to_move: "north" as const };
    const { model } = fakeModel(traits(K_START));
    widget.render({ model, el: host });
    const status = host.querySelector(".mw-status")!;
    const elsewhere = { ...K_START, board: K_START.board.map((r, i) => (i === 3 ? [...r.slice(0, 6), 4] : r)) };
    model.update({ position: after, position_before: elsewhere, trace: CAPTURE_3, narration: ["a", "b", "c"], move_count: 1 });
    expect(status.getAttribute("data-status")).toBe("playing");
    model.update({ position: K_START, position_before: null, trace: [], move_count: 0 });
    model.update({ position: after, position_before: K_START, trace: CAPTURE_3, narration: ["a", "b", "c"], move_count: 1 });
    expect(status.getAttribute("data-status")).toBe("moving");
  });
});

describe("cleanup", () => {
  it("removes its elements and listeners when the view goes", () => {
    const { model, listeners } = fakeModel(traits(K_START));
    const cleanup = widget.render({ model, el: host });
    expect(listeners()).toBeGreaterThan(0);
    cleanup();
    expect(host.childElementCount).toBe(0);
    expect(listeners()).toBe(0);
  });

  it("two views of one model draw the same state", () => {
    const { model } = fakeModel(traits(K_START));
    const a = new BoardWidget(model, host);
    const b = new BoardWidget(model, host);
    model.update({ position: { ...K_START, board: K_START.board.map((r, i) => (i === 3 ? [9, ...r.slice(1)] : r)) }, move_count: 0 });
    expect(count(a.root, 3, 0)).toBe("9");
    expect(count(b.root, 3, 0)).toBe("9");
  });
});

describe("playing the computer", () => {
  it("shows that the computer is thinking, refuses clicks then, and shows its reason", () => {
    const { model, sent } = fakeModel(traits({ ...K_START, to_move: "north" }, { computer: "north", thinking: true, legal_moves: [{ type: "capture", column: 1 }] }));
    widget.render({ model, el: host });
    expect(host.querySelector(".mw-status")!.textContent).toBe("North is thinking\u2026");
    expect(host.querySelector(".mw-status")!.getAttribute("data-status")).toBe("thinking");
    expect(host.querySelectorAll(".mw-playable")).toHaveLength(0);
    cell(host, 1, 1).dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(sent).toEqual([]);
    model.update({ thinking: false, computer_says: "North captures column 2. It captures 6 stones." });
    expect(host.querySelector(".mw-computer-says")!.textContent).toBe("North captures column 2. It captures 6 stones.");
  });
});

describe("speed", () => {
  it("follows the speed set from Python and sends the one chosen", () => {
    const { model } = fakeModel(traits(K_START));
    widget.render({ model, el: host });
    const select = host.querySelector(".mw-speed-select") as HTMLSelectElement;
    model.update({ speed: 8 });
    expect(select.value).toBe("8");
    select.value = "0.5";
    select.dispatchEvent(new Event("change"));
    expect(model.get("speed")).toBe(0.5);
  });
});
