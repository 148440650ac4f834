// The step controls under the board (replay, back, play / pause, forward, end),
// the speed, undo, redo, restart, hint, review and full screen.

import { button, el } from "../dom";
import { setIcon } from "../icons";
import type { Words } from "../text";
import type { ViewModel } from "../view-model";

export interface ToolbarActions {
  replay(): void;
  back(): void;
  playPause(): void;
  forward(): void;
  end(): void;
  /** The speed chosen: the one trait the browser sets. */
  speed(value: number): void;
  undo(): void;
  redo(): void;
  reset(): void;
  /** Let the computer play the move it waits to be asked for. */
  computerMove(): void;
  /** Ask Python for a hint, or a review of the game. */
  hint(): void;
  review(): void;
}

export const SPEEDS = [0.25, 0.5, 1, 2, 4, 8];

export class Toolbar {
  readonly el: HTMLDivElement;
  private play: HTMLButtonElement;
  private undo: HTMLButtonElement;
  private redo: HTMLButtonElement;
  private computer: HTMLButtonElement;
  private speed: HTMLSelectElement;
  private hint: HTMLButtonElement;
  private review: HTMLButtonElement;
  private full: HTMLButtonElement | null = null;

  /** `screen` is what the full-screen button shows full screen. */
  constructor(parent: HTMLElement, private words: Words, actions: ToolbarActions, private screen: HTMLElement) {
    const t = (k: string) => words.get(k);
    const bar = (this.el = el("div", "mw-toolbar", parent));
    bar.setAttribute("role", "toolbar");
    bar.setAttribute("aria-label", t("controls"));
    setIcon(button(bar, "mw-replay", t("replay"), "", actions.replay), "replay");
    setIcon(button(bar, "mw-back", t("back"), "", actions.back), "back");
    this.play = button(bar, "mw-play", t("play"), "", actions.playPause);
    setIcon(this.play, "play");
    setIcon(button(bar, "mw-forward", t("forward"), "", actions.forward), "forward");
    setIcon(button(bar, "mw-end", t("end"), "", actions.end), "end");
    const label = el("label", "mw-speed", bar, `${t("speed")} `);
    this.speed = el("select", "mw-speed-select", label);
    for (const v of SPEEDS) el("option", "", this.speed, `${v}\u00D7`).value = String(v);
    this.speed.addEventListener("change", () => actions.speed(Number(this.speed.value)));
    el("span", "mw-sep", bar);
    this.undo = button(bar, "mw-undo", t("undo"), t("undo"), actions.undo);
    this.redo = button(bar, "mw-redo", t("redo"), t("redo"), actions.redo);
    button(bar, "mw-reset", t("reset"), t("reset"), actions.reset);
    this.computer = button(bar, "mw-computer-move", t("computer_move"), t("computer_move"), actions.computerMove);
    this.hint = button(bar, "mw-hint-button", t("hint_label"), t("hint"), actions.hint);
    this.review = button(bar, "mw-review-button", t("review_label"), t("review"), actions.review);
    if (typeof screen.requestFullscreen === "function") {
      this.full = button(bar, "mw-full-screen", t("full_screen"), t("full_screen"), () => {
        if (document.fullscreenElement) void document.exitFullscreen();
        else void screen.requestFullscreen();
      });
    }
    document.addEventListener("fullscreenchange", this.onFullscreen);
  }

  private onFullscreen = (): void => {
    const full = document.fullscreenElement === this.screen;
    this.screen.classList.toggle("mw-fullscreen", full);
    if (this.full) {
      const label = this.words.get(full ? "exit_full_screen" : "full_screen");
      this.full.textContent = label;
      this.full.setAttribute("aria-label", label);
    }
  };

  showSpeed(value: number): void {
    this.speed.value = String(value);
  }

  update(m: ViewModel["toolbar"]): void {
    const icon = m.playing ? "pause" : "play";
    if (this.play.dataset.icon !== icon) setIcon(this.play, icon);
    this.play.setAttribute("aria-label", this.words.get(icon));
    this.undo.disabled = !m.undo;
    this.redo.disabled = !m.redo;
    this.computer.hidden = !m.computer;
    this.hint.hidden = !m.hint.shown;
    this.hint.disabled = !m.hint.enabled;
    this.review.hidden = !m.review.shown;
    this.review.disabled = !m.review.enabled;
  }

  dispose(): void {
    document.removeEventListener("fullscreenchange", this.onFullscreen);
  }
}
