import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyPatch, diff, PatchMismatch, patchSchema } from "./patch";

/** JSON as it travels: what the other end of the wire holds. */
const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value));

describe("diff and applyPatch", () => {
  it("a patch takes any JSON value to any other, through the wire", () => {
    const json = fc.jsonValue({ maxDepth: 4 });
    fc.assert(
      fc.property(json, json, (before, after) => {
        const patch = diff(before, after);
        const folded = patch === undefined ? before : applyPatch(before, wire(patch));
        expect(wire(folded)).toEqual(wire(after));
        expect(patch === undefined || patchSchema.safeParse(wire(patch)).success).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("a value changed in a few places gives a patch of those places only", () => {
    const before = { version: 3, seats: [{ stack: 10 }, { stack: 20 }], toAct: 2, name: "x" };
    const after = { version: 4, seats: [{ stack: 10 }, { stack: 15 }], toAct: null };
    expect(diff(before, after)).toEqual({
      version: [4],
      seats: { 1: { stack: [15] } },
      toAct: [null],
      name: [],
    });
    expect(applyPatch(before, diff(before, after) ?? {})).toEqual(after);
    expect(before.seats[1]?.stack).toBe(20);
  });

  it("equal values, and keys holding undefined (absent in JSON), give no patch", () => {
    expect(diff({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toBeUndefined();
    expect(diff({ a: 1, b: undefined }, { a: 1 })).toBeUndefined();
    expect(diff({ a: 1 }, { a: 1, b: undefined })).toBeUndefined();
  });

  it("arrays of another length are replaced whole", () => {
    expect(diff({ board: [1, 2, 3] }, { board: [1, 2, 3, 4] })).toEqual({ board: [[1, 2, 3, 4]] });
  });

  it("refuses a patch that does not fit the value, or reaches for a prototype", () => {
    const bad = [
      [5, { a: [1] }],
      [{ a: [1, 2] }, { a: { 2: [3] } }],
      [{ a: [1, 2] }, { a: { x: [3] } }],
      [{ a: 1 }, []],
      [{ a: {} }, JSON.parse('{"a":{"__proto__":[{"polluted":true}]}}')],
      [{ a: {} }, { a: { constructor: [1] } }],
    ] as const;
    for (const [value, patch] of bad)
      expect(() => applyPatch(value, patch as never)).toThrow(PatchMismatch);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
