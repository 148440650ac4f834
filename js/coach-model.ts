// What the hint line and the review panel show, as pure functions of the synced
// traits (widgets/coach.py): the hint's sentence, the review's progress, the
// chart of who was ahead and the turning points. Python words everything; this
// file only places numbers.

import { shortName, type Words } from "./text";
import type { Traits } from "./types";

export const CHART = { width: 320, height: 96, pad: 8 };
/** Scores this large are won (or lost) games: drawn at the chart's edge. */
const WON = 1000;
/** The smallest range drawn, so a game of small differences does not fill the chart. */
const MIN_RANGE = 4;

export interface ChartModel {
  width: number;
  height: number;
  /** The y of the even line. */
  zero: number;
  /** The polyline's points: "x,y x,y ...", one per position. */
  points: string;
  /** A dot after each turning point's move. */
  marks: { x: number; y: number }[];
  /** The x of the position shown, or null when it is not in the game reviewed. */
  cursor: number | null;
  /** The names above and below the even line. */
  top: string;
  bottom: string;
  /** What a screen reader says for the chart. */
  label: string;
}

export interface ReviewModel {
  hidden: boolean;
  title: string;
  progress: { value: number; max: number; text: string } | null;
  /** The summary when done, or why the review stopped. */
  message: string;
  chart: ChartModel | null;
  points: { text: string; goto: number; current: boolean }[];
  /** The title of a turning point's button. */
  show: string;
}

export interface CoachModel {
  hint: string;
  review: ReviewModel;
}

const round = (v: number) => Math.round(v * 10) / 10;

/** The chart of `scores` (South's point of view, one per position), with dots after
 * the moves numbered in `marks` and a line at the position `shown`. */
export function chartModel(scores: number[], marks: number[], shown: number, names: { top: string; bottom: string; label: string }): ChartModel {
  const { width: W, height: H, pad } = CHART;
  const range = Math.max(MIN_RANGE, ...scores.filter((s) => Math.abs(s) < WON).map(Math.abs));
  const last = Math.max(1, scores.length - 1);
  const x = (i: number) => round(pad + (i * (W - 2 * pad)) / last);
  const y = (s: number) => round(H / 2 - Math.max(-1, Math.min(1, s / range)) * (H / 2 - pad));
  return {
    width: W,
    height: H,
    zero: H / 2,
    points: scores.map((s, i) => `${x(i)},${y(s)}`).join(" "),
    marks: marks.filter((m) => m < scores.length).map((m) => ({ x: x(m), y: y(scores[m]) })),
    cursor: shown < scores.length ? x(shown) : null,
    ...names,
  };
}

export function coachModel(t: Traits, words: Words): CoachModel {
  return { hint: t.hint?.text ?? "", review: reviewModel(t, words) };
}

function reviewModel(t: Traits, words: Words): ReviewModel {
  const r = t.game_review ?? { state: "none" };
  const done = r.state === "done";
  const points = done ? r.turning_points ?? [] : [];
  const scores = done ? r.scores ?? [] : [];
  const names = {
    top: shortName(t.labels.south),
    bottom: shortName(t.labels.north),
    label: words.get("review_chart", { south: t.labels.south, north: t.labels.north }),
  };
  let message = "";
  if (r.state === "stopped") message = words.get("review_stopped");
  else if (done) message = r.summary ?? "";
  const running = r.state === "running";
  const total = Math.max(1, r.total ?? 1);
  const value = Math.min(total, r.done ?? 0);
  return {
    hidden: r.state === "none",
    title: words.get("review_title"),
    progress: running ? { value, max: total, text: words.get("reviewing", { i: value, n: total }) } : null,
    message,
    chart: scores.length ? chartModel(scores, points.map((p) => p.move), t.move_count, names) : null,
    points: points.map((p) => ({ text: p.text, goto: p.goto, current: p.goto === t.move_count })),
    show: words.get("show_before"),
  };
}
