import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CLASS_KEY, CODE_KEY, deliver, device, join, leave, membership, Outbox } from "./class";
import work, { type WorkMessage, type WorkModel, type WorkTraits } from "./work";

type Call = { url: string; body: Record<string, unknown> | null };
let calls: Call[];
let answer: (url: string, body: Record<string, unknown> | null) => { status: number; data?: unknown } | "down";

beforeEach(() => {
  document.body.innerHTML = "";
  window.localStorage.clear();
  calls = [];
  answer = () => ({ status: 200, data: { ok: true } });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : null;
      calls.push({ url, body });
      const a = answer(url, body);
      if (a === "down") throw new TypeError("Failed to fetch");
      return new Response(JSON.stringify(a.data ?? {}), { status: a.status });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  leave();
});

const settle = () => new Promise((done) => setTimeout(done, 0));

describe("joining a class", () => {
  it("sends the name and the code, and remembers both for every lesson", async () => {
    expect(await join("", " k7qp ", " Mbuyi ")).toBe("joined");
    expect(calls).toEqual([{ url: "/class/join", body: { code: "K7QP", student: "Mbuyi" } }]);
    expect(membership()).toEqual({ hub: "", code: "K7QP", student: "Mbuyi" });
    expect(JSON.parse(window.localStorage.getItem(CLASS_KEY)!)).toEqual({ hub: "", code: "K7QP", student: "Mbuyi" });
    leave();
    expect(membership()).toBeNull();
  });

  it("says why it could not join, and remembers nothing then", async () => {
    answer = () => ({ status: 403 });
    expect(await join("http://192.168.1.5:8000", "ABCD", "Mbuyi")).toBe("wrong_code");
    expect(calls[0].url).toBe("http://192.168.1.5:8000/class/join");
    answer = () => ({ status: 429 });
    expect(await join("", "ABCD", "Mbuyi")).toBe("busy");
    answer = () => "down";
    expect(await join("", "ABCD", "Mbuyi")).toBe("unreachable");
    expect(await join("", "ABCD", "  ")).toBe("bad_name");
    expect(await join("", "no code!", "Mbuyi")).toBe("wrong_code");
    expect(membership()).toBeNull();
    expect(calls).toHaveLength(3); // a blank name or an impossible code is not sent
  });

  it("gives this device one random name, kept", () => {
    const id = device();
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(device()).toBe(id);
  });
});

describe("sending answers as they happen", () => {
  it("sends nothing from a browser that joined no class", async () => {
    new Outbox().add([{ kind: "answer", lesson: "nki", step: 2, given: 4, locale: "en" }]);
    await settle();
    expect(calls).toEqual([]);
  });

  it("sends each answer and step in order, with the class code and this device", async () => {
    await join("", "K7QP", "Mbuyi");
    calls = [];
    const box = new Outbox();
    box.add([
      { kind: "progress", lesson: "nki", step: 2 },
      { kind: "answer", lesson: "nki", step: 2, given: [[1, 3]], locale: "fr" },
    ]);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map((c) => c.url)).toEqual(["/class/progress", "/class/answer"]);
    expect(calls[1].body).toEqual({
      lesson: "nki", step: 2, given: [[1, 3]], locale: "fr", code: "K7QP", student: "Mbuyi", device: device(),
    });
  });

  it("tries again when the laptop does not answer, and gives up on a refusal", async () => {
    await join("", "K7QP", "Mbuyi");
    vi.useFakeTimers();
    calls = [];
    let down = true;
    answer = (url) => (down ? "down" : url.endsWith("answer") ? { status: 400 } : { status: 200 });
    const box = new Outbox();
    box.add([{ kind: "progress", lesson: "nki", step: 3 }, { kind: "answer", lesson: "nki", step: 3, given: "x" }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    down = false;
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.url)).toEqual(["/class/progress", "/class/progress", "/class/answer"]);
    expect(box.waiting).toBe(0);
  });
});

describe("handing in to the teacher's laptop", () => {
  it("gives the hub's time as the device's clock reads it", async () => {
    const { wallClock } = await import("./class");
    expect(wallClock("not a time")).toBe("not a time");
    expect(wallClock("2026-12-05T10:04:09Z")).toMatch(/^2026-12-05 \d\d:04$/);
  });

  it("gives the receipt the laptop sends", async () => {
    await join("", "K7QP", "Mbuyi");
    answer = () => ({ status: 200, data: { ok: true, file: "Mbuyi-01.handin.json", receipt: "1a2b3c4d", received: "2026-12-05T10:00:00Z" } });
    const result = await deliver('{"format": "mancala-widgets/hand-in"}');
    const local = new Date("2026-12-05T10:00:00Z");
    const two = (n: number) => String(n).padStart(2, "0");
    const wall = `2026-12-${two(local.getDate())} ${two(local.getHours())}:${two(local.getMinutes())}`;
    expect(result).toEqual({ kind: "delivered", file: "Mbuyi-01.handin.json", receipt: "1a2b3c4d", received: wall });
    expect(calls.at(-1)!.body).toEqual({ code: "K7QP", hand_in: { format: "mancala-widgets/hand-in" } });
  });

  it("says the laptop could not be reached, or refused it", async () => {
    await join("", "K7QP", "Mbuyi");
    answer = () => "down";
    expect(await deliver("{}")).toEqual({ kind: "not_delivered", why: "unreachable" });
    answer = () => ({ status: 413 });
    expect(await deliver("{}")).toEqual({ kind: "not_delivered", why: "refused" });
  });
});

const STRINGS: Record<string, string> = {
  class_title: "Join your class", class_intro: "Type your name and the code.", class_name: "Your name",
  class_code: "Class code", class_join: "Join", class_joined: "In class {code} as {student}.",
  class_leave: "Leave the class", class_wrong_code: "That is not the class code.", class_unreachable: "No answer.",
  class_bad_name: "Type your name.", class_busy: "Busy.", title: "Hand in", intro: "Downloads a file.",
  intro_class: "Goes to your teacher's laptop.", name: "Your name", button: "Hand in", label: "Your work",
};

function fake(extra: Partial<WorkTraits> = {}) {
  const traits = {
    view: "workbook", strings: STRINGS, locale: "en", status: null, mode: "keeping", file: "", student: "",
    text: "", label: "", can_continue: false, store: "file", store_key: "", hub: "", ...extra,
  } as WorkTraits;
  const sent: WorkMessage[] = [];
  const listeners = new Map<string, Set<(...a: unknown[]) => void>>();
  const model: WorkModel & { custom(m: unknown): void } = {
    get: (k) => traits[k],
    send: (m) => sent.push(m),
    on: (e, f) => void (listeners.get(e) ?? listeners.set(e, new Set()).get(e)!).add(f),
    off: (e, f) => void listeners.get(e)?.delete(f),
    custom(m) {
      for (const f of listeners.get("msg:custom") ?? []) f(m);
    },
  };
  return { model, sent };
}

describe("the join form in a lesson", () => {
  it("is there only where a class's hub answers, with the landing page's code filled in", async () => {
    answer = () => ({ status: 404 });
    const host = document.body.appendChild(document.createElement("div"));
    work.render({ model: fake().model, el: host });
    await settle();
    expect((host.querySelector(".mw-class") as HTMLElement).hidden).toBe(true);
    window.localStorage.setItem(CODE_KEY, "K7QP");
    answer = (url) => (url.endsWith("status") ? { status: 200, data: { ok: true, hub: "mancala-widgets" } } : { status: 200 });
    const second = document.body.appendChild(document.createElement("div"));
    work.render({ model: fake().model, el: second });
    await vi.waitFor(() => expect((second.querySelector(".mw-class") as HTMLElement).hidden).toBe(false));
    expect((second.querySelector(".mw-class-code") as HTMLInputElement).value).toBe("K7QP");
  });

  it("joins, then says the class and the name as text, and the Hand in form says where work goes", async () => {
    answer = (url) => (url.endsWith("status") ? { status: 200, data: { hub: "mancala-widgets" } } : { status: 200 });
    const host = document.body.appendChild(document.createElement("div"));
    work.render({ model: fake().model, el: host });
    const handin = fake({ view: "handin" });
    work.render({ model: handin.model, el: host });
    const stop = work.initialize({ model: handin.model });
    expect(handin.sent).toEqual([{ kind: "class", joined: false }]);
    await vi.waitFor(() => expect((host.querySelector(".mw-class") as HTMLElement).hidden).toBe(false));
    (host.querySelector(".mw-class-name") as HTMLInputElement).value = "<b>Mbuyi</b>";
    const code = host.querySelector(".mw-class-code") as HTMLInputElement;
    code.value = "k7qp";
    code.focus(); // joined from the keyboard: the focus is not lost with the form
    (host.querySelector(".mw-class-join") as HTMLButtonElement).click();
    await vi.waitFor(() => expect((host.querySelector(".mw-class-joined") as HTMLElement).hidden).toBe(false));
    expect(document.activeElement).toBe(host.querySelector(".mw-class-leave"));
    expect(host.querySelector(".mw-class-joined-text")!.getAttribute("role")).toBe("status");
    expect(host.querySelector(".mw-class-joined-text")!.textContent).toBe("In class K7QP as <b>Mbuyi</b>.");
    expect(host.querySelector(".mw-class b")).toBeNull();
    expect(host.querySelector(".mw-handin-intro")!.textContent).toBe("Goes to your teacher's laptop.");
    expect((host.querySelector(".mw-handin-name") as HTMLInputElement).value).toBe("<b>Mbuyi</b>");
    expect(handin.sent.at(-1)).toEqual({ kind: "class", joined: true });
    stop();
  });

  it("shows a refused code in the lesson's words", async () => {
    answer = (url) => (url.endsWith("status") ? { status: 200, data: { hub: "mancala-widgets" } } : { status: 403 });
    const host = document.body.appendChild(document.createElement("div"));
    work.render({ model: fake().model, el: host });
    await vi.waitFor(() => expect((host.querySelector(".mw-class") as HTMLElement).hidden).toBe(false));
    (host.querySelector(".mw-class-name") as HTMLInputElement).value = "Mbuyi";
    (host.querySelector(".mw-class-code") as HTMLInputElement).value = "ZZZZ";
    (host.querySelector(".mw-class-join") as HTMLButtonElement).click();
    await vi.waitFor(() => expect(host.querySelector(".mw-class .mw-class-status")!.textContent).toBe("That is not the class code."));
  });

  it("delivers a hand-in, and downloads it when the laptop cannot be reached", async () => {
    await join("", "K7QP", "Mbuyi");
    URL.createObjectURL = vi.fn(() => "blob:x") as typeof URL.createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const downloaded: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      downloaded.push(this.download);
    });
    const { model, sent } = fake({ view: "handin" });
    const stop = work.initialize({ model });
    answer = () => ({ status: 200, data: { file: "Mbuyi-01.handin.json", receipt: "1a2b3c4d", received: "2026-12-05T10:00:00Z" } });
    model.custom({ kind: "deliver", file: "Mbuyi-01.handin.json", text: "{}" });
    await vi.waitFor(() => expect(sent.at(-1)).toMatchObject({ kind: "delivered", receipt: "1a2b3c4d" }));
    expect(downloaded).toEqual([]);
    answer = () => "down";
    model.custom({ kind: "deliver", file: "Mbuyi-01.handin.json", text: "{}" });
    await vi.waitFor(() => expect(sent.at(-1)).toEqual({ kind: "not_delivered", why: "unreachable" }));
    expect(downloaded).toEqual(["Mbuyi-01.handin.json"]);
    stop();
  });
});

describe("the class in every view", () => {
  it("joins from classroom.join's form at the hub's own address, and leaves", async () => {
    answer = (url) => (url.endsWith("status") ? { status: 200, data: { hub: "mancala-widgets" } } : { status: 200 });
    const host = document.body.appendChild(document.createElement("div"));
    const stop = work.render({ model: fake({ view: "join", hub: "http://192.168.1.5:8000" }).model, el: host });
    await vi.waitFor(() => expect((host.querySelector(".mw-class") as HTMLElement).hidden).toBe(false));
    expect(calls[0].url).toBe("http://192.168.1.5:8000/class/status");
    (host.querySelector(".mw-class-name") as HTMLInputElement).value = "Kabongo";
    const code = host.querySelector(".mw-class-code") as HTMLInputElement;
    code.value = "K7QP";
    code.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter" }));
    await vi.waitFor(() => expect(membership()).toEqual({ hub: "http://192.168.1.5:8000", code: "K7QP", student: "Kabongo" }));
    (host.querySelector(".mw-class-leave") as HTMLButtonElement).click();
    expect(membership()).toBeNull();
    expect((host.querySelector(".mw-class-form") as HTMLElement).hidden).toBe(false);
    stop();
    expect(host.children.length).toBe(0);
  });

  it("a name the hub refuses is said, and a second join waits for nothing", async () => {
    answer = () => ({ status: 400 });
    expect(await join("", "K7QP", "x")).toBe("bad_name");
    answer = () => ({ status: 500 });
    expect(await join("", "K7QP", "x")).toBe("unreachable");
  });

  it("the workbook gives the outbox each answer Python sends, and nothing else", async () => {
    await join("", "K7QP", "Mbuyi");
    calls = [];
    const { model } = fake();
    const stop = work.initialize({ model });
    model.custom({ kind: "live", events: [{ kind: "answer", lesson: "nki", step: 3, given: 4, locale: "en" }] });
    model.custom({ kind: "live", events: "not a list" });
    model.custom({ kind: "keep", work: {} });
    await vi.waitFor(() => expect(calls.map((c) => c.url)).toEqual(["/class/answer"]));
    stop();
    const none = work.initialize({ model: fake({ view: "download" }).model });
    expect(none()).toBeUndefined();
  });

  it("the Hand in form delivers only a well-formed hand-in message", async () => {
    await join("", "K7QP", "Mbuyi");
    const { model, sent } = fake({ view: "handin" });
    const stop = work.initialize({ model });
    calls = [];
    for (const m of [null, { kind: "deliver", file: 3, text: "{}" }, { kind: "deliver", file: "x" }, { kind: "other" }]) model.custom(m);
    await settle();
    expect(calls).toEqual([]);
    expect(sent).toEqual([{ kind: "class", joined: true }]);
    stop();
  });

  it("drops what it could not send after its last try, and what a left class would have had", async () => {
    await join("", "K7QP", "Mbuyi");
    vi.useFakeTimers();
    calls = [];
    answer = () => ({ status: 503 });
    const box = new Outbox();
    box.add([{ kind: "progress", lesson: "nki", step: 2 }]);
    for (const wait of [0, 1000, 3000, 9000]) await vi.advanceTimersByTimeAsync(wait);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(4);
    expect(box.waiting).toBe(0);
    calls = [];
    box.add([{ kind: "progress", lesson: "nki", step: 3 }, { kind: "progress", lesson: "nki", step: 4 }]);
    leave();
    for (const wait of [0, 1000]) await vi.advanceTimersByTimeAsync(wait);
    expect(calls).toHaveLength(1);
    expect(box.waiting).toBe(0);
  });

  it("hands in nothing when no class was joined", async () => {
    expect(await deliver("{}")).toEqual({ kind: "not_delivered", why: "unreachable" });
    expect(calls).toEqual([]);
  });
});

describe("a laptop that does not answer at all", () => {
  it("is given up after a few seconds, as unreachable", async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise((_done, fail) => init?.signal?.addEventListener("abort", () => fail(new DOMException("aborted", "AbortError")))),
      ),
    );
    const joining = join("", "K7QP", "Mbuyi");
    const there = (await import("./class")).hubThere("");
    await vi.advanceTimersByTimeAsync(8000);
    expect(await joining).toBe("unreachable");
    expect(await there).toBe(false);
  });
});

describe("views taken down", () => {
  it("the Hand in form and a download button leave nothing behind", () => {
    const host = document.body.appendChild(document.createElement("div"));
    const handin = fake({ view: "handin" });
    const stopForm = work.render({ model: handin.model, el: host });
    const stopButton = work.render({ model: fake({ view: "download", label: "Download" }).model, el: host });
    stopForm();
    stopButton();
    expect(host.children.length).toBe(0);
    window.dispatchEvent(new CustomEvent("mancala-widgets:class-changed"));
  });
});

describe("the marking notebook's hand-ins from the laptop", () => {
  it("asks the hub with the key the teacher's page left, and gives Python the files", async () => {
    window.localStorage.setItem("mancala-widgets:teacher-key", "k".repeat(32));
    answer = () => ({ status: 200, data: { ok: true, files: [{ file: "Mbuyi-01.handin.json", text: "{}" }, { file: 3 }], more: 0 } });
    const host = document.body.appendChild(document.createElement("div"));
    const { model, sent } = fake({ view: "from_hub", label: "Fetch the hand-ins", status: { kind: "said", text: "<i>x</i>" } });
    work.render({ model, el: host });
    expect(host.querySelector(".mw-work-status")!.textContent).toBe("<i>x</i>");
    const press = host.querySelector(".mw-from-hub-button") as HTMLButtonElement;
    expect(press.textContent).toBe("Fetch the hand-ins");
    press.click();
    await vi.waitFor(() => expect(sent).toEqual([{ kind: "hand_ins", files: [{ file: "Mbuyi-01.handin.json", text: "{}" }] }]));
    expect(calls[0].url).toBe("/class/hand-ins");
    const asked = (fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls[0][1];
    expect((asked.headers as Record<string, string>)["X-Teacher-Key"]).toBe("k".repeat(32));
  });

  it("says why there are none: no key kept, a refused key, no hub, no answer", async () => {
    const { fetchHandIns } = await import("./class");
    window.localStorage.removeItem("mancala-widgets:teacher-key");
    expect(await fetchHandIns()).toEqual({ kind: "not_fetched", why: "no_key" });
    expect(calls).toEqual([]);
    window.localStorage.setItem("mancala-widgets:teacher-key", "k");
    for (const [status, why] of [[403, "wrong_key"], [404, "no_hub"], [500, "unreachable"]] as const) {
      answer = () => ({ status });
      expect(await fetchHandIns()).toEqual({ kind: "not_fetched", why });
    }
    answer = () => "down";
    expect(await fetchHandIns()).toEqual({ kind: "not_fetched", why: "unreachable" });
    answer = () => ({ status: 200, data: { ok: true } });
    expect(await fetchHandIns()).toEqual({ kind: "hand_ins", files: [] });
  });
});
