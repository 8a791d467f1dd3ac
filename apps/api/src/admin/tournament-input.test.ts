import { normalizeConfig, validatePayoutTable } from "@felt/tournament";
import { describe, expect, it } from "vitest";
import {
  configOf,
  defaultConfig,
  payoutTableOf,
  tableStructureOf,
} from "../tournaments/definition";
import { fieldCode } from "../trpc/messages";
import { tournamentInput } from "./tournament-input";

describe("tournament definitions", () => {
  it("MT-2 an admin payout table becomes brackets from 2 entries, open-ended at the top", () => {
    const table = payoutTableOf([
      { minEntrants: 10, maxEntrants: 20, basisPoints: [6_000, 4_000] },
      { minEntrants: 21, maxEntrants: 100, basisPoints: [5_000, 3_000, 2_000] },
    ]);
    expect(validatePayoutTable(table).ok).toBe(true);
    expect(table.brackets[0]).toEqual({ minEntries: 2, maxEntries: 9, basisPoints: [10_000] });
    expect(table.brackets.at(-1)?.maxEntries).toBeNull();
  });

  it("MT-1 the admin's options become the state machine's config, which accepts it", () => {
    const input = tournamentInput.parse({
      name: "Nightly",
      startsAt: 1,
      buyIn: 100,
      fee: 10,
      startingStack: 5_000,
      template: "turbo",
      lateRegistrationLevels: 4,
      maxEntriesPerPlayer: 3,
      rebuy: { chips: 5_000, price: 100, fee: 10, untilLevel: 4 },
      addOn: { chips: 10_000, price: 100, fee: 10, fromLevel: 4, untilLevel: 5 },
      guarantee: 5_000,
      minEntrants: 6,
      payoutTableId: "standard",
    });
    const config = configOf(input, [{ minEntrants: 2, maxEntrants: 100, basisPoints: [10_000] }]);
    expect(normalizeConfig(config).ok).toBe(true);
    expect(config).toMatchObject({
      lateRegistration: { untilLevel: 4 },
      reEntry: { maxEntriesPerPlayer: 3 },
      rebuy: { prize: 100, fee: 10, chips: 5_000, stackAtMost: 5_000 },
      guarantee: 5_000,
      // MT-1: the state machine cancels a smaller field at the start.
      minEntrants: 6,
    });
    expect(
      normalizeConfig(defaultConfig({ buyIn: 1000, fee: 100, startingStack: 10_000 })).ok,
    ).toBe(true);
  });

  it("refuses re-entry without late registration and a field cap below the minimum", () => {
    const base = {
      name: "Bad",
      startsAt: 1,
      buyIn: 1,
      fee: 0,
      startingStack: 100,
      template: "hyper",
      payoutTableId: "x",
    };
    expect(tournamentInput.safeParse({ ...base, maxEntriesPerPlayer: 2 }).success).toBe(false);
    expect(tournamentInput.safeParse({ ...base, minEntrants: 9, maxEntrants: 8 }).success).toBe(
      false,
    );
    expect(tournamentInput.safeParse({ ...base, extra: true }).success).toBe(false);
  });

  describe("structure choices: the game, the tables' clock, the Russian texts", () => {
    const base = {
      name: "Nightly",
      startsAt: 1,
      buyIn: 10,
      fee: 1,
      startingStack: 1000,
      template: "turbo",
      payoutTableId: "x",
    };
    /** The stable field codes the API sends and the form words under each box. */
    const codesOf = (input: Record<string, unknown>) => {
      const parsed = tournamentInput.safeParse({ ...base, ...input });
      return parsed.success
        ? {}
        : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), fieldCode(i).code]));
    };

    it("defaults to no-limit hold'em on the template's clock, with no Russian texts", () => {
      const input = tournamentInput.parse(base);
      expect(input).toMatchObject({ game: "holdem-nl", nameRu: null, descriptionRu: null });
      expect(tableStructureOf(input)).toEqual({
        game: "holdem-nl",
        actionSeconds: 20,
        timeBankSeconds: 60,
      });
      // Hyper levels are 3 minutes: its clock is shorter too.
      expect(tableStructureOf(tournamentInput.parse({ ...base, template: "hyper" }))).toEqual({
        game: "holdem-nl",
        actionSeconds: 15,
        timeBankSeconds: 30,
      });
    });

    it("the admin's game and clock win over the template's", () => {
      const input = tournamentInput.parse({
        ...base,
        game: "omaha-pl",
        actionSeconds: 45,
        timeBankSeconds: 0,
      });
      expect(tableStructureOf(input)).toEqual({
        game: "omaha-pl",
        actionSeconds: 45,
        timeBankSeconds: 0,
      });
      expect(tableStructureOf(tournamentInput.parse({ ...base, game: "holdem-fl" })).game).toBe(
        "holdem-fl",
      );
    });

    it("ST-1 seven-card stud tournaments, at most 8 players a table", () => {
      expect(codesOf({ game: "stud7", seatsPerTable: 8 })).toEqual({});
      expect(
        tableStructureOf(tournamentInput.parse({ ...base, game: "stud7", seatsPerTable: 8 })).game,
      ).toBe("stud7");
      expect(codesOf({ game: "stud7", seatsPerTable: 9 })).toEqual({ seatsPerTable: "stud_seats" });
      // Hold'em keeps its 9- and 10-handed tables.
      expect(codesOf({ game: "holdem-fl", seatsPerTable: 10 })).toEqual({});
    });

    it("refuses a game tournaments do not deal, and clocks outside whole 5–300 s and 0–600 s", () => {
      expect(codesOf({ game: "draw-fl" })).toEqual({ game: "invalid_option" });
      expect(codesOf({ game: "russian" })).toEqual({ game: "invalid_option" });
      expect(codesOf({ actionSeconds: 4 })).toEqual({ actionSeconds: "too_small" });
      expect(codesOf({ actionSeconds: 301 })).toEqual({ actionSeconds: "too_big" });
      expect(codesOf({ actionSeconds: 20.5 })).toEqual({ actionSeconds: "not_integer" });
      expect(codesOf({ timeBankSeconds: -1 })).toEqual({ timeBankSeconds: "too_small" });
      expect(codesOf({ timeBankSeconds: 601 })).toEqual({ timeBankSeconds: "too_big" });
      expect(codesOf({ actionSeconds: 5, timeBankSeconds: 600 })).toEqual({});
      expect(codesOf({ actionSeconds: 300, timeBankSeconds: 0 })).toEqual({});
    });

    it("takes a Russian name of 2–60 characters and descriptions up to 500, trimmed", () => {
      const input = tournamentInput.parse({
        ...base,
        nameRu: "  Ночной турнир  ",
        description: "Pot-limit Omaha, deep stacks.",
        descriptionRu: "Омаха пот-лимит, глубокие стеки.",
      });
      expect(input).toMatchObject({
        nameRu: "Ночной турнир",
        description: "Pot-limit Omaha, deep stacks.",
        descriptionRu: "Омаха пот-лимит, глубокие стеки.",
      });
      expect(codesOf({ nameRu: "Н" })).toEqual({ nameRu: "too_short" });
      expect(codesOf({ nameRu: "Н".repeat(61) })).toEqual({ nameRu: "too_long" });
      expect(codesOf({ descriptionRu: "д".repeat(501) })).toEqual({ descriptionRu: "too_long" });
      expect(codesOf({ nameRu: null, description: null, descriptionRu: null })).toEqual({});
    });
  });
});
