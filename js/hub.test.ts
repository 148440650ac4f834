import { afterEach, describe, expect, it, vi } from "vitest";
import jsQR from "jsqr";
import {
  HubPage,
  main,
  LOCALES,
  WORDS,
  answerLabel,
  canonical,
  holeCounts,
  keyFromHash,
  merged,
  pickLocale,
  qrSvg,
  questionAt,
  say,
  TEACHER_KEY,
  type Fetcher,
  type Live,
  type Question,
  type Questions,
} from "./hub";

const texts = (en: string) => ({ en, fr: `fr ${en}`, sw: `sw ${en}`, ko: `ko ${en}` });

const landing: Question = {
  step: 2,
  ask: "landing",
  of: null,
  game: "kisolo",
  board: [
    [3, 3, 3, 3, 3, 3, 3],
    [3, 3, 3, 3, 3, 3, 3],
    [3, 3, 3, 3, 3, 3, 3],
    [3, 0, 5, 3, 3, 3, 3],
  ],
  to_move: "south",
  answer: [[3, 2]],
  options: null,
  option_labels: null,
  question: texts("Where will the last stone fall?"),
  wrong: [{ given: [[2, 2]], text: texts("Lifted the landing hole instead of the next one.") }],
};

const number: Question = {
  ...landing,
  step: 5,
  ask: "number",
  of: "laps",
  answer: 3,
  question: texts("How many laps?"),
  wrong: [{ given: 2, text: texts("Stopped one lap early.") }],
};

const choice: Question = {
  ...landing,
  step: 7,
  ask: "choice",
  of: "ends",
  answer: "never",
  options: ["ends", "never"],
  option_labels: { en: { ends: "It ends", never: "It never ends" }, fr: { ends: "Il s'arrête", never: "Il ne s'arrête jamais" }, sw: { ends: "Inaisha", never: "Haiishi" }, ko: { ends: "끝남", never: "끝나지 않음" } },
  question: texts("Does it end?"),
  wrong: [{ given: "ends", text: texts("Thinks every sowing stops.") }],
};

const QUESTIONS: Questions = {
  lessons: [
    { id: "pussa-kanawa", game: "kisolo", title: texts("Pussa kanawa"), steps: 9, questions: [landing, number, choice] },
    { id: "empty", game: "kisolo", title: texts("No questions"), steps: 2, questions: [] },
  ],
};

const INFO = { ok: true, code: "K7QP", address: "http://192.168.1.5:8000/", join: "http://192.168.1.5:8000/?class=K7QP" };

function liveWith(step: number, answers: Live["questions"][number]["answers"], joined = 30): Live {
  return { joined, current: { lesson: "pussa-kanawa", step, count: joined }, questions: [{ lesson: "pussa-kanawa", step, answered: answers.reduce((n, a) => n + a.count, 0), tries: 0, answers }] };
}

function fakeHub(live: () => Live, status = 200) {
  const asked: string[] = [];
  const fetcher: Fetcher = async (path, key) => {
    asked.push(`${path} ${key}`);
    if (status !== 200) return { status, data: { ok: false } };
    return { status: 200, data: path === "/class/info" ? INFO : live() };
  };
  return { fetcher, asked };
}

async function page(live: () => Live, locale: "en" | "fr" = "en", status = 200) {
  const root = document.createElement("div");
  document.body.appendChild(root);
  const hub = fakeHub(live, status);
  const p = new HubPage(root, QUESTIONS, "k".repeat(32), hub.fetcher, locale);
  await p.poll();
  return { root, p, asked: hub.asked };
}

/** The QR code read back from the page's SVG squares, as a phone's camera would. */
function decode(svg: SVGSVGElement): string | null {
  const size = Number(svg.getAttribute("viewBox")!.split(" ")[2]);
  const scale = 6;
  const side = size * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const rect of Array.from(svg.querySelectorAll("rect")).slice(1)) {
    const x = Number(rect.getAttribute("x"));
    const y = Number(rect.getAttribute("y"));
    for (let dy = 0; dy < scale; dy++)
      for (let dx = 0; dx < scale; dx++) {
        const i = ((y * scale + dy) * side + x * scale + dx) * 4;
        pixels[i] = pixels[i + 1] = pixels[i + 2] = 0;
      }
  }
  return jsQR(pixels, side, side)?.data ?? null;
}

afterEach(() => {
  document.body.replaceChildren();
  vi.useRealTimers();
});

describe("the join panel", () => {
  it("shows the address and the code, and a QR code that reads as the join address", async () => {
    const { root } = await page(() => liveWith(2, []));
    expect(root.querySelector(".hub-address")!.textContent).toBe(INFO.address);
    expect(root.querySelector(".hub-code")!.textContent).toBe("K7QP");
    const svg = root.querySelector<SVGSVGElement>(".hub-qr")!;
    expect(decode(svg)).toBe(INFO.join);
  });

  it("keeps the key it was opened with, once the hub took it, for the marking notebook", async () => {
    window.localStorage.removeItem(TEACHER_KEY);
    await page(() => liveWith(2, []), "en", 403);
    expect(window.localStorage.getItem(TEACHER_KEY)).toBeNull();
    await page(() => liveWith(2, []));
    expect(window.localStorage.getItem(TEACHER_KEY)).toBe("k".repeat(32));
  });

  it("encodes any address, short or long", () => {
    for (const text of ["http://10.0.0.2:8000/?class=ABCD", `http://classroom.lan:8000/${"x".repeat(120)}?class=Z9Z9`]) {
      expect(decode(qrSvg(text, text))).toBe(text);
    }
  });
});

describe("the live board", () => {
  it("draws each hole's count where the students clicked", async () => {
    const { root } = await page(() => liveWith(2, [{ given: [[3, 2]], count: 11 }, { given: [[2, 2]], count: 17 }, { given: [[1, 6]], count: 2 }]));
    const count = (r: number, c: number) => root.querySelector(`.hub-hole[data-row="${r}"][data-col="${c}"]`)!.getAttribute("data-count");
    expect(count(3, 2)).toBe("11");
    expect(count(2, 2)).toBe("17");
    expect(count(1, 6)).toBe("2");
    expect(count(0, 0)).toBe("0");
    expect(root.querySelectorAll(".hub-hole")).toHaveLength(28);
    const shown = Array.from(root.querySelectorAll(".hub-hole-count")).map((t) => t.textContent);
    expect(shown.sort()).toEqual(["11", "17", "2"]);
    expect(root.querySelector(".hub-answered")!.textContent).toBe("30 of 30 have answered");
  });

  it("labels the wrong answer with its misconception and reveals the right one on demand", async () => {
    const { root } = await page(() => liveWith(2, [{ given: [[3, 2]], count: 11 }, { given: [[2, 2]], count: 17 }]));
    expect(root.querySelector(".hub-answer .hub-misconception")!.textContent).toBe("Lifted the landing hole instead of the next one.");
    expect(root.querySelector(".hub-hole.right")).toBeNull();
    expect(root.textContent).not.toContain("Right answer");
    const reveal = root.querySelector<HTMLButtonElement>(".hub-reveal")!;
    reveal.click();
    expect(root.querySelector(".hub-hole.right")!.getAttribute("data-row")).toBe("3");
    expect(root.querySelector(".hub-answer.right .hub-answer-label")!.textContent).toBe("4·3");
    expect(reveal.getAttribute("aria-pressed")).toBe("true");
    reveal.click();
    expect(root.querySelector(".hub-hole.right")).toBeNull();
  });

  it("adds up answers that name several holes, hole by hole", () => {
    const counts = holeCounts([{ given: [[0, 1], [1, 1]], count: 2 }, { given: [[1, 1]], count: 3 }]);
    expect(counts.get("1,1")).toBe(5);
    expect(counts.get("0,1")).toBe(2);
  });
});

describe("bars for numbers and choices", () => {
  it("draws a bar per answer with its count, a typed '3' and 3 as one answer", async () => {
    const { root } = await page(() => liveWith(5, [{ given: 3, count: 4 }, { given: "3", count: 1 }, { given: 2, count: 9 }]));
    const rows = Array.from(root.querySelectorAll<HTMLElement>(".hub-answer"));
    expect(rows.map((r) => [r.querySelector(".hub-answer-label")!.textContent, r.dataset.count])).toEqual([["2", "9"], ["3", "5"]]);
    expect(rows[0].querySelector<HTMLElement>(".hub-bar")!.style.width).toBe("100%");
    expect(rows[0].querySelector(".hub-misconception")!.textContent).toBe("Stopped one lap early.");
    expect(root.querySelector(".hub-board")).toBeNull();
  });

  it("names a choice's options in the page's language, each with its bar", async () => {
    const { root, p } = await page(() => liveWith(7, [{ given: "ends", count: 6 }]), "fr");
    const labels = Array.from(root.querySelectorAll(".hub-answer-label")).map((e) => e.textContent);
    expect(labels).toEqual(["Il s'arrête", "Il ne s'arrête jamais"]);
    expect(root.querySelector(".hub-misconception")!.textContent).toBe("fr Thinks every sowing stops.");
    expect(root.querySelector(".hub-question")!.textContent).toBe("fr Does it end?");
    expect(root.querySelector(".hub-answered")!.textContent).toBe("Réponses : 6 sur 30");
    const select = root.querySelector<HTMLSelectElement>(".hub-language-select")!;
    select.value = "ko";
    select.dispatchEvent(new Event("change"));
    expect(p.locale).toBe("ko");
    expect(root.querySelector(".hub-answered")!.textContent).toBe("30명 중 6명 응답");
  });
});

describe("names and texts", () => {
  const markup = "<img src=x onerror=alert(1)>Mbuyi";

  it("hides names unless the teacher ticks Show names, and asks for them only then", async () => {
    const { root, asked, p } = await page(() => liveWith(5, [{ given: 2, count: 1, names: [markup] }]));
    expect(asked).toContain(`/class/live ${"k".repeat(32)}`);
    p.names = false;
    p.render();
    expect(root.querySelector(".hub-names")).toBeNull();
    expect(root.textContent).not.toContain("Mbuyi");
    const box = root.querySelector<HTMLInputElement>(".hub-show-names input")!;
    box.checked = true;
    box.dispatchEvent(new Event("change"));
    await vi.waitFor(() => expect(root.querySelector(".hub-names")).not.toBeNull());
    expect(asked.at(-1)).toBe(`/class/live?names=1 ${"k".repeat(32)}`);
    expect(root.querySelector(".hub-names")!.textContent).toBe(markup);
    expect(root.querySelector("img")).toBeNull();
  });

  it("puts lesson texts in as text, never as markup", async () => {
    const evil: Questions = { lessons: [{ ...QUESTIONS.lessons[0], title: texts("<b>bold</b>"), questions: [{ ...number, question: texts("<script>x</script>?") }] }] };
    const root = document.createElement("div");
    const hub = fakeHub(() => liveWith(5, []));
    const p = new HubPage(root, evil, "key", hub.fetcher, "en");
    await p.poll();
    expect(root.querySelector("b, script")).toBeNull();
    expect(root.querySelector(".hub-question")!.textContent).toBe("<script>x</script>?");
    expect(root.querySelector(".hub-empty")!.textContent).toBe("No answers yet.");
  });
});

describe("following the class", () => {
  it("follows the class's question, and stays where the teacher moved until asked again", async () => {
    let live = liveWith(2, []);
    const { root, p } = await page(() => live);
    expect(root.querySelector<HTMLElement>(".hub-drawing")!.dataset.step).toBe("2");
    live = liveWith(6, []); // step 6 asks nothing: the class has just answered step 5
    await p.poll();
    expect(root.querySelector<HTMLElement>(".hub-drawing")!.dataset.step).toBe("5");
    root.querySelector<HTMLButtonElement>(".hub-previous")!.click();
    expect(root.querySelector<HTMLElement>(".hub-drawing")!.dataset.step).toBe("2");
    expect(root.querySelector<HTMLButtonElement>(".hub-previous")!.disabled).toBe(true);
    live = liveWith(7, []);
    await p.poll();
    expect(root.querySelector<HTMLElement>(".hub-drawing")!.dataset.step).toBe("2"); // not following
    const follow = root.querySelector<HTMLInputElement>(".hub-follow input")!;
    expect(follow.checked).toBe(false);
    follow.checked = true;
    follow.dispatchEvent(new Event("change"));
    expect(root.querySelector<HTMLElement>(".hub-drawing")!.dataset.step).toBe("7");
    expect(root.querySelector<HTMLButtonElement>(".hub-next")!.disabled).toBe(true);
  });

  it("hides the answer again when the class moves to the next question", async () => {
    let live = liveWith(2, [{ given: [[3, 2]], count: 3 }]);
    const { root, p } = await page(() => live);
    root.querySelector<HTMLButtonElement>(".hub-reveal")!.click();
    expect(root.querySelector(".hub-reveal")!.textContent).toBe("Hide the answer");
    live = liveWith(5, [{ given: 3, count: 3 }]);
    await p.poll();
    expect(root.querySelector<HTMLElement>(".hub-drawing")!.dataset.step).toBe("5");
    expect(root.querySelector(".hub-reveal")!.textContent).toBe("Reveal the answer");
    expect(root.querySelector(".hub-answer.right")).toBeNull();
  });

  it("polls every second once started", async () => {
    vi.useFakeTimers();
    const root = document.createElement("div");
    const hub = fakeHub(() => liveWith(2, []));
    const p = new HubPage(root, QUESTIONS, "key", hub.fetcher, "en");
    p.start();
    await vi.advanceTimersByTimeAsync(3000);
    p.stop();
    expect(hub.asked.filter((a) => a.startsWith("/class/live")).length).toBeGreaterThanOrEqual(3);
    expect(hub.asked.filter((a) => a.startsWith("/class/info"))).toHaveLength(1);
  });
});

describe("problems, said plainly", () => {
  it("says when the key is missing, refused, or the hub is gone", async () => {
    const root = document.createElement("div");
    const none = new HubPage(root, QUESTIONS, "", fakeHub(() => liveWith(2, [])).fetcher, "en");
    await none.poll();
    expect(root.querySelector(".hub-status")!.textContent).toContain("#key=");
    const refused = await page(() => liveWith(2, []), "en", 403);
    expect(refused.root.querySelector(".hub-status")!.textContent).toBe(WORDS.en.wrong_key);
    const gone = new HubPage(document.createElement("div"), QUESTIONS, "key", async () => {
      throw new Error("network");
    }, "en");
    await gone.poll();
    expect(gone.root.querySelector(".hub-status")!.textContent).toBe(WORDS.en.unreachable);
  });

  it("shows a lesson with no question as such", () => {
    expect(questionAt(QUESTIONS, "empty", 1)).toBeNull();
    expect(questionAt(QUESTIONS, "pussa-kanawa", 1)![1].step).toBe(2);
    const root = document.createElement("div");
    const p = new HubPage(root, { lessons: [QUESTIONS.lessons[1]] }, "key", fakeHub(() => liveWith(2, [])).fetcher, "en");
    expect(p.root.querySelector(".hub-question")!.textContent).toBe("This lesson asks no question.");
  });
});

describe("the page's words", () => {
  it("has every word in all four languages", () => {
    for (const l of LOCALES) expect(Object.keys(WORDS[l]).sort()).toEqual(Object.keys(WORDS.en).sort());
    expect(say("sw", "answered", { n: 3, m: 9 })).toBe("Waliojibu: 3 kati ya 9");
  });

  it("chooses the saved language, else the browser's, else English", () => {
    expect(pickLocale("ko", "fr-FR")).toBe("ko");
    expect(pickLocale(null, "sw-KE")).toBe("sw");
    expect(pickLocale("de", "de-DE")).toBe("en");
  });

  it("reads the key from the page's fragment", () => {
    expect(keyFromHash("#key=abc123")).toBe("abc123");
    expect(keyFromHash("")).toBe("");
  });

  it("words answers as a teacher reads them", () => {
    expect(answerLabel(landing, [], "fr")).toBe("Pas de prise");
    expect(answerLabel(landing, [[0, 0], [1, 3]], "en")).toBe("1·1, 2·4");
    const names = { en: [["North's hole 7"]], fr: [["trou 7 de Nord"]], sw: [["x"]], ko: [["y"]] };
    expect(answerLabel(landing, [[0, 0]], "fr", names)).toBe("trou 7 de Nord");
    expect(canonical([[2, 1], [0, 3]])).toBe(canonical([[0, 3], [2, 1]]));
    expect(merged([{ given: [[1, 1]], count: 1, names: ["a"] }, { given: [[1, 1]], count: 2, names: ["b"] }])).toEqual([{ given: [[1, 1]], count: 3, names: ["a", "b"] }]);
  });
});

describe("starting the page", () => {
  it("reads the key from the address, loads questions.json and asks the hub with the key", async () => {
    vi.useFakeTimers();
    window.location.hash = "#key=abc123";
    const seen: { url: string; key: string | null }[] = [];
    vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
      const key = new Headers(init?.headers).get("X-Teacher-Key");
      seen.push({ url, key });
      const body = url === "questions.json" ? QUESTIONS : url === "/class/info" ? INFO : liveWith(2, [{ given: [[3, 2]], count: 4 }]);
      return new Response(JSON.stringify(body), { status: 200 });
    });
    const root = document.createElement("div");
    document.body.appendChild(root);
    try {
      const p = await main(root);
      await vi.advanceTimersByTimeAsync(10);
      p.stop();
      expect(root.querySelector(".hub-code")!.textContent).toBe("K7QP");
      expect(root.querySelector('.hub-hole[data-row="3"][data-col="2"]')!.getAttribute("data-count")).toBe("4");
      expect(seen.filter((s) => s.url.startsWith("/class/")).every((s) => s.key === "abc123")).toBe(true);
    } finally {
      vi.unstubAllGlobals();
      window.location.hash = "";
    }
  });

  it("starts in the language chosen last time, or the browser's when storage is refused", () => {
    window.localStorage.setItem("mancala-widgets:hub-locale", "sw");
    const fetcher = fakeHub(() => liveWith(2, [])).fetcher;
    expect(new HubPage(document.createElement("div"), QUESTIONS, "k", fetcher).locale).toBe("sw");
    window.localStorage.removeItem("mancala-widgets:hub-locale");
    const refused = vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new Error("denied");
    });
    try {
      expect(new HubPage(document.createElement("div"), QUESTIONS, "k", fetcher).locale).toBe("en");
    } finally {
      refused.mockRestore();
    }
  });

  it("says the hub is unreachable when it answers with an error, and a refused key mid-class", async () => {
    const broken = await page(() => liveWith(2, []), "en", 500);
    expect(broken.root.querySelector(".hub-status")!.textContent).toBe(WORDS.en.unreachable);
    let status = 200;
    const root = document.createElement("div");
    const p = new HubPage(root, QUESTIONS, "k", async (path) => {
      if (path === "/class/info") return { status: 200, data: INFO };
      return { status, data: liveWith(2, []) };
    }, "en");
    await p.poll();
    expect((root.querySelector(".hub-status") as HTMLElement).hidden).toBe(true);
    status = 403;
    await p.poll();
    expect(root.querySelector(".hub-status")!.textContent).toBe(WORDS.en.wrong_key);
    status = 502;
    await p.poll();
    expect(root.querySelector(".hub-status")!.textContent).toBe(WORDS.en.unreachable);
  });

  it("steps forward with Next, and falls back to English where a lesson lacks a language", async () => {
    const partial: Questions = {
      lessons: [{ ...QUESTIONS.lessons[0], title: { ...texts("Lesson"), sw: "" }, questions: [{ ...landing, question: { ...texts("Where?"), sw: "" } }, number] }],
    };
    const root = document.createElement("div");
    const p = new HubPage(root, partial, "k", fakeHub(() => liveWith(2, [{ given: [[2, 2]], count: 1 }])).fetcher, "sw");
    await p.poll();
    expect(root.querySelector(".hub-question")!.textContent).toBe("Where?");
    expect(root.querySelector(".hub-lesson")!.textContent).toBe("Lesson · Sehemu 2");
    expect(root.querySelector(".hub-misconception")!.textContent).toBe("sw Lifted the landing hole instead of the next one.");
    root.querySelector<HTMLButtonElement>(".hub-next")!.click();
    expect(root.querySelector<HTMLElement>(".hub-drawing")!.dataset.step).toBe("5");
    root.querySelector<HTMLButtonElement>(".hub-next")!.click(); // the last: stays
    expect(root.querySelector<HTMLElement>(".hub-drawing")!.dataset.step).toBe("5");
    expect(say("en", "answered", { n: 1 })).toBe("1 of  have answered");
    expect(answerLabel(choice, "maybe", "en")).toBe("maybe");
  });
});
