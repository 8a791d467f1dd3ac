/**
 * What a tournament owes after its events: the places decided so far, and
 * the refunds, prizes and fees its room must pay through the ledger. Pure:
 * the room stores both lists and pays what is owed; every item carries a
 * key, so paying it again after a crash moves the money once.
 */

import { feesOf } from "./money";
import type { Finish } from "./places";
import type { TournamentEvent, TournamentState } from "./state";

/** Money owed to a player or the house; `key` makes a retry a no-op once it went through. */
export type Owed =
  | { kind: "refund"; userId: string; amount: number; key: string }
  | { kind: "prize"; userId: string; amount: number; key: string }
  | { kind: "fees"; amount: number; key: string };

/** A place decided, with the prize once the pool is final (null until then). */
export type Placed = Finish & { prize: number | null };

/** A refund, when there is money to give back. */
export function refundOf(userId: string, amount: number, key: string): Owed[] {
  return amount > 0 ? [{ kind: "refund", userId, amount, key }] : [];
}

/**
 * The places and the money owed after `events` took the tournament
 * `tournamentId` to `state`: an unregistration's refund (keyed by the
 * state's version: a player may register and leave again); each bust's place
 * as it happens; at the finish or a cancel, the final standings, each prize
 * (keyed by entry), the house's fees, and a cancel's refunds (keyed by player).
 */
export function owedAfter(
  tournamentId: string,
  before: { finishes: readonly Placed[]; owed: readonly Owed[] },
  state: TournamentState,
  events: readonly TournamentEvent[],
): { finishes: Placed[]; owed: Owed[] } {
  let finishes = [...before.finishes];
  const owed = [...before.owed];
  for (const e of events) {
    if (e.type === "registrationCancelled")
      owed.push(
        ...refundOf(e.playerId, e.refundPrize + e.refundFee, `${tournamentId}:v${state.version}`),
      );
    if (e.type === "playerEliminated")
      finishes.push({ playerId: e.playerId, entry: e.entry, place: e.place, prize: e.prize });
    if (e.type === "tournamentFinished" || e.type === "tournamentCancelled") {
      // The final word on every place and prize (none for a cancel before the start).
      finishes = [...e.standings];
      for (const s of e.standings) {
        if (s.prize > 0)
          owed.push({
            kind: "prize",
            userId: s.playerId,
            amount: s.prize,
            key: `${tournamentId}:e${s.entry}`,
          });
      }
      const fees = e.type === "tournamentCancelled" ? e.fees : feesOf(state);
      if (fees > 0) owed.push({ kind: "fees", amount: fees, key: "final" });
    }
    if (e.type === "tournamentCancelled")
      for (const r of e.refunds)
        owed.push(...refundOf(r.playerId, r.amount, `${tournamentId}:cancel:${r.playerId}`));
  }
  return { finishes, owed };
}
