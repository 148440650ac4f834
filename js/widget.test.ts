import { describe, expect, it } from "vitest";
import widget, { summary, type Position, type Model } from "./widget";

const start: Position = {
  game: "kisolo",
  to_move: "south",
  board: [
    [3, 3],
    [3, 3],
    [3, 3],
    [3, 3],
  ],
  status: "playing",
  winner: null,
  reason: null,
};

function fakeModel(position: Position) {
  const listeners = new Set<() => void>();
  const model: Model & { set(p: Position): void } = {
    get: () => position,
    on: (_e, cb) => listeners.add(cb),
    off: (_e, cb) => listeners.delete(cb),
    set(p) {
      position = p;
      listeners.forEach((cb) => cb());
    },
  };
  return { model, listeners };
}

describe("placeholder board summary", () => {
  it("shows whose turn it is and every row", () => {
    expect(summary(start)).toBe("kisolo: south to move\n3 3\n3 3\n3 3\n3 3");
  });

  it("redraws on change and cleans up on removal", () => {
    const el = document.createElement("div");
    const { model, listeners } = fakeModel(start);
    const cleanup = widget.render({ model, el });
    model.set({ ...start, status: "won", winner: "north", reason: "inner row emptied" });
    expect(el.textContent).toContain("won (north)");
    cleanup();
    expect(el.childElementCount).toBe(0);
    expect(listeners.size).toBe(0);
  });

  it("shows markup in data as text", () => {
    const el = document.createElement("div");
    const evil = { ...start, to_move: "<img src=x onerror=alert(1)>" } as unknown as Position;
    widget.render({ model: fakeModel(evil).model, el });
    expect(el.querySelector("img")).toBeNull();
    expect(el.textContent).toContain("<img src=x onerror=alert(1)>");
  });
});
