// The teacher's live page of the class hub (serve.py serves it at /hub/#key=KEY). It
// shows the address and class code large, with a QR code of the join address, then the
// class's answers to the question it is on, polled every second: a board with the number
// of students who clicked each hole, or bars for numbers and choices, each wrong answer
// with its misconception. No names unless the teacher asks: the page is projected.
// Every text from a student or a lesson goes in with textContent.

import qrcode from "qrcode-generator";
import { el } from "./dom";

export const LOCALES = ["en", "fr", "sw", "ko"] as const;
export type Locale = (typeof LOCALES)[number];
const LOCALE_KEY = "mancala-widgets:hub-locale";
const SVG = "http://www.w3.org/2000/svg";
export const POLL_MS = 1000;

// -- what the hub and questions.json hold ------------------------------------------------

type Cells = number[][];
export type Given = number | string | Cells;

export interface Question {
  step: number;
  ask: string;
  of: string | null;
  game: string;
  board: number[][];
  to_move: string;
  answer: Given;
  options: string[] | null;
  option_labels: Record<Locale, Record<string, string>> | null;
  question: Record<Locale, string>;
  wrong: { given: Given; text: Record<Locale, string> }[];
}

export interface LessonQuestions {
  id: string;
  game: string;
  /** Each hole's name by row and column ("South's inner hole 3"), per language. */
  hole_names?: Record<Locale, string[][]>;
  title: Record<Locale, string>;
  steps: number;
  questions: Question[];
}

export interface Questions {
  lessons: LessonQuestions[];
}

export interface Tally {
  given: Given;
  count: number;
  names?: string[];
}

export interface Live {
  joined: number;
  current: { lesson: string; step: number; count: number } | null;
  questions: { lesson: string; step: number; answered: number; tries: number; answers: Tally[] }[];
}

export interface Info {
  code: string;
  address: string;
  join: string;
}

// -- the page's words ---------------------------------------------------------------------

type Key =
  | "title" | "language" | "open" | "code" | "scan" | "show_names" | "follow" | "previous"
  | "next" | "reveal" | "hide" | "answered" | "step" | "right" | "no_answers" | "no_key"
  | "wrong_key" | "unreachable" | "no_capture" | "waiting" | "no_question" | "students";

export const WORDS: Record<Locale, Record<Key, string>> = {
  en: {
    title: "The class, live",
    language: "Language",
    open: "Students open",
    code: "Class code",
    scan: "or scan",
    show_names: "Show names",
    follow: "Follow the class",
    previous: "Previous question",
    next: "Next question",
    reveal: "Reveal the answer",
    hide: "Hide the answer",
    answered: "{n} of {m} have answered",
    step: "Step {n}",
    right: "Right answer",
    no_answers: "No answers yet.",
    no_key: "This page needs the teacher's key: open the address serve printed (it ends with #key=...).",
    wrong_key: "The hub refused this key: open the teacher's page address serve printed.",
    unreachable: "The hub does not answer. Is serve still running?",
    no_capture: "No capture",
    waiting: "Waiting for the class to start a lesson...",
    no_question: "This lesson asks no question.",
    students: "{n} students",
  },
  fr: {
    title: "La classe, en direct",
    language: "Langue",
    open: "Ouvrez l'adresse",
    code: "Code de la classe",
    scan: "ou scannez",
    show_names: "Afficher les noms",
    follow: "Suivre la classe",
    previous: "Question précédente",
    next: "Question suivante",
    reveal: "Afficher la réponse",
    hide: "Masquer la réponse",
    answered: "Réponses : {n} sur {m}",
    step: "Étape {n}",
    right: "Bonne réponse",
    no_answers: "Pas encore de réponse.",
    no_key: "Il faut la clé de l'enseignant : ouvrez l'adresse affichée par serve.py (elle se termine par #key=…).",
    wrong_key: "serve.py a refusé cette clé : ouvrez l'adresse de la page de l'enseignant affichée par serve.py.",
    unreachable: "Le serveur ne répond pas. serve.py est-il toujours lancé sur cet ordinateur ?",
    no_capture: "Pas de prise",
    waiting: "En attente que la classe commence une leçon…",
    no_question: "Cette leçon ne pose pas de question.",
    students: "{n} élèves",
  },
  sw: {
    title: "Darasa mubashara",
    language: "Lugha",
    open: "Wanafunzi wafungue",
    code: "Msimbo wa darasa",
    scan: "au changanua",
    show_names: "Onyesha majina",
    follow: "Fuata darasa",
    previous: "Swali lililotangulia",
    next: "Swali linalofuata",
    reveal: "Onyesha jibu",
    hide: "Ficha jibu",
    answered: "Waliojibu: {n} kati ya {m}",
    step: "Sehemu {n}",
    right: "Jibu sahihi",
    no_answers: "Bado hakuna majibu.",
    no_key: "Ukurasa huu unahitaji ufunguo wa mwalimu: fungua anwani iliyoonyeshwa na serve (inaishia na #key=…).",
    wrong_key: "serve imekataa ufunguo huu: fungua anwani ya ukurasa wa mwalimu iliyoonyeshwa na serve.",
    unreachable: "serve haijibu. Je, bado inaendeshwa?",
    no_capture: "Hakuna ukamataji",
    waiting: "Tunasubiri darasa lianze somo...",
    no_question: "Somo hili haliulizi swali.",
    students: "wanafunzi {n}",
  },
  ko: {
    title: "우리 반 실시간 현황",
    language: "언어",
    open: "학생 접속 주소",
    code: "반 코드",
    scan: "또는 스캔",
    show_names: "이름 보기",
    follow: "반 진도 따라가기",
    previous: "이전 질문",
    next: "다음 질문",
    reveal: "정답 공개",
    hide: "정답 숨기기",
    answered: "{m}명 중 {n}명 응답",
    step: "{n}단계",
    right: "정답",
    no_answers: "아직 응답이 없습니다.",
    no_key: "이 페이지에는 교사 키가 필요합니다. serve가 출력한 주소(#key=...로 끝남)를 여세요.",
    wrong_key: "허브가 이 키를 거부했습니다. serve가 출력한 교사 페이지 주소를 여세요.",
    unreachable: "허브가 응답하지 않습니다. serve가 아직 실행 중인가요?",
    no_capture: "획득 없음",
    waiting: "학생들이 수업을 시작하기를 기다리는 중입니다…",
    no_question: "이 수업에는 질문이 없습니다.",
    students: "학생 {n}명",
  },
};

export function say(locale: Locale, key: Key, fields: Record<string, number | string> = {}): string {
  return WORDS[locale][key].replace(/\{(\w+)\}/g, (_, name: string) => String(fields[name] ?? ""));
}

export function pickLocale(saved: string | null, browser: string): Locale {
  const wanted = [saved ?? "", browser.slice(0, 2).toLowerCase()];
  return (wanted.find((l) => (LOCALES as readonly string[]).includes(l)) as Locale) ?? "en";
}

// -- the QR code --------------------------------------------------------------------------

/** The modules of the QR code of `text` (true: dark), by the qrcode-generator library. */
export function qrModules(text: string): boolean[][] {
  const code = qrcode(0, "M");
  code.addData(text, "Byte");
  code.make();
  const n = code.getModuleCount();
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => code.isDark(r, c)));
}

/** The QR code as SVG: one square per dark module, a quiet zone of 4 around. */
export function qrSvg(text: string, label: string): SVGSVGElement {
  const modules = qrModules(text);
  const size = modules.length + 8;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("class", "hub-qr");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("shape-rendering", "crispEdges");
  const back = document.createElementNS(SVG, "rect");
  back.setAttribute("width", String(size));
  back.setAttribute("height", String(size));
  back.setAttribute("fill", "#fff");
  svg.appendChild(back);
  modules.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (!dark) return;
      const m = document.createElementNS(SVG, "rect");
      m.setAttribute("x", String(c + 4));
      m.setAttribute("y", String(r + 4));
      m.setAttribute("width", "1");
      m.setAttribute("height", "1");
      m.setAttribute("fill", "#000");
      svg.appendChild(m);
    }),
  );
  return svg;
}

// -- which question, and its answers -------------------------------------------------------

/** A (lesson, step) of the class: the question asked at that step or the last one before
 * it (the class has just answered it), else the lesson's first. */
export function questionAt(questions: Questions, lesson: string, step: number): [LessonQuestions, Question] | null {
  const found = questions.lessons.find((l) => l.id === lesson);
  if (!found || found.questions.length === 0) return null;
  const before = found.questions.filter((q) => q.step <= step);
  return [found, before.length ? before[before.length - 1] : found.questions[0]];
}

/** Every question of every lesson, in order: what previous and next walk through. */
export function allQuestions(questions: Questions): [LessonQuestions, Question][] {
  return questions.lessons.flatMap((l) => l.questions.map((q) => [l, q] as [LessonQuestions, Question]));
}

/** An answer in one canonical form: holes sorted, a typed number as a number. */
export function canonical(given: Given): string {
  if (Array.isArray(given)) return JSON.stringify([...given].map((c) => [c[0], c[1]]).sort((a, b) => a[0] - b[0] || a[1] - b[1]));
  if (typeof given === "string" && /^\s*-?\d+\s*$/.test(given)) return String(Number(given));
  return JSON.stringify(given);
}

/** The answers to one question, merged by canonical form, most given first. */
export function merged(answers: Tally[]): Tally[] {
  const by = new Map<string, Tally>();
  for (const a of answers) {
    const key = canonical(a.given);
    const row = by.get(key);
    if (row) {
      row.count += a.count;
      if (a.names) row.names = [...(row.names ?? []), ...a.names];
    } else {
      by.set(key, { given: a.given, count: a.count, ...(a.names ? { names: [...a.names] } : {}) });
    }
  }
  return [...by.values()].sort((a, b) => b.count - a.count);
}

export function isRight(q: Question, given: Given): boolean {
  return canonical(given) === canonical(q.answer);
}

export function misconceptionOf(q: Question, given: Given, locale: Locale): string | null {
  const key = canonical(given);
  const wrong = q.wrong.find((w) => canonical(w.given) === key);
  return wrong ? wrong.text[locale] || wrong.text.en : null;
}

function holesOf(given: Given): Cells {
  return Array.isArray(given) ? given : [];
}

/** How many students clicked each hole: "row,col" -> count. */
export function holeCounts(answers: Tally[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const a of answers) for (const [r, c] of holesOf(a.given)) counts.set(`${r},${c}`, (counts.get(`${r},${c}`) ?? 0) + a.count);
  return counts;
}

export function answerLabel(q: Question, given: Given, locale: Locale, names?: Record<Locale, string[][]>): string {
  if (Array.isArray(given)) {
    if (given.length === 0) return say(locale, "no_capture");
    // The lessons' own names for the holes; where there are none, row and column from 1.
    return given.map(([r, c]) => names?.[locale]?.[r]?.[c] ?? `${r + 1}·${c + 1}`).join(", ");
  }
  if (typeof given === "string" && q.option_labels) return q.option_labels[locale]?.[given] ?? given;
  return String(given);
}

// -- drawing ------------------------------------------------------------------------------

function svgEl(tag: string, parent: Element, attrs: Record<string, string | number>, text?: string): SVGElement {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  parent.appendChild(e);
  return e;
}

/** The question's position, each hole with the number of students who clicked it. */
export function drawBoard(q: Question, answers: Tally[], reveal: boolean, locale: Locale): SVGSVGElement {
  const rows = q.board.length;
  const cols = q.board[0]?.length ?? 0;
  const cell = 80;
  const pad = 30;
  const counts = holeCounts(answers);
  const most = Math.max(1, ...counts.values());
  const right = new Set(reveal ? holesOf(q.answer).map(([r, c]) => `${r},${c}`) : []);
  const svg = document.createElementNS(SVG, "svg") as SVGSVGElement;
  svg.setAttribute("viewBox", `0 0 ${cols * cell + 2 * pad} ${rows * cell + 2 * pad}`);
  svg.setAttribute("class", "hub-board");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", q.question[locale] || q.question.en);
  svgEl("rect", svg, { x: 4, y: 4, width: cols * cell + 2 * pad - 8, height: rows * cell + 2 * pad - 8, rx: 24, class: "hub-board-wood" });
  // The line between North's rows and South's.
  const half = pad + (rows / 2) * cell;
  svgEl("line", svg, { x1: pad, x2: pad + cols * cell, y1: half, y2: half, class: "hub-board-middle" });
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const key = `${r},${c}`;
      const n = counts.get(key) ?? 0;
      const cx = pad + c * cell + cell / 2;
      const cy = pad + r * cell + cell / 2;
      const g = svgEl("g", svg, { class: "hub-hole" + (n ? " clicked" : "") + (right.has(key) ? " right" : ""), "data-row": r, "data-col": c, "data-count": n });
      const hole = svgEl("circle", g, { cx, cy, r: cell * 0.4, class: "hub-hole-pit" });
      if (n) hole.setAttribute("style", `fill-opacity: ${0.35 + (0.65 * n) / most}`);
      if (right.has(key)) svgEl("circle", g, { cx, cy, r: cell * 0.46, class: "hub-hole-right" });
      // The stones the hole holds, small, under the students' count.
      if (q.board[r][c] > 0) svgEl("text", g, { x: cx, y: cy + cell * 0.36, class: "hub-hole-stones" }, String(q.board[r][c]));
      if (n) svgEl("text", g, { x: cx, y: cy + 10, class: "hub-hole-count" }, String(n));
      if (right.has(key)) svgEl("text", g, { x: cx + cell * 0.3, y: cy - cell * 0.22, class: "hub-hole-check" }, "✓");
    }
  }
  return svg;
}

/** The answers as a list of bars (numbers and choices), or of answers (holes), each wrong
 * one with its misconception; names only when `names`. */
export function drawAnswers(q: Question, answers: Tally[], reveal: boolean, names: boolean, locale: Locale, bars: boolean, holeNames?: Record<Locale, string[][]>): HTMLElement {
  const list = el("ol", "hub-answers" + (bars ? " bars" : ""));
  const rows = merged(answers);
  if (bars && q.options) {
    // Every option gets its bar, chosen or not, so the chart does not move as answers come.
    for (const o of q.options) if (!rows.some((r) => canonical(r.given) === canonical(o))) rows.push({ given: o, count: 0 });
  }
  const most = Math.max(1, ...rows.map((r) => r.count));
  if (!rows.length) el("li", "hub-empty", list, say(locale, "no_answers"));
  for (const row of rows) {
    const right = reveal && isRight(q, row.given);
    const item = el("li", "hub-answer" + (right ? " right" : ""), list);
    item.dataset.given = canonical(row.given);
    item.dataset.count = String(row.count);
    const head = el("div", "hub-answer-head", item);
    el("span", "hub-answer-label", head, answerLabel(q, row.given, locale, holeNames));
    if (bars) {
      const bar = el("span", "hub-bar", head);
      bar.style.width = `${(100 * row.count) / most}%`;
    }
    el("span", "hub-answer-count", head, String(row.count));
    if (right) el("span", "hub-answer-right", head, `✓ ${say(locale, "right")}`);
    const why = reveal || !isRight(q, row.given) ? misconceptionOf(q, row.given, locale) : null;
    if (why) el("p", "hub-misconception", item, why);
    if (names && row.names?.length) el("p", "hub-names", item, row.names.join(", "));
  }
  return list;
}

// -- the page -------------------------------------------------------------------------------

export interface Fetcher {
  (path: string, key: string): Promise<{ status: number; data: unknown }>;
}

export const httpFetch: Fetcher = async (path, key) => {
  const response = await fetch(path, { headers: { "X-Teacher-Key": key }, cache: "no-store" });
  return { status: response.status, data: await response.json() };
};

export class HubPage {
  locale: Locale;
  info: Info | null = null;
  live: Live | null = null;
  following = true;
  reveal = false;
  names = false;
  index = 0; // in allQuestions(questions)
  readonly all: [LessonQuestions, Question][];
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly parts: Record<string, HTMLElement> = {};

  constructor(
    readonly root: HTMLElement,
    readonly questions: Questions,
    readonly key: string,
    readonly fetcher: Fetcher = httpFetch,
    locale?: Locale,
  ) {
    this.locale = locale ?? pickLocale(safeGet(LOCALE_KEY), navigator.language || "en");
    this.all = allQuestions(questions);
    this.build();
  }

  private build(): void {
    const p = this.parts;
    this.root.replaceChildren();
    this.root.classList.add("hub");
    const top = el("header", "hub-top", this.root);
    p.title = el("h1", "hub-title", top);
    const language = el("label", "hub-language", top);
    p.languageLabel = el("span", "", language);
    const select = el("select", "hub-language-select", language);
    for (const l of LOCALES) {
      const o = el("option", "", select, { en: "English", fr: "Français", sw: "Kiswahili", ko: "한국어" }[l]);
      o.value = l;
    }
    select.value = this.locale;
    select.addEventListener("change", () => {
      this.locale = select.value as Locale;
      safeSet(LOCALE_KEY, this.locale);
      this.render();
    });
    p.select = select;
    p.status = el("p", "hub-status", this.root);
    p.status.setAttribute("role", "status");
    const join = el("section", "hub-join", this.root);
    const where = el("div", "hub-where", join);
    p.openLabel = el("div", "hub-label", where);
    p.address = el("div", "hub-address", where);
    p.codeLabel = el("div", "hub-label", where);
    p.code = el("div", "hub-code", where);
    const qr = el("div", "hub-qr-box", join);
    p.scan = el("div", "hub-label", qr);
    p.qr = el("div", "hub-qr-holder", qr);
    const live = el("section", "hub-live", this.root);
    const nav = el("div", "hub-nav", live);
    p.previous = this.button(nav, "hub-previous", () => this.move(-1));
    p.next = this.button(nav, "hub-next", () => this.move(1));
    p.follow = this.toggle(nav, "hub-follow", true, (on) => {
      this.following = on;
      this.render();
    });
    p.showNames = this.toggle(nav, "hub-show-names", false, (on) => {
      this.names = on;
      void this.poll();
    });
    p.reveal = this.button(nav, "hub-reveal", () => {
      this.reveal = !this.reveal;
      this.render();
    });
    p.reveal.setAttribute("aria-pressed", "false");
    p.lesson = el("h2", "hub-lesson", live);
    p.question = el("p", "hub-question", live);
    p.answered = el("p", "hub-answered", live);
    p.drawing = el("div", "hub-drawing", live);
    this.render();
  }

  private button(parent: HTMLElement, cls: string, onClick: () => void): HTMLButtonElement {
    const b = el("button", `hub-button ${cls}`, parent);
    b.type = "button";
    b.addEventListener("click", onClick);
    return b;
  }

  private toggle(parent: HTMLElement, cls: string, on: boolean, change: (on: boolean) => void): HTMLElement {
    const label = el("label", `hub-toggle ${cls}`, parent);
    const box = el("input", "", label);
    box.type = "checkbox";
    box.checked = on;
    box.addEventListener("change", () => change(box.checked));
    el("span", "", label);
    return label;
  }

  /** The question shown: the class's, when following it, else the teacher's choice. */
  shown(): [LessonQuestions, Question] | null {
    const current = this.live?.current;
    if (this.following && current) {
      const found = questionAt(this.questions, current.lesson, current.step);
      if (found) {
        const at = this.all.findIndex(([l, q]) => l === found[0] && q === found[1]);
        if (at !== this.index) this.reveal = false; // a new question: its answer hidden
        this.index = at;
      }
    }
    return this.all[this.index] ?? null;
  }

  move(by: number): void {
    const next = Math.min(this.all.length - 1, Math.max(0, this.index + by));
    this.following = false;
    (this.parts.follow.querySelector("input") as HTMLInputElement).checked = false;
    if (next !== this.index) this.reveal = false;
    this.index = next;
    this.render();
  }

  render(): void {
    const p = this.parts;
    const shown = this.shown(); // first: a new question hides its answer again
    const t = (key: Key, fields?: Record<string, number | string>) => say(this.locale, key, fields);
    document.documentElement.lang = this.locale;
    p.title.textContent = t("title");
    p.languageLabel.textContent = t("language");
    p.openLabel.textContent = t("open");
    p.codeLabel.textContent = t("code");
    p.scan.textContent = t("scan");
    p.previous.textContent = `← ${t("previous")}`;
    p.next.textContent = `${t("next")} →`;
    (p.follow.lastChild as HTMLElement).textContent = t("follow");
    (p.showNames.lastChild as HTMLElement).textContent = t("show_names");
    p.reveal.textContent = this.reveal ? t("hide") : t("reveal");
    p.reveal.setAttribute("aria-pressed", String(this.reveal));
    if (this.info) {
      p.address.textContent = this.info.address;
      p.code.textContent = this.info.code;
      if (p.qr.dataset.text !== this.info.join) {
        p.qr.replaceChildren(qrSvg(this.info.join, this.info.join));
        p.qr.dataset.text = this.info.join;
      }
    }
    (p.previous as HTMLButtonElement).disabled = this.index <= 0;
    (p.next as HTMLButtonElement).disabled = this.index >= this.all.length - 1;
    if (!shown) {
      p.lesson.textContent = "";
      p.question.textContent = t("no_question");
      p.answered.textContent = "";
      p.drawing.replaceChildren();
      return;
    }
    const [lesson, q] = shown;
    p.lesson.textContent = `${lesson.title[this.locale] || lesson.title.en} · ${t("step", { n: q.step })}`;
    p.question.textContent = q.question[this.locale] || q.question.en;
    const live = this.live?.questions.find((x) => x.lesson === lesson.id && x.step === q.step);
    const answers = live?.answers ?? [];
    p.answered.textContent = t("answered", { n: live?.answered ?? 0, m: this.live?.joined ?? 0 });
    const holes = !(q.ask === "number" || q.ask === "choice");
    const parts: Element[] = [];
    if (holes) parts.push(drawBoard(q, answers, this.reveal, this.locale));
    parts.push(drawAnswers(q, answers, this.reveal, this.names, this.locale, !holes, lesson.hole_names));
    p.drawing.replaceChildren(...parts);
    p.drawing.dataset.lesson = lesson.id;
    p.drawing.dataset.step = String(q.step);
  }

  private problem(key: Key | null): void {
    this.parts.status.textContent = key ? say(this.locale, key) : "";
    this.parts.status.hidden = key === null;
  }

  /** Ask the hub for the class's info (once) and answers; draw them. */
  async poll(): Promise<void> {
    if (!this.key) {
      this.problem("no_key");
      return;
    }
    try {
      if (!this.info) {
        const got = await this.fetcher("/class/info", this.key);
        if (got.status === 403) return this.problem("wrong_key");
        if (got.status !== 200) return this.problem("unreachable");
        this.info = got.data as Info;
        // The marking notebook, opened from this laptop, fetches the hand-ins with it.
        safeSet(TEACHER_KEY, this.key);
      }
      const got = await this.fetcher(`/class/live${this.names ? "?names=1" : ""}`, this.key);
      if (got.status === 403) return this.problem("wrong_key");
      if (got.status !== 200) return this.problem("unreachable");
      this.live = got.data as Live;
      this.problem(null);
    } catch {
      this.problem("unreachable");
    }
    this.render();
  }

  start(): void {
    void this.poll();
    this.timer = setInterval(() => void this.poll(), POLL_MS);
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }
}

/** Where this laptop's browser keeps the teacher's key once the page has opened with
 * it (js/work.ts reads it to fetch the hand-ins for the marking notebook). */
export const TEACHER_KEY = "mancala-widgets:teacher-key";

function safeGet(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function safeSet(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* not kept: the page still works in this language */
  }
}

/** The key in the page's address (`#key=...`): a fragment is never sent to a server. */
export function keyFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, "")).get("key") ?? "";
}

/** Start the page in `root` (hub/index.html calls this). */
export async function main(root: HTMLElement): Promise<HubPage> {
  const key = keyFromHash(window.location.hash);
  const response = await fetch("questions.json", { cache: "no-cache" });
  const questions = (await response.json()) as Questions;
  const page = new HubPage(root, questions, key);
  page.start();
  return page;
}
