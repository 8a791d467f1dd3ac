import { describe, expect, it } from "vitest";
import { seededFloats, seededInts, seededRandom } from "./testing";

describe("the one seeded generator (tests and simulations only)", () => {
  it("is deterministic, stays in range and reaches every value", () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const draws = Array.from({ length: 100 }, () => a.nextInt(7));
    expect(draws).toEqual(Array.from({ length: 100 }, () => b.nextInt(7)));
    expect(draws.every((x) => x >= 0 && x < 7)).toBe(true);
    expect(new Set(draws).size).toBe(7);
    expect(seededInts(9, [5, 4, 3])).toEqual(seededInts(9, [5, 4, 3]));
    const floats = seededFloats(1);
    const f = Array.from({ length: 100 }, floats);
    expect(f.every((x) => x >= 0 && x < 1)).toBe(true);
  });
});
