import { beforeEach, describe, expect, it } from "vitest";
import type { MoveItem, MoveListModel } from "../view-model";
import { MoveList } from "./move-list";

let host: HTMLDivElement;
beforeEach(() => {
  document.body.innerHTML = "";
  host = document.createElement("div");
  document.body.appendChild(host);
});

const item = (id: number, ply: number, state: MoveItem["state"], variations: MoveItem[][] = []): MoveItem => ({
  id, ply, text: `move ${id}`, label: `label ${id}`, title: `title ${id}`, state, more: false, variations,
});
const model = (moves: MoveItem[]): MoveListModel => ({ summary: "Moves", hidden: false, before: "", after: "", moves });

describe("the move list panel", () => {
  it("nests a variation's moves under the move they replace, numbered on from it", () => {
    const clicked: number[] = [];
    const list = new MoveList(host, (node) => clicked.push(node));
    list.update(model([item(1, 1, "played"), item(2, 2, "other", [[item(3, 2, "played"), item(4, 3, "current")]])]));
    const nested = host.querySelector("ol.mw-history-list > li > ol.mw-variation") as HTMLOListElement;
    expect(nested.start).toBe(2);
    expect(Array.from(nested.querySelectorAll("button")).map((b) => b.getAttribute("aria-label"))).toEqual(["label 3", "label 4"]);
    expect(nested.querySelector("[aria-current=step]")!.textContent).toBe("move 4");
    expect((host.querySelector('[data-node="2"]') as HTMLButtonElement).title).toBe("title 2");
    (nested.querySelector("button") as HTMLButtonElement).click();
    expect(clicked).toEqual([3]);
  });

  it("dims only the moves taken back, not the variations inside their entries", () => {
    const list = new MoveList(host, () => {});
    list.update(model([item(1, 1, "current"), item(2, 2, "ahead", [[item(3, 2, "other")]])]));
    expect(Array.from(host.querySelectorAll(".mw-undone")).map((b) => b.textContent)).toEqual(["move 2"]);
    expect(host.querySelector("li.mw-undone")).toBeNull();
  });

  it("indents variations a few levels deep, then lines the deeper ones up", () => {
    let moves = [item(100, 1, "current")];
    for (let depth = 9; depth >= 1; depth--) moves = [item(depth, 1, "other", [moves])];
    new MoveList(host, () => {}).update(model(moves));
    const lists = Array.from(host.querySelectorAll("ol.mw-variation"));
    expect(lists).toHaveLength(9);
    expect(lists.map((l) => l.classList.contains("mw-variation-deep"))).toEqual([false, false, false, false, false, false, true, true, true]);
  });

  it("keeps the focus on the same move, or on the move shown when that one is gone", () => {
    const list = new MoveList(host, () => {});
    list.update(model([item(1, 1, "played"), item(2, 2, "current", [[item(3, 2, "other")]])]));
    (host.querySelector('[data-node="3"]') as HTMLButtonElement).focus();
    list.update(model([item(1, 1, "played"), item(2, 2, "played"), item(5, 3, "current", [[item(3, 3, "other")]])]));
    expect((document.activeElement as HTMLElement).dataset.node).toBe("3");
    list.update(model([item(1, 1, "played"), item(2, 2, "current")]));
    expect((document.activeElement as HTMLElement).dataset.node).toBe("2");
    (document.activeElement as HTMLElement).blur();
    list.update(model([item(1, 1, "current")]));
    expect(document.activeElement).toBe(document.body);
  });
});
