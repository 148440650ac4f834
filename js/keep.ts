// Where the classroom site keeps a student's work: the browser's own storage, written
// by the workbook's front end. Python (the kernel in the student's browser) cannot
// reach the browser's storage at a class network's address (not a secure context, so
// no service worker): it sends each save here, and this writes it to localStorage,
// which every address has. It runs once per workbook model (anywidget's initialize),
// whether or not its view is on screen, so a save is never missed.

/** What the front end tells Python about the browser's storage. */
export type StorageMessage =
  | { kind: "stored"; available: boolean; work: unknown; problem: StorageProblem | null }
  | { kind: "kept"; problem: StorageProblem | null };

/** Why the browser keeps nothing, or could not write a save. */
export type StorageProblem = "refused" | "full" | "unreadable";

export interface KeepRequest {
  kind: "keep";
  work: unknown;
  keep_earlier: boolean;
}

export interface KeepModel {
  get(name: "store" | "store_key"): string;
  send(message: StorageMessage): void;
  on(event: string, callback: (...args: unknown[]) => void): void;
  off(event: string, callback: (...args: unknown[]) => void): void;
}

/** The key of the earlier copy a start over keeps. */
export const EARLIER = ":earlier";
const PROBE = "mancala-widgets:probe";

function storage(): Storage {
  const s = window.localStorage; // throws where storage is refused
  s.setItem(PROBE, "1");
  s.removeItem(PROBE);
  return s;
}

function isFull(error: unknown): boolean {
  return error instanceof DOMException && (error.name === "QuotaExceededError" || error.code === 22);
}

/** What the browser holds under `key`, as the report Python waits for. */
export function report(key: string): StorageMessage {
  let s: Storage;
  try {
    s = storage();
  } catch (error) {
    return { kind: "stored", available: false, work: null, problem: isFull(error) ? "full" : "refused" };
  }
  const text = s.getItem(key);
  if (text === null) return { kind: "stored", available: true, work: null, problem: null };
  try {
    return { kind: "stored", available: true, work: JSON.parse(text), problem: null };
  } catch {
    return { kind: "stored", available: true, work: null, problem: "unreadable" };
  }
}

/** Write one save; the problem if it could not be written. */
export function write(key: string, request: KeepRequest): StorageProblem | null {
  try {
    const s = window.localStorage;
    if (request.keep_earlier) {
      const before = s.getItem(key);
      if (before !== null) s.setItem(key + EARLIER, before);
    }
    s.setItem(key, JSON.stringify(request.work));
    return null;
  } catch (error) {
    return isFull(error) ? "full" : "refused";
  }
}

/** Keep the work of a workbook model whose store is the browser; a cleanup function. */
export function keep(model: KeepModel): () => void {
  if (model.get("store") !== "browser") return () => {};
  const key = model.get("store_key");
  let failed: StorageProblem | null = null;
  const onMessage = (message: unknown) => {
    const m = message as Partial<KeepRequest> | null;
    if (!m || m.kind !== "keep" || typeof m.work !== "object" || m.work === null) return;
    const problem = write(key, { kind: "keep", work: m.work, keep_earlier: m.keep_earlier === true });
    if (problem !== failed) model.send({ kind: "kept", problem });
    failed = problem;
  };
  model.on("msg:custom", onMessage);
  model.send(report(key));
  return () => model.off("msg:custom", onMessage);
}
