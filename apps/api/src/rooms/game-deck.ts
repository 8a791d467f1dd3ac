/**
 * The dealer's reshuffle of a draw hand's muck. Like the deck, it comes from
 * the hand's server seed (`reshuffleOrder`, docs/fairness.md), so the auditor
 * can explain every card that was dealt.
 */
import { applyTable, type TableResult } from "@felt/engine";
import { newSeed, reshuffleOrder, SCHEME, seedFromHex, shuffleWithSeed } from "@felt/fairness";
import type { DealSecret } from "./fairness";

/**
 * After an accepted command: while the hand waits for the stub to be rebuilt
 * (`needsReshuffle`), the room deals the muck again in the seed's order. The
 * reshuffle's events join the command's, so one change goes out. A refused
 * reshuffle (a broken invariant) refuses the whole command instead of leaving
 * the hand stuck.
 */
export async function withReshuffles(
  result: TableResult,
  secret: DealSecret | null,
): Promise<TableResult> {
  let current = result;
  for (let k = 0; current.ok && current.state.hand?.needsReshuffle; k++) {
    if (k > 10) {
      return {
        ok: false,
        error: { code: "reshuffle_failed", message: "the deck cannot be reshuffled" },
      };
    }
    const { cards } = current.state.hand.needsReshuffle;
    const order = await orderOf(secret, k, cards);
    const next = applyTable(current.state, { type: "reshuffle", order });
    if (!next.ok) return next;
    current = { ok: true, state: next.state, events: [...current.events, ...next.events] };
  }
  return current;
}

async function orderOf(secret: DealSecret | null, k: number, cards: readonly number[]) {
  const seed = secret?.scheme === SCHEME ? seedFromHex(secret.seed) : null;
  if (secret && seed) {
    return reshuffleOrder(
      seed,
      secret.handNumber,
      secret.clientSeeds,
      secret.reshuffles + k,
      cards,
    );
  }
  // A hand dealt before this scheme (a room stored across the upgrade): a fresh shuffle, unproven.
  return shuffleWithSeed(newSeed(), cards);
}
