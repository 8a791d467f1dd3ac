import { z } from "zod";
import type { PayoutTier, payoutTables } from "../db/schema";
import { customIssue, type Params, refinement } from "../trpc/messages";
import { percent, percentToBasisPoints } from "./stake-input";

const entrants = z.number().int().min(2).max(100_000);

/**
 * A payout table (MT-2): for each range of field sizes, the percentage of the
 * prize pool each place takes, first place first. The ranges must follow on
 * from each other with no gap or overlap, so every field size has one answer.
 */
export const payoutInput = z
  .strictObject({
    name: z.string().trim().min(2).max(60),
    tiers: z
      .array(
        z
          .strictObject({
            minEntrants: entrants,
            maxEntrants: entrants,
            percentages: z
              .array(
                percent(100).refine((p) => p > 0, refinement("not_positive", "must be above 0")),
              )
              .min(1)
              .max(1000),
          })
          .superRefine((tier, ctx) => {
            const fail = (path: PropertyKey[], message: string, code: string, params?: Params) =>
              ctx.addIssue(customIssue(path, code, message, params));
            if (tier.maxEntrants < tier.minEntrants)
              fail(["maxEntrants"], "must be at least minEntrants", "below_min_entrants");
            if (tier.percentages.length > tier.minEntrants)
              fail(
                ["percentages"],
                `pays ${tier.percentages.length} places but the field may be only ${tier.minEntrants}`,
                "too_many_places",
                { places: tier.percentages.length, minEntrants: tier.minEntrants },
              );
            const total = tier.percentages.reduce((sum, p) => sum + percentToBasisPoints(p), 0);
            if (total !== 10_000)
              fail(
                ["percentages"],
                `must add up to 100 (they add up to ${total / 100})`,
                "not_hundred_percent",
                { total: total / 100 },
              );
            tier.percentages.forEach((p, i) => {
              if (i > 0 && p > (tier.percentages[i - 1] as number))
                fail(
                  ["percentages", i],
                  "must not be more than the place above it",
                  "above_place_above",
                );
            });
          }),
      )
      .min(1)
      .max(50),
  })
  .superRefine((table, ctx) => {
    table.tiers.forEach((tier, i) => {
      const previous = table.tiers[i - 1];
      if (previous && tier.minEntrants !== previous.maxEntrants + 1)
        ctx.addIssue(
          customIssue(
            ["tiers", i, "minEntrants"],
            "range_gap",
            `must be ${previous.maxEntrants + 1}, right after the previous range (no gaps or overlaps)`,
            { next: previous.maxEntrants + 1 },
          ),
        );
    });
  });

export type PayoutInput = z.infer<typeof payoutInput>;

export const payoutTiers = (input: PayoutInput): PayoutTier[] =>
  input.tiers.map((t) => ({
    minEntrants: t.minEntrants,
    maxEntrants: t.maxEntrants,
    basisPoints: t.percentages.map(percentToBasisPoints),
  }));

export function payoutView(row: typeof payoutTables.$inferSelect) {
  return {
    id: row.id,
    name: row.name,
    tiers: row.tiers.map((t) => ({
      minEntrants: t.minEntrants,
      maxEntrants: t.maxEntrants,
      percentages: t.basisPoints.map((bp) => bp / 100),
    })),
    updatedAt: row.updatedAt.getTime(),
  };
}
