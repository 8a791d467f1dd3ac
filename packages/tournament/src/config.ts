/**
 * What the admin sets for one tournament, and its validation. `TournamentConfig`
 * is what comes in (options may be left out); `TournamentRules` is the same
 * with every default filled in, which is what a state carries.
 *
 * Money amounts (buy-ins, rebuys, add-ons, guarantee) are integer units of
 * the buy-in currency; `startingStack` and `chips` are tournament chips,
 * which are not money (MT-7).
 */
import { type BlindStructure, levelCount, validateBlindStructure } from "./levels";
import { type PayoutTable, validatePayoutTable } from "./payouts";
import { failure, isAmount, isPositiveInteger, type Outcome } from "./result";

export const MIN_SEATS_PER_TABLE = 2;
export const MAX_SEATS_PER_TABLE = 10;

/** Buy-in = prize-pool part + fee (MT-2). */
export interface Price {
  prize: number;
  fee: number;
}

export interface RebuyOption extends Price {
  /** Rebuys are allowed through this level (and the break after it). */
  untilLevel: number;
  chips: number;
  /** Rebuy only when the stack is at most this (0 = only when busted). */
  stackAtMost: number;
  /** Per entry; null = unlimited. */
  maxPerEntry: number | null;
}

/** One add-on per entry, between hands, from one level through another (usually the break after the rebuys). */
export interface AddOnOption extends Price {
  fromLevel: number;
  untilLevel: number;
  chips: number;
}

export interface TournamentConfig {
  seatsPerTable: number;
  startingStack: number;
  structure: BlindStructure;
  buyIn: Price;
  payouts: PayoutTable;
  /** Pool floor; the house adds the overlay (MT-2). Default 0. */
  guarantee?: number;
  /** Field cap, re-entries included; default none. */
  maxEntries?: number | null;
  /** Registration stays open through this level (and the break after it); default: closes at the start. */
  lateRegistration?: { untilLevel: number } | null;
  /** A busted player may buy a new entry during late registration, up to this many entries in all. */
  reEntry?: { maxEntriesPerPlayer: number } | null;
  rebuy?: RebuyOption | null;
  addOn?: AddOnOption | null;
  /**
   * Hand-for-hand while the players left are more than the places paid but
   * at most this many more, and at more than one table (MT-5). Default 1: on
   * the bubble, the next player out leaves without a prize.
   */
  handForHandMargin?: number;
  /** Fewer entrants at the start: cancelled and refunded (MT-1). At least 2; default 2. */
  minEntrants?: number;
  /** How long a busted player has to decide on a rebuy before a `tick` declines it; default 30 s. */
  rebuyDecisionMs?: number;
  /**
   * A sit-and-go (H-7): no start time, it starts when `maxEntries` players
   * have registered. Needs a field cap, and has no late registration.
   * Default false (a scheduled tournament).
   */
  startWhenFull?: boolean;
}

export const DEFAULT_REBUY_DECISION_MS = 30_000;

export interface TournamentRules {
  readonly seatsPerTable: number;
  readonly startingStack: number;
  readonly structure: BlindStructure;
  readonly buyIn: Price;
  readonly payouts: PayoutTable;
  readonly guarantee: number;
  readonly maxEntries: number | null;
  readonly lateRegistration: { untilLevel: number } | null;
  readonly reEntry: { maxEntriesPerPlayer: number } | null;
  readonly rebuy: RebuyOption | null;
  readonly addOn: AddOnOption | null;
  readonly handForHandMargin: number;
  readonly minEntrants: number;
  readonly rebuyDecisionMs: number;
  /** Absent in states made before sit-and-gos existed (read as false). */
  readonly startWhenFull?: boolean;
}

const isPrice = (value: unknown): value is Price =>
  typeof value === "object" &&
  value !== null &&
  isAmount((value as Price).prize) &&
  isAmount((value as Price).fee);

/** Checks a config and fills in the defaults. */
export function normalizeConfig(config: unknown): Outcome<{ rules: TournamentRules }> {
  const bad = (message: string) => failure("invalid_config", message);
  if (typeof config !== "object" || config === null) return bad("config must be an object");
  const c = config as Record<string, unknown>;
  const { seatsPerTable, startingStack } = c;
  if (
    !isPositiveInteger(seatsPerTable) ||
    seatsPerTable < MIN_SEATS_PER_TABLE ||
    seatsPerTable > MAX_SEATS_PER_TABLE
  ) {
    return bad(
      `seatsPerTable must be an integer from ${MIN_SEATS_PER_TABLE} to ${MAX_SEATS_PER_TABLE}`,
    );
  }
  if (!isPositiveInteger(startingStack)) return bad("startingStack must be a positive integer");
  const structure = validateBlindStructure(c.structure);
  if (!structure.ok) return structure;
  const levels = levelCount(structure.structure);
  const isLevel = (value: unknown): value is number => isPositiveInteger(value) && value <= levels;
  const payouts = validatePayoutTable(c.payouts);
  if (!payouts.ok) return payouts;
  if (!isPrice(c.buyIn)) return bad("buyIn is { prize, fee } in non-negative integers");

  const guarantee = c.guarantee ?? 0;
  if (!isAmount(guarantee)) return bad("guarantee must be a non-negative integer");
  const maxEntries = c.maxEntries ?? null;
  if (maxEntries !== null && !(isPositiveInteger(maxEntries) && maxEntries >= 2)) {
    return bad("maxEntries must be an integer of at least 2, or null");
  }

  const lateRegistration = (c.lateRegistration ?? null) as TournamentRules["lateRegistration"];
  if (lateRegistration !== null && !isLevel(lateRegistration.untilLevel)) {
    return bad(`lateRegistration.untilLevel must be a level from 1 to ${levels}`);
  }
  const reEntry = (c.reEntry ?? null) as TournamentRules["reEntry"];
  if (reEntry !== null) {
    if (lateRegistration === null) {
      return bad("re-entry needs late registration (it is allowed only then)");
    }
    if (!(isPositiveInteger(reEntry.maxEntriesPerPlayer) && reEntry.maxEntriesPerPlayer >= 2)) {
      return bad("reEntry.maxEntriesPerPlayer must be an integer of at least 2");
    }
  }
  const rebuy = (c.rebuy ?? null) as RebuyOption | null;
  if (rebuy !== null) {
    if (!isPrice(rebuy) || !isPositiveInteger(rebuy.chips) || !isAmount(rebuy.stackAtMost)) {
      return bad("rebuy needs { prize, fee, chips, stackAtMost } in integers, chips positive");
    }
    if (!isLevel(rebuy.untilLevel)) {
      return bad(`rebuy.untilLevel must be a level from 1 to ${levels}`);
    }
    if (rebuy.maxPerEntry !== null && !isPositiveInteger(rebuy.maxPerEntry)) {
      return bad("rebuy.maxPerEntry must be a positive integer or null");
    }
  }
  const addOn = (c.addOn ?? null) as AddOnOption | null;
  if (addOn !== null) {
    if (!isPrice(addOn) || !isPositiveInteger(addOn.chips)) {
      return bad("addOn needs { prize, fee, chips } in integers, chips positive");
    }
    if (
      !isLevel(addOn.fromLevel) ||
      !isLevel(addOn.untilLevel) ||
      addOn.fromLevel > addOn.untilLevel
    ) {
      return bad(`addOn levels must satisfy 1 ≤ fromLevel ≤ untilLevel ≤ ${levels}`);
    }
  }
  const handForHandMargin = c.handForHandMargin ?? 1;
  if (!isPositiveInteger(handForHandMargin)) {
    return bad("handForHandMargin must be a positive integer");
  }

  const minEntrants = c.minEntrants ?? 2;
  if (!(isPositiveInteger(minEntrants) && minEntrants >= 2)) {
    return bad("minEntrants must be an integer of at least 2");
  }
  if (maxEntries !== null && maxEntries < minEntrants) {
    return bad("maxEntries must be at least minEntrants");
  }
  const rebuyDecisionMs = c.rebuyDecisionMs ?? DEFAULT_REBUY_DECISION_MS;
  if (!isPositiveInteger(rebuyDecisionMs)) {
    return bad("rebuyDecisionMs must be a positive integer");
  }

  const startWhenFull = c.startWhenFull ?? false;
  if (typeof startWhenFull !== "boolean") return bad("startWhenFull must be true or false");
  if (startWhenFull && maxEntries === null) {
    return bad("a sit-and-go (startWhenFull) needs maxEntries: the seats it fills");
  }
  if (startWhenFull && lateRegistration !== null) {
    return bad("a sit-and-go starts when full: it has no late registration");
  }

  return {
    ok: true,
    rules: {
      seatsPerTable,
      startingStack,
      structure: structure.structure,
      buyIn: c.buyIn,
      payouts: payouts.table,
      guarantee,
      maxEntries,
      lateRegistration,
      reEntry,
      rebuy,
      addOn,
      handForHandMargin,
      minEntrants,
      rebuyDecisionMs,
      startWhenFull,
    },
  };
}
