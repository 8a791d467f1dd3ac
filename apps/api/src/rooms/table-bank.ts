import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { stakes, tables } from "../db/schema";

/** What a room needs to know about its table to take a buy-in (T-4). */
export type TableLimits = {
  status: "open" | "closed";
  seats: number;
  minBuyIn: number;
  maxBuyIn: number;
};

export async function tableLimits(db: Database, tableId: string): Promise<TableLimits | null> {
  const [row] = await db
    .select({
      status: tables.status,
      seats: stakes.seats,
      bigBlind: stakes.bigBlind,
      minBuyInBb: stakes.minBuyInBb,
      maxBuyInBb: stakes.maxBuyInBb,
    })
    .from(tables)
    .innerJoin(stakes, eq(stakes.id, tables.stakeId))
    .where(eq(tables.id, tableId))
    .limit(1);
  if (!row) return null;
  return {
    status: row.status,
    seats: row.seats,
    minBuyIn: row.minBuyInBb * row.bigBlind,
    maxBuyIn: row.maxBuyInBb * row.bigBlind,
  };
}

export type BuyInRequest = { tableId: string; userId: string; amount: number; key: string };
export type CashOutRequest = { tableId: string; userId: string; key: string };

export type SeatRefusal =
  | { code: "table_closed" }
  | { code: "table_full"; seats: number }
  | { code: "below_min"; minBuyIn: number }
  | { code: "above_max"; maxBuyIn: number; stack: number }
  | { code: "insufficient_funds"; balance: number }
  | { code: "key_reused" }
  | { code: "not_seated" };

export type SeatResult =
  | { ok: true; stack: number; replayed: boolean }
  | ({ ok: false } & SeatRefusal);

/**
 * The pure part of a buy-in decision (T-4, T-5): a new player brings between
 * the table's minimum and maximum; a seated one may top up to the maximum.
 */
export function checkBuyIn(
  limits: TableLimits,
  stacks: Readonly<Record<string, number>>,
  userId: string,
  amount: number,
): SeatRefusal | null {
  if (limits.status !== "open") return { code: "table_closed" };
  const stack = stacks[userId];
  if (stack === undefined) {
    if (Object.keys(stacks).length >= limits.seats)
      return { code: "table_full", seats: limits.seats };
    if (amount < limits.minBuyIn) return { code: "below_min", minBuyIn: limits.minBuyIn };
  }
  if ((stack ?? 0) + amount > limits.maxBuyIn)
    return { code: "above_max", maxBuyIn: limits.maxBuyIn, stack: stack ?? 0 };
  return null;
}
