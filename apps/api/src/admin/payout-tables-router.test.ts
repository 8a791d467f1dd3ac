import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { payouts, stake } from "../../test/admin";
import { seedDemo } from "../../test/seed";
import { call, newAdmin, type Player, snapshot } from "../../test/trpc";

describe("admin: payout tables", () => {
  let admin: Player;
  let as: { token: string };
  beforeAll(async () => {
    await seedDemo(env.DB);
    admin = await newAdmin();
    as = { token: admin.token };
  });

  it("payout tables: create, read, update, delete", async () => {
    const created = await call("admin.payoutTables.create", payouts({ name: "Sunday" }), as);
    expect(created.error).toBeNull();
    expect(created.data.tiers[1]).toEqual({
      minEntrants: 6,
      maxEntrants: 10,
      percentages: [65, 35],
    });
    const id = created.data.id;
    expect((await call("admin.payoutTables.get", { id }, as)).data).toEqual(created.data);
    const changed = payouts({
      name: "Sunday v2",
      tiers: [
        { minEntrants: 2, maxEntrants: 9, percentages: [100] },
        { minEntrants: 10, maxEntrants: 100, percentages: [50.5, 30.25, 19.25] },
      ],
    });
    const updated = await call("admin.payoutTables.update", { id, payoutTable: changed }, as);
    expect(updated.data.tiers[1].percentages).toEqual([50.5, 30.25, 19.25]);
    const names = (await call("admin.payoutTables.list", undefined, as)).data.map(
      (p: { name: string }) => p.name,
    );
    expect(names).toContain("Sunday v2");
    const clash = await call("admin.payoutTables.create", payouts({ name: "Sunday v2" }), as);
    expect(clash.error).toMatchObject({
      code: "CONFLICT",
      message: 'A payout table named "Sunday v2" exists already; choose another name.',
    });
    expect((await call("admin.payoutTables.delete", { id }, as)).data).toEqual({ ok: true });
    expect((await call("admin.payoutTables.get", { id }, as)).error?.code).toBe("NOT_FOUND");
  });

  it("refinements carry codes and the numbers they quote, beside the English", async () => {
    const cases: Array<[string, string, unknown, Record<string, unknown>]> = [
      [
        "admin.stakes.create",
        "blinds upside down",
        stake({ smallBlind: 5, bigBlind: 2 }),
        { bigBlind: { code: "below_small_blind" } },
      ],
      [
        "admin.stakes.create",
        "rake to the cent",
        stake({ rakePercent: 2.555, rakeCap: 10 }),
        {
          rakePercent: { code: "two_decimals" },
        },
      ],
      [
        "admin.stakes.create",
        "dealer's choice of one game",
        stake({ game: "dealers-choice", games: ["draw-joker"], wild: "joker" }),
        {
          games: { code: "games_count", min: 2, max: 8 },
          wild: { code: "dealers_choice_wild" },
        },
      ],
      [
        "admin.stakes.create",
        "dealer's choice, a game twice",
        stake({ game: "dealers-choice", games: ["draw-7a", "draw-7a"] }),
        { games: { code: "games_repeated" } },
      ],
      [
        "admin.stakes.create",
        "games for hold'em",
        stake({ games: ["draw-7a", "holdem-nl"] }),
        { games: { code: "only_dealers_choice" } },
      ],
      [
        "admin.payoutTables.create",
        "sum 90",
        payouts({ tiers: [{ minEntrants: 2, maxEntrants: 9, percentages: [60, 30] }] }),
        { "tiers[0].percentages": { code: "not_hundred_percent", total: 90 } },
      ],
      [
        "admin.payoutTables.create",
        "a gap",
        payouts({
          tiers: [
            { minEntrants: 2, maxEntrants: 9, percentages: [100] },
            { minEntrants: 11, maxEntrants: 20, percentages: [60, 40] },
          ],
        }),
        { "tiers[1].minEntrants": { code: "range_gap", next: 10 } },
      ],
      [
        "admin.tables.open",
        "table name of markup",
        { stakeId: "nlhe-1-2", name: "<b>" },
        {
          name: { code: "table_name_chars" },
        },
      ],
    ];
    for (const [path, name, input, fieldCodes] of cases) {
      const reply = await call(path, input, as);
      expect(reply.error, name).toMatchObject({ reason: "invalid_input", params: {} });
      expect(reply.error?.fieldCodes, name).toEqual(fieldCodes);
    }
  });

  it("payout tables: percentages must add up to 100 and ranges must not overlap or leave gaps", async () => {
    const tier = (minEntrants: number, maxEntrants: number, percentages: unknown) => ({
      minEntrants,
      maxEntrants,
      percentages,
    });
    const cases: Array<[string, unknown, Record<string, string>]> = [
      [
        "sum 90",
        payouts({ tiers: [tier(2, 9, [60, 30])] }),
        { "tiers[0].percentages": "must add up to 100 (they add up to 90)" },
      ],
      [
        "sum 110",
        payouts({ tiers: [tier(2, 9, [60, 50])] }),
        { "tiers[0].percentages": "must add up to 100 (they add up to 110)" },
      ],
      [
        "overlap",
        payouts({ tiers: [tier(2, 10, [100]), tier(8, 20, [70, 30])] }),
        {
          "tiers[1].minEntrants":
            "must be 11, right after the previous range (no gaps or overlaps)",
        },
      ],
      [
        "gap",
        payouts({ tiers: [tier(2, 10, [100]), tier(15, 20, [70, 30])] }),
        {
          "tiers[1].minEntrants":
            "must be 11, right after the previous range (no gaps or overlaps)",
        },
      ],
      [
        "range upside down",
        payouts({ tiers: [tier(10, 5, [100])] }),
        { "tiers[0].maxEntrants": "must be at least minEntrants" },
      ],
      [
        "more places than players",
        payouts({ tiers: [tier(2, 5, [40, 30, 30])] }),
        { "tiers[0].percentages": "pays 3 places but the field may be only 2" },
      ],
      [
        "second pays more",
        payouts({ tiers: [tier(3, 9, [40, 60])] }),
        { "tiers[0].percentages[1]": "must not be more than the place above it" },
      ],
      [
        "negative share",
        payouts({ tiers: [tier(3, 9, [110, -10])] }),
        {
          "tiers[0].percentages[0]": "must be at most 100",
          "tiers[0].percentages[1]": "must be at least 0",
        },
      ],
      [
        "zero share",
        payouts({ tiers: [tier(3, 9, [100, 0])] }),
        { "tiers[0].percentages[1]": "must be above 0" },
      ],
      [
        "NaN-ish share",
        payouts({ tiers: [tier(3, 9, [100, "x"])] }),
        { "tiers[0].percentages[1]": "must be a number" },
      ],
      ["no tiers", payouts({ tiers: [] }), { tiers: "needs at least 1 items" }],
      [
        "fractional field",
        payouts({ tiers: [tier(2.5, 9, [100])] }),
        { "tiers[0].minEntrants": "must be a whole number" },
      ],
      [
        "field of one",
        payouts({ tiers: [tier(1, 9, [100])] }),
        { "tiers[0].minEntrants": "must be at least 2" },
      ],
      ["tiers not a list", payouts({ tiers: "all" }), { tiers: "must be a list" }],
    ];
    const before = await snapshot();
    for (const [name, input, fieldErrors] of cases) {
      const reply = await call("admin.payoutTables.create", input, as);
      expect(reply.error?.code, name).toBe("BAD_REQUEST");
      expect(reply.error?.fieldErrors, name).toEqual(fieldErrors);
    }
    expect(await snapshot()).toEqual(before);
  });
});
