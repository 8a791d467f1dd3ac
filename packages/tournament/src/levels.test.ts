import { describe, expect, it } from "vitest";
import { clockAt, levelCount, validateBlindStructure } from "./levels";
import { MINUTE, structure } from "./test-support";

describe("blind structure validation", () => {
  it("MT-3 accepts increasing levels with a break between them", () => {
    expect(validateBlindStructure(structure).ok).toBe(true);
    expect(levelCount(structure)).toBe(4);
  });

  const level = (smallBlind: number, bigBlind: number, ante = 0, durationMs = MINUTE) => ({
    kind: "level" as const,
    smallBlind,
    bigBlind,
    ante,
    durationMs,
  });
  const pause = { kind: "break" as const, durationMs: MINUTE };

  it.each([
    ["no levels", []],
    ["blinds going down", [level(20, 40), level(10, 20)]],
    ["ante going down", [level(10, 20, 5), level(20, 40, 0)]],
    ["a repeated level", [level(10, 20), level(10, 20)]],
    ["small blind above big blind", [level(30, 20)]],
    ["a zero big blind", [level(0, 0)]],
    ["fractional chips", [level(10.5, 21)]],
    ["a zero duration", [level(10, 20, 0, 0)]],
    ["a break first", [pause, level(10, 20)]],
    ["a break last", [level(10, 20), pause]],
    ["two breaks in a row", [level(10, 20), pause, pause, level(20, 40)]],
  ])("MT-3 rejects %s", (_name, entries) => {
    const result = validateBlindStructure({ anteKind: "each", entries });
    expect(result).toMatchObject({ ok: false, error: { code: "invalid_structure" } });
  });

  it("MT-3 rejects an unknown ante kind", () => {
    expect(validateBlindStructure({ ...structure, anteKind: "dead" }).ok).toBe(false);
  });

  it("MT-3 allows a level that only adds an ante", () => {
    expect(
      validateBlindStructure({ anteKind: "big-blind", entries: [level(10, 20), level(10, 20, 20)] })
        .ok,
    ).toBe(true);
  });
});

describe("the level clock", () => {
  it("MT-3 reads the level from elapsed time alone, so every table changes together", () => {
    expect(clockAt(structure, 0)).toMatchObject({
      levelNumber: 1,
      onBreak: false,
      remainingMs: 10 * MINUTE,
    });
    expect(clockAt(structure, 10 * MINUTE - 1)).toMatchObject({ levelNumber: 1, remainingMs: 1 });
    expect(clockAt(structure, 10 * MINUTE)).toMatchObject({
      levelNumber: 2,
      level: { bigBlind: 30 },
      nextLevel: { bigBlind: 50 },
    });
  });

  it("MT-3 a break keeps the level just played and announces the next", () => {
    const reading = clockAt(structure, 21 * MINUTE);
    expect(reading).toMatchObject({
      onBreak: true,
      levelNumber: 2,
      level: { bigBlind: 30 },
      nextLevel: { bigBlind: 50 },
      startsAtMs: 20 * MINUTE,
      endsAtMs: 25 * MINUTE,
      remainingMs: 4 * MINUTE,
    });
    expect(clockAt(structure, 25 * MINUTE)).toMatchObject({
      onBreak: false,
      levelNumber: 3,
      level: { ante: 5 },
    });
  });

  it("MT-3 the last level lasts until the end", () => {
    const reading = clockAt(structure, 1_000 * MINUTE);
    expect(reading).toMatchObject({
      levelNumber: 4,
      endsAtMs: null,
      remainingMs: null,
      nextLevel: null,
    });
  });

  it("MT-3 negative elapsed time reads as the start", () => {
    expect(clockAt(structure, -5).levelNumber).toBe(1);
  });
});
