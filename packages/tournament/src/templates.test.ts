import { describe, expect, it } from "vitest";
import { validateBlindStructure } from "./levels";
import { structureFromTemplate, TEMPLATE_IDS } from "./templates";

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
});
