import { describe, expect, it } from "vitest";
import { addChipsRange } from "./chips";

describe("how many chips a player may add (T-5 Decision)", () => {
  it("T-5 a stack below the minimum must reach at least it, and no stack goes above the maximum", () => {
    expect(addChipsRange(0, 40, 200)).toEqual({ min: 40, max: 200 });
    expect(addChipsRange(15, 40, 200)).toEqual({ min: 25, max: 185 });
    expect(addChipsRange(100, 40, 200)).toEqual({ min: 1, max: 100 });
    expect(addChipsRange(199, 40, 200)).toEqual({ min: 1, max: 1 });
  });
  it("T-5 a stack at (or above a lowered) maximum may add nothing", () => {
    expect(addChipsRange(200, 40, 200)).toBeNull();
    expect(addChipsRange(250, 40, 200)).toBeNull();
  });
});
