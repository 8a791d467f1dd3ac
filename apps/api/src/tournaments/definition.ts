/**
 * A tournament's definition: the admin's form (`tournamentInput`) and the
 * @felt/tournament config the room plays (the structure templates it starts
 * from are the package's, templates.ts), which is stored as JSON in the tournament's D1 row.
 */

import { TOURNAMENT_CLOCK, TOURNAMENT_GAMES } from "@felt/protocol/games";
import {
  BLIND_LADDER,
  type PayoutTable,
  structureFromTemplate,
  TEMPLATE_IDS,
  TEMPLATES,
  type TournamentConfig,
} from "@felt/tournament";
import { z } from "zod";
import { dateOf } from "../clock";
import type { PayoutTier, tournaments } from "../db/schema";
import { customIssue } from "../trpc/messages";
import type { TableStructure } from "./protocol";

/**
 * The admin's payout table as the tournament package reads it: brackets that
 * start at 2 entries and end open. A field smaller than the table's first
 * range pays its winner alone; a field beyond its last range pays as the last.
 */
export function payoutTableOf(tiers: readonly PayoutTier[]): PayoutTable {
  const first = tiers[0];
  const winnerAlone: PayoutTable["brackets"] =
    !first || first.minEntrants > 2
      ? [{ minEntries: 2, maxEntries: first ? first.minEntrants - 1 : null, basisPoints: [10_000] }]
      : [];
  const brackets = [
    ...winnerAlone,
    ...tiers.map((tier, i) => ({
      minEntries: tier.minEntrants,
      maxEntries: i === tiers.length - 1 ? null : tier.maxEntrants,
      basisPoints: [...tier.basisPoints],
    })),
  ];
  return { brackets };
}

const chips = z.number().int().min(1).max(1_000_000_000);
const money = z.number().int().min(0).max(1_000_000_000);
const level = z.number().int().min(1).max(BLIND_LADDER.length);
const seconds = (bounds: { min: number; max: number }) =>
  z.number().int().min(bounds.min).max(bounds.max);
/** A lobby text in one language; null = none (the form sends null for an empty box). */
const optionalText = (min: number, max: number) =>
  z.string().trim().min(min).max(max).nullable().default(null);

/** What an admin fills in to schedule a tournament. */
export const tournamentInput = z
  .strictObject({
    name: z.string().trim().min(2).max(60),
    /** The lobby's name in Russian, shown at the ru locale; null = the name above. */
    nameRu: optionalText(2, 60),
    /** A line or two for the lobby, and its Russian; null = none (ru falls back to the default). */
    description: optionalText(1, 500),
    descriptionRu: optionalText(1, 500),
    /** The game every table deals, all tournament long. */
    game: z.enum(TOURNAMENT_GAMES).default("holdem-nl"),
    /** The tables' clock; absent = the template's. */
    actionSeconds: seconds(TOURNAMENT_CLOCK.actionSeconds).optional(),
    timeBankSeconds: seconds(TOURNAMENT_CLOCK.timeBankSeconds).optional(),
    /** Epoch milliseconds. */
    startsAt: z.number().int().positive(),
    /** The prize-pool part of the buy-in, and the house's fee on top (MT-2). */
    buyIn: money,
    fee: money,
    startingStack: chips,
    seatsPerTable: z.number().int().min(2).max(10).default(9),
    template: z.enum(TEMPLATE_IDS),
    /** Overrides the template's level length (short ones are for tests and demos). */
    levelSeconds: z.number().int().min(10).max(7_200).optional(),
    /** Registration stays open through this level; 0 = closes at the start (MT-1). */
    lateRegistrationLevels: z.number().int().min(0).max(BLIND_LADDER.length).default(0),
    /** Entries a player may buy in all during late registration; 1 = no re-entry (MT-1). */
    maxEntriesPerPlayer: z.number().int().min(1).max(100).default(1),
    rebuy: z
      .strictObject({ chips, price: money, fee: money, untilLevel: level })
      .nullable()
      .default(null),
    addOn: z
      .strictObject({ chips, price: money, fee: money, fromLevel: level, untilLevel: level })
      .nullable()
      .default(null),
    minEntrants: z.number().int().min(2).max(100_000).default(2),
    maxEntrants: z.number().int().min(2).max(100_000).nullable().default(null),
    /** Pool floor; the house adds the overlay (MT-2). */
    guarantee: money.default(0),
    payoutTableId: z.string().min(1).max(80),
    /** Run again every this many minutes (a daily one: 1440); null = once. */
    repeatEveryMinutes: z
      .number()
      .int()
      .min(15)
      .max(7 * 24 * 60)
      .nullable()
      .default(null),
  })
  .superRefine((t, ctx) => {
    const fail = (path: string, message: string, code: string) =>
      ctx.addIssue(customIssue([path], code, message));
    if (t.maxEntrants !== null && t.maxEntrants < t.minEntrants)
      fail("maxEntrants", "must be at least the minimum field", "below_min_field");
    if (t.maxEntriesPerPlayer > 1 && t.lateRegistrationLevels === 0)
      fail(
        "maxEntriesPerPlayer",
        "re-entry needs late registration",
        "re_entry_needs_late_registration",
      );
    if (t.addOn && t.addOn.fromLevel > t.addOn.untilLevel)
      fail("addOn", "fromLevel must not be after untilLevel", "add_on_levels_order");
  });

export type TournamentInput = z.infer<typeof tournamentInput>;

/** What the tables deal and their clock: the admin's, else the template's. */
export function tableStructureOf(input: TournamentInput): TableStructure {
  const t = TEMPLATES[input.template];
  return {
    game: input.game,
    actionSeconds: input.actionSeconds ?? t.actionSeconds,
    timeBankSeconds: input.timeBankSeconds ?? t.timeBankSeconds,
  };
}

/** The tournament package's config for the admin's input and the payout table's tiers. */
export function configOf(input: TournamentInput, tiers: readonly PayoutTier[]): TournamentConfig {
  const t = TEMPLATES[input.template];
  return {
    seatsPerTable: input.seatsPerTable,
    startingStack: input.startingStack,
    structure: structureFromTemplate(
      input.template,
      input.startingStack,
      input.levelSeconds ?? t.levelSeconds,
    ),
    buyIn: { prize: input.buyIn, fee: input.fee },
    payouts: payoutTableOf(tiers),
    guarantee: input.guarantee,
    minEntrants: input.minEntrants,
    maxEntries: input.maxEntrants,
    lateRegistration:
      input.lateRegistrationLevels > 0 ? { untilLevel: input.lateRegistrationLevels } : null,
    reEntry:
      input.maxEntriesPerPlayer > 1 ? { maxEntriesPerPlayer: input.maxEntriesPerPlayer } : null,
    rebuy: input.rebuy && {
      prize: input.rebuy.price,
      fee: input.rebuy.fee,
      chips: input.rebuy.chips,
      untilLevel: input.rebuy.untilLevel,
      stackAtMost: input.startingStack,
      maxPerEntry: null,
    },
    addOn: input.addOn && {
      prize: input.addOn.price,
      fee: input.addOn.fee,
      chips: input.addOn.chips,
      fromLevel: input.addOn.fromLevel,
      untilLevel: input.addOn.untilLevel,
    },
  };
}

/** For rows made before tournaments ran (the seed's first one): a regular 9-handed freezeout. */
export function defaultConfig(row: {
  buyIn: number;
  fee: number;
  startingStack: number;
}): TournamentConfig {
  return configOf(
    tournamentInput.parse({
      name: "default",
      startsAt: 1,
      buyIn: row.buyIn,
      fee: row.fee,
      startingStack: row.startingStack,
      template: "regular",
      payoutTableId: "default",
    }),
    [
      { minEntrants: 2, maxEntrants: 6, basisPoints: [10_000] },
      { minEntrants: 7, maxEntrants: 20, basisPoints: [6_500, 3_500] },
      { minEntrants: 21, maxEntrants: 100_000, basisPoints: [5_000, 3_000, 2_000] },
    ],
  );
}

type TournamentRow = typeof tournaments.$inferSelect;

/**
 * The row of the next tournament of a repeating series, or null for a one-off:
 * the same definition at the first start of the rhythm after `now`.
 */
export function nextOfSeries(row: TournamentRow, now: number): TournamentRow | null {
  const every = row.repeatEveryMinutes;
  if (every === null) return null;
  const step = every * 60_000;
  const first = row.startsAt.getTime() + step;
  const startsAt = first > now ? first : first + Math.ceil((now - first + 1) / step) * step;
  const seriesId = row.seriesId ?? row.id;
  return {
    ...row,
    id: `${seriesId.slice(0, 50)}-${startsAt.toString(36)}`,
    seriesId,
    startsAt: dateOf(startsAt),
    status: "registering",
    entries: 0,
    prizePool: 0,
    createdAt: dateOf(now),
  };
}
