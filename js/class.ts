// A student's device and the class's hub (the teacher's laptop running serve.py): joining
// with a name and the class code, sending each answer and step as it happens, and
// handing in. The browser remembers the class for every lesson (localStorage). Only
// what Python gives it to send leaves the device: answers, steps, a hand-in.

/** Where the browser remembers the class it joined: {hub, code, student}. */
export const CLASS_KEY = "mancala-widgets:class";
/** A random name for this device, so the teacher counts students, not answers. */
export const DEVICE_KEY = "mancala-widgets:device";
/** The class code the landing page was opened with (`?class=K7QP`, the QR code's). */
export const CODE_KEY = "mancala-widgets:class-code";
/** Said on the window when this page joins or leaves a class. */
export const CHANGED = "mancala-widgets:class-changed";

export interface Membership {
  /** The hub's address ("" for the site's own server). */
  hub: string;
  code: string;
  student: string;
}

export type JoinResult = "joined" | "wrong_code" | "bad_name" | "unreachable" | "busy";

export type Delivery =
  | { kind: "delivered"; file: string; receipt: string; received: string }
  | { kind: "not_delivered"; why: "unreachable" | "refused" };

const TIMEOUT_MS = 8000;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    /* storage refused: the class is remembered for this page only */
  }
}

/** The class joined in this page when the browser keeps nothing (a private window): on
 * the window, since each widget may load its own copy of this module. */
const HERE = "__mancalaWidgetsClass";
type Here = { [HERE]?: Membership | null };
const joinedHere = (): Membership | null => (window as unknown as Here)[HERE] ?? null;
const setJoinedHere = (m: Membership | null) => ((window as unknown as Here)[HERE] = m);

/** The class this browser joined, or null. */
export function membership(): Membership | null {
  const text = read(CLASS_KEY);
  if (text === null) return joinedHere();
  try {
    const m = JSON.parse(text) as Partial<Membership>;
    if (typeof m.hub === "string" && typeof m.code === "string" && typeof m.student === "string") {
      return { hub: m.hub, code: m.code, student: m.student };
    }
  } catch {
    /* not ours: as if no class */
  }
  return null;
}

/** This device's random name, made once. */
export function device(): string {
  let id = read(DEVICE_KEY);
  if (!id || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
    const bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    write(DEVICE_KEY, id);
  }
  return id;
}

/** The class code the landing page was opened with, if any. */
export function codeFromLanding(): string {
  return read(CODE_KEY) ?? "";
}

function url(hub: string, path: string): string {
  return `${hub.replace(/\/+$/, "")}/class/${path}`;
}

/** POST `body` to the hub (as text/plain, so no preflight); the status and the answer. */
export async function post(hub: string, path: string, body: unknown): Promise<{ status: number; data: unknown }> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
  try {
    const response = await fetch(url(hub, path), {
      method: "POST",
      headers: { "Content-Type": "text/plain;charset=UTF-8" },
      body: JSON.stringify(body),
      signal: abort.signal,
      cache: "no-store",
    });
    let data: unknown = null;
    try {
      data = await response.json();
    } catch {
      /* not JSON: the status says enough */
    }
    return { status: response.status, data };
  } finally {
    clearTimeout(timer);
  }
}

/** Whether a class's hub answers at `hub` ("" : the server this page came from). */
export async function hubThere(hub: string): Promise<boolean> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
  try {
    const response = await fetch(url(hub, "status"), { signal: abort.signal, cache: "no-store" });
    if (!response.ok) return false;
    const data = (await response.json()) as { hub?: unknown };
    return data.hub === "mancala-widgets";
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

function said(): void {
  window.dispatchEvent(new CustomEvent(CHANGED));
}

/** Join the class at `hub` with `code` as `student`; remembered when it works. */
export async function join(hub: string, code: string, student: string): Promise<JoinResult> {
  const name = student.trim();
  const clean = code.trim().toUpperCase();
  if (!name || name.length > 120) return "bad_name";
  if (!/^[A-Z0-9]{3,12}$/.test(clean)) return "wrong_code";
  let answer;
  try {
    answer = await post(hub, "join", { code: clean, student: name });
  } catch {
    return "unreachable";
  }
  if (answer.status === 200) {
    const joined = { hub, code: clean, student: name };
    setJoinedHere(joined);
    write(CLASS_KEY, JSON.stringify(joined));
    said();
    return "joined";
  }
  if (answer.status === 403) return "wrong_code";
  if (answer.status === 429) return "busy";
  if (answer.status === 400) return "bad_name";
  return "unreachable";
}

export function leave(): void {
  setJoinedHere(null);
  write(CLASS_KEY, null);
  said();
}

/** One answer or step, as Python gives it (classroom/live.py). */
export interface LiveEvent {
  kind: "answer" | "progress";
  lesson: string;
  step: number;
  given?: unknown;
  locale?: string;
}

const RETRIES = [1000, 3000, 9000];

/** Send the events to the class's hub, in order, each tried again a few times when the
 * laptop does not answer; dropped when this browser joined no class. */
export class Outbox {
  private queue: { event: LiveEvent; tries: number }[] = [];
  private busy = false;

  add(events: LiveEvent[]): void {
    if (!membership()) return;
    for (const event of events) this.queue.push({ event, tries: 0 });
    void this.flush();
  }

  get waiting(): number {
    return this.queue.length;
  }

  private async flush(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      while (this.queue.length) {
        const m = membership();
        if (!m) {
          this.queue = [];
          break;
        }
        const item = this.queue[0];
        const { kind, ...rest } = item.event;
        let status = 0;
        try {
          status = (await post(m.hub, kind, { ...rest, code: m.code, student: m.student, device: device() })).status;
        } catch {
          status = 0;
        }
        if (status === 200 || (status >= 400 && status < 500 && status !== 429)) {
          this.queue.shift(); // sent, or refused for good: trying again would not help
          continue;
        }
        if (item.tries >= RETRIES.length) {
          this.queue.shift();
          continue;
        }
        await new Promise((done) => setTimeout(done, RETRIES[item.tries]));
        item.tries += 1;
      }
    } finally {
      this.busy = false;
    }
  }
}

/** A time the hub sends (ISO, UTC) as the clock on the classroom's wall reads it:
 * `2026-12-05 10:04` in this device's time zone. */
export function wallClock(iso: string): string {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return iso;
  const two = (n: number) => String(n).padStart(2, "0");
  return `${when.getFullYear()}-${two(when.getMonth() + 1)}-${two(when.getDate())} ${two(when.getHours())}:${two(when.getMinutes())}`;
}

/** Hand in `text` (a hand-in file) to the class's hub: the receipt, or why not. */
export async function deliver(text: string): Promise<Delivery> {
  const m = membership();
  if (!m) return { kind: "not_delivered", why: "unreachable" };
  let answer;
  try {
    answer = await post(m.hub, "hand-in", { code: m.code, hand_in: JSON.parse(text) });
  } catch {
    return { kind: "not_delivered", why: "unreachable" };
  }
  const data = answer.data as Partial<{ file: string; receipt: string; received: string }> | null;
  if (
    answer.status === 200 &&
    data &&
    typeof data.file === "string" &&
    typeof data.receipt === "string" &&
    typeof data.received === "string"
  ) {
    return { kind: "delivered", file: data.file, receipt: data.receipt, received: wallClock(data.received) };
  }
  return { kind: "not_delivered", why: answer.status >= 400 && answer.status < 500 && answer.status !== 429 ? "refused" : "unreachable" };
}

/** Where the teacher's page left the teacher's key in this laptop's browser (hub.ts). */
export const TEACHER_KEY = "mancala-widgets:teacher-key";

export type Fetched =
  | { kind: "hand_ins"; files: { file: string; text: string }[] }
  | { kind: "not_fetched"; why: "no_key" | "wrong_key" | "no_hub" | "unreachable" };

/** Every hand-in the hub on this laptop received, asked with the teacher's key (for the
 * marking notebook, whose Python cannot read the laptop's folder). */
export async function fetchHandIns(): Promise<Fetched> {
  const key = read(TEACHER_KEY);
  if (!key) return { kind: "not_fetched", why: "no_key" };
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), TIMEOUT_MS * 4);
  try {
    const response = await fetch(url("", "hand-ins"), { headers: { "X-Teacher-Key": key }, signal: abort.signal, cache: "no-store" });
    if (response.status === 403) return { kind: "not_fetched", why: "wrong_key" };
    if (response.status === 404) return { kind: "not_fetched", why: "no_hub" };
    if (!response.ok) return { kind: "not_fetched", why: "unreachable" };
    const data = (await response.json()) as { files?: unknown };
    const files = Array.isArray(data.files)
      ? data.files.filter(
          (f): f is { file: string; text: string } =>
            !!f && typeof (f as { file?: unknown }).file === "string" && typeof (f as { text?: unknown }).text === "string",
        )
      : [];
    return { kind: "hand_ins", files: files.map(({ file, text }) => ({ file, text })) };
  } catch {
    return { kind: "not_fetched", why: "unreachable" };
  } finally {
    clearTimeout(timer);
  }
}
