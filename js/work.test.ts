import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import work, { NAME_KEY, type WorkMessage, type WorkModel, type WorkTraits } from "./work";

let host: HTMLDivElement;
beforeEach(() => {
  document.body.innerHTML = "";
  window.localStorage.clear();
  host = document.createElement("div");
  document.body.appendChild(host);
});
afterEach(() => vi.restoreAllMocks());

const STRINGS = {
  continue: "Continue where I stopped", start_over: "Start over", restore: "Put this notebook back…",
  restore_confirm: "This replaces the notebook. Go on?", restore_yes: "Yes, put it back", cancel: "Cancel",
  label: "Your work", title: "Hand in your work", intro: "Type your name.", name: "Your name",
  name_placeholder: "your name", button: "Hand in",
};

function fake(extra: Partial<WorkTraits> = {}) {
  const traits: WorkTraits = {
    view: "workbook", strings: STRINGS, locale: "en", status: null, mode: "keeping", file: "x.work.json",
    student: "", text: "", label: "", can_continue: false, store: "file", store_key: "", hub: "", ...extra,
  };
  const sent: WorkMessage[] = [];
  const listeners = new Map<string, Set<(...a: unknown[]) => void>>();
  const model: WorkModel & { update(p: Partial<WorkTraits>): void; custom(m: unknown): void } = {
    get: (k) => traits[k],
    send: (m) => sent.push(m),
    on: (e, f) => void (listeners.get(e) ?? listeners.set(e, new Set()).get(e)!).add(f),
    off: (e, f) => void listeners.get(e)?.delete(f),
    update(p) {
      Object.assign(traits, p);
      for (const k of Object.keys(p)) for (const f of listeners.get(`change:${k}`) ?? []) f();
    },
    custom(m) {
      for (const f of listeners.get("msg:custom") ?? []) f(m);
    },
  };
  return { model, sent, listeners };
}

const click = (selector: string) => (host.querySelector(selector) as HTMLButtonElement).click();
const shown = (selector: string) => !(host.querySelector(selector) as HTMLElement).closest("[hidden]");

describe("the workbook", () => {
  it("says where the work is kept, as text, and asks nothing when there is no earlier work", () => {
    const { model } = fake({ status: { kind: "said", text: "<b>kept</b> in x.work.json" } });
    work.render({ model, el: host });
    const status = host.querySelector(".mw-work-status")!;
    expect(status.textContent).toBe("<b>kept</b> in x.work.json");
    expect(status.querySelector("b")).toBeNull();
    expect(status.getAttribute("role")).toBe("status");
    expect(shown(".mw-work-continue")).toBe(false);
    expect(host.querySelector(".mw-workbook")!.getAttribute("aria-label")).toBe("Your work");
  });

  it("offers continue or start over when earlier work was found, and sends the choice", () => {
    const { model, sent } = fake({ mode: "asking", can_continue: true, status: { kind: "said", text: "Continue?" } });
    work.render({ model, el: host });
    expect(shown(".mw-work-continue")).toBe(true);
    expect(shown(".mw-work-start-over")).toBe(true);
    click(".mw-work-continue");
    click(".mw-work-start-over");
    expect(sent).toEqual([{ kind: "continue" }, { kind: "start_over" }]);
    model.update({ mode: "continued", status: { kind: "done", text: "Continuing." } });
    expect(shown(".mw-work-continue")).toBe(false);
    expect(host.querySelector(".mw-work-status")!.className).toContain("mw-right");
  });

  it("offers only start over when the earlier work cannot be read", () => {
    const { model } = fake({ mode: "asking", can_continue: false, status: { kind: "error", text: "cannot be read" } });
    work.render({ model, el: host });
    expect(shown(".mw-work-start-over")).toBe(true);
    expect(shown(".mw-work-continue")).toBe(false);
    expect(host.querySelector(".mw-work-status")!.className).toContain("mw-wrong");
  });

  it("puts the notebook back only after the student says yes, and cancel sends nothing", () => {
    const { model, sent } = fake();
    work.render({ model, el: host });
    expect(shown(".mw-work-confirm")).toBe(false);
    click(".mw-work-restore");
    expect(shown(".mw-work-confirm")).toBe(true);
    expect(document.activeElement).toBe(host.querySelector(".mw-work-cancel"));
    click(".mw-work-cancel");
    expect(sent).toEqual([]);
    expect(shown(".mw-work-restore")).toBe(true);
    click(".mw-work-restore");
    click(".mw-work-restore-yes");
    expect(sent).toEqual([{ kind: "restore" }]);
    expect(shown(".mw-work-confirm")).toBe(false);
  });

  it("stops listening when removed", () => {
    const { model, listeners } = fake();
    const cleanup = work.render({ model, el: host });
    cleanup();
    for (const set of listeners.values()) expect(set.size).toBe(0);
    expect(host.children.length).toBe(0);
  });
});

describe("the Hand in form", () => {
  it("fills in the name the browser remembers, and sends the name typed", () => {
    window.localStorage.setItem(NAME_KEY, "Mbuyi");
    const { model, sent } = fake({ view: "handin" });
    work.render({ model, el: host });
    const name = host.querySelector(".mw-handin-name") as HTMLInputElement;
    expect(name.value).toBe("Mbuyi");
    expect(name.closest("label")!.textContent).toContain("Your name");
    name.value = "  Ngalula Tshibola ";
    click(".mw-handin-button");
    expect(sent).toEqual([{ kind: "hand_in", student: "Ngalula Tshibola" }]);
    expect(window.localStorage.getItem(NAME_KEY)).toBe("Ngalula Tshibola");
    name.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter" }));
    expect(sent.length).toBe(2);
  });

  it("prefers the name the notebook kept, and shows what was handed in as text", () => {
    window.localStorage.setItem(NAME_KEY, "Someone else");
    const { model } = fake({ view: "handin", student: "Kabongo" });
    work.render({ model, el: host });
    expect((host.querySelector(".mw-handin-name") as HTMLInputElement).value).toBe("Kabongo");
    model.update({ status: { kind: "done", text: "Handed in: <i>x</i>.handin.json" } });
    expect(host.querySelector(".mw-work-status")!.textContent).toBe("Handed in: <i>x</i>.handin.json");
    expect(host.querySelector("i")).toBeNull();
  });

  it("saves the file Python sends as a download, and ignores any other message", () => {
    vi.useFakeTimers();
    const made: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => (made.push(b), "blob:hand-in")) as typeof URL.createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { model } = fake({ view: "handin" });
    work.render({ model, el: host });
    model.custom({ kind: "download", file: "Mbuyi-02.handin.json", text: '{"a": 1}' });
    model.custom({ kind: "download", file: 3, text: "x" });
    model.custom({ kind: "run", code: "alert(1)" });
    model.custom(null);
    expect(clicked.length).toBe(1);
    expect(clicked[0].download).toBe("Mbuyi-02.handin.json");
    expect(clicked[0].href).toBe("blob:hand-in");
    expect(made[0].type).toBe("application/json");
    vi.runAllTimers(); // the file's address is let go after a minute
    expect(URL.revokeObjectURL).toHaveBeenCalledWith("blob:hand-in");
    vi.useRealTimers();
    expect(document.querySelectorAll("a[download]").length).toBe(0);
  });
});

describe("a download button", () => {
  it("saves the text it holds when pressed", () => {
    URL.createObjectURL = vi.fn(() => "blob:marks") as typeof URL.createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { model } = fake({ view: "download", file: "marks.csv", text: "student\n", label: "Download the marks" });
    work.render({ model, el: host });
    const b = host.querySelector(".mw-download-button") as HTMLButtonElement;
    expect(b.textContent).toBe("Download the marks");
    b.click();
    expect(names).toEqual(["marks.csv"]);
  });
});
