// The board widget's entry: anywidget calls render({ model, el }) per view.
// Every view draws from the synced traits alone and asks Python to play.

import { MovePlayer, type Frame as PlayFrame } from "./animation";
import { Words } from "./text";
import { key, kisoloMove, LiftChoice, Opening, playableCells } from "./interaction";
import { neighbour } from "./layout";
import { BoardView } from "./render";
import { animateFly } from "./fly";
import { setIcon } from "./icons";
import type { Cell, Model, Move, Player, Position, TraceEvent, Traits } from "./types";

function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls: string, parent?: HTMLElement, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  e.className = cls;
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

function button(parent: HTMLElement, cls: string, label: string, symbol: string, onClick: () => void): HTMLButtonElement {
  const b = el("button", `mw-btn ${cls}`, parent, symbol);
  b.type = "button";
  b.title = label;
  b.setAttribute("aria-label", label);
  b.addEventListener("click", onClick);
  return b;
}

/** The cells a move is about, to mark the last move on the board. */
export function moveCells(move: Move | null, rows: number): Cell[] {
  if (!move) return [];
  if (move.type === "sow") return [[move.row, move.column]];
  if (move.type === "capture") return Array.from({ length: rows }, (_, r) => [r, move.column] as Cell);
  return move.lift;
}

export class BoardWidget {
  readonly root: HTMLDivElement;
  private t: Words;
  private view!: BoardView;
  private boardBox: HTMLDivElement;
  private status: HTMLDivElement;
  private narration: HTMLDivElement;
  private progress: HTMLSpanElement;
  private notice: HTMLDivElement;
  private says: HTMLDivElement;
  private panel: HTMLDivElement;
  private playBtn!: HTMLButtonElement;
  private fullBtn: HTMLButtonElement | null = null;
  private undoBtn!: HTMLButtonElement;
  private redoBtn!: HTMLButtonElement;
  private player: MovePlayer;
  private frame: PlayFrame | null = null;
  private focus: Cell = [0, 0];
  private lift = new LiftChoice();
  private opening: Opening | null = null;
  private moveCount: number;
  private shown: Position | null = null;
  private shape = "";
  private listeners: [string, () => void][] = [];
  private lessonBox: HTMLDivElement;
  private history: HTMLDetailsElement;
  /** Cells chosen for a multi-answer prediction, before Check. */
  private chosen = new Set<string>();

  constructor(private model: Model, host: HTMLElement) {
    this.t = new Words(model.get("strings") ?? {});
    this.root = el("div", "mw-root", host);
    this.root.lang = model.get("locale") || "en";
    this.root.dataset.game = model.get("game");
    this.showLook();
    const head = el("div", "mw-head", this.root);
    el("div", "mw-title", head, model.get("title"));
    this.status = el("div", "mw-status", head);
    this.status.setAttribute("role", "status");
    this.lessonBox = el("div", "mw-lesson", this.root);
    this.boardBox = el("div", "mw-board-box", this.root);
    this.panel = el("div", "mw-panel", this.root);
    const line = el("div", "mw-narration-line", this.root);
    this.progress = el("span", "mw-progress", line);
    this.narration = el("div", "mw-narration", line);
    this.narration.setAttribute("aria-live", "polite");
    this.says = el("div", "mw-computer-says", this.root);
    this.says.setAttribute("aria-live", "polite");
    this.notice = el("div", "mw-notice", this.root);
    this.notice.setAttribute("role", "alert");
    this.buildToolbar();
    this.history = el("details", "mw-history", this.root);
    this.player = new MovePlayer(
      (f) => this.showFrame(f),
      () => model.get("speed") || 1,
      undefined,
      () => this.refresh(),
    );
    this.moveCount = model.get("move_count");
    this.rebuildBoard();
    this.loadMove(false);
    // One update from Python changes several traits; whichever change event
    // comes first loads the move, the others see nothing new.
    this.on("change:move_count", () => this.loadMove(true));
    this.on("change:position", () => this.loadMove(true));
    this.on("change:legal_moves", () => this.resetChoices());
    this.on("change:error_serial", () => this.showError());
    this.on("change:error", () => this.showError());
    this.on("change:perspective", () => this.rebuildBoard());
    this.on("change:numbers", () => this.rebuildBoard());
    this.on("change:cell_names", () => this.refresh());
    this.on("change:projector", () => this.showLook());
    this.on("change:high_contrast", () => this.showLook());
    this.on("change:labels", () => this.refresh());
    this.on("change:interactive", () => this.refresh());
    this.on("change:can_undo", () => this.refresh());
    this.on("change:can_redo", () => this.refresh());
    this.on("change:thinking", () => this.refresh());
    this.on("change:computer_says", () => this.refresh());
    this.on("change:history", () => this.showHistory());
    this.on("change:move_count", () => this.showHistory());
    this.showHistory();
    this.on("change:lesson", () => {
      this.chosen.clear();
      this.refresh();
    });
    this.boardBox.addEventListener("click", (e) => this.onBoardClick(e));
    this.boardBox.addEventListener("keydown", (e) => this.onKey(e));
    this.boardBox.addEventListener("focusin", (e) => this.onFocus(e));
    this.root.addEventListener("keydown", (e) => this.onLessonKey(e));
    document.addEventListener("fullscreenchange", this.onFullscreen);
  }

  /** Projector mode and the high-contrast look are classes on the root. */
  private showLook(): void {
    this.root.classList.toggle("mw-projector", !!this.model.get("projector"));
    this.root.classList.toggle("mw-contrast", !!this.model.get("high_contrast"));
  }

  private onFullscreen = (): void => {
    const full = document.fullscreenElement === this.root;
    this.root.classList.toggle("mw-fullscreen", full);
    if (this.fullBtn) {
      const label = this.t.get(full ? "exit_full_screen" : "full_screen");
      this.fullBtn.textContent = label;
      this.fullBtn.setAttribute("aria-label", label);
    }
  };

  /** A presentation clicker sends Page Down and Page Up; the arrow keys do the same
   * anywhere in a lesson but on a hole, where they move between holes. */
  private onLessonKey(e: KeyboardEvent): void {
    const lesson = this.model.get("lesson");
    if (!lesson || e.defaultPrevented) return;
    const target = e.target as Element | null;
    if (target?.closest?.("input, select, textarea")) return;
    const onCell = !!target?.closest?.("[data-cell]");
    const forward = e.key === "PageDown" || (!onCell && e.key === "ArrowRight");
    const backward = e.key === "PageUp" || (!onCell && e.key === "ArrowLeft");
    if (!forward && !backward) return;
    e.preventDefault();
    e.stopPropagation();
    if (forward && lesson.step < lesson.steps && !this.answering()) this.send({ kind: "lesson", action: "next" });
    else if (backward && lesson.step > 1) this.send({ kind: "lesson", action: "back" });
  }

  /** The game's moves as a numbered list of plain text: the ones played, then
   * those taken back. Clicking one shows the game after it. */
  private showHistory(): void {
    const moves = this.model.get("history") ?? [];
    const played = this.model.get("move_count");
    // Keep keyboard focus on the same entry when the list is redrawn.
    const before = Array.from(this.history.querySelectorAll("button"));
    const focused = before.indexOf(document.activeElement as HTMLButtonElement);
    const summary = el("summary", "mw-history-summary", undefined, this.t.get("history", { n: moves.length }));
    const list = el("ol", "mw-history-list");
    moves.forEach((text, i) => {
      const item = el("li", i < played ? "" : "mw-undone", list);
      const go = el("button", "mw-history-move", item, text);
      go.type = "button";
      go.title = this.t.get(i < played ? "show_after" : "play_again_to");
      if (i === played - 1) go.setAttribute("aria-current", "step");
      go.addEventListener("click", () => this.send({ kind: "goto", moves: i + 1 }));
    });
    this.history.replaceChildren(summary, list);
    this.history.hidden = moves.length === 0;
    if (focused >= 0) list.querySelectorAll("button")[Math.min(focused, moves.length - 1)]?.focus();
  }

  private on(event: string, cb: () => void): void {
    this.model.on(event, cb);
    this.listeners.push([event, cb]);
  }

  dispose(): void {
    document.removeEventListener("fullscreenchange", this.onFullscreen);
    this.view?.dispose();
    this.player.dispose();
    for (const [event, cb] of this.listeners) this.model.off(event, cb);
    this.listeners = [];
    this.root.remove();
  }

  private get position(): Position {
    return this.model.get("position");
  }

  // -- building -------------------------------------------------------------------

  private buildToolbar(): void {
    const t = (k: string) => this.t.get(k);
    const bar = el("div", "mw-toolbar", this.root);
    bar.setAttribute("role", "toolbar");
    bar.setAttribute("aria-label", t("controls"));
    setIcon(button(bar, "mw-replay", t("replay"), "", () => this.player.replay()), "replay");
    setIcon(button(bar, "mw-back", t("back"), "", () => this.player.back()), "back");
    this.playBtn = button(bar, "mw-play", t("play"), "", () => (this.player.playing ? this.player.pause() : this.player.play()));
    setIcon(this.playBtn, "play");
    setIcon(button(bar, "mw-forward", t("forward"), "", () => this.player.forward()), "forward");
    setIcon(button(bar, "mw-end", t("end"), "", () => this.player.toEnd()), "end");
    const speedLabel = el("label", "mw-speed", bar, `${t("speed")} `);
    const speed = el("select", "mw-speed-select", speedLabel);
    for (const v of [0.25, 0.5, 1, 2, 4, 8]) {
      const o = el("option", "", speed, `${v}\u00D7`);
      o.value = String(v);
    }
    speed.value = String(this.model.get("speed"));
    this.on("change:speed", () => {
      speed.value = String(this.model.get("speed"));
    });
    speed.addEventListener("change", () => {
      this.model.set("speed", Number(speed.value));
      this.model.save_changes();
    });
    el("span", "mw-sep", bar);
    this.undoBtn = button(bar, "mw-undo", t("undo"), t("undo"), () => this.send({ kind: "undo" }));
    this.redoBtn = button(bar, "mw-redo", t("redo"), t("redo"), () => this.send({ kind: "redo" }));
    button(bar, "mw-reset", t("reset"), t("reset"), () => this.send({ kind: "reset" }));
    if (typeof this.root.requestFullscreen === "function") {
      this.fullBtn = button(bar, "mw-full-screen", t("full_screen"), t("full_screen"), () => {
        if (document.fullscreenElement) void document.exitFullscreen();
        else void this.root.requestFullscreen();
      });
    }
  }

  private rebuildBoard(): void {
    const p = this.position;
    const rows = p.board.length;
    const cols = p.board[0].length;
    this.shape = this.shapeOf(p);
    while (this.boardBox.firstChild) this.boardBox.firstChild.remove();
    this.view?.dispose();
    this.view = new BoardView(p.game, rows, cols, this.model.get("perspective"), this.t, this.model.get("title"), !!this.model.get("numbers"));
    this.boardBox.appendChild(this.view.svg);
    this.focus = [rows - 1, 0];
    this.refresh();
  }

  private shapeOf(p: Position): string {
    return `${p.game}:${p.board.length}x${p.board[0].length}:${this.model.get("perspective")}:${!!this.model.get("numbers")}`;
  }

  // -- moves arriving from Python -------------------------------------------------

  private loadMove(animate: boolean): void {
    const count = this.model.get("move_count");
    const p = this.position;
    if (p === this.shown && count === this.moveCount) return;
    const step = count === this.moveCount + 1;
    this.moveCount = count;
    this.shown = p;
    if (this.shapeOf(p) !== this.shape) this.rebuildBoard();
    this.resetChoices();
    const before = this.model.get("position_before");
    const trace = this.model.get("trace");
    if (before && trace.length) this.player.load(before, trace, animate && step);
    else this.player.clear(p);
  }

  private resetChoices(): void {
    this.lift.clear();
    const p = this.position;
    this.opening = p.game === "kiothi" && (p.turn ?? 3) <= 2 && p.status === "playing" ? new Opening(p, this.model.get("legal_moves")) : null;
    this.refresh();
  }

  // -- drawing ----------------------------------------------------------------------

  private showFrame(f: PlayFrame): void {
    this.frame = f;
    if (f.drops !== null && f.event && f.drops > 0) this.flyStone(f.event, f.drops);
    else if (f.drops === null && f.event && this.player.playing) this.flyTaken(f.event);
    if (f.step === 0 && f.drops === null && this.player.playing) {
      // The benchmark measures click to the first frame painted for the move.
      requestAnimationFrame(() => performance.mark("mw-first-frame"));
    }
    this.refresh();
  }

  private flyStone(ev: TraceEvent, drops: number): void {
    const cells = (ev.holes ?? ev.bomas) as Cell[];
    const to = cells[drops - 1];
    const from = drops > 1 ? cells[drops - 2] : this.frame?.state.handAt ?? to;
    animateFly(this.view, this.view.center(from), this.view.center(to), 220 / (this.model.get("speed") || 1));
  }

  /** Captured pieces travel to where they go: Kisolo's capturing hole, a Kiothi jail. */
  private flyTaken(ev: TraceEvent): void {
    const v = this.view;
    const ms = 450 / (this.model.get("speed") || 1);
    const go = (from: Cell, to: { x: number; y: number }) => animateFly(v, v.center(from), to, ms);
    if (ev.kind === "capture" && this.position.game === "kisolo") {
      for (const [r, c] of ev.from as [number, number, number][]) go([r, c], v.center(ev.to as Cell));
    } else if (ev.kind === "capture") {
      const [r, c] = ev.from as [number, number, number];
      go([r, c], v.jailCenter(ev.jail as Player));
      go(ev.boma as Cell, v.jailCenter(ev.jail as Player));
    } else if (ev.kind === "leftmost_triple" && ev.taken) {
      for (const b of ev.bomas as { boma: Cell }[]) go(b.boma, v.jailCenter(ev.jail as Player));
    } else if (ev.kind === "game_end") {
      for (const s of (ev.sweep as { boma: Cell; jail: Player }[] | undefined) ?? []) go(s.boma, v.jailCenter(s.jail));
    }
  }

  private atEnd(): boolean {
    return !this.frame || (this.frame.step === this.player.length && this.frame.drops === null);
  }

  refresh(): void {
    if (!this.view) return;
    const p = this.position;
    const labels = this.model.get("labels");
    const legal = this.model.get("legal_moves");
    const idle = !this.player.busy && this.atEnd();
    const computerTurn = !!this.model.get("computer") && this.model.get("computer") === p.to_move;
    const canPlay = idle && this.model.get("interactive") && p.status === "playing" && !computerTurn;
    const lesson = this.model.get("lesson") ?? null;
    const answering = this.answering();
    const state = this.frame?.state;
    let board = state ? state.board : p.board;
    const notes = new Map<string, string>();
    const selected = new Set<string>();
    let playable = new Set<string>(canPlay ? playableCells(p, legal).map(key) : []);
    if (canPlay && this.opening) {
      board = this.opening.preview();
      for (const c of this.opening.lifted) {
        selected.add(key(c));
        notes.set(key(c), this.t.get("lifted"));
      }
      for (const c of this.opening.drops) notes.set(key(c), this.t.get("placed", { n: this.opening.placedAt(c) }));
      if (this.opening.phase === "place") playable = new Set(this.view.allCells().map(key));
    }
    if (this.lift.cell) selected.add(key(this.lift.cell));
    if (answering) {
      const q = lesson!.question!;
      // Only a question answered on the board makes the holes clickable.
      if (!q.number && !q.options.length) playable = new Set(this.view.allCells().map(key));
      for (const c of q.moved) notes.set(key(c), this.t.get("moved"));
      for (const k of this.chosen) {
        selected.add(k);
        notes.set(k, this.t.get("chosen"));
      }
    }
    const fb = lesson?.feedback;
    if (fb && idle) for (const c of fb.cells) notes.set(key(c), this.t.get("chosen"));
    const f = this.frame;
    // While a move starts, its first event's hole is marked before anything moves.
    const ev = f && f.step === 0 && f.drops === null && this.player.playing ? this.player.trace[0] : f?.event;
    const activeCell = ev ? ((ev.hole ?? ev.boma ?? ev.to) as Cell | undefined) : undefined;
    this.view.update({
      board,
      nki: state?.nki ?? p.nki ?? null,
      jails: state?.jails ?? p.jails ?? null,
      labels,
      playable,
      selected,
      lastMove: new Set(idle ? moveCells(this.model.get("last_move"), p.board.length).map(key) : []),
      active: activeCell && !idle ? key(activeCell) : null,
      landing: ev && !idle && ev.landing ? key(ev.landing as Cell) : null,
      notes,
      highlight: new Set([...(lesson?.highlight ?? []), ...(answering ? lesson!.question!.moved : [])].map(key)),
      names: this.model.get("cell_names") ?? [],
    });
    this.view.drawOverlay(lesson?.label ?? null, lesson?.arrow ?? null);
    this.showLesson(lesson, answering);
    this.updateFocusable();
    this.showStatus(idle);
    this.says.textContent = this.model.get("computer_says") ?? "";
    this.showNarration();
    this.showPanel(canPlay);
    const icon = this.player.playing ? "pause" : "play";
    if (this.playBtn.dataset.icon !== icon) setIcon(this.playBtn, icon);
    this.playBtn.setAttribute("aria-label", this.t.get(this.player.playing ? "pause" : "play"));
    this.root.classList.toggle("mw-in-lesson", lesson !== null);
    this.undoBtn.disabled = !this.model.get("can_undo") || !this.model.get("interactive");
    this.redoBtn.disabled = !this.model.get("can_redo") || !this.model.get("interactive");
    this.root.classList.toggle("mw-busy", !idle);
  }

  private showStatus(idle: boolean): void {
    const p = this.position;
    const labels = this.model.get("labels");
    const t = this.t;
    const reason = p.reason ? t.lookup("reasons", p.reason) : "";
    let text: string;
    if (this.model.get("thinking")) text = t.get("thinking", { name: labels[p.to_move] });
    else if (!idle) text = `${labels[this.player.mover ?? p.to_move]} \u2026`;
    else if (p.status === "playing") text = t.get("to_move", { name: labels[p.to_move] });
    else if (p.status === "draw") text = `${t.get("draw")} (${reason})`;
    else if (p.jails) {
      text = t.get("wins_score", { name: labels[p.winner!], score: `${p.jails.south}\u2013${p.jails.north}` });
      if (Math.abs(p.jails.south - p.jails.north) === 2) text += ` \u2014 ${t.get("one_warrior")}!`;
    } else text = `${t.get("wins", { name: labels[p.winner!] })} (${reason})`;
    this.status.textContent = text;
    this.status.dataset.status = this.model.get("thinking") ? "thinking" : idle ? p.status : "moving";
    this.status.dataset.toMove = p.to_move;
  }

  private showNarration(): void {
    const f = this.frame;
    const n = this.player.length;
    const lines = this.model.get("narration");
    const line = this.narration.parentElement!;
    if (!f || n === 0) {
      this.progress.textContent = "";
      this.narration.textContent = "";
      line.hidden = true;
      return;
    }
    line.hidden = false;
    const index = f.drops !== null ? f.step : f.step - 1;
    const hand = f.state.hand > 0 ? ` \u00B7 ${this.t.get("in_hand", { n: f.state.hand })}` : "";
    this.progress.textContent = this.t.get("step", { i: f.drops !== null ? f.step + 1 : f.step, n }) + hand;
    this.narration.textContent = index >= 0 ? lines[index] ?? "" : "";
  }

  private showPanel(canPlay: boolean): void {
    const panel = this.panel;
    while (panel.firstChild) panel.firstChild.remove();
    const t = (k: string, f?: Record<string, string | number>) => this.t.get(k, f);
    if (!this.model.get("interactive")) {
      if (!this.model.get("lesson")) el("span", "mw-hint", panel, t("watching"));
      return;
    }
    if (!canPlay) return;
    if (this.opening) {
      const o = this.opening;
      const name = this.model.get("labels")[this.position.to_move];
      const text = o.phase === "lift" ? t("opening_lift", { name }) : o.inHand ? t("opening_place", { n: o.inHand }) : t("opening_done");
      el("span", "mw-hint mw-opening-hint", panel, text);
      const back = button(panel, "mw-take-back", t("take_back"), t("take_back"), () => {
        o.takeBack();
        this.refresh();
      });
      back.disabled = !o.lifted.length;
      const ok = button(panel, "mw-confirm", t("confirm"), t("confirm"), () => {
        const m = o.move();
        if (m) this.send({ kind: "play", move: m });
      });
      ok.disabled = o.move() === null;
      return;
    }
    if (this.lift.cell) {
      const l = this.lift;
      const total = this.position.board[l.cell![0]][l.cell![1]];
      el("span", "mw-hint mw-lift-count", panel, t("lift", { k: l.count, total }));
      const minus = button(panel, "mw-fewer", t("fewer"), "\u2212", () => this.stepCount(-1));
      minus.disabled = l.counts.indexOf(l.count) <= 0;
      const plus = button(panel, "mw-more", t("more"), "+", () => this.stepCount(1));
      plus.disabled = l.counts.indexOf(l.count) >= l.counts.length - 1;
      button(panel, "mw-sow", t("sow", { k: l.count }), t("sow", { k: l.count }), () => this.playLift());
      button(panel, "mw-cancel", t("cancel"), t("cancel"), () => {
        l.clear();
        this.refresh();
      });
    }
  }

  private showError(): void {
    this.notice.textContent = this.model.get("error");
  }

  // -- input ---------------------------------------------------------------------------

  private send(message: Parameters<Model["send"]>[0]): void {
    this.notice.textContent = "";
    this.model.send(message);
  }

  private cellOf(target: EventTarget | null): Cell | null {
    const g = (target as Element | null)?.closest?.("[data-cell]");
    if (!g) return null;
    return g.getAttribute("data-cell")!.split(",").map(Number) as Cell;
  }

  private onBoardClick(e: MouseEvent): void {
    const cell = this.cellOf(e.target);
    if (cell) this.activate(cell);
  }

  /** A click, Enter or Space on a hole or boma. */
  activate(cell: Cell): void {
    performance.mark("mw-click");
    this.focus = cell;
    // A click in the middle of an animation finishes it at once and is taken.
    if (this.player.busy || !this.atEnd()) this.player.finish();
    if (this.answering()) {
      const q = this.model.get("lesson")!.question!;
      if (q.number || q.options.length) this.notice.textContent = this.t.get("answer_first");
      else this.answerWith(cell);
      return;
    }
    const p = this.position;
    if (!this.model.get("interactive")) {
      this.notice.textContent = this.t.get(this.model.get("lesson") ? "watch_only" : "watching");
      return;
    }
    if (p.status !== "playing" || this.model.get("computer") === p.to_move) return;
    const legal = this.model.get("legal_moves");
    if (this.opening) {
      if (this.opening.click(cell)) this.refresh();
      return;
    }
    if (p.game === "kisolo") {
      const m = kisoloMove(cell, legal);
      if (m) this.send({ kind: "play", move: m });
      return;
    }
    if (this.lift.isChosen(cell)) {
      this.playLift();
      return;
    }
    if (this.lift.choose(cell, legal)) this.refresh();
  }

  /** A lesson question waits for the student's answer. */
  private answering(): boolean {
    const lesson = this.model.get("lesson");
    return !!lesson && !!lesson.question && !lesson.feedback;
  }

  private answerWith(cell: Cell): void {
    const q = this.model.get("lesson")!.question!;
    if (!q.multi) {
      this.send({ kind: "answer", answer: [cell] });
      return;
    }
    const k = key(cell);
    if (this.chosen.has(k)) this.chosen.delete(k);
    else this.chosen.add(k);
    this.refresh();
  }

  private showLesson(lesson: Traits["lesson"], answering: boolean): void {
    const box = this.lessonBox;
    // Keep a typed number across redraws of the panel while the question waits.
    const typed = box.querySelector<HTMLInputElement>(".mw-number-answer")?.value ?? "";
    const hadFocus = box.contains(document.activeElement);
    while (box.firstChild) box.firstChild.remove();
    box.hidden = !lesson;
    if (!lesson) {
      box.removeAttribute("tabindex");
      return;
    }
    // Focusable, so a presentation clicker (Page Down / Page Up) can drive the lesson.
    box.tabIndex = 0;
    const t = (k: string, f?: Record<string, string | number>) => this.t.get(k, f);
    const head = el("div", "mw-lesson-head", box);
    el("span", "mw-lesson-title", head, lesson.title);
    el("span", "mw-lesson-step", head, t("lesson_step", { i: lesson.step, n: lesson.steps }));
    const bar = el("progress", "mw-lesson-progress", head);
    bar.max = lesson.steps;
    bar.value = lesson.step;
    bar.setAttribute("aria-label", t("lesson_step", { i: lesson.step, n: lesson.steps }));
    const text = el("p", "mw-lesson-text", box, lesson.text);
    text.setAttribute("aria-live", "polite");
    if (lesson.puzzle) el("p", "mw-puzzle", box, lesson.puzzle);
    const q = lesson.question;
    if (q) {
      el("p", "mw-question-move", box, q.move);
      const question = el("p", "mw-question", box, q.text);
      question.setAttribute("role", "note");
      if (answering) {
        const row = el("div", "mw-answer-row", box);
        if (q.none) button(row, "mw-no-capture", t("no_capture"), t("no_capture"), () => this.send({ kind: "answer", answer: [] }));
        if (q.multi) {
          button(row, "mw-check", t("check"), t("check"), () =>
            this.send({ kind: "answer", answer: [...this.chosen].map((k) => k.split(",").map(Number) as Cell) }),
          );
        }
        for (const o of q.options) button(row, "mw-option", o.text, o.text, () => this.send({ kind: "answer", answer: o.value }));
        if (q.number) {
          const input = el("input", "mw-number-answer", row);
          input.type = "number";
          input.min = "0";
          input.step = "1";
          input.inputMode = "numeric";
          input.value = typed;
          input.setAttribute("aria-label", t("your_answer"));
          const submit = () => {
            const n = Number(input.value);
            if (input.value.trim() !== "" && Number.isInteger(n) && n >= 0) this.send({ kind: "answer", answer: n });
            else this.notice.textContent = t("bad_number");
          };
          input.addEventListener("keydown", (e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              submit();
            }
          });
          button(row, "mw-check", t("check"), t("check"), submit);
          if (hadFocus) input.focus();
        }
      }
    }
    if (lesson.feedback) {
      const fb = el("p", `mw-feedback ${lesson.feedback.correct ? "mw-right" : "mw-wrong"}`, box);
      fb.setAttribute("role", "status");
      el("span", "mw-feedback-mark", fb, lesson.feedback.correct ? "\u2714 " : "\u2718 ");
      el("span", "mw-feedback-text", fb, lesson.feedback.text);
    }
    if (lesson.summary) el("p", "mw-summary", box, lesson.summary);
    const nav = el("div", "mw-lesson-nav", box);
    nav.setAttribute("role", "group");
    nav.setAttribute("aria-label", t("lesson_nav"));
    const back = button(nav, "mw-lesson-back", t("previous"), `\u2190 ${t("previous")}`, () => this.send({ kind: "lesson", action: "back" }));
    back.disabled = lesson.step <= 1;
    const next = button(nav, "mw-lesson-next", t("next"), `${t("next")} \u2192`, () => this.send({ kind: "lesson", action: "next" }));
    next.disabled = lesson.step >= lesson.steps || answering;
    button(nav, "mw-lesson-restart", t("restart_lesson"), t("restart_lesson"), () => this.send({ kind: "lesson", action: "restart" }));
    if (hadFocus && !box.contains(document.activeElement)) (next.disabled ? back : next).focus();
  }

  private playLift(): void {
    const m = this.lift.move();
    if (m) this.send({ kind: "play", move: m });
  }

  private stepCount(direction: 1 | -1): void {
    if (this.lift.step(direction)) this.refresh();
  }

  private onKey(e: KeyboardEvent): void {
    const cell = this.cellOf(e.target);
    if (!cell) return;
    if (e.key.startsWith("Arrow")) {
      this.focus = neighbour(this.view.layout, cell, e.key);
      this.updateFocusable();
      this.view.cellElement(this.focus)?.focus();
    } else if (e.key === "Enter" || e.key === " ") {
      this.activate(cell);
    } else if (e.key === "+" || e.key === "=") {
      if (this.opening?.phase === "place") this.activate(cell);
      else this.stepCount(1);
    } else if (e.key === "-") {
      if (this.opening) {
        this.opening.takeBack();
        this.refresh();
      } else this.stepCount(-1);
    } else if (e.key === "Escape") {
      this.lift.clear();
      this.refresh();
    } else if (e.key === "End") {
      this.player.toEnd();
    } else return;
    e.preventDefault();
  }

  private onFocus(e: FocusEvent): void {
    const cell = this.cellOf(e.target);
    if (cell) this.focus = cell;
  }

  private updateFocusable(): void {
    for (const c of this.view.allCells()) {
      const g = this.view.cellElement(c)!;
      g.setAttribute("tabindex", key(c) === key(this.focus) ? "0" : "-1");
    }
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
