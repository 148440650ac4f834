import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EARLIER, keep, type KeepModel, type StorageMessage } from "./keep";
import work from "./work";

const KEY = "mancala-widgets:work:en:02-kisolo-pussa-kanawa";

function fake(store = "browser") {
  const sent: StorageMessage[] = [];
  const listeners = new Set<(m: unknown) => void>();
  const traits: Record<string, string> = { store, store_key: KEY, view: "workbook" };
  const model = {
    get: (k: string) => traits[k],
    send: (m: StorageMessage) => void sent.push(m),
    on: (_e: string, f: (m: unknown) => void) => void listeners.add(f),
    off: (_e: string, f: (m: unknown) => void) => void listeners.delete(f),
    custom(m: unknown) {
      for (const f of listeners) f(m);
    },
  };
  return { model, sent, listeners };
}

const WORK = { format: "mancala-widgets/work", version: 1, items: { "lesson:nki": { answers: [{ step: 2 }] } } };

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe("the work kept in the browser", () => {
  it("tells Python there is nothing yet, then writes each save as it comes", () => {
    const { model, sent } = fake();
    keep(model);
    expect(sent).toEqual([{ kind: "stored", available: true, work: null, problem: null }]);
    model.custom({ kind: "keep", work: WORK, keep_earlier: false });
    expect(JSON.parse(window.localStorage.getItem(KEY)!)).toEqual(WORK);
    expect(sent).toHaveLength(1); // a write that works says nothing
  });

  it("gives the work kept last time back to Python on the next visit", () => {
    window.localStorage.setItem(KEY, JSON.stringify(WORK));
    const { model, sent } = fake();
    keep(model);
    expect(sent).toEqual([{ kind: "stored", available: true, work: WORK, problem: null }]);
  });

  it("keeps the earlier work as a copy when the student starts over", () => {
    window.localStorage.setItem(KEY, JSON.stringify(WORK));
    const { model } = fake();
    keep(model);
    model.custom({ kind: "keep", work: { ...WORK, items: {} }, keep_earlier: true });
    expect(JSON.parse(window.localStorage.getItem(KEY + EARLIER)!)).toEqual(WORK);
    expect(JSON.parse(window.localStorage.getItem(KEY)!).items).toEqual({});
  });

  it("says the kept work cannot be read, without losing it", () => {
    window.localStorage.setItem(KEY, "{not json");
    const { model, sent } = fake();
    keep(model);
    expect(sent).toEqual([{ kind: "stored", available: true, work: null, problem: "unreadable" }]);
    expect(window.localStorage.getItem(KEY)).toBe("{not json");
  });

  it("says when the browser refuses its storage (a private window, storage blocked)", () => {
    vi.spyOn(window, "localStorage", "get").mockImplementation(() => {
      throw new DOMException("Access is denied for this document.", "SecurityError");
    });
    const { model, sent } = fake();
    keep(model);
    expect(sent).toEqual([{ kind: "stored", available: false, work: null, problem: "refused" }]);
  });

  it("says once when the storage is full, and once when a save gets through again", () => {
    const { model, sent } = fake();
    keep(model);
    const setItem = vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    model.custom({ kind: "keep", work: WORK, keep_earlier: false });
    model.custom({ kind: "keep", work: WORK, keep_earlier: false });
    setItem.mockRestore();
    model.custom({ kind: "keep", work: WORK, keep_earlier: false });
    expect(sent.slice(1)).toEqual([
      { kind: "kept", problem: "full" },
      { kind: "kept", problem: null },
    ]);
  });

  it("ignores anything but a save, and a workbook kept in a file never touches the storage", () => {
    const { model } = fake();
    keep(model);
    for (const m of [null, { kind: "keep" }, { kind: "keep", work: "x" }, { kind: "download", work: WORK }]) model.custom(m);
    expect(window.localStorage.getItem(KEY)).toBeNull();
    const file = fake("file");
    const stop = keep(file.model);
    expect(file.sent).toEqual([]);
    expect(file.listeners.size).toBe(0);
    stop();
  });

  it("runs once per workbook model, stopped by its cleanup", () => {
    const { model, listeners } = fake();
    const stop = work.initialize({ model: model as never });
    model.custom({ kind: "keep", work: WORK, keep_earlier: false });
    expect(JSON.parse(window.localStorage.getItem(KEY)!)).toEqual(WORK);
    stop();
    expect(listeners.size).toBe(0);
  });
});
