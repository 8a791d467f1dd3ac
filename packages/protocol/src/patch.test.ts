import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyPatch, type DiffMemo, diff, PatchMismatch, patchSchema } from "./patch";

/** JSON as it travels: what the other end of the wire holds. */
const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value));

describe("diff and applyPatch", () => {
  it("a patch takes any JSON value to any other, through the wire", () => {
    // Keys that reach a prototype are refused by design (tested below); states never hold them.
    const json = fc
      .jsonValue({ maxDepth: 4 })
      .filter((v) => !/"(__proto__|constructor|prototype)":/.test(JSON.stringify(v)));
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

  it("with a memo, many diffs of values sharing parts give the same patches as without", () => {
    // As a room's viewers: each value is made of parts the others hold too.
    const json = fc.jsonValue({ maxDepth: 3 });
    const parts = fc.array(fc.tuple(json, json), { minLength: 1, maxLength: 4 });
    const viewers = fc.array(fc.array(fc.nat(), { maxLength: 5 }), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(parts, viewers, (shared, picks) => {
        const memo: DiffMemo = new WeakMap();
        for (const pick of picks) {
          const before = pick.map((i) => shared[i % shared.length]?.[0]);
          const after = pick.map((i) => shared[i % shared.length]?.[1]);
          expect(diff(before, after, memo)).toEqual(diff(before, after));
        }
      }),
      { numRuns: 500 },
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

  it("a grown array gets only its new items; a shrunk one is replaced whole", () => {
    const flop = { board: [1, 2, 3] };
    const turn = { board: [1, 2, 3, 4] };
    expect(diff(flop, turn)).toEqual({ board: { 3: [4] } });
    expect(applyPatch(flop, wire(diff(flop, turn) ?? {}))).toEqual(turn);
    // Items changed and items added in one patch.
    const before = { leaves: [{ p: 1 }, { p: 2 }] };
    const after = { leaves: [{ p: 1 }, { p: 5 }, { p: 3 }, { p: 4 }] };
    expect(diff(before, after)).toEqual({
      leaves: { 1: { p: [5] }, 2: [{ p: 3 }], 3: [{ p: 4 }] },
    });
    expect(applyPatch(before, wire(diff(before, after) ?? {}))).toEqual(after);
    expect(diff({ board: [1, 2, 3, 4] }, { board: [] })).toEqual({ board: [[]] });
    // An item that JSON writes as null goes with the whole array.
    expect(diff([1], [1, undefined])).toEqual([[1, undefined]]);
  });

  it("refuses a patch that does not fit the value, or reaches for a prototype", () => {
    const bad = [
      [5, { a: [1] }],
      // Past the end: only whole items, one right after the other.
      [{ a: [1, 2] }, { a: { 3: [3] } }],
      [{ a: [1, 2] }, { a: { 2: { b: [3] } } }],
      [{ a: [1, 2] }, { a: { 2: [] } }],
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
