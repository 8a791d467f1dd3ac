import {
  createTable,
  DEALERS_CHOICE_HANDS,
  DEALERS_CHOICE_IDS,
  type DealersChoiceId,
  NEXT_HAND_DELAY_MS,
  russian,
  type TablePlan,
  type TableTiming,
  tablePlan,
} from "@felt/engine";
import { DEALERS_CHOICE_NAMES } from "@felt/protocol/games";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { type DealersChoiceGame, stakes, tables } from "../db/schema";
import { russianPlanOf } from "./russian/russian-plan";

/** The room's timers, in milliseconds (the engine's room-timers.ts). */
export type Timing = TableTiming;

export { NEXT_HAND_DELAY_MS, SIT_OUT_EXPIRY_MS, type TablePlan } from "@felt/engine";

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
  | "games"
  | "smallBet"
  | "bigBet"
  | "rakeBasisPoints"
  | "rakeCap"
  | "noFlopNoDrop"
  | "actionSeconds"
  | "timeBankSeconds"
  | "timeBankRefillSeconds"
  | "timeBankRefillHands"
  | "chat"
  | "russian"
>;

/**
 * Dealer's choice (docs/rules.md#dealers-choice): the games a stake may list,
 * each named for the players, with the engine's hand rules (stake-plan.ts).
 */
export const DEALERS_CHOICE_CATALOGUE = Object.fromEntries(
  DEALERS_CHOICE_IDS.map((id) => [
    id,
    { name: DEALERS_CHOICE_NAMES[id], hand: DEALERS_CHOICE_HANDS[id] },
  ]),
) as Record<
  DealersChoiceGame,
  { name: string; hand: (typeof DEALERS_CHOICE_HANDS)[DealersChoiceId] }
>;

/**
 * A stake as the engine's table layer takes it (the engine's `tablePlan`):
 * hold'em and Omaha, five-card draw with either deck and any wild cards,
 * seven- and five-card stud (the small blind column is the bring-in, ST-2),
 * and dealer's choice among those. Russian poker has its own room (russian/).
 */
export const tablePlanOf = (stake: StakeRow, nextHandDelayMs = NEXT_HAND_DELAY_MS): TablePlan =>
  tablePlan(stake, DEALERS_CHOICE_NAMES, nextHandDelayMs);

/** Why no table could deal this stake (the engine's own check), or null when one can. */
export function unplayableReason(stake: StakeRow): string | null {
  if (stake.game === "russian") {
    const plan = russianPlanOf(stake, NEXT_HAND_DELAY_MS);
    if (!plan.ok) return plan.reason;
    const created = russian.createRussianTable(plan.setup);
    return created.ok ? null : created.error.message;
  }
  const plan = tablePlanOf(stake);
  if (!plan.ok) return plan.reason;
  const created = createTable(plan.setup);
  return created.ok ? null : created.error.message;
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
