import { describe, expect, it } from "vitest";
import { fill, Words } from "./text";

const stones = { one: "{n} graine", other: "{n} graines" };

describe("plurals follow the language's rule, as Python's tr() does", () => {
  it("English and Korean: one for 1 only", () => {
    const words = new Words({ stones, one_counts: "1" });
    expect([0, 1, 2].map((n) => words.get("stones", { n }))).toEqual(["0 graines", "1 graine", "2 graines"]);
  });
  it("French: 0 and 1 take the singular", () => {
    const words = new Words({ stones, one_counts: "0 1" });
    expect([0, 1, 2].map((n) => words.get("stones", { n }))).toEqual(["0 graine", "1 graine", "2 graines"]);
  });
  it("a catalogue without the rule counts 1 alone as one", () => {
    expect(fill(stones, { n: 0 })).toBe("0 graines");
    expect(new Words({ stones }).get("stones", { n: 1 })).toBe("1 graine");
  });
});
