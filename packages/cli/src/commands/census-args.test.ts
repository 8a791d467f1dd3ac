import { describe, expect, it } from "vitest";
import { parseCensusArgs } from "./census-args";

describe("felt census arguments", () => {
  it("a bare card count is the standard census", () => {
    expect(parseCensusArgs(["7"])).toEqual({ ok: true, request: { kind: "standard", cards: 7 } });
    expect(parseCensusArgs(["5", "--deck", "52"])).toMatchObject({ request: { kind: "standard" } });
  });

  it("C-1 C-6 --deck 7A counts five-card hands with the flush over the full house", () => {
    expect(parseCensusArgs(["5", "--deck", "7A"])).toMatchObject({
      ok: true,
      request: {
        kind: "five-card",
        ranking: { deckType: "7A", wild: "none", flushBeatsFullHouse: true },
      },
    });
    expect(parseCensusArgs(["5", "--deck=7a", "--full-house-over-flush"])).toMatchObject({
      request: { ranking: { deckType: "7A", flushBeatsFullHouse: false } },
    });
  });

  it("W-1…W-5 --wild takes every kind, alone or with the 7–A deck", () => {
    for (const wild of ["joker", "two-jokers", "bug", "deuces", "one-eyed-jacks", "lowest-card"]) {
      expect(parseCensusArgs(["5", "--wild", wild])).toMatchObject({
        request: { kind: "five-card", ranking: { deckType: "52", wild } },
      });
    }
    expect(parseCensusArgs(["5", "--deck", "7A", "--wild", "bug"])).toMatchObject({
      request: { ranking: { deckType: "7A", wild: "bug" } },
    });
  });

  it("ST-7 --wild low-hole-card counts seven-card stud's deals, and only those", () => {
    expect(parseCensusArgs(["7", "--wild", "low-hole-card"])).toEqual({
      ok: true,
      request: { kind: "low-hole-card" },
    });
    expect(parseCensusArgs(["5", "--wild", "low-hole-card"])).toMatchObject({ ok: false });
    expect(parseCensusArgs(["7", "--deck", "7A", "--wild", "low-hole-card"])).toMatchObject({
      ok: false,
    });
  });

  it("refuses what it cannot count", () => {
    expect(parseCensusArgs(["7", "--wild", "joker"])).toMatchObject({ ok: false });
    expect(parseCensusArgs(["5", "--wild", "sevens"])).toMatchObject({ ok: false });
    expect(parseCensusArgs(["5", "--deck", "7A", "--wild", "deuces"])).toMatchObject({ ok: false });
    expect(parseCensusArgs(["5", "--deck"])).toMatchObject({ ok: false });
    expect(parseCensusArgs(["5", "--shuffle"])).toMatchObject({ ok: false });
    expect(parseCensusArgs([])).toMatchObject({ ok: false });
  });
});
