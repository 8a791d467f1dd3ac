/**
 * A tournament's definition: what the admin chose (admin/tournament-input.ts
 * checks the form) and the @felt/tournament config the room plays (the
 * structure templates it starts from are the package's, templates.ts), which
 * is stored as JSON in the tournament's D1 row.
 */

import type { TournamentGame } from "@felt/protocol/games";
import {
  type PayoutTable,
  structureFromTemplate,
  TEMPLATES,
  type TemplateId,
  type TournamentConfig,
} from "@felt/tournament";
import type { PayoutTier } from "../db/schema";
import type { TableStructure } from "./table-contract";

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

/** What the admin chose, as far as the tables and the state machine need it. */
export type TournamentDefinition = {
  game: TournamentGame;
  /** The tables' clock; absent = the template's. */
  actionSeconds?: number | undefined;
  timeBankSeconds?: number | undefined;
  buyIn: number;
  fee: number;
  startingStack: number;
  seatsPerTable: number;
  template: TemplateId;
  levelSeconds?: number | undefined;
  lateRegistrationLevels: number;
  maxEntriesPerPlayer: number;
  rebuy: { chips: number; price: number; fee: number; untilLevel: number } | null;
  addOn: {
    chips: number;
    price: number;
    fee: number;
    fromLevel: number;
    untilLevel: number;
  } | null;
  minEntrants: number;
  maxEntrants: number | null;
  guarantee: number;
  /** H-7: a sit-and-go of this many seats (it starts when they are taken); absent or null = scheduled. */
  sitAndGo?: { seats: number } | null;
};

/** What the tables deal and their clock: the admin's, else the template's. */
export function tableStructureOf(input: TournamentDefinition): TableStructure {
  const t = TEMPLATES[input.template];
  return {
    game: input.game,
    actionSeconds: input.actionSeconds ?? t.actionSeconds,
    timeBankSeconds: input.timeBankSeconds ?? t.timeBankSeconds,
  };
}

/** The tournament package's config for the admin's input and the payout table's tiers. */
export function configOf(
  input: TournamentDefinition,
  tiers: readonly PayoutTier[],
): TournamentConfig {
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
    maxEntries: input.sitAndGo ? input.sitAndGo.seats : input.maxEntrants,
    ...(input.sitAndGo ? { startWhenFull: true } : {}),
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
    {
      game: "holdem-nl",
      buyIn: row.buyIn,
      fee: row.fee,
      startingStack: row.startingStack,
      seatsPerTable: 9,
      template: "regular",
      lateRegistrationLevels: 0,
      maxEntriesPerPlayer: 1,
      rebuy: null,
      addOn: null,
      minEntrants: 2,
      maxEntrants: null,
      guarantee: 0,
    },
    [
      { minEntrants: 2, maxEntrants: 6, basisPoints: [10_000] },
      { minEntrants: 7, maxEntrants: 20, basisPoints: [6_500, 3_500] },
      { minEntrants: 21, maxEntrants: 100_000, basisPoints: [5_000, 3_000, 2_000] },
    ],
  );
}
