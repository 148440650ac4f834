import { describe, expect, it } from "vitest";
import type { Frame } from "./animation";
import { resting, situationOf, type InputState } from "./input";
import { moveListOf, moveNode, traitsOf } from "./test-utils";
import type { Cell, LessonState, Move, Position, Question, TraceEvent, Traits } from "./types";
import { applyEvent, statesOf } from "./view-state";
import { moveCells, moveList, viewModel, type CellView, type MoveItem, type Playback, type ViewModel } from "./view-model";

const KISOLO: Position = {
  game: "kisolo", columns: 7, to_move: "south", status: "playing", winner: null, reason: null,
  board: [[3, 3, 3, 3, 3, 3, 3], [3, 3, 3, 3, 3, 3, 3], [3, 3, 3, 3, 3, 3, 3], [3, 3, 3, 3, 3, 3, 3]],
};
const F = Array(10).fill(false);
const KIOTHI: Position = {
  game: "kiothi", start_holes: 6, orthodox: true, to_move: "south", turn: 7,
  board: [[2, 0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 3, 0, 0, 0, 0, 25]],
  nki: [F.slice(), [...F.slice(0, 4), true, ...F.slice(5)]], sown: [F.slice(), F.slice()],
  jails: { south: 4, north: 7 }, status: "playing", winner: null, reason: null,
};
const OPENING: Position = {
  ...KIOTHI, turn: 1, nki: [F.slice(), F.slice()], jails: { south: 0, north: 0 },
  board: [[5, 5, 5, 5, 5, 5, 0, 0, 0, 0], [0, 0, 0, 0, 5, 5, 5, 5, 5, 5]],
};
/** South sows outer hole 1 (two stones) with a relay from the hole after the landing one. */
const RELAY_BEFORE: Position = { ...KISOLO, board: [[0, 0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 0], [2, 0, 1, 1, 0, 0, 0]] };
const RELAY: TraceEvent[] = [
  { kind: "lift", rule: "sow", cell: [3, 0], count: 2, lap: 1 },
  { kind: "sow", lap: 1, cells: [[3, 1], [3, 2]] },
  { kind: "lap_end", lap: 1, cell: [3, 2], occupied: true, next: [3, 3], next_count: 1, then: "relay" },
  { kind: "lift", rule: "pussa_kanawa", cell: [3, 3], count: 1, lap: 2, landing: [3, 2] },
  { kind: "sow", lap: 2, cells: [[3, 4]] },
  { kind: "lap_end", lap: 2, cell: [3, 4], occupied: false, next: [3, 5], next_count: 0, then: "end" },
  { kind: "turn_end", to_move: "north" },
];
const NARRATION = RELAY.map((ev, i) => `sentence ${i + 1} (${ev.kind})`);

const still: Playback = { frame: null, length: 0, playing: false, mover: null, first: null };
const idle: InputState = { kind: "idle" };
const moving: InputState = { kind: "animating", resume: idle };

/** The frame after `step` events of RELAY, or during a sowing after `drops` of its stones. */
function relayAt(step: number, drops: number | null = null, playing = true): Playback {
  const states = statesOf(RELAY_BEFORE, RELAY);
  const state = drops === null ? states[step] : applyEvent(states[step], RELAY[step], drops);
  const event = drops === null ? RELAY[step - 1] ?? null : RELAY[step];
  const frame: Frame = { step, state, event, drops };
  return { frame, length: RELAY.length, playing, mover: "south", first: RELAY[0] };
}

const relayTraits = (extra: Partial<Traits> = {}) =>
  traitsOf({ ...RELAY_BEFORE, to_move: "north", board: statesOf(RELAY_BEFORE, RELAY)[RELAY.length].board }, {
    position_before: RELAY_BEFORE, trace: RELAY, narration: NARRATION, move_count: 1, last_move: { type: "sow", row: 3, column: 0 }, ...extra,
  });

const cellOf = (vm: ViewModel, r: number, c: number): CellView => vm.board.cells.find((v) => v.key === `${r},${c}`)!;
const keys = (vm: ViewModel, mark: keyof CellView) => vm.board.cells.filter((v) => v[mark] === true).map((v) => v.key);
const counts = (vm: ViewModel, row: number) => vm.board.cells.filter((v) => v.cell[0] === row).map((v) => v.count);
const vmOf = (t: Traits, play: Playback = still, input: InputState = resting(situationOf(t))) => viewModel(t, play, input);

describe("the cells", () => {
  it("shows the position's counts, one view per cell in the geometry's order", () => {
    const vm = vmOf(traitsOf(KIOTHI));
    expect(vm.board.cells).toHaveLength(20);
    expect(vm.board.cells[0].key).toBe("0,0");
    expect(counts(vm, 1)).toEqual(KIOTHI.board[1]);
  });

  it("shows the animation's counts while a move is shown", () => {
    const vm = vmOf(relayTraits(), relayAt(1), moving);
    expect(counts(vm, 3)).toEqual([0, 0, 1, 1, 0, 0, 0]);
    expect(counts(vmOf(relayTraits(), relayAt(1, 1), moving), 3)).toEqual([0, 1, 1, 1, 0, 0, 0]);
  });

  it("marks as playable the cells Python lists moves for, when the player may play", () => {
    const legal: Move[] = [{ type: "capture", column: 2 }, { type: "capture", column: 5 }];
    const t = traitsOf(KISOLO, { legal_moves: legal });
    expect(keys(vmOf(t), "playable")).toEqual(["2,2", "2,5"]);
    expect(keys(vmOf({ ...t, cell_moves: { ...t.cell_moves, "0,0": [] } }), "playable")).toEqual(["2,2", "2,5"]);
    expect(keys(vmOf(t, still, moving), "playable")).toEqual([]);
    expect(keys(vmOf({ ...t, interactive: false }), "playable")).toEqual([]);
    expect(keys(vmOf({ ...t, computer: "south" }), "playable")).toEqual([]);
    expect(keys(vmOf({ ...t, position: { ...KISOLO, status: "won", winner: "south" } }), "playable")).toEqual([]);
    expect(cellOf(vmOf(t), 2, 3).playable).toBe(false);
  });

  it("says each cell's name, pieces, nki, choice, note, last move and whether it can be played", () => {
    const t = traitsOf(KIOTHI, { legal_moves: [{ type: "sow", row: 1, column: 4, count: 1 }, { type: "sow", row: 1, column: 4, count: 3 }], last_move: { type: "sow", row: 1, column: 4, count: 3 } });
    expect(cellOf(vmOf(t), 1, 4).label).toBe("South's boma 5, 3 warriors, nki (protected), last move, can be played");
    const chosen: InputState = { kind: "lift_count", cell: [1, 4], counts: [1, 3], count: 3 };
    expect(cellOf(vmOf(t, still, chosen), 1, 4).label).toBe("South's boma 5, 3 warriors, nki (protected), selected, last move, can be played");
    expect(cellOf(vmOf(t), 0, 0).label).toBe("North's boma 1, 2 warriors");
    expect(cellOf(vmOf({ ...t, cell_names: [] }), 0, 1).label).toBe("0,1, 0 warriors");
    expect(cellOf(vmOf(traitsOf(KISOLO)), 3, 0).label).toBe("South's outer hole 1, 3 stones");
    expect(cellOf(vmOf(traitsOf({ ...KISOLO, board: KISOLO.board.map((r) => r.map(() => 1)) })), 3, 0).label).toBe("South's outer hole 1, 1 stone");
  });

  it("marks nki cells from the position, or from the animation while a move is shown", () => {
    expect(keys(vmOf(traitsOf(KIOTHI)), "nki")).toEqual(["1,4"]);
    const released = statesOf(KIOTHI, [{ kind: "nki_release", rule: "nki_release", cell: [1, 4] }]);
    const play: Playback = { frame: { step: 1, state: released[1], event: null, drops: null }, length: 1, playing: true, mover: "south", first: null };
    expect(keys(vmOf(traitsOf(KIOTHI), play, moving), "nki")).toEqual([]);
    expect(keys(vmOf(traitsOf(KISOLO)), "nki")).toEqual([]);
  });

  it("marks the last move's cells once it has been shown: a sowing's cell, a capture's column, an opening's two cells", () => {
    expect(keys(vmOf(relayTraits()), "last")).toEqual(["3,0"]);
    expect(keys(vmOf(relayTraits(), relayAt(3), moving), "last")).toEqual([]);
    expect(moveCells({ type: "capture", column: 2 }, 4)).toEqual([[0, 2], [1, 2], [2, 2], [3, 2]]);
    expect(moveCells({ type: "redistribute", lift: [[1, 4], [1, 5]] }, 2)).toEqual([[1, 4], [1, 5]]);
    expect(moveCells(null, 2)).toEqual([]);
  });

  it("marks the cell each step is about, the first one before anything moves", () => {
    const active = (play: Playback) => keys(vmOf(relayTraits(), play, moving), "active");
    expect(active(relayAt(0))).toEqual(["3,0"]);
    expect(active(relayAt(0, null, false))).toEqual([]);
    expect(active(relayAt(1))).toEqual(["3,0"]);
    expect(active(relayAt(1, 1))).toEqual([]);
    expect(active(relayAt(3))).toEqual(["3,2"]);
    expect(active(relayAt(4))).toEqual(["3,3"]);
    expect(keys(vmOf(relayTraits(), relayAt(4), idle), "active")).toEqual([]);
  });

  it("marks the landing hole while pussa kanawa lifts the hole after it", () => {
    expect(keys(vmOf(relayTraits(), relayAt(4), moving), "landing")).toEqual(["3,2"]);
    expect(keys(vmOf(relayTraits(), relayAt(1), moving), "landing")).toEqual([]);
    expect(keys(vmOf(relayTraits(), relayAt(4), idle), "landing")).toEqual([]);
  });

  it("shows the jails' counts and names, and none on a board without jails", () => {
    const vm = vmOf(traitsOf(KIOTHI, { labels: { south: "Mbuyisa Kanku", north: "N" } }));
    expect(vm.board.jails).toEqual([
      { who: "south", count: 4, name: "Mbuyisa\u2026", label: "Mbuyisa Kanku's jail: 4 warriors" },
      { who: "north", count: 7, name: "N", label: "N's jail: 7 warriors" },
    ]);
    expect(vmOf(traitsOf(KISOLO)).board.jails).toEqual([]);
    expect(vmOf(traitsOf({ ...KIOTHI, jails: undefined })).board.jails.map((j) => j.count)).toEqual([0, 0]);
  });

  it("counts the jails as the animation fills them while a move is shown", () => {
    // North sows its one warrior from boma 9 into the empty boma 10 and captures the 3 facing it.
    const before: Position = { ...KIOTHI, to_move: "north", nki: [F.slice(), F.slice()], board: [[0, 1, ...Array(8).fill(0)], [3, ...Array(8).fill(0), 25]] };
    const trace: TraceEvent[] = [
      { kind: "lift", rule: "sow", cell: [0, 1], count: 1, left: 0, partial: false, lap: 1 },
      { kind: "sow", lap: 1, cells: [[0, 0]] },
      { kind: "capture", rule: "capture", player: "north", lap: 1, cell: [0, 0], from: [[1, 0, 3]], count: 4, into: "jail", jail: "north" },
    ];
    const states = statesOf(before, trace);
    const at = (step: number): Playback => ({ frame: { step, state: states[step], event: trace[step - 1], drops: null }, length: 3, playing: true, mover: "north", first: trace[0] });
    const jails = (step: number) => vmOf(traitsOf(before), at(step), moving).board.jails.map((j) => j.label);
    expect(jails(2)).toEqual(["South's jail: 4 warriors", "North's jail: 7 warriors"]);
    expect(jails(3)).toEqual(["South's jail: 4 warriors", "North's jail: 11 warriors"]);
    expect(counts(vmOf(traitsOf(before), at(3), moving), 1)[0]).toBe(0);
  });
});

describe("the opening", () => {
  const t = traitsOf(OPENING, { legal_moves: [{ type: "redistribute", lift: [[1, 4], [1, 5]] }] });

  it("previews the lifted cells emptied and the pieces placed, with notes", () => {
    const placing: InputState = { kind: "opening_place", lifted: [[1, 4], [1, 5]], drops: [[0, 9], [1, 0], [0, 9]] };
    const vm = vmOf(t, still, placing);
    expect(counts(vm, 1).slice(0, 6)).toEqual([1, 0, 0, 0, 0, 0]);
    expect(cellOf(vm, 0, 9).count).toBe(2);
    expect(cellOf(vm, 1, 4).label).toBe("South's boma 5, 0 warriors, selected, lifted, can be played");
    expect(cellOf(vm, 0, 9).label).toBe("North's boma 10, 2 warriors, 2 placed, can be played");
    expect(cellOf(vm, 1, 0).label).toContain("1 placed");
    expect(keys(vm, "playable")).toHaveLength(20);
    expect(vm.panel).toEqual({ kind: "opening", hint: "Place the lifted warriors: 7 left. Click a boma to drop one.", takeBack: true, confirm: false });
  });

  it("marks the first cell lifted, emptied, before the second is chosen", () => {
    const vm = vmOf(t, still, { kind: "opening_lift", lifted: [[1, 4]] });
    expect(cellOf(vm, 1, 4).count).toBe(0);
    expect(keys(vm, "selected")).toEqual(["1,4"]);
    expect(cellOf(vm, 1, 4).label).toBe("South's boma 5, 0 warriors, selected, lifted, can be played");
  });

  it("asks for two cells, then says when all are placed", () => {
    const vm = vmOf(t);
    expect(keys(vm, "playable")).toEqual(["1,4", "1,5"]);
    expect(vm.panel).toEqual({ kind: "opening", hint: "Opening: South chooses two bomas of their row to empty.", takeBack: false, confirm: false });
    const drops: Cell[] = Array.from({ length: 10 }, () => [0, 9]);
    const done = vmOf(t, still, { kind: "opening_place", lifted: [[1, 4], [1, 5]], drops });
    expect(done.panel).toEqual({ kind: "opening", hint: "All warriors placed: confirm or take back.", takeBack: true, confirm: true });
  });

  it("shows neither preview nor controls while a move is shown", () => {
    const vm = vmOf(t, still, { kind: "animating", resume: { kind: "opening_lift", lifted: [[1, 4]] } });
    expect(cellOf(vm, 1, 4).count).toBe(5);
    expect(vm.panel).toEqual({ kind: "none" });
  });
});

describe("the lift-count chooser", () => {
  const t = traitsOf({ ...KIOTHI, board: [[2, ...Array(9).fill(0)], [...Array(9).fill(0), 4]] });
  const at = (count: number) => vmOf(t, still, { kind: "lift_count", cell: [1, 9], counts: [1, 3, 4], count }).panel;

  it("says how many of how many, and offers fewer or more only where there are", () => {
    expect(at(4)).toEqual({ kind: "lift", text: "Lift 4 of 4", fewer: true, more: false, sow: "Sow 4" });
    expect(at(3)).toEqual({ kind: "lift", text: "Lift 3 of 4", fewer: true, more: true, sow: "Sow 3" });
    expect(at(1)).toEqual({ kind: "lift", text: "Lift 1 of 4", fewer: false, more: true, sow: "Sow 1" });
  });

  it("says a board is for watching, except in a lesson", () => {
    expect(vmOf({ ...t, interactive: false }).panel).toEqual({ kind: "watching", hint: "Watching: moves come from the notebook." });
    expect(vmOf({ ...t, interactive: false, lesson: lessonOf({}) }).panel).toEqual({ kind: "none" });
    expect(vmOf(t).panel).toEqual({ kind: "none" });
  });
});

const questionOf = (extra: Partial<Question> = {}): Question => ({
  ask: "landing", text: "Where?", move: "South sows South's outer hole 1", moved: [[3, 0]], multi: false, none: false, number: false, options: [], ...extra,
});
function lessonOf(extra: Partial<LessonState>): LessonState {
  return {
    id: "t", title: "Pussa kanawa", step: 2, steps: 5, text: "Text", puzzle: null, summary: null, highlight: [[3, 6]],
    label: { at: [3, 2], text: "landing hole" }, arrow: { from: [3, 0], to: [3, 6] }, question: null, feedback: null, ...extra,
  };
}

describe("a lesson", () => {
  const lessonTraits = (l: LessonState) => traitsOf(KISOLO, { interactive: false, lesson: l });

  it("marks its highlights, label and arrow", () => {
    const vm = vmOf(lessonTraits(lessonOf({})));
    expect(keys(vm, "highlight")).toEqual(["3,6"]);
    expect(vm.board.label).toEqual({ at: [3, 2], text: "landing hole" });
    expect(vm.board.arrow).toEqual({ from: [3, 0], to: [3, 6] });
    expect(vm.root.inLesson).toBe(true);
    expect(vmOf(traitsOf(KISOLO)).root.inLesson).toBe(false);
    expect(vmOf(traitsOf(KISOLO)).board.label).toBeNull();
  });

  it("while a question waits: every cell clickable, the move's cells marked, the chosen ones noted", () => {
    const t = lessonTraits(lessonOf({ question: questionOf({ multi: true }) }));
    const vm = vmOf(t, still, { kind: "answering", chosen: [[1, 1]] });
    expect(keys(vm, "playable")).toHaveLength(28);
    expect(keys(vm, "highlight")).toEqual(["3,0", "3,6"]);
    expect(cellOf(vm, 3, 0).label).toBe("South's outer hole 1, 3 stones, the move starts here, can be played");
    expect(cellOf(vm, 1, 1).label).toBe("North's inner hole 2, 3 stones, selected, chosen, can be played");
    expect(vm.lesson!.answers).toEqual({ none: false, check: true, options: [], number: false });
    expect(vm.lesson!.next).toBe(false);
  });

  it("takes a number or a choice below the board, not on it", () => {
    const options = [{ value: "yes", text: "Yes" }];
    for (const q of [questionOf({ number: true }), questionOf({ options })]) {
      const vm = vmOf(lessonTraits(lessonOf({ question: q })));
      expect(keys(vm, "playable"), q.ask).toEqual([]);
    }
    const vm = vmOf(lessonTraits(lessonOf({ question: questionOf({ options, none: true }) })));
    expect(vm.lesson!.answers).toEqual({ none: true, check: false, options, number: false });
  });

  it("after the answer: the feedback, the cells given noted, Next offered, the move and question still shown", () => {
    const feedback = { correct: false, text: "Not quite.", cells: [[3, 1]] as Cell[], given: "x" };
    const t = lessonTraits(lessonOf({ question: questionOf(), feedback }));
    const vm = vmOf(t);
    expect(vm.lesson).toEqual({
      title: "Pussa kanawa", step: 2, steps: 5, progress: "Step 2 of 5", text: "Text", puzzle: null,
      move: "South sows South's outer hole 1", question: "Where?", answers: null, feedback: { correct: false, text: "Not quite." },
      summary: null, back: true, next: true,
    });
    expect(cellOf(vm, 3, 1).label).toContain("chosen");
    expect(cellOf(vmOf(t, still, moving), 3, 1).label).not.toContain("chosen");
    expect(keys(vm, "playable")).toEqual([]);
  });

  it("offers Back after the first step and Next before the last", () => {
    expect(vmOf(lessonTraits(lessonOf({ step: 1 }))).lesson).toMatchObject({ back: false, next: true, move: null, question: null });
    expect(vmOf(lessonTraits(lessonOf({ step: 5, summary: "All done" }))).lesson).toMatchObject({ back: true, next: false, summary: "All done" });
  });
});

describe("the status line", () => {
  const statusOf = (p: Partial<Position>, extra: Partial<Traits> = {}, play = still, input: InputState = idle) =>
    vmOf(traitsOf({ ...KISOLO, ...p }, extra), play, input).status;

  it("names the player to move", () => {
    expect(statusOf({ to_move: "north" })).toEqual({ text: "North to move", state: "playing", toMove: "north" });
  });

  it("names the player moving while a move is shown", () => {
    expect(statusOf({ to_move: "north" }, {}, relayAt(2), moving)).toEqual({ text: "South \u2026", state: "moving", toMove: "north" });
    expect(statusOf({ to_move: "north" }, {}, still, moving).text).toBe("North \u2026");
  });

  it("says what to press when the computer waits to be asked for its move, and offers the button", () => {
    const waiting = { computer_waits: true, computer: "south", can_redo: true };
    expect(statusOf({ to_move: "south" }, waiting).text).toBe(
      "South (the computer) is to move: press \u201cComputer's move\u201d, or Redo to see the game again",
    );
    expect(vmOf(traitsOf(KISOLO, waiting)).toolbar.computer).toBe(true);
    expect(vmOf(traitsOf(KISOLO, { ...waiting, thinking: true })).toolbar.computer).toBe(false);
    expect(vmOf(traitsOf(KISOLO, { ...waiting, interactive: false })).toolbar.computer).toBe(false);
    expect(vmOf(traitsOf(KISOLO, { computer: "south" })).toolbar.computer).toBe(false);
  });

  it("says the computer is thinking", () => {
    expect(statusOf({ to_move: "north" }, { thinking: true, computer: "north" })).toEqual({ text: "North is thinking\u2026", state: "thinking", toMove: "north" });
  });

  it("gives the result and why", () => {
    expect(statusOf({ status: "draw", reason: "repetition" }).text).toBe("Draw (third repetition)");
    expect(statusOf({ status: "won", winner: "north", reason: "inner row emptied" })).toMatchObject({ text: "North wins (inner row emptied)", state: "won" });
    expect(statusOf({ status: "won", winner: "north", reason: "something new" }).text).toBe("North wins (something new)");
  });

  it("gives the jails' score, and a one-warrior victory", () => {
    const won = { ...KIOTHI, status: "won" as const, winner: "south" as const, reason: "no legal move" };
    expect(vmOf(traitsOf({ ...won, jails: { south: 31, north: 29 } })).status.text).toBe("South wins 31\u201329 \u2014 a one-warrior victory!");
    expect(vmOf(traitsOf({ ...won, jails: { south: 33, north: 27 } })).status.text).toBe("South wins 33\u201327");
    const north = { ...won, winner: "north" as const, jails: { south: 29, north: 31 } };
    expect(vmOf(traitsOf(north)).status.text).toBe("North wins 29\u201331 \u2014 a one-warrior victory!");
  });
});

describe("the narration line", () => {
  it("is hidden with no move to show", () => {
    expect(vmOf(traitsOf(KISOLO)).narration).toEqual({ hidden: true, progress: "", text: "" });
    const empty: Playback = { ...still, frame: relayAt(0).frame, length: 0 };
    expect(vmOf(traitsOf(KISOLO), empty).narration.hidden).toBe(true);
  });

  it("tells the step just shown, and the pieces in hand", () => {
    expect(vmOf(relayTraits(), relayAt(0), moving).narration).toEqual({ hidden: false, progress: "Part 0 of 7", text: "" });
    expect(vmOf(relayTraits(), relayAt(1), moving).narration).toEqual({ hidden: false, progress: "Part 1 of 7 \u00B7 2 in hand", text: "sentence 1 (lift)" });
    expect(vmOf(relayTraits(), relayAt(7), idle).narration).toEqual({ hidden: false, progress: "Part 7 of 7", text: "sentence 7 (turn_end)" });
  });

  it("tells a sowing while its stones fall", () => {
    expect(vmOf(relayTraits(), relayAt(1, 1), moving).narration).toEqual({ hidden: false, progress: "Part 2 of 7 \u00B7 1 in hand", text: "sentence 2 (sow)" });
    expect(vmOf(relayTraits({ narration: [] }), relayAt(1, 1), moving).narration.text).toBe("");
  });
});

describe("the toolbar and the board's look", () => {
  it("shows pause while a move plays, and undo and redo only where Python allows them on a board for playing", () => {
    const t = traitsOf(KISOLO, { can_undo: true, can_redo: false });
    const buttons = (m: ViewModel["toolbar"]) => ({ playing: m.playing, undo: m.undo, redo: m.redo });
    expect(buttons(vmOf(t).toolbar)).toEqual({ playing: false, undo: true, redo: false });
    expect(buttons(vmOf({ ...t, can_redo: true, interactive: false }).toolbar)).toEqual({ playing: false, undo: false, redo: false });
    expect(buttons(vmOf({ ...t, can_redo: true }, relayAt(2), moving).toolbar)).toEqual({ playing: true, undo: true, redo: true });
  });

  it("tells the root its projector, contrast, lesson and busy looks, and the computer's reason", () => {
    const t = traitsOf(KISOLO, { projector: true, high_contrast: false, computer_says: "Because." });
    expect(vmOf(t).root).toEqual({ inLesson: false, busy: false, projector: true, contrast: false });
    expect(vmOf({ ...t, projector: false, high_contrast: true }, still, moving).root).toEqual({ inLesson: false, busy: true, projector: false, contrast: true });
    expect(vmOf(t).says).toBe("Because.");
    expect(vmOf(t).board.sides).toEqual({ south: "South", north: "North" });
  });
});

describe("the move list", () => {
  // 1. a  2. b (2. b2 3. c2 (3. c3))  3. c: the line a, b2, c2 is the current one.
  const TREE = [
    moveNode(1, 0, 0, 1, "a", true), moveNode(2, 1, 0, 2, "b"), moveNode(3, 2, 0, 3, "c"),
    moveNode(4, 1, 1, 2, "b2", true), moveNode(5, 4, 0, 3, "c2", true), moveNode(6, 4, 1, 3, "c3"),
  ];
  const flat = (moves: MoveItem[]): MoveItem[] => moves.flatMap((m) => [m, ...m.variations.flatMap(flat)]);

  it("marks each move by where it is from the position shown, and names variations as such", () => {
    const list = moveList(traitsOf(KISOLO, { move_list: moveListOf(TREE), move_count: 2 }));
    expect(list.hidden).toBe(false);
    expect(list.summary).toBe("Moves (3)");
    const all = flat(list.moves);
    expect(all.map((m) => [m.id, m.state])).toEqual([
      [1, "played"], [2, "other"], [4, "current"], [5, "ahead"], [6, "other"], [3, "other"],
    ]);
    expect(all.map((m) => m.label)).toEqual([
      "move 1, a", "move 2, b", "variation: move 2, b2", "variation: move 3, c2", "variation: move 3, c3", "move 3, c",
    ]);
    expect(all.map((m) => m.title)).toEqual([
      "Show the game after this move", "Show the game after this move", "Show the game after this move",
      "Taken back: play the moves again up to this one", "Show the game after this move", "Show the game after this move",
    ]);
    expect(list.moves[1].variations[0][1].variations[0][0].ply).toBe(3);
    expect([list.before, list.after]).toEqual(["", ""]);
  });

  it("rebuilds the same tree from its entries in any order", () => {
    const shuffled = [TREE[5], TREE[2], TREE[0], TREE[4], TREE[1], TREE[3]];
    const a = moveList(traitsOf(KISOLO, { move_list: moveListOf(TREE), move_count: 2 }));
    const b = moveList(traitsOf(KISOLO, { move_list: moveListOf(shuffled), move_count: 2 }));
    expect(b).toEqual(a);
  });

  it("of a long game, says how many moves of the line are left out and marks a move with more after it", () => {
    // The line's moves 41 to 43 are listed; 40 come before them and 57 after.
    const entries = [moveNode(41, 40, 0, 41, "x", true), moveNode(42, 41, 0, 42, "y", true), moveNode(43, 42, 0, 43, "z", true, true)];
    const list = moveList(traitsOf(KISOLO, { move_list: moveListOf(entries, { line_length: 100, before: 40, after: 57 }), move_count: 42 }));
    expect(list.summary).toBe("Moves (100)");
    expect([list.before, list.after]).toEqual(["\u2026 40 earlier moves", "\u2026 57 later moves"]);
    expect(list.moves.map((m) => [m.ply, m.state, m.text])).toEqual([[41, "played", "x"], [42, "current", "y"], [43, "ahead", "z \u2026"]]);
    expect(list.moves[2].title).toBe("More moves follow: show the game after this move to list them");
  });

  it("is hidden before the first move and speaks the board's language", () => {
    expect(moveList(traitsOf(KISOLO)).hidden).toBe(true);
    const ko = moveList(traitsOf(KISOLO, { locale: "ko", move_list: moveListOf(TREE.map((e) => ({ ...e, line: e.id === 1 }))), move_count: 0 }));
    expect(flat(ko.moves).map((m) => m.label).slice(0, 3)).toEqual(["1번째 수, a", "2번째 수, b", "변화: 2번째 수, b2"]);
    expect(ko.moves[0].state).toBe("ahead");
  });
});
