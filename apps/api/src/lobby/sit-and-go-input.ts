/**
 * A home-game host's private sit-and-go (H-7): the few choices he makes.
 * The rest is fixed: a freezeout, the default payouts.
 */
import { TOURNAMENT_GAMES } from "@felt/protocol/games";
import { TEMPLATE_IDS } from "@felt/tournament";
import { z } from "zod";
import { customIssue } from "../trpc/messages";

/** ST-1: seven-card stud tables seat at most 8. */
const STUD7_SEATS = 8;

const money = z.number().int().min(0).max(1_000_000);

export const privateSitAndGoInput = z
  .strictObject({
    /** The home game (its table id) the host opens it from: only a home game's host may. */
    homeTableId: z.string().min(1).max(64),
    name: z.string().trim().min(2).max(60),
    /** The game every table deals, as in the admin's tournaments. */
    game: z.enum(TOURNAMENT_GAMES).default("holdem-nl"),
    /** It starts when these seats are all taken; above the table size, on several tables. */
    seats: z.number().int().min(2).max(30),
    seatsPerTable: z.number().int().min(2).max(10).default(6),
    buyIn: money,
    fee: money.default(0),
    startingStack: z.number().int().min(10).max(1_000_000).default(1500),
    template: z.enum(TEMPLATE_IDS).default("turbo"),
    /** Overrides the template's level length (short ones for a quick game). */
    levelSeconds: z.number().int().min(10).max(7_200).optional(),
  })
  .superRefine((t, ctx) => {
    if (t.game === "stud7" && t.seatsPerTable > STUD7_SEATS)
      ctx.addIssue(
        customIssue(
          ["seatsPerTable"],
          "stud_seats",
          `must be at most ${STUD7_SEATS} at this stud game`,
          {
            max: STUD7_SEATS,
          },
        ),
      );
  });

export type PrivateSitAndGoInput = z.infer<typeof privateSitAndGoInput>;

/** Private sit-and-gos a host may have waiting for players at once. */
export const MAX_OPEN_PRIVATE = 5;

/** The house payouts a private sit-and-go uses: one place up to 6, two up to 20, then three. */
export const PRIVATE_PAYOUT_TIERS = [
  { minEntrants: 2, maxEntrants: 6, basisPoints: [10_000] },
  { minEntrants: 7, maxEntrants: 20, basisPoints: [6_500, 3_500] },
  { minEntrants: 21, maxEntrants: 100_000, basisPoints: [5_000, 3_000, 2_000] },
];
