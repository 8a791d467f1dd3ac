import type { HandConfig, TableSetup } from "@felt/engine";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { stakes, tables } from "../db/schema";

/** The room's timers, in milliseconds. */
export type Timing = {
  /** Normal time to act (the stake's action seconds). */
  actionMs: number;
  /** Each player's time bank when he sits down, spent only beyond the action time. */
  timeBankMs: number;
  /** Pause after a hand (and before the first one) so everyone sees the result. */
  nextHandDelayMs: number;
  /** A player sitting out this long is cashed out and leaves the seat to someone else. */
  sitOutExpiryMs: number;
};

export const NEXT_HAND_DELAY_MS = 3_000;
export const SIT_OUT_EXPIRY_MS = 10 * 60_000;

export type StakeRow = Pick<
  typeof stakes.$inferSelect,
  | "game"
  | "betting"
  | "smallBlind"
  | "bigBlind"
  | "ante"
  | "minBuyInBb"
  | "maxBuyInBb"
  | "seats"
  | "deck"
  | "wild"
  | "smallBet"
  | "bigBet"
  | "rakeBasisPoints"
  | "rakeCap"
  | "noFlopNoDrop"
  | "actionSeconds"
  | "timeBankSeconds"
>;

export type TablePlan =
  | { ok: true; setup: TableSetup; timing: Timing }
  | { ok: false; reason: string };

/**
 * A stake as the engine's table layer takes it. The engine plays hold'em and
 * Omaha with the 52-card deck; draw, wild cards and the 7–A deck have their
 * own issues, so such tables exist in the lobby but cannot be played yet.
 */
export function tablePlanOf(stake: StakeRow, nextHandDelayMs = NEXT_HAND_DELAY_MS): TablePlan {
  if (stake.game !== "holdem" && stake.game !== "omaha") {
    return { ok: false, reason: `${stake.game} tables cannot be played yet` };
  }
  if (stake.deck !== "52" || stake.wild !== "none") {
    return { ok: false, reason: "tables with wild cards or the 7–A deck cannot be played yet" };
  }
  const hand: HandConfig = {
    game: stake.game,
    betting: stake.betting,
    smallBlind: stake.smallBlind,
    bigBlind: stake.bigBlind,
    ...(stake.ante > 0 ? { ante: stake.ante, anteKind: "each" as const } : {}),
    ...(stake.betting === "fixed-limit" && stake.smallBet !== null && stake.bigBet !== null
      ? { smallBet: stake.smallBet, bigBet: stake.bigBet }
      : {}),
  };
  return {
    ok: true,
    setup: {
      hand,
      seatCount: stake.seats,
      minBuyIn: stake.minBuyInBb * stake.bigBlind,
      maxBuyIn: stake.maxBuyInBb * stake.bigBlind,
      rake:
        stake.rakeBasisPoints > 0
          ? {
              basisPoints: stake.rakeBasisPoints,
              cap: stake.rakeCap,
              noFlopNoDrop: stake.noFlopNoDrop,
            }
          : null,
    },
    timing: {
      actionMs: stake.actionSeconds * 1000,
      timeBankMs: stake.timeBankSeconds * 1000,
      nextHandDelayMs,
      sitOutExpiryMs: SIT_OUT_EXPIRY_MS,
    },
  };
}

/** The table's row and stake, or null when there is no such table. */
export async function loadTable(
  db: Database,
  tableId: string,
): Promise<{ status: "open" | "closed"; stake: StakeRow } | null> {
  const [row] = await db
    .select({ status: tables.status, stake: stakes })
    .from(tables)
    .innerJoin(stakes, eq(stakes.id, tables.stakeId))
    .where(eq(tables.id, tableId))
    .limit(1);
  return row ?? null;
}
