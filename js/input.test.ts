import { describe, expect, it } from "vitest";
import {
  cellTakesKey, firstFocus, inHand, lessonDirection, liftCounts, neighbour, openingMove, openingPreview, resting,
  situationOf, transition, type InputEvent, type InputState, type Situation,
} from "./input";
import { cellMovesOf, geometryOf, traitsOf } from "./test-utils";
import type { Cell, LessonState, Move, Position, Question } from "./types";

const KISOLO: Position = {
  game: "kisolo", columns: 7, to_move: "south", status: "playing", winner: null, reason: null,
  board: [[3, 3, 3, 3, 3, 3, 3], [3, 3, 3, 3, 3, 3, 3], [3, 3, 3, 3, 3, 3, 3], [3, 3, 3, 3, 3, 3, 3]],
};
const OPENING_BOARD = [[5, 5, 5, 5, 5, 5, 0, 0, 0, 0], [0, 0, 0, 0, 5, 5, 5, 5, 5, 5]];
const sow = (row: number, column: number, count?: number): Move => ({ type: "sow", row, column, count });
const pair = (a: Cell, b: Cell): Move => ({ type: "redistribute", lift: [a, b] });

function situation(extra: Partial<Situation> = {}): Situation {
  return {
    cellMoves: {}, board: OPENING_BOARD, interactive: true, playing: true, computerTurn: false, thinking: false, lesson: null,
    ...extra,
  };
}

const question = (extra: Partial<Question> = {}): Question => ({
  ask: "landing", text: "Where?", move: "South sows", moved: [[3, 0]], multi: false, none: false, number: false, options: [], ...extra,
});
const lesson = (extra: Partial<LessonState> = {}): LessonState => ({
  id: "t", title: "T", step: 2, steps: 5, text: "", puzzle: null, summary: null, highlight: [], label: null, arrow: null,
  question: null, feedback: null, ...extra,
});

/** Runs events from a state; returns the last state and every effect. */
function run(state: InputState, events: InputEvent[], s: Situation) {
  const effects = [];
  for (const e of events) {
    const step = transition(state, e, s);
    state = step.state;
    effects.push(...step.effects);
  }
  return { state, effects };
}

const click = (r: number, c: number): InputEvent => ({ type: "click", cell: [r, c] });
const key = (k: string, cell: Cell = [1, 9]): InputEvent => ({ type: "key", key: k, cell });
const played = (move: Move) => ({ kind: "send", message: { kind: "play", move } });
const idle: InputState = { kind: "idle" };

describe("the resting state, from the traits", () => {
  it("waits for the answer while a lesson question is open, not once it is answered", () => {
    expect(resting(situation({ lesson: lesson({ question: question() }) }))).toEqual({ kind: "answering", chosen: [] });
    const answered = lesson({ question: question(), feedback: { correct: true, text: "", cells: [], given: "" } });
    expect(resting(situation({ lesson: answered, interactive: false }))).toEqual(idle);
  });

  it("waits while the computer thinks or has the move, but not after the game", () => {
    expect(resting(situation({ thinking: true }))).toEqual({ kind: "thinking" });
    expect(resting(situation({ computerTurn: true }))).toEqual({ kind: "thinking" });
    expect(resting(situation({ computerTurn: true, playing: false }))).toEqual(idle);
  });

  it("starts the opening when the moves are redistributions and the player may play", () => {
    const cellMoves = cellMovesOf([pair([1, 4], [1, 5])]);
    expect(resting(situation({ cellMoves }))).toEqual({ kind: "opening_lift", lifted: [] });
    expect(resting(situation({ cellMoves, interactive: false }))).toEqual(idle);
    expect(resting(situation({ cellMoves: cellMovesOf([sow(1, 4, 5)]) }))).toEqual(idle);
  });

  it("reads the situation from the traits", () => {
    const t = traitsOf({ ...KISOLO, to_move: "north", status: "won" }, { computer: "north", thinking: true, interactive: false });
    expect(situationOf(t)).toEqual({
      cellMoves: {}, board: KISOLO.board, interactive: false, playing: false, computerTurn: true, thinking: true, lesson: null,
    });
    expect(situationOf(traitsOf(KISOLO, { computer: "" })).computerTurn).toBe(false);
    expect(situationOf(traitsOf(KISOLO, { computer: "north" })).computerTurn).toBe(false);
  });
});

describe("idle", () => {
  it("plays at once the one move a cell offers", () => {
    const s = situation({ cellMoves: cellMovesOf([{ type: "capture", column: 3 }]) });
    expect(transition(idle, click(2, 3), s)).toEqual({ state: idle, effects: [played({ type: "capture", column: 3 })] });
  });

  it("offers the lift-count chooser, at the largest count, when a cell may be lifted in several counts", () => {
    const s = situation({ cellMoves: cellMovesOf([sow(1, 9, 4), sow(1, 9, 1), sow(1, 9, 3)]) });
    expect(transition(idle, click(1, 9), s)).toEqual({ state: { kind: "lift_count", cell: [1, 9], counts: [1, 3, 4], count: 4 }, effects: [] });
  });

  it("plays at once a sowing that can lift only one count", () => {
    const s = situation({ cellMoves: cellMovesOf([sow(1, 9, 1)]) });
    expect(transition(idle, click(1, 9), s)).toEqual({ state: idle, effects: [played(sow(1, 9, 1))] });
  });

  it("does nothing on a cell that offers no move", () => {
    const s = situation({ cellMoves: cellMovesOf([sow(1, 9, 4)]) });
    expect(transition(idle, click(1, 8), s)).toEqual({ state: idle, effects: [] });
  });

  it("says the board is for watching when it is, in a lesson pointing to Next", () => {
    const s = situation({ interactive: false, cellMoves: cellMovesOf([sow(1, 9, 4)]) });
    expect(transition(idle, click(1, 9), s).effects).toEqual([{ kind: "notice", key: "watching" }]);
    expect(transition(idle, click(1, 9), { ...s, lesson: lesson() }).effects).toEqual([{ kind: "notice", key: "watch_only" }]);
  });

  it("plays with Enter or Space as with a click; other keys do nothing", () => {
    const s = situation({ cellMoves: cellMovesOf([sow(3, 0)]) });
    expect(transition(idle, key("Enter", [3, 0]), s).effects).toEqual([played(sow(3, 0))]);
    expect(transition(idle, key(" ", [3, 0]), s).effects).toEqual([played(sow(3, 0))]);
    for (const k of ["+", "-", "Escape", "a"]) expect(transition(idle, key(k, [3, 0]), s)).toEqual({ state: idle, effects: [] });
  });

  it("skips to the end of the move shown with End", () => {
    expect(transition(idle, key("End"), situation()).effects).toEqual([{ kind: "to_end" }]);
  });

  it("ignores the panels' buttons and answers", () => {
    for (const e of [{ type: "button", button: "confirm" }, { type: "option", value: "yes" }, { type: "number", text: "3" }] as InputEvent[]) {
      expect(transition(idle, e, situation())).toEqual({ state: idle, effects: [] });
    }
  });
});

describe("choosing a lift count", () => {
  const s = situation({ cellMoves: cellMovesOf([sow(1, 9, 1), sow(1, 9, 3), sow(1, 9, 4), sow(1, 5, 2)]) });
  const start: InputState = { kind: "lift_count", cell: [1, 9], counts: [1, 3, 4], count: 4 };
  const countAfter = (events: InputEvent[]) => {
    const { state } = run(start, events, s);
    return state.kind === "lift_count" ? state.count : null;
  };

  it("steps to the next allowed count with + and -, or One more and One fewer, and stops at the ends", () => {
    expect(countAfter([key("-")])).toBe(3);
    expect(countAfter([key("-"), key("-")])).toBe(1);
    expect(countAfter([key("-"), key("-"), key("-")])).toBe(1);
    expect(countAfter([key("-"), key("+")])).toBe(4);
    expect(countAfter([key("-"), key("=")])).toBe(4);
    expect(countAfter([key("+")])).toBe(4);
    expect(countAfter([{ type: "button", button: "fewer" }, { type: "button", button: "fewer" }])).toBe(1);
    expect(countAfter([{ type: "button", button: "fewer" }, { type: "button", button: "more" }])).toBe(4);
  });

  it("sows the chosen count with a second click on the cell, Enter, or Sow", () => {
    const three = sow(1, 9, 3);
    expect(run(start, [key("-"), click(1, 9)], s).effects).toEqual([played(three)]);
    expect(run(start, [key("-"), key("Enter")], s).effects).toEqual([played(three)]);
    expect(run(start, [key("-"), { type: "button", button: "sow" }], s).effects).toEqual([played(three)]);
  });

  it("is left with Escape or Cancel", () => {
    expect(run(start, [key("Escape")], s).state).toEqual(idle);
    expect(run(start, [{ type: "button", button: "cancel" }], s).state).toEqual(idle);
  });

  it("moves to another cell clicked that can be played, and stays on a click elsewhere", () => {
    expect(transition(start, click(1, 5), s)).toEqual({ state: start, effects: [played(sow(1, 5, 2))] });
    expect(transition(start, click(0, 0), s)).toEqual({ state: start, effects: [] });
    const other = situation({ cellMoves: { ...s.cellMoves, ...cellMovesOf([sow(1, 6, 1), sow(1, 6, 2)]) } });
    expect(transition(start, click(1, 6), other).state).toEqual({ kind: "lift_count", cell: [1, 6], counts: [1, 2], count: 2 });
  });

  it("ignores other keys and buttons", () => {
    for (const e of [key("a"), { type: "button", button: "confirm" }, { type: "option", value: "x" }] as InputEvent[]) {
      expect(transition(start, e, s)).toEqual({ state: start, effects: [] });
    }
  });
});

describe("the opening", () => {
  const s = situation({ cellMoves: cellMovesOf([pair([1, 4], [1, 5]), pair([1, 4], [1, 6])]) });
  const start = resting(s);

  it("lifts a first cell that some opening empties, and a second that pairs with it", () => {
    expect(run(start, [click(1, 0)], s).state).toEqual(start); // no opening empties it
    expect(run(start, [click(1, 5)], s).state).toEqual({ kind: "opening_lift", lifted: [[1, 5]] });
    expect(run(start, [click(1, 5), click(1, 6)], s).state).toEqual({ kind: "opening_lift", lifted: [[1, 5]] }); // not a pair
    expect(run(start, [click(1, 5), click(1, 4)], s).state).toEqual({ kind: "opening_place", lifted: [[1, 5], [1, 4]], drops: [] });
  });

  it("puts a lifted cell back when clicked again, or with Take back or -", () => {
    expect(run(start, [click(1, 4), click(1, 4)], s).state).toEqual(start);
    expect(run(start, [click(1, 4), { type: "button", button: "take_back" }], s).state).toEqual(start);
    expect(run(start, [click(1, 4), key("-")], s).state).toEqual(start);
    expect(run(start, [key("-")], s).state).toEqual(start);
  });

  it("drops the lifted pieces one per click, on any cell, until the hand is empty", () => {
    const lifted = run(start, [click(1, 4), click(1, 5)], s).state;
    const clicks = Array.from({ length: 11 }, () => click(0, 9));
    const { state } = run(lifted, clicks, s);
    expect(state.kind === "opening_place" && state.drops.length).toBe(10);
  });

  it("drops one on the focused cell with + or =", () => {
    const lifted = run(start, [click(1, 4), click(1, 5)], s).state;
    expect(run(lifted, [key("+", [0, 1]), key("=", [0, 2])], s).state).toEqual({ kind: "opening_place", lifted: [[1, 4], [1, 5]], drops: [[0, 1], [0, 2]] });
    expect(run(start, [key("+", [1, 4])], s).state).toEqual(start); // nothing lifted yet: + does nothing
  });

  it("places nothing with other keys, lifts nothing with + before the pair is chosen, and confirms only with Confirm", () => {
    const lifted = run(start, [click(1, 4), click(1, 5)], s).state;
    expect(run(lifted, [key("Escape", [0, 1]), key("a", [0, 2])], s).state).toEqual(lifted);
    const one = run(start, [click(1, 4)], s).state;
    expect(run(one, [key("+", [1, 5])], s).state).toEqual(one);
    const all = run(lifted, Array.from({ length: 10 }, () => click(0, 9)), s).state;
    for (const button of ["sow", "cancel", "check"] as const) expect(transition(all, { type: "button", button }, s)).toEqual({ state: all, effects: [] });
  });

  it("takes back the last piece placed, then the last cell lifted", () => {
    const placed = run(start, [click(1, 4), click(1, 5), click(0, 9)], s).state;
    expect(run(placed, [key("-")], s).state).toEqual({ kind: "opening_place", lifted: [[1, 4], [1, 5]], drops: [] });
    expect(run(placed, [key("-"), key("-")], s).state).toEqual({ kind: "opening_lift", lifted: [[1, 4]] });
  });

  it("confirms only once every piece is placed: the lifted cells in order, the pieces per cell", () => {
    const lifted = run(start, [click(1, 5), click(1, 4)], s).state;
    const nine = Array.from({ length: 9 }, () => click(0, 9));
    const almost = run(lifted, [click(1, 0), ...nine.slice(1)], s).state;
    expect(transition(almost, { type: "button", button: "confirm" }, s).effects).toEqual([]);
    const all = run(almost, [click(0, 9)], s).state;
    const move = { type: "redistribute", lift: [[1, 4], [1, 5]], place: [[1, 0, 1], [0, 9, 9]] };
    expect(transition(all, { type: "button", button: "confirm" }, s).effects).toEqual([played(move as Move)]);
    expect(openingMove(all, s.board)).toEqual(move);
    expect(openingMove(start, s.board)).toBeNull();
  });

  it("previews the board: the lifted cells empty, the placed pieces added", () => {
    const placed = run(start, [click(1, 4), click(1, 5), click(0, 9), click(0, 9), click(1, 4)], s).state;
    const b = openingPreview(placed, OPENING_BOARD);
    expect(b[1].slice(4, 6)).toEqual([1, 0]);
    expect(b[0][9]).toBe(2);
    expect(inHand({ lifted: [[1, 4], [1, 5]], drops: [[0, 9], [0, 9], [1, 4]] }, OPENING_BOARD)).toBe(7);
    expect(openingPreview(run(start, [click(1, 4)], s).state, OPENING_BOARD)[1][4]).toBe(0);
    expect(openingPreview(idle, OPENING_BOARD)).toEqual(OPENING_BOARD);
    expect(openingPreview(idle, OPENING_BOARD)).not.toBe(OPENING_BOARD);
  });
});

describe("answering a lesson question", () => {
  const answering: InputState = { kind: "answering", chosen: [] };
  const ask = (q: Partial<Question>) => situation({ interactive: false, lesson: lesson({ question: question(q) }) });
  const answered = (answer: unknown) => ({ kind: "send", message: { kind: "answer", answer } });

  it("answers a one-cell question with one click or Enter", () => {
    expect(transition(answering, click(3, 2), ask({}))).toEqual({ state: answering, effects: [answered([[3, 2]])] });
    expect(transition(answering, key("Enter", [3, 3]), ask({})).effects).toEqual([answered([[3, 3]])]);
  });

  it("collects several cells, a second click unchoosing one, then Check sends them in order", () => {
    const s = ask({ multi: true });
    const { state, effects } = run(answering, [click(1, 1), click(1, 2), click(1, 1), click(1, 3)], s);
    expect(effects).toEqual([]);
    expect(state).toEqual({ kind: "answering", chosen: [[1, 2], [1, 3]] });
    expect(transition(state, { type: "button", button: "check" }, s).effects).toEqual([answered([[1, 2], [1, 3]])]);
  });

  it("answers No capture with an empty list", () => {
    expect(transition(answering, { type: "button", button: "no_capture" }, ask({ none: true })).effects).toEqual([answered([])]);
    // Even after cells were chosen; and a button that is neither answers nothing.
    const chosen: InputState = { kind: "answering", chosen: [[1, 2]] };
    const s = ask({ none: true, multi: true });
    expect(transition(chosen, { type: "button", button: "no_capture" }, s).effects).toEqual([answered([])]);
    expect(transition(chosen, { type: "button", button: "more" }, s)).toEqual({ state: chosen, effects: [] });
  });

  it("asks for the answer below the board when a number or a choice is expected", () => {
    expect(transition(answering, click(1, 1), ask({ number: true })).effects).toEqual([{ kind: "notice", key: "answer_first" }]);
    const choice = ask({ options: [{ value: "yes", text: "Yes" }] });
    expect(transition(answering, click(1, 1), choice).effects).toEqual([{ kind: "notice", key: "answer_first" }]);
    expect(transition(answering, { type: "option", value: "yes" }, choice).effects).toEqual([answered("yes")]);
  });

  it("sends a whole number typed, and asks again for anything else", () => {
    const s = ask({ number: true });
    expect(transition(answering, { type: "number", text: "10" }, s).effects).toEqual([answered(10)]);
    expect(transition(answering, { type: "number", text: "0" }, s).effects).toEqual([answered(0)]);
    for (const text of ["", "  ", "1.5", "-1", "ten"]) {
      expect(transition(answering, { type: "number", text }, s).effects, text).toEqual([{ kind: "notice", key: "bad_number" }]);
    }
  });

  it("takes no answer once the question is answered", () => {
    const done = situation({ lesson: lesson({ question: question(), feedback: { correct: true, text: "", cells: [], given: "" } }) });
    expect(transition(answering, click(1, 1), done)).toEqual({ state: answering, effects: [] });
    expect(transition(answering, { type: "option", value: "yes" }, done)).toEqual({ state: answering, effects: [] });
    expect(transition(answering, key("+"), ask({}))).toEqual({ state: answering, effects: [] });
  });
});

describe("the computer thinking", () => {
  it("takes no click", () => {
    const thinking: InputState = { kind: "thinking" };
    const s = situation({ computerTurn: true, cellMoves: cellMovesOf([sow(1, 1)]) });
    expect(transition(thinking, click(1, 1), s)).toEqual({ state: thinking, effects: [] });
    expect(transition(thinking, key("-"), s)).toEqual({ state: thinking, effects: [] });
  });
});

describe("animating", () => {
  const lift: InputState = { kind: "lift_count", cell: [1, 9], counts: [1, 2], count: 2 };
  const s = situation({ cellMoves: cellMovesOf([sow(1, 9, 1), sow(1, 9, 2), sow(0, 0)]) });

  it("remembers the state to go back to when the move shown reaches its end", () => {
    const moving = transition(lift, { type: "animation_start" }, s).state;
    expect(moving).toEqual({ kind: "animating", resume: lift });
    expect(transition(moving, { type: "animation_start" }, s).state).toBe(moving);
    expect(transition(moving, { type: "animation_end" }, s).state).toEqual(lift);
    expect(transition(lift, { type: "animation_end" }, s).state).toEqual(lift);
  });

  it("finishes the animation on a click, and takes the click", () => {
    const moving: InputState = { kind: "animating", resume: idle };
    expect(transition(moving, click(0, 0), s)).toEqual({ state: idle, effects: [{ kind: "finish" }, played(sow(0, 0))] });
    expect(transition(moving, key(" ", [0, 0]), s).effects).toEqual([{ kind: "finish" }, played(sow(0, 0))]);
    expect(transition(moving, key("Enter", [0, 0]), s).effects).toEqual([{ kind: "finish" }, played(sow(0, 0))]);
  });

  it("ignores the keys that change a choice, but skips to the end with End", () => {
    const moving: InputState = { kind: "animating", resume: lift };
    for (const k of ["-", "+", "Escape"]) expect(transition(moving, key(k), s)).toEqual({ state: moving, effects: [] });
    expect(transition(moving, key("End"), s)).toEqual({ state: moving, effects: [{ kind: "to_end" }] });
  });

  it("passes the panels' buttons to the state it will go back to", () => {
    const moving: InputState = { kind: "animating", resume: lift };
    expect(transition(moving, { type: "button", button: "fewer" }, s)).toEqual({
      state: { kind: "animating", resume: { ...lift, count: 1 } }, effects: [],
    });
  });

  it("starts from the resting state again when the traits change, after the animation", () => {
    const moving: InputState = { kind: "animating", resume: lift };
    expect(transition(moving, { type: "sync" }, s).state).toEqual({ kind: "animating", resume: idle });
    expect(transition(lift, { type: "sync" }, s).state).toEqual(idle);
    expect(transition(lift, { type: "sync" }, situation({ thinking: true })).state).toEqual({ kind: "thinking" });
  });
});

describe("lesson steps from the keyboard and the buttons", () => {
  const step = (l: LessonState, k: string, onCell = false) => transition(idle, { type: "lesson_key", key: k, onCell }, situation({ lesson: l })).effects;
  const go = (action: string) => [{ kind: "send", message: { kind: "lesson", action } }];

  it("goes on with Page Down, or the right arrow off the cells; back with Page Up or the left arrow", () => {
    expect(step(lesson(), "PageDown")).toEqual(go("next"));
    expect(step(lesson(), "ArrowRight")).toEqual(go("next"));
    expect(step(lesson(), "PageUp")).toEqual(go("back"));
    expect(step(lesson(), "ArrowLeft")).toEqual(go("back"));
    expect(step(lesson(), "PageDown", true)).toEqual(go("next"));
  });

  it("leaves the arrows on a cell to the board, and other keys alone", () => {
    expect(step(lesson(), "ArrowRight", true)).toEqual([]);
    expect(step(lesson(), "ArrowLeft", true)).toEqual([]);
    expect(step(lesson(), "Enter")).toEqual([]);
    expect(lessonDirection("ArrowUp", false)).toBeNull();
  });

  it("does not skip a waiting question, nor go past either end", () => {
    expect(step(lesson({ question: question() }), "PageDown")).toEqual([]);
    expect(step(lesson({ question: question() }), "PageUp")).toEqual(go("back"));
    expect(step(lesson({ step: 5 }), "PageDown")).toEqual([]);
    expect(step(lesson({ step: 1 }), "PageUp")).toEqual([]);
    expect(transition(idle, { type: "lesson_key", key: "PageDown", onCell: false }, situation()).effects).toEqual([]);
  });

  it("sends the lesson buttons to Python", () => {
    for (const action of ["next", "back", "restart"] as const) {
      expect(transition(idle, { type: "lesson", action }, situation()).effects).toEqual(go(action));
    }
  });
});

describe("keyboard focus", () => {
  it("moves with the arrows as the board is seen, and stays at the edges", () => {
    const south = geometryOf(KISOLO);
    expect(neighbour(south, [3, 0], "ArrowUp")).toEqual([2, 0]);
    expect(neighbour(south, [3, 0], "ArrowRight")).toEqual([3, 1]);
    expect(neighbour(south, [3, 0], "ArrowDown")).toEqual([3, 0]);
    expect(neighbour(south, [3, 0], "ArrowLeft")).toEqual([3, 0]);
    expect(neighbour(south, [2, 3], "ArrowLeft")).toEqual([2, 2]);
    expect(neighbour(south, [2, 3], "ArrowDown")).toEqual([3, 3]);
    const north = geometryOf(KISOLO, "north");
    expect(neighbour(north, [0, 6], "ArrowUp")).toEqual([1, 6]);
    expect(neighbour(north, [0, 6], "ArrowRight")).toEqual([0, 5]);
    expect(neighbour(north, [0, 6], "Home")).toEqual([0, 6]);
    expect(neighbour(north, [9, 9], "ArrowUp")).toEqual([9, 9]);
  });

  it("starts at the cell seen at the bottom left", () => {
    expect(firstFocus(geometryOf(KISOLO))).toEqual([3, 0]);
    expect(firstFocus(geometryOf(KISOLO, "north"))).toEqual([0, 6]);
  });

  it("keeps the keys a cell takes from the page", () => {
    for (const k of ["ArrowUp", "Enter", " ", "+", "=", "-", "Escape", "End"]) expect(cellTakesKey(k), k).toBe(true);
    for (const k of ["Tab", "PageDown", "a"]) expect(cellTakesKey(k), k).toBe(false);
  });

  it("lists each count to lift once, lowest first", () => {
    expect(liftCounts([sow(1, 1, 3), sow(1, 1, 1), sow(1, 1, 3), sow(1, 1), { type: "capture", column: 1 }])).toEqual([1, 3]);
  });
});
