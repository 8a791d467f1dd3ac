/**
 * A tournament's money through the ledger: buy-ins, rebuys and add-ons into
 * its pool, and what the room owes out of it (refunds, prizes, the house's
 * fees). Every transfer has a key, so a retry after a crash never pays twice.
 */
import type { Owed } from "@felt/tournament";
import type { Database } from "../db/client";
import { move } from "../ledger/movements";
import { type Refusal, refusal } from "./refusals";

/** wallet → pool; nothing moves for a free tournament. */
export async function charge(
  db: Database,
  tournamentId: string,
  userId: string,
  amount: number,
  key: string,
): Promise<{ ok: true } | Refusal> {
  if (amount === 0) return { ok: true };
  const moved = await move(db, "tournament_entry", {
    tournamentId,
    userId,
    amount,
    key: `${tournamentId}:${key}`,
  });
  if (moved.ok) return { ok: true };
  if (moved.reason === "insufficient_funds")
    return refusal("insufficient_funds", `Your balance does not cover ${amount}.`, { amount });
  return refusal(moved.reason, "The payment was refused.");
}

/** Pays what it can; returns what is still owed (the ledger was unreachable, say). */
export async function payOwed(db: Database, tournamentId: string, owed: Owed[]): Promise<Owed[]> {
  const left: Owed[] = [];
  for (const item of owed) {
    try {
      const pool = { tournamentId, amount: item.amount, key: item.key };
      const done =
        item.kind === "fees"
          ? await move(db, "tournament_fee", pool)
          : await move(db, item.kind === "prize" ? "tournament_prize" : "tournament_refund", {
              ...pool,
              userId: item.userId,
            });
      if (!done.ok) throw new Error(`ledger refused: ${done.reason}`);
    } catch (error) {
      console.error(`tournament ${tournamentId}: ${item.kind} ${item.key} not paid yet:`, error);
      left.push(item);
    }
  }
  return left;
}
