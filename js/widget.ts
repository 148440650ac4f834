// The board widget's entry: anywidget calls render({ model, el }) per view.
// This file only wires: the model's changes and the page's clicks and keys go to
// the input state machine (input.ts) or the move player (animation.ts); after
// each, the view model (view-model.ts) is drawn by the board and the panels.

import { MovePlayer, stepCommand, type Frame } from "./animation";
import { parseCell } from "./cells";
import { el } from "./dom";
import { flyDrop, flyTaken } from "./fly";
import { firstFocus, lessonDirection, neighbour, resting, situationOf, transition, cellTakesKey, type Effect, type InputEvent, type InputState } from "./input";
import { HintLine, ReviewPanel } from "./panels/coach";
import { LessonPanel } from "./panels/lesson";
import { MoveList } from "./panels/move-list";
import { OpeningPanel } from "./panels/opening";
import { Header, Narration } from "./panels/status";
import { Toolbar } from "./panels/toolbar";
import { BoardView } from "./render";
import { Words } from "./text";
import type { Cell, Message, Model, ModelListener, Position, StepAction, Traits } from "./types";
import { moveList, viewModel, type Playback } from "./view-model";

/** Every synced trait, read at once. */
export function readTraits(model: Model): Traits {
  const get = model.get.bind(model);
  return {
    game: get("game"), position: get("position"), position_before: get("position_before"),
    legal_moves: get("legal_moves"), trace: get("trace"), narration: get("narration"),
    last_move: get("last_move"), move_count: get("move_count"), can_undo: get("can_undo"),
    can_redo: get("can_redo"), error: get("error"),
    move_list: get("move_list") ?? { entries: [], line_length: 0, before: 0, after: 0, hidden: 0 },
    error_serial: get("error_serial"), cell_names: get("cell_names") ?? [], geometry: get("geometry"),
    cell_moves: get("cell_moves") ?? {}, strings: get("strings") ?? {}, perspective: get("perspective"),
    labels: get("labels"), title: get("title"), interactive: get("interactive"), speed: get("speed"),
    locale: get("locale"), computer: get("computer") ?? "", thinking: !!get("thinking"),
    computer_waits: !!get("computer_waits"),
    computer_says: get("computer_says") ?? "", numbers: !!get("numbers"), projector: !!get("projector"),
    high_contrast: !!get("high_contrast"), lesson: get("lesson") ?? null,
    hints: !!get("hints"), hint: get("hint") ?? null, game_review: get("game_review") ?? { state: "none" },
    can_review: !!get("can_review"),
  };
}

/** Traits the input depends on: a change sends it back to its resting state. */
const INPUT_TRAITS = ["legal_moves", "cell_moves", "lesson", "thinking", "interactive", "computer"];
/** Traits that are only drawn. */
const DRAWN_TRAITS = ["labels", "cell_names", "can_undo", "can_redo", "computer_says", "computer_waits", "narration", "projector", "high_contrast", "hints", "hint", "game_review", "can_review"];

/** The smallest a projected board is drawn, however little room the screen leaves. */
const MIN_PROJECTED = 240;

/** The nearest ancestor that scrolls its content (the notebook's panel, not a cell's
 * output that only may): the board's room on the screen starts below its top. */
function scrollParent(e: HTMLElement): HTMLElement | null {
  for (let p = e.parentElement; p; p = p.parentElement) {
    const overflow = getComputedStyle(p).overflowY;
    if ((overflow === "auto" || overflow === "scroll") && p.scrollHeight > p.clientHeight) return p;
  }
  return null;
}

function cellOf(target: EventTarget | null): Cell | null {
  const g = target instanceof Element ? target.closest("[data-cell]") : null;
  return g ? parseCell(g.getAttribute("data-cell")) : null;
}

export class BoardWidget {
  readonly root: HTMLDivElement;
  private words: Words;
  private view: BoardView;
  private boardBox: HTMLDivElement;
  private header: Header;
  private lesson: LessonPanel;
  private panel: OpeningPanel;
  private lines: Narration;
  private toolbar: Toolbar;
  private moves: MoveList;
  private hintLine: HintLine;
  private review: ReviewPanel;
  private player: MovePlayer;
  private frame: Frame | null = null;
  /** Whether the move shown is at its end: leaving it starts an animation, reaching it ends one. */
  private atEnd = true;
  private state: InputState;
  private focus: Cell = [0, 0];
  private moveCount: number;
  private shown: Position | null = null;
  private listeners: [string, ModelListener][] = [];

  constructor(private model: Model, host: HTMLElement) {
    const t = readTraits(model);
    const words = (this.words = new Words(t.strings));
    this.root = el("div", "mw-root", host);
    this.root.lang = t.locale || "en";
    this.header = new Header(this.root, t.title);
    this.lesson = new LessonPanel(this.root, words, (e) => this.dispatch(e));
    this.boardBox = el("div", "mw-board-box", this.root);
    this.panel = new OpeningPanel(this.root, words, (button) => this.dispatch({ type: "button", button }));
    this.lines = new Narration(this.root);
    this.hintLine = new HintLine(this.root);
    const player = (this.player = new MovePlayer((f) => this.showFrame(f), () => this.model.get("speed") || 1, undefined, () => this.render()));
    this.toolbar = new Toolbar(this.root, words, {
      replay: () => this.stepped("replay"),
      back: () => this.stepped("back"),
      playPause: () => this.stepped(player.playing ? "pause" : "play"),
      forward: () => this.stepped("forward"),
      end: () => this.stepped("end"),
      speed: (v) => {
        model.set("speed", v);
        model.save_changes();
      },
      undo: () => this.send({ kind: "undo" }),
      redo: () => this.send({ kind: "redo" }),
      reset: () => this.send({ kind: "reset" }),
      computerMove: () => this.send({ kind: "computer_move" }),
      hint: () => this.send({ kind: "hint" }),
      review: () => this.send({ kind: "review" }),
    }, this.root);
    this.toolbar.showSpeed(t.speed);
    this.review = new ReviewPanel(this.root, (moves) => this.send({ kind: "goto", moves }));
    this.moves = new MoveList(this.root, (node) => this.send({ kind: "goto_node", node }));
    this.state = resting(situationOf(t));
    this.moveCount = t.move_count;
    this.view = this.buildBoard();
    this.loadMove();
    this.showHistory();
    // One update from Python changes several traits; whichever change event
    // comes first loads the move, the others see nothing new.
    this.on("change:position", () => this.loadMove());
    this.on("change:move_count", () => {
      this.loadMove();
      this.showHistory();
    });
    for (const name of INPUT_TRAITS) this.on(`change:${name}`, () => this.dispatch({ type: "sync" }));
    for (const name of DRAWN_TRAITS) this.on(`change:${name}`, () => this.render());
    this.on("change:error", () => this.lines.showNotice(this.model.get("error")));
    this.on("change:error_serial", () => this.lines.showNotice(this.model.get("error")));
    this.on("change:geometry", () => {
      this.view = this.buildBoard();
    });
    this.on("change:move_list", () => this.showHistory());
    this.on("change:speed", () => this.toolbar.showSpeed(this.model.get("speed")));
    this.on("msg:custom", (content) => {
      const command = stepCommand(content);
      if (command) this.player.command(command);
    });
    this.boardBox.addEventListener("click", (e) => this.onClick(e));
    this.boardBox.addEventListener("keydown", (e) => this.onKey(e));
    this.boardBox.addEventListener("focusin", (e) => {
      this.focus = cellOf(e.target) ?? this.focus;
    });
    this.root.addEventListener("keydown", (e) => this.onLessonKey(e));
    // Projector mode: the board and its controls fit the screen (see fitToScreen).
    window.addEventListener("resize", this.fitToScreen);
    if (typeof ResizeObserver !== "undefined") {
      this.resized = new ResizeObserver(this.fitToScreen);
      this.resized.observe(this.root);
    }
  }

  private resized: ResizeObserver | null = null;

  /** In projector mode the board is as wide as the cell, but no taller than the screen
   * leaves once the notebook's bars above and the board's own texts and controls are
   * counted (a lesson's text is longer at one step than another). */
  private fitToScreen = (): void => {
    const board = this.view?.svg;
    if (!board) return;
    if (!this.model.get("projector") || document.fullscreenElement) {
      board.style.maxHeight = "";
      return;
    }
    // What must fit with the board: the texts above it, and below it down to its controls.
    const shown = board.getBoundingClientRect();
    const above = shown.top - this.root.getBoundingClientRect().top;
    const below = this.toolbar.el.getBoundingClientRect().bottom - shown.bottom;
    const top = Math.max(0, scrollParent(this.root)?.getBoundingClientRect().top ?? 0);
    const room = Math.floor(window.innerHeight - top - above - below - 16);
    const wanted = `${Math.max(MIN_PROJECTED, room)}px`;
    if (board.style.maxHeight !== wanted) board.style.maxHeight = wanted;
  };

  /** A step control pressed: step, and tell Python (boards side by side step together). */
  private stepped(action: StepAction): void {
    this.player.command({ action, step: null });
    this.model.send({ kind: "stepped", action, step: this.player.step });
  }

  private on(event: string, cb: ModelListener): void {
    this.model.on(event, cb);
    this.listeners.push([event, cb]);
  }

  dispose(): void {
    window.removeEventListener("resize", this.fitToScreen);
    this.resized?.disconnect();
    this.toolbar.dispose();
    this.view.dispose();
    this.player.dispose();
    for (const [event, cb] of this.listeners) this.model.off(event, cb);
    this.listeners = [];
    this.root.remove();
  }

  private buildBoard(): BoardView {
    const t = readTraits(this.model);
    this.view?.dispose();
    const view = (this.view = new BoardView(t.geometry, this.words.get("board", { title: t.title })));
    this.boardBox.replaceChildren(view.svg);
    this.focus = firstFocus(t.geometry);
    this.render();
    return view;
  }

  private showHistory(): void {
    this.moves.update(moveList(readTraits(this.model)));
  }

  /** A new move (animated when it is the next one) or a position to show as it is. */
  private loadMove(): void {
    const count = this.model.get("move_count");
    const p = this.model.get("position");
    if (p === this.shown && count === this.moveCount) return;
    const before = this.model.get("position_before");
    // The move played from the position shown is animated; a jump to another line is not.
    const next = count === this.moveCount + 1 && JSON.stringify(before) === JSON.stringify(this.shown);
    const animate = this.shown !== null && next;
    this.moveCount = count;
    this.shown = p;
    const trace = this.model.get("trace");
    if (before && trace.length) this.player.load(before, trace, animate);
    else this.player.clear(p);
    this.dispatch({ type: "sync" });
  }

  private showFrame(f: Frame): void {
    const previous = this.frame;
    this.frame = f;
    const speed = this.model.get("speed") || 1;
    if (f.event && f.drops !== null) flyDrop(this.view, f.event, f.drops, previous?.state.handAt ?? null, 220 / speed);
    else if (f.event && this.player.playing) flyTaken(this.view, f.event, 450 / speed);
    if (f.step === 0 && f.drops === null && this.player.playing) {
      // The benchmark measures click to the first frame painted for the move.
      requestAnimationFrame(() => performance.mark("mw-first-frame"));
    }
    const atEnd = !this.player.busy && f.step === this.player.length && f.drops === null;
    if (atEnd === this.atEnd) return this.render();
    this.atEnd = atEnd;
    this.dispatch({ type: atEnd ? "animation_end" : "animation_start" });
  }

  private dispatch(event: InputEvent): void {
    const step = transition(this.state, event, situationOf(readTraits(this.model)));
    this.state = step.state;
    for (const effect of step.effects) this.run(effect);
    this.render();
  }

  private run(effect: Effect): void {
    if (effect.kind === "send") this.send(effect.message);
    else if (effect.kind === "notice") this.lines.showNotice(this.words.get(effect.key));
    else if (effect.kind === "finish") this.player.finish();
    else this.player.toEnd();
  }

  private send(message: Message): void {
    this.lines.showNotice("");
    this.model.send(message);
  }

  private playback(): Playback {
    const p = this.player;
    return { frame: this.frame, length: p.length, playing: p.playing, mover: p.mover, first: p.trace[0] ?? null };
  }

  private render(): void {
    if (!this.view) return;
    const vm = viewModel(readTraits(this.model), this.playback(), this.state);
    this.view.update(vm.board);
    this.view.setFocusable(this.focus);
    this.header.update(vm.status);
    this.lesson.update(vm.lesson);
    this.panel.update(vm.panel);
    this.lines.update(vm.narration, vm.says);
    this.toolbar.update(vm.toolbar);
    this.hintLine.update(vm.coach.hint);
    this.review.update(vm.coach.review);
    const classes = this.root.classList;
    classes.toggle("mw-projector", vm.root.projector);
    classes.toggle("mw-contrast", vm.root.contrast);
    classes.toggle("mw-in-lesson", vm.root.inLesson);
    classes.toggle("mw-busy", vm.root.busy);
  }

  // -- the page's input ------------------------------------------------------------------

  private onClick(e: MouseEvent): void {
    const cell = cellOf(e.target);
    if (!cell) return;
    performance.mark("mw-click");
    this.focus = cell;
    this.dispatch({ type: "click", cell });
  }

  private onKey(e: KeyboardEvent): void {
    const cell = cellOf(e.target);
    if (!cell || !cellTakesKey(e.key)) return;
    e.preventDefault();
    if (e.key.startsWith("Arrow")) {
      this.focus = neighbour(this.model.get("geometry"), cell, e.key);
      this.view.setFocusable(this.focus);
      this.view.cellElement(this.focus)?.focus();
      return;
    }
    if (e.key === "Enter" || e.key === " ") performance.mark("mw-click");
    this.focus = cell;
    this.dispatch({ type: "key", key: e.key, cell });
  }

  /** A presentation clicker sends Page Down and Page Up; the arrow keys do the same
   * anywhere in a lesson but on a cell, where they move between cells. */
  private onLessonKey(e: KeyboardEvent): void {
    if (!this.model.get("lesson") || e.defaultPrevented) return;
    const target = e.target instanceof Element ? e.target : null;
    if (target?.closest("input, select, textarea")) return;
    const onCell = !!target?.closest("[data-cell]");
    if (!lessonDirection(e.key, onCell)) return;
    e.preventDefault();
    e.stopPropagation();
    this.dispatch({ type: "lesson_key", key: e.key, onCell });
  }
}

function render({ model, el: host }: { model: Model; el: HTMLElement }): () => void {
  let widget = new BoardWidget(model, host);
  // A new language redraws the whole view with its own words.
  const relocale = () => {
    widget.dispose();
    widget = new BoardWidget(model, host);
  };
  model.on("change:locale", relocale);
  return () => {
    model.off("change:locale", relocale);
    widget.dispose();
  };
}

export default { render };
