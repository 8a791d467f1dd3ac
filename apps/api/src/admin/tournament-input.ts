/**
 * The admin's tournament form (`tournamentInput`): checked here, then turned
 * into the tournament package's config by tournaments/definition.ts.
 */
import { TOURNAMENT_CLOCK, TOURNAMENT_GAMES } from "@felt/protocol/games";
import { BLIND_LADDER, TEMPLATE_IDS } from "@felt/tournament";
import { z } from "zod";
import { customIssue } from "../trpc/messages";

const chips = z.number().int().min(1).max(1_000_000_000);
const money = z.number().int().min(0).max(1_000_000_000);
const level = z.number().int().min(1).max(BLIND_LADDER.length);
const seconds = (bounds: { min: number; max: number }) =>
  z.number().int().min(bounds.min).max(bounds.max);
/** A lobby text in one language; null = none (the form sends null for an empty box). */
const optionalText = (min: number, max: number) =>
  z.string().trim().min(min).max(max).nullable().default(null);

/** ST-1: seven-card stud tables seat at most 8. */
const STUD7_SEATS = 8;

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
    /** Epoch milliseconds; a sit-and-go has none (it starts when full). */
    startsAt: z.number().int().positive().optional(),
    /**
     * H-7: a sit-and-go, which starts when its seats (2 to 100, on one table
     * or several) are all taken; `refill` opens the next one like it when it
     * starts. Null = a scheduled tournament.
     */
    sitAndGo: z
      .strictObject({ seats: z.number().int().min(2).max(100), refill: z.boolean().default(true) })
      .nullable()
      .default(null),
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
    // ST-1: the deck deals seven-card stud to at most 8 players.
    if (t.game === "stud7" && t.seatsPerTable > STUD7_SEATS)
      ctx.addIssue(
        customIssue(
          ["seatsPerTable"],
          "stud_seats",
          `must be at most ${STUD7_SEATS} at this stud game`,
          { max: STUD7_SEATS },
        ),
      );
    if (t.maxEntrants !== null && t.maxEntrants < t.minEntrants)
      fail("maxEntrants", "must be at least the minimum field", "below_min_field");
    if (t.maxEntriesPerPlayer > 1 && t.lateRegistrationLevels === 0)
      fail(
        "maxEntriesPerPlayer",
        "re-entry needs late registration",
        "re_entry_needs_late_registration",
      );
    if (!t.sitAndGo && t.startsAt === undefined)
      fail("startsAt", "a scheduled tournament needs its start time", "starts_at_required");
    if (t.sitAndGo && t.lateRegistrationLevels > 0)
      fail(
        "lateRegistrationLevels",
        "a sit-and-go starts when full",
        "sit_and_go_late_registration",
      );
    if (t.sitAndGo && t.minEntrants > t.sitAndGo.seats)
      fail("minEntrants", "must be at most the sit-and-go's seats", "above_seats");
    if (t.addOn && t.addOn.fromLevel > t.addOn.untilLevel)
      fail("addOn", "fromLevel must not be after untilLevel", "add_on_levels_order");
  });

export type TournamentInput = z.infer<typeof tournamentInput>;
