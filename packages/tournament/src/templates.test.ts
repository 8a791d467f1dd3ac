import { describe, expect, it } from "vitest";
import { validateBlindStructure } from "./levels";
import { startingDepth, structureFromTemplate, TEMPLATE_IDS } from "./templates";

describe("structure templates", () => {
  it("MT-3 every template makes a valid structure for any starting stack: blinds never go down", () => {
    for (const template of TEMPLATE_IDS) {
      for (const stack of [1_000, 1_500, 10_000, 25_000, 1_000_000]) {
        const structure = structureFromTemplate(template, stack, 60);
        expect(validateBlindStructure(structure).ok, `${template} ${stack}`).toBe(true);
        const first = structure.entries[0];
        expect(first?.kind).toBe("level");
      }
    }
    const regular = structureFromTemplate("regular", 10_000, 900);
    // A 5-minute break after every sixth level.
    expect(regular.entries[6]).toEqual({ kind: "break", durationMs: 300_000 });
    expect(
      structureFromTemplate("hyper", 10_000, 180).entries.some((e) => e.kind === "break"),
    ).toBe(false);
  });

  it("MT-3 blinds scale with the starting stack in whole multiples; antes from the fourth level", () => {
    const [first] = structureFromTemplate("regular", 20_000, 60).entries;
    expect(first).toMatchObject({ smallBlind: 50, bigBlind: 100, ante: 0 });
    const levels = structureFromTemplate("regular", 10_000, 60).entries.filter(
      (e) => e.kind === "level",
    );
    expect(levels[2]).toMatchObject({ ante: 0 });
    expect(levels[3]).toMatchObject({ bigBlind: 200, ante: 200 });
  });

  it("MT-3 a starting stack's depth at the first level: a 1,500 hyper starts at 100/200, 7.5 big blinds, short (issue 48, bug 12)", () => {
    expect(startingDepth("hyper", 1_500)).toEqual({ bigBlind: 200, bigBlinds: 7.5, short: true });
    // Each template's own depth at its 10,000 stack: 200, 100 and 50 big blinds, none short.
    expect(startingDepth("regular", 10_000)).toEqual({
      bigBlind: 50,
      bigBlinds: 200,
      short: false,
    });
    expect(startingDepth("turbo", 10_000)).toMatchObject({ bigBlinds: 100, short: false });
    expect(startingDepth("hyper", 10_000)).toMatchObject({ bigBlinds: 50, short: false });
    // 19 big blinds is short, 20 is not.
    expect(startingDepth("regular", 950).short).toBe(true);
    expect(startingDepth("regular", 1_000).short).toBe(false);
  });
});
